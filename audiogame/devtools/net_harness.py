"""Servers and clients for the network tests and benchmarks, on 127.0.0.1 only.

- ``ServerThread``: a real ``GameServer`` on its own asyncio loop in a thread,
  listening on an ephemeral loopback port (``url``); ``call(coro)`` runs a
  coroutine on its loop (to look inside a table from a test).
- ``ServerProcess``: ``audiogame-server`` as a child process (``kill()`` is
  kill -9 where the system has it: ``Popen.kill``), its port read from
  ``--port-file``.
- ``wait_for(client, predicate)``: drain a ``GameClient`` until something
  arrives, bounded in time.
- ``ScriptedPlayer`` (a client its game's bot plays), ``play_together(players)``
  (pump them all until the match ends) and ``replay_over(over)`` (the finished
  match replayed offline, to compare with what each seat heard).
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import os
import random
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Coroutine, Sequence
from pathlib import Path
from typing import Any, TypeVar

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed
from websockets.typing import Subprotocol

from audiogame.net.client.game_client import GameClient, Incoming
from audiogame.net.game_server import GameServer
from audiogame.net.protocol import messages as m
from audiogame.net.protocol.game_codec import GameCodec
from audiogame.net.protocol.match_log import Replayed, entries_from_lists, replay
from audiogame.net.server.options import ServerOptions

T = TypeVar("T")
HOST = "127.0.0.1"
#: seconds the harness waits for a server's answer before calling it lost: long beside
#: what any loaded machine takes, only there to end a wait that would never end
WAIT = 60.0
#: seconds a password login to the server command may take: its hash is made at the
#: system's idle priority (net/hash_worker.py), which a machine whose cores are full
#: starves for minutes (at load 40 on 2 cores, a registration passed 30 s). Only ends a
#: wait that would never end
LOGIN_WAIT = 600.0
#: a Domino match that ends soon (one manche, two seats, no thinking time): for tests
#: that need a table under way, not a long game
SHORT_DOMINO: dict[str, Any] = {
    "set_id": "double-6",
    "seats": 2,
    "teams": None,
    "thinking_time": 0,
    "point_limit": 25,
    "manche_limit": 1,
}


#: the keepalive of a harness server given no options (seconds; the product's is 1 s)
QUIET_HEARTBEAT = 10.0


class ServerThread:
    def __init__(
        self,
        data_dir: Path,
        options: ServerOptions | None = None,
        *,
        store_url: str | None = None,
        bus_url: str | None = None,
        prefix: str = "audiogame:",
        port: int = 0,
    ) -> None:
        self.data_dir = data_dir
        # a test that names no options is not about noticing silent drops: a loaded
        # machine that stalls a test's client past the keepalive's 3 s must not drop it
        self.options = options or ServerOptions(heartbeat=QUIET_HEARTBEAT)
        #: a PostgreSQL store and a Redis bus instead of SQLite and the in-process bus
        self.store_url = store_url
        self.bus_url = bus_url
        self.prefix = prefix
        self.loop = asyncio.new_event_loop()
        self.server: GameServer | None = None
        self.port = port  # 0: any free port, told once started
        self._thread = threading.Thread(target=self.loop.run_forever, name="server", daemon=True)

    def start(self) -> ServerThread:
        self._thread.start()
        self.server = self.call(self._make())
        self.port = self.call(self.server.start(HOST, self.port))
        return self

    async def _make(self) -> GameServer:
        store = cluster = None
        if self.store_url is not None:
            from audiogame.net.server.postgres_store import PostgresStore

            store = await PostgresStore.connect(self.store_url)
        if self.bus_url is not None:
            from audiogame.net.server.cluster import RedisCluster

            cluster = RedisCluster(self.bus_url, prefix=self.prefix)
        return GameServer(self.data_dir, self.options, store=store, cluster=cluster)

    @property
    def url(self) -> str:
        return f"ws://{HOST}:{self.port}"

    def call(self, coro: Coroutine[Any, Any, T], timeout: float = WAIT) -> T:
        """``coro`` run on the server's loop; its result. The timeout only ends a wait
        that would never end (a loaded machine took over 10 s to start a server on
        PostgreSQL and Redis)."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def run(self, fn: Callable[[], T], timeout: float = WAIT) -> T:
        """``fn()`` on the server's loop (the tables are not thread-safe)."""

        async def call() -> T:
            return fn()

        return self.call(call(), timeout)

    async def arun(self, fn: Callable[[], T], timeout: float = WAIT) -> T:
        """``fn()`` on the server's loop, awaited from another loop, which goes on
        meanwhile: its websockets keep answering the server's keepalive pings (a blocking
        ``run`` there, on a loaded machine, left them unanswered and the page dropped)."""

        async def call() -> T:
            return fn()

        future = asyncio.run_coroutine_threadsafe(call(), self.loop)
        return await asyncio.wait_for(asyncio.wrap_future(future), timeout)

    def stop(self) -> None:
        """Close the server, then end what it left on its loop (as ``asyncio.run`` does
        for the server command), then the loop: no task is destroyed still pending, no
        coroutine left unawaited."""
        try:
            if self.server is not None:
                try:
                    self.call(self.server.close())
                except TimeoutError:
                    # a close that never ends says what it waits for (seen once, on
                    # PostgreSQL and Redis at load 15, in a loaded fresh-clone run)
                    raise AssertionError(
                        f"the server's close did not end in {WAIT} s; its tasks:\n"
                        + self.run(_tasks_said)
                    ) from None
        finally:
            if self._thread.is_alive():
                self.call(_end_the_rest())
                self.loop.call_soon_threadsafe(self.loop.stop)
                self._thread.join(WAIT)
            if not self._thread.is_alive():
                self.loop.close()

    def __enter__(self) -> ServerThread:
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.stop()


