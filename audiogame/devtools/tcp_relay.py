"""A TCP relay on 127.0.0.1 that a test can cut and mend: a real service (PostgreSQL,
Redis) reached through it stops answering while it is cut, as behind a broken network.

``TcpRelay(host, port).start()`` listens on an ephemeral loopback port (``port``)
and pipes every connection to the target, in a thread of its own. ``cut()`` closes
every open connection and refuses new ones; ``mend()`` lets them through again.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from urllib.parse import urlsplit, urlunsplit

HOST = "127.0.0.1"


class TcpRelay:
    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self._listener = socket.create_server((HOST, 0))
        self.port = int(self._listener.getsockname()[1])
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()
        self._cut = False
        self._stopped = False

    @classmethod
    def before(cls, url: str) -> tuple[TcpRelay, str]:
        """A relay to the service at ``url`` and the same URL through the relay."""
        parts = urlsplit(url)
        assert parts.hostname is not None and parts.port is not None
        relay = cls(parts.hostname, parts.port)
        netloc = parts.netloc.replace(f"{parts.hostname}:{parts.port}", f"{HOST}:{relay.port}")
        return relay, urlunsplit(parts._replace(netloc=netloc))

    def start(self) -> TcpRelay:
        threading.Thread(target=self._accept, name="tcp-relay", daemon=True).start()
        return self

    def _accept(self) -> None:
        while not self._stopped:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            if self._cut:
                client.close()
                continue
            try:
                upstream = socket.create_connection(self.target, timeout=30)
            except OSError:
                client.close()
                continue
            upstream.settimeout(None)  # a connection idle for long is still a connection
            with self._lock:
                self._open.update((client, upstream))
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    def _pipe(self, source: socket.socket, sink: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                sink.sendall(data)
        for end in (source, sink):
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)
            end.close()
            with self._lock:
                self._open.discard(end)

    def cut(self) -> None:
        self._cut = True
        with self._lock:
            ends = list(self._open)
        for end in ends:
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)

    def mend(self) -> None:
        self._cut = False

    def stop(self) -> None:
        self._stopped = True
        self.cut()
        self._listener.close()
