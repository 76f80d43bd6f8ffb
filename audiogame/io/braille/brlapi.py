"""A small client of BrlAPI, BRLTTY's interface for programs, over its socket.

BrlAPI's Python binding is a Debian package built for the system's Python, not on
PyPI; its protocol is documented and small, so the game speaks it itself, with a
bound on every wait: packets of a 4-byte size and a 4-byte type (network order),
a version exchange, authorization (none, or the key file's contents), then
requests that are answered (the display's size) or acknowledged (taking a tty,
which keys to receive) and writes that are not (an error comes back as an
exception packet, read by the reader thread).

Nothing here prints; ``BrlapiError`` says what went wrong.
"""

from __future__ import annotations

import contextlib
import os
import queue
import socket
import struct
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

PROTOCOL_VERSION = 8
#: TCP ports are this plus the host's number (":0" is port 4101)
BASE_PORT = 4101
#: where local sockets live (":0" is this folder's "0")
SOCKET_DIR = "/var/lib/BrlAPI"
DEFAULT_HOST = ":0"
DEFAULT_AUTH = "keyfile:/etc/brlapi.key"
MAX_PACKET = 4096

# packet types
VERSION, AUTH, GETDRIVERNAME, GETDISPLAYSIZE = b"v", b"a", b"n", b"s"
ENTERTTYMODE, SETFOCUS, LEAVETTYMODE, KEY = b"t", b"F", b"L", b"k"
IGNOREKEYRANGES, ACCEPTKEYRANGES, WRITE, ACK = b"m", b"u", b"w", b"A"
ERROR, EXCEPTION = b"e", b"E"
AUTH_NONE, AUTH_KEY, AUTH_CRED = b"N", b"K", b"C"

# write flags: the fields present, in this order
WF_REGION, WF_TEXT, WF_CURSOR, WF_CHARSET = 0x02, 0x04, 0x20, 0x40

#: key codes: the type bits of a BRLTTY command, and the commands the game takes
KEY_TYPE_CMD = 0x20000000
KEY_FLAGS_MASK = 0xFFFFFFFF00000000
KEY_MAX = 0xFFFFFFFFFFFFFFFF
CMD_LNUP, CMD_LNDN, CMD_TOP, CMD_BOT, CMD_FWINLT, CMD_FWINRT = 1, 2, 9, 10, 23, 24


class BrlapiError(RuntimeError):
    """BRLTTY cannot be reached, refused us, or answered nonsense."""


def _type(code: bytes) -> int:
    return int.from_bytes(code.rjust(4, b"\0"), "big")


@dataclass(frozen=True)
class Target:
    """Where BRLTTY listens: a Unix socket's ``path`` and/or ``host``:``port`` (tried in turn)."""

    path: str = ""
    host: str = ""
    port: int = 0

    def __str__(self) -> str:
        where = [self.path] if self.path else []
        if self.host:
            where.append(f"{self.host}:{self.port}")
        return " or ".join(where)


def target_from(host: str) -> Target:
    """BrlAPI's host syntax: ":N" is the local socket N (then 127.0.0.1, port 4101+N,
    as BrlAPI's own library falls back), "name:N" and "name" are TCP; a path (ours)
    is a Unix socket."""
    if host.startswith("/"):
        return Target(path=host)
    name, _, number = host.strip().rpartition(":") if ":" in host else (host.strip(), "", "0")
    try:
        index = int(number or 0)
    except ValueError:
        index = 0
    if not name:
        return Target(path=f"{SOCKET_DIR}/{index}", host="127.0.0.1", port=BASE_PORT + index)
    return Target(host=name.strip("[]"), port=BASE_PORT + index)


def settings_from(environ: Mapping[str, str] | None = None) -> tuple[Target, str]:
    """Where to connect and how to authorize: ``BRLAPI_HOST`` and ``BRLAPI_AUTH`` as
    BrlAPI's own library reads them."""
    env = os.environ if environ is None else environ
    target = target_from(env.get("BRLAPI_HOST") or DEFAULT_HOST)
    return target, env.get("BRLAPI_AUTH") or DEFAULT_AUTH


def key_files(auth: str) -> list[str]:
    """The key files an authorization setting names ("keyfile:/etc/brlapi.key+polkit",
    or a bare path); "none" names none."""
    files = []
    for part in auth.split("+"):
        method, _, arg = part.partition(":")
        if method == "keyfile" and arg:
            files.append(arg)
        elif method not in ("none", "polkit", "keyfile", "user", "group") and part.startswith("/"):
            files.append(part)
    return files


