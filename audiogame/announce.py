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
from dataclasses import replace
from typing import Any, Protocol

from audiogame.history import History
from audiogame.io.speech.base import Speaker
from audiogame.language.localizer import Localizer, strip_invisible
from audiogame.narration import SYSTEM, Join, Message, Phrase


class CuePlayer(Protocol):
    def play(self, cue: str, pan: float = 0.0, volume: float = 1.0) -> None: ...


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


Localize = Callable[..., str]


class Words:
    """The localizer, remembering words with plain arguments (tiles, symbols, sides).

    A hand of twelve tiles or a landing of a dozen dice is read often, and
    Fluent formatting is the costly part of narration.
    """

    def __init__(self, localizer: Any) -> None:
        self.localizer = localizer
        self._known: dict[tuple[str, str, tuple[tuple[str, Any], ...]], str] = {}

    def __call__(self, msg_id: str, **args: Any) -> str:
        if any(not isinstance(v, int | str) for v in args.values()):
            return self.localizer(msg_id, **args)
        key = (self.localizer.lang, msg_id, tuple(sorted(args.items())))
        word = self._known.get(key)
        if word is None:
            word = self._known[key] = self.localizer(msg_id, **args)
        return word


def resolve_value(value: Any, t: Localize) -> Any:
    if isinstance(value, Phrase):
        return t(value.msg_id, **resolve_args(value.args, t))
    if isinstance(value, Join):
        return value.separator.join(str(resolve_value(part, t)) for part in value.parts)
    return value


def resolve_args(args: Mapping[str, Any], t: Localize) -> dict[str, Any]:
    return {name: resolve_value(value, t) for name, value in args.items()}


def resolve(message: Message, t: Localize) -> Message:
    """The same message with every ``Phrase``/``Join`` argument turned into text."""
    if not any(isinstance(v, Phrase | Join) for v in message.args.values()):
        return message
    return replace(message, args=resolve_args(message.args, t))
