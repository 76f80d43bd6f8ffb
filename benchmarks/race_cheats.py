"""Tira & Passa online against clients that cheat its lag compensation, and for honest lines.

A real server process on loopback and players made from the protocol itself
(``audiogame.devtools.raw_racer``: a WebSocket spoken by hand, none of the project's
client), through delay proxies of ours that report their line as a proxy in front does.
Every figure is taken twice: on this tree's server, and on the server of ``--before``
(the last commit before issue 32's bound; its own source, from a temporary git worktree).

1. **Cheaters** at two-seat tables on a 13 ms line (6.5 ms each way), against an honest
   player of the same pace (a reaction to "via!" drawn in 200-300 ms): one holds each pong
   to the server's pings for 300 ms and dates every press ten seconds early ("pongs"), one
   answers pongs at once and dates every press ten seconds early ("earliest"). Figures:
   the cheater's share of the contested "via!" throws (the first throw after the same
   "via!"; fair: 0.5), how early its presses counted (the moment each was made, on the
   machine's monotonic clock, less the moment the table applied it), the table's hold,
   and how many cheaters the server caught or named in its log.
2. **Fairness**: honest players, one on a 150 ms round trip and one on 13 ms: the slow
   line's share of the contested throws, with compensation and without it.
   Shares carry their 95 % Wilson interval, and beside them the share of the rounds the
   seat won alone (rounds won by both are told apart).
3. **Clamped honest presses**: honest pairs on a 13 ms line, a 150 ms line and a 100 ms
   ± 30 ms line (each way): how many of their presses the table believed later than they
   were dated, and by how much.

    uv run python benchmarks/race_cheats.py [--contests 200] [--before COMMIT]
        [--parts cheats,fairness,clamps]
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from audiogame.devtools.delay_proxy import Delay, DelayProxy  # noqa: E402
from audiogame.devtools.net_harness import ServerProcess  # noqa: E402
from audiogame.devtools.raw_racer import (  # noqa: E402
    EARLIEST,
    SERVER_ARGS,
    RawRacer,
    applied,
    contests,
    play_tables,
)

ROOT = Path(__file__).resolve().parents[1]
FAST: Delay = (0.0065, 0.0)
SLOW: Delay = (0.075, 0.0)
JITTERY: Delay = (0.100, 0.030)
Pairs = list[tuple[RawRacer, RawRacer]]
COMPENSATION: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("with compensation", ()),
    ("without", ("--compensation", "0")),
)
HONEST_LINES = (("13 ms", FAST), ("150 ms", SLOW), ("100 ± 30 ms", JITTERY))


def run(
    tree: Path | None,
    lines: Sequence[tuple[Delay, Delay]],
    make: Callable[[int, str, str], tuple[RawRacer, RawRacer]],
    contests_wanted: int,
    tables: int,
    *args: str,
) -> tuple[Pairs, str]:
    """``tables`` tables on one server (``tree``: its source; None: this one), table ``t``
    on the ``t % len(lines)``-th pair of lines, until ``contests_wanted`` contests."""
    with tempfile.TemporaryDirectory() as folder:
        server = ServerProcess(Path(folder), *SERVER_ARGS, *args, cwd=tree).start()
        proxies: dict[Delay, DelayProxy] = {}
        try:
            for pair in lines:
                for delay in pair:
                    if delay not in proxies:
                        seed = len(proxies) + 1
                        proxies[delay] = DelayProxy(server.port, delay, delay, seed=seed).start()
            pairs = []
            for t in range(tables):
                first, second = lines[t % len(lines)]
                pairs.append(make(t, proxies[first].url, proxies[second].url))
            enough = lambda: sum(len(contests(p)) for p in pairs) >= contests_wanted  # noqa: E731
            asyncio.run(play_tables(pairs, enough, timeout=900))
        finally:
            for proxy in proxies.values():
                proxy.stop()
            server.stop()
        return pairs, server.log()


def wilson(won: float, total: int) -> str:
    """``won`` of ``total`` as a share with its 95 % Wilson interval."""
    if total == 0:
        return "none yet"
    z = 1.96
    p = won / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return f"{p:.3f} of {total} (95 % {centre - half:.3f}-{centre + half:.3f})"


def rounds_won(pairs: Pairs, seat_of: Callable[[int], int]) -> str:
    """The share of the rounds one seat won alone (``seat_of(table)``), rounds won by both
    left out (told apart)."""
    won = total = shared = 0
    for index, (master, _other) in enumerate(pairs):
        seat = seat_of(index)
        for winners in master.rounds:
            if len(winners) != 1:
                shared += 1
                continue
            total += 1
            won += winners[0] == seat
    return f"{wilson(won, total)} rounds, {shared} shared"


def ms(values: Sequence[float]) -> str:
    if not values:
        return "none"
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return (
        f"median {statistics.median(ordered) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
        f"max {ordered[-1] * 1000:.1f} ms"
    )


def cheats(tree: Path | None, cheat: str, wanted: int) -> dict[str, Any]:
    held = (lambda: 0.300) if cheat == "pongs" else None

    def make(t: int, url: str, _other: str) -> tuple[RawRacer, RawRacer]:
        return (
            RawRacer(url, f"Honest{t}", seed=t, master=True),
            RawRacer(url, f"Cheat{t}", seed=100 + t, pong_delay=held, dating=EARLIEST),
        )

    pairs, log = run(tree, [(FAST, FAST)], make, wanted, 12)
    found = [c for p in pairs for c in contests(p)]
    gains = [c.made[1] - c.applied[1] for c in found]
    cheaters = {c.player for _h, c in pairs}
    return {
        "share": wilson(sum(c.first == 1 for c in found), len(found)),
        "rounds": rounds_won(pairs, lambda t: pairs[t][1].seat or 0),
        "gains": gains,
        "holds": [h for p in pairs for h in p[0].holds],
        "caught": len(set(re.findall(r"(\w+) dated \d+ of its last", log)) & cheaters),
        "named": len(set(re.findall(r"(\w+)'s pongs are \d+ ms slower", log)) & cheaters),
        "tables": len(pairs),
    }


def fairness(tree: Path | None, wanted: int, *args: str) -> tuple[str, str]:
    def make(t: int, first: str, second: str) -> tuple[RawRacer, RawRacer]:
        return (
            RawRacer(first, f"A{t}", seed=t, master=True),
            RawRacer(second, f"B{t}", seed=100 + t),
        )

    pairs, _log = run(tree, [(FAST, SLOW), (SLOW, FAST)], make, wanted, 24, *args)
    won = total = 0
    for index, pair in enumerate(pairs):
        slow_seat = 1 if index % 2 == 0 else 0
        for contest in contests(pair):
            total += 1
            won += contest.first == slow_seat
    return wilson(won, total), rounds_won(pairs, lambda t: 1 if t % 2 == 0 else 0)


def clamps(tree: Path | None, line: Delay, wanted: int) -> tuple[int, int, list[float]]:
    def make(t: int, first: str, second: str) -> tuple[RawRacer, RawRacer]:
        return (
            RawRacer(first, f"A{t}", seed=t, master=True),
            RawRacer(second, f"B{t}", seed=100 + t),
        )

    pairs, _log = run(tree, [(line, line)], make, wanted, 12)
    late: list[float] = []
    presses = 0
    for master, other in pairs:
        for racer in (master, other):
            for press, when in applied(racer, master):
                if press.at is None:
                    continue
                presses += 1
                if when - press.at > 0.0005:  # believed later than dated: clamped
                    late.append(when - press.at)
    return presses, len(late), late


def report(tree: Path | None, wanted: int, parts: str) -> None:
    if "cheats" in parts:
        for cheat in ("pongs", "earliest"):
            found = cheats(tree, cheat, wanted)
            print(
                f"cheater ({cheat}): won {found['share']} contested throws, "
                f"{found['rounds']}; its presses counted early by {ms(found['gains'])}; "
                f"the table's hold median {statistics.median(found['holds']) * 1000:.0f} ms, at "
                f"most {max(found['holds']) * 1000:.0f} ms; caught {found['caught']} "
                f"and named {found['named']} of {found['tables']}",
                flush=True,
            )
    if "fairness" in parts:
        for label, extra in COMPENSATION:
            share, rounds = fairness(tree, wanted, *extra)
            print(
                f"150 ms vs 13 ms, {label}: the slow line won {share} contested throws, {rounds}",
                flush=True,
            )
    if "clamps" in parts:
        for label, line in HONEST_LINES:
            presses, clamped, late = clamps(tree, line, wanted // 2)
            print(
                f"honest presses on a {label} line: {clamped} of {presses} clamped ({ms(late)})",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--contests", type=int, default=200)
    parser.add_argument("--before", default="614b58b", help="the commit before the bound (3bc01bf)")
    parser.add_argument("--parts", default="cheats,fairness,clamps")
    args = parser.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load at the start: {load:.1f}")
    with tempfile.TemporaryDirectory() as folder:
        before = Path(folder) / "before"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(before), args.before],
            check=True,
            capture_output=True,
        )
        try:
            for name, tree in (("after", None), (f"before ({args.before})", before)):
                print(f"\n== {name} ==", flush=True)
                report(tree, args.contests, args.parts)
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(before)],
                check=False,
                capture_output=True,
            )
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"\nload at the end: {load:.1f}")


if __name__ == "__main__":
    main()
