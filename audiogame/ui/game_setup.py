"""Any game's setup, built from its spec alone: ``GameSetup``.

The rows come from the game's data: how many play (``min_seats``..``max_seats``),
a row per bot over its ``bot_levels``, one ``ChoiceRow`` per ``OptionSpec``. What
the player chose is a ``Seating`` (``ui.seating``: plain data, kept in
``settings.setups[<game>]``);
Enter turns it into the game's configuration (``GameSpec.table_config``), says
the game's reason if it cannot be played (``GameSpec.setup_problem``) and seats
the player at the app's table (``ui.game_table``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from audiogame.core.contract import GameSpec
from audiogame.core.narration import resolve
from audiogame.ui.seating import Seating
from audiogame.ui.setup import SetupScene

if TYPE_CHECKING:
    from audiogame.app.loop import App


class GameSetup(SetupScene):
    """The setup of a game that has no setup scene of its own."""

    setup: Seating
    keys_id = "keys-setup"

    def __init__(self, app: App, spec: GameSpec) -> None:
        self.game_id = spec.id
        self.rules_doc = spec.guide
        super().__init__(app)
        #: where the table returns: the scene that opened the setup (the main menu)
        self.home = app.top

    def where(self) -> str:
        return self.t("setup-title", game=self.t(self.spec.title_id))

    def start_id(self) -> str:
        return "setup-start"

    def read(self, saved: Any) -> Seating:
        return Seating.from_dict(self.spec, saved)

    def set_players(self, players: int) -> None:
        self.setup.set_players(self.spec, players)

    def start(self) -> None:
        from audiogame.ui.game_table import GameTable
        from audiogame.ui.table import new_seed

        self.save()
        try:
            config = self.setup.config(self.spec)
        except ValueError:
            config = None
        problem = (
            None
            if self.spec.setup_problem is None or config is None
            else (self.spec.setup_problem(config))
        )
        if config is None or problem is not None:
            words = self.t("setup-refused") if problem is None else self.said(problem)
            self.app.announcer.say_text(words)
            self.cue("menu_error")
            return
        table = GameTable(self.app, self.spec, self.setup, new_seed(self.app), home=self.home)
        self.app.push(table)

    def said(self, message: Any) -> str:
        resolved = resolve(message, self.t)
        return self.t(resolved.msg_id, **resolved.args)
