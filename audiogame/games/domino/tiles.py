"""Tiles and sets: the physical pieces of the game.

A ``Tile`` is one physical tile: ``uid`` is unique within its set (a multiplied
set holds two 3|5 tiles with two uids), and ``a <= b`` are its numbers. Events and
actions name tiles by uid; ``tile_set(set_id)[uid]`` gives the tile back.

``orient(tile, end, open_value)`` says how a tile reads once attached to an end:
on the left end its right number touches the chain, on the right end its left
number does (the seed's example: 1|3 played left of 1|2 reads 3|1).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import NamedTuple


class End(StrEnum):
    """An end of the chain. The value is stable: the UI and saves use it."""

    LEFT = "left"
    RIGHT = "right"


class Tile(NamedTuple):
    """One physical tile: ``uid`` identifies it, ``a <= b`` are its numbers.

    A named tuple rather than a dataclass: hands are searched and compared on
    every engine step, and tuple equality runs in C.
    """

    uid: int
    a: int
    b: int

    @property
    def pips(self) -> int:
        return self.a + self.b

    @property
    def is_double(self) -> bool:
        return self.a == self.b

    @property
    def numbers(self) -> tuple[int, int]:
        return (self.a, self.b)

    def has(self, number: int) -> bool:
        return self.a == number or self.b == number

    def other(self, number: int) -> int:
        """The number left open when this tile is attached by ``number``."""
        if self.a == number:
            return self.b
        if self.b == number:
            return self.a
        raise ValueError(f"{self} has no {number}")

    def __str__(self) -> str:
        return f"{self.a}|{self.b}"


@dataclass(frozen=True, slots=True)
class SetSpec:
    """A set of tiles: numbers 0..top, each pair ``copies`` times."""

    id: str
    top: int
    copies: int
    max_players: int

    @property
    def size(self) -> int:
        return self.copies * (self.top + 1) * (self.top + 2) // 2


#: The eight sets of the spec, in the order the setup offers them.
SETS: dict[str, SetSpec] = {
    s.id: s
    for s in (
        SetSpec("double-6", 6, 1, 4),
        SetSpec("double-9", 9, 1, 6),
        SetSpec("double-12", 12, 1, 9),
        SetSpec("double-15", 15, 1, 10),
        SetSpec("double-18", 18, 1, 12),
        SetSpec("2x-double-6", 6, 2, 6),
        SetSpec("2x-double-9", 9, 2, 10),
        SetSpec("2x-double-12", 12, 2, 12),
    )
}

SET_IDS: tuple[str, ...] = tuple(SETS)


@cache
def tile_set(set_id: str) -> tuple[Tile, ...]:
    """Every physical tile of a set, indexed by uid (copy, then a, then b)."""
    spec = SETS[set_id]
    pairs = [(a, b) for a in range(spec.top + 1) for b in range(a, spec.top + 1)]
    return tuple(
        Tile(copy * len(pairs) + i, a, b)
        for copy in range(spec.copies)
        for i, (a, b) in enumerate(pairs)
    )


def fits(tile: Tile, open_value: int) -> bool:
    return tile.a == open_value or tile.b == open_value


def orient(tile: Tile, end: End, open_value: int | None) -> tuple[int, int]:
    """The tile's numbers left to right once attached at ``end``.

    ``open_value`` is the end's number, or None for the first tile of the chain
    (which reads a|b as held).
    """
    if open_value is None:
        return (tile.a, tile.b)
    other = tile.other(open_value)
    return (other, open_value) if end is End.LEFT else (open_value, other)
