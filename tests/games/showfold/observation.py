"""What one seat may know (``ShowFold.observation``): its own die and choice, what is public."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Phase(StrEnum):
    WAITING = "waiting"  # before the first round, or between rounds
    CHOOSING = "choosing"  # everybody decides, at once
    OVER = "over"


@dataclass(frozen=True, slots=True)
class View:
    seat: int | None  # None: a spectator
    time: float
    phase: Phase
    round: int
    players: int
    target: int
    think: int  # seconds everybody has to choose (0: no limit)
    deadline: float | None  # when the choosing time runs out
    my_value: int | None  # my die this round (None: a spectator, or between rounds)
    my_choice: str | None  # "show" or "fold" once I chose this round
    chosen: tuple[bool, ...]  # per seat: has chosen this round
    scores: tuple[int, ...]  # per seat
    shown: tuple[int | None, ...]  # the last round's dice shown (None: folded)
    winners: tuple[int, ...] | None  # once the game is over

    @property
    def my_turn(self) -> bool:
        """I still have to choose."""
        return self.seat is not None and self.phase is Phase.CHOOSING and not self.chosen[self.seat]
