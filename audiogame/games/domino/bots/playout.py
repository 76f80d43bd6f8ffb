"""The rest of a manche played out fast, for the hard bot's search.

``run(manche)`` plays a ``manche.Manche`` in simulation mode (no events, no
checks: the engine's own moves, turn order, auto-passing, going out, team
finish and blocking) from the seat on turn to the end. Every player follows one
greedy policy (``rules.heaviest_fit``: the heaviest fitting tile; draw only when
nothing fits), also a fair model of how people and the normal bot play; the
seats ``blockers`` marks (the searching bot's side) add ``block`` pips to a play
that leaves the next seat, an opponent, nothing to play, where nothing can be
drawn: its hand is the deal's, as every hand in a play-out. It returns who went
out, so the caller can score the hands left with ``rules.manche_points``. The
moves are legal by construction.
"""

from __future__ import annotations

from collections.abc import Sequence

from audiogame.games.domino.actions import DRAW, LEFT, PASS, PLAYS_LEFT, PLAYS_RIGHT, Action, Play
from audiogame.games.domino.manche import Manche
from audiogame.games.domino.rules import heaviest_fit


def run(
    manche: Manche,
    blockers: Sequence[bool] = (),
    block: int = 0,
    targets: Sequence[bool] | None = None,
) -> int | None:
    """Play greedily to the end: the seat that went out, or None when it blocked.
    The seats ``blockers`` marks value a play that leaves the next seat nothing to
    play ``block`` pips above its own weight, where that seat is one ``targets``
    marks (by default: any seat of another side)."""
    hands = manche.hands
    tiles = manche.tiles
    act = manche.act
    seat = manche.current
    while seat is not None:
        # Where nothing can be drawn the turn's plays are known already (the turn
        # passing on worked them out): the first heaviest of them is the tile and
        # end ``heaviest_fit`` names (a tile fitting both ends is listed left first).
        if (
            block
            and blockers[seat]
            and (targets is None or targets[manche.after[seat]])
            and manche.ends is not None
            and not manche.can_draw()
        ):
            act(_blocking(manche, seat, manche.legal_actions(), block, targets))
            seat = manche.current
            continue
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


def _blocking(
    manche: Manche,
    seat: int,
    legal: Sequence[Action],
    block: int,
    targets: Sequence[bool] | None,
) -> Action:
    """The play worth most to ``seat``: its pips, plus ``block`` where the next
    seat could play nothing after it (that seat's hand is this deal's)."""
    if len(legal) == 1:
        return legal[0]
    tiles = manche.tiles
    left, right = manche.ends  # type: ignore[misc]
    after = manche.after[seat]
    numbers = 0  # the numbers the next seat holds, as bits; none for a seat not aimed at
    if manche.sides[after] != manche.sides[seat] if targets is None else targets[after]:
        for _, c, d in manche.hands[after]:
            numbers |= (1 << c) | (1 << d)
    best = legal[0]
    most = -1
    for move in legal:
        if move.__class__ is not Play:
            continue
        _, a, b = tiles[move.uid]
        value = a + b
        if numbers:
            if move.end is LEFT:
                shown = (1 << (b if a == left else a)) | (1 << right)
            else:
                shown = (1 << left) | (1 << (b if a == right else a))
            if not numbers & shown:
                value += block
        if value > most:
            best, most = move, value
    return best
