"""Events: the facts the engine reports, in game-clock order.

Every event is a frozen dataclass built with keywords, with ``time`` (game-clock
seconds of the happening) and ``audience`` (all public in this game: every die
on the table is in plain sight). ``kind`` is a stable id for narration.
Tuples named ``*_counts``/``dice_left``/``coasters`` are indexed by seat.

Sides: ``DiePassed.side`` is the sender's side (pan the sender's sound there);
``arrives_from`` is the side the die comes from as the receiver sees it.

Order at one instant: landings and the passes they cause come first, then Stop
(arrival before stop); a round's events run RoundStarted → StartSignal →
RaceStarted → (Thrown, Landed, DieToTray/DiePassed)* → StopCalled →
[Landed(frozen) …] → CalmStarted → (Thrown, Landed, DieToTray, CalmEmptied |
CalmFinished)* → RoundEnded → CoasterWon* → CoasterDrawn* → [GameEnded].
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from audiogame.core.contract import PUBLIC, Audience
from audiogame.games.tirapassa.coasters import Coaster
from audiogame.games.tirapassa.options import Control, Speed, Variant
from audiogame.games.tirapassa.rules import Destination, EndReason
from audiogame.games.tirapassa.symbols import Symbol


@dataclass(frozen=True, slots=True, kw_only=True)
class TiraEvent:
    kind: ClassVar[str] = "event"
    time: float
    audience: Audience = field(default=PUBLIC)


@dataclass(frozen=True, slots=True, kw_only=True)
class GameStarted(TiraEvent):
    kind: ClassVar[str] = "game-started"
    players: int
    coasters: tuple[Coaster | None, ...]
    pile_size: int
    variant: Variant
    speed: Speed
    controls: tuple[Control, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundStarted(TiraEvent):
    """The big die was rolled: ``supreme`` is this round's supreme lucky symbol."""

    kind: ClassVar[str] = "round-started"
    round: int  # 1-based
    supreme: Symbol
    coasters: tuple[Coaster | None, ...]
    won_counts: tuple[int, ...]
    signal_at: float
    race_at: float


@dataclass(frozen=True, slots=True, kw_only=True)
class StartSignal(TiraEvent):
    """ "Ai dischetti, pronti, via!" — the race starts at ``race_at``."""

    kind: ClassVar[str] = "start-signal"
    race_at: float


@dataclass(frozen=True, slots=True, kw_only=True)
class RaceStarted(TiraEvent):
    kind: ClassVar[str] = "race-started"


@dataclass(frozen=True, slots=True, kw_only=True)
class Thrown(TiraEvent):
    """A throw: ``dice`` dice in the air, ``joined`` of them from the coaster.

    ``calm_roll`` is 0 in the race, 1…3 for a calm roll; ``auto`` when the
    engine made the calm roll because the player let the delay pass.
    """

    kind: ClassVar[str] = "thrown"
    seat: int
    dice: int
    joined: int
    lands_at: float
    calm_roll: int = 0
    auto: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Landed(TiraEvent):
    """Dice landed showing ``faces``; ``frozen`` when they landed after Stop (nothing moves)."""

    kind: ClassVar[str] = "landed"
    seat: int
    faces: tuple[Symbol, ...]
    calm_roll: int = 0
    frozen: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class DieToTray(TiraEvent):
    """A die showing the supreme symbol went onto the tray (out of the round)."""

    kind: ClassVar[str] = "die-to-tray"
    seat: int
    symbol: Symbol
    die: int
    dice_left: int  # the seat's dice (hand, air and coaster) after this one
    tray: int
    auto: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class DiePassed(TiraEvent):
    kind: ClassVar[str] = "die-passed"
    from_seat: int
    to_seat: int
    side: Destination
    arrives_from: Destination
    symbol: Symbol
    die: int
    sender_left: int
    receiver_waiting: int  # dice now waiting on the receiver's coaster
    receiver_total: int
    auto: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class StopCalled(TiraEvent):
    """``seat`` has no dice left; ``together`` are all who called Stop at this instant."""

    kind: ClassVar[str] = "stop"
    seat: int
    together: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class CalmStarted(TiraEvent):
    """The three calm rolls begin for ``rolling`` (only the supreme symbol counts)."""

    kind: ClassVar[str] = "calm-started"
    stoppers: tuple[int, ...]
    rolling: tuple[int, ...]
    rolls: int
    auto_after: float  # seconds before a calm roll is made for a player


@dataclass(frozen=True, slots=True, kw_only=True)
class CalmEmptied(TiraEvent):
    """A player got rid of the last die in a calm roll: they win their coaster."""

    kind: ClassVar[str] = "calm-emptied"
    seat: int
    roll: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CalmFinished(TiraEvent):
    """A player made the three calm rolls and keeps ``dice_left`` dice."""

    kind: ClassVar[str] = "calm-finished"
    seat: int
    dice_left: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundEnded(TiraEvent):
    kind: ClassVar[str] = "round-ended"
    round: int
    winners: tuple[int, ...]
    dice_left: tuple[int, ...]
    won_counts: tuple[int, ...]  # after this round


@dataclass(frozen=True, slots=True, kw_only=True)
class CoasterWon(TiraEvent):
    kind: ClassVar[str] = "coaster-won"
    seat: int
    coaster: Coaster
    won_count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CoasterDrawn(TiraEvent):
    """A round winner's new coaster; ``coaster`` None when the pile was empty."""

    kind: ClassVar[str] = "coaster-drawn"
    seat: int
    coaster: Coaster | None
    pile_size: int


@dataclass(frozen=True, slots=True, kw_only=True)
class GameEnded(TiraEvent):
    kind: ClassVar[str] = "game-ended"
    winners: tuple[int, ...]
    won_counts: tuple[int, ...]
    reason: EndReason
    shared: bool
