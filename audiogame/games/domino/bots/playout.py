"""The rest of a manche played out fast, for the hard bot's search.

``run(manche, seat)`` plays a ``rules.Manche`` (the engine's own rules: placing,
drawing, passing, going out, team finish, blocking) from ``seat``'s turn to its
end, every player following one greedy policy (``Manche.greedy``: the heaviest
fitting tile; draw only when nothing fits), which is also a fair model of how
people and the normal bot play. It returns who went out, so the caller can
score the hands left with ``rules.manche_points``. No events, no checks, no
log: the moves are legal by construction.
"""

from __future__ import annotations

from audiogame.games.domino.rules import Manche


def run(manche: Manche, seat: int) -> int | None:
    """Play greedily from ``seat``'s turn to the end: the seat that went out, or
    None when the manche blocked."""
    hands = manche.hands
    while True:
        choice = manche.greedy(seat)
        if choice is None and manche.can_draw():
            manche.draw(seat, manche.until_fits)
            drawn = hands[seat][-1]
            end = manche.end_for(drawn)
            if end is None:  # the drawn tile does not fit: the turn passes
                seat = manche.next_seat(seat)
                continue
            choice = (drawn, end)
        if choice is not None:
            tile, end = choice
            manche.place(seat, tile, end)
            if not hands[seat] and manche.went_out(seat):
                return seat
        elif manche.pass_turn():
            return None
        seat = manche.next_seat(seat)
