"""Keys from the terminal, for play without a window (SSH, a Linux console with
Speakup or Fenrir, ``--no-window``, ``--terminal``).

The terminal is put in raw mode (no echo, no line editing; Control+C and
Control+S reach the game as keys) by prompt_toolkit's input layer, which also
decodes the escape sequences of every common terminal and reads Windows
consoles natively. Output processing is left on, so printed speech still
starts each line at the left edge.

A reader thread waits for the terminal, decodes what arrived (``termkeys``)
and posts each key into pygame's event queue as the KEYDOWN a window would
post: the loop, its scenes and its listeners cannot tell a terminal from a
window, and a posted event wakes the loop at once. Nothing here ever blocks
the loop. A lone Escape is told from the start of a sequence by waiting
``esc_delay`` (50 ms, or ``ESCDELAY`` in milliseconds, as curses reads it)
for the rest of the sequence.

The terminal is given back as it was on every way out: leaving the ``with``
block (quit, a crash, Control+C, which posts QUIT), SIGTERM (the command turns
it into a normal exit) and, as a last resort, at interpreter exit. A kill -9
cannot be caught by any program: ``stty sane`` (or ``reset``) repairs the
terminal then.
"""

from __future__ import annotations

import atexit
import logging
import os
import sys
import threading
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pygame

from audiogame.core.keys import Key
from audiogame.io.keymap import pygame_event
from audiogame.io.termkeys import INTERRUPT, decode

log = logging.getLogger(__name__)

DEFAULT_ESC_DELAY = 0.05
#: the longest the reader waits before looking at its stop flag
POLL = 0.1


def esc_delay_from_env(environ: dict[str, str] | None = None) -> float:
    """``ESCDELAY`` (milliseconds, the curses convention) or 50 ms."""
    env = os.environ if environ is None else environ
    try:
        value = float(env["ESCDELAY"]) / 1000
    except (KeyError, ValueError):
        return DEFAULT_ESC_DELAY
    return min(max(value, 0.0), 1.0)


def post_key(key: Key) -> None:
    """Into pygame's queue as a window's KEYDOWN (pygame.event.post is thread-safe)."""
    pygame.event.post(pygame_event(key))


def post_quit() -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))


class TerminalKeys:
    """Raw mode and a reader thread; use as a context manager around the loop."""

    def __init__(
        self,
        post: Callable[[Key], None] = post_key,
        on_interrupt: Callable[[], None] = post_quit,
        esc_delay: float | None = None,
    ) -> None:
        from prompt_toolkit.input import create_input

        self._input: Any = create_input()
        self._post = post
        self.on_interrupt = on_interrupt
        #: called once when the terminal's input ends (hung up, closed): None, the game
        #: goes on (a window may still take keys)
        self.on_closed: Callable[[], None] | None = None
        self.esc_delay = esc_delay_from_env() if esc_delay is None else esc_delay
        self._raw: AbstractContextManager[None] | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        #: keys posted so far (for the log and the tests)
        self.count = 0

    # -- raw mode ----------------------------------------------------------------------
    def __enter__(self) -> TerminalKeys:
        self.raw()
        self.listen()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def raw(self) -> None:
        """Raw mode now: no echo from here on, even before keys can be posted."""
        with self._lock:
            if self._raw is not None:
                return
            raw = self._input.raw_mode()
            raw.__enter__()
            self._raw = raw
        atexit.register(self.close)

    def listen(self) -> None:
        """Start posting keys (pygame's event queue must be ready: after ``io.sdl.start_sdl``)."""
        self.raw()
        if self._thread is not None:
            return
        self._stop.clear()
        thread = threading.Thread(target=self._read, name="terminal-keys", daemon=True)
        thread.start()
        self._thread = thread  # only once started: close() may come at any moment

    def close(self) -> None:
        """Stop reading and give the terminal back as it was; safe to call twice."""
        self._stop.set()
        thread = self._thread
        if thread is not None and thread.is_alive() and thread is not threading.current_thread():
            thread.join(timeout=2 * POLL + self.esc_delay)
        self._thread = None
        with self._lock:
            raw, self._raw = self._raw, None
        if raw is not None:
            try:
                raw.__exit__(None, None, None)
            except Exception:  # a terminal already gone: nothing left to restore
                log.info("terminal could not be restored", exc_info=True)
        atexit.unregister(self.close)

    # -- the reader thread ---------------------------------------------------------------
    def _read(self) -> None:
        flush_at: float | None = None
        while not self._stop.is_set():
            timeout = POLL if flush_at is None else max(0.0, flush_at - time.monotonic())
            try:
                ready = self._wait(timeout)
                if ready:
                    presses = self._input.read_keys()
                    # the rest of a sequence may still come: flush only after esc_delay
                    flush_at = time.monotonic() + self.esc_delay
                    if getattr(self._input, "closed", False):
                        self._deliver(presses)
                        log.info("terminal input closed")
                        if self.on_closed is not None:
                            self.on_closed()
                        return
                elif flush_at is not None and time.monotonic() >= flush_at:
                    presses = self._input.flush_keys()
                    flush_at = None
                else:
                    continue
                self._deliver(presses)
            except Exception:  # the game goes on without terminal keys, never crashes
                log.exception("reading the terminal failed")
                return

    def _deliver(self, presses: list[Any]) -> None:
        for key in decode(presses):
            if key == INTERRUPT:
                self.on_interrupt()
                continue
            self.count += 1
            self._post(key)

    def _wait(self, timeout: float) -> bool:
        """Wait for input on the terminal, at most ``timeout`` seconds."""
        if sys.platform == "win32":
            from prompt_toolkit.eventloop.win32 import wait_for_handles

            ready = wait_for_handles([self._input.handle], int(timeout * 1000))
            return ready is not None
        import select

        ready, _, _ = select.select([self._input.fileno()], [], [], timeout)
        return bool(ready)


#: set (to anything) by a test that plays the game through a pseudo-terminal
MARKS_VAR = "AUDIOGAME_KEY_MARKS"
#: an APC string (ESC _ ... ESC \\): terminals show nothing of it
MARK_START, MARK_END = "\x1b_audiogame-keys ", "\x1b\\"


class KeyMarks:
    """For a test driving the game through a pseudo-terminal: after the frame that
    answered the keys read so far, once no background work is left, the count of keys
    handled is written to the terminal as an invisible mark. The test then knows a
    key's answer is complete without waiting for a quiet spell (which a busy machine
    can stretch past any bound, or a slow answer outlast)."""

    def __init__(self, idle: Callable[[], bool], write: Callable[[str], None]) -> None:
        self._idle = idle
        self._write = write
        self.handled = 0
        self._marked = 0

    def key(self, _key: Key, _handled: bool) -> None:
        self.handled += 1

    def frame_end(self) -> None:
        if self.handled != self._marked and self._idle():
            self._marked = self.handled
            self._write(f"{MARK_START}{self.handled}{MARK_END}")


def write_mark(text: str) -> None:
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except (OSError, ValueError):  # the terminal is gone: nobody waits for the mark
        pass
