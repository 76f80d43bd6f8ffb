"""A match's own time on the app's scheduler: the same clock, shifted.

A saved match resumes at the game time it was saved, while the app's clock
has moved on (another run of the program, another day). ``GameScheduler``
gives a table what it used of the app's ``Scheduler`` — ``clock.now()``,
``call_at``, ``call_later`` and handles with ``when`` and ``cancel`` — in game
time: game time = app time - ``offset``. A new match uses offset 0, so its
game time is the app's time.

Two guarantees the engines rely on:

- game time never goes back, and never starts before ``start`` (the saved
  instant): until the app's clock reaches ``start + offset`` the game stands
  still, which is how a resumed race waits while its situation is spoken;
- a call scheduled at game time ``when`` sees the game clock at ``when`` at
  least, even when the shift by ``offset`` rounds the app's time a hair below.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from audiogame.app.clock import Clock, Handle, Scheduler


class GameClock:
    def __init__(self, base: Clock, offset: float, start: float) -> None:
        self.base = base
        self.offset = offset
        self.floor = start

    def now(self) -> float:
        return max(self.base.now() - self.offset, self.floor)

    def app_time(self, game_time: float) -> float:
        return game_time + self.offset


class GameHandle:
    """A scheduled call, its time in game time."""

    __slots__ = ("_handle", "when")

    def __init__(self, handle: Handle, when: float) -> None:
        self._handle = handle
        self.when = when

    @property
    def cancelled(self) -> bool:
        return self._handle.cancelled

    def cancel(self) -> None:
        self._handle.cancel()


class GameScheduler:
    def __init__(
        self, scheduler: Scheduler, offset: float = 0.0, start: float | None = None
    ) -> None:
        self.base = scheduler
        begin = scheduler.clock.now() - offset if start is None else start
        self.clock = GameClock(scheduler.clock, offset, begin)

    @property
    def offset(self) -> float:
        return self.clock.offset

    def call_at(self, when: float, callback: Callable[..., Any], *args: Any) -> GameHandle:
        handle = self.base.call_at(self.clock.app_time(when), self._run, when, callback, args)
        return GameHandle(handle, when)

    def call_later(self, delay: float, callback: Callable[..., Any], *args: Any) -> GameHandle:
        return self.call_at(self.clock.now() + max(0.0, delay), callback, *args)

    def _run(self, when: float, callback: Callable[..., Any], args: tuple[Any, ...]) -> None:
        self.clock.floor = max(self.clock.floor, when)
        callback(*args)
