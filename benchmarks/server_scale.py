"""A public server under load, on loopback: a login storm beside a live table, and 1,000
simulated clients over two server processes behind PostgreSQL and Redis.

1. Login storm (one process, SQLite): a Domino table of 4 players and 4 spectators
   plays (action -> event received by all 8, as benchmarks/online_domino.py); then
   the same while ``--storm`` clients register, then log in, ``--storm-parallel`` (50)
   in flight at a time, each new one as soon as one is answered. The figure that
   matters: the table's p99 with and without the storm (target: the storm adds
   nothing near 5 ms), and how many logins a second the hashing pool gets through.
   Here the storm's clients share this process's loop with the table's own clients,
   and their work delays the table's readings too: benchmarks/login_storm.py runs the
   storm from a process of its own, in alternating phases, and is the figure to quote.
2. Scale (two processes, PostgreSQL + Redis; needs AUDIOGAME_TEST_POSTGRES and
   AUDIOGAME_TEST_REDIS, as ``source .ci/services.sh && services_start`` sets them):
   ``--clients`` guests spread over both processes, every one watching who is online;
   - presence fan-out: one player turns busy and back, ``--toggles`` times: the time
     until every watcher on both processes has heard it (median, p99);
   - table event p99 across processes: the same 8-recipient table, half its players
     and spectators on the other process than the one that runs it;
   - logins a second: ``--logins`` accounts registered, then logged in, over both;
   - memory per connection: the two processes' resident memory before and after the
     clients connected, divided by the clients.

Both parts scrape the servers' ``/metrics`` (Prometheus's text format) every half
second while they run: how long a scrape takes under load, and what the servers counted
(entries, refused frames, an action's answer to its player, store writes, the bus's lag),
printed beside the benchmark's own figures. The servers wait ``--between`` (0.2) seconds
between manches, not the 15 a table waits for people: the table keeps playing through the
storm.

Every connection is to 127.0.0.1; every loop is bounded in count and time.

    .venv/bin/python benchmarks/server_scale.py [--storm 300] [--clients 1000]
        [--toggles 20] [--actions 300] [--logins 200] [--only storm|scale] [--heartbeat 10]
        [--between 0.2]

In the scale part this one process plays all the clients and answers all their keepalive
pings; while it reads every arrival told to every watcher (a million presence frames) it
answers late, so the servers there ping every ``--heartbeat`` (10) seconds, not 1.5.
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
sys.path.insert(0, str(ROOT / "benchmarks"))

from online_domino import Seat, long_config  # noqa: E402
from prometheus_client.parser import text_string_to_metric_families  # noqa: E402
from table_timing import action_latency, codec_of, spread  # noqa: E402
from websockets.asyncio.client import ClientConnection, connect  # noqa: E402
from websockets.exceptions import InvalidHandshake  # noqa: E402
from websockets.typing import Subprotocol  # noqa: E402

from audiogame.devtools import services  # noqa: E402
from audiogame.devtools.net_harness import ServerProcess  # noqa: E402
from audiogame.net.protocol import messages as m  # noqa: E402
from audiogame.net.protocol.game_codec import GameCodec  # noqa: E402

GAME = "domino"
PASSWORD = "una password qualunque"


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def open_ws(url: str) -> ClientConnection:
    # no pings of the client's own (the server's heartbeat is answered all the same): while
    # a loaded machine lets this one process read a thousand sockets, a 20 s keepalive
    # closed the first watchers before the last had connected
    return await connect(
        url,
        subprotocols=[Subprotocol(m.SUBPROTOCOL)],
        compression=None,
        max_size=2**22,
        ping_interval=None,
        open_timeout=120,  # a loaded machine is late, not wrong (websockets' default: 10 s)
    )


async def seat_at(url: str, name: str, codec: GameCodec) -> Seat:
    seat = Seat(await open_ws(url), codec)
    await seat.send(m.Hello(name=name))
    await seat.until(lambda: bool(seat.token))
    return seat


async def table_over(urls: list[str], codec: GameCodec, tag: str) -> list[Seat]:
    """A table of 4 human seats and 4 spectators; seat i and spectator i connect to
    ``urls[i % len(urls)]`` (the table runs on the first)."""
    players = [await seat_at(urls[0], f"Giocatore{tag}A", codec)]
    master = players[0]
    await master.send(m.CreateTable(game=GAME, config=long_config(GAME, 4)))
    await master.until(lambda: master.table is not None)
    assert master.table is not None
    table_id = master.table.id
    for index in range(1, 4):
        player = await seat_at(urls[index % len(urls)], f"Giocatore{tag}{chr(65 + index)}", codec)
        await player.send(m.JoinTable(table=table_id))
        await player.until(lambda p=player: p.seat is not None)
        players.append(player)
    watchers = []
    for index in range(4):
        watcher = await seat_at(urls[index % len(urls)], f"Spettatore{tag}{index}", codec)
        await watcher.send(m.JoinTable(table=table_id, spectator=True))
        await watcher.until(lambda w=watcher: w.table is not None and w.seat is None)
        watchers.append(watcher)
    await master.send(m.Start())
    return players + watchers


def line(label: str, samples: list[float]) -> str:
    return f"{label}: {spread(samples)}"


# -- the servers' own metrics, scraped while they work -------------------------------------


async def scrape(port: int) -> tuple[float, str]:
    """One GET /metrics on loopback: (milliseconds it took, the text)."""
    t0 = time.perf_counter()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    answer = await reader.read()
    writer.close()
    took = (time.perf_counter() - t0) * 1000
    head, _, body = answer.partition(b"\r\n\r\n")
    if not head.startswith(b"HTTP/1.1 200"):
        raise RuntimeError(f"/metrics answered {head[:40]!r}")
    return took, body.decode()


class Scraper:
    """Scrapes ``ports`` every ``every`` seconds until stopped; keeps each scrape's time
    and the last text of each."""

    def __init__(self, ports: list[int], every: float = 0.5) -> None:
        self.ports = ports
        self.every = every
        self.times: list[float] = []
        self.last: dict[int, str] = {}
        self.failed: list[str] = []
        self.task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        while True:
            for port in self.ports:
                try:
                    took, text = await scrape(port)
                except (OSError, RuntimeError) as failed:  # said with the figures, not fatal
                    self.failed.append(f"{port}: {failed}")
                    continue
                self.times.append(took)
                self.last[port] = text
            await asyncio.sleep(self.every)

    async def stop(self) -> None:
        self.task.cancel()
        try:
            await self.task
        except asyncio.CancelledError:
            pass


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    found = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            found[sample.name, tuple(sorted(sample.labels.items()))] = sample.value
    return found


def quantile(found: dict, name: str, q: float, **labels: str) -> float:
    """A histogram's quantile from its buckets, interpolated in its bucket as
    Prometheus's histogram_quantile does (seconds)."""
    buckets = sorted(
        (float(dict(key)["le"]), value)
        for (sample, key), value in found.items()
        if sample == f"{name}_bucket" and {k: v for k, v in key if k != "le"} == labels
    )
    if not buckets or buckets[-1][1] == 0:
        return float("nan")
    rank = q * buckets[-1][1]
    lower, below = 0.0, 0.0
    for bound, count in buckets:
        if count >= rank:
            if bound == float("inf"):
                return lower
            return lower + (bound - lower) * (rank - below) / max(count - below, 1e-9)
        lower, below = bound, count
    return lower


