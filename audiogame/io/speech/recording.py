"""The recording backend: keeps a transcript, for tests and benchmarks.

By default a transcript is heard at once (``unfinished`` is 0), so nothing
waits for it; a ``timed`` one cannot tell, as a screen reader cannot, and the
announcer's words-per-minute model says when each line has been heard
(tests of pacing by speech).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field


@dataclass
class Spoken:
    text: str
    interrupt: bool
    at: float  # perf_counter() when the speaker received it


@dataclass
class RecordingSpeaker:
    name: str = "recording"
    spoken: list[Spoken] = field(default_factory=list)
    brailled: list[str] = field(default_factory=list)
    silenced: int = 0
    #: how many lines had been spoken at each silence (a line after it was not cut by it)
    silences: list[int] = field(default_factory=list)
    #: lines take the time the listening model gives them (see the module)
    timed: bool = False
    #: an interrupting line cuts the lines before it, as a voice's does
    cuts_speech: bool = True

    def speak(self, text: str, interrupt: bool = False) -> None:
        self.spoken.append(Spoken(text, interrupt, time.perf_counter()))

    def silence(self) -> None:
        self.silenced += 1
        self.silences.append(len(self.spoken))

    def braille(self, text: str) -> None:
        self.brailled.append(text)

    def update(self) -> None:
        pass

    def unfinished(self) -> int | None:
        return None if self.timed else 0

    def close(self) -> None:
        pass

    @property
    def transcript(self) -> list[str]:
        return [s.text for s in self.spoken]

    def clear(self) -> None:
        self.spoken.clear()
        self.silences.clear()
        self.brailled.clear()
