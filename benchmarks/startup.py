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


def one_start(speech: str) -> tuple[float, float]:
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
    menu = None
    while menu is None:
        said = proc.stdout.readline()
        if not said:
            break
        if b"Main menu" in said:
            menu = time.perf_counter() - t0
    proc.kill()
    proc.wait()
    if not line.strip() or menu is None:
        raise RuntimeError("the game did not greet and reach its main menu")
    return first_word, menu


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--speech", default="text")
    args = parser.parse_args()
    one_start(args.speech)  # warm the OS file cache once, as a player's second start would
    starts = [one_start(args.speech) for _ in range(args.runs)]
    for label, times in (
        ("first spoken word", [s[0] for s in starts]),
        ("main menu", [s[1] for s in starts]),
    ):
        print(
            f"start-up to the {label} ({args.speech}): runs={args.runs} "
            f"median={statistics.median(times) * 1000:.0f} ms "
            f"min={min(times) * 1000:.0f} ms max={max(times) * 1000:.0f} ms"
        )


if __name__ == "__main__":
    main()
