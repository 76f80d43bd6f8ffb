"""Start-up time to the first spoken word, over cold starts of the real command.

Each run starts ``python -m audiogame`` in a fresh process (text speech, so the
first word is the first line the terminal receives; dummy SDL drivers) and
stops the clock when that line arrives.

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


def one_start(speech: str) -> float:
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
    elapsed = time.perf_counter() - t0
    proc.kill()
    proc.wait()
    if not line.strip():
        raise RuntimeError("the game said nothing")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--speech", default="text")
    args = parser.parse_args()
    one_start(args.speech)  # warm the OS file cache once, as a player's second start would
    times = [one_start(args.speech) for _ in range(args.runs)]
    print(
        f"start-up to first spoken word ({args.speech}): runs={args.runs} "
        f"median={statistics.median(times) * 1000:.0f} ms "
        f"min={min(times) * 1000:.0f} ms max={max(times) * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
