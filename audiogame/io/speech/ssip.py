"""A small client of speech-dispatcher's own protocol, SSIP, over its socket.

Why our own rather than a binding (docs/speech-linux.md has the measurements):
SSIP is a documented line protocol, so this needs no C library and no distro
package; every wait here has a bound (the Python ``speechd`` bindings, the C
library under prismatoid and accessible-output2's output over them all block
for ever on a daemon that accepts the connection and never answers); and it
reports speech-dispatcher's events (a message begun, ended, cancelled), so the
game knows when the player has heard it.

One ``SSIPConnection`` is a socket and a reader thread. Commands are sent one
at a time (SSIP is synchronous) and their replies waited for at most
``timeout`` seconds; the event lines (codes 7xx) that arrive meanwhile go to
``on_event``. Nothing here prints.
"""

from __future__ import annotations

import contextlib
import os
import queue
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

#: speech-dispatcher's port when it listens on TCP and none is named
DEFAULT_PORT = 6560

#: the events SSIP reports, by code
EVENTS = {700: "index_mark", 701: "begin", 702: "end", 703: "cancel", 704: "pause", 705: "resume"}


class SSIPError(RuntimeError):
    """The daemon refused a command, closed the connection, or cannot be reached."""


class SSIPTimeout(SSIPError):
    """The daemon did not answer in time (it may hang: the caller moves on)."""


@dataclass(frozen=True)
class Address:
    """Where speech-dispatcher listens: a Unix socket's ``path``, or ``host``:``port``."""

    path: str = ""
    host: str = ""
    port: int = DEFAULT_PORT

    def __str__(self) -> str:
        return f"unix_socket:{self.path}" if self.path else f"inet_socket:{self.host}:{self.port}"


@dataclass(frozen=True)
class Event:
    kind: str  # "begin", "end", "cancel", ... (see EVENTS)
    msg_id: int
    client_id: int
    mark: str = ""


def default_address(environ: Mapping[str, str] | None = None) -> Address:
    """The address every speech-dispatcher client uses: ``SPEECHD_ADDRESS`` when set
    ("unix_socket:/path" or "inet_socket:host:port", either part optional), else the
    per-user socket under ``XDG_RUNTIME_DIR`` (``~/.cache`` without one)."""
    env = os.environ if environ is None else environ
    given = env.get("SPEECHD_ADDRESS", "").strip()
    method, _, rest = given.partition(":")
    if method == "inet_socket":
        host, _, port = rest.rpartition(":") if rest.count(":") else (rest, "", "")
        try:
            number = int(port) if port else DEFAULT_PORT
        except ValueError:
            number = DEFAULT_PORT
        return Address(host=host or "127.0.0.1", port=number)
    if method == "unix_socket" and rest:
        return Address(path=rest)
    runtime = env.get("XDG_RUNTIME_DIR") or str(Path.home() / ".cache")
    return Address(path=str(Path(runtime) / "speech-dispatcher" / "speechd.sock"))


