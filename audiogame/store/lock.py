"""One copy of the game per data folder: a lock held while it runs.

Two copies writing the same slots would overwrite each other's matches. The
first copy takes an operating-system lock on ``<data folder>/audiogame.lock``
(``flock`` on Linux and macOS, ``msvcrt.locking`` on Windows), held until it
exits; the system releases it when the process dies, even by kill -9, so a
crash never leaves the folder locked. A second copy finds it taken: it plays
without saving (``SaveStore(off=...)``) and says why.

The two calls are the standard library's: the ``filelock`` package did the same
with 21 modules, whose import cost a start 0.16 s of CPU under Wine and as many
file look-ups, each a round trip to the Wine server, before the main menu.
"""

from __future__ import annotations

import logging
import os
import sys
from enum import Enum
from pathlib import Path

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


def _lock(fd: int) -> bool:
    """Lock the open file at once: False when another holds it; OSError when the
    folder's file system cannot lock."""
    if sys.platform == "win32":
        import msvcrt

        try:  # its first byte (the file is never read)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            # on an open file, only another holder refuses it (ERROR_LOCK_VIOLATION;
            # Windows says EACCES, Wine's C runtime sets no errno at all)
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:  # EWOULDBLOCK: another holds it
        return False
    return True


def _unlock(fd: int) -> None:
    if sys.platform == "win32":  # at once: Windows frees a closed file's locks "in time"
        import msvcrt

        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
    # elsewhere closing the file lets the lock go at once


class DataLock:
    def __init__(self, folder: Path) -> None:
        self.path = folder / LOCK_NAME
        self._fd: int | None = None

    def acquire(self) -> Held:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # never truncated: on Windows another copy's locked byte would refuse it
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            log.warning("no lock on the data folder: %s", exc)
            return Held.UNAVAILABLE
        try:
            mine = _lock(fd)
        except OSError as exc:  # e.g. a network folder without locks (ENOLCK)
            os.close(fd)
            log.warning("no lock on the data folder: %s", exc)
            return Held.UNAVAILABLE
        if not mine:
            os.close(fd)
            return Held.OTHER_COPY
        self._fd = fd
        return Held.MINE

    def release(self) -> None:
        """Unlocked and closed (the system does both when the process ends, however)."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        try:
            _unlock(fd)
        except OSError as exc:
            log.warning("releasing the data folder's lock: %s", exc)
        finally:
            os.close(fd)


#: what a copy that does not hold the lock says when asked to save
OFF_OTHER_COPY = "save-off-other-copy"


def open_saves(folder: Path) -> tuple[SaveStore, DataLock]:
    """The save store of a run: writing only when this copy holds the folder's lock."""
    lock = DataLock(folder)
    held = lock.acquire()
    return SaveStore(folder, off=OFF_OTHER_COPY if held is Held.OTHER_COPY else None), lock
