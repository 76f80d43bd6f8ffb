"""Keep what C libraries print out of the player's terminal.

Opening the sound device and SDL's video print straight to the process's
standard error from C: on a machine without a sound card, ALSA's sixteen
"cannot find card" lines and "XDG_RUNTIME_DIR is invalid", which a screen
reader reads aloud before the game has said a word. While ``c_stderr_to_log``
is active, file descriptor 2 points at a temporary file; what was written there
goes to the log (shown with ``--verbose``). ``os.dup``/``os.dup2`` work the same
on Windows, where SDL and the C runtime write to the same descriptor.
"""

from __future__ import annotations

import logging
import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

log = logging.getLogger(__name__)


@contextmanager
def c_stderr_to_log(what: str) -> Iterator[None]:
    """Capture descriptor 2 during ``what`` (e.g. "opening the sound device")."""
    try:
        fd = sys.__stderr__.fileno() if sys.__stderr__ is not None else 2
        saved = os.dup(fd)
    except (AttributeError, OSError, ValueError):  # no standard error at all (pythonw)
        yield
        return
    _flush()
    sink = tempfile.TemporaryFile()
    try:
        os.dup2(sink.fileno(), fd)
        try:
            yield
        finally:
            _flush()
            os.dup2(saved, fd)
        sink.seek(0)
        printed = sink.read().decode("utf-8", errors="replace")
    finally:
        os.close(saved)
        sink.close()
    for line in printed.splitlines():
        if line.strip():
            log.info("%s: %s", what, line.rstrip())


def _flush() -> None:
    for stream in (sys.stderr, sys.__stderr__):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):
            pass
