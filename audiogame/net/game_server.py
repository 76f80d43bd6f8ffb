"""The game server: WebSocket connections in, the lobby and its tables behind them.

``GameServer`` listens with ``websockets`` (asyncio), one ``Connection`` per
client. The handshake checks the subprotocol first: a client that does not
offer ``audiogame.v1`` is answered ``426`` with ``Reason.VERSION`` and the
version this server speaks, before any message is read. Keepalive pings every
``heartbeat`` seconds notice a silent drop within four heartbeats and half a second
(a pong may be three heartbeats late: a phone's line). On start the
lobby brings back every table the store had open.
"""

from __future__ import annotations

import asyncio
import http
import logging
import ssl
import time
from pathlib import Path
from typing import TYPE_CHECKING, cast

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.datastructures import Headers
from websockets.http11 import Request, Response
from websockets.typing import Subprotocol

from audiogame.net.protocol import messages as m
from audiogame.net.protocol.reasons import Reason
from audiogame.net.server import metrics as watching
from audiogame.net.server.arrivals import StampedConnection
from audiogame.net.server.bus import Bus, LocalBus
from audiogame.net.server.connection import Connection
from audiogame.net.server.give_back import give_back
from audiogame.net.server.lobby import Lobby, Player
from audiogame.net.server.metrics import ServerMetrics, TimedStore
from audiogame.net.server.options import CLOSE_WAIT, ServerOptions
from audiogame.net.server.sqlite_store import SqliteStore
from audiogame.net.server.store import Store
from audiogame.net.server.table import Table
from audiogame.net.web import origin
from audiogame.net.web.connection import WebConnection
from audiogame.net.web.messages import WEB_SUBPROTOCOL
from audiogame.net.web.site import Site, is_upgrade

if TYPE_CHECKING:
    from audiogame.net.server.cluster import RedisCluster

log = logging.getLogger(__name__)

DB_FILE = "server.sqlite3"
#: the HTTP header that tells a refused client which version this server speaks
VERSION_HEADER = "X-Audiogame-Protocol"
#: the body of the answer to a handshake from another site's page
ORIGIN_REFUSED = "origin"
#: seconds a closing server gives its connections to get their goodbyes out (a client
#: reading slowly gets everything queued before it first); then what is left is cut
GOODBYE_WAIT = 5.0
#: seconds a closing server waits for its tables' last writes (as long as the store's
#: own wait for a connection): a store that never answers does not hold it for ever
FLUSH_WAIT = 30.0


def offered_subprotocols(headers: Headers) -> list[str]:
    return [
        part.strip()
        for value in headers.get_all("Sec-WebSocket-Protocol")
        for part in value.split(",")
        if part.strip()
    ]


