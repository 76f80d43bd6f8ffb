"""The table menu (Escape at the table): resume, the table's options, the rules, leave.

While it is open game time stands still (``TableScene.stops_under_menus``):
no bot moves, no thinking time runs. The options are read as the setup said
them (``describe_options``), fixed for the match; leaving asks first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from audiogame.app.reader import ReaderScene
from audiogame.games.domino.options import OPTIONS
from audiogame.ui.choice_row import describe_options
from audiogame.ui.confirm import ConfirmScene
from audiogame.ui.menu import MenuItem, MenuScene

if TYPE_CHECKING:
    from audiogame.app.loop import App


class MenuTable(Protocol):
    """What the menu reads of the table under it."""

    game_id: str
    config: Any
    setup: Any

    def leave(self) -> None: ...


class TableMenu(MenuScene):
    title_id = "domino-menu-title"
    keys_id = "keys-menu"
    rules_doc = "domino"

    def __init__(self, app: App, table: MenuTable) -> None:
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


def options_summary(t: Callable[..., str], table: MenuTable) -> str:
    """The table's options (read only: they are fixed for the match), then the bots' pace."""
    options = describe_options(OPTIONS, table.game_id, table.config, t)
    pace = t("setup-seconds", n=table.setup.pace)
    return f"{options} {t('option-value', label=t('setup-pace'), value=pace)}."
