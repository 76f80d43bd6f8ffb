"""Every message the game said, so the player can walk back through them."""

from __future__ import annotations

from collections import deque


class History:
    """A bounded list of messages with a reading cursor (Page Up / Page Down).

    The cursor stays on the message the player is reading while new ones arrive
    (a bot moving, the dice landing): the next Page Up goes on back from there,
    never jumps to the newest. The walk ends when the player does something else
    (``end_walk``, at any other key); the next Page Up starts again from the newest.
    """

    def __init__(self, limit: int = 500) -> None:
        self._items: deque[str] = deque(maxlen=limit)
        self._cursor: int | None = None  # None: past the newest message (not walking)
        self.version = 0  # bumped on every change, so the window redraws only when needed

    def add(self, text: str) -> None:
        if self._cursor is not None and len(self._items) == self._items.maxlen:
            # the oldest message falls off: the one being read moves down one place
            self._cursor = max(0, self._cursor - 1)
        self._items.append(text)
        self.version += 1

    def end_walk(self) -> None:
        """The player turned to something else: the next Page Up starts from the newest."""
        self._cursor = None

    def __len__(self) -> int:
        return len(self._items)

    def last(self, n: int) -> list[str]:
        return list(self._items)[-n:]

    def previous(self) -> tuple[str, bool] | None:
        """Step back (the first press repeats the newest message).

        Returns the message and whether the cursor is now at the oldest one.
        """
        if not self._items:
            return None
        at_edge = self._cursor == 0
        here = len(self._items) if self._cursor is None else self._cursor
        self._cursor = max(0, here - 1)
        return self._items[self._cursor], at_edge

    def next(self) -> tuple[str, bool] | None:
        """Step forward; the flag is True when there was nothing newer (an edge)."""
        if not self._items:
            return None
        last = len(self._items) - 1
        here = last if self._cursor is None else self._cursor
        at_edge = here >= last
        self._cursor = min(last, here + 1)
        return self._items[self._cursor], at_edge

    def first(self) -> str | None:
        if not self._items:
            return None
        self._cursor = 0
        return self._items[0]

    def newest(self) -> str | None:
        if not self._items:
            return None
        self._cursor = len(self._items) - 1
        return self._items[-1]
