"""The rules, written once: what fits, what is legal and why not, who starts, scoring.

A manche in play (placing, drawing, passing, going out, the turn order) is
``manche.Manche``, which the engine and the bots' play-outs both run. The
functions here are the rest: what fits and where (the engine's checks, the
play-outs' policy and a bot's observation all ask them), what is legal and why
not, who starts, the points of a manche, when the match ends and how the sides
rank.

Hands are lists of ``Tile``; ``ends`` is ``(left, right)`` or None while the
chain is empty. Loops that run for every tile of every turn test "fits" inline:
they live here, next to ``fits``, and nowhere else.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from audiogame.games.domino.actions import (
    DRAW,
    PASS,
    PLAYS,
    PLAYS_LEFT,
    PLAYS_RIGHT,
    Action,
    Play,
    Refusal,
)
from audiogame.games.domino.events import Ends, MatchEnd, StartReason
from audiogame.games.domino.options import DominoConfig
from audiogame.games.domino.tiles import SETS, End, Tile, tile_set

LEFT = End.LEFT
RIGHT = End.RIGHT

# -- fitting ----------------------------------------------------------------------------


def fits(tile: Tile, ends: Ends) -> bool:
    """The tile can be attached now (any tile opens an empty chain)."""
    if ends is None:
        return True
    _, a, b = tile
    left, right = ends
    return a == left or b == left or a == right or b == right


def fit_of(tile: Tile, ends: Ends) -> str:
    """Where a tile fits: "any" (empty chain), "left", "right", "both", "same" or "none".

    "same": it fits both ends and they show the same number, so either end makes
    the same chain: the player need not choose, and Enter plays it on the right
    (``resolve_end``), as S or D put it where they say.
    """
    if ends is None:
        return "any"
    _, a, b = tile
    on_left = a == ends[0] or b == ends[0]
    on_right = a == ends[1] or b == ends[1]
    if on_left and on_right:
        return "both" if ends[0] != ends[1] else "same"
    return "left" if on_left else "right" if on_right else "none"


def fitting_plays(hand: Sequence[Tile], ends: Ends) -> list[Play]:
    """Every play of the hand: a tile that fits both ends gives two (left, right);
    on an empty chain each tile once, with no end named."""
    if ends is None:
        return [PLAYS[t[0]][2] for t in hand]
    left, right = ends
    out = []
    for uid, a, b in hand:
        if a == left or b == left:
            out.append(PLAYS_LEFT[uid])
        if a == right or b == right:
            out.append(PLAYS_RIGHT[uid])
    return out


def has_playable(hand: Sequence[Tile], ends: Ends) -> bool:
    return any(fits(tile, ends) for tile in hand)


def heaviest_fit(hand: Sequence[Tile], ends: Ends) -> tuple[Tile, End] | None:
    """The play-outs' policy: the heaviest tile that fits (the left end first), on
    an empty chain the heaviest tile; None when nothing fits."""
    best: Tile | None = None
    best_pips = -1
    on = RIGHT
    if ends is None:
        for tile in hand:
            if tile[1] + tile[2] > best_pips:
                best, best_pips = tile, tile[1] + tile[2]
        return None if best is None else (best, RIGHT)
    left, right = ends
    for tile in hand:
        _, a, b = tile
        if a == left or b == left:
            if a + b > best_pips:
                best, best_pips, on = tile, a + b, LEFT
        elif (a == right or b == right) and a + b > best_pips:
            best, best_pips, on = tile, a + b, RIGHT
    return None if best is None else (best, on)


def resolve_end(tile: Tile, end: End | str | None, ends: Ends) -> End | Refusal:
    """Where a tile goes, or why it cannot go there (``end`` may be "left"/"right")."""
    if end is not None and not isinstance(end, End):
        try:
            end = End(end)
        except ValueError:
            return Refusal.DOES_NOT_FIT
    if ends is None:
        return end or RIGHT
    _, a, b = tile
    left, right = ends
    on_left = a == left or b == left
    on_right = a == right or b == right
    if end is None:
        if on_left and on_right and left != right:
            return Refusal.CHOOSE_END
        if on_right:
            return RIGHT  # equal ends: the right one, as for a tile that fits there only
        return LEFT if on_left else Refusal.DOES_NOT_FIT
    ok = on_left if end is LEFT else on_right
    return end if ok else Refusal.DOES_NOT_FIT


# -- a table's facts ----------------------------------------------------------------------


class TableFacts(NamedTuple):
    """What a table's configuration says about playing a manche, worked out once."""

    sides: tuple[int, ...]  # per seat: its team, or itself in individual play
    team_finish: bool  # a manche ends when a whole team is out
    forbid: bool  # drawing is forbidden
    until_fits: bool  # one draw takes tiles until one fits
    teams: bool  # team play
    tiles: tuple[Tile, ...]  # the set, by uid
    config: DominoConfig

    @classmethod
    def of(cls, config: DominoConfig) -> TableFacts:
        sides = config.teams if config.teams else tuple(range(config.seats))
        team_finish = config.team_finish and config.teams is not None
        return cls(
            sides,
            team_finish,
            config.forbid_drawing,
            config.draw_until_fits,
            config.teams is not None,
            tile_set(config.set_id),
            config,
        )


# -- what is legal, and why not -------------------------------------------------------


