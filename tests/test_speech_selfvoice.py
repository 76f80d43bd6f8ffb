"""Self-voicing with the real eSpeak NG shipped by espeakng-loader.

The mixer is replaced by ``FakeSink``, a tiny double that records what it was
asked to play (and reads each file at once, as the real mixer loads it) and is
"busy" until the test says the clip has finished.
"""

from __future__ import annotations

import array
import os
import threading
import time
import wave
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from audiogame.io.speech.chain import SpeechChain, build_speech
from audiogame.io.speech.espeak import EspeakError, EspeakRenderer
from audiogame.io.speech.recording import RecordingSpeaker
from audiogame.io.speech.selfvoice import SelfVoiceSpeaker, build_self_voice, split_for_speech


def read_wav(path: str) -> tuple[int, array.array]:
    with wave.open(path, "rb") as wav:
        assert wav.getsampwidth() == 2 and wav.getnchannels() == 1
        return wav.getframerate(), array.array("h", wav.readframes(wav.getnframes()))


class FakeSink:
    def __init__(self) -> None:
        self.played: list[array.array] = []
        self.stops = 0
        self.busy = False
        self.available = True

    def play_speech(self, path: str) -> None:
        self.played.append(read_wav(path)[1])
        self.busy = True

    def stop_speech(self) -> None:
        self.stops += 1
        self.busy = False

    def speech_busy(self) -> bool:
        return self.busy


@pytest.fixture
def sink() -> FakeSink:
    return FakeSink()


@pytest.fixture
def voice(sink: FakeSink) -> Iterator[SelfVoiceSpeaker]:
    # a voice has this long to start (a bound only: at load 20 eSpeak NG took longer than
    # the player's default, and the game then rightly went on without it)
    speaker = build_self_voice(sink, "it", 200, timeout=60.0)
    assert speaker is not None
    # A system voice that could not start (no SAPI voice for Italian: Wine, or an English
    # Windows) was closed on the way, stopping the shared sink once: count from here.
    sink.stops = 0
    yield speaker
    speaker.close()


def pump(speaker: SelfVoiceSpeaker | SpeechChain, until: Callable[[], bool], limit=30.0) -> None:
    """Frames until ``until()`` holds; the limit only ends a wait that would never end
    (a loaded machine may starve the renderer's thread for seconds)."""
    start = time.monotonic()
    while not until():
        assert time.monotonic() - start < limit, "not reached in time"
        speaker.update()
        time.sleep(0.002)


def peak(samples: array.array) -> int:
    return max(abs(s) for s in samples)


def test_espeak_renders_audible_italian(tmp_path: Path) -> None:
    renderer = EspeakRenderer()
    try:
        renderer.set_language("it")
        renderer.set_rate(200)
        path = str(tmp_path / "it.wav")
        assert renderer.render("Tocca a te. Hai sei tessere.", path)
    finally:
        renderer.close()
    rate, samples = read_wav(path)
    assert 0.8 < len(samples) / rate < 4.0  # seconds of speech
    assert peak(samples) > 5000
    loud = sum(1 for s in samples if abs(s) > 500)
    assert loud > len(samples) // 4  # speech, not a click in silence


def test_espeak_is_one_per_process_and_can_restart() -> None:
    first = EspeakRenderer()
    try:
        with pytest.raises(EspeakError):
            EspeakRenderer()
    finally:
        first.close()
    second = EspeakRenderer()
    second.close()


def test_espeak_rate_and_language_change_the_audio(tmp_path: Path) -> None:
    renderer = EspeakRenderer()
    lengths = {}
    try:
        for lang, wpm in [("it", 120), ("it", 400), ("en", 120)]:
            renderer.set_language(lang)
            renderer.set_rate(wpm)
            path = str(tmp_path / f"{lang}{wpm}.wav")
            renderer.render("ventitré", path)
            lengths[lang, wpm] = read_wav(path)[1]
        with pytest.raises(EspeakError):
            renderer.set_language("xx-nowhere")
    finally:
        renderer.close()
    assert len(lengths["it", 400]) < len(lengths["it", 120]) * 0.6
    assert lengths["en", 120] != lengths["it", 120]


