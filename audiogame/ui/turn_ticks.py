"""A turn's last seconds, ticked: any turn-based table whose player has thinking time.

The engine runs the time-out itself (its deadline); the table only lets the
player hear the time running out, one tick in each of the last ``TICKS``
seconds (never at the turn's first second: a 5-second turn ticks 4 times); the
table is told how many seconds are left, and whether it is the first tick of the
turn (a table without sounds says that one in words).
"""

from __future__ import annotations

from collections.abc import Callable

from audiogame.core.seat import GameTime, TimerHandle

#: the thinking-time ticks sound in the last seconds of a turn
TICKS = 5


class TurnTicks:
    """The ticks up to my turn's deadline, on the table's game time (they stand
    still with it under a menu)."""

    def __init__(self, time: GameTime, tick: Callable[[int, bool], None]) -> None:
        self._time = time
        self._tick = tick
        self._handles: list[TimerHandle] = []
        self._deadline: float | None = None  # the deadline the ticks count to

    def to(self, deadline: float | None, limit: int) -> None:
        """Tick before ``deadline`` (None: not my turn, or no clock); ``limit`` is the
        turn's thinking time. The same deadline again changes nothing."""
        if deadline == self._deadline:
            return
        self.stop()
        self._deadline = deadline
        if deadline is None:
            return
        time = self._time
        now = time.clock.now()
        first = min(TICKS, limit - 1)
        for left in range(first, 0, -1):
            if deadline - left > now:
                self._handles.append(time.call_at(deadline - left, self._tick, left, left == first))

    def stop(self) -> None:
        for handle in self._handles:
            handle.cancel()
        self._handles.clear()
        self._deadline = None
