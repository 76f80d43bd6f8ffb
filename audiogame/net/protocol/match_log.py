"""A match as its seed and its log: recording it, committing to the seed, replaying it.

``LoggedEngine`` wraps any engine of the contract and notes every accepted
action (seat, the action as the codec's data, game time) and every deadline
that produced events (a tick; a refused action that brought events due before
it is a tick too); the table appends these to the store before the
events go out. ``replay`` runs the same entries through a fresh engine from
the same seed: the events come out the same, in the same order. That is how a
table comes back after a crash, and how anybody checks a finished match
(``audiogame-server verify``): the table announced ``seed_hash(seed)`` when the
match began and reveals the seed when it ends.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from audiogame.core.contract import Engine, GameSpec, Outcome, Result
from audiogame.net.protocol.game_codec import GameCodec


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One accepted action (``action`` as the game codec's data) at game time ``at``,
    or (``action`` None) the game moving by itself at ``at`` (a deadline that
    produced events): replaying both gives the same events in the same order."""

    n: int
    at: float
    seat: int | None
    action: Any


def new_seed() -> str:
    """A fresh seed for a match: 64 random bits, as a decimal string (any client,
    a browser's JavaScript included, carries it without rounding)."""
    return str(secrets.randbits(64))


def engine_seed(seed: str) -> int | str:
    """The seed as the engine takes it (the number when it is one)."""
    return int(seed) if seed.isdigit() else seed


def seed_hash(seed: str) -> str:
    """The commitment announced when the match begins."""
    return hashlib.sha256(f"audiogame-seed:{seed}".encode()).hexdigest()


class LoggedEngine:
    """An engine that remembers what it accepted, for the table to store."""

    def __init__(self, inner: Engine, codec: GameCodec, next_n: int = 0) -> None:
        self.inner = inner
        self.codec = codec
        self.next_n = next_n
        self.pending: list[LogEntry] = []

    def take(self) -> list[LogEntry]:
        taken, self.pending = self.pending, []
        return taken

    # -- the contract, passed through -------------------------------------------------
    @property
    def seats(self) -> int:
        return self.inner.seats

    @property
    def is_over(self) -> bool:
        return self.inner.is_over

    @property
    def outcome(self) -> Outcome | None:
        return self.inner.outcome

    def apply(self, seat: int | None, action: Any, now: float) -> Result:
        result = self.inner.apply(seat, action, now)
        if result.refusal is None:
            self._note(now, seat, self.codec.encode_logged(action))
        elif result.events:
            # refused, but the game was brought to ``now`` first (what fell due, a race's
            # signal or dice landing): a tick to that time, so a replay has the same batches
            self._note(now, None, None)
        return result

    def why_not(self, seat: int | None, action: Any, now: float) -> StrEnum | None:
        return self.inner.why_not(seat, action, now)

    def legal_actions(self, seat: Any, now: float) -> Sequence[Any]:
        return self.inner.legal_actions(seat, now)

    def observation(self, seat: int | None) -> Any:
        return self.inner.observation(seat)

    def next_deadline(self) -> float | None:
        return self.inner.next_deadline()

    def advance(self, now: float) -> Sequence[Any]:
        events = self.inner.advance(now)
        if events:
            self._note(now, None, None)
        return events

    def to_dict(self) -> dict[str, Any]:
        return self.inner.to_dict()

    def _note(self, at: float, seat: int | None, action: Any) -> None:
        self.pending.append(LogEntry(self.next_n, at, seat, action))
        self.next_n += 1


class ReplayError(ValueError):
    """A log that does not replay: an entry the engine refuses, or data that is no action."""


@dataclass(frozen=True, slots=True)
class Replayed:
    engine: Engine
    events: list[Any]
    #: game time of the last entry (the start when the log is empty)
    clock: float


def replay(
    spec: GameSpec,
    codec: GameCodec,
    config: dict[str, Any],
    seed: str,
    start: float,
    log: Iterable[LogEntry],
) -> Replayed:
    """A fresh engine from the seed, every log entry applied in order."""
    if spec.new_engine is None:
        raise ReplayError(f"{spec.id} has no engine")
    engine = spec.new_engine(config, engine_seed(seed), start)
    events: list[Any] = []
    clock = start
    for entry in log:
        clock = max(clock, entry.at)
        if entry.action is None:
            events.extend(engine.advance(entry.at))
            continue
        try:
            action = codec.decode_logged(entry.action)
        except ValueError as exc:
            raise ReplayError(f"entry {entry.n}: {exc}") from None
        result = engine.apply(entry.seat, action, entry.at)
        if result.refusal is not None:
            raise ReplayError(f"entry {entry.n} refused: {result.refusal.value}")
        events.extend(result.events)
    return Replayed(engine, events, clock)


def entries_from_lists(log: Sequence[Sequence[Any]]) -> list[LogEntry]:
    """Log entries from the ``[at, seat, action]`` lists a MatchOver carries."""
    out = []
    for n, item in enumerate(log):
        if len(item) != 3:
            raise ReplayError(f"entry {n} is not [at, seat, action]")
        at, seat, action = item
        if type(at) not in (int, float) or (seat is not None and type(seat) is not int):
            raise ReplayError(f"entry {n} is not [at, seat, action]")
        out.append(LogEntry(n, float(at), seat, action))
    return out
