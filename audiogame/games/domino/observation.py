"""What one seat may know: ``Observation``, an independent, immutable snapshot.

``DominoMatch.observation(seat)`` builds one. It holds the seat's own hand and
only public facts about the others (hand counts, the chain, the history of
events this seat heard in the current manche), so a bot that reads it cannot
see hidden tiles. ``observation(None)`` is a spectator's: no hand, only the
public history. It is safe to hand to another thread.

``turn_started`` is the game time the turn on the table began and
``turn_deadline`` when its thinking time runs out (None without one): the
table ticks the last seconds from it. ``step`` counts the entries of the
match's log: with the seat it names a situation (a bot asked twice at the same
step answers the same); ``step_time`` is when that situation began (the turn's
start, or a later move in the same turn, a tile drawn that fits): bots set
their pace from it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from audiogame.games.domino import rules
from audiogame.games.domino.actions import Action
from audiogame.games.domino.events import Ends, Event
from audiogame.games.domino.options import DominoConfig
from audiogame.games.domino.tiles import Tile, tile_set


class Phase(StrEnum):
    READY = "ready"  # no manche dealt yet: send NextManche
    PLAYING = "playing"
    BETWEEN = "between-manches"  # a manche ended: send NextManche when ready
    OVER = "over"


@dataclass(frozen=True, slots=True)
class PlacedTile:
    """A tile on the chain, with its numbers as they read left to right."""

    tile: Tile
    left: int
    right: int


@dataclass(frozen=True, slots=True)
class Observation:
    seat: int | None  # None: a spectator
    config: DominoConfig
    phase: Phase
    manche: int
    current_seat: int | None
    hand: tuple[Tile, ...]  # arrival order (empty for a spectator)
    chain: tuple[PlacedTile, ...]  # left to right
    ends: Ends
    hand_counts: tuple[int, ...]  # per seat
    boneyard: int
    playing: tuple[bool, ...]  # per seat: dealt in this manche and not out
    eliminated: tuple[bool, ...]  # per seat
    sides: tuple[int, ...]  # per seat: the side (seat or team) that keeps its score
    totals: tuple[int, ...]  # per side
    drew_fitting: bool  # the seat drew a fitting tile this turn and must play
    history: tuple[Event, ...]  # this manche's events the seat heard, in order
    turn_started: float | None  # game time the turn in play began
    turn_deadline: float | None  # when its thinking time runs out (None: no limit)
    step: int  # entries in the match's log so far
    step_time: float  # game time of the latest of them (the match's start before any)

    @property
    def my_turn(self) -> bool:
        return (
            self.seat is not None and self.current_seat == self.seat and self.phase is Phase.PLAYING
        )

    def legal_actions(self) -> list[Action]:
        """The seat's legal actions now (empty when it is not its turn)."""
        if not self.my_turn:
            return []
        return rules.legal_actions(
            self.config, self.hand, self.ends, self.boneyard, self.drew_fitting
        )

    def partners(self) -> tuple[int, ...]:
        """Other seats of the same team (empty in individual play)."""
        if self.config.teams is None or self.seat is None:
            return ()
        mine = self.sides[self.seat]
        return tuple(s for s, side in enumerate(self.sides) if side == mine and s != self.seat)

    def unseen(self) -> list[Tile]:
        """Tiles this seat has not seen: in other hands or in the boneyard."""
        seen = {t.uid for t in self.hand}
        seen.update(p.tile.uid for p in self.chain)
        return [t for t in tile_set(self.config.set_id) if t.uid not in seen]
