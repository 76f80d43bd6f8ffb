"""Self-voicing: a synthesizer renders each message to a WAV file in a worker
thread, and the mixer's speech channel (a ``SpeechSink``) plays it.

Why files on the mixer rather than the synthesizer's own playback: the mixer
can cut speech at once (Ctrl, or a player's command interrupting), and it never
blocks the loop. The worker renders every queued message as soon as it can, so
the next one is ready while the current one plays (render-ahead); ``update()``,
called each frame, starts the next file when the channel falls idle.

Renderers: eSpeak NG through ctypes (``espeak.EspeakRenderer``, shipped by
espeakng-loader, the default on Linux and the fallback everywhere) and pyttsx3
(``Pyttsx3Renderer``: the system voice, SAPI5 on Windows and NSSpeech on macOS).
A renderer is built *inside* the worker and used only there: eSpeak NG is a
process-wide, thread-unsafe library and COM voices belong to their thread.
"""

from __future__ import annotations

import itertools
import os
import re
import shutil
import sys
import tempfile
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from audiogame.io.speech.base import SpeechSink
from audiogame.io.speech.espeak import EspeakRenderer


class Renderer(Protocol):
    name: str

    def set_language(self, lang: str) -> None: ...

    def set_rate(self, wpm: int) -> None: ...

    def set_volume(self, volume: float) -> None: ...

    def render(self, text: str, path: str) -> bool:
        """Write ``text`` as audio at ``path``; False when there is nothing to play."""
        ...

    def cancel(self) -> None:
        """Abort the render in progress, if the engine can (called from another thread)."""
        ...

    def close(self) -> None: ...


RendererFactory = Callable[[], Renderer]

#: Rendered once when a renderer starts, to prove it makes sound.
_PROBE = "ok"

#: Longest part of a message rendered in one go (see ``split_for_speech``).
_PART_CHARS = 240

#: How many played files to keep on disk (the sink may still be reading the last ones).
_KEEP_PLAYED = 2


@dataclass(frozen=True)
class _Job:
    seq: int
    #: the ``speak`` call it is part of (a long message is cut in parts)
    utterance: int
    gen: int
    text: str
    interrupt: bool
    lang: str
    rate: int
    volume: float


