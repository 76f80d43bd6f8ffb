"""What a running server tells whoever watches it: Prometheus metrics, health and readiness.

``ServerMetrics`` holds one registry per server (never the library's global one: a
test or a host may run several servers in one process), through the official client
library (prometheus-client). Counters and histograms are counted where things
happen (a frame in, a frame out, a refusal, a login, a store write, an entry read
from another process's stream); what the server holds now (tables, players,
spectators, connections) is read when a scrape asks (``_Now``), from the loop's
own thread, so nothing is counted twice or kept in step by hand.

``answer(path)`` gives the three plain HTTP answers (``/healthz``: the loop answers;
``/readyz``: the store and the bus answer too; ``/metrics``: the text format), which
the game's port serves, or another address only (``--metrics-address``).
"""

from __future__ import annotations

import asyncio
import http
import time
from collections.abc import Awaitable, Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    ProcessCollector,
    generate_latest,
)
from prometheus_client.exposition import CONTENT_TYPE_LATEST
from prometheus_client.metrics_core import GaugeMetricFamily, Metric
from websockets.datastructures import Headers
from websockets.http11 import Response

if TYPE_CHECKING:
    from audiogame.net.server.lobby import Lobby

HEALTH, READY, METRICS = "/healthz", "/readyz", "/metrics"
#: how long a readiness check waits for the store or the bus before saying "not ready"
READY_WAIT = 2.0
#: seconds: a turn-based action comes back in milliseconds; a store on a slow disk, later
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
#: the store methods that write (their time is the store write latency)
STORE_WRITES = frozenset(
    {
        "save_table",
        "claim_table",
        "append",
        "finish_match",
        "close_table",
        "save_player",
        "forget_player",
        "seen_players",
        "forget_guests",
        "create_account",
        "set_password",
        "set_privacy",
        "save_session",
        "revoke_sessions",
        "set_relation",
        "record_results",
        "set_role",
        "add_sanction",
        "lift_sanctions",
        "add_report",
        "settle_report",
        "add_audit",
    }
)


class ServerMetrics:
    def __init__(self) -> None:
        self.registry = registry = CollectorRegistry(auto_describe=True)
        # the process's resident memory, CPU time and open files (Linux's /proc; elsewhere
        # nothing): whether memory comes back after the players leave, seen from outside
        ProcessCollector(registry=registry)
        self.frames_in = Counter(
            "audiogame_frames_in", "Frames received from clients", registry=registry
        )
        self.frames_out = Counter(
            "audiogame_frames_out", "Frames queued to clients", registry=registry
        )
        self.refused = Counter(
            "audiogame_frames_refused",
            "Client frames refused, by reason",
            ["reason"],
            registry=registry,
        )
        self.entries = Counter(
            "audiogame_entries",
            "Players entering: guests, logins, registrations and resumed sessions,"
            " by outcome (ok, or the refusal's reason)",
            ["kind", "outcome"],
            registry=registry,
        )
        self.action_delivery = Histogram(
            "audiogame_action_delivery_seconds",
            "From a player's action arriving to its answer (its events, or the game's"
            " refusal) queued to that player's connection",
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self.store_write = Histogram(
            "audiogame_store_write_seconds",
            "Time of each store write, by operation",
            ["op"],
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self.bus_lag = Histogram(
            "audiogame_bus_lag_seconds",
            "From a table's frame entering Redis on its owner to its reading here",
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self.bus_outbox = Gauge(
            "audiogame_bus_outbox", "Writes to Redis waiting their turn", registry=registry
        )
        self.now: _Now | None = None

    def watch(self, lobby: Lobby, connections: Callable[[], Sequence[Any]]) -> None:
        """Read what the server holds at each scrape."""
        self.now = _Now(lobby, connections)
        self.registry.register(self.now)

    def text(self) -> bytes:
        return generate_latest(self.registry)

    def entered(self, kind: str, outcome: str) -> None:
        self.entries.labels(kind, outcome).inc()


class _Now:
    """The gauges of what the server holds, read at each scrape (on the loop)."""

    def __init__(self, lobby: Lobby, connections: Callable[[], Sequence[Any]]) -> None:
        self.lobby = lobby
        self.connections = connections

    def describe(self) -> list[Metric]:
        return []  # read at collection: names are not known ahead

    def collect(self) -> Iterator[Metric]:
        tables = GaugeMetricFamily(
            "audiogame_tables_open", "Tables this process runs, by game", labels=["game"]
        )
        by_game: dict[str, int] = {}
        seated = watching = 0
        for table in list(self.lobby.tables.values()):
            by_game[table.spec.id] = by_game.get(table.spec.id, 0) + 1
            seated += sum(1 for s in table.seats if s.kind.value == "human")
            watching += len(table.spectators)
        for game, count in sorted(by_game.items()):
            tables.add_metric([game], count)
        yield tables
        yield GaugeMetricFamily(
            "audiogame_players_seated", "Players seated at this process's tables", value=seated
        )
        yield GaugeMetricFamily(
            "audiogame_spectators", "Spectators at this process's tables", value=watching
        )
        yield GaugeMetricFamily(
            "audiogame_players_online",
            "Players connected to this process",
            value=len(self.lobby.people.here),
        )
        kinds = GaugeMetricFamily(
            "audiogame_connections", "Open connections, by client", labels=["client"]
        )
        counted: dict[str, int] = {"app": 0, "web": 0}
        for connection in list(self.connections()):
            kind = "web" if type(connection).__name__ == "WebConnection" else "app"
            counted[kind] += 1
        for kind, count in counted.items():
            kinds.add_metric([kind], count)
        yield kinds


class TimedStore:
    """A store whose writes are timed into ``store_write`` (reads pass straight through)."""

    def __init__(self, store: Any, metrics: ServerMetrics) -> None:
        self._store = store
        self._histogram = metrics.store_write

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._store, name)
        if name not in STORE_WRITES:
            return found
        observe = self._histogram.labels(name).observe

        async def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return await found(*args, **kwargs)
            finally:
                observe(time.perf_counter() - start)

        return timed


async def answer(
    path: str,
    metrics: ServerMetrics | None,
    ready: Callable[[], Awaitable[list[str]]],
) -> tuple[http.HTTPStatus, str, bytes] | None:
    """The answer to one of the three paths (None: not one of them). ``metrics`` None:
    this address does not serve them. ``ready`` lists what does not answer."""
    if path == HEALTH:
        return http.HTTPStatus.OK, "text/plain; charset=utf-8", b"ok\n"
    if path == READY:
        failing = await ready()
        if failing:
            body = ("not ready: " + ", ".join(failing) + "\n").encode()
            return http.HTTPStatus.SERVICE_UNAVAILABLE, "text/plain; charset=utf-8", body
        return http.HTTPStatus.OK, "text/plain; charset=utf-8", b"ready\n"
    if path == METRICS and metrics is not None:
        return http.HTTPStatus.OK, CONTENT_TYPE_LATEST, metrics.text()
    return None


def response(status: http.HTTPStatus, kind: str, body: bytes) -> Response:
    headers = Headers(
        [
            ("Content-Type", kind),
            ("Content-Length", str(len(body))),
            ("Cache-Control", "no-store"),
            ("X-Content-Type-Options", "nosniff"),
            ("Connection", "close"),
        ]
    )
    return Response(status.value, status.phrase, headers, body)


async def answers_within(check: Awaitable[Any], seconds: float = READY_WAIT) -> bool:
    """Whether ``check`` finishes without an error within ``seconds``."""
    try:
        await asyncio.wait_for(check, seconds)
    except Exception:
        return False
    return True
