"""Tira e Passa's board for the window: the round and its moment, the supreme symbol,
my coaster, my dice (the cursor on one in manual mode), everybody's dice and the
tray, the coasters won.

Pure: the seat's observation, the names and the die under the table's cursor in,
a ``core.board.Board`` out (the window draws it). Where the window cannot show
it all, it gives rows up by ``NEED``: my dice last.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from audiogame.core.board import Board, Cell, Row
from audiogame.core.narration import Phrase
from audiogame.games.tirapassa.observation import TiraObservation
from audiogame.games.tirapassa.options import Control
from audiogame.games.tirapassa.symbols import Symbol

#: how much each row is needed where not all fit (0 the most)
NEED = {"my-dice": 0, "supreme": 1, "coaster": 2, "title": 3, "everyone": 4, "won": 5}


def board(view: TiraObservation, names: Sequence[str], focus: Any = None) -> Board:
    """The table as the window shows it to ``view.seat`` (a spectator: no own rows)."""
    title = Phrase(
        "tira-board-title",
        {"round": view.round, "moment": Phrase(f"tira-board-phase-{view.phase.value}")},
    )
    rows = [_supreme(view)]
    if view.seat is not None:
        rows += [_coaster(view), _my_dice(view, focus if isinstance(focus, int) else None)]
    rows += [_everyone(view, names), _won(view, names)]
    return Board(title, tuple(rows), title_need=NEED["title"])


def _symbol(face: Symbol | None) -> Phrase:
    return Phrase("tira-sym-unrolled" if face is None else f"tira-sym-{face.value}")


def _who(view: TiraObservation, names: Sequence[str], seat: int) -> Any:
    return Phrase("tira-board-you") if seat == view.seat else names[seat]


def _supreme(view: TiraObservation) -> Row:
    shown = Phrase("tira-board-none") if view.supreme is None else _symbol(view.supreme)
    return Row(Phrase("tira-board-supreme"), (Cell(shown),), NEED["supreme"])


def _coaster(view: TiraObservation) -> Row:
    coaster = view.coaster
    if coaster is None:
        none = (Cell(Phrase("tira-board-none")),)
        return Row(Phrase("tira-board-coaster"), none, NEED["coaster"])
    sides = (
        Cell(Phrase("tira-board-left", {"symbol": _symbol(coaster.left)})),
        Cell(Phrase("tira-board-right", {"symbol": _symbol(coaster.right)})),
    )
    return Row(Phrase("tira-board-coaster"), sides, NEED["coaster"])


def _my_dice(view: TiraObservation, cursor: int | None) -> Row:
    manual = view.control is Control.MANUAL and cursor is not None
    dice = tuple(
        Cell(_symbol(face), mark=manual and index == cursor) for index, face in enumerate(view.hand)
    )
    extra = []
    if view.in_the_air:
        extra.append(Cell(Phrase("tira-board-in-air", {"n": view.in_the_air})))
    if view.waiting:
        extra.append(Cell(Phrase("tira-board-waiting", {"n": view.waiting})))
    label = Phrase("tira-board-my-dice", {"n": view.my_dice})
    return Row(label, (*dice, *extra), NEED["my-dice"])


def _everyone(view: TiraObservation, names: Sequence[str]) -> Row:
    counts = tuple(
        Cell(Phrase("tira-board-count", {"who": _who(view, names, seat), "n": n}))
        for seat, n in enumerate(view.dice_counts)
    )
    tray = Cell(Phrase("tira-board-tray", {"n": view.tray}))
    return Row(Phrase("tira-board-dice"), (*counts, tray), NEED["everyone"])


def _won(view: TiraObservation, names: Sequence[str]) -> Row:
    won = tuple(
        Cell(Phrase("tira-board-count", {"who": _who(view, names, seat), "n": n}))
        for seat, n in enumerate(view.won_counts)
    )
    pile = Cell(Phrase("tira-board-pile", {"n": view.pile_size}))
    return Row(Phrase("tira-board-won"), (*won, pile), NEED["won"])
