"""Files that must never be half-written or lost: atomic writes, capped reads,
damaged files kept aside (a bounded number of them)."""

from __future__ import annotations

import errno
import json
import logging
import os
import stat
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

#: how many kept-aside copies of one file are kept: the newest, for a bug report
KEPT_ASIDE = 5
#: a kept-aside file longer than this keeps only its start: enough to see what it
#: was, and a 200 MB file does not stay on the player's disk for ever
KEPT_ASIDE_BYTES = 1 << 20
#: a temporary file this old is left over from a write that was killed
STRAY_AGE = 60.0

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


class TooBig(ValueError):
    """A file longer than its reader's cap: refused without reading it."""


class NotAFile(ValueError):
    """A path that is not a regular file (a folder, a pipe that would block a read)."""


def read_capped(path: Path, cap: int) -> bytes:
    """The bytes of ``path``, refusing to read more than ``cap`` of them.

    Opened without blocking (a named pipe in a file's place would wait for a
    writer for ever) and checked to be a regular file before anything is read.
    ``FileNotFoundError`` when missing; ``TooBig`` / ``NotAFile``, both
    ``ValueError``; any other ``OSError`` as it comes.
    """
    fd = os.open(path, os.O_RDONLY | _BINARY | getattr(os, "O_NONBLOCK", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotAFile(str(path))
        if info.st_size > cap:
            raise TooBig(f"{path}: {info.st_size} bytes, more than {cap}")
        chunks: list[bytes] = []
        total = 0
        while total <= cap:
            chunk = os.read(fd, min(1 << 20, cap + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > cap:  # it grew since fstat
            raise TooBig(f"{path}: more than {cap} bytes")
        return b"".join(chunks)
    finally:
        os.close(fd)


def failure_kind(exc: OSError) -> str:
    """What a failed write means to a player: "full", "readonly" or "other"."""
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return "full"
    if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return "readonly"
    return "other"


def keep_aside(path: Path, keep: int = KEPT_ASIDE) -> Path | None:
    """Move a damaged file out of the way; returns where it went.

    Only the ``keep`` newest kept-aside copies of a name are kept (older ones
    are removed), and a long one keeps only its first ``KEPT_ASIDE_BYTES``.
    """
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
        n += 1
    try:
        os.replace(path, target)
    except OSError:
        return None
    prune_kept(path, keep)
    return target if target.exists() else None


def kept_copies(path: Path) -> list[Path]:
    """The kept-aside copies of ``path``, oldest first."""
    try:
        found = list(path.parent.glob(f"{path.name}.damaged-*"))
    except OSError:
        return []
    return sorted(found, key=_age_key)


def prune_kept(path: Path, keep: int = KEPT_ASIDE) -> None:
    """Remove all but the ``keep`` newest kept-aside copies of ``path``; cut long ones short."""
    copies = kept_copies(path)
    for old in copies[: max(0, len(copies) - keep)]:
        _remove(old)
    for copy in copies[max(0, len(copies) - keep) :]:
        try:
            if copy.is_file() and copy.stat().st_size > KEPT_ASIDE_BYTES:
                os.truncate(copy, KEPT_ASIDE_BYTES)
        except OSError as exc:
            log.warning("could not shorten %s: %s", copy, exc)


def remove_stray_temps(path: Path, age: float = STRAY_AGE) -> int:
    """Remove the temporary files ``write_atomic`` left beside ``path`` when it was
    killed (``<name>.*.tmp``) that are older than ``age`` seconds; returns how many."""
    removed = 0
    now = time.time()
    try:
        strays = list(path.parent.glob(f"{path.name}.*.tmp"))
    except OSError:
        return 0
    for stray in strays:
        try:
            if now - stray.stat().st_mtime >= age and _remove(stray):
                removed += 1
        except OSError:
            continue
    return removed


def _age_key(path: Path) -> tuple[float, str]:
    try:
        return (path.stat().st_mtime, path.name)
    except OSError:
        return (0.0, path.name)


def _remove(path: Path) -> bool:
    try:
        path.unlink()
    except IsADirectoryError:
        import shutil

        shutil.rmtree(path, ignore_errors=True)
    except OSError as exc:
        log.warning("could not remove %s: %s", path, exc)
        return False
    return True
