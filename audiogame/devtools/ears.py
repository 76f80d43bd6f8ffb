"""What a listener heard, and when: for checks and benchmarks of pacing by speech.

``Ears(harness)`` runs the harness frame by frame on its virtual clock and
notes each line the speaker was given with the time it was said; when the
player will have heard it to its end is worked out from the transcript alone
with the listening model (``listening.speaking_time`` at the player's rate):
a line starts when the one before it ends, an interrupting line (an answer)
cuts those before it, and so does a silence (Ctrl, or the player's own move
making what was said stale), a key ends the answers before it, and the same
answer again holds nothing. ``heard_by(t)`` is when everything said before ``t``
that holds the game was heard.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from audiogame.devtools.harness import FRAME, Harness
from audiogame.listening import speaking_time


@dataclass
class Line:
    text: str
    said: float
    end: float
    #: an answer to a key (it interrupts), as against a game event
    answer: bool = False
    #: whether the game waits for it (the same answer again does not)
    holds: bool = True


class Ears:
    def __init__(self, h: Harness) -> None:
        self.h = h
        self.lines: list[Line] = []
        self.seen = 0
        self.silences = 0  # the speaker's silences looked at

    def look(self) -> None:
        """Note the lines said since the last look, at the clock's time now."""
        now = self.h.clock.now()
        rate = self.h.app.settings.voice_rate
        speaker = self.h.speaker
        silences = speaker.silences[self.silences :]
        self.silences = len(speaker.silences)
        for index, spoken in enumerate(speaker.spoken[self.seen :], self.seen):
            if any(at <= index for at in silences):
                silences = [at for at in silences if at > index]
                for line in self.lines:
                    line.end = min(line.end, now)
            answers = [line for line in self.lines if line.answer]
            repeat = spoken.interrupt and bool(answers) and answers[-1].text == spoken.text
            if spoken.interrupt:
                for line in self.lines:
                    line.end = min(line.end, now)
            start = max([now, *(line.end for line in self.lines[-1:])])
            end = start + speaking_time(spoken.text, rate)
            self.lines.append(Line(spoken.text, now, end, spoken.interrupt, not repeat))
        if silences:  # after the last line
            for line in self.lines:
                line.end = min(line.end, now)
        self.seen = len(speaker.spoken)

    def heard_by(self, when: float) -> float:
        """When everything said before ``when`` that holds the game was heard."""
        ends = (line.end for line in self.lines if line.said < when and line.holds)
        return max(ends, default=0.0)

    def step(self) -> None:
        """One frame, as ``Harness.advance`` runs them, then a look at what was said."""
        h = self.h
        now, due = h.clock.now(), h.app.scheduler.next_time()
        h.clock.set(now + (FRAME if due is None else max(1e-6, min(FRAME, due - now))))
        h.app.step()
        h.finish_idle()
        self.look()

    def run(self, seconds: float, until: Callable[[], bool] = lambda: False) -> None:
        end = self.h.clock.now() + seconds
        while self.h.clock.now() < end and not until():
            self.step()

    def press(self, key: str) -> str:
        now = self.h.clock.now()
        for line in self.lines:  # the player moved on from the answers before the key
            if line.answer:
                line.end = min(line.end, now)
        said = self.h.press(key)
        self.look()
        return said


def times_of(table: Any, names: tuple[str, ...], human: int | None = 0) -> list[float]:
    """The app times of the batches holding events of these kinds (by a bot's seat,
    unless ``human`` is None), as the table hears them."""
    times: list[float] = []

    def counts(event: Any) -> bool:
        return type(event).__name__ in names and (human is None or event.seat != human)

    def watch(batch: Any) -> None:
        if any(counts(e) for e in batch):
            times.append(table.app.clock.now())

    table.watchers.append(watch)
    return times
