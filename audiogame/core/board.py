"""What the window shows of a scene, as data: ``Board``, its ``Row`` s and their ``Cell`` s.

A game's spec offers ``board(view, names, focus) -> Board``: a pure function of
the seat's observation, the seats' names and the table's own pointer (a
cursor, a sort order: whatever the game's table passes as ``focus``). It
never draws: one renderer (``audiogame.io.bigprint``) turns any board into
large high-contrast print, so a new game still comes as one folder.

Words are message ids (``Phrase``/``Join``, as narration uses them) or plain
strings that read the same in every language (a player's name, "6|3"); the
renderer resolves them in the player's language. Boards are compared for
equality to decide whether the window must be drawn again: build them from
plain values only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

#: a piece of text on a board: a plain string, or a ``Phrase``/``Join`` to resolve
Words = Any


@dataclass(frozen=True, slots=True)
class Cell:
    """One value on a row: a tile, a die, "Marco 6". ``mark``: the one the cursor is on
    (drawn inverted, black on yellow); ``playable``: one the player may play now
    (drawn framed)."""

    text: Words
    mark: bool = False
    playable: bool = False


@dataclass(frozen=True, slots=True)
class Row:
    """A labelled line ("Your hand: 6|3 5|5 …"); long rows wrap between cells.
    ``need``: how much the player needs it when not every row fits (0 the most)."""

    label: Words
    cells: tuple[Cell, ...] = ()
    need: int = 0


@dataclass(frozen=True, slots=True)
class Board:
    """A title in the largest print, then rows. ``title_need``: as a row's ``need``."""

    title: Words
    rows: tuple[Row, ...] = ()
    title_need: int = 0


def cells(*texts: Words) -> tuple[Cell, ...]:
    """Unmarked cells, one per text."""
    return tuple(Cell(text) for text in texts)


#: ``board(view, names, focus)``: what a seat's table shows (see the module docstring)
BoardOf = Callable[[Any, Sequence[str], Any], Board]
