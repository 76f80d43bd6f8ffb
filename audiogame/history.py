"""Every message the game said, so the player can walk back through them."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

#: the kind of chat messages (table chat and its private lines): a channel of its own
CHAT = "chat"
#: private messages from anywhere on a server, invitations, friends coming and going
PRIVATE = "private"

#: the history's views, in the order Alt+Left/Right walk them: which messages each shows
VIEWS: dict[str, Callable[[str], bool]] = {
    "all": lambda kind: True,
    "game": lambda kind: kind not in (CHAT, PRIVATE),
    "chat": lambda kind: kind == CHAT,
    "private": lambda kind: kind == PRIVATE,
}


class History:
    """A bounded list of messages with a reading cursor (Page Up / Page Down).

    The cursor stays on the message the player is reading while new ones arrive
    (a bot moving, the dice landing): the next Page Up goes on back from there,
    never jumps to the newest. The walk ends when the player does something else
    (``end_walk``, at any other key); the next Page Up starts again from the newest.

    Each message keeps its kind, so the history can be read through a view (the
    Salotto's channels): everything, the game without chat, or chat alone
    (``switch_view``); the walk then steps over what the view leaves out.
    """

    def __init__(self, limit: int = 500) -> None:
        self._items: deque[tuple[str, str]] = deque(maxlen=limit)
        self._cursor: int | None = None  # None: past the newest message (not walking)
        self.version = 0  # bumped on every change, so the window redraws only when needed
        self.view = "all"

    def add(self, text: str, kind: str = "") -> None:
        if self._cursor is not None and len(self._items) == self._items.maxlen:
            # the oldest message falls off: the one being read moves down one place
            self._cursor = max(0, self._cursor - 1)
        self._items.append((text, kind))
        self.version += 1

    def end_walk(self) -> None:
        """The player turned to something else: the next Page Up starts from the newest."""
        self._cursor = None

    def switch_view(self, step: int) -> str:
        """The next (``step`` 1) or previous view; the walk starts again from the newest."""
        names = list(VIEWS)
        self.view = names[(names.index(self.view) + step) % len(names)]
        self._cursor = None
        return self.view

    def count(self) -> int:
        """How many messages the current view shows."""
        return len(self._shown())

    def __len__(self) -> int:
        return len(self._items)

    def last(self, n: int) -> list[str]:
        return [text for text, _kind in list(self._items)[-n:]]

    def _shown(self) -> list[int]:
        keep = VIEWS[self.view]
        return [i for i, (_text, kind) in enumerate(self._items) if keep(kind)]

    def previous(self) -> tuple[str, bool] | None:
        """Step back (the first press repeats the newest message).

        Returns the message and whether the cursor is now at the oldest one.
        """
        shown = self._shown()
        if not shown:
            return None
        here = len(self._items) if self._cursor is None else self._cursor
        before = [i for i in shown if i < here]
        at_edge = not before
        self._cursor = before[-1] if before else shown[0]
        return self._items[self._cursor][0], at_edge

    def next(self) -> tuple[str, bool] | None:
        """Step forward; the flag is True when there was nothing newer (an edge)."""
        shown = self._shown()
        if not shown:
            return None
        here = shown[-1] if self._cursor is None else self._cursor
        after = [i for i in shown if i > here]
        at_edge = not after
        self._cursor = after[0] if after else shown[-1]
        return self._items[self._cursor][0], at_edge

    def first(self) -> str | None:
        shown = self._shown()
        if not shown:
            return None
        self._cursor = shown[0]
        return self._items[shown[0]][0]

    def newest(self) -> str | None:
        shown = self._shown()
        if not shown:
            return None
        self._cursor = shown[-1]
        return self._items[shown[-1]][0]
