"""The speech chain: choosing a backend, and falling back when one raises or hangs.

Screen readers here are small fake *outputs* (what accessible-output2 would
give) injected through the factory; accessible-output2 itself is never built.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator

import pytest

from audiogame.io.speech.base import Speaker
from audiogame.io.speech.chain import SpeechChain, build_speech, clean_text, order_for
from audiogame.io.speech.recording import RecordingSpeaker
from audiogame.io.speech.screenreader import HANG_TIMEOUT, build_screen_reader
from audiogame.io.speech.text import TextSpeaker


@pytest.fixture
def release() -> Iterator[threading.Event]:
    """Set at the end of each test, so the fakes that hang let their threads go."""
    event = threading.Event()
    yield event
    event.set()


class FakeOutput:
    """Stands in for accessible-output2's Auto(): records, and can raise or hang."""

    name = "FakeReader"

    def __init__(self, release: threading.Event | None = None) -> None:
        self.spoken: list[tuple[str, bool]] = []
        self.brailled: list[str] = []
        self.silenced = 0
        self.hang_on: str | None = None
        self.raise_on: str | None = None
        self._release = release

    def speak(self, text: str, interrupt: bool = False) -> None:
        if text == self.raise_on:
            raise OSError("screen reader crashed")
        if text == self.hang_on and self._release is not None:
            self._release.wait()
        self.spoken.append((text, interrupt))

    def braille(self, text: str) -> None:
        self.brailled.append(text)

    def silence(self) -> None:
        self.silenced += 1


def wait_for(check: Callable[[], bool], chain: SpeechChain | None = None, limit=30.0) -> float:
    """Seconds until ``check()`` holds, pumping the chain like the loop does. The limit
    only ends a wait that would never end: a loaded machine may starve the threads."""
    start = time.monotonic()
    while not check():
        if time.monotonic() - start > limit:
            raise AssertionError("condition not reached in time")
        if chain is not None:
            chain.update()
        time.sleep(0.005)
    return time.monotonic() - start


def screen_reader_chain(
    output: FakeOutput, fallbacks: list[str], hang_timeout: float = HANG_TIMEOUT
) -> tuple[SpeechChain, RecordingSpeaker]:
    reader = build_screen_reader(10.0, lambda: output, hang_timeout=hang_timeout)
    assert reader is not None
    after = RecordingSpeaker()
    chain = SpeechChain(
        [reader, after], on_fallback=lambda old, new: fallbacks.append(old + ">" + new)
    )
    return chain, after


def test_clean_text_removes_invisible_marks() -> None:
    assert clean_text("\u2068Anna\u2069 gioca \u20686-6\u2069.\u200b") == "Anna gioca 6-6."
    assert clean_text("\ufeff\u202aciao\u202c ") == "ciao"


def test_chain_never_passes_invisible_marks() -> None:
    rec = RecordingSpeaker()
    chain = SpeechChain([rec])
    chain.speak("\u2068Bruno\u2069 passa")
    chain.braille("\u2068Bruno\u2069")
    assert rec.transcript == ["Bruno passa"]
    assert rec.brailled == ["Bruno"]


def test_text_backend_prints_and_keeps_lines(capsys: pytest.CaptureFixture[str]) -> None:
    text = TextSpeaker()
    chain = SpeechChain([text])
    chain.speak("Tocca a te")
    chain.speak("Hai vinto", interrupt=True)
    assert capsys.readouterr().out == "Tocca a te\nHai vinto\n"
    assert text.lines == ["Tocca a te", "Hai vinto"]
    assert chain.name == "text"
    assert isinstance(chain, Speaker)


def test_text_backend_survives_a_broken_terminal() -> None:
    def broken(_text: str) -> None:
        raise OSError("terminal gone")

    text = TextSpeaker(echo=broken)
    text.speak("ancora qui")
    assert text.lines == ["ancora qui"]


def test_screen_reader_raising_in_construction_is_skipped(release: threading.Event) -> None:
    def crash() -> object:
        raise OSError("no such screen reader")

    chain, chosen = build_speech("auto", None, "it", 200, screenreader_factory=crash, timeout=1.0)
    assert chosen == "text"
    chain.close()


def test_screen_reader_hanging_in_construction_times_out(release: threading.Event) -> None:
    came_up = threading.Event()

    def hang() -> object:
        release.wait(60.0)  # it comes up at last: only the timeout makes it None
        came_up.set()
        return FakeOutput()

    start = time.monotonic()
    assert build_screen_reader(0.3, hang) is None
    chain, chosen = build_speech(
        "screenreader", None, "it", 200, screenreader_factory=hang, timeout=0.3
    )
    elapsed = time.monotonic() - start
    assert chosen == "text"
    # each build waited its 0.3 s (a loaded machine only adds to it), and gave the output
    # up while it still hung: before it came up, not after (an order, not a time)
    assert elapsed >= 0.6
    assert not came_up.is_set()
    chain.close()


def test_screen_reader_with_nothing_running_is_skipped() -> None:
    class NoneActive(FakeOutput):
        def get_first_available_output(self) -> None:
            return None

    assert build_screen_reader(10.0, NoneActive) is None


def test_auto_picks_a_working_screen_reader() -> None:
    output = FakeOutput()
    chain, chosen = build_speech("auto", None, "it", 200, screenreader_factory=lambda: output)
    assert chosen == "screenreader"
    assert chain.detail == "FakeReader"
    chain.speak("ciao", interrupt=True)
    chain.braille("ciao")
    wait_for(lambda: output.spoken == [("ciao", True)] and output.brailled == ["ciao"])
    chain.close()


