"""The Windows zip's start under Wine: the first word, the main menu, and how it exits.

    python3 benchmarks/windows_start.py [--runs 5] [--quits 32] [--minimal 32]

Builds the zip and a Wine prefix as ``packaging/windows/checks.py`` does, then starts
``audiogame.exe --speech text`` (the window program a player double-clicks; text speech,
so each spoken line reaches its standard output) and times, from the moment it is
started, the greeting (the first word) and the main menu, which come apart: the menu
waits for the sound device, the scenes and the saved match. Each start leaves by
Escape, Y. Two kinds of start: ``--no-sound``, and the default, where Wine's WASAPI says
after a wait that this machine has no sound device (opened once: ``io/sdl.py``).

``--quits N`` starts and quits N more times (the default) and counts the exit codes and
Wine's crash reports ("Unhandled page fault"); ``--minimal N`` runs, N times, a pygame
program of four lines with the zip's own interpreter (display, font, mixer, quit) and
counts the same: a crash there too is Wine's or SDL's, not the game's.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "packaging" / "windows"))

import checks  # noqa: E402

DEBUGGER = """Windows Registry Editor Version 5.00

[HKEY_LOCAL_MACHINE\\Software\\Microsoft\\Windows NT\\CurrentVersion\\AeDebug]
"Debugger"="winedbg --auto %ld %ld"
"""
CRASH = ("Unhandled page fault", "Unhandled exception", "unhandled exception")
MINIMAL = (
    "import pygame; pygame.display.init(); pygame.font.init(); "
    "pygame.display.set_mode((64, 64))\n"
    "try:\n    pygame.mixer.init()\nexcept pygame.error:\n    pass\n"
    "pygame.quit(); print('done')"
)


def one_start(trial: checks.Trial, *extra: str) -> tuple[float, float, int, list[str]]:
    """(first word s, main menu s, exit code, crash lines) for one start and quit."""
    game = checks.Game(trial, "--speech", "text", "--lang", "en", *extra)
    try:
        game.hear(r"^Welcome to audiogame\.", timeout=90)
        assert game.first_word_at is not None
        first_word = game.first_word_at - game.started
        game.hear(r"^Main menu\.", timeout=90)
        menu = time.monotonic() - game.started
        game.press("escape", then=r"really want to quit")
        game.press("y")
        try:
            code = game.wait(60)
        except Exception:  # a hang at exit: killed, and counted as one
            code = -1
    finally:
        game.kill()
    crashes = [line for line in game.errors if any(word in line for word in CRASH)]
    if crashes:  # the whole report: the fault, and winedbg's backtrace when asked for
        crashes = game.errors[game.errors.index(crashes[0]) :][:40]
    return first_word, menu, code, crashes


def minimal(trial: checks.Trial, runs: int) -> tuple[Counter[int], int]:
    codes: Counter[int] = Counter()
    crashed = 0
    for _ in range(runs):
        done = trial.prefix.run([trial.python, "-c", MINIMAL], timeout=120)
        codes[done.returncode] += 1
        said = done.stderr.decode("utf-8", "replace")
        crashed += any(word in said for word in CRASH) or b"done" not in done.stdout
    return codes, crashed


def summary(label: str, values: list[float]) -> str:
    return (
        f"{label}: median {statistics.median(values):.2f} s "
        f"(min {min(values):.2f}, max {max(values):.2f}, {len(values)} starts)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="timed starts of each kind")
    parser.add_argument("--quits", type=int, default=32, help="starts and quits counted")
    parser.add_argument("--minimal", type=int, default=32, help="minimal pygame programs")
    parser.add_argument("--backtrace", action="store_true", help="winedbg on a crash")
    args = parser.parse_args()
    why = checks.why_not_here()
    if why:
        print(f"cannot run here: {why}")
        return 1
    work = Path(tempfile.mkdtemp(prefix="audiogame-start-"))
    trial = checks.Trial.make(work)
    if args.backtrace:  # a crash runs winedbg, which prints the crashing thread's stack
        reg = work / "debugger.reg"
        reg.write_text(DEBUGGER, encoding="utf-16")
        trial.prefix.run(["regedit", "/S", str(reg)], timeout=120)
    try:
        exits: Counter[int] = Counter()
        crash_lines: list[str] = []
        for kind, extra in (("--no-sound", ("--no-sound",)), ("no sound device", ())):
            one_start(trial, *extra)  # the first start after extracting warms the files
            starts = [one_start(trial, *extra) for _ in range(args.runs)]
            print(kind)
            print("  " + summary("first word", [s[0] for s in starts]))
            print("  " + summary("main menu", [s[1] for s in starts]))
            for _w, _m, code, crashes in starts:
                exits[code] += 1
                crash_lines += crashes
        for _ in range(args.quits):
            _w, _m, code, crashes = one_start(trial, "--no-sound")
            exits[code] += 1
            crash_lines += crashes
        print(f"exits of the game: {dict(exits)}; crash reports: {len(crash_lines)}")
        for line in crash_lines[:80]:
            print("  " + line)
        if args.minimal:
            codes, crashed = minimal(trial, args.minimal)
            print(
                f"minimal pygame program, {args.minimal} runs: "
                f"exits {dict(codes)}; crashed {crashed}"
            )
    finally:
        trial.close()
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