def _tasks_said() -> str:
    """Every task of the running loop and where each is waiting (a stop that hangs)."""
    out = io.StringIO()
    for task in asyncio.all_tasks():
        if task is not asyncio.current_task():
            task.print_stack(limit=6, file=out)
    return out.getvalue()


async def _end_the_rest() -> None:
    """Every other task of the running loop (a lobby's write in flight, a connection's
    handler) cancelled and awaited, then its async generators closed."""
    me = asyncio.current_task()
    rest = [task for task in asyncio.all_tasks() if task is not me]
    for task in rest:
        task.cancel()
    if rest:
        await asyncio.wait(rest, timeout=WAIT)  # only ends a wait that never ends
    await asyncio.get_running_loop().shutdown_asyncgens()


class ServerProcess:
    """``python -m audiogame.net.server_cli`` on an ephemeral loopback port (``cwd``: the
    source tree it runs from, another version of the game's for a comparison; this one's
    by default)."""

    def __init__(
        self,
        data_dir: Path,
        *args: str,
        env: dict[str, str] | None = None,
        cwd: Path | None = None,
    ) -> None:
        self.data_dir = data_dir
        self.args = args
        self.env = env
        self.cwd = cwd
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, port: int = 0, timeout: float = 3 * WAIT) -> ServerProcess:
        port_file = self.data_dir / "port"
        port_file.unlink(missing_ok=True)
        command = [
            sys.executable,
            "-m",
            "audiogame.net.server_cli",
            "--host",
            HOST,
            "--port",
            str(port),
            "--data",
            str(self.data_dir),
            "--port-file",
            str(port_file),
            *self.args,
        ]
        env = dict(os.environ if self.env is None else self.env)
        # to a file, never a pipe nobody reads: a server that logs more than a pipe holds
        # would block on its next line, every table with it
        self.data_dir.mkdir(parents=True, exist_ok=True)
        with self.log_path.open("ab") as log_file:
            self.process = subprocess.Popen(
                command, env=env, stdout=subprocess.DEVNULL, stderr=log_file, cwd=self.cwd
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if port_file.is_file() and port_file.read_text(encoding="ascii"):
                self.port = int(port_file.read_text(encoding="ascii"))
                return self
            if self.process.poll() is not None:
                raise RuntimeError(f"the server did not start: {self.log()}")
            time.sleep(0.02)
        raise TimeoutError("the server did not start in time")

    @property
    def url(self) -> str:
        return f"ws://{HOST}:{self.port}"

    @property
    def log_path(self) -> Path:
        return self.data_dir / "server-stderr.log"

    def log(self) -> str:
        """What the server wrote to its standard error (its warnings and errors)."""
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""

    def kill(self) -> None:
        """Killed at once (SIGKILL on POSIX, TerminateProcess on Windows): no clean-up."""
        if self.process is not None:
            self.process.kill()
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


def wait_for(
    client: GameClient,
    predicate: Callable[[Incoming], bool],
    timeout: float = 60.0,
    seen: list[Incoming] | None = None,
) -> Incoming:
    """Drain ``client`` until an item matches (every item drained goes to ``seen``).

    The bound only ends a wait that would never end: a loaded machine (a process
    still starting, a server slow to answer) is late, not wrong."""
    deadline = time.monotonic() + timeout
    drained: list[str] = []
    while time.monotonic() < deadline:
        batch = client.poll()
        for index, item in enumerate(batch):
            drained.append(type(item).__name__)
            if seen is not None:
                seen.append(item)
            if predicate(item):
                # what came in the same batch is the next wait's: on a busy machine a
                # Welcome and the TableState after it arrive together
                client.put_back(batch[index + 1 :])
                return item
        time.sleep(0.002)
    raise TimeoutError(f"nothing matching arrived in {timeout} s; drained {drained[-30:]}")


class ScriptedPlayer:
    """A client that plays its seat with the game's own bot deciding from the view it
    receives (a scripted human: it acts at once), and keeps everything it heard."""

    def __init__(self, client: GameClient, level: str = "easy", seed: int = 0) -> None:
        self.client = client
        self.level = level
        self.seed = seed
        self.heard: list[Any] = []  # every game event received, in order
        self.items: list[Incoming] = []
        self.view: Any = None
        self.over: Any = None  # the MatchOver, once it came
        self._bot: Any = None
        self._acted_at = -1
        self._thinking: Any = None

    def pump(self) -> None:
        """Take what arrived and act if the bot says so (call it in a loop)."""
        from audiogame.core.contract import Decision
        from audiogame.games import registry
        from audiogame.net.client.game_client import Batch, Resync
        from audiogame.net.protocol import messages as m

        for item in self.client.poll():
            self.items.append(item)
            if isinstance(item, Resync):
                self.heard.extend(item.away)
                self.view = item.view
                self._acted_at = -1
            elif isinstance(item, Batch):
                self.heard.extend(item.events)
                self.view = item.view
            elif isinstance(item, m.MatchOver):
                self.over = item
            elif isinstance(item, m.GameRefused | m.Refused):
                self._acted_at = -1  # try again with what the bot says now
        if self.view is None:  # started after the snapshot was taken from the queue
            self.view = self.client.view
        seat, table = self.client.seat, self.client.table
        if seat is None or table is None or self.view is None or self.over is not None:
            return
        if self._bot is None or self._bot.seat != seat:
            spec = registry.get(table.game)
            assert spec is not None and spec.make_bot is not None
            self._bot = spec.make_bot(seat, self.level, self.seed)
        if self._acted_at == self.client.upto:
            return
        decision = self._thinking or self._bot.decide(self.view)
        if decision is not None and not isinstance(decision, Decision):
            self._thinking = decision
            if not decision.step():
                return
            decision = decision.decision
        self._thinking = None
        if isinstance(decision, Decision):
            self._acted_at = self.client.upto
            self.client.act(decision.action)

    def play_until(self, done: Callable[[], bool], timeout: float) -> None:
        play_together([self], timeout, until=done)


def play_together(
    players: Sequence[ScriptedPlayer], timeout: float, until: Callable[[], bool] | None = None
) -> None:
    """Pump every player in turn until ``until`` holds (by default: each heard the
    match end), bounded in time."""
    deadline = time.monotonic() + timeout
    done = until or (lambda: all(p.over is not None for p in players))
    while not done():
        if time.monotonic() > deadline:
            raise TimeoutError("the match did not end in time")
        for player in players:
            player.pump()
        time.sleep(0.001)


def replay_over(over: m.MatchOver) -> Replayed:
    """A finished match replayed offline from the seed and log its ``MatchOver`` carries."""
    from audiogame.games import registry

    spec = registry.get(over.game)
    assert spec is not None and spec.wire is not None
    log = entries_from_lists(over.log)
    return replay(spec, GameCodec(spec.wire()), over.config, over.seed, over.start, log)


# -- hostile input -------------------------------------------------------------------------


def hostile_frames(rng: random.Random, count: int) -> list[str | bytes]:
    kinds = sorted(m.CLIENT_TYPES)
    frames: list[str | bytes] = []
    for _ in range(count):
        pick = rng.randrange(9)
        if pick == 0:
            frames.append("x" * (m.MAX_FRAME + rng.randrange(1, 2000)))  # oversized
        elif pick == 1:
            frames.append(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40))))
        elif pick == 2:
            frames.append("{" * rng.randrange(1, 300))  # not JSON, deeply open
        elif pick == 3:
            frames.append(json.dumps({"type": f"no-{rng.randrange(99)}"}))
        elif pick == 4:
            frames.append(json.dumps({"type": rng.choice(kinds), "junk": [1, {"a": None}]}))
        elif pick == 5:  # out of order: a table command before anything else
            frames.append(json.dumps({"type": "act", "action": {"$": "Keep"}, "ref": 1}))
        elif pick == 6:
            frames.append(json.dumps([1, 2, 3]))
        elif pick == 7:
            frames.append(json.dumps({"type": "say", "text": 7}))
        else:
            frames.append(json.dumps({"type": "hello", "name": "\u202e" * rng.randrange(1, 30)}))
    return frames


