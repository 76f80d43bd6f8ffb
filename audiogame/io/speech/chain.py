"""Choosing a speech backend, and falling back when it breaks mid-game.

``SpeechChain`` is itself a ``Speaker``: it holds the backends in order of
preference, talks to the first live one, and when that one raises or reports
``failed`` (a hung screen reader is noticed within its one-second watchdog, on
the next ``speak`` or ``update``), moves to the next, tells the app through
``on_fallback`` (the app announces it, localized) and says there whatever the
broken backend never delivered. Text is the last resort and cannot fail.

The screen reader is the player's own voice: on Linux speech-dispatcher (which
Orca, Fenrir and Speakup speak through: ``dispatcher``), elsewhere the running
screen reader through accessible-output2 (``screenreader``). Each backend that
could not start is kept in ``skipped`` with the reason, for the log, the Options
menu and the player (see ``Skipped``). Braille goes to ``display`` (BrlAPI, where
BRLTTY runs) when there is one, else to the active backend (NVDA's and JAWS's
own braille).
"""

from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from audiogame.io.speech.base import Speaker, SpeechSink
from audiogame.io.speech.screenreader import (
    OutputFactory,
    ScreenReaderSpeaker,
)
from audiogame.io.speech.selfvoice import build_self_voice
from audiogame.io.speech.text import TextSpeaker

log = logging.getLogger(__name__)

#: Backends in the order ``auto`` tries them; a named choice starts there.
ORDER = ("screenreader", "voice", "text")
CHOICES = ("auto", *ORDER)

# Bidi isolates and embeddings (Fluent wraps placeables in U+2068/U+2069),
# zero-width characters and the BOM: synthesizers spell some of them out.
_INVISIBLE = dict.fromkeys(
    [*range(0x200B, 0x2010), *range(0x202A, 0x202F), *range(0x2060, 0x2070), 0xFEFF]
)

FallbackCallback = Callable[[str, str], None]

#: why a backend is not the one speaking (each has a message, ``speech-skip-<reason>``)
REASONS = ("missing", "hung", "failed", "no-sound", "silent", "stopped")


@dataclass(frozen=True)
class Skipped:
    """A backend passed over: its id, why (one of ``REASONS``) and the details for
    the log ("no speech-dispatcher at unix_socket:/run/user/1000/...")."""

    name: str
    reason: str
    detail: str = ""


#: a backend, or None and why not
Built = tuple[Speaker | None, Skipped | None]
Builder = Callable[[str], Built]


class BrailleDisplay(Protocol):
    """Where braille goes when the system has its own display service (BrlAPI)."""

    def show(self, text: str) -> None: ...

    def close(self) -> None: ...


def clean_text(text: str) -> str:
    """``text`` without invisible formatting marks, trimmed."""
    return text.translate(_INVISIBLE).strip()


def _failed(speaker: Speaker) -> bool:
    return bool(getattr(speaker, "failed", False))


def _take_lost(speaker: Speaker) -> list[tuple[str, bool]]:
    take = getattr(speaker, "take_lost", None)
    return list(take()) if take is not None else []


