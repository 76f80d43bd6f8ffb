"""The rest of a manche played out fast, for the hard bot's search.

``run(manche)`` plays a ``manche.Manche`` in simulation mode (no events, no
checks: the engine's own moves, turn order, auto-passing, going out, team
finish and blocking) from the seat on turn to the end, every player following
one greedy policy (``rules.heaviest_fit``: the heaviest fitting tile; draw only
when nothing fits), which is also a fair model of how people and the normal bot
play. It returns who went out, so the caller can score the hands left with
``rules.manche_points``. The moves are legal by construction.
"""

from __future__ import annotations

from audiogame.games.domino.actions import DRAW, LEFT, PASS, PLAYS_LEFT, PLAYS_RIGHT, Play
from audiogame.games.domino.manche import Manche
from audiogame.games.domino.rules import heaviest_fit


def run(manche: Manche) -> int | None:
    """Play greedily to the end: the seat that went out, or None when it blocked."""
    hands = manche.hands
    tiles = manche.tiles
    act = manche.act
    seat = manche.current
    while seat is not None:
        # Where nothing can be drawn the turn's plays are known already (the turn
        # passing on worked them out): the first heaviest of them is the tile and
        # end ``heaviest_fit`` names (a tile fitting both ends is listed left first).
        legal = manche.legal
        if legal is not None:
            best = None
            most = -1
            for move in legal:
                if move.__class__ is Play:
                    _, a, b = tiles[move.uid]
                    if a + b > most:
                        best, most = move, a + b
            if best is not None:
                act(best)
                seat = manche.current
                continue
        else:
            choice = heaviest_fit(hands[seat], manche.ends)
            if choice is not None:
                tile, end = choice
                act(PLAYS_LEFT[tile[0]] if end is LEFT else PLAYS_RIGHT[tile[0]])
                seat = manche.current
                continue
        act(DRAW if manche.can_draw() else PASS)
        seat = manche.current
    return manche.closer
