"""A match's own time on the app's scheduler: the same clock, shifted, and able to stop.

A saved match resumes at the game time it was saved, while the app's clock
has moved on (another run of the program, another day); a turn-based match
stands still while its player reads a menu or the rules. ``GameScheduler``
gives a table what it uses of the app's ``Scheduler`` — ``clock.now()``,
``call_at``, ``call_later`` and handles with ``when`` and ``cancel`` — in game
time: game time = app time - ``offset``. A new match uses offset 0, so its
game time is the app's time.

Guarantees the engines rely on:

- game time never goes back, and never starts before ``start`` (the saved
  instant): until the app's clock reaches ``start + offset`` the game stands
  still, which is how a resumed race waits while its situation is spoken;
- a call scheduled at game time ``when`` sees the game clock at ``when`` at
  least, even when the shift by ``offset`` rounds the app's time a hair below;
- between ``pause()`` and ``resume()`` game time stands still and no call
  runs; on ``resume()`` every pending call moves by the time the pause lasted;
- ``set_offset(offset)`` moves game time against the app's clock (a real-time
  table on a server changes how far behind the clock it applies actions): a
  larger offset makes game time stand still until the clock catches up, never go
  back; every pending call moves with it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from audiogame.core.clock import Clock


class BaseHandle(Protocol):
    @property
    def cancelled(self) -> bool: ...

    def cancel(self) -> None: ...


class BaseScheduler(Protocol):
    """What a ``GameScheduler`` needs under it: the app's ``Scheduler``, or a server's
    scheduler on an asyncio loop (``net.server.loop_clock.LoopScheduler``)."""

    @property
    def clock(self) -> Clock: ...

    def call_at(self, when: float, callback: Callable[..., Any], *args: Any) -> BaseHandle: ...


class GameClock:
    def __init__(self, base: Clock, offset: float, start: float) -> None:
        self.base = base
        self.offset = offset
        self.floor = start
        self.paused_at: float | None = None  # the game time it stopped at

    def now(self) -> float:
        if self.paused_at is not None:
            return self.paused_at
        return max(self.base.now() - self.offset, self.floor)

    def app_time(self, game_time: float) -> float:
        return game_time + self.offset


class GameHandle:
    """A scheduled call, its time in game time."""

    __slots__ = ("_handle", "when", "callback", "args")

    def __init__(
        self,
        handle: BaseHandle | None,
        when: float,
        callback: Callable[..., Any],
        args: tuple[Any, ...],
    ) -> None:
        self._handle = handle
        self.when = when
        self.callback = callback
        self.args = args

    @property
    def cancelled(self) -> bool:
        return self._handle is not None and self._handle.cancelled

    def cancel(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
        else:
            self._handle = _CANCELLED


class _Cancelled:
    cancelled = True

    def cancel(self) -> None:
        pass


_CANCELLED: Any = _Cancelled()


class GameScheduler:
    def __init__(
        self, scheduler: BaseScheduler, offset: float = 0.0, start: float | None = None
    ) -> None:
        self.base = scheduler
        begin = scheduler.clock.now() - offset if start is None else start
        self.clock = GameClock(scheduler.clock, offset, begin)
        self._pending: list[GameHandle] = []

    @property
    def offset(self) -> float:
        return self.clock.offset

    @property
    def paused(self) -> bool:
        return self.clock.paused_at is not None

    def call_at(self, when: float, callback: Callable[..., Any], *args: Any) -> GameHandle:
        handle = GameHandle(None, when, callback, args)
        if not self.paused:
            handle._handle = self._on_base(handle)
        self._pending = [h for h in self._pending if not h.cancelled]
        self._pending.append(handle)
        return handle

    def call_later(self, delay: float, callback: Callable[..., Any], *args: Any) -> GameHandle:
        return self.call_at(self.clock.now() + max(0.0, delay), callback, *args)

    def pause(self) -> None:
        """Stop game time (a menu is open over a turn-based table): nothing runs."""
        if self.paused:
            return
        self.clock.paused_at = self.clock.now()
        for handle in self._pending:
            if not handle.cancelled and handle._handle is not None:
                handle._handle.cancel()
                handle._handle = None

    def resume(self) -> None:
        """Game time goes on from where it stopped; pending calls move with it."""
        stopped = self.clock.paused_at
        if stopped is None:
            return
        self.clock.paused_at = None
        self.clock.offset = self.base.clock.now() - stopped
        self.clock.floor = max(self.clock.floor, stopped)
        live = [h for h in self._pending if not h.cancelled]
        self._pending = live
        for handle in live:
            handle._handle = self._on_base(handle)

    def set_offset(self, offset: float) -> None:
        """Game time = app time - ``offset`` from now on (never going back); pending
        calls keep their game times."""
        if self.paused:
            return  # resume() sets the offset from where the game stopped
        self.clock.floor = max(self.clock.floor, self.clock.now())
        self.clock.offset = offset
        live = [h for h in self._pending if not h.cancelled]
        self._pending = live
        for handle in live:
            if handle._handle is not None:
                handle._handle.cancel()
            handle._handle = self._on_base(handle)

    def _on_base(self, handle: GameHandle) -> BaseHandle:
        return self.base.call_at(self.clock.app_time(handle.when), self._run, handle)

    def _run(self, handle: GameHandle) -> None:
        self.clock.floor = max(self.clock.floor, handle.when)
        handle._handle = _CANCELLED  # done: not pending any more
        handle.callback(*handle.args)
