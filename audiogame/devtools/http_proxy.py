"""A reverse proxy of our own on loopback, as nginx stands in front of a public server.

``ForwardingProxy`` listens on a loopback address, reads each request's head (the
WebSocket upgrade or a plain GET), appends the address it sees the client at to
``X-Forwarded-For`` (nginx's ``$proxy_add_x_forwarded_for``) or to ``Forwarded``
(``for=``), connects to the server (from ``source``, a loopback address of its own,
so a proxy in front of it is seen there) and then pipes both ways. Runs in a thread
with its own loop; for tests and benchmarks, loopback only.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading

HEAD_END = b"\r\n\r\n"
MAX_HEAD = 16384


class ForwardingProxy:
    def __init__(
        self,
        target: tuple[str, int],
        *,
        host: str = "127.0.0.1",
        source: str | None = None,
        header: str = "X-Forwarded-For",
    ) -> None:
        self.target = target
        self.host = host
        self.source = source
        self.header = header
        self.port = 0
        self.loop = asyncio.new_event_loop()
        self._server: asyncio.Server | None = None
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)

    def start(self) -> ForwardingProxy:
        self._thread.start()
        future = asyncio.run_coroutine_threadsafe(self._listen(), self.loop)
        self.port = future.result(10)
        return self

    @property
    def url(self) -> str:
        return f"ws://{self.host}:{self.port}"

    async def _listen(self) -> int:
        self._server = await asyncio.start_server(self._serve, self.host, 0)
        return int(self._server.sockets[0].getsockname()[1])

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        upstream: asyncio.StreamWriter | None = None
        try:
            head = await reader.readuntil(HEAD_END)
            if len(head) > MAX_HEAD:
                return
            peer = writer.get_extra_info("peername")[0]
            local = None if self.source is None else (self.source, 0)
            up_reader, upstream = await asyncio.open_connection(*self.target, local_addr=local)
            upstream.write(self._forwarded(head, peer))
            await asyncio.gather(_pipe(reader, upstream), _pipe(up_reader, writer))
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
            pass
        finally:
            for end in (writer, upstream):
                if end is not None:
                    end.close()

    def _forwarded(self, head: bytes, peer: str) -> bytes:
        """The request's head with the client's address appended, as nginx does."""
        lines = head[: -len(HEAD_END)].decode("latin-1").split("\r\n")
        name = self.header.lower()
        found = [i for i, line in enumerate(lines) if line.lower().startswith(name + ":")]
        hop = f'for="[{peer}]"' if ":" in peer else f"for={peer}"
        ours = peer if name == "x-forwarded-for" else hop
        if found:
            lines[found[-1]] += f", {ours}"
        else:
            lines.append(f"{self.header}: {ours}")
        return ("\r\n".join(lines)).encode("latin-1") + HEAD_END

    def stop(self) -> None:
        async def close() -> None:
            if self._server is not None:
                self._server.close()

        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(close(), self.loop).result(5)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(5)


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    with contextlib.suppress(OSError, asyncio.IncompleteReadError):
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    with contextlib.suppress(OSError):
        writer.write_eof()
