"""A server's memory when guests come and go: 200 guests (each watching who is online)
connect to a real server process, leave, and are forgotten (``--guest-keep``, here a
second and a half); again and again. The server's resident memory (VmRSS) is read
before, with the guests in, and after each wave has left and been forgotten.

What the figures show: whether memory is given back (or at least bounded: a new wave
reuses what the last one left) or grows with every wave (a leak). Every connection
is to 127.0.0.1; every loop is bounded.

    .venv/bin/python benchmarks/guest_memory.py [--guests 200] [--waves 5]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from websockets.asyncio.client import ClientConnection, connect  # noqa: E402
from websockets.typing import Subprotocol  # noqa: E402

from audiogame.devtools.net_harness import ServerProcess  # noqa: E402
from audiogame.net.protocol import messages as m  # noqa: E402

KEEP_MINUTES = 0.025  # a guest gone 1.5 s is forgotten


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def guest(url: str, name: str) -> ClientConnection:
    ws = await connect(
        url, subprotocols=[Subprotocol(m.SUBPROTOCOL)], compression=None, open_timeout=120
    )
    await ws.send(m.encode(m.Hello(name=name)).decode())
    async with asyncio.timeout(120):
        async for frame in ws:
            if json.loads(frame)["type"] == "welcome":
                break
    await ws.send(m.encode(m.WatchPeople(watch=True)).decode())
    return ws


async def wave(url: str, count: int, tag: str) -> list[ClientConnection]:
    held: list[ClientConnection] = []
    for start in range(0, count, 25):
        batch = range(start, min(count, start + 25))
        held += await asyncio.gather(*(guest(url, f"Ospite{tag}{i:03d}") for i in batch))
    return held


def settled(pid: int, seconds: float) -> float:
    """The memory once the server has had ``seconds`` to forget (the lowest read)."""
    deadline = time.monotonic() + seconds
    lowest = rss_mib(pid)
    while time.monotonic() < deadline:
        time.sleep(0.25)
        lowest = min(lowest, rss_mib(pid))
    return lowest


async def main_async(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as folder:
        server = ServerProcess(
            Path(folder), "--guest-keep", str(KEEP_MINUTES), "--rate", "1000"
        ).start()
        try:
            assert server.process is not None
            pid = server.process.pid
            time.sleep(2.0)
            before = settled(pid, 1.0)
            print(f"server alone: {before:.1f} MiB")
            for n in range(0 if args.first_one else 1, args.waves + 1):
                count = args.guests if n else 1
                held = await wave(server.url, count, str(n))
                await asyncio.sleep(1.0)
                inside = rss_mib(pid)
                for ws in held:
                    await ws.close()
                after = settled(pid, KEEP_MINUTES * 60 * 2 + 3.0)
                print(
                    f"wave {n}: {count} guests in {inside:.1f} MiB;"
                    f" left and forgotten {after:.1f} MiB ({after - before:+.1f} from alone)"
                )
        finally:
            server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--guests", type=int, default=200)
    parser.add_argument("--waves", type=int, default=5)
    parser.add_argument(
        "--first-one",
        action="store_true",
        help="a wave of one guest first: what the server's first guest costs, apart",
    )
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
