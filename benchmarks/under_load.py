"""A command run while busy processes hold the machine's cores: the suite's verdict must
not change with the machine's load, and its wall time under load goes in the README.

    python3 benchmarks/under_load.py [--busy 2] [--limit 3600] [--what suite|wine|ci]
    python3 benchmarks/under_load.py -- pytest tests/test_online_real_app.py

``--what suite`` (the default) runs the README's test command, ``wine`` the Windows
build's tests (``pytest packaging/windows/tests``), ``ci`` the whole ``.ci/run``; after
``--`` any command. Beside it run ``--busy`` plain CPU-bound loops at normal priority
(two hold both cores of a 2-core machine), started here and stopped here when the
command ends, or after ``--limit`` seconds whatever happens: each loop also ends by
itself then, and the command is stopped. Prints the wall time, the exit code and the
load averages seen, and exits with the command's code. Standard library only.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SUITE = ["python3", "-m", "uv", "run", "--extra", "test", "pytest"]
COMMANDS = {
    "suite": SUITE,
    "wine": [*SUITE, "packaging/windows/tests", "-n0", "-rs"],
    "ci": ["bash", ".ci/run"],
}
#: a busy loop that ends by itself after its bound (seconds), even if this script dies
BUSY = "import time\nend = time.monotonic() + {limit}\nwhile time.monotonic() < end:\n    pass\n"


def start_busy(count: int, limit: float) -> list[subprocess.Popen[bytes]]:
    return [
        subprocess.Popen(
            [sys.executable, "-c", BUSY.format(limit=limit)],
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
        for _ in range(count)
    ]


def stop(processes: list[subprocess.Popen[bytes]]) -> None:
    for process in processes:
        if process.poll() is None:
            process.kill()
    for process in processes:
        process.wait(10)


def watch_load(seen: list[float], done: threading.Event) -> None:
    """The 1-minute load average every 10 s, while the command runs."""
    while not done.wait(10):
        seen.append(os.getloadavg()[0])


def main(argv: list[str] | None = None) -> int:
    given = sys.argv[1:] if argv is None else argv
    command: list[str] | None = None
    if "--" in given:
        cut = given.index("--")
        given, command = given[:cut], given[cut + 1 :]
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--busy", type=int, default=2, help="busy loops beside the command")
    parser.add_argument("--limit", type=float, default=3600, help="seconds before all stops")
    parser.add_argument("--what", choices=sorted(COMMANDS), default="suite")
    args = parser.parse_args(given)
    command = command or COMMANDS[args.what]
    busy = start_busy(args.busy, args.limit)
    loads: list[float] = []
    done = threading.Event()
    threading.Thread(target=watch_load, args=(loads, done), daemon=True).start()
    started = time.monotonic()
    env = dict(os.environ, CI=os.environ.get("CI", "true")) if args.what == "ci" else None
    process = subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True)
    try:
        code = process.wait(args.limit)
    except subprocess.TimeoutExpired:
        print(f"under_load: stopped after {args.limit:.0f} s", file=sys.stderr)
        os.killpg(process.pid, signal.SIGKILL)
        code = process.wait(10) or 124
    finally:
        done.set()
        stop(busy)
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(10)
    wall = time.monotonic() - started
    shown = " ".join(f"{load:.1f}" for load in loads[::6]) or f"{os.getloadavg()[0]:.1f}"
    print(
        f"under_load: {' '.join(command)}: exit {code}, wall {wall:.0f} s "
        f"({wall / 60:.1f} min) beside {args.busy} busy loops; load every minute: {shown}"
    )
    return code


if __name__ == "__main__":
    sys.exit(main())
