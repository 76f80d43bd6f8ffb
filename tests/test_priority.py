"""The race's real-time tests run ahead of the machine's other programs where allowed:
the thread that runs them, the threads and the processes it starts, and afterwards the
thread is back where it was."""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest

from audiogame.devtools.priority import STEP, ahead_of_the_load

pytestmark = pytest.mark.skipif(
    not hasattr(os, "getpriority"), reason="this system has no nice levels (Windows)"
)


def test_what_the_raised_thread_starts_runs_ahead_and_the_thread_comes_back() -> None:
    before = os.getpriority(os.PRIO_PROCESS, 0)
    seen: list[int] = []
    with ahead_of_the_load() as raised:
        if not raised:
            pytest.skip("raising a priority needs a privileged user (CI runs as root)")
        worker = threading.Thread(target=lambda: seen.append(os.getpriority(os.PRIO_PROCESS, 0)))
        worker.start()
        worker.join()
        child = subprocess.run(
            [sys.executable, "-c", "import os; print(os.getpriority(os.PRIO_PROCESS, 0))"],
            capture_output=True,
            text=True,
            check=True,
        )
        inside = os.getpriority(os.PRIO_PROCESS, 0)
    assert inside == seen[0] == int(child.stdout) == before - STEP
    assert os.getpriority(os.PRIO_PROCESS, 0) == before
