"""A real BRLTTY of its own, for tests and benchmarks, with a braille display that
needs no hardware.

BRLTTY's "Virtual" driver (``vr``) talks a small text protocol to a display
program over a socket; ``VirtualDisplay`` is that program: it says how many cells
it has, records every line BRLTTY shows ("Visual" lines carry the text), and can
press the display's keys. BRLTTY itself runs with no screen driver and no speech,
in a folder of its own, its BrlAPI on a loopback port of its own without
authorization: so tests running in parallel never share one.

``.ci/run`` installs Debian's BRLTTY (``.ci/speech.sh``); elsewhere ``available()``
says why the tests that need it skip.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

from audiogame.io.braille.brlapi import BASE_PORT, Target

_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


def program() -> str | None:
    return shutil.which("brltty") or next(
        (p for p in ("/usr/sbin/brltty", "/sbin/brltty") if os.path.exists(p)), None
    )


def available() -> str | None:
    """None when a private BRLTTY can run here, else why not (a skip reason)."""
    if not sys.platform.startswith("linux"):
        # under Wine a Linux binary is found and even started, and never stopped
        return "BRLTTY and its test daemons are Linux's (this is " + sys.platform + ")"
    if program() is None:
        return "BRLTTY is not installed (.ci/run installs Debian's)"
    return None


def unquote(text: str) -> str:
    """A string of the virtual driver's protocol: backslash escapes, \\Xhh for a byte."""
    out = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text):
            nxt = text[i + 1]
            if nxt in "Xx" and i + 3 < len(text) + 1:
                with contextlib.suppress(ValueError):
                    out.append(chr(int(text[i + 2 : i + 4], 16)))
                    i += 4
                    continue
            out.append(nxt)
            i += 2
            continue
        out.append(ch)
        i += 1
    return "".join(out)


class VirtualDisplay:
    """The display end of BRLTTY's virtual driver: listens on a loopback port."""

    def __init__(self, cells: int = 40) -> None:
        self.cells = cells
        self._server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._server.bind(("127.0.0.1", 0))
        self._server.listen(1)
        self.port = self._server.getsockname()[1]
        self._cond = threading.Condition()
        #: (perf_counter, text) for each "Visual" line BRLTTY sent, in order
        self.visual: list[tuple[float, str]] = []
        self._conn: socket.socket | None = None
        self._thread = threading.Thread(target=self._serve, name="virtual-display", daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        try:
            conn, _ = self._server.accept()
        except OSError:
            return
        self._conn = conn
        conn.sendall(f"cells {self.cells}\n".encode())
        for raw in conn.makefile("rb"):
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            word, _, rest = line.partition(" ")
            if word.lower() != "visual":
                continue
            found = _STRING.search(rest)
            if found is not None:
                with self._cond:
                    self.visual.append((time.perf_counter(), unquote(found.group(1))))
                    self._cond.notify_all()

    def press(self, command: str) -> None:
        """A key of the display, as a BRLTTY command name ("FWinRt", "FWinLt"). Press
        the next one once this one's answer is seen: BRLTTY's virtual driver acts on one
        line per read, and a second key in the same read waits for the next input."""
        if self._conn is not None:
            self._conn.sendall(f"{command}\n".encode())

    def texts(self) -> list[str]:
        with self._cond:
            return [text.rstrip() for _, text in self.visual]

    def wait_for(self, wanted: str, since: int = 0, limit: float = 30.0) -> float:
        """When (perf_counter) the line first showed ``wanted`` (its start, spaces
        trimmed) after the ``since``-th line; the limit ends only a wait that never ends."""
        end = time.monotonic() + limit
        with self._cond:
            while True:
                for at, text in self.visual[since:]:
                    if text.rstrip() == wanted:
                        return at
                left = end - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"the line never showed {wanted!r}: {self.texts()}")
                self._cond.wait(min(left, 0.1))

    def mark(self) -> int:
        with self._cond:
            return len(self.visual)

    def close(self) -> None:
        for sock in (self._conn, self._server):
            if sock is not None:
                with contextlib.suppress(OSError):
                    sock.close()


class PrivateBrltty:
    """A running BRLTTY showing on a ``VirtualDisplay`` of ``cells`` cells; ``target``
    is its BrlAPI. Stop it with ``stop``."""

    def __init__(
        self, folder: Path, cells: int = 40, start_timeout: float = 30.0, auth: str = "none"
    ) -> None:
        """``auth``: BrlAPI's authorization ("none", or "keyfile:PATH" as Debian's
        BRLTTY asks by default, with /etc/brlapi.key)."""
        why = available()
        if why is not None:
            raise RuntimeError(why)
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        self.display = VirtualDisplay(cells)
        api_port = _free_port()
        self.target = Target(host="127.0.0.1", port=api_port)
        command = [
            str(program()), "--no-daemon", "--standard-error", "--quiet",
            "--braille-driver", "vr", "--braille-device", f"client:127.0.0.1:{self.display.port}",
            "--screen-driver", "no", "--speech-driver", "no", "--log-level", "info,server",
            "--api-parameters", f"host=127.0.0.1:{api_port - BASE_PORT},auth={auth}",
            "--pid-file", str(folder / "brltty.pid"),
            "--writable-directory", str(folder), "--updatable-directory", str(folder),
            "--configuration-file", "/dev/null", "--preferences-file", str(folder / "prefs"),
        ]  # fmt: skip
        self._out = open(folder / "brltty.out", "wb")  # noqa: SIM115 (closed by stop)
        self.proc = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=self._out, stderr=subprocess.STDOUT,
            start_new_session=True, cwd=folder,
        )  # fmt: skip
        self._wait_ready(start_timeout)

    def _wait_ready(self, limit: float) -> None:
        """Until BrlAPI accepts connections and the display has shown BRLTTY's banner."""
        end = time.monotonic() + limit
        while True:
            if self.proc.poll() is not None or time.monotonic() > end:
                out = (self.folder / "brltty.out").read_text(errors="replace")
                self.stop()
                raise RuntimeError(f"BRLTTY did not start: {out.strip()[-2000:]}")
            if self.display.visual and _accepts(self.target):
                return
            time.sleep(0.02)

    def log(self) -> str:
        """What BRLTTY logged (its BrlAPI server's doings included)."""
        return (self.folder / "brltty.out").read_text(encoding="utf-8", errors="replace")

    def stop(self) -> None:
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, 15)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.proc.pid, 9)
                self.proc.wait(10)
        self.display.close()
        self._out.close()


def _free_port() -> int:
    """A loopback port above BrlAPI's base, free now."""
    while True:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = int(probe.getsockname()[1])
        if port > BASE_PORT:
            return port


def _accepts(target: Target) -> bool:
    try:
        with socket.create_connection((target.host, target.port), timeout=1.0):
            return True
    except OSError:
        return False
