"""Several server processes, one lobby: the ``Bus`` and the lobby's ``Relay`` on Redis.

Each table is run by one process, its owner (it holds a lease in Redis,
renewed every second); every process can hold connections to any table.

- **Table frames: Redis Streams.** The owner publishes each post to its local
  connections at once and appends it to the table's stream (``XADD``) with its
  audience resolved to player ids. Another process whose connections sit at
  that table reads the stream (``XREAD``) from the entry it had when the first
  of them arrived, so nothing between joining and the first frame is missed,
  and an entry is found again by its ID after a hiccup.
- **Commands to a table: pub/sub.** A connection on another process talks to a
  ``RemoteTable``: each command (join, act, say, the master's commands) goes
  to the owner on the table's command channel, in order; a refusal comes back
  as a frame on the stream, addressed to that player.
- **The lobby: pub/sub.** Presence, private messages and invitations
  (``people.People``'s relay) and the table directory (every table's summary,
  seats and master, for the list and for joining by code) go to every process.
- **Takeover.** A process that dies (kill -9) stops renewing its leases; within
  about ``lease`` seconds another process claims each orphaned table (``SET
  NX``), rebuilds it from the shared store (PostgreSQL: the log is written
  before any frame goes out, so nothing a player heard is lost) and runs it
  on. It claims the table's owner epoch in the store before reading the log
  (``Store.claim_table``): the old owner's appends carry its own epoch, so one
  that wakes and writes before its next beat tells it the lease is lost is
  refused (``Fenced``) and says nothing. Its players' clients reconnect (to
  any process) and resume their seats with the event count they had, exactly
  as after a restart. A process that only stalled past its lease finds the
  table taken when it wakes and stops running it (its players there reconnect
  to the new owner).
- **Hiccups heal.** A process whose own heartbeat lapsed, or whose subscription
  Redis dropped, announces its players again or asks the others for theirs; a
  new process asks at start. Presence is news on pub/sub, so this is what keeps
  every process's list whole.

``LocalBus`` and ``people.LocalRelay`` stay the one-process default.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any

import msgspec
import redis.asyncio as aioredis

from audiogame.games import registry
from audiogame.net.protocol import messages as m
from audiogame.net.protocol.reasons import Reason, refusal
from audiogame.net.server.bus import Post, Subscriber

if TYPE_CHECKING:
    from audiogame.net.server.lobby import Lobby
    from audiogame.net.server.metrics import ServerMetrics
    from audiogame.net.server.table import Table

log = logging.getLogger(__name__)

_TABLE_STATE = b'{"type":"table"'
_LEFT = b'{"type":"left"'
#: renew the lease only if it is still ours (or lapsed): never take a live table
_RENEW = """
local owner = redis.call('GET', KEYS[1])
if owner == false or owner == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0
"""


class RedisCluster:
    """The ``Bus`` (table frames) and the ``Relay`` (lobby news) of a server process
    that shares its lobby with others through Redis."""

    def __init__(
        self,
        url: str,
        *,
        prefix: str = "audiogame:",
        lease: float = 3.0,
        beat: float = 1.0,
        stream_length: int = 5000,
    ) -> None:
        self.url = url
        self.prefix = prefix
        self.lease = lease
        self.beat = beat
        self.stream_length = stream_length
        self.origin = secrets.token_hex(4)
        # each connection named by its prefix and process (CLIENT LIST shows an operator
        # whose they are, and a test can drop its own without touching another's)
        name = f"{prefix}{self.origin}".replace(" ", "_")
        # typed loosely: redis-py's command types are unions of sync and async returns
        self.redis: Any = aioredis.from_url(url, client_name=name)
        self.reader: Any = aioredis.from_url(url, client_name=name)
        self.lobby: Lobby | None = None
        self.directory: dict[str, dict[str, Any]] = {}
        self.remote: dict[str, RemoteTable] = {}
        self._subs: dict[str, list[Subscriber]] = {}
        self._watch: dict[str, bytes] = {}
        self._watch_changed = asyncio.Event()
        self._relay: Callable[[str, dict[str, Any]], None] | None = None
        self._outbox: asyncio.Queue[Callable[[], Awaitable[Any]]] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._written: dict[str, bytes] = {}  # table -> the directory entry last written
        self._renew = self.redis.register_script(_RENEW)
        self.taken_over = 0
        #: set by the server: the bus's lag and its queue of writes are measured
        self.metrics: ServerMetrics | None = None

    # -- keys ------------------------------------------------------------------------------
    def _stream(self, table: str) -> str:
        return f"{self.prefix}t:{table}"

    def _owner(self, table: str) -> str:
        return f"{self.prefix}owner:{table}"

    @property
    def _tables_key(self) -> str:
        return f"{self.prefix}tables"

    @property
    def _lobby_channel(self) -> str:
        return f"{self.prefix}lobby"

    def _commands(self, table: str) -> str:
        return f"{self.prefix}cmd:{table}"

    def _alive(self, origin: str) -> str:
        return f"{self.prefix}proc:{origin}"

    # -- life ------------------------------------------------------------------------------
    async def start(self, lobby: Lobby) -> None:
        self.lobby = lobby
        lobby.on_table = self._opened
        lobby.on_table_closed = self._closed
        lobby.remote_find = self.find
        lobby.remote_lookup = self.lookup
        lobby.remote_tables = self.summaries
        lobby.people.origin = self.origin
        await self.redis.set(self._alive(self.origin), b"1", px=int(self.lease * 1000))
        for _key, value in (await self.redis.hgetall(self._tables_key)).items():
            self._heard_table(json.loads(value))
        loop = asyncio.get_running_loop()
        pubsub = await self._subscribe()
        for job in (self._send_forever(), self._listen_forever(pubsub), self._read_forever()):
            self._tasks.append(loop.create_task(job))
        self._tasks.append(loop.create_task(self._keep_forever()))
        lobby.people.ask_again()  # the players already online elsewhere

    async def _subscribe(self) -> Any:
        pubsub = self.redis.pubsub()
        await pubsub.subscribe(self._lobby_channel)
        await pubsub.psubscribe(f"{self.prefix}cmd:*")
        return pubsub

    async def close(self) -> None:
        """Send what is queued (a second at most), then stop; the leases lapse by
        themselves, so another process takes over this one's tables."""
        deadline = asyncio.get_running_loop().time() + 1.0
        while not self._outbox.empty() and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.01)
        for task in self._tasks:
            task.cancel()
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=2.0)
        for client in (self.redis, self.reader):
            try:
                await asyncio.wait_for(client.aclose(), 2.0)
            except (TimeoutError, OSError, aioredis.RedisError):
                pass
        # a task still in a Redis call that hung (Redis unreachable) ends once its
        # connection is closed: awaited, never left pending for the loop's end
        left = [task for task in self._tasks if not task.done()]
        if left:
            _done, pending = await asyncio.wait(left, timeout=5.0)
            if pending:
                log.warning("%d Redis tasks did not stop", len(pending))
        self._tasks.clear()

    def limits(self) -> dict[str, Any]:
        """The lobby's limits counted in Redis, once for every process (``Lobby``'s
        ``counters`` and ``connections``)."""
        from audiogame.net.server.shared_limits import RedisConnections, RedisCounter

        def counters(name: str, size: float, rate: float, _max_keys: int) -> RedisCounter:
            return RedisCounter(self.redis, f"{self.prefix}limit:{name}:", size, rate)

        connections = RedisConnections(
            self.redis, f"{self.prefix}conn:", self.origin, f"{self.prefix}proc:"
        )
        return {"counters": counters, "connections": connections}

    async def ping(self) -> None:
        """Answer when Redis answers (readiness)."""
        await self.redis.ping()

    def waiting(self) -> int:
        """Writes to Redis queued behind the one being sent."""
        return self._outbox.qsize()

    def _send(self, job: Callable[[], Awaitable[Any]]) -> None:
        """Redis writes in the order they were asked for (one sender)."""
        self._outbox.put_nowait(job)

    async def _send_forever(self) -> None:
        while True:
            job = await self._outbox.get()
            try:
                await job()
            except Exception:
                log.exception("a write to Redis failed")

    # -- the Bus -----------------------------------------------------------------------------
    async def publish(self, post: Post) -> None:
        self._deliver(post)
        audience = self._audience(post)
        fields: dict[str | bytes, Any] = {
            "o": self.origin,
            "f": post.frame,
            "a": json.dumps(sorted(audience)),
        }
        await self.redis.xadd(
            self._stream(post.table), fields, maxlen=self.stream_length, approximate=True
        )
        if post.frame.startswith(_TABLE_STATE) or post.frame.startswith(_LEFT):
            self._write_directory(post.table)

    def _deliver(self, post: Post) -> None:
        for subscriber in list(self._subs.get(post.table, ())):
            try:
                subscriber.deliver(post)
            except Exception:
                log.exception("delivering a post failed")

    def _audience(self, post: Post) -> set[str]:
        """The player ids a post reaches, resolved by the owner (remote processes do not
        know the seats)."""
        if post.players is not None:
            return set(post.players)
        assert self.lobby is not None
        table = self.lobby.tables.get(post.table)
        if table is None:
            return set()
        out = set()
        for index, seat in enumerate(table.seats):
            if seat.kind is m.SeatKind.HUMAN and (post.seats is None or index in post.seats):
                out.add(seat.player)
        if post.spectators:
            out.update(table.spectators)
        return out

    def subscribe(self, table: str, subscriber: Subscriber) -> None:
        found = self._subs.setdefault(table, [])
        if subscriber not in found:
            found.append(subscriber)
        if self.lobby is not None and table not in self.lobby.tables and table not in self._watch:
            self._watch[table] = b""  # the position is fixed by the sender, in order

            async def watch() -> None:
                if self._watch.get(table) != b"":
                    return
                last = await self.reader.xrevrange(self._stream(table), count=1)
                self._watch[table] = last[0][0] if last else b"0-0"
                self._watch_changed.set()

            self._send(watch)

    def unsubscribe(self, table: str, subscriber: Subscriber) -> None:
        found = self._subs.get(table)
        if found is not None and subscriber in found:
            found.remove(subscriber)
            if not found:
                del self._subs[table]
                self._watch.pop(table, None)

    async def _read_forever(self) -> None:
        while True:
            streams = {self._stream(t): last for t, last in self._watch.items() if last}
            if not streams:
                self._watch_changed.clear()
                try:
                    await asyncio.wait_for(self._watch_changed.wait(), 0.5)
                except TimeoutError:
                    pass
                continue
            try:
                found = await self.reader.xread(streams, count=500, block=100)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("reading table streams failed")
                await asyncio.sleep(0.2)
                continue
            for key, entries in found or ():
                table = key.decode()[len(self.prefix) + 2 :]
                for entry_id, fields in entries:
                    if table in self._watch:
                        self._watch[table] = entry_id
                    self._lag(entry_id, fields)
                    self._remote_entry(table, fields)

    def _lag(self, entry_id: bytes, fields: dict[bytes, bytes]) -> None:
        """Another process's entry: how long ago Redis took it (its ID is Redis's clock
        in milliseconds; with Redis on another machine, clock skew counts in it)."""
        if self.metrics is None or fields.get(b"o", b"").decode() == self.origin:
            return
        millis = int(entry_id.split(b"-")[0])
        self.metrics.bus_lag.observe(max(0.0, time.time() - millis / 1000))

    def _remote_entry(self, table: str, fields: dict[bytes, bytes]) -> None:
        if fields.get(b"o", b"").decode() == self.origin:
            return
        audience = frozenset(json.loads(fields.get(b"a", b"[]")))
        if fields.get(b"c") == b"unseat":
            self._unseat(table, audience)
            return
        frame = fields.get(b"f", b"")
        self._deliver(Post(table, frame, players=audience))
        if frame.startswith(_LEFT):
            self._unseat(table, audience)

    def _unseat(self, table: str, players: frozenset[str]) -> None:
        """Players of this process that the owner sent away (or never seated)."""
        assert self.lobby is not None
        for player_id in players:
            player = self.lobby.players.get(player_id)
            if player is not None and player.table is not None and player.table.id == table:
                if isinstance(player.table, RemoteTable):
                    player.table = None
                    if player.connection is not None:
                        self.unsubscribe(table, player.connection)

    # -- the Relay (lobby news) --------------------------------------------------------------
    async def broadcast(self, kind: str, data: dict[str, Any]) -> None:
        message = json.dumps({"k": kind, "d": data, "o": self.origin})
        self._send(lambda: self.redis.publish(self._lobby_channel, message))

    def listen(self, handler: Callable[[str, dict[str, Any]], None]) -> None:
        self._relay = handler

    async def _listen_forever(self, pubsub: Any) -> None:
        """Lobby news and table commands; a subscription that breaks is made again (news
        sent meanwhile is lost: the others are asked to announce their players again)."""
        while True:
            try:
                await self._listen(pubsub)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the lobby's subscription broke: subscribing again")
            await asyncio.sleep(0.2)
            try:
                await pubsub.aclose()
                pubsub = await self._subscribe()
            except (OSError, aioredis.RedisError):
                log.warning("Redis is not answering: trying again")
                continue
            assert self.lobby is not None
            self.lobby.people.ask_again()

    async def _listen(self, pubsub: Any) -> None:
        async for message in pubsub.listen():
            kind = message.get("type")
            if kind not in (b"message", b"pmessage", "message", "pmessage"):
                continue
            try:
                data = json.loads(message["data"])
                channel = message["channel"].decode()
                if channel == self._lobby_channel:
                    self._lobby_news(data)
                else:
                    self._command(channel[len(self.prefix) + 4 :], data)
            except Exception:
                log.exception("lobby news this process could not take")

    def _lobby_news(self, data: dict[str, Any]) -> None:
        kind = data.get("k")
        if kind == "table":
            self._heard_table(data["d"])
        elif kind == "table-gone":
            self.directory.pop(data["d"]["id"], None)
            self.remote.pop(data["d"]["id"], None)
        elif self._relay is not None:
            self._relay(str(kind), data["d"])

    # -- the directory of tables ---------------------------------------------------------
    def _entry(self, table: Table) -> dict[str, Any]:
        return {
            "id": table.id,
            "owner": self.origin,
            "code": table.record.code,
            "private": table.record.private,
            "master": table.record.master,
            "stage": table.stage.value,
            "players": {s.player: i for i, s in enumerate(table.seats) if s.player},
            "admitted": list(table.record.admitted),
            "barred": list(table.record.barred),
            "summary": msgspec.to_builtins(table.summary()),
        }

    def _write_directory(self, table_id: str) -> None:
        assert self.lobby is not None
        table = self.lobby.tables.get(table_id)
        if table is None or table.closed:
            return
        entry = self._entry(table)
        encoded = json.dumps(entry, sort_keys=True).encode()
        if self._written.get(table_id) == encoded:
            return
        self._written[table_id] = encoded
        self._heard_table(entry)
        message = json.dumps({"k": "table", "d": entry, "o": self.origin})

        async def write() -> None:
            await self.redis.hset(self._tables_key, table_id, encoded)
            await self.redis.publish(self._lobby_channel, message)

        self._send(write)

    def _heard_table(self, entry: dict[str, Any]) -> None:
        self.directory[entry["id"]] = entry
        remote = self.remote.get(entry["id"])
        if remote is not None:
            remote.update(entry)

    def _opened(self, table: Table) -> None:
        self._watch.pop(table.id, None)
        lease = int(self.lease * 1000)
        self._send(lambda: self.redis.set(self._owner(table.id), self.origin, px=lease))
        self._write_directory(table.id)

    def _closed(self, table: Table) -> None:
        self.directory.pop(table.id, None)
        self._written.pop(table.id, None)
        message = json.dumps({"k": "table-gone", "d": {"id": table.id}, "o": self.origin})

        async def gone() -> None:
            await self.redis.hdel(self._tables_key, table.id)
            await self.redis.delete(self._owner(table.id))
            await self.redis.publish(self._lobby_channel, message)

        self._send(gone)

    def find(self, table_id: str, code: str) -> RemoteTable | None:
        """A table another process runs, by id or invite code key."""
        entry = self.directory.get(table_id) if table_id else None
        if entry is None and code:
            entry = next((e for e in self.directory.values() if e["code"] == code), None)
        if entry is None or entry.get("owner") == self.origin:
            return None
        found = self.remote.get(entry["id"])
        if found is None:
            found = self.remote[entry["id"]] = RemoteTable(self, entry)
        return found

    async def lookup(self, table_id: str, code: str) -> RemoteTable | None:
        """``find`` after reading the shared directory (news of a new table may be late;
        a table made a moment ago may not be written yet: read once more a little later)."""
        for wait in (0.0, 0.25):
            await asyncio.sleep(wait)
            entries = await self.redis.hgetall(self._tables_key)
            for value in entries.values():
                self._heard_table(json.loads(value))
            found = self.find(table_id, code)
            if found is not None:
                return found
        return None

    def summaries(self) -> list[m.TableSummary]:
        """Public tables of the other processes."""
        return [
            msgspec.convert(e["summary"], m.TableSummary)
            for e in self.directory.values()
            if e.get("owner") != self.origin and not e.get("private")
        ]

    # -- commands for tables this process runs -------------------------------------------
    def command(self, table: str, command: str, player: str, **args: Any) -> None:
        message = json.dumps({"c": command, "p": player, "a": args, "o": self.origin})
        self._send(lambda: self.redis.publish(self._commands(table), message))

    def _command(self, table_id: str, data: dict[str, Any]) -> None:
        assert self.lobby is not None
        table = self.lobby.tables.get(table_id)
        if table is None:
            return  # not ours (or gone): its owner answers
        player, name, args = str(data["p"]), str(data["c"]), dict(data.get("a", {}))
        handler = _COMMANDS.get(name)
        if handler is None:
            return
        of = str(args.pop("of", name))
        problem = handler(self.lobby, table, player, args)
        if problem is not None:
            frame = m.encode(refusal(problem, of))
            self._send(lambda: self.publish(Post(table_id, frame, players=frozenset({player}))))
            if name in ("join", "resume"):
                self._send(lambda: self._xadd_control(table_id, "unseat", player))

    async def _xadd_control(self, table: str, control: str, player: str) -> None:
        fields: dict[str | bytes, Any] = {
            "o": self.origin,
            "c": control,
            "a": json.dumps([player]),
            "f": b"",
        }
        await self.redis.xadd(self._stream(table), fields, maxlen=self.stream_length)

    # -- leases, takeovers, the living ---------------------------------------------------
    async def _keep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.beat)
            try:
                await self._keep()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("keeping leases failed")

    async def _keep(self) -> None:
        assert self.lobby is not None
        lease = int(self.lease * 1000)
        if await self.redis.set(self._alive(self.origin), b"1", px=lease, get=True) is None:
            # this process stalled past its lease: the others took its players for gone
            log.warning("this process's heartbeat lapsed: announcing its players again")
            self.lobby.people.reannounce()
        for table_id in list(self.lobby.tables):
            if not await self._renew(keys=[self._owner(table_id)], args=[self.origin, lease]):
                self._lost(table_id)
        # orphaned tables: their owner stopped renewing
        entries = await self.redis.hgetall(self._tables_key)
        for key, value in entries.items():
            table_id = key.decode()
            if table_id in self.lobby.tables:
                continue
            if await self.redis.set(self._owner(table_id), self.origin, px=lease, nx=True):
                await self._take_over(table_id, json.loads(value))
        # players of processes that died
        origins = {o for _, _, o in self.lobby.people.online.values() if o and o != self.origin}
        for origin in origins:
            if not await self.redis.exists(self._alive(origin)):
                self.lobby.people._heard("origin-gone", {"origin": origin})

    def _lost(self, table_id: str) -> None:
        """This process stalled past a table's lease and another took the table over: stop
        running it here at once (two owners would tell the players two stories); its
        players here reconnect and find it on its new owner."""
        assert self.lobby is not None
        table = self.lobby.tables.pop(table_id, None)
        if table is None:
            return
        log.warning("table %s was taken over by another process: stopping it here", table_id)
        table.stop()
        self._written.pop(table_id, None)
        for player in list(self.lobby.players.values()):
            if player.table is table:
                player.table = None
                connection = player.connection
                if connection is not None:
                    self.unsubscribe(table_id, connection)
                    closer = getattr(connection, "close", None)
                    if closer is not None:
                        closer(Reason.MOVED)

    async def _take_over(self, table_id: str, entry: dict[str, Any]) -> None:
        lobby = self.lobby
        assert lobby is not None
        # the fencing token first, then the log: whatever the old owner wrote before
        # the claim is read here, and whatever it tries after is refused (``Fenced``)
        epoch = await lobby.store.claim_table(table_id)
        saved = await lobby.store.open_table(table_id)
        found = None if saved is None else lobby.game(saved.record.game)
        if saved is None or found is None:
            await self.redis.hdel(self._tables_key, table_id)
            await self.redis.delete(self._owner(table_id))
            return
        log.warning("taking over table %s from %s", table_id, entry.get("owner"))
        self.remote.pop(table_id, None)
        table = lobby._open(saved.record, *found)
        table.epoch = epoch
        from audiogame.net.server.lobby import Player

        for seat in saved.record.seats:
            if seat.kind == m.SeatKind.HUMAN.value and seat.player not in lobby.players:
                lobby.players[seat.player] = Player(seat.player, seat.name, "")
        try:
            table.restore(saved)
        except Exception:
            log.exception("table %s could not be taken over", table_id)
            table.close()
            return
        self.taken_over += 1
        # this process's players at that table come back through a fresh hello, with the
        # event count their client has: exactly what they missed, as after a restart
        for player in list(lobby.players.values()):
            at = player.table
            if at is None or at.id != table_id or at is table:
                continue
            seated = table.seat_of(player.id) is not None
            player.table = table if seated else None
            connection = player.connection
            if connection is not None:
                self.unsubscribe(table_id, connection)
                closer = getattr(connection, "close", None)
                if closer is not None:
                    closer(Reason.MOVED)