class SpeechChain:
    """A ``Speaker`` delegating to the first working backend of ``candidates``.

    Called from the loop's thread only; the backends keep their own workers.
    Extra to ``Speaker``: ``active_name``, ``detail``, ``switch_to``,
    ``set_language``/``set_rate``/``set_volume`` (forwarded to the backends
    that have them) and the ``on_fallback(old_name, new_name)`` callback.
    """

    def __init__(
        self,
        candidates: Sequence[Speaker],
        *,
        on_fallback: FallbackCallback | None = None,
        builder: Builder | None = None,
        skipped: Sequence[Skipped] = (),
        display: BrailleDisplay | None = None,
    ) -> None:
        self.on_fallback = on_fallback
        self._builder = builder
        self._candidates: list[Speaker] = list(candidates) or [TextSpeaker()]
        self._index = 0
        self._settings: dict[str, object] = {}
        #: the backends passed over, in the order they were tried (see ``Skipped``)
        self.skipped: list[Skipped] = list(skipped)
        #: the braille display of the system's own service, when there is one
        self.display = display

    # -- the Speaker interface -----------------------------------------------

    @property
    def name(self) -> str:
        return self.active.name

    @property
    def active(self) -> Speaker:
        return self._candidates[self._index]

    @property
    def active_name(self) -> str:
        return self.active.name

    @property
    def detail(self) -> str:
        """What the active backend says of itself (e.g. "NVDA", "espeak-ng")."""
        return str(getattr(self.active, "detail", ""))

    def speak(self, text: str, interrupt: bool = False) -> None:
        text = clean_text(text)
        if text:
            self._say(text, interrupt)
        elif interrupt:
            self.silence()

    def silence(self) -> None:
        self._call(lambda speaker: speaker.silence())

    def braille(self, text: str) -> None:
        text = clean_text(text)
        if not text:
            return
        if self.display is not None:
            self.display.show(text)
        else:
            self._call(lambda speaker: speaker.braille(text))

    def update(self) -> None:
        self._call(lambda speaker: speaker.update())

    @property
    def cuts_speech(self) -> bool:
        """Whether an interrupting line cuts what the active backend was saying (printed
        text cannot be taken back)."""
        return bool(getattr(self.active, "cuts_speech", False))

    def unfinished(self) -> int | None:
        """How many of the last utterances the active backend has not finished saying;
        None when it cannot tell (a screen reader, text): see ``listening``."""
        report = getattr(self.active, "unfinished", None)
        return None if report is None else int(report())

    def close(self) -> None:
        for speaker in self._candidates:
            speaker.close()
        if self.display is not None:
            self.display.close()

    # -- settings, forwarded to every backend that has them ------------------

    def set_language(self, lang: str) -> None:
        self._set("set_language", lang)

    def set_rate(self, wpm: int) -> None:
        self._set("set_rate", wpm)

    def set_volume(self, volume: float) -> None:
        self._set("set_volume", volume)

    def _set(self, method: str, value: object) -> None:
        self._settings[method] = value
        for speaker in self._candidates:
            setter = getattr(speaker, method, None)
            if setter is not None:
                setter(value)

    # -- choosing at run time ---------------------------------------------------

    def switch_to(self, choice: str) -> str:
        """Use ``choice`` ("auto", "screenreader", "voice", "text") from now on;
        returns the backend actually active. Blocks while a new backend is built
        (up to the build time-outs); backends already running are reused.
        """
        if self._builder is None:
            raise RuntimeError("this chain was not made with a builder")
        self.silence()
        live = {s.name: s for s in self._candidates if not _failed(s)}
        wanted: list[Speaker] = []
        skipped: list[Skipped] = []
        for name in order_for(choice):
            speaker, why = (live.pop(name), None) if name in live else self._builder(name)
            if speaker is not None:
                self._apply_settings(speaker)
                wanted.append(speaker)
            elif why is not None and not wanted:
                skipped.append(why)
        for unused in live.values():
            unused.close()
        self._candidates = wanted or [TextSpeaker()]
        self._index = 0
        self.skipped = skipped
        log_choice(self)
        return self.active_name

    def _apply_settings(self, speaker: Speaker) -> None:
        for method, value in self._settings.items():
            setter = getattr(speaker, method, None)
            if setter is not None:
                setter(value)

    # -- falling back -------------------------------------------------------------

    def _say(self, text: str, interrupt: bool) -> None:
        speaker = self.active
        try:
            speaker.speak(text, interrupt)
        except Exception:
            self._fall_back(speaker, [(text, interrupt)])
            return
        if _failed(speaker):
            self._fall_back(speaker, [])

    def _call(self, action: Callable[[Speaker], None]) -> None:
        speaker = self.active
        try:
            action(speaker)
        except Exception:
            self._fall_back(speaker, [])
            return
        if _failed(speaker):
            self._fall_back(speaker, [])

    def _fall_back(self, broken: Speaker, unsaid: list[tuple[str, bool]]) -> None:
        lost = _take_lost(broken) + unsaid
        detail = str(getattr(broken, "detail", ""))
        broken.close()
        self._index = self._next_live()
        self.skipped.append(Skipped(broken.name, "stopped", detail))
        log.warning("speech: %s stopped (%s); now %s", broken.name, detail, self.active_name)
        try:
            if self.on_fallback is not None:
                self.on_fallback(broken.name, self.active.name)
        finally:
            # Queued, not interrupting: the app's announcement of the change comes first.
            for text, _interrupt in lost:
                self._say(text, False)

    def _next_live(self) -> int:
        for index in range(self._index + 1, len(self._candidates)):
            if not _failed(self._candidates[index]):
                return index
        self._candidates.append(TextSpeaker())
        return len(self._candidates) - 1


def order_for(choice: str, terminal: bool = False) -> tuple[str, ...]:
    """The backends to try for a choice: ``auto`` tries all, a name starts there.

    In a terminal ``auto`` is text alone: the player's own screen reader there
    (Speakup, Fenrir, Orca in a terminal window, BRLTTY on the console) reads what
    is printed, in their voice and on their braille line; a voice of the game's
    would only talk over it. The built-in voice speaks there only when chosen.
    """
    if choice == "auto":
        return ("text",) if terminal else ORDER
    if choice not in ORDER:
        raise ValueError(f"unknown speech choice {choice!r}; expected one of {CHOICES}")
    return ORDER[ORDER.index(choice) :]


