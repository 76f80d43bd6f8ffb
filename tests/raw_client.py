"""A client of the tests' own, written from docs/online-protocol.md: raw JSON frames over
a real WebSocket, none of ``net/client/game_client.py``. An outsider's view of the server."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

PROTOCOL = "audiogame.v1"
#: the bound on one wait: it only ends a wait that would never end (a loaded machine
#: running the suite in parallel may stall a server of ours for tens of seconds)
WAIT = 120.0


class Raw:
    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        #: every frame read so far, in order
        self.frames: list[dict[str, Any]] = []
        self._read = 0
        self._pings = 0

    @classmethod
    async def open(cls, url: str, **kw: Any) -> Raw:
        kw.setdefault("subprotocols", [PROTOCOL])
        return cls(await connect(url, compression=None, **kw))

    async def send(self, kind: str, **fields: Any) -> None:
        await self.ws.send(json.dumps({"type": kind, **fields}))

    async def next(
        self,
        kind: str,
        test: Callable[[dict[str, Any]], bool] = lambda f: True,
        wait: float = WAIT,
    ) -> dict[str, Any]:
        """The next unread frame of ``kind`` passing ``test`` (frames before it are read);
        ``wait``: the bound (a whole match's end takes longer than an answer)."""
        async with asyncio.timeout(wait):
            while True:
                while self._read < len(self.frames):
                    frame = self.frames[self._read]
                    self._read += 1
                    if frame.get("type") == kind and test(frame):
                        return frame
                self.frames.append(json.loads(await self.ws.recv()))

    async def answer(self, kind: str, **fields: Any) -> dict[str, Any]:
        """Send, then the first frame that answers it: a refusal of it, or a frame of one
        of the kinds a success brings (``ok`` in ``fields``: their types, not sent)."""
        ok = fields.pop("ok", ())
        await self.send(kind, **fields)

        def answers(frame: dict[str, Any]) -> bool:
            if frame.get("type") == "refused":
                return frame.get("of") == kind
            return frame.get("type") in ok

        async with asyncio.timeout(WAIT):
            while True:
                while self._read < len(self.frames):
                    frame = self.frames[self._read]
                    self._read += 1
                    if answers(frame):
                        return frame
                self.frames.append(json.loads(await self.ws.recv()))

    async def hello(self, name: str, **fields: Any) -> dict[str, Any]:
        await self.send("hello", name=name, **fields)
        return await self.next("welcome")

    async def barrier(self) -> list[dict[str, Any]]:
        """Every frame the server sent before it answered a ping sent now (it reads a
        connection's frames in order, so whatever an earlier message brought is in),
        unread ones included: a test looks there for what must NOT have come."""
        self._pings += 1
        ping = 1_000_000 + self._pings
        start = self._read
        await self.send("ping", id=ping)
        await self.next("pong", lambda f: f.get("id") == ping)
        return self.frames[start : self._read]

    async def close(self) -> None:
        await self.ws.close()


def run(coro: Any) -> Any:
    return asyncio.run(coro)