class RemoteTable:
    """A table another process runs, as a connection here sees it: what the directory
    says of it, and every command sent to its owner (answers come as frames)."""

    def __init__(self, cluster: RedisCluster, entry: dict[str, Any]) -> None:
        self.cluster = cluster
        self.id = str(entry["id"])
        spec = registry.get(entry["summary"]["game"])
        assert spec is not None
        self.spec = spec
        self.closed = False
        self.record = _RemoteRecord()
        self.update(entry)

    def update(self, entry: dict[str, Any]) -> None:
        self.entry = entry
        self.record.private = bool(entry.get("private"))
        self.record.master = str(entry.get("master", ""))
        self.record.code = str(entry.get("code", ""))
        self.stage = m.TableStage(entry.get("stage", "waiting"))
        self._players: dict[str, int] = dict(entry.get("players", {}))
        self.record.admitted = [str(p) for p in entry.get("admitted", [])]
        self.record.barred = [str(p) for p in entry.get("barred", [])]

    def seat_of(self, player: str) -> int | None:
        return self._players.get(player)

    def player_at(self, seat: int) -> str:
        return next((p for p, s in self._players.items() if s == seat), "")

    def _go(self, command: str, player: str, **args: Any) -> None:
        self.cluster.command(self.id, command, player, **args)

    def join(
        self,
        player: str,
        name: str,
        seat: int | None,
        spectator: bool,
        upto: int | None = None,
        match: int | None = None,
        code: str = "",
    ) -> Reason | None:
        self._go(
            "join",
            player,
            name=name,
            seat=seat,
            spectator=spectator,
            upto=upto,
            match=match,
            code=code,
        )
        return None

    def resume(self, player: str, name: str, upto: int, match: int) -> None:
        self._go("resume", player, name=name, upto=upto, match=match, of="hello")

    def returned(self, player: str, upto: int | None, match: int | None) -> bool:
        self._go("resume", player, name="", upto=upto, match=match, of="hello")
        return True

    def leave(self, player: str, kicked: bool = False) -> None:
        self._go("leave", player, kicked=kicked)

    def dropped(self, player: str) -> None:
        self._go("dropped", player)

    def set_bot(self, player: str, seat: int, level: str | None) -> Reason | None:
        self._go("set_bot", player, seat=seat, level=level, of="set-bot")
        return None

    def set_options(self, player: str, config: dict[str, Any], seats: int) -> Reason | None:
        self._go("set_options", player, config=config, of="set-options")
        return None

    def set_seat_option(self, player: str, option_id: str, value: Any) -> Reason | None:
        self._go("set_seat_option", player, option=option_id, value=value, of="set-seat-option")
        return None

    def set_private(self, player: str, private: bool) -> Reason | None:
        self._go("set_private", player, private=private, of="set-private")
        return None

    def hand_over(self, player: str, seat: int) -> Reason | None:
        self._go("hand_over", player, seat=seat, of="hand-over")
        return None

    def kick(self, player: str, seat: int) -> tuple[Reason | None, str]:
        self._go("kick", player, seat=seat, of="kick")
        return None, ""

    def start(self, player: str) -> Reason | None:
        self._go("start", player, of="start")
        return None

    def pause(self, player: str, paused: bool) -> Reason | None:
        self._go("pause", player, paused=paused, of="pause")
        return None

    def act(
        self,
        player: str,
        data: Any,
        ref: int,
        at: float | None = None,
        arrived: float | None = None,
    ) -> Reason | None:
        # ``arrived`` is this process's clock: the owner times the command's arrival itself
        self._go("act", player, data=data, ref=ref, at=at, of="act")
        return None

    def say(
        self, player: str, text: str, to: int | None, skip: Sequence[str] = ()
    ) -> Reason | None:
        self._go("say", player, text=text, to=to, skip=list(skip), of="say")
        return None