def test_messages_queue_and_play_one_after_another(voice: SelfVoiceSpeaker, sink: FakeSink) -> None:
    voice.speak("uno")
    voice.speak("Anna gioca il doppio sei e passa la mano a Bruno")
    voice.speak("tre")
    pump(voice, lambda: len(sink.played) == 1)
    # while the first plays, the worker renders the rest (waited for, not slept on)
    pump(voice, lambda: len(voice._ready) == 2)
    assert len(sink.played) == 1, "the second must wait for the first to finish"
    sink.busy = False
    voice.update()  # one frame is enough: it was rendered ahead
    assert len(sink.played) == 2
    sink.busy = False
    pump(voice, lambda: len(sink.played) == 3)
    short, long_, short2 = (len(s) for s in sink.played)
    assert long_ > 3 * short and long_ > 3 * short2
    assert sink.stops == 0
    assert voice.backlog == 0


def test_interrupt_cuts_at_once_and_drops_the_queue(
    voice: SelfVoiceSpeaker, sink: FakeSink
) -> None:
    voice.speak("Anna gioca il doppio sei e passa la mano a Bruno")
    voice.speak("Bruno pesca una tessera dal mucchio e passa")
    pump(voice, lambda: len(sink.played) == 1)
    voice.speak("sì", interrupt=True)
    assert sink.stops == 1 and not sink.busy  # cut before the new message is even rendered
    pump(voice, lambda: len(sink.played) == 2)
    time.sleep(0.05)
    sink.busy = False
    voice.update()
    assert len(sink.played) == 2, "the dropped message never plays"
    assert len(sink.played[1]) * 3 < len(sink.played[0])


def test_silence_stops_everything(voice: SelfVoiceSpeaker, sink: FakeSink) -> None:
    voice.speak("primo messaggio")
    voice.speak("secondo messaggio")
    pump(voice, lambda: len(sink.played) == 1)
    voice.silence()
    time.sleep(0.05)
    voice.update()
    assert sink.stops == 1
    assert len(sink.played) == 1
    assert voice.backlog == 0


def test_language_switch_applies_to_the_next_message(
    voice: SelfVoiceSpeaker, sink: FakeSink
) -> None:
    # "Chi" is about a quarter longer in English ("chai") than in Italian ("ki").
    for played, lang in enumerate(("it", "en", "it"), start=1):
        voice.set_language(lang)
        voice.speak("Chi")
        pump(voice, lambda: len(sink.played) == played)  # noqa: B023 - used at once
        sink.busy = False
    italian, english, italian_again = (len(s) for s in sink.played)
    assert abs(italian - italian_again) < italian * 0.02  # eSpeak varies by a few samples
    assert english > italian * 1.1


def test_speak_never_waits_for_the_renderer(sink: FakeSink) -> None:
    slow = threading.Event()
    gate = threading.Event()

    held = threading.Event()
    released = threading.Event()  # the held render went on (the gate, or its minute)

    class Slow(EspeakRenderer):
        def render(self, text: str, path: str) -> bool:
            if slow.is_set():
                held.set()
                gate.wait(60.0)
                released.set()
            return super().render(text, path)

    speaker = build_self_voice(sink, renderer=Slow, timeout=60.0)
    assert speaker is not None
    slow.set()
    for i in range(50):
        speaker.speak(f"messaggio {i}")
    # every call returned while the first render is still held (a call that waited for
    # it would have returned only once the render went on: an order, not a time)
    assert not released.is_set()
    assert held.wait(60.0) and not gate.is_set()
    gate.set()
    speaker.close()


def test_renderer_that_cannot_start_gives_no_voice(sink: FakeSink) -> None:
    def broken() -> EspeakRenderer:
        raise OSError("no synthesizer")

    assert build_self_voice(sink, renderer=broken) is None


def test_a_voice_that_renders_nothing_gives_way_to_the_next(sink: FakeSink) -> None:
    class Mute(EspeakRenderer):
        name = "mute"

        def render(self, text: str, path: str) -> bool:
            return False  # like a system voice that writes no file

    speaker = build_self_voice(sink, renderer=[Mute, EspeakRenderer], timeout=60.0)
    assert speaker is not None
    try:
        assert speaker.detail == "espeak-ng"
        speaker.speak("eccomi")
        pump(speaker, lambda: len(sink.played) == 1)
    finally:
        speaker.close()
    assert build_self_voice(sink, renderer=[Mute]) is None