def test_screen_reader_raising_mid_game_falls_back_and_respeaks() -> None:
    output = FakeOutput()
    fallbacks: list[str] = []
    # a watchdog of a minute: only the raise itself can bring the fallback in time
    chain, after = screen_reader_chain(output, fallbacks, hang_timeout=60.0)
    chain.speak("primo")
    wait_for(lambda: output.spoken == [("primo", False)])
    output.raise_on = "secondo"
    chain.speak("secondo")
    wait_for(lambda: chain.active_name == "recording", chain, limit=50.0)
    assert fallbacks == ["screenreader>recording"]
    assert after.transcript == ["secondo"]
    chain.speak("terzo")
    assert after.transcript == ["secondo", "terzo"]
    chain.close()


def test_screen_reader_hanging_mid_game_falls_back_within_a_second(
    release: threading.Event,
) -> None:
    output = FakeOutput(release)
    fallbacks: list[str] = []
    chain, after = screen_reader_chain(output, fallbacks)
    output.hang_on = "bloccato"
    chain.speak("bloccato")
    chain.speak("dopo")
    elapsed = wait_for(lambda: chain.active_name == "recording", chain)
    # the watchdog waited its time (a loaded machine only adds to it); that it comes
    # within a second with a frame or two of polling is the promise, and how long it
    # takes is measured by benchmarks/speech_fallback.py, not timed here
    assert elapsed > 0.7
    assert HANG_TIMEOUT + 2 / 60 <= 1.0
    assert fallbacks == ["screenreader>recording"]
    # Both the stuck message and the one queued behind it are said again.
    assert after.transcript == ["bloccato", "dopo"]
    assert output.spoken == []


def test_fallback_announcement_comes_before_the_lost_message() -> None:
    output = FakeOutput()
    after = RecordingSpeaker()
    reader = build_screen_reader(10.0, lambda: output)
    assert reader is not None
    chain = SpeechChain([reader, after])
    chain.on_fallback = lambda old, new: chain.speak(f"{old} perso, ora {new}", interrupt=True)
    output.raise_on = "persa"
    chain.speak("persa")
    wait_for(lambda: chain.active_name == "recording", chain)
    assert after.transcript == ["screenreader perso, ora recording", "persa"]
    assert [s.interrupt for s in after.spoken] == [True, False]


def test_screen_reader_quitting_mid_game_falls_back() -> None:
    class Quits(FakeOutput):
        running = True

        def get_first_available_output(self) -> object | None:
            return self if self.running else None

    output = Quits()
    fallbacks: list[str] = []
    chain, after = screen_reader_chain(output, fallbacks)
    output.running = False
    chain.speak("ci sei?")
    wait_for(lambda: chain.active_name == "recording", chain)
    assert after.transcript == ["ci sei?"]
    assert fallbacks == ["screenreader>recording"]


def test_falls_back_to_text_when_every_backend_breaks(capsys: pytest.CaptureFixture[str]) -> None:
    class Broken(RecordingSpeaker):
        def speak(self, text: str, interrupt: bool = False) -> None:
            raise RuntimeError("broken")

    fallbacks: list[str] = []
    chain = SpeechChain(
        [Broken(name="a"), Broken(name="b")], on_fallback=lambda o, n: fallbacks.append(o + ">" + n)
    )
    chain.speak("alla fine")
    assert chain.active_name == "text"
    assert fallbacks == ["a>b", "b>text"]
    assert capsys.readouterr().out == "alla fine\n"


def test_interrupt_drops_what_the_screen_reader_has_not_said(release: threading.Event) -> None:
    output = FakeOutput(release)
    reader = build_screen_reader(10.0, lambda: output, hang_timeout=5.0)
    assert reader is not None
    output.hang_on = "lento"
    reader.speak("lento")
    wait_for(lambda: reader._busy_since is not None)
    reader.speak("vecchio")
    reader.speak("nuovo", interrupt=True)
    output.hang_on = None
    release.set()
    wait_for(lambda: len(output.spoken) == 2)
    assert output.spoken == [("lento", False), ("nuovo", True)]
    reader.close()


def test_silence_reaches_the_screen_reader_and_drops_the_queue() -> None:
    output = FakeOutput()
    chain, _after = screen_reader_chain(output, [])
    chain.silence()
    wait_for(lambda: output.silenced == 1)
    chain.close()


def test_empty_interrupting_message_silences() -> None:
    rec = RecordingSpeaker()
    chain = SpeechChain([rec])
    chain.speak("\u2068\u2069", interrupt=True)
    assert rec.silenced == 1
    assert rec.transcript == []


def test_switch_to_changes_backend_at_run_time(capsys: pytest.CaptureFixture[str]) -> None:
    output = FakeOutput()
    chain, chosen = build_speech("text", None, "it", 200, screenreader_factory=lambda: output)
    assert chosen == "text"
    assert chain.switch_to("screenreader") == "screenreader"
    chain.speak("con il lettore")
    wait_for(lambda: output.spoken == [("con il lettore", False)])
    assert chain.switch_to("text") == "text"
    chain.speak("a schermo")
    assert capsys.readouterr().out == "a schermo\n"
    chain.close()


def test_orders() -> None:
    assert order_for("auto") == ("screenreader", "voice", "text")
    assert order_for("voice") == ("voice", "text")
    with pytest.raises(ValueError):
        order_for("braille")