def draw_refusal(
    config: DominoConfig, hand: Sequence[Tile], ends: Ends, boneyard: int, drew_fitting: bool
) -> Refusal | None:
    return _draw_refusal(config, lambda: has_playable(hand, ends), ends, boneyard, drew_fitting)


def _draw_refusal(
    config: DominoConfig,
    playable: Callable[[], bool],
    ends: Ends,
    boneyard: int,
    drew_fitting: bool,
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
    if playable():
        return Refusal.MAY_NOT_DRAW
    return None


def pass_refusal(
    config: DominoConfig, hand: Sequence[Tile], ends: Ends, boneyard: int, drew_fitting: bool
) -> Refusal | None:
    if drew_fitting:
        return Refusal.MUST_PLAY_DRAWN
    if has_playable(hand, ends):
        return Refusal.MUST_PLAY
    if not config.forbid_drawing and boneyard > 0 and ends is not None:
        return Refusal.MUST_DRAW
    return None


def legal_actions(
    config: DominoConfig, hand: Sequence[Tile], ends: Ends, boneyard: int, drew_fitting: bool
) -> list[Action]:
    """Every legal action of the seat on turn: its plays, Draw when allowed, else Pass."""
    moves: list[Action] = fitting_plays(hand, ends)  # type: ignore[assignment]
    if ends is None and moves:
        return moves  # any tile opens the chain, and nothing is drawn before it
    if not boneyard or config.forbid_drawing:  # no draw: the play-outs' common case
        return moves or [PASS]
    playable = bool(moves)
    if _draw_refusal(config, lambda: playable, ends, boneyard, drew_fitting) is None:
        moves.append(DRAW)
    if not moves:
        moves.append(PASS)
    return moves


# -- who starts, the points, the end of the match ------------------------------------------


def _rank(tile: Tile) -> int:
    """Doubles above all others, then heavier, then higher number."""
    return (tile.a == tile.b) * 10_000 + (tile.a + tile.b) * 100 + tile.b


def _by_rank(set_id: str) -> tuple[tuple[tuple[Tile, ...], StartReason], ...]:
    """The set's tiles in groups of equal rank (twins of a multiplied set), best first."""
    groups: dict[int, list[Tile]] = {}
    for tile in tile_set(set_id):
        groups.setdefault(_rank(tile), []).append(tile)
    return tuple(
        (
            tuple(groups[rank]),
            StartReason.HIGHEST_DOUBLE if rank >= 10_000 else StartReason.HEAVIEST_TILE,
        )
        for rank in sorted(groups, reverse=True)
    )


_BY_RANK = {s: _by_rank(s) for s in SETS}


def starter(
    set_id: str, hands: Sequence[Sequence[Tile]], seats: Sequence[int]
) -> tuple[int, StartReason]:
    """The seat with the highest double, else ([ruling]) the heaviest tile.

    Ties (two equal tiles of a multiplied set) go to the first seat in order.
    The best tiles are looked for first: with most of the set dealt the search
    ends at the first or second tile.
    """
    for group, reason in _BY_RANK[set_id]:
        for seat in seats:
            hand = hands[seat]
            for tile in group:
                if tile in hand:
                    return seat, reason
    return seats[0], StartReason.HEAVIEST_TILE  # nobody holds a tile


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
    point_limit_reached: bool = False,
) -> tuple[tuple[int, ...], MatchEnd] | None:
    """The winning sides and why, or None while the match goes on.

    ``standing``: sides not eliminated; ``fallen_now``: sides eliminated by the
    manche just scored. With a manche limit nobody is eliminated: the match ends
    at the first limit reached (``point_limit_reached``: a side reached the point
    limit this manche; the seed: "la partita termina appena è stato raggiunto uno
    dei 2 limiti"). [ruling] Lowest score wins a finish by either limit or a
    finish where the last sides fall together; equal lowest scores share. When
    both limits are reached by the same manche the point limit is the reason.
    """
    if point_limit_reached:
        return (_lowest(totals, standing), MatchEnd.POINT_LIMIT)
    if len(standing) == 1:
        return (tuple(standing), MatchEnd.LAST_STANDING)
    if not standing:
        return (_lowest(totals, fallen_now), MatchEnd.ALL_ELIMINATED)
    if manche_limit_reached:
        return (_lowest(totals, standing), MatchEnd.MANCHE_LIMIT)
    return None


def eliminates(point_limit: int, manche_limit: int) -> bool:
    """Whether reaching the point limit eliminates a side: only without a manche
    limit; with one, it ends the match instead (and 0 means no point limit)."""
    return point_limit > 0 and manche_limit == 0


def _lowest(totals: Sequence[int], sides: Sequence[int]) -> tuple[int, ...]:
    low = min(totals[s] for s in sides)
    return tuple(s for s in sides if totals[s] == low)


def side_ranks(totals: Sequence[int], fallen_in: Sequence[int | None]) -> tuple[int, ...]:
    """Each side's place at the end of the match (1 is best; ties share a place).

    Lower totals are better among sides that stayed in equally long; a side
    eliminated in an earlier manche ranks below every side that outlasted it
    (its total stopped growing when it fell, so totals alone would put it above
    the winners of an all-eliminated finish). ``fallen_in[side]``: the manche
    the side was eliminated in, None if it never was.
    """
    last = 1 + max((m for m in fallen_in if m is not None), default=0)
    keys = [
        (-(last if m is None else m), total) for total, m in zip(totals, fallen_in, strict=True)
    ]
    return tuple(1 + sum(1 for other in keys if other < key) for key in keys)
