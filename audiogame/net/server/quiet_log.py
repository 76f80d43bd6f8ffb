"""A log that a stranger cannot flood: each kind of failure written once a minute.

A server logs what went wrong while handling a client's message. A client that
finds a message which fails every time could send it twenty times a second,
from as many connections as it likes, and fill the disk with the same trace.
``QuietLog`` writes the first failure of each kind in full, then at most one
line per ``every`` seconds saying how many more there were.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable


class QuietLog:
    def __init__(
        self,
        log: logging.Logger,
        every: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
        most_kinds: int = 256,
    ) -> None:
        self.log = log
        self.every = every
        self.clock = clock
        self.most_kinds = most_kinds
        #: per kind: when it was last written, and how many were kept quiet since
        self._kinds: dict[str, tuple[float, int]] = {}

    def exception(self, kind: str, message: str, *args: object) -> bool:
        """Log the exception being handled, unless ``kind`` was logged within
        ``every`` seconds (then only counted); True when it was written."""
        now = self.clock()
        last = self._kinds.get(kind)
        if last is not None and now - last[0] < self.every:
            self._kinds[kind] = (last[0], last[1] + 1)
            return False
        if last is None and len(self._kinds) >= self.most_kinds:
            self._kinds.clear()  # the kinds are the server's own names: never many
        quiet = 0 if last is None else last[1]
        self._kinds[kind] = (now, 0)
        if quiet:
            message += f" (and {quiet} more like it, not logged)"
        self.log.exception(message, *args)
        return True
