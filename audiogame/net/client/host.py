"""Hosting from the player's own app: the game server as a child process of this machine.

"Ospita un tavolo" starts ``audiogame-server`` (this same installation, the same
Python) in a process of its own, so no server work ever runs inside the host's
frame, and the host's client joins over loopback like everyone else: no home
advantage. ``HostedServer.start`` waits for the port (read from a file the
server writes once it listens) without blocking longer than ``timeout``; the
fingerprint of a LAN host's certificate is read from its data folder.
``stop`` ends it (terminate, then kill; ``stop_soon`` without waiting for it), and
the host's app stops it on the way out;
an app that dies without a word (a crash, kill -9) takes it along too: the server
reads its standard input from the app (``--with-parent``) and ends when that closes.
"""

from __future__ import annotations

import contextlib
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from audiogame.net.protocol import tls


class LocalHosts:
    """Servers hosted for this computer only (loopback, no beacon): each leaves a file
    named by its port in the game's data folder (``hosts/``, beside the hosted server's
    own folder), which every copy of the game on this computer reads, so another copy
    finds its table by the spoken code alone, as a guest on the network finds a host by
    its beacon. A file a crash left behind names a port nobody answers on: that target
    is skipped like any unreachable one."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def add(self, port: int) -> None:
        with contextlib.suppress(OSError):  # no folder to write: codes need an address
            self.folder.mkdir(parents=True, exist_ok=True)
            (self.folder / str(port)).write_text(f"ws://127.0.0.1:{port}", encoding="ascii")

    def remove(self, port: int) -> None:
        with contextlib.suppress(OSError):
            (self.folder / str(port)).unlink(missing_ok=True)

    def ports(self) -> list[int]:
        try:
            names = [p.name for p in self.folder.iterdir()]
        except OSError:
            return []
        return sorted(int(n) for n in names if n.isdigit() and 0 < int(n) < 65536)


@dataclass
class HostedServer:
    data_dir: Path
    host: str = "127.0.0.1"  # "0.0.0.0": the local network (TLS, beacon)
    port: int = 0
    extra: tuple[str, ...] = ()
    process: subprocess.Popen[bytes] | None = field(default=None, init=False)

    @property
    def lan(self) -> bool:
        return not tls.is_loopback(self.host)

    @property
    def local_url(self) -> str:
        """Where the host's own client connects: loopback, whatever the server listens on."""
        scheme = "wss" if self.lan else "ws"
        return f"{scheme}://127.0.0.1:{self.port}"

    @property
    def local_hosts(self) -> LocalHosts:
        """Where this computer's copies of the game look for its hosts: the data folder
        this server's folder is in."""
        return LocalHosts(self.data_dir.parent / "hosts")

    def fingerprint(self) -> str:
        """The certificate's SHA-256 (hex) of a LAN host ("" on loopback)."""
        if not self.lan:
            return ""
        cert = tls.Certificate(self.data_dir / tls.CERT_FILE, self.data_dir / tls.KEY_FILE)
        return cert.fingerprint() if cert.cert.is_file() else ""

    def start(self, timeout: float = 15.0) -> int:
        """Start the server and return its port; ``TimeoutError``/``RuntimeError`` when
        it does not come up."""
        self.launch()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            port = self.poll()
            if port is not None:
                return port
            time.sleep(0.02)
        self.stop()
        raise TimeoutError("the server did not start in time")

    def launch(self) -> None:
        """Start the server's process and return at once (``poll`` says when it listens):
        an app's frame never waits for it."""
        self.data_dir.mkdir(parents=True, exist_ok=True)
        port_file = self.data_dir / "port"
        port_file.unlink(missing_ok=True)
        command = [sys.executable, "-m", "audiogame.net.server_cli", "--host", self.host]
        command += ["--port", str(self.port), "--data", str(self.data_dir)]
        command += ["--port-file", str(port_file), "--with-parent", *self.extra]
        flags = getattr(subprocess, "CREATE_NO_WINDOW", 0)  # Windows: no console window
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,  # never written: its closing says this app has gone
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            creationflags=flags,
        )

    def poll(self) -> int | None:
        """The port once the server listens (None: not yet); ``RuntimeError`` when it
        stopped instead."""
        port_file = self.data_dir / "port"
        text = port_file.read_text(encoding="ascii") if port_file.is_file() else ""
        if text:
            if self.port != int(text):
                self.port = int(text)
                if not self.lan:  # for this computer only: its other copies find it
                    self.local_hosts.add(self.port)
            return self.port
        if self.process is None or self.process.poll() is not None:
            raise RuntimeError("the server stopped as it started")
        return None

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def stop_soon(self) -> threading.Thread | None:
        """``stop`` in a thread of its own: a server closes its tables and connections in
        seconds, and the player's keys must not wait for it. Not a daemon: an app that
        quits waits for it (a server that does not end is still terminated, then killed)."""
        if self.process is None:
            return None
        thread = threading.Thread(target=self.stop, name="hosted-stop")
        thread.start()
        return thread

    def stop(self, timeout: float = 5.0) -> None:
        """End the server: its standard input closed first, so it closes its tables and
        connections itself (on Windows ``terminate`` is a hard kill); then terminate,
        then kill, for a server that does not answer."""
        process = self.process
        if process is None:
            return
        if not self.lan and self.port:
            self.local_hosts.remove(self.port)
        if process.stdin is not None:
            with contextlib.suppress(OSError):
                process.stdin.close()
        if process.poll() is not None:
            return
        try:
            process.wait(timeout)
            return
        except subprocess.TimeoutExpired:
            process.terminate()
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout)
