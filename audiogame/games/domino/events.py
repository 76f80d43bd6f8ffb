"""Events: the facts the engine reports, each with its audience.

Every event is a frozen dataclass with an ``audience``
(``audiogame.core.contract``): public unless said otherwise. ``HandDealt`` and
``TileDrawn`` are known to their seat alone; everything else is public.

Events carry all that narration needs, so narration keeps no state between
batches and never looks into hidden state: ``TilePlayed.opens`` says the tile
opened the manche, ``MancheEnded.dealt`` names the seats dealt in, and a seat's
own ``TileDrawn`` events come in the same batch as the ``Drew`` that sums them up.

"Side" means who keeps a score: the seat in individual play, the team index in
team play. ``totals``/``points`` tuples are indexed by side; ``pips``,
``hand_sizes`` and ``hands`` by seat.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from audiogame.core.contract import PUBLIC, Audience
from audiogame.games.domino.options import DominoConfig
from audiogame.games.domino.tiles import End, Tile

Ends = tuple[int, int] | None


class PassCause(StrEnum):
    """Why a turn passed without a play."""

    STUCK = "stuck"  # nothing fits and nothing can be drawn
    DRAWN_TILE_DOES_NOT_FIT = "drawn-tile-does-not-fit"
    TIME_EXPIRED = "time-expired"


class StartReason(StrEnum):
    HIGHEST_DOUBLE = "highest-double"
    HEAVIEST_TILE = "heaviest-tile"


class MancheEnd(StrEnum):
    OUT = "out"  # a player went out
    TEAM_OUT = "team-out"  # team finish mode: every member of a team went out
    BLOCKED = "blocked"


class MatchEnd(StrEnum):
    LAST_STANDING = "last-standing"
    ALL_ELIMINATED = "all-eliminated"  # the last sides in all fell together
    MANCHE_LIMIT = "manche-limit"
    POINT_LIMIT = "point-limit"  # with a manche limit too, a side reached the point limit


@dataclass(frozen=True, slots=True)
class MatchStarted:
    config: DominoConfig
    audience: Audience = field(default=PUBLIC, kw_only=True)


@dataclass(frozen=True, slots=True)
class MancheStarted:
    manche: int  # 1-based
    players: tuple[int, ...]  # seats dealt in, in turn order
    hand_sizes: tuple[int, ...]  # per seat, 0 for a seat not dealt in
    boneyard: int
    starter: int
    reason: StartReason
    audience: Audience = field(default=PUBLIC, kw_only=True)


@dataclass(frozen=True, slots=True)
class HandDealt:
    seat: int
    tiles: tuple[Tile, ...]
    audience: Audience = field(default=PUBLIC, kw_only=True)


@dataclass(frozen=True, slots=True)
class TurnBegan:
    seat: int
    ends: Ends
    audience: Audience = field(default=PUBLIC, kw_only=True)


@dataclass(frozen=True, slots=True)
class TilePlayed:
    seat: int
    tile: Tile
    end: End
    left: int  # the tile's numbers as placed, left to right
    right: int
    ends: tuple[int, int]  # the chain's open ends after the play
    hand_count: int  # tiles the seat still holds
    opens: bool  # the first tile of the manche
    audience: Audience = field(default=PUBLIC, kw_only=True)


@dataclass(frozen=True, slots=True)
class TileDrawn:
    seat: int
    tile: Tile
    fits: bool
    audience: Audience = field(default=PUBLIC, kw_only=True)


@dataclass(frozen=True, slots=True)
class Drew:
    seat: int
    count: int
    boneyard: int  # tiles left in the boneyard
    hand_count: int
    ends: Ends
    audience: Audience = field(default=PUBLIC, kw_only=True)


@dataclass(frozen=True, slots=True)
class TimeRanOut:
    seat: int
    audience: Audience = field(default=PUBLIC, kw_only=True)


@dataclass(frozen=True, slots=True)
class Passed:
    seat: int
    cause: PassCause
    ends: Ends
    audience: Audience = field(default=PUBLIC, kw_only=True)


@dataclass(frozen=True, slots=True)
class Blocked:
    ends: Ends
    pips: tuple[int, ...]  # per seat
    audience: Audience = field(default=PUBLIC, kw_only=True)


@dataclass(frozen=True, slots=True)
class WentOut:
    seat: int
    team: int | None
    audience: Audience = field(default=PUBLIC, kw_only=True)


@dataclass(frozen=True, slots=True)
class MancheEnded:
    manche: int
    how: MancheEnd
    closer: int | None  # the seat whose last tile ended the manche
    closing_side: int | None  # the side that scored nothing because it went out
    hands: tuple[tuple[Tile, ...], ...]  # per seat: what was left, now shown
    pips: tuple[int, ...]  # per seat
    points: tuple[int, ...]  # per side, added this manche
    totals: tuple[int, ...]  # per side, after this manche
    by_team: bool  # True when sides are teams
    dealt: tuple[int, ...]  # the seats dealt into this manche
    audience: Audience = field(default=PUBLIC, kw_only=True)


@dataclass(frozen=True, slots=True)
class Eliminated:
    side: int
    seats: tuple[int, ...]
    total: int
    audience: Audience = field(default=PUBLIC, kw_only=True)


@dataclass(frozen=True, slots=True)
class MatchEnded:
    winners: tuple[int, ...]  # seats
    winning_sides: tuple[int, ...]
    shared: bool
    reason: MatchEnd
    totals: tuple[int, ...]  # per side
    ranks: tuple[int, ...]  # per side: 1 is first, ties share a place (``rules.side_ranks``)
    audience: Audience = field(default=PUBLIC, kw_only=True)


Event = (
    MatchStarted
    | MancheStarted
    | HandDealt
    | TurnBegan
    | TilePlayed
    | TileDrawn
    | Drew
    | TimeRanOut
    | Passed
    | Blocked
    | WentOut
    | MancheEnded
    | Eliminated
    | MatchEnded
)
