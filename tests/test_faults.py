"""Faults in the middle of play: the screen reader hangs or crashes, the sound device goes.

The app is the real one (real loop, real chain, real mixer on SDL's dummy
driver); only accessible-output2's object is replaced by a small output that
raises or hangs, injected through the screen reader's factory.
"""

from __future__ import annotations

import threading
import time

import pygame
import pytest

from audiogame.cli import wire_faults
from audiogame.io.speech.chain import SpeechChain
from audiogame.io.speech.recording import RecordingSpeaker
from audiogame.io.speech.screenreader import build_screen_reader


class BrokenReader:
    """What accessible-output2 gives, until it breaks: raises or hangs on demand."""

    name = "FakeReader"

    def __init__(self, release: threading.Event) -> None:
        self.spoken: list[str] = []
        self.mode = "ok"
        self.release = release

    def speak(self, text: str, interrupt: bool = False) -> None:
        if self.mode == "raise":
            raise OSError("the screen reader went away")
        if self.mode == "hang":
            self.release.wait()
        self.spoken.append(text)

    def braille(self, text: str) -> None:
        pass

    def silence(self) -> None:
        pass


@pytest.fixture
def release():
    event = threading.Event()
    yield event
    event.set()


def app_with_reader(harness_factory, release, lang):
    h = harness_factory(lang)
    reader_out = BrokenReader(release)
    reader = build_screen_reader(timeout=2.0, factory=lambda: reader_out)
    assert reader is not None
    backup = RecordingSpeaker()
    chain = SpeechChain([reader, backup])
    h.app.speaker = chain
    h.app.announcer.speaker = chain
    h.app.speech_active = chain.active_name
    wire_faults(h.app, h.audio, chain)
    h.start()
    return h, reader_out, backup


def pump_until(h, check, limit: float = 3.0) -> float:
    start = time.monotonic()
    while not check() and time.monotonic() - start < limit:
        h.app.step()
        time.sleep(0.005)
    return time.monotonic() - start


@pytest.mark.parametrize("mode", ["raise", "hang"])
@pytest.mark.parametrize(
    "lang, notice",
    [
        ("en", "Screen reader stopped answering: now speaking with recording"),
        ("it", "Lettore di schermo non risponde più: ora parlo con registrazione"),
    ],
)
def test_screen_reader_lost_mid_game_falls_back_within_a_second(
    harness_factory, release, mode, lang, notice
):
    h, reader_out, backup = app_with_reader(harness_factory, release, lang)
    assert pump_until(h, lambda: reader_out.spoken) < 2.0
    assert h.app.speaker.active_name == "screenreader"
    reader_out.mode = mode
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""))
    took = pump_until(h, lambda: any(notice in t for t in backup.transcript))
    assert took < 1.0 + 0.3  # the watchdog's second, plus a few frames
    assert h.app.speech_active == "recording"
    # the message the screen reader never said is said again on the new backend
    heard = " ".join(backup.transcript)
    assert (", 2 " in heard) or (" 2 of " in heard) or (" 2 di " in heard)
    # and the game goes on with the new backend
    before = len(backup.spoken)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0, unicode=""))
    h.app.step()
    assert len(backup.spoken) > before


def test_sound_device_lost_mid_game_goes_silent_and_speech_goes_on(harness_factory):
    h = harness_factory("en").start()
    assert h.audio.available
    pygame.mixer.quit()  # the device disappears behind the game's back
    h.press("down")
    h.press("down")
    h.app.step()
    assert not h.audio.available
    assert "The sound device stopped answering" in " ".join(h.transcript)
    said = h.press("up")
    assert said  # speech goes on
    assert " of " in said


def test_no_sound_device_at_start_is_told_once(harness_factory):
    h = harness_factory("en", with_audio=False)
    h.app.notify("no-sound-device")
    h.start()
    h.press("down")
    assert " ".join(h.transcript).count("No sound device") == 1
