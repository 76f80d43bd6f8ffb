"""The settings written off the loop: the disk never holds a key's answer up.

A settings file is written atomically and synced to disk (``write_json``);
on a busy disk that takes from a few milliseconds to more than half a second,
too long for the loop (F7 in the middle of a race). ``SettingsWriter.write``
takes a snapshot and returns at once; a daemon thread writes the newest
snapshot (older ones not yet written are skipped). ``problem`` holds the
message id of the last write's failure, None after a success; ``flush`` waits
until everything queued is on disk (in tests); ``close`` also ends the thread
(at exit: a thread still running while a process ends can crash its teardown).
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

from audiogame.store.files import StorageError, write_json

NOT_SAVED = "settings-not-saved"


class SettingsWriter:
    def __init__(self) -> None:
        self.problem: str | None = None
        #: bumped after every write, success or failure
        self.done = 0
        self._pending: tuple[Path, Any] | None = None
        self._busy = False
        self._closing = False
        self._lock = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="settings-writer", daemon=True)
        self._thread.start()

    def write(self, path: Path, data: Any) -> None:
        """Queue ``data`` for ``path`` (the newest wins); returns at once."""
        with self._lock:
            self._pending = (path, data)
            self._lock.notify_all()

    def flush(self, timeout: float = 2.0) -> bool:
        """Wait until everything queued is written; False on time-out."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while self._pending is not None or self._busy:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._lock.wait(left)
        return True

    def close(self, timeout: float = 2.0) -> bool:
        """Write what is queued, then end the thread; False when either took too long."""
        deadline = time.monotonic() + timeout
        flushed = self.flush(timeout)
        with self._lock:
            self._closing = True
            self._lock.notify_all()
        self._thread.join(max(0.0, deadline - time.monotonic()))
        return flushed and not self._thread.is_alive()

    def _run(self) -> None:
        while True:
            with self._lock:
                while self._pending is None:
                    if self._closing:
                        return
                    self._lock.wait()
                (path, data), self._pending = self._pending, None
                self._busy = True
            try:
                write_json(path, data)
                problem = None
            except StorageError:
                problem = NOT_SAVED
            with self._lock:
                self.problem = problem
                self.done += 1
                self._busy = False
                self._lock.notify_all()
