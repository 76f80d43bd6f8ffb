"""How long speech takes to build and to reach the mixer.

Run: ``.venv/bin/python benchmarks/speech_render.py``

Measures, on this machine:
- the build time of each backend (screen reader probe, self-voicing, text);
- time to first audio with self-voicing: from ``speak()`` to the rendered file
  being handed to the sink, for a short Italian sentence, with eSpeak NG driven
  through ctypes and, for comparison, through pyttsx3's espeak driver.
The sink here only notes the time (no device is needed); the game loop polls
``update()`` once per frame, which adds up to one frame (16 ms at 60 fps).
"""

from __future__ import annotations

import contextlib
import ctypes
import io
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from audiogame.io.speech.screenreader import build_screen_reader  # noqa: E402
from audiogame.io.speech.selfvoice import (  # noqa: E402
    Pyttsx3Renderer,
    RendererFactory,
    SelfVoiceSpeaker,
)
from audiogame.io.speech.text import TextSpeaker  # noqa: E402

SENTENCE = "Tocca a te. Hai sei tessere."
#: A page of text (about 3,400 characters): cut in parts, its first part plays early.
PAGE = "Anna gioca il doppio sei e passa la mano a Bruno, che pesca una tessera. " * 46
RUNS = 30


class TimingSink:
    def __init__(self) -> None:
        self.played_at: float | None = None
        self.busy = False

    def play_speech(self, path: str) -> None:
        self.played_at = time.perf_counter()
        self.busy = True

    def stop_speech(self) -> None:
        self.busy = False

    def speech_busy(self) -> bool:
        return self.busy


def ms(seconds: float) -> str:
    return f"{seconds * 1000:7.1f} ms"


def first_audio(label: str, renderer: RendererFactory | None, text: str = SENTENCE) -> None:
    sink = TimingSink()
    start = time.perf_counter()
    speaker = SelfVoiceSpeaker(sink, "it", 200, renderer=renderer)
    speaker.ready.wait(10)
    built = time.perf_counter() - start
    if speaker.failed:
        print(f"{label:28} failed: {speaker.detail}")
        speaker.close()
        return
    delays = []
    lost = 0
    for _ in range(RUNS):
        sink.played_at = None
        sink.busy = False
        said = time.perf_counter()
        speaker.speak(text, interrupt=True)
        while sink.played_at is None and time.perf_counter() - said < 2.0:
            speaker.update()
            time.sleep(0.0002)
        if sink.played_at is None:
            lost += 1  # the renderer produced no file
        else:
            delays.append(sink.played_at - said)
    speaker.close()
    delays.sort()
    print(
        f"{label:28} build {ms(built)}   first audio: median {ms(statistics.median(delays))}"
        f"  p95 {ms(delays[int(len(delays) * 0.95) - 1])}  max {ms(delays[-1])}"
        f"  lost {lost}/{RUNS}"
    )


def pyttsx3_on_loader_library() -> Pyttsx3Renderer:
    """pyttsx3's espeak driver opens "libespeak-ng.so.1" by name: load the
    espeakng-loader copy first (the dynamic loader then reuses it by soname) and
    point eSpeak at its data."""
    import espeakng_loader

    ctypes.CDLL(espeakng_loader.get_library_path(), mode=ctypes.RTLD_GLOBAL)
    os.environ["ESPEAK_DATA_PATH"] = espeakng_loader.get_data_path()
    return Pyttsx3Renderer()


class QuietPyttsx3:
    """pyttsx3's espeak driver prints a line per saved file."""

    def __init__(self) -> None:
        self._inner = pyttsx3_on_loader_library()
        self.name = self._inner.name

    def __getattr__(self, attr: str) -> object:
        return getattr(self._inner, attr)

    def render(self, text: str, path: str) -> bool:
        with contextlib.redirect_stdout(io.StringIO()):
            return self._inner.render(text, path)


def main() -> None:
    start = time.perf_counter()
    reader = build_screen_reader(2.0)
    took = time.perf_counter() - start
    print(f"{'screen reader build':28} {ms(took)}  -> {reader.detail if reader else 'none'}")
    if reader is not None:
        reader.close()
    start = time.perf_counter()
    TextSpeaker(echo=None)
    print(f"{'text build':28} {ms(time.perf_counter() - start)}")
    first_audio("self-voicing, eSpeak ctypes", None)
    first_audio("  same, a 3,400-char page", None, PAGE)
    if sys.platform.startswith("linux"):
        # Last: pyttsx3 keeps its eSpeak engine alive in its own cache.
        first_audio("self-voicing, pyttsx3 espeak", QuietPyttsx3)


if __name__ == "__main__":
    main()
