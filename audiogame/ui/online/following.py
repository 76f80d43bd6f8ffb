"""A screen that follows the server's lobby news while it is open: ``FollowingScene``.

It asks the server for what it shows when it opens (``ask``), registers with the
link's views so that the answers reach it (``news``), and says its rows once
the first answer came while it is on top (``refreshed``). The ratings, the
leaderboard, my matches and my privacy choices are such screens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from audiogame.net.client.game_client import Incoming
from audiogame.ui.menu import MenuScene

if TYPE_CHECKING:
    from audiogame.app.loop import App
    from audiogame.ui.online.link import Link


class FollowingScene(MenuScene):
    """A screen that follows the link's lobby news while it is open."""

    keys_id = "keys-menu"
    rules_doc = "online"  # Ctrl+F1: the guide to playing online

    def __init__(self, app: App, link: Link) -> None:
        super().__init__(app)
        self.link = link

    def on_enter(self) -> None:
        self.link.views.append(self)
        self.ask()
        super().on_enter()

    def on_exit(self) -> None:
        if self in self.link.views:
            self.link.views.remove(self)

    def ask(self) -> None:
        """Ask the server for what this screen shows."""

    def table_changed(self) -> None:
        """A table of mine changed: nothing to do here."""

    def back_online(self) -> None:
        self.ask()

    def news(self, item: Incoming) -> bool:
        return False

    def refreshed(self, first: bool) -> None:
        """The rows changed: said when the screen is on top and this was the first answer."""
        self.index = min(self.index, len(self.items) - 1)
        if first and self.app.top is self:
            self.speak_item(prefix=self.where())

    def on_escape(self) -> None:
        self.cue("menu_back")
        self.app.pop(self)
