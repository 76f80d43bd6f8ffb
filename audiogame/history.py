"""Every message the game said, so the player can walk back through them."""

from __future__ import annotations

from collections import deque


class History:
    """A bounded list of messages with a reading cursor (Page Up / Page Down)."""

    def __init__(self, limit: int = 500) -> None:
        self._items: deque[str] = deque(maxlen=limit)
        self._cursor: int | None = None  # None: past the newest message
        self.version = 0  # bumped on every change, so the window redraws only when needed

    def add(self, text: str) -> None:
        self._items.append(text)
        self._cursor = None
        self.version += 1

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