def test_hung_renderer_falls_back_and_respeaks(sink: FakeSink) -> None:
    gate = threading.Event()

    class Hangs(EspeakRenderer):
        def render(self, text: str, path: str) -> bool:
            if text != "ok":  # the start-up probe passes; the game's first message hangs
                gate.wait()
            return super().render(text, path)

    speaker = SelfVoiceSpeaker(sink, renderer=Hangs, render_timeout=0.3)
    assert speaker.ready.wait(30.0) and not speaker.failed
    after = RecordingSpeaker()
    fallbacks: list[tuple[str, str]] = []
    chain = SpeechChain([speaker, after], on_fallback=lambda o, n: fallbacks.append((o, n)))
    chain.speak("ciao")
    pump(chain, lambda: chain.active_name == "recording")
    assert fallbacks == [("voice", "recording")]
    assert after.transcript == ["ciao"]
    gate.set()
    speaker._thread.join(30.0)  # let the stuck worker release eSpeak for the next test
    assert not speaker._thread.is_alive()


def test_close_stops_the_worker_and_removes_files(sink: FakeSink) -> None:
    speaker = build_self_voice(sink, "en", 180, timeout=60.0)
    assert speaker is not None
    speaker.speak("hello")
    pump(speaker, lambda: len(sink.played) == 1)
    folder = speaker._dir
    assert os.listdir(folder)
    speaker.close()
    assert not speaker._thread.is_alive()
    assert not os.path.exists(folder)


def test_build_speech_voice_through_the_chain(sink: FakeSink) -> None:
    chain, chosen = build_speech("voice", sink, "it", 200)
    try:
        assert chosen == "voice"
        assert chain.detail == "espeak-ng"
        chain.set_rate(450)
        chain.speak("\u2068Anna\u2069 ha vinto la manche")
        pump(chain, lambda: len(sink.played) == 1)
        assert peak(sink.played[0]) > 5000
    finally:
        chain.close()


def test_no_sink_means_no_voice() -> None:
    chain, chosen = build_speech(
        "voice", None, "it", 200, screenreader_factory=lambda: 1 / 0, timeout=0.5
    )
    assert chosen == "text"
    chain.close()


def test_sound_device_lost_mid_game_falls_back_to_text(
    sink: FakeSink, capsys: pytest.CaptureFixture[str]
) -> None:
    chain, chosen = build_speech("voice", sink, "it", 200)
    fallbacks: list[tuple[str, str]] = []
    chain.on_fallback = lambda old, new: fallbacks.append((old, new))
    try:
        assert chosen == "voice"
        chain.speak("prima")
        pump(chain, lambda: len(sink.played) == 1)
        chain.speak("in coda")
        sink.available = False  # the mixer went silent, as AudioSystem does
        pump(chain, lambda: chain.active_name == "text")
        assert fallbacks == [("voice", "text")]
        assert capsys.readouterr().out == "in coda\n"
    finally:
        chain.close()


def test_rendered_speech_plays_on_the_pygame_mixer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    opened = not pygame.mixer.get_init()
    if opened:
        pygame.mixer.init(44100, -16, 2, 512)

    class MixerSink:
        """The mixer's speech channel, as the audio module drives it."""

        def __init__(self) -> None:
            self.channel = pygame.mixer.Channel(0)
            self.sound: pygame.mixer.Sound | None = None

        def play_speech(self, path: str) -> None:
            self.sound = pygame.mixer.Sound(path)
            self.channel.play(self.sound)

        def stop_speech(self) -> None:
            self.channel.stop()

        def speech_busy(self) -> bool:
            return self.channel.get_busy()

    mixer_sink = MixerSink()
    speaker = SelfVoiceSpeaker(mixer_sink, "it", 200)
    try:
        speaker.speak("Tocca a te")
        pump(speaker, lambda: mixer_sink.sound is not None)
        assert mixer_sink.speech_busy()
        assert 0.3 < mixer_sink.sound.get_length() < 3.0
        speaker.silence()
        assert not mixer_sink.speech_busy()
    finally:
        speaker.close()
        if opened:
            pygame.mixer.quit()


