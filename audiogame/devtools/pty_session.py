"""Play the real ``audiogame`` command through a pseudo-terminal (POSIX only).

Tests and the terminal benchmark spawn the installed command with the text
speech backend and SDL's dummy drivers, its standard input, output and error
on the slave side of a pty, exactly as a terminal (or SSH) would run it. Keys
are written as the bytes a terminal sends; what the game prints is read back
line by line, each with the time it arrived.
"""

from __future__ import annotations

import os
import re
import select
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def default_command() -> list[str]:
    """The installed ``audiogame`` script next to this Python, else ``python -m``."""
    script = Path(sys.executable).with_name("audiogame")
    if script.exists():
        return [str(script)]
    found = shutil.which("audiogame")
    return [found] if found else [sys.executable, "-m", "audiogame"]


class PtyGame:
    def __init__(
        self,
        tmp: Path,
        args: Sequence[str] = (),
        lang: str = "en",
        env: dict[str, str] | None = None,
        config_dir: Path | None = None,
        command: Sequence[str] | None = None,
        game_flags: bool = True,
    ) -> None:
        """``env`` adds to the environment (an empty value removes the variable);
        ``command`` replaces the installed script (e.g. ``python -c ...``);
        ``game_flags=False`` runs it with ``args`` alone (``audiogame serve --help``)."""
        import pty
        import termios

        self.master, self.slave = pty.openpty()
        # a terminal's own settings before the game starts: to check they come back
        self.before = termios.tcgetattr(self.slave)
        environ = {
            k: v
            for k, v in os.environ.items()
            if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
        }
        environ.update(
            SDL_VIDEODRIVER="dummy",
            SDL_AUDIODRIVER="dummy",
            TERM="xterm-256color",
            PYTHONUNBUFFERED="1",
        )
        for name, value in (env or {}).items():
            if value:
                environ[name] = value
            else:
                environ.pop(name, None)
        flags = [
            "--speech",
            "text",
            "--config-dir",
            str(config_dir or tmp / "config"),
            "--data-dir",
            str(tmp / "data"),
            *(["--lang", lang] if lang else []),
        ]
        argv = [*(command or default_command()), *(flags if game_flags else []), *args]
        self.proc = subprocess.Popen(
            argv,
            stdin=self.slave,
            stdout=self.slave,
            stderr=self.slave,
            env=environ,
            start_new_session=True,
            close_fds=True,
        )
        self.raw = bytearray()
        #: (arrival time, line) for every complete line printed so far
        self.lines: list[tuple[float, str]] = []
        self._partial = b""
        self._cond = threading.Condition()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while True:
            try:
                data = os.read(self.master, 4096)
            except OSError:
                data = b""
            now = time.perf_counter()
            with self._cond:
                if not data:
                    self._cond.notify_all()
                    return
                self.raw += data
                self._partial += data
                *complete, self._partial = self._partial.split(b"\n")
                for line in complete:
                    text = ANSI.sub("", line.decode("utf-8", "replace")).strip("\r")
                    self.lines.append((now, text))
                self._cond.notify_all()

    # -- keys -------------------------------------------------------------------------
    def send(self, data: bytes | str) -> float:
        """Write a key's bytes as the terminal would; returns when (perf_counter)."""
        raw = data.encode() if isinstance(data, str) else data
        now = time.perf_counter()
        os.write(self.master, raw)
        return now

    # -- reading ----------------------------------------------------------------------
    def mark(self) -> int:
        with self._cond:
            return len(self.lines)

    def wait_for(self, pattern: str, since: int = 0, timeout: float = 60.0) -> str:
        """The first line from ``since`` on matching ``pattern`` (regular expression).
        The timeout only ends a wait that would never end (a game starting on a loaded
        machine takes seconds)."""
        regex = re.compile(pattern)
        end = time.monotonic() + timeout
        with self._cond:
            while True:
                for _, line in self.lines[since:]:
                    if regex.search(line):
                        return line
                left = end - time.monotonic()
                if left <= 0 or (self.proc.poll() is not None and not self._reader.is_alive()):
                    said = "\n".join(line for _, line in self.lines[since:])
                    raise AssertionError(f"no line matching {pattern!r}; printed:\n{said}")
                self._cond.wait(min(left, 0.1))

    def answer(self, data: bytes | str, quiet: float = 0.3, timeout: float = 10.0) -> list[str]:
        """Send a key; the lines printed from then until ``quiet`` seconds pass without one."""
        since = self.mark()
        self.send(data)
        return self.collect(since, quiet, timeout)

    def collect(self, since: int, quiet: float = 0.3, timeout: float = 10.0) -> list[str]:
        end = time.monotonic() + timeout
        with self._cond:
            while True:
                now = time.monotonic()
                last = self.lines[-1][0] if len(self.lines) > since else None
                if last is not None and time.perf_counter() - last >= quiet:
                    break
                if now >= end:
                    break
                self._cond.wait(min(quiet, end - now))
            return [line for _, line in self.lines[since:]]

    def lines_since(self, since: int) -> list[str]:
        with self._cond:
            return [line for _, line in self.lines[since:]]

    def text(self) -> str:
        with self._cond:
            return self.raw.decode("utf-8", "replace")

    # -- the end ----------------------------------------------------------------------
    def wait_exit(self, timeout: float = 60.0) -> int:
        """The exit code, once everything the game printed before exiting is read: this
        side keeps the terminal open, so the reader gets no end of file to wait for, and
        on a loaded machine the last lines can still be in the terminal's buffer."""
        code = self.proc.wait(timeout)
        end = time.monotonic() + 5.0
        while time.monotonic() < end and select.select([self.master], [], [], 0)[0]:
            time.sleep(0.01)  # the reader is still taking what is there
        time.sleep(0.05)  # a read that just returned: its bytes are added under the lock
        with self._cond:
            return code

    def terminal_restored(self) -> bool:
        import termios

        return termios.tcgetattr(self.slave) == self.before

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(5)
        for fd in (self.master, self.slave):
            try:
                os.close(fd)
            except OSError:
                pass
        self._reader.join(2)
