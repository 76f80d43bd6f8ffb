"""A slow line on loopback: a TCP relay that delays each direction, with jitter.

``DelayProxy(target_port, up=(0.100, 0.030), down=(0.100, 0.030))`` listens on
127.0.0.1 (an ephemeral port) and relays every connection to the target port on
127.0.0.1, holding each chunk of bytes for a delay drawn uniformly in
``mean ± jitter`` seconds, per direction (``up``: client to server). A TCP stream
keeps its order, so a chunk never leaves before the one ahead of it: a delay
that would overtake is lengthened, as on a real line whose packets queue. It
runs on its own asyncio loop in a thread; ``url`` is the address clients use.

The server's system sees only the proxy's loopback hop, as it would behind a
real proxy in front; like such a proxy (nginx's ``$tcpinfo_rtt``), this one
reports the player's round trip in the WebSocket request
(``X-Audiogame-Rtt``, microseconds; ``report=False``: it does not): the
line's mean round trip, what a system's smoothed estimate of it settles on.

Tests and benchmarks only (issue 15's "delay proxy of our own"); never anything
but loopback.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
import threading
from collections.abc import Callable

HOST = "127.0.0.1"
#: the report's header (``net.server.line_ground.HEADER``: a proxy is not our code)
REPORT = b"X-Audiogame-Rtt"
#: the longest request head read to add the report to
_HEAD_LIMIT = 65536

Delay = tuple[float, float]  # (mean, jitter) in seconds


class DelayProxy:
    def __init__(
        self,
        target_port: int,
        up: Delay = (0.0, 0.0),
        down: Delay = (0.0, 0.0),
        seed: int = 0,
        report: bool = True,
    ) -> None:
        self.target_port = target_port
        self.up = up
        self.down = down
        self.report = report
        self.rng = random.Random(seed)
        self.port = 0
        self.loop = asyncio.new_event_loop()
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._relays: set[asyncio.Task[object]] = set()
        self._writers: set[asyncio.StreamWriter] = set()
        self._down = False
        self._thread = threading.Thread(target=self.loop.run_forever, name="proxy", daemon=True)

    @property
    def url(self) -> str:
        return f"ws://{HOST}:{self.port}"

    def start(self) -> DelayProxy:
        self._thread.start()
        self.port = asyncio.run_coroutine_threadsafe(self._listen(), self.loop).result(10.0)
        return self

    def stop(self) -> None:
        async def close() -> None:
            if self._server is not None:
                self._server.close()
            for task in list(self._tasks):
                task.cancel()
            if self._relays:  # each relay ends once its pumps have: let them
                await asyncio.wait(list(self._relays), timeout=2.0)

        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(close(), self.loop).result(5.0)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(5.0)

    def cut(self) -> None:
        """The line goes down: every connection through it is cut now (both ends see
        it closed), and new ones are refused until ``mend``. From any thread; it
        returns once the cut is done."""

        async def down() -> None:
            self._down = True
            for writer in list(self._writers):
                writer.transport.abort()

        asyncio.run_coroutine_threadsafe(down(), self.loop).result(10.0)

    def mend(self) -> None:
        """The line is back: new connections go through again."""
        self.loop.call_soon_threadsafe(setattr, self, "_down", False)

    def __enter__(self) -> DelayProxy:
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.stop()

    async def _listen(self) -> int:
        self._server = await asyncio.start_server(self._relay, HOST, 0)
        return int(self._server.sockets[0].getsockname()[1])

    def _draw(self, delay: Delay) -> Callable[[], float]:
        mean, jitter = delay
        return lambda: max(0.0, mean + self.rng.uniform(-jitter, jitter))

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        relay = asyncio.current_task()
        if relay is not None:
            self._relays.add(relay)
            relay.add_done_callback(self._relays.discard)
        if self._down:
            writer.transport.abort()
            return
        try:
            far_reader, far_writer = await asyncio.open_connection(HOST, self.target_port)
        except OSError:
            writer.close()
            return
        ends = (writer, far_writer)
        self._writers.update(ends)
        relay_done = asyncio.current_task()
        if relay_done is not None:
            relay_done.add_done_callback(lambda _t: self._writers.difference_update(ends))
        head = await self._head(reader) if self.report else b""
        pumps = [
            self._spawn(self._pump(reader, far_writer, self._draw(self.up), head)),
            self._spawn(self._pump(far_reader, writer, self._draw(self.down))),
        ]
        await asyncio.wait(pumps, return_when=asyncio.FIRST_COMPLETED)
        for pump in pumps:
            pump.cancel()
        for end in (writer, far_writer):
            end.close()

    def _spawn(self, coro: object) -> asyncio.Task[None]:
        task: asyncio.Task[None] = self.loop.create_task(coro)  # type: ignore[arg-type]
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _head(self, reader: asyncio.StreamReader) -> bytes:
        """The client's request head with the line's round trip reported in it (what
        came is passed on as it was when it is not an HTTP request)."""
        try:
            head = await reader.readuntil(b"\r\n\r\n")
        except asyncio.IncompleteReadError as exc:
            return exc.partial
        except asyncio.LimitOverrunError:
            return await reader.read(_HEAD_LIMIT)
        rtt_us = round((self.up[0] + self.down[0]) * 1e6)
        # a report the client sent itself is dropped, as a proxy that sets it does
        head = re.sub(rb"(?im)^" + REPORT + rb":[^\r\n]*\r\n", b"", head)
        return head[:-2] + REPORT + b": %d\r\n\r\n" % rtt_us

    async def _pump(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        delay: Callable[[], float],
        first: bytes = b"",
    ) -> None:
        """Bytes in, the same bytes out after their delay, in order."""
        queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()
        sender = self._spawn(self._send(queue, writer))
        loop = asyncio.get_running_loop()
        last = 0.0
        if first:
            last = loop.time() + delay()
            queue.put_nowait((last, first))
        try:
            while True:
                chunk = await reader.read(65536)
                if not chunk:
                    break
                last = max(last, loop.time() + delay())
                queue.put_nowait((last, chunk))
            queue.put_nowait((last, b""))
            await sender
        finally:
            sender.cancel()

    async def _send(
        self, queue: asyncio.Queue[tuple[float, bytes]], writer: asyncio.StreamWriter
    ) -> None:
        loop = asyncio.get_running_loop()
        with contextlib.suppress(ConnectionError):
            while True:
                when, chunk = await queue.get()
                wait = when - loop.time()
                if wait > 0:
                    await asyncio.sleep(wait)
                if not chunk:
                    return
                writer.write(chunk)
                await writer.drain()
