"""Finding hosts on this network: a UDP beacon from the server, a listener in the client.

A host that serves beyond its own machine says where it is, a small JSON
datagram sent to the local segment's broadcast address every ``interval``
seconds (never more than once a second, whatever it is asked): the server's
name, its port, whether it speaks TLS and its certificate's fingerprint, and
how many public tables wait for players. Routers do not forward broadcasts,
so the beacon stays on the local network. ``LanListener`` collects the
beacons it hears and forgets a host silent for three intervals.

Both ends take the address to use: the tests send to and listen on 127.0.0.1
only.
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from audiogame.net.protocol.messages import PROTOCOL

PORT = 47474
MIN_INTERVAL = 1.0
MAX_DATAGRAM = 512
BROADCAST = "255.255.255.255"


@dataclass(frozen=True, slots=True)
class HostSeen:
    address: str
    port: int
    name: str
    tls: bool
    fingerprint: str
    tables: int
    seen: float  # monotonic time of the last beacon

    @property
    def url(self) -> str:
        return f"{'wss' if self.tls else 'ws'}://{self.address}:{self.port}"


def beacon_payload(name: str, port: int, tls: bool, fingerprint: str, tables: int) -> bytes:
    data = {"ag": PROTOCOL, "name": name[:40], "port": port, "tls": tls, "fp": fingerprint}
    data["tables"] = tables
    return json.dumps(data, separators=(",", ":")).encode()


def parse_beacon(data: bytes, address: str, now: float) -> HostSeen | None:
    """A beacon heard from ``address``; None for anything else."""
    if len(data) > MAX_DATAGRAM:
        return None
    try:
        found = json.loads(data)
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(found, dict) or found.get("ag") != PROTOCOL:
        return None
    port, name, tls, fp, tables = (found.get(k) for k in ("port", "name", "tls", "fp", "tables"))
    if type(port) is not int or not 0 < port < 65536 or type(name) is not str:
        return None
    if type(tls) is not bool or type(fp) is not str or type(tables) is not int:
        return None
    return HostSeen(address, port, name[:40], tls, fp[:64], max(0, tables), now)


class Beacon:
    """The server's side: an asyncio task that announces the host."""

    def __init__(
        self,
        payload: Callable[[], bytes],
        *,
        to: str = BROADCAST,
        port: int = PORT,
        interval: float = 2.0,
    ) -> None:
        self.payload = payload
        self.to = to
        self.port = port
        self.interval = max(MIN_INTERVAL, interval)
        self.sent = 0
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name="beacon")

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def _run(self) -> None:
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
            sock.setblocking(False)
            while True:
                try:
                    sock.sendto(self.payload(), (self.to, self.port))
                    self.sent += 1
                except OSError:
                    pass  # no network right now: try again next time
                await asyncio.sleep(self.interval)
        finally:
            sock.close()


class LanListener:
    """The client's side: a thread that hears beacons; ``hosts()`` lists the live ones."""

    def __init__(self, *, bind: str = "", port: int = PORT, forget_after: float = 6.0) -> None:
        self.bind = bind
        self.port = port
        self.forget_after = forget_after
        self._hosts: dict[tuple[str, int], HostSeen] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._sock: socket.socket | None = None

    def start(self) -> None:
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((self.bind, self.port))
        sock.settimeout(0.25)
        self._sock = sock
        self._thread = threading.Thread(target=self._run, name="lan-listener", daemon=True)
        self._thread.start()

    @property
    def bound_port(self) -> int:
        return 0 if self._sock is None else int(self._sock.getsockname()[1])

    def hosts(self) -> list[HostSeen]:
        now = time.monotonic()
        with self._lock:
            live = [h for h in self._hosts.values() if now - h.seen <= self.forget_after]
        return sorted(live, key=lambda h: (h.name.casefold(), h.address, h.port))

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(1.0)
        if self._sock is not None:
            self._sock.close()

    def _run(self) -> None:
        sock = self._sock
        assert sock is not None
        while not self._stop.is_set():
            try:
                data, (address, _port) = sock.recvfrom(MAX_DATAGRAM + 1)
            except TimeoutError:
                continue
            except OSError:
                return
            seen = parse_beacon(data, address, time.monotonic())
            if seen is not None:
                with self._lock:
                    self._hosts[(seen.address, seen.port)] = seen