def tty_path(environ: Mapping[str, str] | None = None, window: int | None = None) -> list[int]:
    """The tty path a window of this session asks for: the session's own (X's
    ``WINDOWPATH``, else ``XDG_VTNR``), then the window's id. xbrlapi tells BRLTTY
    which window has the focus, so the game's braille shows while its window is
    focused and the screen reader's otherwise."""
    env = os.environ if environ is None else environ
    raw = env.get("WINDOWPATH") or env.get("XDG_VTNR") or ""
    path = []
    for part in raw.replace(",", ":").split(":"):
        if part.strip().isdigit():
            path.append(int(part))
    if window is not None:
        path.append(window)
    return path


def fit(text: str, cells: int) -> str:
    """Exactly ``cells`` characters: BRLTTY refuses a text that does not fill its region."""
    return text[:cells].ljust(cells)


class BrlapiConnection:
    """An authorized connection; ``size`` is the display's (columns, rows)."""

    def __init__(
        self,
        target: Target,
        auth: str = DEFAULT_AUTH,
        *,
        timeout: float = 2.0,
        on_key: Callable[[int], None] | None = None,
        on_closed: Callable[[], None] | None = None,
    ) -> None:
        self.timeout = timeout
        self.on_key = on_key
        self.on_closed = on_closed
        #: the last error BRLTTY sent back (a write it refused), for the log
        self.last_exception = ""
        self._replies: queue.Queue[tuple[int, bytes] | None] = queue.Queue()
        self._lock = threading.Lock()
        self._closed = threading.Event()
        self._sock = _connect(target, timeout)
        try:
            self._handshake(auth)
            self.size = self._display_size()
            self.driver = self._driver_name()
        except (OSError, struct.error) as exc:
            self._shut()
            raise BrlapiError(f"BRLTTY broke off: {exc}") from exc
        except BrlapiError:
            self._shut()
            raise
        self._sock.settimeout(None)
        self._reader = threading.Thread(target=self._read, name="brlapi-reader", daemon=True)
        self._reader.start()

    # -- requests ----------------------------------------------------------------------
    def enter_tty_mode(self, path: Sequence[int]) -> None:
        payload = struct.pack(f">I{len(path)}I", len(path), *path) + b"\0"  # no driver keys
        self._request(ENTERTTYMODE, payload, ACK)

    def leave_tty_mode(self) -> None:
        self._request(LEAVETTYMODE, b"", ACK)

    def ignore_all_keys(self) -> None:
        self._request(IGNOREKEYRANGES, _ranges([(0, KEY_MAX)]), ACK)

    def accept_commands(self, commands: Sequence[int]) -> None:
        """Only these BRLTTY commands (with any flags) come to the game; every other
        key goes on working as the player set BRLTTY up."""
        ranges = [(KEY_TYPE_CMD | c, (KEY_TYPE_CMD | c) | KEY_FLAGS_MASK) for c in commands]
        self._request(ACCEPTKEYRANGES, _ranges(ranges), ACK)

    def write(self, text: str) -> None:
        """``text`` on the whole display (cut or padded to its cells), no cursor."""
        cells = self.size[0] * self.size[1]
        data = fit(text, cells).encode("utf-8")
        charset = b"UTF-8"
        flags = WF_REGION | WF_TEXT | WF_CURSOR | WF_CHARSET
        body = (
            struct.pack(">IIII", flags, 1, cells, len(data))
            + data
            + struct.pack(">IB", 0, len(charset))
            + charset
        )
        with self._lock:
            self._send(WRITE, body)

    def close(self) -> None:
        self._shut()

    @property
    def closed(self) -> bool:
        return self._closed.is_set()

    # -- the handshake (before the reader runs) -------------------------------------
    def _handshake(self, auth: str) -> None:
        kind, data = self._recv_direct()
        if kind != _type(VERSION) or len(data) < 4:
            raise BrlapiError("no BrlAPI version from BRLTTY")
        (version,) = struct.unpack(">I", data[:4])
        if version != PROTOCOL_VERSION:
            raise BrlapiError(f"BrlAPI protocol {version}, this game speaks {PROTOCOL_VERSION}")
        self._send(VERSION, data[:4])
        kind, data = self._recv_direct()
        if kind != _type(AUTH):
            raise BrlapiError(f"BRLTTY refused the connection ({_describe(kind, data)})")
        offered = [data[i : i + 4] for i in range(0, len(data) - 3, 4)]
        for method in offered:
            if method == _type(AUTH_NONE).to_bytes(4, "big"):
                return
            if self._authorize(method, auth):
                return
        raise BrlapiError("BRLTTY asks for an authorization this user cannot give")

    def _authorize(self, method: bytes, auth: str) -> bool:
        if method == _type(AUTH_KEY).to_bytes(4, "big"):
            for path in key_files(auth):
                try:
                    key = Path(path).read_bytes()[: MAX_PACKET - 8]
                except OSError:
                    continue
                self._send(AUTH, method + key)
                if self._recv_direct()[0] == _type(ACK):
                    return True
            return False
        if method == _type(AUTH_CRED).to_bytes(4, "big"):  # the socket's own credentials
            self._send(AUTH, method)
            return self._recv_direct()[0] == _type(ACK)
        return False

    def _display_size(self) -> tuple[int, int]:
        self._send(GETDISPLAYSIZE, b"")
        kind, data = self._recv_direct()
        if kind != _type(GETDISPLAYSIZE) or len(data) < 8:
            raise BrlapiError(f"no display size from BRLTTY ({_describe(kind, data)})")
        columns, rows = struct.unpack(">II", data[:8])
        return columns, rows

    def _driver_name(self) -> str:
        self._send(GETDRIVERNAME, b"")
        kind, data = self._recv_direct()
        if kind != _type(GETDRIVERNAME):
            return ""
        return data.split(b"\0")[0].decode("utf-8", "replace")

    # -- packets -------------------------------------------------------------------------
    def _request(self, kind: bytes, payload: bytes, answer: bytes) -> bytes:
        with self._lock:
            self._send(kind, payload)
            try:
                reply = self._replies.get(timeout=self.timeout)
            except queue.Empty:
                raise BrlapiError("BRLTTY did not answer in time") from None
        if reply is None:
            raise BrlapiError("BRLTTY closed the connection")
        got, data = reply
        if got != _type(answer):
            raise BrlapiError(f"BRLTTY refused {kind.decode()!r}: {_describe(got, data)}")
        return data

    def _send(self, kind: bytes, payload: bytes) -> None:
        if self._closed.is_set():
            raise BrlapiError("the connection to BRLTTY is closed")
        try:
            self._sock.sendall(struct.pack(">II", len(payload), _type(kind)) + payload)
        except OSError as exc:
            self._shut()
            raise BrlapiError(f"BRLTTY went away: {exc}") from exc

    def _recv_direct(self) -> tuple[int, bytes]:
        """One packet, read in the caller's thread (only before the reader starts)."""
        header = _read_exactly(self._sock, 8)
        size, kind = struct.unpack(">II", header)
        if size > MAX_PACKET:
            raise BrlapiError(f"a BrlAPI packet of {size} bytes: not BRLTTY")
        return kind, _read_exactly(self._sock, size)

    def _read(self) -> None:
        try:
            while True:
                kind, data = self._recv_direct()
                if kind == _type(KEY) and len(data) >= 8:
                    hi, lo = struct.unpack(">II", data[:8])
                    if self.on_key is not None:
                        with contextlib.suppress(Exception):
                            self.on_key((hi << 32) | lo)
                elif kind == _type(EXCEPTION):
                    self.last_exception = _describe(kind, data)
                else:
                    self._replies.put((kind, data))
        except (OSError, BrlapiError, struct.error):
            pass
        finally:
            self._shut()

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


