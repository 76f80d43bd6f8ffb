"""When the player will have heard what was said: the backend's word, or a model.

A turn-based table waits for the player's ears (the next bot move only after
the last event was heard), and an answer to a key must not lose the game
events it cut. Both need to know which utterances are still unheard:

- the built-in voice knows (``unfinished()``: the utterances it has queued or
  is playing), and so does a recording speaker that is not timed (0: a
  transcript is read at once);
- a screen reader or the text backend cannot tell (``None``), so a
  words-per-minute model stands in: each utterance takes its words at the
  player's speech rate plus a short pause at each sentence's end, one after
  the other, and an interrupting one cuts those before it where the backend
  says it cuts (``cuts_speech``: the voice, a screen reader); text printed on
  a terminal stays there to be read, so an answer is read after it.

Game time waits for what ``holds``: every game event, and an answer until the
player's next key (``key_pressed``: a key shows they moved on from the answers
before it; on a terminal, whose text is never cut, the model stops reading
them there, as a screen reader stops at a key) — but not the same answer again: a key pressed
over and over ("It is not your turn.") tells the player nothing new, and
holding the game for each repeat kept the bots still for as long as the
player kept pressing.

``Listening`` keeps the last utterances handed to the speaker, oldest first,
with whether each was a game event (queued) or an answer.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from audiogame.core.clock import Clock

#: seconds a voice takes to start an utterance (the model's fixed cost); with the pause
#: below, eSpeak NG's real durations are met within a few percent, a little over
START = 0.1
#: seconds of pause at the end of a sentence or a clause (full stop, colon, semicolon)
SENTENCE_PAUSE = 0.1
#: how many past utterances are kept (far more than can be unheard at once)
KEPT = 64

_SENTENCE_ENDS = re.compile(r"[.!?;:](?:\s|$)")


class Reporting(Protocol):
    """A backend that may know how many of its last utterances are not yet heard."""

    def unfinished(self) -> int | None: ...


def speaking_time(text: str, wpm: int) -> float:
    """Seconds a voice at ``wpm`` words per minute takes to say ``text`` (the model)."""
    words = len(text.split())
    if not words:
        return 0.0
    pauses = len(_SENTENCE_ENDS.findall(text))
    return START + words * 60.0 / max(wpm, 1) + pauses * SENTENCE_PAUSE


@dataclass
class Utterance:
    text: str
    #: a game event (queued), as against an answer to a key
    event: bool
    #: when the model says it will have been heard (the clock's time)
    end: float
    #: whether game time waits for it (not for an answer said again)
    holds: bool = True
    #: game events said again after an answer cut them (the player's question did)
    repeat: bool = False


class Listening:
    def __init__(self, speaker: object, clock: Clock, wpm: Callable[[], int]) -> None:
        self.speaker = speaker
        self.clock = clock
        self.wpm = wpm
        self._said: deque[Utterance] = deque(maxlen=KEPT)

    @property
    def cuts(self) -> bool:
        """Whether an interrupting utterance cuts those before it on this backend: the
        voice, a screen reader and a recording say so (``cuts_speech``); text printed
        on a terminal, or a backend that does not say, cuts nothing."""
        return bool(getattr(self.speaker, "cuts_speech", False))

    def said(self, text: str, *, event: bool, interrupt: bool, repeat: bool = False) -> None:
        """``text`` was handed to the speaker (``interrupt``: cutting what came before;
        ``repeat``: events an answer cut, said again)."""
        now = self.clock.now()
        answers = [u for u in self._said if not u.event]
        again = not event and bool(answers) and answers[-1].text == text
        if interrupt and self.cuts:
            self.cut()
        start = max([now, *(u.end for u in self._said)])
        end = start + speaking_time(text, self.wpm())
        self._said.append(Utterance(text, event, end, holds=not again, repeat=repeat))

    def key_pressed(self) -> None:
        """The player pressed a key: they moved on from the answers before it (the
        events keep their time; on the voice and a screen reader the key's own answer
        cuts them all)."""
        now = self.clock.now()
        for utterance in self._said:
            if not utterance.event:
                utterance.end = min(utterance.end, now)

    def cut(self) -> None:
        """Everything said so far stops here (an interruption, or silence)."""
        now = self.clock.now()
        for utterance in self._said:
            utterance.end = min(utterance.end, now)

    def unfinished(self) -> list[Utterance]:
        """The utterances not yet heard to their end, oldest first."""
        report = getattr(self.speaker, "unfinished", None)
        count = report() if report is not None else None
        if count is None:
            now = self.clock.now()
            return [u for u in self._said if u.end > now]
        count = min(count, len(self._said))
        return list(self._said)[len(self._said) - count :] if count else []

    @property
    def news(self) -> bool:
        """A game event that game time waits for has not been heard to its end yet
        (answers to the player's keys apart, and the events they cut, said again)."""
        return any(u.holds and u.event and not u.repeat for u in self.unfinished())

    @property
    def speaking(self) -> bool:
        """Something said that game time waits for has not been heard to its end yet."""
        return any(u.holds for u in self.unfinished())
