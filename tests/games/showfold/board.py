"""What the window shows of the table: the round, my die and choice, who chose, the scores.

Pure: the seat's view and the names in, a ``Board`` out; the app's one renderer
draws it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from audiogame.core.board import Board, Cell, Row
from audiogame.core.narration import Phrase

from .observation import Phase, View


def board(view: View, names: Sequence[str], focus: Any = None) -> Board:
    moment = Phrase(f"showfold-board-{view.phase.value}")
    rows = []
    if view.seat is not None:
        die = view.my_value if view.my_value else Phrase("showfold-board-no-die")
        cells = [Cell(die)]
        if view.my_choice is not None:
            cells.append(Cell(Phrase(f"showfold-board-{view.my_choice}")))
        rows.append(Row(Phrase("showfold-board-my-die"), tuple(cells)))
    if view.phase is Phase.CHOOSING:
        waiting = tuple(Cell(names[s]) for s, done in enumerate(view.chosen) if not done)
        rows.append(Row(Phrase("showfold-board-to-choose"), waiting))
    scores = tuple(
        Cell(Phrase("showfold-board-score", {"who": names[seat], "points": points}))
        for seat, points in enumerate(view.scores)
    )
    rows.append(Row(Phrase("showfold-board-scores", {"target": view.target}), scores))
    title = Phrase("showfold-board-title", {"round": view.round, "moment": moment})
    return Board(title, tuple(rows))