def metrics_lines(scraper: Scraper, label: str) -> list[str]:
    took = scraper.times
    out = [line(f"{label}: /metrics scraped {len(took)} times, ms", took)]
    if scraper.failed:
        out.append(f"  {len(scraper.failed)} scrapes failed, the first: {scraper.failed[0]}")
    for port, text in scraper.last.items():
        found = samples(text)
        entries = {
            f"{dict(k)['kind']} {dict(k)['outcome']}": int(v)
            for (n, k), v in found.items()
            if n == "audiogame_entries_total"
        }
        refused = {
            dict(k)["reason"]: int(v)
            for (n, k), v in found.items()
            if n == "audiogame_frames_refused_total"
        }
        delivery = [
            quantile(found, "audiogame_action_delivery_seconds", q) * 1000 for q in (0.5, 0.99)
        ]
        store = [
            quantile(found, "audiogame_store_write_seconds", q, op="append") * 1000
            for q in (0.5, 0.99)
        ]
        parts = [
            f"port {port}: entries {entries}",
            f"refused {refused or 'none'}",
            f"frames in {int(found.get(('audiogame_frames_in_total', ()), 0))}"
            f" / out {int(found.get(('audiogame_frames_out_total', ()), 0))}",
            f"action -> its answer p50 {delivery[0]:.2f} ms, p99 {delivery[1]:.2f} ms",
            f"store append p50 {store[0]:.2f} ms, p99 {store[1]:.2f} ms",
        ]
        lag = [quantile(found, "audiogame_bus_lag_seconds", q) * 1000 for q in (0.5, 0.99)]
        count = found.get(("audiogame_bus_lag_seconds_count", ()), 0)
        if count:
            parts.append(f"bus lag p50 {lag[0]:.2f} ms, p99 {lag[1]:.2f} ms ({int(count)})")
        out.append("  " + "; ".join(parts))
    return out


# -- logins -----------------------------------------------------------------------------------