async def throw_frames(url: str, frames: list[str | bytes]) -> tuple[int, int, int]:
    """Send every frame, each once the server has answered the one before (or stayed
    quiet for 50 ms: a frame over the rate gets no answer of its own), starting a new
    connection whenever the server says goodbye: an attacker that comes back. Returns
    (frames sent, refusals heard, connections closed by the server)."""
    sent = refusals = closes = 0
    index = 0

    async def drain(ws: ClientConnection, answers: asyncio.Queue[str]) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for frame in ws:
                answers.put_nowait(str(json.loads(frame).get("type")))
        answers.put_nowait("goodbye")

    while index < len(frames):
        answers: asyncio.Queue[str] = asyncio.Queue()
        try:
            async with connect(
                url, subprotocols=[Subprotocol(m.SUBPROTOCOL)], max_size=2**20
            ) as ws:
                reader = asyncio.get_running_loop().create_task(drain(ws, answers))
                try:
                    gone = False
                    while index < len(frames) and not gone:
                        await ws.send(frames[index])
                        index += 1
                        sent += 1
                        try:
                            answer = await asyncio.wait_for(answers.get(), 0.05)
                        except TimeoutError:
                            continue
                        while True:
                            refusals += answer == "refused"
                            gone = gone or answer == "goodbye"
                            if answers.empty():
                                break
                            answer = answers.get_nowait()
                finally:
                    reader.cancel()
            closes += gone
        except ConnectionClosed:
            closes += 1
        except OSError:
            await asyncio.sleep(0.01)
    return sent, refusals, closes