class SelfVoiceSpeaker:
    """A ``Speaker`` that voices text itself and plays it on the ``sink``."""

    name = "voice"
    #: an interrupting message cuts what was playing and what was queued
    cuts_speech = True

    def __init__(
        self,
        sink: SpeechSink,
        lang: str = "it",
        rate: int = 200,
        volume: float = 1.0,
        renderer: RendererFactory | Sequence[RendererFactory] | None = None,
        *,
        render_timeout: float = 3.0,
    ) -> None:
        self.lang = lang
        self.rate = rate
        self.volume = volume
        self.detail = ""
        self._sink = sink
        self._factories = _factory_list(renderer)
        self._render_timeout = render_timeout
        self._dir = tempfile.mkdtemp(prefix="audiogame-speech-")
        self._seq = itertools.count()
        self._utterances = itertools.count()
        #: the utterance whose part the sink is playing (None: nothing of ours plays)
        self._playing: int | None = None
        self._gen = 0  # bumped by every cut: renders of an older generation are dropped
        self._cond = threading.Condition()
        self._jobs: deque[_Job] = deque()  # waiting for the worker
        self._done: deque[tuple[_Job, str | None]] = deque()  # rendered, from the worker
        self._pending: deque[_Job] = deque()  # said but not played yet (main thread)
        self._ready: dict[int, str | None] = {}  # seq -> rendered file (main thread)
        self._played: list[str] = []
        self._renderer: Renderer | None = None
        self._busy_since: float | None = None
        self._error = ""
        self._stopping = False
        self.ready = threading.Event()  # set once the renderer is built (or failed)
        self._thread = threading.Thread(target=self._run, name="selfvoice", daemon=True)
        self._thread.start()

    # -- the Speaker interface (main thread) ---------------------------------

    def speak(self, text: str, interrupt: bool = False) -> None:
        if self.failed:
            raise RuntimeError(f"self-voicing failed: {self.detail}")
        if interrupt:
            self._cut()
        utterance = next(self._utterances)
        jobs = [
            _Job(next(self._seq), utterance, self._gen, part, interrupt and i == 0, *self._voice())
            for i, part in enumerate(split_for_speech(text))
        ]
        self._pending.extend(jobs)
        with self._cond:
            self._jobs.extend(jobs)
            self._cond.notify()

    def _voice(self) -> tuple[str, int, float]:
        return self.lang, self.rate, self.volume

    def silence(self) -> None:
        self._cut()

    def braille(self, text: str) -> None:
        """No display without a screen reader."""

    def update(self) -> None:
        self._collect()
        if self._playing is not None and not self._sink.speech_busy():
            self._playing = None
        while self._pending and self._pending[0].seq in self._ready:
            if self._sink.speech_busy():
                return
            job = self._pending.popleft()
            path = self._ready.pop(job.seq)
            if path is not None:
                self._sink.play_speech(path)
                self._playing = job.utterance
                self._played.append(path)
                self._forget_played()

    def unfinished(self) -> int:
        """How many of the last ``speak`` calls are not yet heard to their end: queued,
        being rendered, or playing (the table waits for the player's ears on this)."""
        waiting = {job.utterance for job in self._pending}
        if self._playing is not None and self._sink.speech_busy():
            waiting.add(self._playing)
        return len(waiting)

    def close(self) -> None:
        with self._cond:
            self._stopping = True
            self._cond.notify()
        hung = self._stuck() or not self.ready.is_set()
        self._cut()
        if not hung:  # a stuck render or start cannot be waited for; the thread is a daemon
            self._thread.join(timeout=1.0)
        shutil.rmtree(self._dir, ignore_errors=True)

    # -- settings and health --------------------------------------------------

    def set_language(self, lang: str) -> None:
        """Applies from the next message on ("it", "en", or any eSpeak NG voice name)."""
        self.lang = lang

    def set_rate(self, wpm: int) -> None:
        self.rate = wpm

    def set_volume(self, volume: float) -> None:
        """Loudness of the rendered voice, 0.0–2.0 (1.0 normal), from the next message."""
        self.volume = volume

    @property
    def failed(self) -> bool:
        """True once the renderer broke, a render has been stuck too long, or the
        sink lost its sound device (a sink may expose ``available``, as the
        mixer's ``AudioSystem`` does): a voice nobody hears is no voice."""
        if self._error:
            return True
        if getattr(self._sink, "available", True) is False:
            self.detail = "no sound device"
            return True
        return self._stuck()

    def _stuck(self) -> bool:
        since = self._busy_since
        return since is not None and time.monotonic() - since > self._render_timeout

    def take_lost(self) -> list[tuple[str, bool]]:
        """The messages said but never played (for the chain to re-speak elsewhere)."""
        lost = [(job.text, job.interrupt) for job in self._pending]
        self._pending.clear()
        return lost

    @property
    def backlog(self) -> int:
        """Messages said and not yet started."""
        return len(self._pending)

    # -- internals -------------------------------------------------------------

    def _cut(self) -> None:
        self._gen += 1
        with self._cond:
            self._jobs.clear()
        if self._renderer is not None:
            self._renderer.cancel()
        self._sink.stop_speech()
        self._playing = None
        self._pending.clear()
        for path in self._ready.values():
            _remove(path)
        self._ready.clear()

    def _collect(self) -> None:
        while self._done:
            job, path = self._done.popleft()
            if job.gen == self._gen:
                self._ready[job.seq] = path
            else:
                _remove(path)

    def _forget_played(self) -> None:
        keep = []
        for path in self._played[:-_KEEP_PLAYED]:
            if not _remove(path):
                keep.append(path)  # still open (Windows): try again later
        self._played = keep + self._played[-_KEEP_PLAYED:]

    # -- the worker thread -----------------------------------------------------

    def _run(self) -> None:
        renderer = self._build_renderer()
        self.ready.set()
        if renderer is None:
            return
        try:
            while (job := self._next_job()) is not None:
                if not self._render(renderer, job):
                    break
        finally:
            self._renderer = None
            renderer.close()

    def _build_renderer(self) -> Renderer | None:
        """The first renderer that starts *and* renders a probe: a system voice
        that builds but writes no audio gives way to the next one."""
        errors = []
        for factory in self._factories:
            label = getattr(factory, "__name__", str(factory))
            try:
                renderer = factory()
            except Exception as exc:
                errors.append(f"{label}: {exc}")
                continue
            if self._probe(renderer, errors):
                self._renderer = renderer
                self.detail = renderer.name
                return renderer
            renderer.close()
        self.detail = "; ".join(errors) or "no renderer"
        self._error = self.detail
        return None

    def _probe(self, renderer: Renderer, errors: list[str]) -> bool:
        probe = _Job(-1, -1, self._gen, _PROBE, False, self.lang, self.rate, self.volume)
        path = os.path.join(self._dir, "probe.wav")
        try:
            _apply_voice(renderer, probe)
            if renderer.render(probe.text, path):
                return True
            errors.append(f"{renderer.name}: rendered no audio")
        except Exception as exc:
            errors.append(f"{renderer.name}: {exc}")
        finally:
            _remove(path)
        return False

    def _next_job(self) -> _Job | None:
        with self._cond:
            while not self._jobs and not self._stopping:
                self._cond.wait()
            if self._stopping:
                return None
            return self._jobs.popleft()

    def _render(self, renderer: Renderer, job: _Job) -> bool:
        if job.gen != self._gen:
            return True
        path = os.path.join(self._dir, f"{job.seq}.wav")
        self._busy_since = time.monotonic()
        try:
            _apply_voice(renderer, job)
            ok = renderer.render(job.text, path)
        except Exception as exc:
            self._error = self.detail = f"{renderer.name}: {exc}"
            return False
        finally:
            self._busy_since = None
        self._done.append((job, path if ok else None))
        return True


#: Sentence ends (and line breaks) where a long message may be cut into parts.
_SENTENCE_END = re.compile(r"(?<=[.!?;:])\s+|\n+")