def escape_text(text: str) -> bytes:
    """A message as SSIP's SPEAK wants its data: CRLF line ends, a line starting with
    a dot given a second one, and the closing dot line."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    body = "\r\n".join("." + line if line.startswith(".") else line for line in lines)
    return (body + "\r\n.\r\n").encode("utf-8")


def quote_value(value: str) -> str:
    """A parameter value on one line, with no control characters (a hostile or odd
    voice name cannot end the command early)."""
    return "".join(ch for ch in value if ch.isprintable()).strip()


class SSIPConnection:
    """An open SSIP connection. ``command`` and ``speak`` are called from one thread
    at a time (the speaker's worker); ``on_event`` is called from the reader thread."""

    def __init__(
        self,
        address: Address,
        *,
        timeout: float = 2.0,
        on_event: Callable[[Event], None] | None = None,
        on_closed: Callable[[], None] | None = None,
    ) -> None:
        self.address = address
        self.timeout = timeout
        self.on_event = on_event
        self.on_closed = on_closed
        self._replies: queue.Queue[tuple[int, list[str]] | None] = queue.Queue()
        self._lock = threading.Lock()
        self._closed = threading.Event()
        self._sock = _connect(address, timeout)
        self._sock.settimeout(None)  # the reader blocks; commands bound their own waits
        self._reader = threading.Thread(target=self._read, name="ssip-reader", daemon=True)
        self._reader.start()

    # -- commands --------------------------------------------------------------------
    def command(self, line: str, timeout: float | None = None) -> tuple[int, list[str]]:
        """Send one command line; its reply's code and the text of its lines. A code
        of 300 or more raises ``SSIPError``; no reply in time raises ``SSIPTimeout``."""
        with self._lock:
            self._send(line.encode("utf-8") + b"\r\n")
            return self._reply(line, timeout)

    def speak(self, text: str, timeout: float | None = None) -> int:
        """Send a message; the id speech-dispatcher gave it (its events name it)."""
        with self._lock:
            self._send(b"SPEAK\r\n")
            self._reply("SPEAK", timeout)
            self._send(escape_text(text))
            _code, lines = self._reply("SPEAK data", timeout)
        try:
            return int(lines[0])
        except (IndexError, ValueError):
            raise SSIPError(f"no message id in the reply to SPEAK: {lines!r}") from None

    def set(self, name: str, value: str | int, timeout: float | None = None) -> None:
        self.command(f"SET self {name} {quote_value(str(value))}", timeout)

    def get(self, name: str, timeout: float | None = None) -> str:
        _code, lines = self.command(f"GET {name}", timeout)
        return lines[0] if len(lines) > 1 else ""

    def close(self) -> None:
        """Say goodbye (without waiting long) and close; never raises."""
        if not self._closed.is_set():
            with contextlib.suppress(Exception):
                self.command("QUIT", timeout=0.2)
        self._shut()

    @property
    def closed(self) -> bool:
        return self._closed.is_set()

    # -- internals ---------------------------------------------------------------------
    def _send(self, data: bytes) -> None:
        if self._closed.is_set():
            raise SSIPError("the connection to speech-dispatcher is closed")
        try:
            self._sock.sendall(data)
        except OSError as exc:
            self._shut()
            raise SSIPError(f"speech-dispatcher went away: {exc}") from exc

    def _reply(self, what: str, timeout: float | None) -> tuple[int, list[str]]:
        try:
            reply = self._replies.get(timeout=self.timeout if timeout is None else timeout)
        except queue.Empty:
            raise SSIPTimeout(f"speech-dispatcher did not answer {what!r} in time") from None
        if reply is None:
            raise SSIPError("speech-dispatcher closed the connection")
        code, lines = reply
        if code >= 300:
            raise SSIPError(f"speech-dispatcher refused {what!r}: {code} {lines[-1]}")
        return code, lines

    def _read(self) -> None:
        stream = self._sock.makefile("rb")
        pending: list[str] = []
        try:
            for raw in stream:
                line = raw.decode("utf-8", "replace").rstrip("\r\n")
                if len(line) < 4 or not line[:3].isdigit():
                    continue  # not SSIP: ignored rather than trusted
                pending.append(line[4:])
                if line[3] == "-":
                    continue
                code = int(line[:3])
                lines, pending = pending, []
                if 700 <= code < 800:
                    self._event(code, lines)
                else:
                    self._replies.put((code, lines))
        except (OSError, ValueError):
            pass
        finally:
            self._shut()

    def _event(self, code: int, lines: list[str]) -> None:
        if self.on_event is None or code not in EVENTS or len(lines) < 3:
            return
        mark = lines[2] if code == 700 else ""
        try:
            event = Event(EVENTS[code], int(lines[0]), int(lines[1]), mark)
        except ValueError:
            return
        with contextlib.suppress(Exception):  # a listener's bug must not stop the reader
            self.on_event(event)

    def _shut(self) -> None:
        if self._closed.is_set():
            return
        self._closed.set()
        with contextlib.suppress(OSError):
            self._sock.shutdown(socket.SHUT_RDWR)
        with contextlib.suppress(OSError):
            self._sock.close()
        self._replies.put(None)
        if self.on_closed is not None:
            with contextlib.suppress(Exception):
                self.on_closed()


def _connect(address: Address, timeout: float) -> socket.socket:
    if address.path:
        if not hasattr(socket, "AF_UNIX"):
            raise SSIPError("this system has no Unix sockets")
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        target: str | tuple[str, int] = address.path
    else:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        target = (address.host, address.port)
    sock.settimeout(timeout)
    try:
        sock.connect(target)
    except OSError as exc:
        sock.close()
        raise SSIPError(f"no speech-dispatcher at {address}: {exc.strerror or exc}") from exc
    return sock


def spawn(address: Address, timeout: float) -> bool:
    """Start the user's speech-dispatcher as its own clients do (``--spawn`` obeys the
    user's ``DisableAutoSpawn``) and wait up to ``timeout`` for its socket. False when
    it is not installed or did not come up. Its output goes nowhere: never the
    player's terminal. Only the user's own socket: speech-dispatcher refuses to
    spawn for another (a ``SPEECHD_ADDRESS`` of the player's choosing)."""
    program = shutil.which("speech-dispatcher")
    if program is None or not address.path or os.environ.get("SPEECHD_ADDRESS"):
        return False
    try:
        subprocess.run(
            [
                program,
                "--spawn",
                "--communication-method",
                "unix_socket",
                "--socket-path",
                address.path,
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=timeout,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return False
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if os.path.exists(address.path):
            return True
        time.sleep(0.02)
    return False
