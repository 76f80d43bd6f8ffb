"""The game's messages on the player's braille line, where BRLTTY runs.

``BrailleLine`` connects to BRLTTY (BrlAPI) in a worker thread, takes the braille
line for the game's window (``brlapi.tty_path``), and shows the newest message:
cut into windows of the display's size at word boundaries, the first one shown,
the display's own panning keys (BRLTTY's "window forward" and "window back")
moving through the rest. Every other key of the display keeps working as the
player set BRLTTY up. A newer message replaces the one shown: a braille line is
the present, the history (Page Up) the past.

Where BRLTTY is not installed, not running or refuses, the log says so once and
the game goes on: braille never stops play. The loop only hands texts over; the
worker makes every call, each bounded.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from audiogame.io.braille.brlapi import (
    CMD_FWINLT,
    CMD_FWINRT,
    KEY_TYPE_CMD,
    BrlapiConnection,
    BrlapiError,
    Target,
    settings_from,
    tty_path,
)

log = logging.getLogger(__name__)

#: seconds between attempts to reach BRLTTY again after it went away
RETRY_AFTER = 5.0
_CODE_MASK = 0x1FFFFFFF


def windows(text: str, cells: int) -> list[str]:
    """``text`` in pieces of at most ``cells`` characters, cut between words (a word
    longer than a window is cut where the window ends)."""
    if cells <= 0:
        return [text]
    pieces: list[str] = []
    line = ""
    for word in text.split():
        while len(word) > cells:
            if line:
                pieces.append(line)
                line = ""
            pieces.append(word[:cells])
            word = word[cells:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= cells:
            line += " " + word
        else:
            pieces.append(line)
            line = word
    if line or not pieces:
        pieces.append(line)
    return pieces


class BrailleLine:
    """A ``chain.BrailleDisplay`` through BrlAPI. ``ready`` is set once the first
    attempt to connect is over; ``connected`` says how it went."""

    def __init__(
        self,
        *,
        target: Target | None = None,
        auth: str | None = None,
        window: Callable[[], int | None] = lambda: None,
        timeout: float = 2.0,
    ) -> None:
        found_target, found_auth = settings_from()
        self.target = target or found_target
        self.auth = auth if auth is not None else found_auth
        self._window = window
        self._timeout = timeout
        self._cond = threading.Condition()
        self._text: str | None = None  # the newest message, not shown yet
        self._pieces: list[str] = [""]
        self._at = 0
        self._pans: list[int] = []  # the display's panning keys, not acted on yet
        self._stopping = False
        self._conn: BrlapiConnection | None = None
        self._told = False  # the log says once that there is no braille
        self._last_try = 0.0
        #: the display's (columns, rows), once connected
        self.size = (0, 0)
        self.detail = ""
        #: what was written to the display, newest last (tests read it)
        self.shown: list[tuple[float, str]] = []
        self.ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="braille", daemon=True)
        self._thread.start()

    @property
    def connected(self) -> bool:
        conn = self._conn
        return conn is not None and not conn.closed

    # -- from the loop --------------------------------------------------------------------
    def show(self, text: str) -> None:
        with self._cond:
            self._text = text
            self._cond.notify()

    def close(self) -> None:
        with self._cond:
            self._stopping = True
            self._cond.notify()
        self._thread.join(timeout=self._timeout)

    # -- the worker ----------------------------------------------------------------------
    def _run(self) -> None:
        self._try_connect()
        self.ready.set()
        while True:
            with self._cond:
                while not self._stopping and self._text is None and not self._pans:
                    self._cond.wait()
                if self._stopping:
                    break
                text, self._text = self._text, None
                pans, self._pans = self._pans, []
            if self._conn is None or self._conn.closed:
                if not self._try_connect():
                    continue
            self._show(text, pans)
        self._disconnect()

    def _show(self, text: str | None, pans: list[int]) -> None:
        conn = self._conn
        if conn is None:
            return
        if text is not None:
            self._pieces = windows(text, conn.size[0] * conn.size[1])
            self._at = 0
        for step in pans:  # each key on its own: forward at the end stays at the end
            self._at = max(0, min(len(self._pieces) - 1, self._at + step))
        piece = self._pieces[self._at]
        # recorded before it is sent: BRLTTY may show it before ``write`` returns here,
        # and whatever the display shows must already be in the record
        shown = (time.perf_counter(), piece)
        self.shown.append(shown)
        del self.shown[:-256]
        try:
            conn.write(piece)
        except BrlapiError as exc:
            self.shown.remove(shown)
            self._lost(exc)

    def _try_connect(self) -> bool:
        now = time.monotonic()
        if self._last_try and now - self._last_try < RETRY_AFTER:
            return False
        self._last_try = now
        try:
            conn = BrlapiConnection(self.target, self.auth, timeout=self._timeout, on_key=self._key)
        except BrlapiError as exc:
            self._say_once(f"no braille: {exc}")
            return False
        try:
            if conn.size[0] * conn.size[1] == 0:
                raise BrlapiError("BRLTTY has no braille display connected")
            conn.enter_tty_mode(tty_path(window=self._window()))
            conn.ignore_all_keys()
            conn.accept_commands((CMD_FWINLT, CMD_FWINRT))
        except BrlapiError as exc:
            conn.close()
            self._say_once(f"no braille: {exc}")
            return False
        self._conn = conn
        self.size = conn.size
        self.detail = f"BRLTTY ({conn.driver}, {conn.size[0]}x{conn.size[1]})"
        log.info("braille: %s", self.detail)
        self._told = False
        return True

    def _lost(self, exc: Exception) -> None:
        if self._conn is not None:
            self._conn.close()
        self._conn = None
        self._say_once(f"braille lost: {exc}")

    def _say_once(self, what: str) -> None:
        if not self._told:
            self._told = True
            log.info("braille: %s (the game goes on without it)", what)

    def _disconnect(self) -> None:
        conn, self._conn = self._conn, None
        if conn is None or conn.closed:
            return
        try:
            conn.leave_tty_mode()
        except BrlapiError:
            pass
        conn.close()

    # -- the display's keys (the reader thread) ------------------------------------------
    def _key(self, code: int) -> None:
        if code & 0xE0000000 != KEY_TYPE_CMD:
            return
        command = code & _CODE_MASK & ~KEY_TYPE_CMD
        step = {CMD_FWINRT: 1, CMD_FWINLT: -1}.get(command)
        if step is None:
            return
        with self._cond:
            self._pans.append(step)
            self._cond.notify()


def open_braille_line(window: Callable[[], int | None] = lambda: None) -> BrailleLine:
    """The braille line, connecting in the background (the first word never waits)."""
    return BrailleLine(window=window)
