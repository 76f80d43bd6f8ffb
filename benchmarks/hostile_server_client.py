"""The desktop app against a hostile server: how long its frames take, and how soon it
gives the server up.

The real app (harness: real loop, dummy SDL, recording speaker) joins a server on
127.0.0.1 that misbehaves (``devtools.hostile_server``): a flood of ``--flood`` chat
lines, a stream of frames that are not our protocol, a frame over the client's cap,
silence after the handshake, and a line cut mid-frame again and again. For each: the
frames run, their median and slowest time (the loop's own work; a frame is 16 ms),
the seconds from typing the address to the player hearing why (the flood: to the
last line in the history), and how many lines were spoken.

    .venv/bin/python benchmarks/hostile_server_client.py [--flood 3000]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from websockets.asyncio.server import ServerConnection  # noqa: E402

from audiogame.devtools.harness import Harness  # noqa: E402
from audiogame.devtools.hostile_server import (  # noqa: E402
    HostileServer,
    Script,
    cut_frame,
    hello_of,
    linger,
    welcome,
)
from audiogame.net.client import game_client as net_client  # noqa: E402
from audiogame.net.protocol import messages as m  # noqa: E402
from audiogame.ui.online.menu import OnlineMenu  # noqa: E402


def flood_of(count: int) -> Script:
    async def flood(ws: ServerConnection) -> None:
        await hello_of(ws)
        await ws.send(welcome())
        for i in range(count):
            await ws.send(m.encode(m.Chat(name="Spam", text=f"line {i}")).decode())
        while True:
            await ws.recv()

    return flood


async def garbage(ws: ServerConnection) -> None:
    await hello_of(ws)
    await ws.send(welcome())
    for _ in range(200):
        await ws.send("not json {")
    await linger()


async def huge(ws: ServerConnection) -> None:
    await hello_of(ws)
    await ws.send(welcome())
    await ws.send(m.encode(m.Chat(name="x", text="a" * (m.MAX_SERVER_FRAME + 10))).decode())
    await linger()


async def silent(ws: ServerConnection) -> None:
    await linger()


async def cut(ws: ServerConnection) -> None:
    await hello_of(ws)
    await ws.send(welcome())
    await asyncio.sleep(0.2)
    cut_frame(ws, m.encode(m.Chat(name="x", text="a" * 1000)))


def run(name: str, script: Script, done: Callable[[Harness], bool], folder: Path) -> None:
    with HostileServer(script) as server:
        h = Harness(folder / name, lang="en")
        h.app.settings.online_name = "Anna"
        h.start(OnlineMenu(h.app))
        for _ in range(3):
            h.press("down")
        h.press("enter")
        for char in server.address:
            h.press(char)
        mark = len(h.transcript)
        start = time.monotonic()
        h.press("enter")
        frames: list[float] = []
        while not done(h) and time.monotonic() - start < 90:
            began = time.perf_counter()
            h.clock.set(h.clock.now() + 1 / 60)
            h.app.step()
            h.finish_idle()
            frames.append(time.perf_counter() - began)
            time.sleep(0.003)
        took = time.monotonic() - start
        reached = done(h)
        spoken = len(h.transcript) - mark
        h.app.pop_to(h.app.scenes[0])
        h.close()
    frames.sort()
    print(
        f"{name:34} {took:6.2f} s to {'done' if reached else 'NOT DONE'}; frames {len(frames)}, "
        f"median {statistics.median(frames) * 1000:.2f} ms, slowest {frames[-1] * 1000:.1f} ms;"
        f" utterances {spoken}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flood", type=int, default=3000)
    args = parser.parse_args()
    last = f"Spam: line {args.flood - 1}"
    at_menu: Callable[[Harness], bool] = lambda h: isinstance(h.app.top, OnlineMenu)  # noqa: E731
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        run(
            f"chat flood ({args.flood} lines)",
            flood_of(args.flood),
            lambda h: last in h.app.history.last(1),
            folder,
        )
        run("not our protocol (200 frames)", garbage, at_menu, folder)
        run("a frame over 4 MiB", huge, at_menu, folder)
        run(f"silence (answer wait {net_client.ANSWER_WAIT:.0f} s)", silent, at_menu, folder)
        run("cut mid-frame, again and again", cut, at_menu, folder)
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
