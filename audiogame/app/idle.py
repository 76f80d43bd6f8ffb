"""Background work between frames, paced so a key still wakes the loop at once."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from audiogame.app.loop import App


class Bursts:
    """An idle for the session: background work in bursts of ``burst`` slices with
    a rest of ``rest`` seconds between them, in which the task is off the app's
    idle list, so the loop sleeps in its wait for a key (a process that sleeps
    now and then is woken by a key at once; one that never sleeps waits for the
    CPU on a busy machine)."""

    def __init__(self, app: App, burst: int, rest: float) -> None:
        self.app = app
        self.burst = burst
        self.rest = rest

    def __call__(self, task: Callable[[], bool]) -> None:
        done_in_burst = 0

        def run() -> bool:
            nonlocal done_in_burst
            if task():
                return True
            done_in_burst += 1
            if done_in_burst < self.burst:
                return False
            done_in_burst = 0
            self.app.scheduler.call_later(self.rest, self.app.idle_tasks.append, run)
            return True

        self.app.idle_tasks.append(run)
