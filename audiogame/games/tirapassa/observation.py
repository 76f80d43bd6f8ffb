"""What one seat can see: ``TiraGame.observation(seat)``.

Everything on the table is public in this game (dice, coasters, the tray, the
coasters won); only the draw pile's order is hidden, so the pile appears as a
size. Per-seat tuples are indexed by seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from audiogame.games.tirapassa.coasters import Coaster
from audiogame.games.tirapassa.options import Control
from audiogame.games.tirapassa.rules import Destination, destination_for
from audiogame.games.tirapassa.symbols import Symbol


class Phase(StrEnum):
    SETUP = "setup"  # before the game's start time
    ANNOUNCING = "announcing"  # big die rolled, waiting for "via!"
    RACING = "racing"
    FREEZING = "freezing"  # Stop called; dice still in the air land, nothing moves
    CALM = "calm"  # the three calm rolls
    BETWEEN_ROUNDS = "between-rounds"
    GAME_OVER = "game-over"


@dataclass(frozen=True, slots=True)
class TiraObservation:
    """One seat's view at ``time`` (the engine's game clock).

    ``hand``: faces of the dice in my hand, in the order ``Send`` indexes them;
    None for a die not rolled yet this round. Dice in the air are not in
    ``hand``: ``in_the_air`` counts them, landing at ``lands_at``. ``waiting``:
    dice others put on my coaster, thrown with my next throw. ``idle_since``:
    since when I can throw (my dice landed, the race or calm rolls began);
    None while my dice fly or I cannot act. ``last_move_at``: my last landing or
    accepted Send.
    """

    seat: int
    time: float
    phase: Phase
    round: int
    supreme: Symbol | None
    control: Control
    throw_seconds: float
    coaster: Coaster | None
    hand: tuple[Symbol | None, ...]
    in_the_air: int
    lands_at: float | None
    waiting: int
    idle_since: float | None
    last_move_at: float | None
    calm_rolls_left: int
    dice_counts: tuple[int, ...]
    waiting_counts: tuple[int, ...]
    coasters: tuple[Coaster | None, ...]
    won: tuple[tuple[Coaster, ...], ...]
    stopped: tuple[bool, ...]
    tray: int
    pile_size: int
    winners: tuple[int, ...] | None

    @property
    def players(self) -> int:
        return len(self.dice_counts)

    @property
    def my_dice(self) -> int:
        return self.dice_counts[self.seat]

    @property
    def won_counts(self) -> tuple[int, ...]:
        return tuple(len(w) for w in self.won)

    def destination(self, index: int) -> Destination | None:
        """Where the die at ``hand[index]`` may go now (None: it stays)."""
        face = self.hand[index]
        if face is None or self.supreme is None or self.phase is not Phase.RACING:
            return None
        return destination_for(face, self.coaster, self.supreme)

    def sendable(self) -> tuple[tuple[int, Destination], ...]:
        """(index, destination) of every die in hand that can go somewhere now."""
        found = []
        for index in range(len(self.hand)):
            dest = self.destination(index)
            if dest is not None:
                found.append((index, dest))
        return tuple(found)
