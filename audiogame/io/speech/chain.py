"""Choosing a speech backend, and falling back when it breaks mid-game.

``SpeechChain`` is itself a ``Speaker``: it holds the backends in order of
preference, talks to the first live one, and when that one raises or reports
``failed`` (a hung screen reader is noticed within its one-second watchdog, on
the next ``speak`` or ``update``), moves to the next, tells the app through
``on_fallback`` (the app announces it, localized) and says there whatever the
broken backend never delivered. Text is the last resort and cannot fail.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence

from audiogame.io.speech.base import Speaker, SpeechSink
from audiogame.io.speech.screenreader import OutputFactory, build_screen_reader
from audiogame.io.speech.selfvoice import build_self_voice
from audiogame.io.speech.text import TextSpeaker

#: Backends in the order ``auto`` tries them; a named choice starts there.
ORDER = ("screenreader", "voice", "text")
CHOICES = ("auto", *ORDER)

# Bidi isolates and embeddings (Fluent wraps placeables in U+2068/U+2069),
# zero-width characters and the BOM: synthesizers spell some of them out.
_INVISIBLE = dict.fromkeys(
    [*range(0x200B, 0x2010), *range(0x202A, 0x202F), *range(0x2060, 0x2070), 0xFEFF]
)

FallbackCallback = Callable[[str, str], None]
Builder = Callable[[str], Speaker | None]


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
    ) -> None:
        self.on_fallback = on_fallback
        self._builder = builder
        self._candidates: list[Speaker] = list(candidates) or [TextSpeaker()]
        self._index = 0
        self._settings: dict[str, object] = {}

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
        if text:
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
        wanted = []
        for name in order_for(choice):
            speaker = live.pop(name, None) or self._builder(name)
            if speaker is not None:
                self._apply_settings(speaker)
                wanted.append(speaker)
        for unused in live.values():
            unused.close()
        self._candidates = wanted or [TextSpeaker()]
        self._index = 0
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
        broken.close()
        self._index = self._next_live()
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


def order_for(choice: str) -> tuple[str, ...]:
    """The backends to try for a choice: ``auto`` tries all, a name starts there."""
    if choice == "auto":
        return ORDER
    if choice not in ORDER:
        raise ValueError(f"unknown speech choice {choice!r}; expected one of {CHOICES}")
    return ORDER[ORDER.index(choice) :]


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
    prebuilt: Mapping[str, Speaker | None] | None = None,
) -> tuple[SpeechChain, str]:
    """The speech chain for ``choice`` and the name of the backend it starts with.

        Pass ``sink=None`` when there is no sound device: self-voicing is then
        skipped. Blocks until the wanted backends are built, at most
        max(``timeout``, ``voice_timeout``): they are built in parallel. A backend
        in ``prebuilt`` is taken as it is the first time (None: tried already, not
    there).
    """
    ready = dict(prebuilt or {})

    def build(name: str) -> Speaker | None:
        if name in ready:  # once: a later rebuild (the options, a fallback) tries again
            return ready.pop(name)
        if name == "screenreader":
            return build_screen_reader(timeout, screenreader_factory)
        if name == "voice":
            if sink is None:
                return None
            return build_self_voice(sink, lang, rate, voice_timeout)
        return TextSpeaker()

    names = order_for(choice)
    built = _build_parallel(build, names)
    chain = SpeechChain(
        [speaker for name in names if (speaker := built.get(name)) is not None],
        on_fallback=on_fallback,
        builder=build,
    )
    chain._settings.update(set_language=lang, set_rate=rate)
    return chain, chain.active_name


def _build_parallel(build: Builder, names: Sequence[str]) -> dict[str, Speaker | None]:
    """Each backend built in its own thread, so the waits overlap."""
    built: dict[str, Speaker | None] = {}

    def one(name: str) -> None:
        try:
            built[name] = build(name)
        except Exception:
            built[name] = None

    threads = [threading.Thread(target=one, args=(name,), daemon=True) for name in names]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()  # each build bounds its own wait
    return built
