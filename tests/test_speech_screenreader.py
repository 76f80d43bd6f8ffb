"""The screen reader backend over fake accessible-output2 objects.

``FakeAuto`` mimics what accessible-output2's ``Auto`` exposes (a list of
outputs and ``get_first_available_output``); the real one is never built here,
because on Linux it can hang inside speech-dispatcher.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from audiogame.io.speech.chain import SpeechChain
from audiogame.io.speech.recording import RecordingSpeaker
from audiogame.io.speech.screenreader import ScreenReaderSpeaker, build_screen_reader


class FakeOutput:
    def __init__(self, name: str, system: bool = False, running: bool = True) -> None:
        self.name = name
        self.system = system
        self.running = running
        self.spoken: list[tuple[str, bool]] = []
        self.brailled: list[str] = []
        self.silenced = 0

    def is_active(self) -> bool:
        return self.running

    def is_system_output(self) -> bool:
        return self.system

    def speak(self, text: str, interrupt: bool = False) -> None:
        self.spoken.append((text, interrupt))

    def braille(self, text: str) -> None:
        self.brailled.append(text)

    def silence(self) -> None:
        self.silenced += 1


class FakeAuto:
    """Picks the first running output, as accessible-output2's Auto does."""

    def __init__(self, *outputs: FakeOutput) -> None:
        self.outputs = list(outputs)

    def get_first_available_output(self) -> FakeOutput | None:
        return next((o for o in self.outputs if o.is_active()), None)


def wait_for(check: Callable[[], bool], limit: float = 30.0) -> None:
    """Until ``check()`` holds; the limit only ends a wait that would never end."""
    start = time.monotonic()
    while not check():
        assert time.monotonic() - start < limit, "not reached in time"
        time.sleep(0.005)


def test_names_the_running_screen_reader() -> None:
    nvda = FakeOutput("NVDA")
    reader = build_screen_reader(10.0, lambda: FakeAuto(FakeOutput("jaws", running=False), nvda))
    assert reader is not None
    assert reader.detail == "NVDA"
    assert not reader.failed
    reader.close()


def test_a_system_voice_alone_is_not_a_screen_reader() -> None:
    sapi = FakeOutput("sapi5", system=True)
    assert (
        build_screen_reader(10.0, lambda: FakeAuto(FakeOutput("NVDA", running=False), sapi)) is None
    )


def test_speech_braille_and_silence_reach_the_running_reader() -> None:
    nvda = FakeOutput("NVDA")
    reader = build_screen_reader(10.0, lambda: FakeAuto(nvda))
    assert reader is not None
    reader.speak("Tocca a te", interrupt=True)
    reader.braille("Tocca a te")
    wait_for(lambda: nvda.brailled == ["Tocca a te"])
    assert nvda.spoken == [("Tocca a te", True)]
    reader.silence()
    wait_for(lambda: nvda.silenced == 1)
    reader.close()


def test_silence_drops_what_is_still_queued() -> None:
    gate = threading.Event()
    started = threading.Event()

    class Slow(FakeOutput):
        def speak(self, text: str, interrupt: bool = False) -> None:
            started.set()
            gate.wait(30.0)  # until the silence is queued behind it
            super().speak(text, interrupt)

    slow = Slow("NVDA")
    reader = build_screen_reader(10.0, lambda: slow, hang_timeout=3.0)
    assert reader is not None
    reader.speak("in corso")
    assert started.wait(30.0)
    reader.speak("in coda")
    reader.silence()
    gate.set()
    wait_for(lambda: slow.silenced == 1)
    assert slow.spoken == [("in corso", False)]
    reader.close()


def test_reader_quitting_for_the_system_voice_hands_over_to_the_next_backend() -> None:
    nvda = FakeOutput("NVDA")
    sapi = FakeOutput("sapi5", system=True)
    reader = build_screen_reader(10.0, lambda: FakeAuto(nvda, sapi))
    assert reader is not None
    after = RecordingSpeaker()
    changes: list[tuple[str, str]] = []
    chain = SpeechChain([reader, after], on_fallback=lambda old, new: changes.append((old, new)))
    chain.speak("prima")
    wait_for(lambda: nvda.spoken == [("prima", False)])
    nvda.running = False  # NVDA closed: Auto would now talk through SAPI5
    chain.speak("dopo")
    start = time.monotonic()
    while chain.active_name != "recording":
        assert time.monotonic() - start < 30.0  # never the watchdog: nothing hangs here
        chain.update()
        time.sleep(0.005)
    assert changes == [("screenreader", "recording")]
    assert after.transcript == ["dopo"]
    assert sapi.spoken == []
    assert "no screen reader" in reader.detail


def test_a_failed_reader_refuses_further_speech() -> None:
    class Crashes(FakeOutput):
        def speak(self, text: str, interrupt: bool = False) -> None:
            raise OSError("nvdaControllerClient gone")

    reader = ScreenReaderSpeaker(lambda: Crashes("NVDA"))
    assert reader.ready.wait(1.0)
    reader.speak("uno")
    reader.speak("due")
    wait_for(lambda: reader.failed)
    assert "nvdaControllerClient gone" in reader.detail
    assert reader.take_lost() == [("uno", False), ("due", False)]
    try:
        reader.speak("tre")
    except RuntimeError:
        pass
    else:
        raise AssertionError("a failed screen reader must refuse speech")


def test_close_ends_an_idle_worker() -> None:
    reader = build_screen_reader(10.0, lambda: FakeAuto(FakeOutput("NVDA")))
    assert reader is not None
    reader.close()
    reader._thread.join(1.0)
    assert not reader._thread.is_alive()


def test_a_message_the_reader_broke_on_is_owed_even_when_an_interruption_comes_first() -> None:
    """The loop checks the reader's health, then queues an interrupting message; the reader
    raising on the message it was saying between the two must not drop that message (a
    fresh app's welcome was lost so at load 40, issue 23)."""
    entered, go = threading.Event(), threading.Event()

    class BreaksMidSentence(FakeOutput):
        def speak(self, text: str, interrupt: bool = False) -> None:
            entered.set()
            go.wait(30.0)
            raise OSError("the screen reader went away")

    reader = build_screen_reader(10.0, lambda: BreaksMidSentence("NVDA"), hang_timeout=30.0)
    assert reader is not None
    after = RecordingSpeaker()
    chain = SpeechChain([reader, after])
    chain.speak("Benvenuto")
    assert entered.wait(30.0)
    healthy = reader._check

    def check_then_break() -> None:
        healthy()  # the loop found it healthy; now the worker's call raises
        go.set()
        reader._thread.join(30.0)
        assert not reader._thread.is_alive()

    reader._check = check_then_break  # type: ignore[method-assign]
    chain.speak("Aiuto", interrupt=True)
    chain.update()
    assert chain.active_name == "recording"
    assert after.transcript == ["Benvenuto", "Aiuto"]
