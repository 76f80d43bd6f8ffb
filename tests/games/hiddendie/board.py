"""What the window shows of the table: the round, whose turn, my die, the scores.

Pure: the seat's view and the names in, a ``Board`` out; the app's one renderer
draws it (``audiogame.io.window``), as it draws every game's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from audiogame.core.board import Board, Cell, Row
from audiogame.core.narration import Phrase

from .observation import Phase, View


def board(view: View, names: Sequence[str], focus: Any = None) -> Board:
    if view.phase is Phase.OVER:
        moment = Phrase("hiddendie-board-over")
    elif view.turn is None:
        moment = Phrase("hiddendie-board-waiting")
    elif view.turn == view.seat:
        moment = Phrase("hiddendie-board-your-turn")
    else:
        moment = Phrase("hiddendie-board-turn", {"who": names[view.turn]})
    rows = []
    if view.seat is not None:
        cup = view.my_value if view.my_value else Phrase("hiddendie-board-empty")
        rows.append(Row(Phrase("hiddendie-board-my-die"), (Cell(cup),)))
    scores = tuple(
        Cell(Phrase("hiddendie-board-score", {"who": names[seat], "points": points}))
        for seat, points in enumerate(view.scores)
    )
    rows.append(Row(Phrase("hiddendie-board-scores", {"target": view.target}), scores))
    title = Phrase("hiddendie-board-title", {"round": view.round, "moment": moment})
    return Board(title, tuple(rows))
