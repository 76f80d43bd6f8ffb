"""The one road from "something happened" to the player's ears: the one speech queue.

Scenes and narrators hand the announcer ``Message`` values (message ids with
arguments, a kind and a cue). It resolves ``Phrase``/``Join`` arguments in the
player's language, applies the player's verbosity for the kind (never to the
player's own moves, kind ``OWN``, nor to notices, ``SYSTEM``), plays the cue
at once (sound is faster than words), and speaks:

- answers to the player's own commands interrupt (``say``, or a message with
  ``interrupt``); the game events an answer cut, heard only in part or not at
  all, are said again after it (unless the player chose to drop them);
- the player's own move at a turn-based table (``moved_on``) makes what was said
  before it stale: it stops there, what an answer cut is not said again, and none
  of it holds the game any longer (the player acted on it: a fast player is not
  made to wait for words the move answered); the move's own words follow at once;
- game events queue (``post``) and are joined into one utterance at the end of
  the frame, so a bot's next move never cuts off the previous one, and an answer
  given in the same frame never silences them: they follow it. One utterance holds
  whole messages up to ``UTTERANCE_WORDS`` words (a message a player must hear in
  full stays within about 25, spec/interface.md); what a frame brings beyond that
  (a move, the manche's end and the match's, all at once) follows as the next;
- a ``Later`` message waits its ``delay`` on the app's scheduler, then takes the
  same road (a train of dice sounds stays recognisable);
- other players' sounds alone (no words, kind "others") are softer than the
  player's own, and the same one from the same place twice within ``OTHERS_GAP`` is
  played once: with five bots throwing, a second identical sound would only blur the
  first. The same sound from another place is kept: where it comes from is the news.

Braille follows its own setting per kind (``in_braille``), whatever the speech
does: what one frame brought (the answer to a key first, then the frame's events)
is shown as one line, so an event never wipes the answer off the display; the
next frame's line replaces it (the history keeps everything).

Everything spoken also goes to the history. ``speaking`` says whether the player
is still hearing something (``listening.Listening``: the backend's word, or a
words-per-minute model): a turn-based table's time waits for it.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Callable
from typing import Any, Protocol

from audiogame.core.clock import Clock, Handle, RealClock, Scheduler
from audiogame.core.narration import ALWAYS_SPOKEN, Later, Message, resolve
from audiogame.cue_words import cue_word
from audiogame.history import History
from audiogame.io.speech.base import Speaker
from audiogame.language.localizer import Localizer, capital_first, strip_invisible
from audiogame.listening import Listening

#: the verbosity kind of other players' moves
OTHERS = "others"
#: the loudness of other players' sounds, relative to the player's own
OTHERS_VOLUME = 0.55
#: seconds within which the same sound of other players is played only once
OTHERS_GAP = 0.25
#: the listener's words per minute when nobody says (the model's)
DEFAULT_RATE = 300
#: the most words of game events joined into one utterance
UTTERANCE_WORDS = 25


class CuePlayer(Protocol):
    def play(self, cue: str, pan: float = 0.0, volume: float = 1.0) -> None: ...


Localize = Callable[..., str]


class Words:
    """The localizer, remembering words with plain arguments (tiles, symbols, sides).

    A hand of twelve tiles or a landing of a dozen dice is read often, and
    Fluent formatting is the costly part of narration.
    """

    def __init__(self, localizer: Localizer) -> None:
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


class Announcer:
    def __init__(
        self,
        speaker: Speaker,
        cues: CuePlayer,
        localizer: Localizer,
        verbosity: Callable[[str], str],
        history: History | None = None,
        scheduler: Scheduler | None = None,
        *,
        rate: Callable[[], int] = lambda: DEFAULT_RATE,
        repeat_cut: Callable[[], bool] = lambda: True,
        audible: Callable[[], bool] = lambda: True,
        in_braille: Callable[[str], bool] = lambda kind: True,
    ) -> None:
        self.speaker = speaker
        self.cues = cues
        self.t = localizer
        #: the localizer with a memory: every message's words are resolved through it
        self.words = Words(localizer)
        self.verbosity = verbosity
        self.history = history if history is not None else History()
        #: where ``Later`` messages wait (None: they are delivered at once)
        self.scheduler = scheduler
        self.clock: Clock = scheduler.clock if scheduler is not None else RealClock()
        #: what the player has heard so far (the model runs at the player's speech rate)
        self.listening = Listening(speaker, self.clock, rate)
        #: whether game events an answer cut are said again after it
        self.repeat_cut = repeat_cut
        #: whether a kind of message is shown on the braille display
        self.in_braille = in_braille
        self._queued: list[str] = []
        #: how many of ``_queued``'s first entries are events an answer cut, said again
        self._repeated = 0
        #: this frame's line on the braille display so far, and its events still to add
        self._braille_line: list[str] = []
        self._braille_events: list[str] = []
        #: ``Later`` messages waiting, with who posted them (see ``drop_later``)
        self._later: dict[int, tuple[object | None, Handle]] = {}
        self._later_ids = itertools.count()
        #: when each of the other players' sounds was last played
        self._others_heard: dict[tuple[str, float], float] = {}
        #: the last cues played, newest last: what a listener heard besides words
        self.cue_log: deque[tuple[str, float]] = deque(maxlen=200)
        #: whether cues can be heard now (a sound device, a volume above zero)
        self.audible = audible
        #: words said, queued or waiting so far, and the last cue played (see ``answer_mark``)
        self._worded = 0
        self._cued: str | None = None

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
        self.speak(text, interrupt=interrupt, event=False)

    def post_system(self, msg_id: str, *, cue: str | None = None, **args: Any) -> None:
        """A notice that queues like a game event but is never silenced by verbosity."""
        self.deliver(Message(msg_id, args, cue=cue))

    def cue(self, name: str, pan: float = 0.0, volume: float = 1.0) -> None:
        self.cue_log.append((name, pan))
        self._cued = name
        self.cues.play(name, pan, volume)

    def at_edge(self, text: str) -> str:
        """``text`` said again at a list's edge (the guide's end, the history's first
        message): the edge's bump tells it, or without sounds its word before it, as
        the same words alone read as if the key had moved on."""
        if self.audible():
            return text
        return f"{self.t(cue_word('menu_edge'))} {text}"

    def answer_mark(self) -> int:
        """Where things stand before a key is handled (see ``word_unheard_cue``); the
        answers said before the key no longer hold the game (``Listening.key_pressed``)."""
        self._cued = None
        self.listening.key_pressed()
        return self._worded

    def word_unheard_cue(self, mark: int) -> None:
        """After a key: when its answer was a cue alone and cues cannot be heard,
        a short word in its place, so the key is never answered by silence."""
        if self._worded != mark or not self._cued or self.audible():
            return
        self.say(cue_word(self._cued))

    # -- game events -----------------------------------------------------------------
    def post(self, message: Message, owner: object | None = None) -> None:
        """A game event: now, or after its delay when it is a ``Later``.

        ``owner`` (usually the scene that posted it) lets ``drop_later`` forget
        the delayed messages of a scene that has gone.
        """
        delay = message.delay if isinstance(message, Later) else 0.0
        if delay > 0 and self.scheduler is not None:
            key = next(self._later_ids)
            handle = self.scheduler.call_later(delay, self._deliver_later, key, message)
            self._later[key] = (owner, handle)
            if message.msg_id:
                self._worded += 1  # words are coming: the cue before them is not alone
            return
        self.deliver(message)

    def _deliver_later(self, key: int, message: Message) -> None:
        del self._later[key]
        self.deliver(message)

    def drop_later(self, owner: object | None = None) -> None:
        """Forget the delayed messages ``owner`` posted (every one when ``owner`` is None)."""
        for key, (who, handle) in list(self._later.items()):
            if owner is None or who is owner:
                handle.cancel()
                del self._later[key]

    def deliver(self, message: Message) -> None:
        """The message at once, whatever its delay: cue, history, speech or the queue."""
        level = "speak" if message.kind in ALWAYS_SPOKEN else self.verbosity(message.kind)
        if message.cue and level != "off":
            if not message.msg_id and message.kind == OTHERS:
                self.others_cue(message.cue, message.pan, message.volume)
            else:
                self.cue(message.cue, message.pan, message.volume)
        if not message.msg_id:
            return
        # the words inside (tiles, symbols, names) come from the cache; the sentence
        # around them is formatted afresh, so the cache stays as small as the vocabulary
        text = capital_first(self.t(message.msg_id, **resolve(message, self.words).args))
        if not text:
            return
        self.history.add(text, message.kind)  # even when silenced: the history keeps it
        braille = self.in_braille(message.kind)
        if level != "speak":
            if braille:  # the player's braille setting is their own, apart from speech
                self._braille_events.append(text)
            return
        self._worded += 1
        if message.interrupt:
            self.speak(text, interrupt=True, event=False, braille=braille)
        else:
            self._queued.append(text)
            if braille:
                self._braille_events.append(text)

    def others_cue(self, name: str, pan: float, volume: float = 1.0) -> None:
        """Another player's sound: softer than mine, and once within ``OTHERS_GAP``
        from one place (two seats' dice landing left and right are both heard)."""
        now = self.now()
        where = (name, round(pan, 2))
        last = self._others_heard.get(where)
        if last is not None and now - last < OTHERS_GAP:
            return
        self._others_heard[where] = now
        self.cue(name, pan, min(volume, OTHERS_VOLUME))

    def now(self) -> float:
        return self.clock.now()

    def flush(self) -> None:
        """Speak what game events queued during this frame, as one utterance, and end
        the frame's braille line with the events it shows."""
        if self._queued:
            # what an answer cut, said again, apart: on the player's turn it is their time
            repeated, fresh = self._queued[: self._repeated], self._queued[self._repeated :]
            self._queued.clear()
            self._repeated = 0
            for texts, again in ((repeated, True), (fresh, False)):
                for text in utterances(texts):
                    self.speak(text, interrupt=False, event=True, braille=False, again=again)
        if self._braille_events:
            self._braille_line += self._braille_events
            self._braille_events.clear()
            self.speaker.braille(" ".join(self._braille_line))
        self._braille_line.clear()

    def speak(
        self, text: str, *, interrupt: bool, event: bool, braille: bool = True, again: bool = False
    ) -> None:
        """Hand ``text`` to the speaker (and to the braille line unless ``braille`` is
        False); an interruption keeps the game events it cuts: they are said again
        after it, before this frame's own (unless the player chose to drop them)."""
        if interrupt and self.listening.cuts and self.repeat_cut():
            cut = [u.text for u in self.listening.unfinished() if u.event]
            self._queued[0:0] = cut
            self._repeated += len(cut)
        self.speaker.speak(text, interrupt=interrupt)
        if braille and text.strip():
            self._braille_line.append(text)
            self.speaker.braille(" ".join(self._braille_line))
        if text.strip():
            self._worded += 1
            self.listening.said(text, event=event, interrupt=interrupt, repeat=again)

    def moved_on(self) -> None:
        """The player's own move was taken at a turn-based table: what was said before
        it is stale. It stops (printed text stays printed), what an answer cut is not
        said again, and it holds the game no longer: a bot waits for the move's own
        words and its pace, not for a "your turn" the player has already answered."""
        del self._queued[: self._repeated]
        self._repeated = 0
        self.speaker.silence()
        self.listening.cut()

    @property
    def speaking(self) -> bool:
        """The player has not heard everything handed to the speaker yet."""
        return self.listening.speaking

    @property
    def hearing_news(self) -> bool:
        """The player has not heard the game's events to their end yet (answers to
        their own keys apart: while it is their turn, those are their own time)."""
        return self.listening.news

    def silence(self) -> None:
        """Ctrl: everything stops, nothing is said again."""
        self._queued.clear()
        self._repeated = 0
        self.speaker.silence()
        self.listening.cut()


def utterances(messages: list[str], most: int = UTTERANCE_WORDS) -> list[str]:
    """``messages`` joined, in order, into utterances of at most ``most`` words (a
    longer message alone in its own)."""
    joined: list[list[str]] = []
    count = 0
    for text in messages:
        words = len(text.split())
        if joined and count + words <= most:
            joined[-1].append(text)
            count += words
        else:
            joined.append([text])
            count = words
    return [" ".join(group) for group in joined]
