"""The cursor in a hand: which item the arrows are on, as plain data (no scene, no keys).

A table shows the player's hand in some order (Domino's sort orders, Tira's
dice as they lie) and the cursor follows an item by its key (a tile's uid; a
die's place, for dice that have no identity), so re-sorting the hand never
loses it. When the item goes (a tile played, a die sent), the cursor stays
where it was: on the item that took its place, or the last one when the hand
got shorter. With no item chosen yet, it is on the first.

``step`` and ``go`` move it, never past either end: the ``Landing`` says
where it stopped and whether it was held at an end (the table plays an edge
sound); both answer None for an empty hand.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Landing:
    """Where a move ended: the place in the hand, and whether an end held it."""

    index: int
    edge: bool


class HandCursor(Generic[K]):
    def __init__(self, focus: K | None = None, at: int = 0) -> None:
        #: the key of the item under the cursor (None: none chosen yet, the first)
        self.focus: K | None = focus
        #: where that item was last seen: the place kept when it goes
        self._at = at

    def index(self, keys: Sequence[K]) -> int:
        """Where the cursor is in the hand whose items have these keys, in order."""
        if not keys:
            return 0
        if self.focus is not None:
            for i, key in enumerate(keys):
                if key == self.focus:
                    self._at = i
                    return i
            return min(self._at, len(keys) - 1)  # its item went: the one now in its place
        return 0

    def pin(self, keys: Sequence[K]) -> K | None:
        """The key under the cursor, now followed by key (before the hand is re-sorted)."""
        if not keys:
            return None
        self.focus = keys[self.index(keys)]
        return self.focus

    def put(self, key: K | None, at: int = 0) -> None:
        """Put the cursor on the item ``key``, which stands at place ``at``."""
        self.focus, self._at = key, at

    def step(self, keys: Sequence[K], delta: int) -> Landing | None:
        """``delta`` places on (negative: back); None when the hand is empty."""
        if not keys:
            return None
        return self.go(keys, self.index(keys) + delta)

    def go(self, keys: Sequence[K], wanted: int) -> Landing | None:
        """To place ``wanted`` (held at the ends); None when the hand is empty."""
        if not keys:
            return None
        index = min(max(wanted, 0), len(keys) - 1)
        self.put(keys[index], index)
        return Landing(index, index != wanted)

    def reset(self) -> None:
        """No item chosen: the cursor goes back to the first (a new deal)."""
        self.put(None)
