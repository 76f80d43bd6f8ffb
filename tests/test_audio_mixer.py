"""The cue bank on the real pygame mixer, with SDL's dummy, disk and a missing driver."""

from __future__ import annotations

import logging
import math
import time
from array import array
from pathlib import Path

import pygame
import pytest

from audiogame.games import registry
from audiogame.io.audio import AudioSystem, pan_gains
from audiogame.io.audio.mixer import SPEECH_CHANNEL, UI_CHANNELS

CUE_IDS = tuple(cue.id for cue in registry.cues())

SOUNDS = Path(__file__).resolve().parents[1] / "sounds"


@pytest.fixture
def driver(monkeypatch: pytest.MonkeyPatch):
    """Choose the SDL audio driver for one test; the mixer is closed before and after."""

    def choose(name: str, **extra: str) -> None:
        monkeypatch.setenv("SDL_AUDIODRIVER", name)
        for key, value in extra.items():
            monkeypatch.setenv(key, value)

    pygame.mixer.quit()
    yield choose
    pygame.mixer.quit()


@pytest.fixture
def audio(driver):
    driver("dummy")
    system = AudioSystem(cues=registry.cues)
    assert system.start() is True
    yield system
    system.close()


def test_start_on_the_dummy_driver_loads_every_cue(audio: AudioSystem) -> None:
    assert audio.available and audio.failure is None and audio.missing == ()
    assert pygame.mixer.get_init()[0] == 44100
    before = time.perf_counter_ns()
    for cue in CUE_IDS:
        audio.play(cue)
    assert audio.last_play_ns >= before
    assert pygame.mixer.get_busy()


def test_an_unknown_cue_is_harmless_and_logged_once(audio, caplog) -> None:
    with caplog.at_level(logging.WARNING, logger="audiogame.io.audio.mixer"):
        audio.play("no_such_cue")
        audio.play("no_such_cue", pan=-1)
    assert audio.available
    assert sum("no_such_cue" in r.getMessage() for r in caplog.records) == 1


def test_disabled_sound_stays_silent_and_never_opens_the_mixer(driver) -> None:
    driver("dummy")
    system = AudioSystem(enabled=False)
    assert system.start() is False
    assert not system.available and system.failure == "sound disabled"
    system.play("menu_move")
    system.play_speech(str(SOUNDS / "stop.wav"))
    assert system.speech_busy() is False
    system.stop_speech(), system.stop_all(), system.close()
    assert pygame.mixer.get_init() is None


def test_no_sound_device_means_silent_and_harmless(driver) -> None:
    driver("nosuch")
    system = AudioSystem(cues=registry.cues)
    assert system.start() is False
    assert not system.available and "nosuch" in (system.failure or "")
    system.play("tile_play", pan=0.5)
    system.play_speech(str(SOUNDS / "stop.wav"))
    system.cue_volume = 0.3
    assert system.speech_busy() is False and system.last_play_ns == 0
    system.stop_all(), system.close()


def test_a_mixer_fault_while_playing_turns_sound_off_and_tells_once(audio) -> None:
    told: list[str] = []
    audio.on_failure = told.append
    pygame.mixer.quit()  # the device goes away behind the game's back
    audio.play("menu_move")
    audio.play("menu_select")
    audio.play_speech(str(SOUNDS / "stop.wav"))
    assert not audio.available and audio.failure
    assert told == [audio.failure]


def test_losing_the_output_device_turns_sound_off_once(audio) -> None:
    told: list[str] = []
    audio.on_failure = told.append
    microphone = pygame.event.Event(pygame.AUDIODEVICEREMOVED, which=3, iscapture=1)
    audio.handle_event(microphone)
    audio.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a))
    assert audio.available and told == []
    removed = pygame.event.Event(pygame.AUDIODEVICEREMOVED, which=2, iscapture=0)
    audio.handle_event(removed)
    audio.handle_event(removed)
    assert not audio.available and told == ["sound device removed"]
    audio.play("menu_move")


def test_missing_sound_files_keep_the_mixer_for_speech(driver, tmp_path: Path) -> None:
    driver("dummy")
    system = AudioSystem(sounds_dir=tmp_path, cues=registry.cues)
    assert system.start() is True
    assert set(system.missing) == set(CUE_IDS)
    system.play("menu_move")
    system.play_speech(str(SOUNDS / "match_won.wav"))
    assert system.speech_busy()
    system.close()


def test_an_unreadable_cue_file_silences_that_cue_only(driver, tmp_path: Path) -> None:
    driver("dummy")
    for cue in CUE_IDS:
        (tmp_path / f"{cue}.wav").write_bytes((SOUNDS / f"{cue}.wav").read_bytes())
    (tmp_path / "pass.wav").write_bytes(b"RIFF broken")
    system = AudioSystem(sounds_dir=tmp_path, cues=registry.cues)
    assert system.start() is True and system.missing == ("pass",)
    system.play("pass")
    system.play("tile_play")
    assert pygame.mixer.get_busy()
    system.close()


