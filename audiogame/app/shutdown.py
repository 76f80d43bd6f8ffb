"""Control+C, SIGTERM, a closed terminal (SIGHUP) and Control+Break on Windows end the
game the ordinary way: the loop stops at the end of its frame, the match in
progress is saved, and the command exits 0 with no traceback.

The handlers only ask the app to quit; everything else happens on the way
out of the loop (``cli.main``'s ``finally``), where the terminal is given
back too: the two compose because neither runs inside a signal handler.
"""

from __future__ import annotations

import logging
import signal
import threading
from types import FrameType, TracebackType
from typing import Any, Protocol

log = logging.getLogger(__name__)

STOP_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK")


class Quits(Protocol):
    def quit(self) -> None: ...


class StopOnSignal:
    """While inside ``with``: the stop signals make ``app.quit()``; then as before."""

    def __init__(self, app: Quits) -> None:
        self.app = app
        self.received: int | None = None
        self._previous: dict[int, Any] = {}

    def __enter__(self) -> StopOnSignal:
        if threading.current_thread() is not threading.main_thread():
            return self  # handlers can only be set from the main thread
        for name in STOP_SIGNALS:
            number = getattr(signal, name, None)
            if number is None:
                continue
            try:
                self._previous[number] = signal.signal(number, self._stop)
            except (OSError, ValueError) as exc:  # not a signal this system lets us catch
                log.info("cannot catch %s: %s", name, exc)
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        for number, previous in self._previous.items():
            try:
                signal.signal(number, previous)
            except (OSError, ValueError, TypeError):
                pass
        self._previous.clear()

    def _stop(self, number: int, _frame: FrameType | None) -> None:
        self.received = number
        self.app.quit()
