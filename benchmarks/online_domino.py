"""Online Domino on loopback: latency, server CPU per table, reconnection, hostile frames.

A real server process (``audiogame.net.server_cli`` on 127.0.0.1, an ephemeral
port); the clients are WebSocket connections of this process on one asyncio
loop, each decoding its frames and rebuilding its view with the game's codec,
as the real client does. Five figures:

1. action -> event received by all 8 recipients: a table of 4 human seats and 4
   spectators; the seat whose turn it is sends a legal move; the time until the
   last of the 8 connections has the frame of its events (median, p99; target
   p99 <= 5 ms);
2. server CPU per table with ``--tables`` tables (200) playing at once, one human
   seat each moving at a person's pace (0.3-1.2 s), the other seats bots (or
   humans where the game has no bots): the server process's CPU seconds over the
   run, per table and per second;
3. reconnect -> snapshot: a seated player's connection closed and opened again
   with its resume token: from the new connection's start to its snapshot;
4. (``--hostile N``) N malformed, oversized and out-of-order frames thrown while a
   table plays: the server keeps running and that table's player sees nothing;
5. (``--keys N``) key on client A -> speech on client B: two real app processes
   playing each other, N keys (``benchmarks/online_keys.py``; target p99 <= 10 ms).

    .venv/bin/python benchmarks/online_domino.py [--actions 600] [--tables 200]
        [--seconds 20] [--reconnects 50] [--hostile 100000] [--keys 300] [--game domino]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from table_timing import action_latency, codec_of, cpu_of, percentile  # noqa: E402
from websockets.asyncio.client import ClientConnection, connect  # noqa: E402
from websockets.typing import Subprotocol  # noqa: E402

from audiogame.devtools.net_harness import (  # noqa: E402
    ServerProcess,
    hostile_frames,
    throw_frames,
)
from audiogame.games import registry  # noqa: E402
from audiogame.net.protocol import messages as m  # noqa: E402
from audiogame.net.protocol.game_codec import GameCodec  # noqa: E402

P99_TARGET_MS = 5.0


class Seat:
    """One connection: its messages decoded, its view rebuilt, arrival times noted."""

    def __init__(self, ws: ClientConnection, codec: GameCodec) -> None:
        self.ws = ws
        self.codec = codec
        self.view: Any = None
        self.upto = 0
        self.seat: int | None = None
        self.table: m.TableInfo | None = None
        self.token = ""
        self.arrived: dict[int, float] = {}  # upto -> when its frame arrived
        self.changed = asyncio.Event()
        self.over = False
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        async for frame in self.ws:
            now = time.perf_counter()
            message = m.SERVER_DECODER.decode(frame)
            if isinstance(message, m.Events):
                self.view = self.codec.apply_patch(self.view, message.view)
                self.upto = message.upto
                self.arrived[message.upto] = now
            elif isinstance(message, m.Snapshot):
                self.view = self.codec.decode_view(message.view)
                self.upto = message.upto
                self.arrived[message.upto] = now
            elif isinstance(message, m.TableState):
                self.table, self.seat = message.table, message.you
            elif isinstance(message, m.Welcome):
                self.token = message.token
            elif isinstance(message, m.MatchBegins):
                self.view, self.upto, self.over = None, 0, False
                self.arrived.clear()
            elif isinstance(message, m.MatchOver):
                self.over = True
            self.changed.set()

    async def send(self, message: Any) -> None:
        await self.ws.send(m.encode(message), text=True)

    async def until(self, done: Any, timeout: float = 30.0) -> None:
        async with asyncio.timeout(timeout):
            while not done():
                self.changed.clear()
                await self.changed.wait()

    def legal(self) -> list[Any]:
        view = self.view
        if view is None or not getattr(view, "my_turn", False):
            return []
        return list(view.legal_actions())


async def join(
    url: str, name: str, codec: GameCodec, token: str | None = None, **hello: Any
) -> Seat:
    ws = await connect(url, subprotocols=[Subprotocol(m.SUBPROTOCOL)], compression=None)
    seat = Seat(ws, codec)
    await seat.send(m.Hello(name=name, token=token, **hello))
    await seat.until(lambda: bool(seat.token))
    return seat


async def table_of(
    url: str,
    game: str,
    codec: GameCodec,
    config: dict[str, Any],
    humans: int,
    spectators: int,
    bots: str = "normal",
    tag: str = "",
) -> tuple[list[Seat], list[Seat]]:
    master = await join(url, f"Player{tag}A", codec)
    await master.send(m.CreateTable(game=game, config=config))
    await master.until(lambda: master.table is not None)
    assert master.table is not None
    table_id, seats = master.table.id, len(master.table.seats)
    players = [master]
    for index in range(1, humans):
        player = await join(url, f"Player{tag}{chr(65 + index)}", codec)
        await player.send(m.JoinTable(table=table_id))
        await player.until(lambda p=player: p.seat is not None)
        players.append(player)
    for seat in range(humans, seats):
        await master.send(m.SetBot(seat=seat, level=bots))
    watchers = []
    for index in range(spectators):
        watcher = await join(url, f"Watcher{tag}{index}", codec)
        await watcher.send(m.JoinTable(table=table_id, spectator=True))
        await watcher.until(lambda w=watcher: w.table is not None)
        watchers.append(watcher)
    await master.until(
        lambda: (
            master.table is not None
            and all(s.kind is not m.SeatKind.EMPTY for s in master.table.seats)
        )
    )
    return players, watchers


def humans_needed(game: str) -> int:
    """One human a table where the game has bots to fill the others; all humans otherwise."""
    spec = registry.get(game)
    assert spec is not None
    return 1 if spec.make_bot is not None and spec.bot_levels else 4


def long_config(game: str, seats: int) -> dict[str, Any]:
    spec = registry.get(game)
    assert spec is not None and spec.random_config is not None
    config = spec.random_config(random.Random(1), seats)
    if game == "domino":
        config.update(set_id="double-6", teams=None, thinking_time=0, point_limit=500)
        config.update(manche_limit=0, forbid_drawing=False)
    return config


# -- 1: action -> event at all 8 recipients -----------------------------------------------


async def latency(url: str, game: str, codec: GameCodec, actions: int) -> list[float]:
    players, watchers = await table_of(url, game, codec, long_config(game, 4), 4, 4)
    everyone = players + watchers
    await players[0].send(m.Start())
    samples = await action_latency(everyone, codec, actions)
    for s in everyone:
        await s.ws.close()
    return samples


# -- 2: server CPU per table ------------------------------------------------------------------


def cpu_seconds(pid: int) -> float | None:
    """The process's user + system CPU seconds (Linux's /proc; None elsewhere)."""
    try:
        return cpu_of(Path(f"/proc/{pid}/stat"))
    except OSError:
        return None


async def many_tables(
    url: str, game: str, codec: GameCodec, tables: int, seconds: float, pid: int
) -> tuple[float | None, int]:
    humans = humans_needed(game)
    made = []
    for index in range(tables):
        players, _ = await table_of(
            url, game, codec, long_config(game, 4), humans, 0, bots="easy", tag=str(index)
        )
        made.append(players)
    moves = 0
    stop = time.monotonic() + seconds

    async def person(player: Seat, seed: int) -> None:
        nonlocal moves
        rng = random.Random(seed)
        while time.monotonic() < stop:
            legal = player.legal()
            if legal:
                await asyncio.sleep(rng.uniform(0.3, 1.2))
                legal = player.legal()
                if legal:
                    await player.send(m.Act(action=codec.encode_action(rng.choice(legal)), ref=1))
                    moves += 1
            elif player.over and player.seat == 0:
                await player.send(m.Start())
            with_timeout = max(0.05, stop - time.monotonic())
            player.changed.clear()
            try:
                await asyncio.wait_for(player.changed.wait(), min(1.0, with_timeout))
            except TimeoutError:
                pass

    for players in made:
        await players[0].send(m.Start())
    start_cpu = cpu_seconds(pid)
    await asyncio.gather(
        *(person(p, i * 10 + j) for i, players in enumerate(made) for j, p in enumerate(players))
    )
    end_cpu = cpu_seconds(pid)
    used = None if start_cpu is None or end_cpu is None else end_cpu - start_cpu
    for players in made:
        for p in players:
            await p.ws.close()
    return used, moves


# -- 3: reconnect -> snapshot -------------------------------------------------------------------


async def reconnects(url: str, game: str, codec: GameCodec, count: int) -> list[float]:
    players, _ = await table_of(
        url, game, codec, long_config(game, 4), humans_needed(game), 0, bots="easy"
    )
    player = players[0]
    await player.send(m.Start())
    await player.until(lambda: player.view is not None)
    table = player.table
    assert table is not None
    samples = []
    for _ in range(count):
        token, upto = player.token, player.upto
        await player.ws.close()
        t0 = time.perf_counter()
        player = await join(
            url, "PlayerA", codec, token=token, table=table.id, upto=upto, match=table.match
        )
        await player.until(lambda p=player: p.arrived and p.view is not None)
        samples.append((min(player.arrived.values()) - t0) * 1000)
    await player.ws.close()
    return samples


async def main_async(args: argparse.Namespace) -> None:
    codec = codec_of(args.game)
    print(f"game: {args.game}; load average before: {os.getloadavg()[0]:.2f}")

    def server(folder: str) -> ServerProcess:
        return ServerProcess(
            Path(folder), "--rate", "1000", "--between-rounds", "0", "--grace", "60"
        ).start()

    with tempfile.TemporaryDirectory() as folder:
        running = server(folder)
        try:
            if args.actions > 0:
                samples = await latency(running.url, args.game, codec, args.actions)
                median, p99 = statistics.median(samples), percentile(samples, 0.99)
                verdict = "met" if p99 <= P99_TARGET_MS else "NOT met"
                print(
                    f"action -> event at all 8 recipients, {len(samples)} actions: "
                    f"median {median:.2f} ms, p99 {p99:.2f} ms, max {max(samples):.2f} ms "
                    f"(target p99 <= {P99_TARGET_MS} ms: {verdict})"
                )
            else:
                print("action -> event at all 8 recipients: not measured (--actions 0)")
            if args.reconnects > 0:
                samples = await reconnects(running.url, args.game, codec, args.reconnects)
                print(
                    f"reconnect -> snapshot, {len(samples)} times: median "
                    f"{statistics.median(samples):.2f} ms, "
                    f"p99 {percentile(samples, 0.99):.2f} ms"
                )
            else:
                print("reconnect -> snapshot: not measured (--reconnects 0)")
        finally:
            running.stop()
    if args.tables:
        with tempfile.TemporaryDirectory() as folder:
            running = server(folder)
            try:
                assert running.process is not None
                used, moves = await many_tables(
                    running.url, args.game, codec, args.tables, args.seconds, running.process.pid
                )
                if used is None:
                    print("server CPU: not measurable on this system")
                else:
                    share = used / args.seconds / args.tables * 100
                    print(
                        f"{args.tables} tables for {args.seconds:.0f} s: {moves} human moves "
                        f"(and the bots'); server CPU {used:.2f} s = {share:.3f}% of a core "
                        f"per table ({used / args.seconds * 100:.1f}% of a core in all)"
                    )
            finally:
                running.stop()
    if args.hostile:
        await hostile(args, codec)
    print(f"load average after: {os.getloadavg()[0]:.2f}")


async def hostile(args: argparse.Namespace, codec: GameCodec) -> None:
    with tempfile.TemporaryDirectory() as folder:
        running = ServerProcess(Path(folder), "--rate", "1000", "--between-rounds", "0").start()
        try:
            players, _ = await table_of(
                running.url, args.game, codec, long_config(args.game, 4), 4, 0
            )
            rng = random.Random(3)
            await players[0].send(m.Start())
            frames = hostile_frames(random.Random(args.hostile), args.hostile)
            t0 = time.perf_counter()
            attack = asyncio.get_running_loop().run_in_executor(
                None, asyncio.run, throw_frames(running.url, frames)
            )
            gaps: list[float] = []
            last = time.perf_counter()
            while not attack.done():
                mover = next((p for p in players if p.legal()), None)
                if mover is None:
                    if players[0].over:
                        await players[0].send(m.Start())
                    await asyncio.sleep(0.005)
                    continue
                before = mover.upto
                await mover.send(
                    m.Act(action=codec.encode_action(rng.choice(mover.legal())), ref=1)
                )
                await asyncio.gather(*(p.until(lambda p=p, b=before: p.upto > b) for p in players))
                now = time.perf_counter()
                gaps.append((now - last) * 1000)
                last = now
            sent, refusals, closes = await attack
            alive = running.process is not None and running.process.poll() is None
            print(
                f"hostile frames: {sent} sent in {time.perf_counter() - t0:.1f} s, "
                f"{refusals} refusals with a reason, {closes} connections closed for abuse; "
                f"server alive: {alive}; the live "
                f"table made {len(gaps)} moves meanwhile"
                + (f", move -> all 4 seats p99 {percentile(gaps, 0.99):.1f} ms" if gaps else "")
            )
            for p in players:
                await p.ws.close()
        finally:
            running.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="domino")
    parser.add_argument("--actions", type=int, default=600)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--reconnects", type=int, default=50)
    parser.add_argument("--hostile", type=int, default=0)
    parser.add_argument("--keys", type=int, default=0, help="key A -> speech B samples (5.)")
    args = parser.parse_args()
    asyncio.run(main_async(args))
    if args.keys:
        import online_keys  # the benchmarks folder: this script's own

        online_keys.report(online_keys.run(args.keys, manches=6))


if __name__ == "__main__":
    main()
