"""The one road from "something happened" to the player's ears.

Scenes and narrators hand the announcer message ids (with arguments), a kind
and a cue. It localizes, applies the player's verbosity for that kind, plays
the cue at once (sound is faster than words), and speaks:

- answers to the player's own commands interrupt (``say``);
- game events queue (``post``) and are joined into one utterance at the end of
  the frame, so a bot's next move never cuts off the previous one.

Everything spoken also goes to the history.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from audiogame.history import History
from audiogame.i18n import Localizer, strip_invisible
from audiogame.speech.base import Speaker

SYSTEM = "system"  # a kind the verbosity options never silence


class CuePlayer(Protocol):
    def play(self, cue: str, pan: float = 0.0, volume: float = 1.0) -> None: ...


@dataclass(frozen=True)
class Message:
    """One thing to tell the player: what narrators produce from an event."""

    msg_id: str
    args: Mapping[str, Any] = field(default_factory=dict)
    kind: str = SYSTEM
    cue: str | None = None
    pan: float = 0.0
    interrupt: bool = False
    #: the cue's loudness (others' sounds are softer than the player's own)
    volume: float = 1.0


class Announcer:
    def __init__(
        self,
        speaker: Speaker,
        cues: CuePlayer,
        localizer: Localizer,
        verbosity: Callable[[str], str],
        history: History | None = None,
    ) -> None:
        self.speaker = speaker
        self.cues = cues
        self.t = localizer
        self.verbosity = verbosity
        self.history = history if history is not None else History()
        self._queued: list[str] = []
        #: the last cues played, newest last: what a listener heard besides words
        self.cue_log: deque[tuple[str, float]] = deque(maxlen=200)

    # -- the player's own commands -------------------------------------------------
    def say(self, msg_id: str, *, cue: str | None = None, pan: float = 0.0, **args: Any) -> None:
        """Answer a command: interrupts whatever is being said."""
        self.deliver(Message(msg_id, args, cue=cue, pan=pan, interrupt=True))

    def say_text(self, text: str, *, interrupt: bool = True, record: bool = True) -> None:
        """Speak text that is already localized (history reading, documents)."""
        text = strip_invisible(text)
        if record:
            self.history.add(text)
        # what events queued this frame is not dropped: it follows the answer
        self.speaker.speak(text, interrupt=interrupt)
        self.speaker.braille(text)

    def post_system(self, msg_id: str, *, cue: str | None = None, **args: Any) -> None:
        """A notice that queues like a game event but is never silenced by verbosity."""
        self.deliver(Message(msg_id, args, cue=cue))

    def cue(self, name: str, pan: float = 0.0, volume: float = 1.0) -> None:
        self.cue_log.append((name, pan))
        self.cues.play(name, pan, volume)

    # -- game events -----------------------------------------------------------------
    def post(self, message: Message) -> None:
        self.deliver(message)

    def deliver(self, message: Message) -> None:
        level = "speak" if message.kind == SYSTEM else self.verbosity(message.kind)
        if message.cue and level != "off":
            self.cue(message.cue, message.pan, message.volume)
        text = self.t(message.msg_id, **message.args) if message.msg_id else ""
        if not text:
            return
        self.history.add(text)
        if level != "speak":
            return
        if message.interrupt:
            self.speaker.speak(text, interrupt=True)
            self.speaker.braille(text)
        else:
            self._queued.append(text)

    def flush(self) -> None:
        """Speak what game events queued during this frame, as one utterance."""
        if not self._queued:
            return
        text = " ".join(self._queued)
        self._queued.clear()
        self.speaker.speak(text, interrupt=False)
        self.speaker.braille(text)

    def silence(self) -> None:
        self._queued.clear()
        self.speaker.silence()
