"""The facts the engine reports, each with who may know it.

My die reaches me alone (``DieRolled``); that a player has chosen is public
(``Chose``), what they chose is not, until the round is revealed
(``RoundEnded``: the dice of those who showed; a folded die stays hidden).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from audiogame.core.contract import PUBLIC, Audience


@dataclass(frozen=True, slots=True)
class GameStarted:
    players: int
    target: int
    think: int
    audience: Audience = field(default=PUBLIC, kw_only=True)


@dataclass(frozen=True, slots=True)
class RoundStarted:
    round: int
    deadline: float | None  # when the choosing time runs out
    audience: Audience = field(default=PUBLIC, kw_only=True)


@dataclass(frozen=True, slots=True)
class DieRolled:
    """My die: only ``seat`` hears it."""

    seat: int
    value: int
    audience: Audience = field(default=PUBLIC, kw_only=True)


@dataclass(frozen=True, slots=True)
class Chose:
    """``seat`` has chosen: everybody hears that, nobody hears what."""

    seat: int
    audience: Audience = field(default=PUBLIC, kw_only=True)


@dataclass(frozen=True, slots=True)
class TimeRanOut:
    """The choosing time ran out: these seats fold."""

    seats: tuple[int, ...]
    audience: Audience = field(default=PUBLIC, kw_only=True)


@dataclass(frozen=True, slots=True)
class RoundEnded:
    round: int
    showed: tuple[bool, ...]  # per seat
    values: tuple[int | None, ...]  # per seat: the dice shown (None: folded, still hidden)
    winners: tuple[int, ...]  # the highest die shown: a point each
    losers: tuple[int, ...]  # showed a lower die: a point lost (never below 0)
    scores: tuple[int, ...]  # per seat, after this round
    audience: Audience = field(default=PUBLIC, kw_only=True)


@dataclass(frozen=True, slots=True)
class GameEnded:
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    audience: Audience = field(default=PUBLIC, kw_only=True)


Event = GameStarted | RoundStarted | DieRolled | Chose | TimeRanOut | RoundEnded | GameEnded
