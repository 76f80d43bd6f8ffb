"""A login storm beside a live table: how much later another table's events arrive.

One server process (SQLite, loopback). A Domino table of 4 players and 4 spectators
plays in this process without pause (an action, then its events at all 8, then the
next: as benchmarks/online_domino.py). A second process of our own, the storm, logs
in ``--accounts`` registered accounts again and again, ``--parallel`` in flight at
a time (each a fresh connection: open, login, welcome, close), so the storm's
clients never share a loop with the clients that measure the table.

Quiet and storm phases alternate (``--phases`` pairs of ``--seconds`` each), so
whatever else this shared machine does falls on both alike. The figure that
matters is the table's p99 during the storms minus its p99 in the quiet phases
(the issue's target: at most 5 ms). Also printed: each pair's p99s, the logins a
second, and the server's CPU time per login.

    .venv/bin/python benchmarks/login_storm.py [--accounts 300] [--parallel 50]
        [--phases 8] [--seconds 10] [--server-arg=--hash-workers=thread ...]

The storm process runs this same file with ``--storm-child URL``; it reads "go
SECONDS" lines and answers each with one JSON line of counts. Every connection is
to 127.0.0.1; every loop is bounded in count and time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from server_scale import enter, table_over  # noqa: E402
from side_process import SideProcess, both_stopped, lines_from_stdin  # noqa: E402
from table_timing import codec_of, cpu_of, percentile, spread, timed_action  # noqa: E402

from audiogame.devtools.net_harness import ServerProcess  # noqa: E402
from audiogame.net.protocol import messages as m  # noqa: E402
from audiogame.net.protocol.game_codec import GameCodec  # noqa: E402

GAME = "domino"
NAME = "Tempesta{:04d}"


def cpu(pid: int) -> tuple[float, float, float]:
    """(the loop's thread, the whole server process, its live children: the hashing
    workers) CPU seconds so far (Linux /proc)."""
    proc = Path("/proc")
    children = 0.0
    for entry in proc.iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    children += cpu_of(entry / "stat")
            except (OSError, ValueError):
                continue
    return (
        cpu_of(proc / str(pid) / "task" / str(pid) / "stat"),
        cpu_of(proc / str(pid) / "stat"),
        children,
    )


# -- the storm's own process ----------------------------------------------------------------


async def storm_child(url: str, accounts: int, parallel: int) -> None:
    """Register the accounts once, then log them in for as long as each "go" line says."""
    async for line in lines_from_stdin():
        if line[0] == "register":
            counts = await _burst(url, range(accounts), parallel, register=True, seconds=600)
        else:
            counts = await _burst(url, None, parallel, register=False, seconds=float(line[1]))
            counts["accounts"] = accounts
        print(json.dumps(counts), flush=True)


async def _burst(
    url: str, names: range | None, parallel: int, *, register: bool, seconds: float
) -> dict:
    """Logins (or registrations) ``parallel`` at a time: every name in ``names`` once, or
    round and round the accounts until ``seconds`` have gone."""
    answers: dict[str, int] = {}
    took: list[float] = []
    end = time.monotonic() + seconds
    queue: asyncio.Queue[int] = asyncio.Queue()
    for index in names if names is not None else range(0):
        queue.put_nowait(index)
    turn = [0]

    def next_name() -> int | None:
        if names is not None:
            return None if queue.empty() else queue.get_nowait()
        if time.monotonic() >= end:
            return None
        turn[0] += 1
        return turn[0] % int(os.environ.get("STORM_ACCOUNTS", "300"))

    async def worker() -> None:
        while (index := next_name()) is not None:
            answer, spent = await enter(url, NAME.format(index), register)
            answers[answer] = answers.get(answer, 0) + 1
            took.append(spent)

    t0 = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(parallel)))
    elapsed = time.perf_counter() - t0
    return {
        "answers": answers,
        "seconds": elapsed,
        "login_median_ms": statistics.median(took) * 1000 if took else 0.0,
    }


def storm(url: str, accounts: int, parallel: int, nice: int) -> SideProcess:
    """The storm process, driven line by line."""
    command = [sys.executable, __file__, "--storm-child", url]
    command += ["--accounts", str(accounts), "--parallel", str(parallel)]
    env = dict(os.environ, STORM_ACCOUNTS=str(accounts))
    return SideProcess(command, "storm", nice=nice, env=env, wait=10)


# -- the measurement ----------------------------------------------------------------------


async def actions(everyone: list, codec: GameCodec, count: int, rng: random.Random) -> list[float]:
    """``count`` actions, each timed from its sending to its events at all 8 recipients.
    A finished match: the server deals the next by itself (``--between-rounds``); the
    master asks only if it does not (a ``start`` the server refuses counts as abuse)."""
    players = everyone[:4]
    samples: list[float] = []
    deadline = time.monotonic() + 60
    while len(samples) < count and time.monotonic() < deadline:
        await asyncio.gather(*(p.until(lambda p=p: p.view is not None) for p in players))
        mover = next((p for p in players if p.legal()), None)
        if mover is None:
            master = everyone[0]
            if master.over:
                try:
                    await master.until(lambda w=master: not w.over, timeout=2.0)
                except TimeoutError:
                    await master.send(m.Start())
                    await master.until(lambda w=master: not w.over)
            else:
                await asyncio.sleep(0.001)  # the next manche is being dealt
            continue
        samples.append(await timed_action(mover, everyone, codec, rng))
    return samples


async def sample_for(
    table: list, codec: GameCodec, seconds: float, rng: random.Random
) -> list[float]:
    samples: list[float] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        samples += await actions(table, codec, 10, rng)
    return samples


async def sample_during(
    table: list, codec: GameCodec, phase: Coroutine[Any, Any, dict[str, Any]], rng: random.Random
) -> tuple[list[float], dict[str, Any]]:
    """Actions timed, ten at a time, for as long as ``phase`` (the side process's turn) runs;
    the samples and what ``phase`` answered."""
    running = asyncio.get_running_loop().create_task(phase)
    samples: list[float] = []
    while not running.done():
        samples += await actions(table, codec, 10, rng)
    return samples, running.result()


async def measure(args: argparse.Namespace) -> None:
    codec = codec_of(GAME)
    with tempfile.TemporaryDirectory() as folder:
        server = ServerProcess(
            Path(folder),
            "--rate",
            "1000",
            "--login-rate",
            "1000000",
            "--between-rounds",
            "0.1",
            # on this shared machine a stall past the usual 1.5 s keepalive closed the
            # table's connections; the table's figures do not depend on it
            "--heartbeat",
            "10",
            *args.server_arg,
        ).start()
        side = storm(server.url, args.accounts, args.parallel, args.storm_nice)
        with both_stopped(server, side):
            assert server.process is not None
            pid = server.process.pid
            made = await side.ask("register")
            print(
                f"{args.accounts} accounts registered in {made['seconds']:.1f} s: {made['answers']}"
            )
            table = await table_over([server.url], codec, "T")
            rng = random.Random(7)
            await sample_for(table, codec, 2.0, rng)  # warm up
            quiet: list[float] = []
            loud: list[float] = []
            logins = 0
            storm_seconds = 0.0
            #: CPU seconds (loop thread, process, children) in quiet and storm phases
            spent = {"quiet": [0.0, 0.0, 0.0], "storm": [0.0, 0.0, 0.0]}
            other: dict[str, int] = {}
            load = os.getloadavg()[0]
            for phase in range(args.phases):
                before = cpu(pid)
                calm = await sample_for(table, codec, args.seconds, rng)
                middle = cpu(pid)
                during, counts = await sample_during(
                    table, codec, side.ask(f"go {args.seconds}"), rng
                )
                after = cpu(pid)
                for i in range(3):
                    spent["quiet"][i] += middle[i] - before[i]
                    spent["storm"][i] += after[i] - middle[i]
                welcomed = counts["answers"].pop("welcome", 0)
                for answer, n in counts["answers"].items():
                    other[answer] = other.get(answer, 0) + n
                logins += welcomed
                storm_seconds += counts["seconds"]
                quiet += calm
                loud += during
                print(
                    f"pair {phase + 1}: quiet p99 {percentile(calm, 0.99):.2f} ms,"
                    f" storm p99 {percentile(during, 0.99):.2f} ms"
                    f" ({welcomed} logins, {welcomed / counts['seconds']:.0f}/s,"
                    f" a login's median {counts['login_median_ms']:.0f} ms)"
                )
            print(f"table, quiet phases: {spread(quiet, 'actions')}")
            print(f"table, storm phases: {spread(loud, 'actions')}")
            added = percentile(loud, 0.99) - percentile(quiet, 0.99)
            print(
                f"added by the storm: p99 {added:+.2f} ms,"
                f" p90 {percentile(loud, 0.9) - percentile(quiet, 0.9):+.2f} ms,"
                f" median {statistics.median(loud) - statistics.median(quiet):+.2f} ms"
                f" (target: p99 at most +5 ms)"
            )
            print(
                f"logins: {logins} in {storm_seconds:.0f} s"
                f" ({logins / storm_seconds:.0f} a second)"
                f"{f'; other answers {other}' if other else ''}"
            )
            # the loop's CPU is a cost per action plus one per login: the quiet phases
            # give the first, the storm phases what is left for each login
            per_action = spent["quiet"][0] / len(quiet)
            loop_login = (spent["storm"][0] - per_action * len(loud)) / max(1, logins)
            in_process = spent["storm"][1] - spent["storm"][0]  # other threads: hashing?
            print(
                f"CPU a login: the loop {loop_login * 1000:.2f} ms (an action:"
                f" {per_action * 1000:.2f} ms), the server's other threads"
                f" {in_process / max(1, logins) * 1000:.1f} ms, hashing processes"
                f" {spent['storm'][2] / max(1, logins) * 1000:.1f} ms;"
                f" load average {load:.1f} -> {os.getloadavg()[0]:.1f}"
            )
            for seat in table:
                await seat.ws.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--accounts", type=int, default=300)
    parser.add_argument("--parallel", type=int, default=50, help="logins in flight")
    parser.add_argument("--phases", type=int, default=8, help="quiet + storm pairs")
    parser.add_argument("--seconds", type=float, default=10.0, help="each phase")
    parser.add_argument(
        "--storm-nice", type=int, default=0, help="the storm process's niceness (POSIX)"
    )
    parser.add_argument("--server-arg", action="append", default=[], help="passed on to the server")
    parser.add_argument("--storm-child", metavar="URL", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.storm_child:
        asyncio.run(storm_child(args.storm_child, args.accounts, args.parallel))
    else:
        asyncio.run(measure(args))


if __name__ == "__main__":
    main()
