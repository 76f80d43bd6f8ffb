"""A flood of bad frames beside a live table: how much later another table's events arrive.

One server process (``audiogame serve``'s own command, SQLite, loopback). A Domino
table of 4 players and 4 spectators plays in this process without pause (as
benchmarks/login_storm.py measures it). A second process of our own, the flood,
opens ``--connections`` connections at once, desktop and web page alike, each
throwing the hostile mix (``net_harness.hostile_frames``: oversized, binary, not
JSON, nested deep, unknown types, wrong fields, out of order) as fast as its socket
takes it, reading whatever comes back, and coming back whenever the server closes
it; beside them ``--loris`` connections that open and never finish their handshake.

Quiet and flood phases alternate (``--phases`` pairs of ``--seconds`` each). The
figures: the table's p99 during the floods minus its p99 in the quiet phases, the
frames thrown a second, the connections the server closed (and with which code),
and how many bytes the server's log grew by (it must not grow with the flood).

    .venv/bin/python benchmarks/hostile_flood.py [--connections 40] [--loris 200]
        [--phases 3] [--seconds 8] [--server-arg=--rate=20 ...]

The table's own clients act faster than a person (``--rate 1000`` on the server):
the attackers get that rate too, so each may send a thousand frames a second
before it is slowed. Every connection is to 127.0.0.1; every loop is bounded.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from login_storm import cpu, sample_during, sample_for  # noqa: E402
from server_scale import table_over  # noqa: E402
from side_process import SideProcess, both_stopped, lines_from_stdin  # noqa: E402
from table_timing import percentile, spread  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402
from websockets.exceptions import ConnectionClosed, InvalidHandshake  # noqa: E402
from websockets.typing import Subprotocol  # noqa: E402

from audiogame.devtools.net_harness import ServerProcess, hostile_frames  # noqa: E402
from audiogame.games import registry  # noqa: E402
from audiogame.net.protocol import messages as m  # noqa: E402
from audiogame.net.protocol.game_codec import GameCodec  # noqa: E402
from audiogame.net.web.messages import WEB_SUBPROTOCOL  # noqa: E402

GAME = "domino"


# -- the flood's own process ------------------------------------------------------------------


async def attacker(url: str, index: int, end: float, counts: dict[str, int]) -> None:
    rng = random.Random(index)
    protocol = WEB_SUBPROTOCOL if index % 2 else m.SUBPROTOCOL
    while time.monotonic() < end:
        frames = hostile_frames(rng, 500)
        try:
            async with connect(
                url, subprotocols=[Subprotocol(protocol)], max_size=2**22, open_timeout=10
            ) as ws:
                counts["connections"] += 1

                async def drain(ws=ws) -> None:  # type: ignore[no-untyped-def]
                    with contextlib.suppress(ConnectionClosed):
                        async for _ in ws:
                            counts["answers"] += 1

                reader = asyncio.get_running_loop().create_task(drain())
                with contextlib.suppress(ConnectionClosed):
                    for frame in frames:
                        if time.monotonic() >= end:
                            break
                        await ws.send(frame)
                        counts["frames"] += 1
                    await ws.close()
                await reader
                code = ws.close_code
                counts[f"closed {code}"] = counts.get(f"closed {code}", 0) + 1
        except (OSError, InvalidHandshake, TimeoutError):
            counts["refused at connect"] += 1
            await asyncio.sleep(0.05)


async def loris(port: int, end: float, counts: dict[str, int]) -> None:
    """Open, send half a request, say nothing more; again when the server gives up."""
    while time.monotonic() < end:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            await asyncio.sleep(0.1)
            continue
        writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        with contextlib.suppress(TimeoutError, OSError):
            await asyncio.wait_for(reader.read(), max(0.01, end - time.monotonic()))
            counts["loris dropped"] += 1
        writer.close()


async def flood_child(url: str, port: int, connections: int, lorises: int) -> None:
    async for line in lines_from_stdin():
        seconds = float(line[1])
        end = time.monotonic() + seconds
        counts = {"connections": 0, "frames": 0, "answers": 0, "refused at connect": 0}
        counts["loris dropped"] = 0
        t0 = time.perf_counter()
        await asyncio.gather(
            *(attacker(url, i, end, counts) for i in range(connections)),
            *(loris(port, end, counts) for _ in range(lorises)),
        )
        counts["seconds"] = int(time.perf_counter() - t0)
        print(json.dumps(counts), flush=True)


def flood(url: str, port: int, connections: int, lorises: int, nice: int) -> SideProcess:
    """The flood process, driven line by line."""
    command = [sys.executable, __file__, "--flood-child", url, "--port", str(port)]
    command += ["--connections", str(connections), "--loris", str(lorises)]
    return SideProcess(command, "flood", nice=nice, wait=30)


# -- the measurement ----------------------------------------------------------------------


async def measure(args: argparse.Namespace) -> None:
    spec = registry.get(GAME)
    assert spec is not None and spec.wire is not None
    codec = GameCodec(spec.wire())
    with tempfile.TemporaryDirectory() as folder:
        server = ServerProcess(
            Path(folder),
            "--rate",
            "1000",
            "--between-rounds",
            "0.1",
            "--heartbeat",
            "10",  # a shared machine's stall must not close the table's own clients
            *args.server_arg,
        ).start()
        side = flood(server.url, server.port, args.connections, args.loris, args.flood_nice)
        with both_stopped(server, side):
            table = await table_over([server.url], codec, "T")
            rng = random.Random(7)
            await sample_for(table, codec, 2.0, rng)  # warm up
            quiet: list[float] = []
            loud: list[float] = []
            totals: dict[str, int] = {}
            log_before = server.log_path.stat().st_size
            assert server.process is not None
            pid = server.process.pid
            #: the server loop's CPU seconds in the quiet and the flood phases
            spent = {"quiet": 0.0, "flood": 0.0}
            load = os.getloadavg()[0]
            for phase in range(args.phases):
                before = cpu(pid)[0]
                calm = await sample_for(table, codec, args.seconds, rng)
                middle = cpu(pid)[0]
                during, counts = await sample_during(
                    table, codec, side.ask(f"go {args.seconds}"), rng
                )
                after = cpu(pid)[0]
                spent["quiet"] += middle - before
                spent["flood"] += after - middle
                for key, value in counts.items():
                    totals[key] = totals.get(key, 0) + value
                quiet += calm
                loud += during
                print(
                    f"pair {phase + 1}: quiet p99 {percentile(calm, 0.99):.2f} ms,"
                    f" flood p99 {percentile(during, 0.99):.2f} ms"
                    f" ({counts['frames'] / max(1, counts['seconds']):.0f} bad frames a second"
                    f" from {args.connections} connections, {counts['connections']} opened)"
                )
            log_growth = server.log_path.stat().st_size - log_before
            print(f"table, quiet phases: {spread(quiet, 'actions')}")
            print(f"table, flood phases: {spread(loud, 'actions')}")
            added = percentile(loud, 0.99) - percentile(quiet, 0.99)
            print(
                f"added by the flood: p99 {added:+.2f} ms,"
                f" median {percentile(loud, 0.5) - percentile(quiet, 0.5):+.2f} ms"
            )
            closes = {k: v for k, v in totals.items() if k.startswith("closed")}
            print(
                f"flood: {totals['frames']} bad frames, {totals['answers']} answers,"
                f" {totals['connections']} connections ({closes}),"
                f" {totals['refused at connect']} refused at connect,"
                f" {totals['loris dropped']} half-open connections dropped by the server"
            )
            print(f"the server's log grew by {log_growth} bytes during the floods")
            per_action = spent["quiet"] / max(1, len(quiet))
            per_frame = (spent["flood"] - per_action * len(loud)) / max(1, totals["frames"])
            print(
                f"the server loop's CPU: {per_frame * 1e6:.0f} µs a bad frame"
                f" ({per_action * 1000:.2f} ms an action);"
                f" load average {load:.1f} -> {os.getloadavg()[0]:.1f}"
            )
            for seat in table:
                await seat.ws.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--connections", type=int, default=40, help="flooding connections")
    parser.add_argument("--loris", type=int, default=200, help="half-open connections")
    parser.add_argument("--phases", type=int, default=3, help="quiet + flood pairs")
    parser.add_argument("--seconds", type=float, default=8.0, help="each phase")
    parser.add_argument(
        "--flood-nice", type=int, default=0, help="the flood process's niceness (POSIX)"
    )
    parser.add_argument("--server-arg", action="append", default=[], help="passed on to the server")
    parser.add_argument("--flood-child", metavar="URL", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.flood_child:
        asyncio.run(flood_child(args.flood_child, args.port, args.connections, args.loris))
    else:
        asyncio.run(measure(args))


if __name__ == "__main__":
    main()