async def enter(url: str, name: str, register: bool) -> tuple[str, float]:
    """One registration or login: (the answer's type or refusal, seconds it took)."""
    t0 = time.perf_counter()
    try:
        ws = await open_ws(url)
    except (OSError, InvalidHandshake, TimeoutError):
        # a server that cannot finish the opening handshake in its hello time (a loaded
        # machine) drops it: counted with the answers, not the end of the run
        return "not opened", time.perf_counter() - t0
    try:
        kind = m.Register if register else m.Login
        await ws.send(m.encode(kind(name=name, password=PASSWORD)), text=True)
        async with asyncio.timeout(60):
            async for frame in ws:
                data = json.loads(frame)
                if data["type"] == "welcome":
                    return "welcome", time.perf_counter() - t0
                if data["type"] == "refused":
                    return data["reason"], time.perf_counter() - t0
    except TimeoutError:
        return "timeout", time.perf_counter() - t0
    finally:
        await ws.close()
    return "closed", time.perf_counter() - t0


async def logins(urls: list[str], count: int, register: bool, tag: str, parallel: int) -> dict:
    gate = asyncio.Semaphore(parallel)
    answers: dict[str, int] = {}

    async def one(index: int) -> None:
        async with gate:
            answer, _ = await enter(urls[index % len(urls)], f"Utente{tag}{index:04d}", register)
            answers[answer] = answers.get(answer, 0) + 1

    t0 = time.perf_counter()
    await asyncio.gather(*(one(i) for i in range(count)))
    seconds = time.perf_counter() - t0
    return {"answers": answers, "seconds": seconds, "rate": answers.get("welcome", 0) / seconds}


# -- 1: the login storm -------------------------------------------------------------------


async def storm(args: argparse.Namespace, codec: GameCodec) -> None:
    with tempfile.TemporaryDirectory() as folder:
        server = ServerProcess(
            Path(folder),
            "--rate",
            "1000",
            "--login-rate",
            "100000",
            "--between-rounds",
            str(args.between),
        ).start()
        try:
            url = server.url
            scraper = Scraper([server.port])
            table = await table_over([url], codec, "S")
            base = await action_latency(table, codec, args.actions)
            print(line("table alone", base))
            task = asyncio.get_running_loop().create_task(
                logins([url], args.storm, True, "R", parallel=args.storm_parallel)
            )
            during: list[float] = []
            while not task.done():
                during += await action_latency(table, codec, 20)
            registered = task.result()
            print(line(f"table during {args.storm} registrations", during))
            print(
                f"registrations: {registered['answers']} in {registered['seconds']:.1f} s"
                f" ({registered['rate']:.0f} a second)"
            )
            # logins again and again (the accounts just made) until the table has as
            # many samples under the storm as alone: a p99 over a handful says nothing
            during = []
            rounds: list[dict] = []
            loop = asyncio.get_running_loop()
            while len(during) < args.actions:
                task = loop.create_task(
                    logins([url], args.storm, False, "R", parallel=args.storm_parallel)
                )
                while not task.done():
                    during += await action_latency(table, codec, 20)
                rounds.append(task.result())
            print(line(f"table during {len(rounds)} x {args.storm} logins", during))
            welcomed = sum(r["answers"].get("welcome", 0) for r in rounds)
            seconds = sum(r["seconds"] for r in rounds)
            others: dict[str, int] = {}
            for r in rounds:
                for answer, count in r["answers"].items():
                    if answer != "welcome":
                        others[answer] = others.get(answer, 0) + count
            print(
                f"logins: {welcomed} welcomed in {seconds:.1f} s ({welcomed / seconds:.0f} a"
                f" second){f'; other answers {others}' if others else ''}"
            )
            await scraper.stop()
            for said in metrics_lines(scraper, "storm"):
                print(said)
            for seat in table:
                await seat.ws.close()
        finally:
            server.stop()


# -- 2: two processes, 1,000 clients ---------------------------------------------------------


