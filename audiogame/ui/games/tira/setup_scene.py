"""The Tira & Passa setup: how many play, each bot's level, speed, controls, variant.

A ``SetupScene`` (``ui/setup.py``) gives the rows: the first starts the game;
then how many play, a row per bot (Left/Right change its level) and one row
per option of the spec, over Tira's ``TableSetup``, each bot named by the spec's
``bot_names``. What is Tira's own: Enter opens the briefing. The setup is kept in
``settings.setups["tira"]``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from audiogame.games.tirapassa.table_setup import TableSetup
from audiogame.ui.games.tira.briefing import BriefingScene
from audiogame.ui.games.tira.table import GAME_ID
from audiogame.ui.setup import SetupScene
from audiogame.ui.table import new_seed

if TYPE_CHECKING:
    from audiogame.app.loop import App


class TiraSetupScene(SetupScene):
    setup: TableSetup
    game_id = GAME_ID
    title_id = "tira-setup-title"
    keys_id = "keys-tira-setup"
    rules_doc = "tira"

    def __init__(self, app: App) -> None:
        self.home = app.top  # where leaving the table returns: the main menu
        super().__init__(app)

    def read(self, saved: Any) -> TableSetup:
        return TableSetup.from_dict(saved)

    def set_players(self, players: int) -> None:
        self.setup.players = players

    # -- start ------------------------------------------------------------------------
    def start(self) -> None:
        self.save()
        self.app.push(BriefingScene(self.app, self.setup, new_seed(self.app), home=self.home))
