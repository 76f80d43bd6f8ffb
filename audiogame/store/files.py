"""Files that must never be half-written or lost: atomic writes, damaged files kept aside."""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any


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


def sync_file(path: Path) -> None:
    """Make a file written with ``sync=False`` survive a power cut too."""
    try:
        fd = os.open(path, os.O_RDONLY)
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