class _RemoteRecord:
    __slots__ = ("private", "master", "code", "admitted", "barred")

    def __init__(self) -> None:
        self.private = False
        self.master = ""
        self.code = ""
        self.admitted: list[str] = []
        self.barred: list[str] = []


# -- what the owner does with each command (None, or the reason it refuses) -------------------
_Handler = Callable[["Lobby", "Table", str, dict[str, Any]], "Reason | m.OptionProblem | None"]


def _join(lobby: Lobby, table: Table, player: str, a: dict[str, Any]) -> Reason | None:
    return table.join(
        player,
        a["name"],
        a.get("seat"),
        a["spectator"],
        a.get("upto"),
        a.get("match"),
        str(a.get("code") or ""),
    )


def _resume(lobby: Lobby, table: Table, player: str, a: dict[str, Any]) -> Reason | None:
    if table.seat_of(player) is not None:
        table.returned(player, a.get("upto"), a.get("match"))
        return None
    if not a.get("name"):
        return Reason.NOT_AT_TABLE
    return table.join(player, a["name"], None, True, a.get("upto"), a.get("match"))


def _set_options(
    lobby: Lobby, table: Table, player: str, a: dict[str, Any]
) -> Reason | m.OptionProblem | None:
    if table.record.master != player:
        return Reason.NOT_MASTER
    checked = lobby.check_config(table.spec, a["config"])
    if not isinstance(checked, tuple):
        return checked
    return table.set_options(player, *checked)


