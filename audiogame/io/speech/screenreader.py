"""The screen reader backend (accessible-output2), kept off the game loop.

accessible-output2 can hang: on Linux its speech-dispatcher client may wait for
ever on a daemon that has no audio, and any screen reader can stall or vanish
mid-game. So one daemon worker thread builds the output *and* makes every call
on it (COM objects and their DLLs belong to the thread that made them); the
loop only queues requests. A call stuck for more than ``hang_timeout`` (0.8 s,
so that with a frame or two of polling the game has moved to another backend
within a second) marks the speaker ``failed``, and the messages it never
delivered can be taken back (``take_lost``) and said by another backend.
"""

from __future__ import annotations

import contextlib
import importlib.util
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

OutputFactory = Callable[[], object]

#: seconds a call may run before the screen reader counts as hung: with a frame or two
#: of polling, the game speaks through another backend within a second
#: (benchmarks/speech_fallback.py measures it)
HANG_TIMEOUT = 0.8


@dataclass(frozen=True)
class _Request:
    kind: str  # "speak", "braille" or "silence"
    text: str = ""
    interrupt: bool = False


class ScreenReaderSpeaker:
    """A ``Speaker`` over an accessible-output2 style object (``speak``/``braille``)."""

    name = "screenreader"
    #: an interrupting message cuts what the screen reader was saying
    cuts_speech = True

    def __init__(
        self, factory: OutputFactory | None = None, hang_timeout: float = HANG_TIMEOUT
    ) -> None:
        self.detail = ""  # which screen reader, e.g. "NVDA"; or why it failed
        #: why it could not start: "missing" (none running), "silent" (one answers
        #: but does not speak) or "failed" (see ``chain.Skipped``)
        self.reason = ""
        self._factory = factory or auto_output
        self._hang_timeout = hang_timeout
        self._cond = threading.Condition()
        # The head stays queued while the worker runs it, so a hung call is not lost.
        self._requests: deque[_Request] = deque()
        self._busy_since: float | None = None
        # The request the worker took and has not finished: it stays owed until the
        # reader returns from it, even once the call has raised (see ``_drop_waiting``).
        self._started: _Request | None = None
        self._error = ""
        self._stopping = False
        self.ready = threading.Event()  # set once the output is built (or failed)
        self._thread = threading.Thread(target=self._run, name="screenreader", daemon=True)
        self._thread.start()

    # -- the Speaker interface (main thread) ---------------------------------

    def speak(self, text: str, interrupt: bool = False) -> None:
        self._check()
        with self._cond:
            if interrupt:
                self._drop_waiting()
            self._requests.append(_Request("speak", text, interrupt))
            self._cond.notify()

    def silence(self) -> None:
        self._check()
        with self._cond:
            self._drop_waiting()
            self._requests.append(_Request("silence"))
            self._cond.notify()

    def braille(self, text: str) -> None:
        self._check()
        with self._cond:
            self._requests.append(_Request("braille", text))
            self._cond.notify()

    def update(self) -> None:
        """Nothing to pump: ``failed`` is read by whoever holds this speaker."""

    def close(self) -> None:
        # No join: a worker stuck inside the screen reader cannot be freed, and it
        # is a daemon thread, so it dies with the process.
        with self._cond:
            self._stopping = True
            self._requests.clear()
            self._cond.notify()

    # -- health ------------------------------------------------------------------

    @property
    def failed(self) -> bool:
        """True once a call raised, the screen reader went away, or a call hangs."""
        if self._error:
            return True
        since = self._busy_since
        return since is not None and time.monotonic() - since > self._hang_timeout

    def take_lost(self) -> list[tuple[str, bool]]:
        """Messages queued or stuck and never confirmed said."""
        with self._cond:
            lost = [(r.text, r.interrupt) for r in self._requests if r.kind == "speak"]
            self._requests.clear()
        return lost

    def _check(self) -> None:
        if self.failed:
            raise RuntimeError(f"screen reader failed: {self.detail}")

    def _drop_waiting(self) -> None:
        """Forget queued requests, keeping the one the worker took and never finished:
        running, hung, or broken by the call that raised (an interrupting message can come
        after the loop's ``_check`` passed and before the worker's failure is seen)."""
        head = self._requests[0] if self._requests else None
        if head is not None and head is not self._started:
            head = None
        self._requests.clear()
        if head is not None:
            self._requests.append(head)

    # -- the worker thread -----------------------------------------------------

    def _run(self) -> None:
        try:
            output = self._factory()
            self.detail = output_name(output)
        except Exception as exc:
            self.reason = getattr(exc, "reason", "failed")
            self._error = self.detail = f"{type(exc).__name__}: {exc}"
            self.ready.set()
            return
        self.ready.set()
        while (request := self._next_request()) is not None:
            try:
                _perform(output, request)
            except Exception as exc:
                with self._cond:  # the request stays queued and started: never said
                    self._error = self.detail = f"{type(exc).__name__}: {exc}"
                    self._busy_since = None
                return
            with self._cond:
                self._busy_since = None
                self._started = None
                if self._requests and self._requests[0] is request:
                    self._requests.popleft()

    def _next_request(self) -> _Request | None:
        with self._cond:
            while not self._requests and not self._stopping:
                self._cond.wait()
            if self._stopping:
                return None
            self._busy_since = time.monotonic()
            self._started = self._requests[0]
            return self._started


