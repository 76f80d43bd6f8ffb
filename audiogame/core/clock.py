"""Injected time: a real or virtual clock, and a scheduler driven by it.

Nothing in the game reads the wall clock directly. The app loop owns one
``Clock`` and one ``Scheduler``; bots' thinking, thinking-time limits, dice in
flight and reaction delays are all scheduled callbacks. Tests use
``VirtualClock`` and jump time forward, so a ten-minute game runs in
milliseconds and replays exactly.
"""

from __future__ import annotations

import heapq
import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Seconds on this clock (monotonic, arbitrary origin)."""
        ...


class RealClock:
    """The machine's monotonic clock."""

    def now(self) -> float:
        return time.monotonic()


class VirtualClock:
    """A clock that only moves when told to: for tests, replays and benchmarks."""

    def __init__(self, start: float = 0.0) -> None:
        self._now = start

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("a clock never goes back")
        self._now += seconds

    def set(self, when: float) -> None:
        if when < self._now:
            raise ValueError("a clock never goes back")
        self._now = when


@dataclass(order=True)
class _Entry:
    when: float
    seq: int
    callback: Callable[..., Any] = field(compare=False)
    args: tuple[Any, ...] = field(compare=False, default=())
    cancelled: bool = field(compare=False, default=False)


class Handle:
    """What ``Scheduler.call_at`` returns: lets the caller cancel the call."""

    __slots__ = ("_entry",)

    def __init__(self, entry: _Entry) -> None:
        self._entry = entry

    @property
    def when(self) -> float:
        return self._entry.when

    @property
    def cancelled(self) -> bool:
        return self._entry.cancelled

    def cancel(self) -> None:
        self._entry.cancelled = True


class Scheduler:
    """Timed callbacks on a clock, run in (time, insertion) order.

    Callbacks run only inside ``run_due``; a callback may schedule more calls,
    and those that are already due run in the same ``run_due``. Ties are broken
    by insertion order so that a seed replays exactly.
    """

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self._heap: list[_Entry] = []
        self._seq = itertools.count()

    def call_at(self, when: float, callback: Callable[..., Any], *args: Any) -> Handle:
        entry = _Entry(when, next(self._seq), callback, args)
        heapq.heappush(self._heap, entry)
        return Handle(entry)

    def call_later(self, delay: float, callback: Callable[..., Any], *args: Any) -> Handle:
        return self.call_at(self.clock.now() + max(0.0, delay), callback, *args)

    def next_time(self) -> float | None:
        """When the earliest pending call is due, or None when nothing is pending."""
        self._drop_cancelled()
        return self._heap[0].when if self._heap else None

    def pending(self) -> int:
        self._drop_cancelled()
        return sum(1 for e in self._heap if not e.cancelled)

    def run_due(self, now: float | None = None) -> int:
        """Run every call due at ``now`` (default: the clock's time). Returns how many ran."""
        limit = self.clock.now() if now is None else now
        ran = 0
        while self._heap and self._heap[0].when <= limit:
            entry = heapq.heappop(self._heap)
            if entry.cancelled:
                continue
            entry.callback(*entry.args)
            ran += 1
        return ran

    def clear(self) -> None:
        self._heap.clear()

    def _drop_cancelled(self) -> None:
        while self._heap and self._heap[0].cancelled:
            heapq.heappop(self._heap)


def run_virtual(clock: VirtualClock, scheduler: Scheduler, until: float) -> None:
    """Advance a virtual clock to ``until``, running each call at its own time."""
    while True:
        nxt = scheduler.next_time()
        if nxt is None or nxt > until:
            break
        clock.set(max(clock.now(), nxt))
        scheduler.run_due()
    clock.set(max(clock.now(), until))