def test_a_system_voice_that_hangs_at_start_gives_way_to_espeak(sink: FakeSink) -> None:
    gate = threading.Event()

    gave_up = threading.Event()  # the hung voice's start ended (the gate, or its minute)

    def hangs() -> EspeakRenderer:
        gate.wait(60.0)
        gave_up.set()
        raise OSError("never came up")

    # each renderer has 10 s to start (eSpeak NG takes 0.02-0.1 s on a quiet machine; at
    # load 20 it took longer than the 3 s a player's game gives it): the hung voice's 10 s
    # are this test's only wait
    speaker = build_self_voice(sink, timeout=10.0, renderer=[hangs, EspeakRenderer])
    hung_meanwhile = not gave_up.is_set()
    gate.set()
    assert speaker is not None
    try:
        assert speaker.detail == "espeak-ng"
        assert hung_meanwhile  # the hung voice was given up while it hung, not waited for
    finally:
        speaker.close()


def test_long_text_is_cut_between_sentences_and_short_ones_packed() -> None:
    assert split_for_speech("Tocca a te. Hai sei tessere.") == ["Tocca a te. Hai sei tessere."]
    sentence = "Anna gioca il doppio sei e passa la mano a Bruno."
    text = " ".join([sentence] * 12) + "\nFine."
    parts = split_for_speech(text, limit=120)
    assert all(len(p) <= 120 for p in parts)
    assert parts[0] == sentence  # alone, to start soon
    assert parts[1] == sentence + " " + sentence  # then packed
    assert " ".join(parts) == text.replace("\n", " ")


def test_a_long_message_starts_playing_before_it_is_all_rendered(sink: FakeSink) -> None:
    text = " ".join(
        f"Frase numero {n}, con qualche parola in più per allungarla." for n in range(60)
    )
    parts = split_for_speech(text)
    assert len(parts) > 10
    gate = threading.Event()

    class HeldAfterTheFirstPart(EspeakRenderer):
        """Renders the first part; the rest only once the first has played."""

        def render(self, text: str, path: str) -> bool:
            if text == parts[1]:
                gate.wait(60.0)
            return super().render(text, path)

    voice = build_self_voice(sink, "it", 200, timeout=60.0, renderer=HeldAfterTheFirstPart)
    assert voice is not None
    try:
        voice.speak(text)
        # the first part plays while the second cannot have been rendered: a speaker
        # that waited for the whole text would play nothing for the gate's minute (how
        # soon it plays is timed by benchmarks/speech_render.py, not here)
        pump(voice, lambda: len(sink.played) == 1)
        assert not gate.is_set() and voice.backlog == len(parts) - 1
        gate.set()
        for played in range(2, len(parts) + 1):
            sink.busy = False
            pump(voice, lambda: len(sink.played) == played)  # noqa: B023 - used at once
        assert voice.backlog == 0
    finally:
        gate.set()
        voice.close()


class NoCues:
    def play(self, cue: str, pan: float = 0.0, volume: float = 1.0) -> None:
        pass


def test_the_voice_tells_what_is_unheard_and_an_answer_keeps_the_events_it_cut(
    voice: SelfVoiceSpeaker, sink: FakeSink
) -> None:
    """Pacing by speech with the built-in voice: it knows when each utterance has been
    played to its end (no model), and the announcer says the events an answer cut
    after it."""
    from audiogame.announce import Announcer
    from audiogame.language.localizer import Localizer

    announcer = Announcer(voice, NoCues(), Localizer("it"), lambda kind: "speak")
    announcer.speak("Marco gioca il sei tre a destra.", interrupt=False, event=True)
    announcer.speak("Giulia passa.", interrupt=False, event=True)
    assert voice.unfinished() == 2 and announcer.speaking
    pump(voice, lambda: len(sink.played) == 1)
    assert voice.unfinished() == 2  # the first plays, the second waits
    sink.busy = False  # the first has been heard to its end
    pump(voice, lambda: len(sink.played) == 2)
    assert voice.unfinished() == 1
    # an answer cuts Giulia's pass half-way: it is said again after the answer
    announcer.speak("La tua mano: sei sei.", interrupt=True, event=False)
    announcer.flush()
    assert voice.unfinished() == 2
    pump(voice, lambda: len(sink.played) == 3)
    sink.busy = False
    pump(voice, lambda: len(sink.played) == 4)
    sink.busy = False
    voice.update()
    assert voice.unfinished() == 0 and not announcer.speaking
    again = sink.played[3]
    assert abs(len(again) - len(sink.played[1])) < len(again) // 10  # Giulia's pass, whole
