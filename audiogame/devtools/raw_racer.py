"""Tira & Passa players made from the protocol itself, for the tests and the benchmark of a
race's fairness and of clients that cheat it.

None of the project's client is used (``net/client/game_client.py``, its thread, ``RaceSeat``):
``RawSocket`` is RFC 6455 over an asyncio stream, written here, so a player can do what
a modified client can: hold its answers to the server's WebSocket pings
(``pong_delay``) and date its presses as it likes (``dating``). What it shares with the
project is the protocol's JSON and the clock estimate's arithmetic (``net.client.clock_sync``,
a pure function of the pings' times).

``RawRacer`` plays one seat, all of it on one asyncio loop (``play_tables`` runs many):
it keeps the server's clock (a burst of pings, then four a second), hears each round's
start (the round's ``race_at``: "via!") and presses Throw a reaction later, drawn
uniformly in ``reaction``; then again a moment after each of its own landings and each
die passed to it, until the round ends, so rounds end and the next "via!" comes. Each
press is noted with the moment it was made on this machine's monotonic clock, which is
the server's own clock when the server runs on this machine (its asyncio loop's), and
the time it was dated.

``contests(racers)``: for each "via!" at a table, the first throw of each seat after it:
when it was pressed, and when the table applied it (its ``Thrown`` time on the server's
clock). Loopback only; every wait is bounded.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import json
import os
import random
import struct
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlparse

from audiogame.net.client.clock_sync import ClockSync

SUBPROTOCOL = "audiogame.v1"
_GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
_TEXT, _CLOSE, _PING, _PONG = 0x1, 0x8, 0x9, 0xA
#: how the presses are dated: as made ("honest"), or as early as anything could be
#: ("earliest": ten seconds before, which the server clamps to the bound it allows)
HONEST = "honest"
EARLIEST = "earliest"
#: a Tira table that races quickly: two seats, the shortest pauses, the fastest dice
CONFIG: dict[str, Any] = {
    "players": 2,
    "speed": "fast",
    "variant": "first-to-three",
    "timing": {
        "signal_delay": 0.3,
        "race_delay": 0.3,
        "calm_auto_delay": 0.1,
        "between_rounds": 0.3,
    },
}
THROW = {"$": "Throw"}
#: the server's options for these races: many presses a second from one address, and a
#: keepalive that outlasts a stall of the players' one process on a busy machine (the
#: server's 1.5 s dropped every player of a run at load 30: the races are not about drops)
SERVER_ARGS = ("--rate", "200", "--heartbeat", "30")


class RawSocket:
    """A WebSocket client spoken by hand: handshake, masked text frames out, frames in;
    pings answered after ``pong_delay()`` seconds (0: at once, as a browser does)."""

    def __init__(self, pong_delay: Callable[[], float] | None = None) -> None:
        self.pong_delay = pong_delay or (lambda: 0.0)
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self.closed = False
        #: the server's close frame's reason and code, or why the stream ended
        self.close_reason = ""

    async def connect(self, url: str, headers: Sequence[str] = ()) -> None:
        parts = urlparse(url)
        host, port = parts.hostname or "127.0.0.1", parts.port or 80
        self._reader, self._writer = await asyncio.open_connection(host, port)
        key = base64.b64encode(os.urandom(16))
        lines = [
            f"GET {parts.path or '/'} HTTP/1.1",
            f"Host: {host}:{port}",
            "Upgrade: websocket",
            "Connection: Upgrade",
            f"Sec-WebSocket-Key: {key.decode()}",
            "Sec-WebSocket-Version: 13",
            f"Sec-WebSocket-Protocol: {SUBPROTOCOL}",
            *headers,
        ]
        self._writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
        head = await self._reader.readuntil(b"\r\n\r\n")
        accept = base64.b64encode(hashlib.sha1(key + _GUID).digest())
        if not head.startswith(b"HTTP/1.1 101") or accept not in head:
            raise ConnectionError(f"not a WebSocket answer: {head[:200]!r}")

    def send(self, message: dict[str, Any]) -> None:
        self._frame(_TEXT, json.dumps(message).encode())

    async def receive(self) -> dict[str, Any] | None:
        """The next text message (pings answered meanwhile); None once closed."""
        reader = self._reader
        assert reader is not None
        while not self.closed:
            try:
                opcode, payload = await _read_frame(reader)
            except (asyncio.IncompleteReadError, ConnectionError) as exc:
                self.closed = True
                self.close_reason = self.close_reason or f"stream ended: {exc!r}"
                return None
            if opcode == _TEXT:
                found: dict[str, Any] = json.loads(payload)
                return found
            if opcode == _PING:
                self._pong(payload)
            elif opcode == _CLOSE:
                self.closed = True
                self.close_reason = payload[2:].decode(errors="replace") or "closed"
                if len(payload) >= 2:
                    self.close_reason += f" ({struct.unpack('!H', payload[:2])[0]})"
        return None

    def close(self) -> None:
        if self._writer is not None and not self.closed:
            self.closed = True
            with contextlib.suppress(Exception):
                self._frame(_CLOSE, struct.pack("!H", 1000))
                self._writer.close()

    def _pong(self, payload: bytes) -> None:
        delay = self.pong_delay()
        if delay <= 0:
            self._frame(_PONG, payload)
        else:
            asyncio.get_running_loop().call_later(delay, self._frame, _PONG, payload)

    def _frame(self, opcode: int, payload: bytes) -> None:
        writer = self._writer
        if writer is None or writer.is_closing():
            return
        mask = os.urandom(4)
        size = len(payload)
        if size < 126:
            head = struct.pack("!BB", 0x80 | opcode, 0x80 | size)
        elif size < 1 << 16:
            head = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, size)
        else:
            head = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, size)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        writer.write(head + mask + masked)


async def _read_frame(reader: asyncio.StreamReader) -> tuple[int, bytes]:
    """One whole message (a server's frames are never masked; fragments joined)."""
    payload = b""
    opcode = 0
    while True:
        first, second = await reader.readexactly(2)
        size = second & 0x7F
        if size == 126:
            (size,) = struct.unpack("!H", await reader.readexactly(2))
        elif size == 127:
            (size,) = struct.unpack("!Q", await reader.readexactly(8))
        data = await reader.readexactly(size)
        code = first & 0x0F
        if code >= 0x8:  # a control frame may come between fragments
            return code, data
        opcode = code or opcode
        payload += data
        if first & 0x80:
            return opcode, payload


@dataclass
class Press:
    """One Throw sent: ``made`` on this machine's monotonic clock, ``at`` as dated, ``via``
    when the "via!" it answered was (None: a later throw), both on the server's clock."""

    ref: int
    made: float
    at: float | None
    via: float | None


@dataclass
class Thrown:
    """A throw the table applied: its seat, its time on the server's clock, and whether
    the table made it (a calm roll's own)."""

    seat: int
    time: float
    auto: bool = False


@dataclass
class RawRacer:
    url: str
    name: str
    reaction: tuple[float, float] = (0.20, 0.30)
    seed: int = 0
    pong_delay: Callable[[], float] | None = None
    dating: str = HONEST
    #: create the table (and start each match) rather than join one
    master: bool = False
    player: str = ""
    seat: int | None = None
    table: str = ""
    origin: float | None = None
    presses: list[Press] = field(default_factory=list)
    #: the refs of presses the game refused, and of those turned away before the table
    #: took them (between matches)
    refused: set[int] = field(default_factory=set)
    turned_away: set[int] = field(default_factory=set)
    thrown: list[Thrown] = field(default_factory=list)
    vias: list[float] = field(default_factory=list)
    #: each round's winning seats, as the table told them
    rounds: list[tuple[int, ...]] = field(default_factory=list)
    #: every compensation window (``hold``) the table told, and this seat's own bound
    holds: list[float] = field(default_factory=list)
    bounds: list[float] = field(default_factory=list)
    matches: int = 0
    seated: int = 0
    #: what the server refused or said goodbye with, in order (the reason a race that
    #: never ends gives)
    told: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.sync = ClockSync()
        self.socket = RawSocket(self.pong_delay)
        self._handles: list[asyncio.TimerHandle] = []
        self._ref = 0
        self._pings: dict[int, float] = {}
        self._playing = True

    # -- the connection ---------------------------------------------------------------------
    async def enter(self) -> None:
        await self.socket.connect(self.url)
        self.socket.send({"type": "hello", "name": self.name})
        self._ping_task = asyncio.get_running_loop().create_task(self._clock())

    async def listen(self) -> None:
        """Every message until the socket closes (run as a task)."""
        while True:
            message = await self.socket.receive()
            if message is None:
                return
            self._heard(message)

    def stop(self) -> None:
        self._playing = False
        for handle in self._handles:
            handle.cancel()
        task = getattr(self, "_ping_task", None)
        if task is not None:
            task.cancel()
        self.socket.close()

    async def _clock(self) -> None:
        for index in range(40):
            self._ping()
            await asyncio.sleep(0.04 if index < 16 else 0.25)
        while True:
            self._ping()
            await asyncio.sleep(0.25)

    def _ping(self) -> None:
        self._ref += 1
        self._pings[self._ref] = time.monotonic()
        if len(self._pings) > 64:
            del self._pings[min(self._pings)]
        self.socket.send({"type": "ping", "id": self._ref})

    # -- the table --------------------------------------------------------------------------
    def _heard(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "pong":
            sent = self._pings.pop(message["id"], None)
            if sent is not None:
                self.sync.add(sent, message["time"], time.monotonic())
        elif kind == "welcome":
            self.player = message["player"]
            if self.master:
                self.socket.send({"type": "create-table", "game": "tira", "config": CONFIG})
        elif kind == "table":
            self.table = message["table"]["id"]
            self.seat = message["you"]
            self.seated = sum(s.get("kind") == "human" for s in message["table"]["seats"])
        elif kind == "race-clock":
            self.origin = message["origin"]
            self.holds.append(message["hold"])
            self.bounds.append(message["bound"])
        elif kind == "events":
            for event in message["events"]:
                self._event(event)
        elif kind in ("refused", "goodbye"):
            self.told.append(f"{kind} {message.get('reason')} {message.get('of', '')}".strip())
        if kind == "game-refused":
            self.refused.add(int(message["ref"]))
        elif kind == "refused" and message.get("ref") is not None:
            self.refused.add(int(message["ref"]))
            self.turned_away.add(int(message["ref"]))
        elif kind == "match-over":
            self.matches += 1
            self._cancel()
            if self.master and self._playing:
                self.socket.send({"type": "start"})

    def join(self, table: str) -> None:
        self.socket.send({"type": "join-table", "table": table})

    def start(self) -> None:
        self.socket.send({"type": "start"})

    def _event(self, event: dict[str, Any]) -> None:
        kind = event.get("$")
        at = float(event.get("time", 0.0))
        origin = self.origin
        if origin is None:
            return
        if kind == "RoundStarted":
            via = float(event["race_at"]) + origin
            self._at(via + self.rng.uniform(*self.reaction), via)
        elif kind == "RaceStarted":
            self.vias.append(at + origin)
        elif kind == "Thrown":
            self.thrown.append(Thrown(int(event["seat"]), at + origin, bool(event.get("auto"))))
            if event["seat"] == self.seat and event.get("lands_at") is not None:
                self._at(float(event["lands_at"]) + origin + self.rng.uniform(0.05, 0.10), None)
        elif kind == "DiePassed" and event.get("to_seat") == self.seat:
            self._at(at + origin + self.rng.uniform(0.05, 0.10), None)
        elif kind == "RoundEnded":
            self.rounds.append(tuple(int(w) for w in event.get("winners", ())))
            self._cancel()

    def _at(self, when: float, via: float | None) -> None:
        """A Throw pressed at ``when`` on the server's clock, as estimated here."""
        if not self._playing:
            return
        local = self.sync.client_time(when)
        loop = asyncio.get_running_loop()
        self._handles.append(loop.call_at(max(local, loop.time()), self._press, via))

    def _press(self, via: float | None) -> None:
        if not self._playing:
            return
        made = time.monotonic()
        estimate = self.sync.estimate
        at = None if estimate is None else made + estimate.offset
        if at is not None and self.dating == EARLIEST:
            at -= 10.0
        self._ref += 1
        self.presses.append(Press(self._ref, made, at, via))
        message: dict[str, Any] = {"type": "act", "action": THROW, "ref": self._ref}
        if at is not None:
            message["at"] = at
        self.socket.send(message)

    def _cancel(self) -> None:
        for handle in self._handles:
            handle.cancel()
        self._handles.clear()


@dataclass(frozen=True)
class Contest:
    """The first throws of a table's two seats after one "via!": when each was pressed
    (``made``, this machine's clock) and applied (``applied``, the server's clock)."""

    via: float
    made: tuple[float, float]
    applied: tuple[float, float]

    @property
    def first(self) -> int:
        """The seat whose throw the table applied first."""
        return 0 if self.applied[0] < self.applied[1] else 1


def taken(racer: RawRacer) -> list[Press]:
    """The presses the table took (judged, then applied or refused by the game), in order."""
    return [p for p in racer.presses if p.ref not in racer.turned_away]


def applied(racer: RawRacer, master: RawRacer) -> list[tuple[Press, float]]:
    """Each press of ``racer`` the table took, with when it applied it (server clock): its
    presses not refused, in order, beside its seat's throws that were not the table's."""
    taken = [p for p in racer.presses if p.ref not in racer.refused]
    throws = [t.time for t in master.thrown if t.seat == racer.seat and not t.auto]
    return list(zip(taken, throws, strict=False))


def contests(pair: Sequence[RawRacer]) -> list[Contest]:
    """Every "via!" at the table of ``pair`` (its master first) where both seats threw."""
    master = pair[0]
    by_seat = {r.seat: r for r in pair}
    found = []
    for via in master.vias:
        made: list[float] = []
        applied: list[float] = []
        for seat in (0, 1):
            racer = by_seat.get(seat)
            presses = [] if racer is None else racer.presses
            press = next((p for p in presses if p.via == via), None)
            throw = next((t for t in master.thrown if t.seat == seat and t.time >= via), None)
            if press is None or throw is None or throw.time > via + 0.7:
                break  # refused, or not thrown before a landing: no contest
            made.append(press.made)
            applied.append(throw.time)
        else:
            if applied[0] != applied[1]:
                found.append(Contest(via, (made[0], made[1]), (applied[0], applied[1])))
    return found


async def play_tables(
    pairs: Sequence[tuple[RawRacer, RawRacer]],
    enough: Callable[[], bool],
    timeout: float,
    settle: float = 1.0,
    stagger: float = 0.25,
) -> None:
    """Each pair at a table of its own (the first creates it), racing match after match
    until ``enough()``; a bound on the whole that only ends a race that never ends. The
    tables start ``stagger`` seconds apart, so their "via!" do not all fall at once (on
    a real server they would not: one busy instant would delay every press of it)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    racers = [r for pair in pairs for r in pair]
    listeners = []
    try:
        for racer in racers:
            await racer.enter()
            listeners.append(loop.create_task(racer.listen()))
        # every player welcomed (a join sent before its welcome is refused) and every table made
        await _until(lambda: all(r.player for r in racers), deadline, "players welcomed")
        await _until(lambda: all(p[0].table for p in pairs), deadline, "tables made")
        for master, other in pairs:
            other.join(master.table)
        await _until(lambda: all(p[0].seated == 2 for p in pairs), deadline, "tables full")
        await asyncio.sleep(settle)  # every line measured before the first race
        for master, _other in pairs:
            master.start()
            await asyncio.sleep(stagger)
        await _until(enough, deadline, "enough races")
    except TimeoutError as exc:
        told = "; ".join(
            f"{r.name}: {r.told} {r.socket.close_reason}"
            for r in racers
            if r.told or r.socket.closed
        )
        seats = [p[0].seated for p in pairs]
        raise TimeoutError(f"{exc} (humans seated {seats}; {told or 'nothing refused'})") from None
    finally:
        for racer in racers:
            racer.stop()
        for task in listeners:
            task.cancel()
        await asyncio.gather(*listeners, return_exceptions=True)


async def _until(done: Callable[[], bool], deadline: float, what: str) -> None:
    loop = asyncio.get_running_loop()
    while not done():
        if loop.time() > deadline:
            raise TimeoutError(f"the races never got to: {what}")
        await asyncio.sleep(0.02)
