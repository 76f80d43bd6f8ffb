"""The screen reader's own voice on Linux: speech-dispatcher, as a good citizen.

Orca, Fenrir and Speakup (through speechd-up) all speak through speech-dispatcher,
so the game speaks there too: in the player's voice, language and rate, and under
its priority rules, so that the screen reader and the game never talk over each
other. What this client does (why, in docs/speech-linux.md):

- it names itself ("audiogame"), so speech-dispatcher's tools and logs can tell it;
- it sends the game's language and the player's rate (words per minute, mapped to
  SSIP's -100..100 as speech-dispatcher's eSpeak NG module reads it);
- it speaks at priority ``text``: a screen reader speaks at ``message``, which
  cuts a ``text`` message short and is never held behind one, so Orca's key echo
  and its own speech always come first and the game's answer follows;
- ``text`` messages cut each other, so the game's own queue stays here: one
  message at a time goes to speech-dispatcher, the next once its end (or its
  cancelling) is reported. Nothing of ours is lost to our own next message;
- Ctrl (``silence``) cancels the game's messages, said and queued, and nothing of
  the screen reader's.

One worker thread owns the connection and makes every call; the loop only queues.
A reply that does not come within ``hang_timeout`` marks the speaker ``failed``
(the chain then moves on and says what was never delivered).
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from audiogame.io.speech.ssip import (
    Address,
    Event,
    SSIPConnection,
    SSIPError,
    default_address,
    spawn,
)

log = logging.getLogger(__name__)

#: how the game names itself to speech-dispatcher ("user:application:component")
CLIENT_NAME = "user:audiogame:main"
#: see the module: below the screen reader's ``message``, never cut by our own queue
PRIORITY = "text"
#: seconds a command may take before speech-dispatcher counts as hung (as the
#: screen reader's watchdog: the game speaks elsewhere within a second)
HANG_TIMEOUT = 0.8
#: a message neither ended nor cancelled after this long (plus a generous time per
#: character) is given up on: the next one goes (and, as ``text``, replaces it)
STUCK_AFTER = 10.0
STUCK_PER_CHAR = 0.2

T = TypeVar("T")

#: speech-dispatcher's eSpeak NG module: rate -100, 0 and +100 in words per minute
#: (EspeakMinRate, EspeakNormalRate, EspeakMaxRate in its espeak-ng.conf)
SLOWEST_WPM, NORMAL_WPM, FASTEST_WPM = 80, 170, 449


def ssip_rate(wpm: int) -> int:
    """The player's words per minute on SSIP's -100..100 scale (0 is the voice's normal)."""
    if wpm >= NORMAL_WPM:
        value = (wpm - NORMAL_WPM) * 100 / (FASTEST_WPM - NORMAL_WPM)
    else:
        value = (wpm - NORMAL_WPM) * 100 / (NORMAL_WPM - SLOWEST_WPM)
    return max(-100, min(100, round(value)))


@dataclass
class _Utterance:
    text: str
    msg_id: int | None = None
    begun: bool = False
    sent_at: float = 0.0


class DispatcherSpeaker:
    """A ``Speaker`` through speech-dispatcher; ``ready`` is set once connected (or failed)."""

    name = "screenreader"
    #: an interrupting message cancels what was being said
    cuts_speech = True

    def __init__(
        self,
        lang: str = "it",
        rate: int = 300,
        *,
        address: Address | None = None,
        autospawn: bool = False,
        timeout: float = 2.0,
        hang_timeout: float = HANG_TIMEOUT,
    ) -> None:
        self.address = address or default_address()
        self.detail = ""  # "speech-dispatcher (espeak-ng)", or why it failed
        self._autospawn = autospawn
        self._timeout = timeout
        self._hang_timeout = hang_timeout
        self._cond = threading.Condition()
        self._waiting: deque[_Utterance] = deque()
        self._current: _Utterance | None = None
        self._finished: set[int] = set()  # ended or cancelled, reported before we knew the id
        self._cancel = False
        self._settings: dict[str, str] = {"LANGUAGE": lang, "RATE": str(ssip_rate(rate))}
        self._changed: dict[str, str] = {}
        self._busy_since: float | None = None
        self._error = ""
        self._stopping = False
        self._conn: SSIPConnection | None = None
        #: the last messages speech-dispatcher took, when (perf_counter) and what
        self.sent: deque[tuple[float, str]] = deque(maxlen=256)
        self.ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="speechd", daemon=True)
        self._thread.start()

    # -- the Speaker interface (the loop's thread) ---------------------------------------
    def speak(self, text: str, interrupt: bool = False) -> None:
        self._check()
        with self._cond:
            if interrupt:
                self._cut()
            self._waiting.append(_Utterance(text))
            self._cond.notify()

    def silence(self) -> None:
        self._check()
        with self._cond:
            self._cut()
            self._cond.notify()

    def braille(self, text: str) -> None:
        """speech-dispatcher has no braille (BrlAPI does: ``io.braille``)."""

    def update(self) -> None:
        """Nothing to pump: the worker and the reader thread do it all."""

    def unfinished(self) -> int:
        """Messages said and not yet heard to their end (speech-dispatcher reports ends)."""
        with self._cond:
            return len(self._waiting) + (self._current is not None)

    def close(self) -> None:
        with self._cond:
            self._stopping = True
            self._waiting.clear()
            self._cond.notify()
        conn = self._conn
        if conn is not None and self._busy_since is None:
            self._thread.join(timeout=1.0)

    # -- settings ------------------------------------------------------------------
    def set_language(self, lang: str) -> None:
        self._set("LANGUAGE", lang)

    def set_rate(self, wpm: int) -> None:
        self._set("RATE", str(ssip_rate(wpm)))

    def _set(self, name: str, value: str) -> None:
        with self._cond:
            self._settings[name] = value
            self._changed[name] = value
            self._cond.notify()

    # -- health --------------------------------------------------------------------
    @property
    def failed(self) -> bool:
        if self._error:
            return True
        since = self._busy_since
        return since is not None and time.monotonic() - since > self._hang_timeout

    def take_lost(self) -> list[tuple[str, bool]]:
        """What was queued, or sent and not yet begun: never heard."""
        with self._cond:
            lost = [u for u in self._waiting]
            if self._current is not None and not self._current.begun:
                lost.insert(0, self._current)
            self._waiting.clear()
            self._current = None
        return [(u.text, False) for u in lost]

    def _check(self) -> None:
        if self.failed:
            raise RuntimeError(f"speech-dispatcher failed: {self.detail}")

    def _cut(self) -> None:
        """Forget what waits; the worker cancels what speech-dispatcher holds."""
        self._waiting.clear()
        self._cancel = True

    # -- the worker thread -----------------------------------------------------------
    def _run(self) -> None:
        try:
            self._conn = self._open()
            self.detail = self._describe(self._conn)
        except SSIPError as exc:
            self._error = self.detail = str(exc)
            self.ready.set()
            return
        self.ready.set()
        try:
            self._serve(self._conn)
        except SSIPError as exc:
            self._error = self.detail = str(exc)
        finally:
            self._busy_since = None
            self._conn.close()

    def _open(self) -> SSIPConnection:
        try:
            conn = self._connect()
        except SSIPError:
            if not (self._autospawn and spawn(self.address, self._timeout)):
                raise
            conn = self._connect()
        self._call(lambda: conn.set("CLIENT_NAME", CLIENT_NAME))
        self._call(lambda: conn.set("PRIORITY", PRIORITY))
        for event in ("begin", "end", "cancel"):
            line = f"SET self NOTIFICATION {event} on"
            self._call(lambda: conn.command(line))  # noqa: B023 (called at once)
        with self._cond:
            settings = dict(self._settings)
            self._changed.clear()
        self._apply(conn, settings)
        return conn

    def _connect(self) -> SSIPConnection:
        return SSIPConnection(
            self.address, timeout=self._timeout, on_event=self._event, on_closed=self._gone
        )

    def _describe(self, conn: SSIPConnection) -> str:
        try:
            module = self._call(lambda: conn.get("OUTPUT_MODULE"))
        except SSIPError:
            module = ""
        return f"speech-dispatcher ({module})" if module else "speech-dispatcher"

    def _apply(self, conn: SSIPConnection, settings: dict[str, str]) -> None:
        for name, value in settings.items():
            try:
                self._call(lambda: conn.set(name, value))  # noqa: B023 (called at once)
            except SSIPError as exc:
                if conn.closed:
                    raise
                # a language the synthesizer lacks: its voice stays, the game goes on
                log.info("speech-dispatcher kept its %s: %s", name.lower(), exc)

    def _serve(self, conn: SSIPConnection) -> None:
        while True:
            with self._cond:
                while not self._stopping and not self._due():
                    self._cond.wait(self._stuck_wait())
                if self._stopping:
                    return
                cancel, self._cancel = self._cancel, False
                changed, self._changed = self._changed, {}
                if cancel:
                    self._current = None
                nxt = self._next_to_send()
            if cancel:
                self._call(lambda: conn.command("CANCEL self"))
            if changed:
                self._apply(conn, changed)
            if nxt is not None:
                self._send(conn, nxt)

    def _due(self) -> bool:
        if self._cancel or self._changed:
            return True
        if self._current is not None and self._is_stuck(self._current):
            self._current = None
        return self._current is None and bool(self._waiting)

    def _next_to_send(self) -> _Utterance | None:
        if self._current is not None or not self._waiting:
            return None
        self._current = self._waiting.popleft()
        return self._current

    def _stuck_wait(self) -> float | None:
        current = self._current
        if current is None:
            return None
        return max(0.05, current.sent_at + self._stuck_after(current) - time.monotonic())

    def _is_stuck(self, utterance: _Utterance) -> bool:
        sent = utterance.sent_at
        return bool(sent) and time.monotonic() - sent > self._stuck_after(utterance)

    @staticmethod
    def _stuck_after(utterance: _Utterance) -> float:
        return STUCK_AFTER + STUCK_PER_CHAR * len(utterance.text)

    def _send(self, conn: SSIPConnection, utterance: _Utterance) -> None:
        utterance.sent_at = time.monotonic()
        msg_id = self._call(lambda: conn.speak(utterance.text))
        self.sent.append((time.perf_counter(), utterance.text))
        with self._cond:
            utterance.msg_id = msg_id
            if msg_id in self._finished and self._current is utterance:
                self._current = None
            self._finished.clear()  # only the message in flight matters
            self._cond.notify()

    def _call(self, action: Callable[[], T]) -> T:
        """One command, watched: a reply later than ``hang_timeout`` means ``failed``."""
        self._busy_since = time.monotonic()
        try:
            return action()
        finally:
            self._busy_since = None

    # -- the reader thread ---------------------------------------------------------------
    def _event(self, event: Event) -> None:
        with self._cond:
            current = self._current
            if current is not None and current.msg_id == event.msg_id:
                if event.kind == "begin":
                    current.begun = True
                elif event.kind in ("end", "cancel"):
                    self._current = None
                    self._cond.notify()
            elif event.kind in ("end", "cancel") and current is not None and current.msg_id is None:
                self._finished.add(event.msg_id)  # its id is on its way to the worker

    def _gone(self) -> None:
        if not self._stopping:
            self._error = self.detail = "speech-dispatcher closed the connection"
        with self._cond:
            self._cond.notify()


def build_dispatcher(
    lang: str,
    rate: int,
    timeout: float = 2.0,
    *,
    address: Address | None = None,
    autospawn: bool = False,
    hang_timeout: float = HANG_TIMEOUT,
) -> tuple[DispatcherSpeaker | None, str]:
    """A connected speaker, or None and why not. Blocks at most about ``timeout``
    (twice with ``autospawn``: the spawn, then the connection)."""
    speaker = DispatcherSpeaker(
        lang,
        rate,
        address=address,
        autospawn=autospawn,
        timeout=timeout,
        hang_timeout=hang_timeout,
    )
    limit = timeout * (3 if autospawn else 2)
    if speaker.ready.wait(limit) and not speaker.failed:
        return speaker, ""
    reason = speaker.detail or "speech-dispatcher did not answer in time"
    speaker.close()
    return None, reason