class ScreenReaderGone(RuntimeError):
    """No screen reader is running (or the one that was is no longer there)."""

    reason = "missing"


def _active(output: object) -> object:
    """The output that will really speak: accessible-output2's ``Auto`` picks the
    first running one. A system voice (SAPI5, which it falls back to when no
    screen reader runs) is not a screen reader: our own self-voicing does that
    job better (rate, volume, cut at once), so it counts as none."""
    pick = getattr(output, "get_first_available_output", None)
    chosen = output if pick is None else pick()
    if chosen is None or _is_system_voice(chosen):
        raise ScreenReaderGone("no screen reader is running")
    return chosen


def _is_system_voice(output: object) -> bool:
    check = getattr(output, "is_system_output", None)
    try:
        return bool(check()) if check is not None else False
    except Exception:
        return False


def _perform(output: object, request: _Request) -> None:
    # Asked anew each time: the screen reader may have quit (raises) since the last call.
    active: Any = _active(output)
    if request.kind == "speak":
        active.speak(request.text, interrupt=request.interrupt)
    elif request.kind == "braille":
        active.braille(request.text)
    elif hasattr(active, "silence"):
        active.silence()
    else:
        active.speak("", interrupt=True)


def output_name(output: object) -> str:
    """A readable name of the output that will speak, e.g. "NVDA"."""
    active = _active(output)
    return str(getattr(active, "name", type(active).__name__))


def auto_output() -> object:
    """accessible-output2's screen readers, each built on its own, NVDA believed only when
    it runs (``outputs``) — may block for ever: call it in a worker."""
    if sys.platform == "win32":
        with contextlib.suppress(Exception):
            import pythoncom  # type: ignore[import-not-found]

            pythoncom.CoInitialize()  # COM screen readers (JAWS, SAPI) in this thread
    if sys.platform.startswith("linux") and not any(map(_importable, _LINUX_BINDINGS)):
        # Its Linux outputs need these distro bindings; without them Auto() would only
        # print install hints and find nothing.
        raise ScreenReaderGone("no speech-dispatcher or espeak Python bindings")
    import accessible_output2

    from audiogame.io.speech.outputs import (
        SilentScreenReader,
        build_outputs,
        drop_silent_nvda,
        running_processes,
    )

    outputs = build_outputs(accessible_output2.get_output_classes())
    silent = drop_silent_nvda(outputs, running_processes)
    if silent and not _speaks(outputs):
        raise SilentScreenReader(silent)
    return outputs


def _speaks(outputs: object) -> bool:
    """Whether a screen reader (not a system voice) would speak."""
    try:
        _active(outputs)
    except ScreenReaderGone:
        return False
    return True


#: The modules accessible-output2's Linux outputs import (speech_dispatcher, e_speak).
_LINUX_BINDINGS = ("speechd", "espeak")


def _importable(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def build_screen_reader(
    timeout: float = 2.0,
    factory: OutputFactory | None = None,
    *,
    hang_timeout: float = HANG_TIMEOUT,
) -> ScreenReaderSpeaker | None:
    """A screen reader speaker, or None when none is running, building raises, or
    it takes longer than ``timeout`` (the stuck worker is a daemon and is left).

    Blocks the caller for at most ``timeout`` seconds.
    """
    speaker = ScreenReaderSpeaker(factory, hang_timeout)
    if speaker.ready.wait(timeout) and not speaker.failed:
        return speaker
    speaker.close()
    return None
