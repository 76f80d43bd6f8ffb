"""The Tira & Passa setup: how many play, each bot's level, speed, controls, variant.

A ``SetupScene`` (``ui/setup.py``): the first row starts the game; then how
many play, a row per bot (Left/Right change its level) and one row per
option of the spec. Enter, on any row, opens the briefing. The setup is kept
in ``settings.setups["tira"]``. The main menu opens it through the spec
(``spec.open_setup``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from audiogame.core.contract import OptionSpec
from audiogame.games.tirapassa.options import Difficulty
from audiogame.games.tirapassa.table_setup import BOT_NAMES, TableSetup
from audiogame.ui.games.tira.briefing import BriefingScene
from audiogame.ui.games.tira.table import GAME_ID
from audiogame.ui.setup import SetupScene
from audiogame.ui.table import new_seed

if TYPE_CHECKING:
    from audiogame.app.loop import App


class TiraSetupScene(SetupScene):
    game_id = GAME_ID
    title_id = "tira-setup-title"
    keys_id = "keys-tira-setup"
    rules_doc = "tira"

    def __init__(self, app: App) -> None:
        self.home = app.top  # where leaving the table returns: the main menu
        super().__init__(app)

    # -- the setup's data -------------------------------------------------------------
    def load(self, saved: Any) -> None:
        self.setup = TableSetup.from_dict(saved)

    def saved(self) -> dict[str, Any]:
        return self.setup.to_dict()

    def option_value(self, option: OptionSpec) -> Any:
        # the setup holds one value of each (my controls are the bots' too)
        return getattr(self.setup, option.id)

    def set_option(self, option: OptionSpec, value: Any) -> None:
        setattr(self.setup, option.id, value)

    @property
    def players(self) -> int:
        return self.setup.players

    def set_players(self, players: int) -> None:
        self.setup.players = players

    def bot_name(self, bot: int) -> str:
        return BOT_NAMES[bot]

    def bot_level(self, bot: int) -> str:
        return self.setup.levels[bot].value

    def set_bot_level(self, bot: int, level: str) -> None:
        self.setup.levels[bot] = Difficulty(level)

    # -- start ------------------------------------------------------------------------
    def start(self) -> None:
        self.save()
        self.app.push(BriefingScene(self.app, self.setup, new_seed(self.app), home=self.home))
