"""Play the real ``audiogame`` command through a pseudo-terminal (POSIX only).

Tests and the terminal benchmark spawn the installed command with the text
speech backend and SDL's dummy drivers, its standard input, output and error
on the slave side of a pty, exactly as a terminal (or SSH) would run it. Keys
are written as the bytes a terminal sends; what the game prints is read back
line by line, each with the time it arrived.

A key's answer is complete when the game says so: run with ``AUDIOGAME_KEY_MARKS``
it writes an invisible mark (``io.terminal.KeyMarks``) with the count of keys it
has handled once their frame is out; ``answer`` counts the keys it wrote (with the
game's own decoder) and waits for that mark, never for a quiet spell.
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

from audiogame.io.terminal import MARK_END, MARK_START, MARKS_VAR

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
_MARK_START, _MARK_END = MARK_START.encode(), MARK_END.encode()


def count_keys(data: bytes) -> int:
    """How many keys the game reads in ``data`` written at once (Control+C, which
    quits, is not one): the terminal's own decoder, as ``io.terminal`` runs it."""
    from prompt_toolkit.input.vt100_parser import Vt100Parser

    from audiogame.io.termkeys import INTERRUPT, decode

    presses: list = []
    parser = Vt100Parser(presses.append)
    parser.feed(data.decode("utf-8", "replace"))
    keys = decode(presses)  # one read's worth, then what the Escape delay flushes
    presses.clear()
    parser.flush()
    keys += decode(presses)
    return sum(1 for key in keys if key != INTERRUPT)


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
            **{MARKS_VAR: "1"},
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
        #: (keys handled, lines printed before the mark) for every mark the game wrote
        self.marks: list[tuple[int, int]] = []
        #: keys written so far, as the game decodes them
        self.keys_sent = 0
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
                self._take(self._partial + data, now)
                self._cond.notify_all()

    def _take(self, buffer: bytes, now: float) -> None:
        """Complete lines and marks from ``buffer``; what is not complete yet stays."""
        while True:
            newline, mark = buffer.find(b"\n"), buffer.find(_MARK_START)
            if mark != -1 and (newline == -1 or mark < newline):
                end = buffer.find(_MARK_END, mark)
                if end == -1:
                    break  # the rest of the mark is still on its way
                count = int(buffer[mark + len(_MARK_START) : end])
                self.marks.append((count, len(self.lines)))
                buffer = buffer[:mark] + buffer[end + len(_MARK_END) :]
                continue
            if newline == -1:
                break
            line, buffer = buffer[:newline], buffer[newline + 1 :]
            text = ANSI.sub("", line.decode("utf-8", "replace")).strip("\r")
            self.lines.append((now, text))
        self._partial = buffer

    # -- keys -------------------------------------------------------------------------
    def send(self, data: bytes | str) -> float:
        """Write a key's bytes as the terminal would; returns when (perf_counter)."""
        raw = data.encode() if isinstance(data, str) else data
        now = time.perf_counter()
        with self._cond:
            self.keys_sent += count_keys(raw)
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

    def answer(self, data: bytes | str, timeout: float = 60.0) -> list[str]:
        """Send keys; the lines the game printed in answer to them (up to its mark that
        it has handled them all). The timeout only ends a wait that would never end."""
        since = self.mark()
        self.send(data)
        return self.answered(since, self.keys_sent, timeout)

    def answered(self, since: int, keys: int, timeout: float = 60.0) -> list[str]:
        """The lines from ``since`` to the game's mark of ``keys`` handled keys (to the
        end, when the game has ended: Control+C, a quit)."""
        end = time.monotonic() + timeout
        with self._cond:
            while True:
                upto = next((at for count, at in self.marks if count >= keys), None)
                if upto is not None:
                    return [line for _, line in self.lines[since:upto]]
                if self.proc.poll() is not None:
                    break
                left = end - time.monotonic()
                if left <= 0:
                    said = "\n".join(line for _, line in self.lines[since:])
                    raise AssertionError(f"no mark of {keys} keys handled; printed:\n{said}")
                self._cond.wait(min(left, 0.1))
        self._drain()
        return self.lines_since(since)

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
        self._drain()
        with self._cond:
            return code

    def _drain(self) -> None:
        """Once the game has ended: everything it printed is read (this side keeps the
        terminal open, so the reader gets no end of file to wait for, and on a loaded
        machine the last lines can still be in the terminal's buffer)."""
        end = time.monotonic() + 5.0
        while time.monotonic() < end and select.select([self.master], [], [], 0)[0]:
            time.sleep(0.01)  # the reader is still taking what is there
        time.sleep(0.05)  # a read that just returned: its bytes are added under the lock

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
