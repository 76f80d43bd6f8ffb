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

from audiogame.games.domino.manche import Manche
from audiogame.games.domino.rules import heaviest_fit


def run(manche: Manche) -> int | None:
    """Play greedily to the end: the seat that went out, or None when it blocked."""
    hands = manche.hands
    seat = manche.current
    while seat is not None:
        choice = heaviest_fit(hands[seat], manche.ends)
        if choice is not None:
            manche.play(*choice)
        elif manche.can_draw():
            manche.draw()
        else:
            manche.pass_()
        seat = manche.current
    return manche.closer