def test_speech_plays_on_its_own_channel_and_survives_a_burst_of_cues(audio) -> None:
    audio.play("stop")  # a ui cue, also long enough to outlive the burst
    audio.play_speech(str(SOUNDS / "match_won.wav"))
    for k in range(60):
        audio.play("die_tray" if k % 2 else "dice_roll", pan=(k % 5 - 2) / 2)
    assert audio.speech_busy()
    speech = pygame.mixer.Channel(SPEECH_CHANNEL).get_sound()
    assert speech is not None and speech.get_length() == pytest.approx(1.36, abs=0.01)
    ui_sounds = [pygame.mixer.Channel(1 + k).get_sound() for k in range(UI_CHANNELS)]
    assert any(s is not None and s.get_length() == pytest.approx(0.7, abs=0.01) for s in ui_sounds)
    audio.stop_speech()
    assert not audio.speech_busy()


def test_new_speech_replaces_the_old(audio) -> None:
    audio.play_speech(str(SOUNDS / "match_won.wav"))
    audio.play_speech(str(SOUNDS / "menu_move.wav"))
    sound = pygame.mixer.Channel(SPEECH_CHANNEL).get_sound()
    assert sound.get_length() == pytest.approx(0.09, abs=0.01)


def test_an_unreadable_speech_file_loses_one_utterance_only(audio, tmp_path: Path) -> None:
    bad = tmp_path / "bad.wav"
    bad.write_bytes(b"not a wav")
    audio.play_speech(str(bad))
    audio.play_speech(str(tmp_path / "absent.wav"))
    assert audio.available
    audio.play_speech(str(SOUNDS / "match_won.wav"))
    assert audio.speech_busy()


def test_stop_all_silences_cues_and_speech(audio) -> None:
    audio.play("match_won")
    audio.play_speech(str(SOUNDS / "game_won.wav"))
    assert pygame.mixer.get_busy()
    audio.stop_all()
    assert not pygame.mixer.get_busy() and not audio.speech_busy()


def test_sound_can_be_closed_and_started_again(audio) -> None:
    audio.close()
    assert not audio.available and pygame.mixer.get_init() is None
    audio.play("menu_move")  # closed: a no-op
    assert audio.start() is True and audio.failure is None
    audio.play("menu_move")
    assert pygame.mixer.get_busy()


def test_volumes_clamp_and_speech_volume_reaches_the_channel(audio) -> None:
    audio.cue_volume = 1.7
    assert audio.cue_volume == 1.0
    audio.cue_volume = -0.2
    assert audio.cue_volume == 0.0
    audio.play_speech(str(SOUNDS / "match_won.wav"))
    audio.speech_volume = 0.5
    assert audio.speech_volume == 0.5
    assert pygame.mixer.Channel(SPEECH_CHANNEL).get_volume() == pytest.approx(0.5, abs=0.01)


def test_pan_gains_are_equal_power() -> None:
    assert pan_gains(-1.0) == pytest.approx((1.0, 0.0))
    assert pan_gains(1.0) == pytest.approx((0.0, 1.0))
    assert pan_gains(0.0) == pytest.approx((math.sqrt(0.5), math.sqrt(0.5)))
    assert pan_gains(-7.0) == pan_gains(-1.0) and pan_gains(3.0, 2.0) == pan_gains(1.0)
    for k in range(-10, 11):
        left, right = pan_gains(k / 10, 0.6)
        assert left**2 + right**2 == pytest.approx(0.36)
        assert (left >= right) == (k <= 0)


# -- what reaches the speakers: the disk driver writes the mix to a file -------------


def _record(driver, tmp_path: Path, pans: list[float], cue: str = "symbol_hamsa"):
    """Play ``cue`` at each pan in turn; return the mixed (left, right) samples of each."""
    takes = []
    for index, pan in enumerate(pans):
        raw = tmp_path / f"take{index}.raw"
        # 1 ms per 512-frame buffer: the disk driver runs ~11x faster than real time
        driver("disk", SDL_DISKAUDIOFILE=str(raw), SDL_DISKAUDIODELAY="1")
        system = AudioSystem(cues=registry.cues)
        assert system.start()
        system.cue_volume = 1.0
        system.play(cue, pan=pan)
        deadline = time.monotonic() + 60  # a bound only: the cue's end is awaited
        while pygame.mixer.get_busy() and time.monotonic() < deadline:
            time.sleep(0.005)
        system.close()
        mix = array("h", raw.read_bytes())
        takes.append((mix[0::2], mix[1::2]))
    return takes


def _energy(samples) -> float:
    return float(sum(s * s for s in samples))


def test_panning_reaches_the_speakers(driver, tmp_path: Path) -> None:
    (hard_left, hard_right, centre, half_right) = _record(driver, tmp_path, [-1, 1, 0, 0.5])
    left, right = hard_left
    assert _energy(left) > 1e9 and _energy(right) < 1e-4 * _energy(left)
    left, right = hard_right
    assert _energy(right) > 1e9 and _energy(left) < 1e-4 * _energy(right)
    left, right = centre
    assert _energy(left) == pytest.approx(_energy(right), rel=0.05)
    assert _energy(left) == pytest.approx(_energy(hard_left[0]) / 2, rel=0.1)  # equal power
    left, right = half_right
    assert _energy(right) > 3 * _energy(left) > 0


def test_cues_can_load_after_the_mixer_opened(tmp_path):
    """Start-up opens the mixer, speaks, then loads the cues: nothing plays before."""
    from audiogame.io.audio import AudioSystem

    audio = AudioSystem(cues=registry.cues)
    try:
        assert audio.start(load_cues=False)
        audio.play("menu_move")  # not loaded yet: harmless, nothing heard
        assert audio.last_play_ns == 0
        audio.load_cues()
        audio.play("menu_move")
        assert audio.last_play_ns > 0
    finally:
        audio.close()
