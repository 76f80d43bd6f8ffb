"""Who may reach me: ``PrivacyScene``, the Salotto's three privacy choices.

Opened with Ctrl+P, from the lobby or at a table (an account's: a guest hears
that it is for players with an account). Three rows, each a choice that Left/Right (or Enter)
step through, said and sent to the server at once:

- who may invite me to a table;
- who may write to me privately;
- who may join the table I am at.

Each: everyone but the blocked, friends and their friends, friends, favourites
only, nobody (what the server supports). Blocking someone wins over any choice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from audiogame.net.client.game_client import Incoming
from audiogame.net.protocol import messages as m
from audiogame.net.protocol.relations import Privacy
from audiogame.ui.menu import MenuItem
from audiogame.ui.online.following import FollowingScene

if TYPE_CHECKING:
    from audiogame.app.loop import App
    from audiogame.ui.online.link import Link

TOPICS = ("invite", "message", "join")
#: the choices, from the most open to the most closed
LEVELS = tuple(p.value for p in Privacy)


def for_accounts(app: App, link: Link) -> bool:
    """True when this player entered with an account (a guest hears why not)."""
    if link.account:
        return True
    app.announcer.say("net-reason-accounts-only", cue="menu_error")
    return False


def open_privacy(app: App, link: Link) -> None:
    if for_accounts(app, link):
        app.push(PrivacyScene(app, link))


class PrivacyScene(FollowingScene):
    title_id = "privacy-title"
    wrap = False

    def __init__(self, app: App, link: Link) -> None:
        super().__init__(app, link)
        self.state: m.PrivacyState | None = None
        #: the choices as the server last said them
        self.confirmed: m.PrivacyState | None = None
        #: changes sent whose answers have not come yet
        self.pending = 0
        self.items = [self.row(topic) for topic in TOPICS]

    def row(self, topic: str) -> MenuItem:
        def label() -> str:
            value = self.value(topic)
            who = self.t(f"online-privacy-{value}") if value else self.t("ratings-asking")
            return self.t(f"privacy-row-{topic}", who=who)

        return MenuItem(label, lambda: self.step(topic, 1), lambda d: self.step(topic, d))

    def value(self, topic: str) -> str:
        return "" if self.state is None else str(getattr(self.state, topic))

    def ask(self) -> None:
        self.link.ask(m.GetPrivacy())

    def back_online(self) -> None:
        # changes whose answers the drop took: the server's word on them comes now
        self.pending = 0
        self.ask()

    def step(self, topic: str, delta: int) -> None:
        """The next choice, said at once (the server's answer confirms it quietly)."""
        now = self.value(topic)
        if not now or self.state is None:
            self.cue("menu_edge")
            return
        index = LEVELS.index(now) + delta if now in LEVELS else 0
        if not 0 <= index < len(LEVELS):
            self.cue("menu_edge")
            return
        if not self.link.ask(m.SetPrivacy(**{topic: LEVELS[index]})):
            return
        self.state = msgspec.structs.replace(self.state, **{topic: LEVELS[index]})
        self.pending += 1
        self.cue("toggle")
        self.app.announcer.say_text(self.items[self.index].label(), record=False)

    def news(self, item: Incoming) -> bool:
        if isinstance(item, m.PrivacyState):
            first = self.confirmed is None
            self.confirmed = item
            self.pending = max(0, self.pending - 1)
            if self.pending == 0 or self.state is None:
                # an answer to an earlier step, with later ones on their way, would
                # take the rows back: the choices said stand until the last answer
                self.state = item
            if first:
                self.refreshed(first)
            return True
        if isinstance(item, m.Refused) and item.of == "set-privacy":
            self.pending = max(0, self.pending - 1)
            self.state = self.confirmed
            return False  # the link says why
        return False
