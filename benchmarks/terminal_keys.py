"""Key written to a terminal -> the answer printed, through the real command.

Spawns ``audiogame`` in a pseudo-terminal (text speech, SDL dummy drivers), as
SSH or a console would run it, and at the main menu writes the bytes of Down
and Up in turn, as a terminal sends them; for each key it takes the time from
the write on the terminal's side to the arrival of the spoken line back on it.
That spans the whole path: the pty, the reader thread and prompt_toolkit's
decoding, the KEYDOWN posted into pygame's queue, the loop's frame, the menu's
answer and the text backend's print. Escape alone is measured apart: it waits
ESCDELAY (50 ms by default) to be told from the start of a sequence.

POSIX only (pseudo-terminals).

    uv run python benchmarks/terminal_keys.py [--presses 500] [--escapes 20] [--starts 5]

``--starts`` also times start-up in the terminal: spawn to the first spoken word
(the greeting, said before the key decoder is loaded) and to the main menu.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from audiogame.devtools.pty_session import PtyGame  # noqa: E402

KEYS = ("\x1b[B", "\x1b[A")  # Down, Up: each answered with a menu line


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def measure(game: PtyGame, data: str, pause: float) -> float:
    since = game.mark()
    sent = game.send(data)
    game.wait_for(r".", since, timeout=10)
    arrived = game.lines[since][0]
    time.sleep(pause)  # let the answer finish; keys come at a person's pace
    return (arrived - sent) * 1000


def starts(count: int) -> tuple[list[float], list[float]]:
    first, menu = [], []
    for _ in range(count):
        with tempfile.TemporaryDirectory() as tmp:
            t0 = time.perf_counter()
            game = PtyGame(Path(tmp), lang="en")
            try:
                game.wait_for("Welcome", timeout=30)
                game.wait_for("Main menu", timeout=30)
                first.append((game.lines[0][0] - t0) * 1000)
                menu.append((next(t for t, line in game.lines if "Main menu" in line) - t0) * 1000)
                game.send("\x03")
                game.wait_exit(10)
            finally:
                game.close()
    return first, menu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--presses", type=int, default=500)
    parser.add_argument("--escapes", type=int, default=20)
    parser.add_argument("--pause", type=float, default=0.02)
    parser.add_argument("--starts", type=int, default=0)
    args = parser.parse_args()
    if args.starts:
        first, menu = starts(args.starts)
        print(f"start-up in a terminal, {args.starts} cold starts")
        print(f"  first word: median {statistics.median(first):.0f} ms (max {max(first):.0f})")
        print(f"  main menu:  median {statistics.median(menu):.0f} ms (max {max(menu):.0f})")
    with tempfile.TemporaryDirectory() as tmp:
        game = PtyGame(Path(tmp), lang="en")
        try:
            game.wait_for("Main menu", timeout=30)
            for _ in range(20):  # warm-up: first frames, caches
                measure(game, KEYS[0], args.pause)
            times = [measure(game, KEYS[i % 2], args.pause) for i in range(args.presses)]
            escapes = []
            for _ in range(args.escapes):
                escapes.append(measure(game, "\x1b", 0.1))  # asks whether to quit
                measure(game, "n", 0.1)
        finally:
            game.send("\x03")
            try:
                game.wait_exit(10)
            finally:
                game.close()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"terminal key -> printed answer, main menu, {len(times)} presses (load {load:.2f})")
    print(
        f"  median {statistics.median(times):.2f} ms, p99 {percentile(times, 99):.2f} ms, "
        f"max {max(times):.2f} ms"
    )
    print(f"Escape alone (waits ESCDELAY to tell it from a sequence), {len(escapes)} presses")
    print(f"  median {statistics.median(escapes):.2f} ms, p99 {percentile(escapes, 99):.2f} ms")


if __name__ == "__main__":
    main()
