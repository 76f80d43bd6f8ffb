"""The app's scheduler interface on an asyncio loop: a table's real clock on the server.

``LoopScheduler`` gives ``core.gametime.GameScheduler`` (and through it a
``TableSession``) what it uses of the app's ``Scheduler``: ``clock.now()`` and
``call_at`` returning handles with ``when``/``cancel``/``cancelled``. Calls run
on the loop at their time (``loop.call_at``); one that raises is reported to
``on_error`` (the table closes itself) instead of the loop's default handler,
so a failing game never takes another table with it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)


class LoopClock:
    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._time = loop.time

    def now(self) -> float:
        return self._time()


class LoopHandle:
    __slots__ = ("when", "_handle", "cancelled")

    def __init__(self, when: float) -> None:
        self.when = when
        self._handle: asyncio.TimerHandle | None = None
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True
        if self._handle is not None:
            self._handle.cancel()


class LoopScheduler:
    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        on_error: Callable[[BaseException], None] | None = None,
    ) -> None:
        self.loop = loop
        self.clock = LoopClock(loop)
        self.on_error = on_error

    def call_at(self, when: float, callback: Callable[..., Any], *args: Any) -> LoopHandle:
        handle = LoopHandle(when)

        def run() -> None:
            if handle.cancelled:
                return
            handle.cancelled = True  # done: a cancel after this changes nothing
            try:
                callback(*args)
            except Exception as exc:
                if self.on_error is None:
                    raise
                self.on_error(exc)

        handle._handle = self.loop.call_at(when, run)
        return handle

    def call_later(self, delay: float, callback: Callable[..., Any], *args: Any) -> LoopHandle:
        return self.call_at(self.clock.now() + max(0.0, delay), callback, *args)

    def idle(self, task: Callable[[], bool]) -> None:
        """A ``TableSession`` ``Idle``: a bot's search runs in slices between other
        work on the loop (other tables, other connections), never all at once."""

        def step() -> None:
            try:
                done = task()
            except Exception as exc:
                if self.on_error is None:
                    raise
                self.on_error(exc)
                return
            if not done:
                self.loop.call_soon(step)

        self.loop.call_soon(step)
