"""What the fuzzer puts around the real app to see what a player would get.

``Tap`` and ``CountedCues`` stand in front of the speaker and the mixer and
count what passes (everything goes on to the real parts); ``ErrorLog`` keeps
every ERROR record (the app logs the scene exceptions it swallows);
``BrokenReader`` is a fake accessible-output object that raises or hangs on
demand, under the real screen reader backend.
"""

from __future__ import annotations

import logging
import threading
import traceback
from collections.abc import Callable
from typing import Any

from audiogame.announce import CuePlayer
from audiogame.io.speech.base import Speaker


class Tap:
    """Stands in front of the app's speaker and counts what it was asked to say.

    Only the ``Speaker`` calls and the settings the app forwards pass through:
    no ``switch_to``, so choosing a speech backend in the options never builds
    a real screen reader here (the app then just records the choice).
    """

    def __init__(self, inner: Speaker) -> None:
        self.inner = inner
        self.said = 0

    @property
    def name(self) -> str:
        return self.inner.name

    def speak(self, text: str, interrupt: bool = False) -> None:
        if text.strip():
            self.said += 1
        self.inner.speak(text, interrupt)

    def silence(self) -> None:
        self.inner.silence()

    def braille(self, text: str) -> None:
        self.inner.braille(text)

    def update(self) -> None:
        self.inner.update()

    @property
    def cuts_speech(self) -> bool:
        return bool(getattr(self.inner, "cuts_speech", False))

    def unfinished(self) -> int | None:
        report = getattr(self.inner, "unfinished", None)
        return None if report is None else int(report())

    def close(self) -> None:
        self.inner.close()

    def set_language(self, lang: str) -> None:
        setter = getattr(self.inner, "set_language", None)
        if setter is not None:
            setter(lang)


class CountedCues:
    """Stands in front of the mixer for the announcer: counts the cues played."""

    def __init__(self, inner: CuePlayer) -> None:
        self.inner = inner
        self.played = 0

    def play(self, cue: str, pan: float = 0.0, volume: float = 1.0) -> None:
        self.played += 1
        self.inner.play(cue, pan, volume)


class ErrorLog(logging.Handler):
    """Every ERROR record anywhere: the app logs the scene exceptions it swallows."""

    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        if record.exc_info:
            text += "\n" + "".join(traceback.format_exception(*record.exc_info))
        self.records.append(text)

    def take(self) -> list[str]:
        taken, self.records = self.records, []
        return taken


class KeyWatch:
    """A key listener: was each key of a frame answered (words, cue, message)?

    ``heard()`` counts everything the player got so far; a key is answered when
    it grew between this key and the one before. What the frame queued (spoken
    at its end) answers every key of the frame: within one frame (a key-repeat
    burst) the player cannot tell which key it answered.
    """

    def __init__(self, heard: Callable[[], int], where: Callable[[], str]) -> None:
        self.heard = heard
        self.where = where
        self.answers: list[bool] = []
        self.silent_in: list[str] = []
        self._mark = heard()

    def __call__(self, _key: Any, _handled: bool) -> None:
        now = self.heard()
        self.answers.append(now > self._mark)
        if now == self._mark:
            self.silent_in.append(self.where())
        self._mark = now

    def frame_ended(self) -> None:
        if self.heard() > self._mark:
            self.answers = [True] * len(self.answers)
            self.silent_in.clear()

    @property
    def answered(self) -> int:
        return sum(self.answers)


class BrokenReader:
    """A fake accessible-output object: speaks, until told to raise or hang."""

    name = "FuzzReader"

    def __init__(self) -> None:
        self.mode = "ok"
        self.release = threading.Event()
        self.broke_on: str | None = None

    def speak(self, text: str, interrupt: bool = False) -> None:
        if self.mode == "ok":
            return
        if self.broke_on is None:
            self.broke_on = text
        if self.mode == "raise":
            raise OSError("the screen reader went away")
        self.release.wait()

    def braille(self, text: str) -> None:
        pass

    def silence(self) -> None:
        pass