def split_for_speech(text: str, limit: int = _PART_CHARS) -> list[str]:
    """``text`` in parts of about ``limit`` characters, cut between sentences.

    eSpeak NG renders a whole message before any of it plays (about 0.25 ms a
    character here), so a long text — a page of rules — would start late; in
    parts, the first (its first sentence alone) plays at once while the worker
    renders the rest. Later sentences are packed together up to ``limit``, and
    a message within ``limit`` stays whole.
    """
    if len(text) <= limit:
        return [text]
    parts: list[str] = []
    for sentence in filter(None, (p.strip() for p in _SENTENCE_END.split(text))):
        if len(parts) > 1 and len(parts[-1]) + 1 + len(sentence) <= limit:
            parts[-1] += " " + sentence
        else:
            parts.append(sentence)
    return parts or [text]


def _factory_list(
    renderer: RendererFactory | Sequence[RendererFactory] | None,
) -> list[RendererFactory]:
    """The renderers to try in order: the given one(s), else the platform's."""
    if renderer is None:
        return default_renderers()
    if callable(renderer):
        return [renderer]
    return list(renderer)


def _apply_voice(renderer: Renderer, job: _Job) -> None:
    try:
        renderer.set_language(job.lang)
    except Exception:
        # An unknown language keeps the current voice: a wrong accent beats silence.
        pass
    renderer.set_rate(job.rate)
    renderer.set_volume(job.volume)


def _remove(path: str | None) -> bool:
    if path is None:
        return True
    try:
        os.remove(path)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    return True


# -- pyttsx3, for the system voices of Windows and macOS ------------------------

#: Words that name a language in the system voices' names.
_LANGUAGE_WORDS = {"it": ("italian", "italiano"), "en": ("english",)}


class Pyttsx3Renderer:
    """The system voice through pyttsx3, rendering with ``save_to_file``.

    Built and used in the self-voicing worker only: ``runAndWait`` blocks that
    thread, never the loop. pyttsx3 cannot abort a render from another thread,
    so ``cancel`` does nothing and the speaker drops the stale file instead.
    """

    def __init__(self) -> None:
        if sys.platform == "win32":
            _init_com()
        import pyttsx3

        self._engine = pyttsx3.init()
        self.name = "pyttsx3"
        self._voices = list(self._engine.getProperty("voices") or [])
        self._lang = ""

    def set_language(self, lang: str) -> None:
        if lang == self._lang:
            return
        voice = _pick_voice(self._voices, lang)
        if voice is None:
            raise LookupError(f"no system voice for {lang!r}")
        self._engine.setProperty("voice", voice.id)
        self._lang = lang

    def set_rate(self, wpm: int) -> None:
        self._engine.setProperty("rate", wpm)

    def set_volume(self, volume: float) -> None:
        self._engine.setProperty("volume", max(0.0, min(1.0, volume)))

    def render(self, text: str, path: str) -> bool:
        self._engine.save_to_file(text, path)
        self._engine.runAndWait()
        return os.path.exists(path) and os.path.getsize(path) > 44  # more than a header

    def cancel(self) -> None:
        pass

    def close(self) -> None:
        try:
            self._engine.stop()
        except Exception:
            pass


def _pick_voice(voices: Sequence[Any], lang: str) -> Any:
    words = _LANGUAGE_WORDS.get(lang, ())
    for voice in voices:
        tags = [str(tag).lower().replace("_", "-") for tag in getattr(voice, "languages", [])]
        if any(tag == lang or tag.startswith(lang + "-") for tag in tags):
            return voice
        label = f"{getattr(voice, 'name', '')} {getattr(voice, 'id', '')}".lower()
        if any(word in label for word in words):
            return voice
    return None


def _init_com() -> None:
    """COM voices need COM initialised in the thread that uses them."""
    try:
        import pythoncom

        pythoncom.CoInitialize()
    except Exception:
        pass


def default_renderers() -> list[RendererFactory]:
    """The system voice first where there is one; eSpeak NG everywhere."""
    if sys.platform in ("win32", "darwin"):
        return [Pyttsx3Renderer, EspeakRenderer]
    return [EspeakRenderer]


def build_self_voice(
    sink: SpeechSink,
    lang: str = "it",
    rate: int = 200,
    timeout: float = 3.0,
    *,
    volume: float = 1.0,
    renderer: RendererFactory | Sequence[RendererFactory] | None = None,
) -> SelfVoiceSpeaker | None:
    """A working self-voicing speaker, or None when no renderer starts.

    Each renderer (the system voice, then eSpeak NG) gets its own worker and
    ``timeout`` seconds to start and render a probe, so a system voice that
    hangs (its worker is a daemon and is left behind) still lets eSpeak NG
    speak. Blocks the caller meanwhile: about 0.02–0.1 s for eSpeak NG.
    """
    for factory in _factory_list(renderer):
        speaker = SelfVoiceSpeaker(sink, lang, rate, volume, factory)
        if speaker.ready.wait(timeout) and not speaker.failed:
            return speaker
        speaker.close()
    return None
