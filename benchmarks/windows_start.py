"""The Windows zip's start under Wine: the first word, the main menu, and how it exits.

    python3 benchmarks/windows_start.py [--runs 5] [--quits 32] [--minimal 32]

Builds the zip and a Wine prefix as ``packaging/windows/checks.py`` does, then starts
``audiogame.exe --speech text`` (the window program a player double-clicks; text speech,
so each spoken line reaches its standard output) and times, from the moment it is
started, the greeting (the first word) and the main menu, which come apart: the menu
waits for the sound device, the scenes and the saved match. Each start leaves by
Escape, Y. Two kinds of start: ``--no-sound``, and the default, where Wine's WASAPI says
after a wait that this machine has no sound device (opened once: ``io/sdl.py``).

A busy machine stretches those times, not the work done: each start also reports the
CPU seconds spent until then by the game's process and by the prefix's Wine processes
(wineserver, which every file opened and every window message goes through, and Wine's
services), read from /proc, and ``python.exe -c pass`` is timed the same way (Wine's
own start and the interpreter's, which are not the game's). The prefix's server is kept
running meanwhile (``wineserver -p``), as Windows' own services are.

``--quits N`` starts and quits N more times (the default) and counts the exit codes and
Wine's crash reports ("Unhandled page fault"); ``--minimal N`` runs, N times, a pygame
program of four lines with the zip's own interpreter (display, font, mixer, quit) and
counts the same: a crash there too is Wine's or SDL's, not the game's.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
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


TICKS = os.sysconf("SC_CLK_TCK")
#: a Windows program's output, when it is not read (a service it starts would hold a pipe)
QUIET = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of a process so far, all its threads (Linux /proc)."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    fields = stat[stat.rindex(")") + 2 :].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def prefix_cpu(prefix: Path) -> dict[int, float]:
    """CPU seconds so far of every process running in this Wine prefix, by pid."""
    mark = f"WINEPREFIX={prefix}".encode()
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if mark in (entry / "environ").read_bytes().split(b"\0"):
                found[int(entry.name)] = cpu_seconds(int(entry.name))
        except (OSError, ValueError):  # ended meanwhile, or not ours to read
            continue
    return found


def wine_cpu(prefix: Path, before: dict[int, float], game: int) -> float:
    """CPU seconds the prefix's Wine processes (not the game) spent since ``before``."""
    now = prefix_cpu(prefix)
    return sum(cpu - before.get(pid, 0.0) for pid, cpu in now.items() if pid != game)


@dataclass
class Start:
    """One start: (wall s, game CPU s, Wine's other processes' CPU s) at the first word
    and at the main menu, the exit code, Wine's crash report if any."""

    word: tuple[float, float, float]
    menu: tuple[float, float, float]
    code: int
    crashes: list[str] = field(default_factory=list)


def one_start(trial: checks.Trial, *extra: str) -> Start:
    before = prefix_cpu(trial.prefix.folder)
    game = checks.Game(trial, "--speech", "text", "--lang", "en", *extra)
    pid = game.proc.pid
    try:
        game.hear(r"^Welcome to audiogame\.", timeout=90)
        assert game.first_word_at is not None
        word = (game.first_word_at - game.started, cpu_seconds(pid))
        word_wine = wine_cpu(trial.prefix.folder, before, pid)
        game.hear(r"^Main menu\.", timeout=90)
        menu = (time.monotonic() - game.started, cpu_seconds(pid))
        menu_wine = wine_cpu(trial.prefix.folder, before, pid)
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
    return Start((*word, word_wine), (*menu, menu_wine), code, crashes)


def bare_interpreter(trial: checks.Trial, runs: int) -> list[tuple[float, float, float]]:
    """``python.exe -c pass`` under Wine: (wall s, its CPU s, Wine's other processes' CPU
    s), the part of every start that is Wine's and the interpreter's, not the game's."""
    found = []
    for _ in range(runs):
        before = prefix_cpu(trial.prefix.folder)
        used = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.monotonic()
        trial.prefix.run([trial.python, "-c", "pass"], timeout=120, **QUIET)
        wall = time.monotonic() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime
        found.append((wall, cpu, wine_cpu(trial.prefix.folder, before, -1)))
    return found


def minimal(trial: checks.Trial, runs: int) -> tuple[Counter[int], int]:
    codes: Counter[int] = Counter()
    crashed = 0
    for _ in range(runs):
        done = trial.prefix.run([trial.python, "-c", MINIMAL], timeout=120)
        codes[done.returncode] += 1
        said = done.stderr.decode("utf-8", "replace")
        crashed += any(word in said for word in CRASH) or b"done" not in done.stdout
    return codes, crashed


def summary(label: str, values: list[tuple[float, float, float]], whose: str = "the game's") -> str:
    walls = [v[0] for v in values]
    return (
        f"{label}: median {statistics.median(walls):.2f} s "
        f"(min {min(walls):.2f}, max {max(walls):.2f}, {len(values)} starts); CPU median "
        f"{statistics.median(v[1] for v in values):.2f} s {whose}, "
        f"{statistics.median(v[2] for v in values):.2f} s Wine's other processes"
    )


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.1f} {five:.1f} {fifteen:.1f}"


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
    trial.prefix.stop()  # then started again, to stay until the end (-p)
    server = shutil.which("wineserver") or "wineserver"
    keeper = subprocess.Popen([server, "-p"], env=trial.prefix.env)
    # Wine's services start with the first program: not timed, and not holding its pipes
    trial.prefix.run(["cmd", "/c", "exit"], timeout=300, **QUIET)
    try:
        print(f"python.exe -c pass ({load()})")
        print("  " + summary("started and ended", bare_interpreter(trial, args.runs), "its own"))
        exits: Counter[int] = Counter()
        crash_lines: list[str] = []
        for kind, extra in (("--no-sound", ("--no-sound",)), ("no sound device", ())):
            one_start(trial, *extra)  # the first start after extracting warms the files
            starts = [one_start(trial, *extra) for _ in range(args.runs)]
            print(f"{kind} ({load()})")
            print("  " + summary("first word", [s.word for s in starts]))
            print("  " + summary("main menu", [s.menu for s in starts]))
            for start in starts:
                exits[start.code] += 1
                crash_lines += start.crashes
        for _ in range(args.quits):
            start = one_start(trial, "--no-sound")
            exits[start.code] += 1
            crash_lines += start.crashes
        print(f"exits of the game: {dict(exits)}; crash reports: {len(crash_lines)} ({load()})")
        for line in crash_lines[:80]:
            print("  " + line)
        if args.minimal:
            codes, crashed = minimal(trial, args.minimal)
            print(
                f"minimal pygame program, {args.minimal} runs: "
                f"exits {dict(codes)}; crashed {crashed}"
            )
    finally:
        trial.close()  # ends the kept server too
        try:
            keeper.wait(30)
        except subprocess.TimeoutExpired:
            keeper.kill()
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