class Watcher:
    """A guest that watches who is online and notes when each presence change arrives."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.heard: dict[str, float] = {}  # "<name>:<status>" -> first arrival
        self.welcomed = asyncio.Event()
        self.listed = asyncio.Event()
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        try:
            async for frame in self.ws:
                now = time.perf_counter()
                data = json.loads(frame)
                kind = data["type"]
                if kind == "presence":
                    key = f"{data['person']['name']}:{data['person']['status']}"
                    self.heard.setdefault(key, now)
                elif kind == "welcome":
                    self.welcomed.set()
                elif kind == "people":
                    self.listed.set()
        except Exception:  # a closed connection ends the reader
            return


#: opening handshakes a server dropped (its hello time passed on a loaded machine) and
#: the watcher tried again: said with the figures
DROPPED: list[str] = []


async def watcher(url: str, name: str) -> Watcher:
    for _ in range(5):
        try:
            ws = await open_ws(url)
            break
        except InvalidHandshake:
            DROPPED.append(name)
    else:
        raise RuntimeError(f"{name}: five opening handshakes dropped")
    found = Watcher(ws)
    await ws.send(m.encode(m.Hello(name=name)), text=True)
    await asyncio.wait_for(found.welcomed.wait(), 30)
    await ws.send(m.encode(m.WatchPeople(watch=True)), text=True)
    await asyncio.wait_for(found.listed.wait(), 30)
    return found


async def scale(args: argparse.Namespace, codec: GameCodec) -> None:
    pg, rd = services.postgres_url(), services.redis_url()
    if pg is None or rd is None:
        print("scale: skipped, no PostgreSQL and Redis (source .ci/services.sh; services_start)")
        return
    shared = ["--store", services.fresh_postgres(pg), "--bus", rd]
    shared += ["--redis-prefix", services.fresh_prefix(), "--rate", "1000"]
    shared += ["--login-rate", "100000", "--heartbeat", str(args.heartbeat)]
    shared += ["--between-rounds", str(args.between)]
    with tempfile.TemporaryDirectory() as folder:
        processes = []
        for n in (1, 2):
            (Path(folder) / f"p{n}").mkdir()
            processes.append(ServerProcess(Path(folder) / f"p{n}", *shared).start())
        try:
            urls = [p.url for p in processes]
            pids = [p.process.pid for p in processes if p.process is not None]
            scraper = Scraper([p.port for p in processes])
            await asyncio.sleep(1.0)
            before = sum(rss_kib(pid) for pid in pids)
            watchers: list[Watcher] = []
            t0 = time.perf_counter()
            for start in range(0, args.clients, 25):
                batch = range(start, min(args.clients, start + 25))
                watchers += await asyncio.gather(
                    *(watcher(urls[i % 2], f"Ospite{i:04d}") for i in batch)
                )
            connected = time.perf_counter() - t0
            await asyncio.sleep(2.0)
            after = sum(rss_kib(pid) for pid in pids)
            print(
                f"{len(watchers)} clients over 2 processes connected in {connected:.1f} s;"
                f" memory per connection {(after - before) / len(watchers):.0f} KiB"
                f" (both processes: {before / 1024:.0f} -> {after / 1024:.0f} MiB)"
            )
            if DROPPED:
                print(f"  {len(DROPPED)} opening handshakes dropped by the servers, tried again")
            mover = watchers[0]
            fanout: list[float] = []
            for toggle in range(args.toggles):
                status = "busy" if toggle % 2 == 0 else "available"
                key = f"Ospite0000:{status}"
                for w in watchers:
                    w.heard.pop(key, None)
                t0 = time.perf_counter()
                await mover.ws.send(m.encode(m.SetStatus(status=status)), text=True)
                async with asyncio.timeout(30):
                    while not all(key in w.heard for w in watchers):
                        await asyncio.sleep(0.002)
                fanout.append((max(w.heard[key] for w in watchers) - t0) * 1000)
            print(line(f"presence to all {len(watchers)} watchers", fanout))
            table = await table_over(urls, codec, "X")
            print(
                line(
                    "table event at 8 recipients, half on the other process",
                    await action_latency(table, codec, args.actions),
                )
            )
            registered = await logins(urls, args.logins, True, "L", parallel=64)
            logged = await logins(urls, args.logins, False, "L", parallel=64)
            print(
                f"registrations over 2 processes: {registered['rate']:.0f} a second"
                f" {registered['answers']}; logins: {logged['rate']:.0f} a second"
                f" {logged['answers']}"
            )
            await scraper.stop()
            for said in metrics_lines(scraper, "scale"):
                print(said)
            for seat in table:
                await seat.ws.close()
            for w in watchers:
                await w.ws.close()
        finally:
            for process in processes:
                process.stop()


async def main_async(args: argparse.Namespace) -> None:
    codec = codec_of(GAME)
    if args.only in (None, "storm"):
        await storm(args, codec)
    if args.only in (None, "scale"):
        await scale(args, codec)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--storm", type=int, default=300)
    parser.add_argument("--storm-parallel", type=int, default=50, help="logins in flight")
    parser.add_argument("--clients", type=int, default=1000)
    parser.add_argument("--toggles", type=int, default=20)
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--logins", type=int, default=200)
    parser.add_argument("--only", choices=("storm", "scale"))
    parser.add_argument(
        "--between", type=float, default=0.2, help="the servers' pause between manches (s)"
    )
    parser.add_argument(
        "--heartbeat",
        type=float,
        default=10.0,
        help="the scale part's keepalive: this one process answers the pings of all its"
        " clients, late while it reads a thousand arrivals, which real clients never do",
    )
    args = parser.parse_args()
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
