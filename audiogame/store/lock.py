"""One copy of the game per data folder: a lock held while it runs.

Two copies writing the same slots would overwrite each other's matches. The
first copy takes an operating-system lock on ``<data folder>/audiogame.lock``
(``filelock``: ``flock`` on Linux and macOS, ``msvcrt.locking`` on Windows),
held until it exits; the system releases it when the process dies, even by
kill -9, so a crash never leaves the folder locked. A second copy finds it
taken: it plays without saving (``SaveStore(off=...)``) and says why.
"""

from __future__ import annotations

import logging
from enum import Enum
from pathlib import Path

from filelock import FileLock, Timeout

from audiogame.store.saves import SaveStore

log = logging.getLogger(__name__)

LOCK_NAME = "audiogame.lock"


class Held(Enum):
    MINE = "mine"
    #: another copy of the game holds it
    OTHER_COPY = "other-copy"
    #: the folder cannot hold a lock (read-only, missing and not creatable): saving
    #: will fail too, and say so itself
    UNAVAILABLE = "unavailable"


class DataLock:
    def __init__(self, folder: Path) -> None:
        self.path = folder / LOCK_NAME
        self._lock: FileLock | None = None

    def acquire(self) -> Held:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            lock = FileLock(str(self.path), timeout=0)
            lock.acquire()
        except Timeout:
            return Held.OTHER_COPY
        except OSError as exc:
            log.warning("no lock on the data folder: %s", exc)
            return Held.UNAVAILABLE
        self._lock = lock
        return Held.MINE

    def release(self) -> None:
        if self._lock is not None:
            try:
                self._lock.release()
            except OSError as exc:
                log.warning("releasing the data folder's lock: %s", exc)
            self._lock = None


#: what a copy that does not hold the lock says when asked to save
OFF_OTHER_COPY = "save-off-other-copy"


def open_saves(folder: Path) -> tuple[SaveStore, DataLock]:
    """The save store of a run: writing only when this copy holds the folder's lock."""
    lock = DataLock(folder)
    held = lock.acquire()
    return SaveStore(folder, off=OFF_OTHER_COPY if held is Held.OTHER_COPY else None), lock
