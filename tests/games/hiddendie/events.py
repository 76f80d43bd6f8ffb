"""The facts the engine reports, each with who may know it.

A die is rolled under a cup: ``DieRolled`` reaches its own seat alone. Every
other event is public; ``RoundEnded`` lifts the cups and shows every die.
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
    first: int  # the seat that decides first
    audience: Audience = field(default=PUBLIC, kw_only=True)


@dataclass(frozen=True, slots=True)
class DieRolled:
    """Under the cup: only ``seat`` hears it."""

    seat: int
    value: int
    again: bool  # True for the one reroll
    audience: Audience = field(default=PUBLIC, kw_only=True)


@dataclass(frozen=True, slots=True)
class TurnBegan:
    seat: int
    deadline: float | None  # game time when the thinking time runs out
    audience: Audience = field(default=PUBLIC, kw_only=True)


@dataclass(frozen=True, slots=True)
class TimeRanOut:
    seat: int
    audience: Audience = field(default=PUBLIC, kw_only=True)


@dataclass(frozen=True, slots=True)
class Kept:
    seat: int
    audience: Audience = field(default=PUBLIC, kw_only=True)


@dataclass(frozen=True, slots=True)
class Rerolled:
    """The public half of a reroll: everybody hears the cup shaken, not the value."""

    seat: int
    audience: Audience = field(default=PUBLIC, kw_only=True)


@dataclass(frozen=True, slots=True)
class RoundEnded:
    round: int
    values: tuple[int, ...]  # per seat: the cups are lifted
    winners: tuple[int, ...]  # the seats that showed the highest value: a point each
    scores: tuple[int, ...]  # per seat, after this round
    audience: Audience = field(default=PUBLIC, kw_only=True)


@dataclass(frozen=True, slots=True)
class GameEnded:
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    audience: Audience = field(default=PUBLIC, kw_only=True)


Event = (
    GameStarted
    | RoundStarted
    | DieRolled
    | TurnBegan
    | TimeRanOut
    | Kept
    | Rerolled
    | RoundEnded
    | GameEnded
)
