"""Files that must never be half-written or lost: atomic writes, damaged files kept aside."""

from __future__ import annotations

import errno
import json
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: Windows opens files in text mode unless told otherwise (newlines would grow into CR LF)
_BINARY = getattr(os, "O_BINARY", 0)

#: ``os.write``'s shape: write some of the bytes, return how many were written
WriteFn = Callable[[int, memoryview], int]


class StorageError(Exception):
    """A file could not be written (read-only folder, disk full ...)."""


def write_atomic(path: Path, text: str, sync: bool = True) -> None:
    """Write ``text`` to ``path`` so that a crash leaves the old file or the new, never half.

    ``sync=False`` skips the flush to the disk itself: the file then survives the
    process being killed (the system keeps it), not a power cut, until ``sync_file``.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
                handle.flush()
                if sync:
                    os.fsync(handle.fileno())
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
    except OSError as exc:
        raise StorageError(str(exc)) from exc


def overwrite(path: Path, data: bytes, write: WriteFn = os.write) -> None:
    """Write ``data`` at the start of ``path`` in place (created if missing).

    The one way the game writes in place, on every system (Windows has no
    ``os.pwrite``): open, seek to the start, write until every byte is out, then
    cut off what a longer earlier content left behind. ``write`` may write fewer
    bytes than asked (a full disk does): the rest is written again, and a write
    that makes no progress is an error. Every failure is an ``OSError``.
    """
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | _BINARY, 0o600)
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        view = memoryview(data)
        done = 0
        while done < len(view):
            n = write(fd, view[done:])
            if not isinstance(n, int) or n <= 0:
                raise OSError(errno.ENOSPC, f"short write: {done} of {len(view)} bytes")
            done += n
        if os.fstat(fd).st_size > len(view):
            os.ftruncate(fd, len(view))
    finally:
        os.close(fd)


def sync_file(path: Path) -> None:
    """Make a file written with ``sync=False`` survive a power cut too."""
    try:
        # for writing: Windows flushes only a handle that may write
        fd = os.open(path, os.O_WRONLY | _BINARY)
    except FileNotFoundError:
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_json(path: Path, data: Any) -> None:
    write_atomic(path, json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True))


def keep_aside(path: Path) -> Path | None:
    """Move a damaged file out of the way (never delete it); returns where it went."""
    target = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}-{n}")
        n += 1
    try:
        os.replace(path, target)
    except OSError:
        return None
    return target
