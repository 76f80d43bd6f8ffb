"""Domino's board for the window: whose turn, the ends, my hand with the cursor and
the tiles I may play framed, the tiles in every hand and in the boneyard, the
scores, the chain.

Where the window cannot show it all, it gives rows up by ``NEED``: my hand last.

Pure: the seat's observation, the names and the table's ``BoardFocus`` in, a
``core.board.Board`` out (the window draws it). Tiles are written as they look
("6|3"), the same in every language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from audiogame.core.board import Board, Cell, Row
from audiogame.core.narration import Phrase
from audiogame.games.domino.actions import Play
from audiogame.games.domino.observation import Observation, Phase
from audiogame.games.domino.sorting import SORT_IDS, sort_hand
from audiogame.games.domino.tiles import Tile


@dataclass(frozen=True, slots=True)
class BoardFocus:
    """What the table adds to the view: its sort order and the tile under the cursor."""

    order: str = SORT_IDS[0]
    uid: int | None = None


#: how much each row is needed where not all fit (0 the most): the hand, whose
#: turn, the ends, the counts, the scores, the chain
NEED = {"hand": 0, "title": 1, "ends": 2, "counts": 3, "scores": 4, "chain": 5}


def tile_text(tile: Tile) -> str:
    return f"{tile.a}|{tile.b}"


def board(view: Observation, names: Sequence[str], focus: Any = None) -> Board:
    """The table as the window shows it to ``view.seat`` (a spectator: no hand)."""
    at = focus if isinstance(focus, BoardFocus) else BoardFocus()
    rows = [_ends(view)]
    if view.seat is not None:
        rows.append(_hand(view, at))
    rows += [_counts(view, names), _scores(view, names)]
    if view.chain:
        rows.append(_chain(view))
    return Board(
        Phrase("domino-board-title", {"manche": view.manche, "turn": _turn(view, names)}),
        tuple(rows),
        title_need=NEED["title"],
    )


def _who(view: Observation, names: Sequence[str], seat: int) -> Any:
    return Phrase("domino-board-you") if seat == view.seat else names[seat]


def _turn(view: Observation, names: Sequence[str]) -> Phrase:
    if view.phase is Phase.OVER:
        return Phrase("domino-board-over")
    if view.phase is not Phase.PLAYING or view.current_seat is None:
        return Phrase("domino-board-between")
    if view.current_seat == view.seat:
        return Phrase("domino-board-turn-you")
    return Phrase("domino-board-turn", {"who": names[view.current_seat]})


def _ends(view: Observation) -> Row:
    if view.ends is None:
        no_ends = (Cell(Phrase("domino-board-no-ends")),)
        return Row(Phrase("domino-board-ends"), no_ends, NEED["ends"])
    left, right = view.ends
    return Row(
        Phrase("domino-board-ends"),
        (
            Cell(Phrase("domino-board-left", {"n": left})),
            Cell(Phrase("domino-board-right", {"n": right})),
        ),
        NEED["ends"],
    )


def _hand(view: Observation, at: BoardFocus) -> Row:
    order = at.order if at.order in SORT_IDS else SORT_IDS[0]
    hand = sort_hand(order, view.hand, view.ends)
    marked = next((i for i, t in enumerate(hand) if t.uid == at.uid), 0)
    playable = {a.uid for a in view.legal_actions() if isinstance(a, Play)}
    tiles = tuple(
        Cell(tile_text(t), mark=i == marked, playable=t.uid in playable) for i, t in enumerate(hand)
    )
    return Row(Phrase("domino-board-hand", {"n": len(hand)}), tiles, NEED["hand"])


def _counts(view: Observation, names: Sequence[str]) -> Row:
    counts = tuple(
        Cell(Phrase("domino-board-count", {"who": _who(view, names, seat), "n": n}))
        for seat, n in enumerate(view.hand_counts)
        if not view.eliminated[seat]
    )
    boneyard = Cell(Phrase("domino-board-boneyard", {"n": view.boneyard}))
    return Row(Phrase("domino-board-tiles"), (*counts, boneyard), NEED["counts"])


def _scores(view: Observation, names: Sequence[str]) -> Row:
    teams = view.config.teams
    mine = None if view.seat is None else view.sides[view.seat]
    cells = []
    for side, total in enumerate(view.totals):
        if teams is None:
            who: Any = _who(view, names, side)
        else:
            who = Phrase(
                "domino-board-team", {"n": side + 1, "mine": "yes" if side == mine else "no"}
            )
        cells.append(Cell(Phrase("domino-board-count", {"who": who, "n": total})))
    limit = {"limit": view.config.point_limit}
    return Row(Phrase("domino-board-scores", limit), tuple(cells), NEED["scores"])


def _chain(view: Observation) -> Row:
    """The tiles on the table, left to right, as they lie."""
    tiles = tuple(Cell(f"{p.left}|{p.right}") for p in view.chain)
    return Row(Phrase("domino-board-chain", {"n": len(tiles)}), tiles, NEED["chain"])