def build_screenreader(
    lang: str,
    rate: int,
    timeout: float = 2.0,
    factory: OutputFactory | None = None,
    *,
    explicit: bool = False,
) -> Built:
    """The player's screen reader: speech-dispatcher on Linux (started when the
    player chose it by name and it is not running), the running screen reader
    elsewhere (or through ``factory``, accessible-output2 style, on any system)."""
    if factory is None and sys.platform.startswith("linux"):
        from audiogame.io.speech.dispatcher import build_dispatcher

        speaker, why = build_dispatcher(lang, rate, timeout, autospawn=explicit)
        if speaker is not None:
            return speaker, None
        return None, Skipped("screenreader", _dispatcher_reason(why), why)
    reader = ScreenReaderSpeaker(factory)
    if not reader.ready.wait(timeout):
        reader.close()
        return None, Skipped("screenreader", "hung", f"no answer within {timeout:g} s")
    if reader.failed:
        reader.close()
        return None, Skipped("screenreader", reader.reason, reader.detail)
    return reader, None


def _dispatcher_reason(detail: str) -> str:
    if "did not answer" in detail:
        return "hung"
    if detail.startswith("no speech-dispatcher"):
        return "missing"
    return "failed"


def build_voice(sink: SpeechSink | None, lang: str, rate: int, timeout: float) -> Built:
    if sink is None:
        return None, Skipped("voice", "no-sound", "no sound device")
    voice = build_self_voice(sink, lang, rate, timeout)
    if voice is None:
        return None, Skipped("voice", "failed", "no synthesizer started")
    return voice, None


def build_speech(
    choice: str,
    sink: SpeechSink | None,
    lang: str,
    rate: int,
    *,
    screenreader_factory: OutputFactory | None = None,
    timeout: float = 2.0,
    voice_timeout: float = 3.0,
    on_fallback: FallbackCallback | None = None,
    prebuilt: Mapping[str, Built] | None = None,
    terminal: bool = False,
    display: BrailleDisplay | None = None,
) -> tuple[SpeechChain, str]:
    """The speech chain for ``choice`` and the name of the backend it starts with.

    Pass ``sink=None`` when there is no sound device: self-voicing is then
    skipped. Blocks until the wanted backends are built, at most
    max(``timeout``, ``voice_timeout``): they are built in parallel. A backend
    in ``prebuilt`` is taken as it is the first time (None and its reason: tried
    already). ``terminal``: the game runs in a terminal (see ``order_for``).
    """
    ready = dict(prebuilt or {})

    def build(name: str) -> Built:
        if name in ready:  # once: a later rebuild (the options, a fallback) tries again
            return ready.pop(name)
        if name == "screenreader":
            return build_screenreader(
                lang, rate, timeout, screenreader_factory, explicit=choice == "screenreader"
            )
        if name == "voice":
            return build_voice(sink, lang, rate, voice_timeout)
        return TextSpeaker(), None

    names = order_for(choice, terminal)
    built = _build_parallel(build, names)
    speakers: list[Speaker] = []
    skipped: list[Skipped] = []
    for name in names:
        speaker, why = built.get(name, (None, Skipped(name, "failed", "crashed while starting")))
        if speaker is not None:
            speakers.append(speaker)
        elif why is not None and not speakers:
            skipped.append(why)
    chain = SpeechChain(
        speakers, on_fallback=on_fallback, builder=build, skipped=skipped, display=display
    )
    chain._settings.update(set_language=lang, set_rate=rate)
    log_choice(chain)
    return chain, chain.active_name


def log_choice(chain: SpeechChain) -> None:
    """The backend that speaks and why each earlier one does not, in the log."""
    for skipped in chain.skipped:
        log.info("speech: %s skipped (%s): %s", skipped.name, skipped.reason, skipped.detail)
    detail = chain.detail
    log.info("speech: %s speaks%s", chain.active_name, f" ({detail})" if detail else "")


def _build_parallel(build: Builder, names: Sequence[str]) -> dict[str, Built]:
    """Each backend built in its own thread, so the waits overlap."""
    built: dict[str, Built] = {}

    def one(name: str) -> None:
        try:
            built[name] = build(name)
        except Exception as exc:
            built[name] = (None, Skipped(name, "failed", f"{type(exc).__name__}: {exc}"))

    threads = [threading.Thread(target=one, args=(name,), daemon=True) for name in names]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()  # each build bounds its own wait
    return built
