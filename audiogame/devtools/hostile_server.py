"""A game server that misbehaves on purpose, on 127.0.0.1, for the client's tests.

``HostileServer(script)`` listens on an ephemeral loopback port (``url``) in a
thread of its own and speaks the protocol's handshake (it accepts our
subprotocol), then hands each connection to ``script(ws)``: a coroutine that
sends whatever a broken or hostile server would (frames that are not JSON,
wrong types, unknown kinds, huge frames, news for a table never joined, a
flood of chat), says nothing at all, or cuts the line in the middle of a frame.
Every script is bounded in count; the server closes every connection when
stopped. ``connections`` counts the connections it accepted.
"""

from __future__ import annotations

import asyncio
import contextlib
import struct
import threading
from collections.abc import Awaitable, Callable
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.typing import Subprotocol

from audiogame.net.protocol import messages as m

HOST = "127.0.0.1"

Script = Callable[[ServerConnection], Awaitable[None]]


class HostileServer:
    def __init__(self, script: Script) -> None:
        self.script = script
        self.loop = asyncio.new_event_loop()
        self.port = 0
        self.connections = 0
        self._server: Server | None = None
        self._open: dict[ServerConnection, asyncio.Task[Any]] = {}
        self._thread = threading.Thread(target=self.loop.run_forever, name="hostile", daemon=True)

    def __enter__(self) -> HostileServer:
        self._thread.start()
        self._server = asyncio.run_coroutine_threadsafe(self._start(), self.loop).result(10.0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def url(self) -> str:
        return f"ws://{HOST}:{self.port}"

    @property
    def address(self) -> str:
        return f"{HOST}:{self.port}"

    async def _start(self) -> Server:
        return await serve(
            self._handle,
            HOST,
            0,
            subprotocols=[Subprotocol(m.SUBPROTOCOL)],
            compression=None,
            max_size=m.MAX_FRAME,
            ping_interval=None,
        )

    async def _handle(self, ws: ServerConnection) -> None:
        self.connections += 1
        task = asyncio.current_task()
        assert task is not None
        self._open[ws] = task
        try:
            with contextlib.suppress(Exception):  # whatever the client does, the script ends
                await self.script(ws)
        finally:
            self._open.pop(ws, None)

    async def _close(self) -> None:
        if self._server is not None:
            self._server.close(close_connections=False)
        for ws, task in list(self._open.items()):  # the scripts that linger: lines cut
            ws.transport.abort()
            task.cancel()
        if self._server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 3.0)

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(self._close(), self.loop).result(5.0)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(5.0)
        if not self._thread.is_alive():
            self.loop.close()


# -- pieces a script is made of ---------------------------------------------------------------


async def hello_of(ws: ServerConnection) -> dict[str, Any]:
    """The client's first message, read as plain JSON."""
    import json

    frame = await asyncio.wait_for(ws.recv(), 10.0)
    data = json.loads(frame)
    return data if isinstance(data, dict) else {}


def welcome(name: str = "Anna") -> bytes:
    return m.encode(m.Welcome(player="p1", token="t" * 16, name=name, games=["domino"]))


async def linger(seconds: float = 60.0) -> None:
    """Keep the connection open, saying nothing (bounded: the test ends first)."""
    await asyncio.sleep(seconds)


def cut_frame(ws: ServerConnection, payload: bytes) -> None:
    """Half of a text frame's bytes on the wire, then the line cut (no closing frame)."""
    header = bytes([0x81, 127]) + struct.pack("!Q", len(payload))
    ws.transport.write(header + payload[: len(payload) // 2])
    ws.transport.abort()
