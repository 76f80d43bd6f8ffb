"""What a seat (or a spectator) can see: ``TiraGame.observation(seat | None)``.

Everything on the table is public in this game (dice, faces, coasters, the
tray, the coasters won, who plays by hand); only the draw pile's order is
hidden, so the pile appears as a size. A seat's view is the table's plus its
own timing (since when it may act, when its dice land); a spectator's view
(``seat is None``) is the table's alone. Per-seat tuples are indexed by seat.
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


Hand = tuple[Symbol | None, ...]


@dataclass(frozen=True, slots=True)
class TiraObservation:
    """One seat's view at ``time`` (the engine's game clock); ``seat`` None: a spectator's.

    ``hands[s]``: faces of the dice in seat ``s``'s hand, in the order ``Send``
    indexes them; None for a die not rolled yet this round. Dice in the air are
    in no hand: ``dice_counts`` minus hand minus ``waiting_counts`` are flying.
    ``waiting_counts[s]``: dice others put on seat ``s``'s coaster, thrown with
    its next throw; ``waiting_faces[s]``: their faces, as they were passed.

    The seat's own timing (neutral for a spectator): ``in_the_air`` dice
    landing at ``lands_at``; ``idle_since``: since when I can throw (my dice
    landed, the race or calm rolls began), None while my dice fly or I cannot
    act; ``last_move_at``: my last landing or accepted Send;
    ``calm_rolls_left``: my calm rolls still to make.
    """

    seat: int | None
    time: float
    # the seat's own timing
    in_the_air: int
    lands_at: float | None
    idle_since: float | None
    last_move_at: float | None
    calm_rolls_left: int
    # the table (the engine builds these once per change and shares them)
    phase: Phase
    round: int
    supreme: Symbol | None
    controls: tuple[Control, ...]
    throw_seconds: float
    hands: tuple[Hand, ...]
    dice_counts: tuple[int, ...]
    waiting_counts: tuple[int, ...]
    coasters: tuple[Coaster | None, ...]
    won: tuple[tuple[Coaster, ...], ...]
    stopped: tuple[bool, ...]
    tray: int
    pile_size: int
    winners: tuple[int, ...] | None
    waiting_faces: tuple[Hand, ...]

    @property
    def players(self) -> int:
        return len(self.dice_counts)

    # -- the seat's own (a spectator has none) --------------------------------------
    @property
    def control(self) -> Control:
        return Control.ASSISTED if self.seat is None else self.controls[self.seat]

    @property
    def coaster(self) -> Coaster | None:
        return None if self.seat is None else self.coasters[self.seat]

    @property
    def hand(self) -> Hand:
        return () if self.seat is None else self.hands[self.seat]

    @property
    def waiting(self) -> int:
        return 0 if self.seat is None else self.waiting_counts[self.seat]

    @property
    def waiting_here(self) -> Hand:
        """The faces of the dice waiting on my coaster."""
        return () if self.seat is None else self.waiting_faces[self.seat]

    @property
    def my_dice(self) -> int:
        return 0 if self.seat is None else self.dice_counts[self.seat]

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
        supreme = self.supreme
        if supreme is None or self.phase is not Phase.RACING:
            return ()
        coaster = self.coaster
        found = []
        for index, face in enumerate(self.hand):
            if face is not None:
                dest = destination_for(face, coaster, supreme)
                if dest is not None:
                    found.append((index, dest))
        return tuple(found)
