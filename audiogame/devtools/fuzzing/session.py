"""One fuzzing session: a fresh ``Harness`` (the real app) with the probes around it.

``open_session`` builds the app with the recording speaker, or, for a speech
fault, with a ``SpeechChain`` whose first backend is the real screen reader
backend over a ``BrokenReader`` and whose second is a ``RecordingSpeaker``;
then puts the counting probes in front of the speaker and the mixer.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from audiogame.app.loop import App
from audiogame.cli import wire_faults
from audiogame.devtools.fuzzing.probes import BrokenReader, CountedCues, Tap
from audiogame.devtools.harness import Harness
from audiogame.io.speech.base import Speaker
from audiogame.io.speech.chain import SpeechChain
from audiogame.io.speech.recording import RecordingSpeaker
from audiogame.io.speech.screenreader import build_screen_reader


@dataclass
class Session:
    harness: Harness
    tap: Tap
    cues: CountedCues
    reader: BrokenReader | None = None
    backup: RecordingSpeaker | None = None
    fault: str = ""  # the fault injected and not yet checked
    keys: int = 0
    #: messages the player's verbosity turned off: answers all the same
    muted: int = 0

    @property
    def app(self) -> App:
        return self.harness.app

    def heard(self) -> int:
        """Everything the player got so far: words, cues, messages (even muted ones)."""
        return self.tap.said + self.cues.played + self.app.history.version + self.muted


def open_session(tmp: Path, lang: str, seed: int, speech_fault: bool = False) -> Session:
    h = Harness(tmp, lang=lang, seed=seed)
    reader = backup = None
    inner: Speaker = h.speaker
    if speech_fault:
        reader = BrokenReader()
        screen = build_screen_reader(timeout=2.0, factory=lambda: reader)
        backup = RecordingSpeaker()
        inner = SpeechChain([s for s in (screen, backup) if s is not None])
        wire_faults(h.app, h.audio, inner)
        h.app.speech_active = inner.active_name
    tap = Tap(inner)
    cues = CountedCues(h.app.announcer.cues)
    h.app.speaker = h.app.announcer.speaker = tap
    h.app.announcer.cues = cues
    session = Session(h, tap, cues, reader, backup)
    chosen = h.app.announcer.verbosity

    def verbosity(kind: str) -> str:
        level = chosen(kind)
        if level == "off":
            session.muted += 1  # an answer the player chose not to hear
        return level

    h.app.announcer.verbosity = verbosity
    return session
