"""The table menu (Escape at the table): resume, the table's options, the rules, leave.

While it is open the bots wait (``DominoTable.bot_play`` holds their move);
leaving asks first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from audiogame.announce import resolve_value
from audiogame.narration import Phrase
from audiogame.ui.confirm import ConfirmScene
from audiogame.ui.menu import MenuItem, MenuScene
from audiogame.ui.reader import ReaderScene

if TYPE_CHECKING:
    from audiogame.app.loop import App
    from audiogame.games.domino.table import DominoTable


class TableMenu(MenuScene):
    title_id = "domino-menu-title"
    keys_id = "keys-menu"
    rules_doc = "domino"

    def __init__(self, app: App, table: DominoTable) -> None:
        super().__init__(app)
        self.table = table
        t = self.t
        self.items = [
            MenuItem(lambda: t("domino-menu-resume"), self.resume),
            MenuItem(lambda: t("domino-menu-options"), self.read_options),
            MenuItem(lambda: t("domino-menu-rules"), self.read_rules),
            MenuItem(lambda: t("domino-menu-leave"), self.ask_leave),
        ]

    def resume(self) -> None:
        self.app.pop(self)

    def read_options(self) -> None:
        self.app.announcer.say_text(options_summary(self.t, self.table))

    def read_rules(self) -> None:
        self.app.push(ReaderScene(self.app, "domino"))

    def ask_leave(self) -> None:
        self.app.push(ConfirmScene(self.app, "domino-confirm-leave", self.table.leave))


def options_summary(t: Callable[..., str], table: DominoTable) -> str:
    """The table's options in one sentence (read only: they are fixed for the match)."""
    config = table.config
    yes_no = {True: "domino-yes", False: "domino-no"}
    if config.forbid_drawing:
        drawing = t("domino-opt-forbid-drawing")
    else:
        parts = [t("domino-yes")]
        if config.draw_with_playable:
            parts.append(t("domino-opt-draw-with-playable"))
        if config.draw_until_fits:
            parts.append(t("domino-opt-draw-until-fits"))
        drawing = ", ".join(parts)
    time = t("domino-seconds", n=config.thinking_time) if config.thinking_time else t("domino-off")
    manches = (
        t("domino-manches", n=config.manche_limit) if config.manche_limit else t("domino-unlimited")
    )
    return t(
        "domino-options-summary",
        set=resolve_value(Phrase(f"domino-set-{config.set_id}"), t),
        drawing=drawing,
        finish=t(yes_no[config.team_finish]),
        time=time,
        manches=manches,
        limit=config.point_limit,
        pace=t("domino-seconds", n=table.setup.pace),
    )