class GameServer:
    def __init__(
        self,
        data_dir: Path,
        options: ServerOptions | None = None,
        *,
        store: Store | None = None,
        bus: Bus | None = None,
        cluster: RedisCluster | None = None,
    ) -> None:
        self.options = options or ServerOptions()
        self.store: Store = store or SqliteStore(data_dir / DB_FILE)
        #: several processes behind Redis share the lobby (docs/server.md)
        self.cluster = cluster
        self.bus: Bus = cluster or bus or LocalBus()
        self.metrics = ServerMetrics()
        timed = cast(Store, TimedStore(self.store, self.metrics))  # its writes timed
        shared = {} if cluster is None else cluster.limits()  # counted once for all processes
        self.lobby = Lobby(
            timed, self.bus, self.options, relay=cluster, metrics=self.metrics, **shared
        )
        self.lobby.on_left = self._left
        self.connections: set[Connection] = set()
        self.metrics.watch(self.lobby, lambda: list(self.connections))
        if cluster is not None:
            cluster.metrics = self.metrics
            self.metrics.bus_outbox.set_function(cluster.waiting)
        self._server: Server | None = None
        #: the address that serves ``/metrics`` (None: the game's own port)
        self._metrics_server: Server | None = None
        self._closing = False
        self._sweeper: asyncio.Task[None] | None = None
        self.restored = 0
        #: the web page and what it loads, served on the game's own port (one origin)
        self.site = Site()

    async def start(self, host: str, port: int, context: ssl.SSLContext | None = None) -> int:
        """Bring the tables back, then listen; returns the port (``port`` 0: any free one).

        In a cluster no table is brought back at start: the others may be running them;
        the cluster takes over only the tables whose owner stopped renewing its lease."""
        await self.lobby.accounts.rekey()  # accounts of an older version: look-alike keys
        if self.cluster is not None:
            await self.cluster.start(self.lobby)
        else:
            self.restored = await self.lobby.restore()
        self._server = await serve(
            self._handle,
            host,
            port,
            ssl=context,
            subprotocols=[Subprotocol(m.SUBPROTOCOL), Subprotocol(WEB_SUBPROTOCOL)],
            process_request=self._process_request,
            compression=None,  # small frames; and no decompression work for strangers
            max_size=4 * m.MAX_FRAME,  # larger frames are cut at once; 16 KiB+ are refused
            max_queue=32,
            create_connection=StampedConnection,  # the limits judge when messages came
            ping_interval=self.options.heartbeat,
            ping_timeout=self.options.pong_wait,
            # a peer that stops answering is gone once the ping times out: the closing
            # handshake is not waited for long (drops are announced within 5 s)
            close_timeout=CLOSE_WAIT,
            open_timeout=self.options.hello_timeout,
            server_header=None,
        )
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_guests())
        sockets = list(self._server.sockets)
        return int(sockets[0].getsockname()[1]) if sockets else port

    async def wait_closed(self) -> None:
        if self._server is not None:
            await self._server.wait_closed()

    async def serve_metrics(self, host: str, port: int) -> int:
        """Serve ``/metrics`` (and the health checks) on another address, off the public
        one, which then answers 404 there; returns the port bound."""
        self._metrics_server = await serve(
            self._refuse_sockets,
            host,
            port,
            process_request=self._metrics_request,
            server_header=None,
            open_timeout=self.options.hello_timeout,
        )
        sockets = list(self._metrics_server.sockets)
        return int(sockets[0].getsockname()[1]) if sockets else port

    async def close(self) -> None:
        """Stop listening, say goodbye, and write out what every table queued."""
        self._closing = True
        if self._metrics_server is not None:
            self._metrics_server.close()
        if self._sweeper is not None:
            self._sweeper.cancel()
        closing = list(self.connections)
        for connection in closing:
            connection.close(Reason.SHUTDOWN)
        # each goodbye leaves after the frames queued before it, then its connection closes
        # itself: the listener's own close would cut a line still sending (its 1001 ahead
        # of the goodbye, and the player trying again for minutes). A client that reads
        # nothing more is cut after GOODBYE_WAIT.
        writers = [c.writer for c in closing if c.writer is not None]
        if writers:
            await asyncio.wait(writers, timeout=GOODBYE_WAIT)
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        await self._flush_tables()
        self.lobby.people.close()
        self.lobby.accounts.hasher.close()
        if self.cluster is not None:
            await self.cluster.close()
        closer = getattr(self.store, "aclose", None)
        if closer is not None:
            await closer()
        else:
            self.store.close()

    async def _flush_tables(self) -> None:
        """Every table's queued writes out, then its clock stopped. A store that hangs
        (a database gone silent) holds the shutdown ``FLUSH_WAIT`` at most: what it did
        not write is said in the log, never waited for until the operator kills us."""
        tables = list(self.lobby.tables.values())
        flushes = [asyncio.ensure_future(table.flushed()) for table in tables]
        if flushes:
            _done, late = await asyncio.wait(flushes, timeout=FLUSH_WAIT)
            for task in late:
                task.cancel()
            if late:
                await asyncio.wait(late)
                log.error(
                    "shutdown: %d tables' last writes did not end in %.0f s", len(late), FLUSH_WAIT
                )
        for table in tables:
            table.stop()

    async def _process_request(
        self, connection: ServerConnection, request: Request
    ) -> Response | None:
        """The health checks, the metrics (unless another address serves them) and the
        page's plain HTTP requests get their answers; a WebSocket handshake is checked."""
        if not is_upgrade(request):
            public = None if self._metrics_server is not None else self.metrics
            found = await watching.answer(_path(request), public, self._not_ready)
            if found is not None:
                return watching.response(*found)
        page = self.site.respond(request)
        if page is not None:
            return page
        if self._closing:
            # the listener stays open while the goodbyes go out: a player (re)connecting
            # now hears the server is shutting down and does not try again
            return connection.respond(
                http.HTTPStatus.SERVICE_UNAVAILABLE, f"{Reason.SHUTDOWN.value}\n"
            )
        headers = request.headers
        if not origin.allowed(headers.get("Origin"), headers.get("Host"), self.options.origins):
            # a page of another site, in a visitor's browser: never let in
            return connection.respond(http.HTTPStatus.FORBIDDEN, f"{ORIGIN_REFUSED}\n")
        return self._check_version(connection, request)

    async def _metrics_request(
        self, connection: ServerConnection, request: Request
    ) -> Response | None:
        found = await watching.answer(_path(request), self.metrics, self._not_ready)
        if found is None:
            found = http.HTTPStatus.NOT_FOUND, "text/plain; charset=utf-8", b"not found\n"
        return watching.response(*found)

    async def _refuse_sockets(self, ws: ServerConnection) -> None:
        await ws.close(1008)  # never reached: every request there is answered in HTTP

    async def _not_ready(self) -> list[str]:
        """What does not answer now: the store, the bus (none: ready)."""
        if self._closing or self._server is None:
            return ["starting or stopping"]
        failing = []
        if not await watching.answers_within(self.store.ping()):
            failing.append("store")
        if self.cluster is not None and not await watching.answers_within(self.cluster.ping()):
            failing.append("bus")
        return failing

    def _check_version(self, connection: ServerConnection, request: Request) -> Response | None:
        offered = offered_subprotocols(request.headers)
        if m.SUBPROTOCOL in offered or WEB_SUBPROTOCOL in offered:
            return None
        response = connection.respond(
            http.HTTPStatus.UPGRADE_REQUIRED, f"{Reason.VERSION.value} {m.SUBPROTOCOL}\n"
        )
        response.headers[VERSION_HEADER] = m.SUBPROTOCOL
        return response

    async def _handle(self, ws: ServerConnection) -> None:
        kind = WebConnection if ws.subprotocol == WEB_SUBPROTOCOL else Connection
        connection = kind(ws, self.lobby)
        address = connection.address
        admitted = await self.lobby.addresses.connect(address)
        counted = admitted is True
        if self._closing:  # its handshake passed as the server began to close
            connection.close(Reason.SHUTDOWN)
        elif len(self.connections) >= self.options.max_connections:
            connection.close(Reason.SERVER_FULL)
        elif admitted is False:
            connection.close(Reason.TOO_MANY_CONNECTIONS)
        self.connections.add(connection)
        try:
            await connection.run()
        finally:
            self.connections.discard(connection)
            if counted:
                await self.lobby.addresses.disconnect(address)

    async def _sweep_guests(self) -> None:
        """Now and then, forget the guests gone long enough (``guest_keep``)."""
        every = max(0.05, min(60.0, self.options.guest_keep / 2))
        while True:
            await asyncio.sleep(every)
            try:
                forgotten = await self.lobby.forget_guests(time.monotonic())
            except Exception:  # a store that fails now may not later: the server goes on
                log.exception("forgetting guests failed")
                continue
            if forgotten:
                give_back()  # their pages, back to the system

    def _left(self, player: Player, table: Table) -> None:
        connection = player.connection
        if isinstance(connection, Connection):
            self.bus.unsubscribe(table.id, connection)


def _path(request: Request) -> str:
    return request.path.partition("?")[0]


async def run_server(
    data_dir: Path,
    host: str,
    port: int,
    context: ssl.SSLContext | None,
    options: ServerOptions,
    ready: asyncio.Future[int] | None = None,
) -> None:
    """Serve until cancelled (Ctrl+C, or the host's app closing)."""
    server = GameServer(data_dir, options)
    bound = await server.start(host, port, context)
    if ready is not None and not ready.done():
        ready.set_result(bound)
    try:
        await asyncio.Future()
    finally:
        await server.close()