def _ranges(ranges: Sequence[tuple[int, int]]) -> bytes:
    return b"".join(
        struct.pack(">IIII", first >> 32, first & 0xFFFFFFFF, last >> 32, last & 0xFFFFFFFF)
        for first, last in ranges
    )


def _describe(kind: int, data: bytes) -> str:
    if kind in (_type(ERROR), _type(EXCEPTION)) and len(data) >= 4:
        return f"BrlAPI error {struct.unpack('>I', data[:4])[0]}"
    return f"packet {kind:#x}"


def _read_exactly(sock: socket.socket, size: int) -> bytes:
    data = b""
    while len(data) < size:
        chunk = sock.recv(size - len(data))
        if not chunk:
            raise BrlapiError("BRLTTY closed the connection")
        data += chunk
    return data


def _connect(target: Target, timeout: float) -> socket.socket:
    errors = []
    if target.path and hasattr(socket, "AF_UNIX"):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(timeout)
        try:
            sock.connect(target.path)
            return sock
        except OSError as exc:
            sock.close()
            errors.append(f"{target.path}: {exc.strerror or exc}")
    if target.host:
        try:
            sock = socket.create_connection((target.host, target.port), timeout=timeout)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            sock.settimeout(timeout)
            return sock
        except OSError as exc:
            errors.append(f"{target.host}:{target.port}: {exc.strerror or exc}")
    raise BrlapiError("no BRLTTY at " + "; ".join(errors or [str(target)]))
