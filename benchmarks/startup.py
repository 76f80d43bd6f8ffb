"""Start-up time to the first spoken word and to the main menu, over cold starts of the
real command.

Each run starts ``python -m audiogame`` in a fresh process (text speech, so the
first word is the first line the terminal receives; dummy SDL drivers) and reads
the clock when that line arrives (the greeting) and when the main menu is said.
The same for the Windows zip under Wine: ``benchmarks/windows_start.py``.

    uv run python benchmarks/startup.py [--runs 5] [--speech text]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def cpu_seconds(pid: int) -> float:
    """The process's user and system CPU seconds so far (Linux /proc): what a busy
    machine does not stretch, as it stretches the wall times."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    fields = stat[stat.rindex(")") + 2 :].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def one_start(speech: str) -> tuple[float, float, float, float]:
    """(first word s, main menu s, CPU s at the first word, CPU s at the main menu)"""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["PYTHONPATH"] = str(ROOT)
    config = tempfile.mkdtemp()
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "audiogame",
            "--speech",
            speech,
            "--lang",
            "en",
            "--config-dir",
            config,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
        env=env,
        cwd=ROOT,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    first_word = time.perf_counter() - t0
    word_cpu = cpu_seconds(proc.pid)
    menu = None
    while menu is None:
        said = proc.stdout.readline()
        if not said:
            break
        if b"Main menu" in said:
            menu = time.perf_counter() - t0
            menu_cpu = cpu_seconds(proc.pid)
    proc.kill()
    proc.wait()
    if not line.strip() or menu is None:
        raise RuntimeError("the game did not greet and reach its main menu")
    return first_word, menu, word_cpu, menu_cpu


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--speech", default="text")
    args = parser.parse_args()
    one_start(args.speech)  # warm the OS file cache once, as a player's second start would
    starts = [one_start(args.speech) for _ in range(args.runs)]
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    for label, times, cpu in (
        ("first spoken word", [s[0] for s in starts], [s[2] for s in starts]),
        ("main menu", [s[1] for s in starts], [s[3] for s in starts]),
    ):
        print(
            f"start-up to the {label} ({args.speech}): runs={args.runs} "
            f"median={statistics.median(times) * 1000:.0f} ms "
            f"min={min(times) * 1000:.0f} ms max={max(times) * 1000:.0f} ms; "
            f"CPU median={statistics.median(cpu) * 1000:.0f} ms (load {load})"
        )


if __name__ == "__main__":
    main()