def _kick(lobby: Lobby, table: Table, player: str, a: dict[str, Any]) -> Reason | None:
    return table.kick(player, a["seat"])[0]


def _leave(lobby: Lobby, table: Table, player: str, a: dict[str, Any]) -> Reason | None:
    table.leave(player, kicked=bool(a.get("kicked")))
    return None


def _dropped(lobby: Lobby, table: Table, player: str, a: dict[str, Any]) -> Reason | None:
    table.dropped(player)
    return None


_COMMANDS: dict[str, _Handler] = {
    "join": _join,
    "resume": _resume,
    "leave": _leave,
    "dropped": _dropped,
    "set_bot": lambda lobby, t, p, a: t.set_bot(p, a["seat"], a.get("level")),
    "set_options": _set_options,
    "set_seat_option": lambda lobby, t, p, a: t.set_seat_option(p, a["option"], a.get("value")),
    "set_private": lambda lobby, t, p, a: t.set_private(p, a["private"]),
    "hand_over": lambda lobby, t, p, a: t.hand_over(p, a["seat"]),
    "kick": _kick,
    "start": lambda lobby, t, p, a: t.start(p),
    "pause": lambda lobby, t, p, a: t.pause(p, a["paused"]),
    "act": lambda lobby, t, p, a: t.act(p, a["data"], a["ref"], at=a.get("at")),
    "say": lambda lobby, t, p, a: t.say(p, a["text"], a.get("to"), a.get("skip") or ()),
}
