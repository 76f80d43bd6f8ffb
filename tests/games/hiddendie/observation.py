"""What one seat may know (``HiddenDie.observation``): its own die, and what is public."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Phase(StrEnum):
    WAITING = "waiting"  # before the first round, or between rounds
    DECIDING = "deciding"  # the dice are under the cups; players decide in turn
    OVER = "over"


@dataclass(frozen=True, slots=True)
class View:
    seat: int | None  # None: a spectator
    time: float
    phase: Phase
    round: int
    players: int
    target: int
    turn: int | None  # the seat deciding now
    deadline: float | None  # when its thinking time runs out
    my_value: int | None  # my die under my cup (None: a spectator, or nothing rolled)
    rerolled: tuple[bool, ...]  # per seat, this round
    decided: tuple[bool, ...]  # per seat, this round
    scores: tuple[int, ...]  # per seat
    shown: tuple[int, ...]  # the values the last lifted cups showed (empty before)
    winners: tuple[int, ...] | None  # once the game is over

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.turn == self.seat
