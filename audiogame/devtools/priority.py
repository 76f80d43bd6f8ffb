"""Ahead of the machine's other programs, for the tests whose subject is real time.

A race's fairness is judged by when presses are made and arrive: on a machine whose
cores other programs keep busy, a stalled process looks like a slow line, and a test of
the protocol turns into a test of the machine. A real race server, and a player's own
device, are not starved like that. So those tests raise the priority of the thread that
runs them; threads and processes they start (servers, delay proxies, players) inherit it.
Where that is not allowed (not root on Linux, Windows), they run as before; the Windows
part of ``.ci/run`` starts those files' whole Wine session ahead instead
(``packaging/windows/checks.py``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

#: nice steps above ordinary programs: a CPU-bound loop then gets about a ninth as much
STEP = 10


@contextmanager
def ahead_of_the_load(step: int = STEP) -> Iterator[bool]:
    """Inside: this thread (and what it starts) ``step`` nice levels ahead; whether it is."""
    get = getattr(os, "getpriority", None)
    if get is None:
        yield False
        return
    before = get(os.PRIO_PROCESS, 0)  # on Linux: this thread
    try:
        os.setpriority(os.PRIO_PROCESS, 0, before - step)
    except OSError:  # only a privileged user may raise a priority
        yield False
        return
    try:
        yield True
    finally:
        os.setpriority(os.PRIO_PROCESS, 0, before)
