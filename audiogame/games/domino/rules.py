"""The rules as pure functions: what fits, what is legal, who starts, the scores.

The engine and the bots share these, so a bot's view of what is legal is the
engine's own. Hands are sequences of ``Tile``; ``ends`` is ``(left, right)`` or
None while the chain is empty.
"""

from __future__ import annotations

from collections.abc import Sequence

from audiogame.games.domino.actions import Action, Draw, Pass, Play, Refusal
from audiogame.games.domino.events import Ends, MatchEnd, StartReason
from audiogame.games.domino.options import DominoConfig
from audiogame.games.domino.tiles import SETS, End, Tile, tile_set

LEFT = End.LEFT
RIGHT = End.RIGHT

_TABLES: list[list[tuple[Play, Play, Play]]] = []


def play_table(seat: int) -> list[tuple[Play, Play, Play]]:
    """Interned plays of one seat, indexed by uid: (left, right, first tile).

    Legal move lists are rebuilt every turn; reusing the same values saves
    building them and lets the engine recognise its own legal actions by identity.
    """
    while len(_TABLES) <= seat:
        n = len(_TABLES)
        row = [(Play(n, u, LEFT), Play(n, u, RIGHT), Play(n, u, None)) for u in range(_MAX_UID)]
        _TABLES.append(row)
    return _TABLES[seat]


_MAX_UID = max(spec.size for spec in SETS.values())


def play_action(seat: int, uid: int, end: End | None) -> Play:
    """The interned ``Play`` for these values."""
    return play_table(seat)[uid][_END_INDEX[end]]


_END_INDEX: dict[End | None, int] = {LEFT: 0, RIGHT: 1, None: 2}


def has_playable(hand: Sequence[Tile], ends: Ends) -> bool:
    if ends is None:
        return bool(hand)
    left, right = ends
    for _, a, b in hand:
        if a == left or b == left or a == right or b == right:
            return True
    return False


def plays(seat: int, hand: Sequence[Tile], ends: Ends) -> list[Play]:
    """Every legal play; a tile that fits both ends gives two plays (left, right)."""
    table = play_table(seat)
    if ends is None:
        return [table[t[0]][2] for t in hand]
    left, right = ends
    out = []
    for uid, a, b in hand:
        if a == left or b == left:
            out.append(table[uid][0])
        if a == right or b == right:
            out.append(table[uid][1])
    return out


def can_draw(config: DominoConfig, boneyard: int, ends: Ends) -> bool:
    """Drawing is possible at all (whether it is allowed now is ``draw_refusal``)."""
    return not config.forbid_drawing and boneyard > 0 and ends is not None


def draw_refusal(
    config: DominoConfig, hand: Sequence[Tile], ends: Ends, boneyard: int, drew_fitting: bool
) -> Refusal | None:
    if config.forbid_drawing:
        return Refusal.DRAWING_FORBIDDEN
    if ends is None:
        return Refusal.MUST_PLAY
    if boneyard == 0:
        return Refusal.BONEYARD_EMPTY
    if config.draw_with_playable:
        return None
    if drew_fitting:
        return Refusal.MUST_PLAY_DRAWN
    if has_playable(hand, ends):
        return Refusal.MAY_NOT_DRAW
    return None


def pass_refusal(
    config: DominoConfig, hand: Sequence[Tile], ends: Ends, boneyard: int, drew_fitting: bool
) -> Refusal | None:
    if drew_fitting:
        return Refusal.MUST_PLAY_DRAWN
    if has_playable(hand, ends):
        return Refusal.MUST_PLAY
    if can_draw(config, boneyard, ends):
        return Refusal.MUST_DRAW
    return None


def resolve_end(tile: Tile, end: End | None, ends: Ends) -> End | Refusal:
    """Where a tile goes, or why it cannot go there (``end`` may be "left"/"right")."""
    if end is not None and not isinstance(end, End):
        try:
            end = End(end)
        except ValueError:
            return Refusal.DOES_NOT_FIT
    if ends is None:
        return end or RIGHT
    left, right = ends
    on_left = tile.a == left or tile.b == left
    on_right = tile.a == right or tile.b == right
    if end is None:
        if on_left and on_right and left != right:
            return Refusal.CHOOSE_END
        if on_right:
            return RIGHT
        return LEFT if on_left else Refusal.DOES_NOT_FIT
    ok = on_left if end is LEFT else on_right
    return end if ok else Refusal.DOES_NOT_FIT


def legal_actions(
    seat: int,
    config: DominoConfig,
    hand: Sequence[Tile],
    ends: Ends,
    boneyard: int,
    drew_fitting: bool,
) -> list[Action]:
    """Every legal action of the seat whose turn it is (TimeExpired is not a choice)."""
    moves: list[Action] = list(plays(seat, hand, ends))
    if draw_refusal(config, hand, ends, boneyard, drew_fitting) is None:
        moves.append(Draw(seat))
    if not moves:
        moves.append(Pass(seat))
    return moves


def _rank(tile: Tile) -> int:
    """Doubles above all others, then heavier, then higher number."""
    return (tile.a == tile.b) * 10_000 + (tile.a + tile.b) * 100 + tile.b


_RANK: dict[Tile, int] = {t: _rank(t) for set_id in SETS for t in tile_set(set_id)}


def starter(hands: Sequence[Sequence[Tile]], seats: Sequence[int]) -> tuple[int, StartReason]:
    """The seat with the highest double, else ([ruling]) the heaviest tile.

    Ties (two equal tiles of a multiplied set) go to the first seat in order.
    """
    rank = _RANK.__getitem__
    best_seat, best = seats[0], -1
    for seat in seats:
        if hands[seat]:
            top = rank(max(hands[seat], key=rank))
            if top > best:
                best_seat, best = seat, top
    reason = StartReason.HIGHEST_DOUBLE if best >= 10_000 else StartReason.HEAVIEST_TILE
    return best_seat, reason


def manche_points(
    pips: Sequence[int],
    sides: Sequence[int],
    side_count: int,
    dealt: Sequence[int],
    closing_side: int | None,
    malus: bool,
) -> list[int]:
    """Points each side adds this manche.

    Every dealt seat charges its pips to its side; the side that went out scores
    nothing. With ``malus`` (team play without team finish) the pips still held
    by the partners of the player who went out are added to every other side
    that was dealt in.
    """
    points = [0] * side_count
    playing = set()
    for seat in dealt:
        points[sides[seat]] += pips[seat]
        playing.add(sides[seat])
    if closing_side is not None:
        extra = points[closing_side] if malus else 0
        points[closing_side] = 0
        for side in playing:
            if side != closing_side:
                points[side] += extra
    return points


def match_result(
    totals: Sequence[int],
    standing: Sequence[int],
    fallen_now: Sequence[int],
    manche_limit_reached: bool,
) -> tuple[tuple[int, ...], MatchEnd] | None:
    """The winning sides and why, or None while the match goes on.

    ``standing``: sides not eliminated; ``fallen_now``: sides eliminated by the
    manche just scored. [ruling] Lowest score wins a manche-limit finish or a
    finish where the last sides fall together; equal lowest scores share.
    """
    if len(standing) == 1:
        return (tuple(standing), MatchEnd.LAST_STANDING)
    if not standing:
        return (_lowest(totals, fallen_now), MatchEnd.ALL_ELIMINATED)
    if manche_limit_reached:
        return (_lowest(totals, standing), MatchEnd.MANCHE_LIMIT)
    return None


def _lowest(totals: Sequence[int], sides: Sequence[int]) -> tuple[int, ...]:
    low = min(totals[s] for s in sides)
    return tuple(s for s in sides if totals[s] == low)
