"""Memory handed back to the system once players have gone.

CPython frees a closed connection's objects at once, but the C allocator under it
(glibc's malloc, on Linux) keeps the freed pages for the process's next use: a
server that had hundreds of guests keeps their pages long after they left.
``give_back`` asks glibc to return the free pages at the top and in the middle of
its heaps (``malloc_trim``), after a collection of cycles; elsewhere it only
collects. The server calls it when its sweep has forgotten guests (a moment, at
most once a sweep).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import sys
from collections.abc import Callable
from functools import cache


@cache
def _trim() -> Callable[[int], int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim: Callable[[int], int] = libc.malloc_trim
    except (OSError, AttributeError):  # not glibc (musl has no malloc_trim)
        return None
    return trim


def give_back() -> None:
    gc.collect()
    trim = _trim()
    if trim is not None:
        trim(0)
