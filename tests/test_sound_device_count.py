"""On a Windows with no sound output, the game knows at once: it does not wait seconds
for SDL's WASAPI to give up (8 s under Wine, where this runs: Wine has no sound here)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.skipif(
    sys.platform != "win32", reason="it counts Windows' own sound output devices (winmm)"
)

SCRIPT = textwrap.dedent(
    """
    import ctypes
    from audiogame.io.audio import AudioSystem
    from audiogame.io.audio.mixer import no_output_device

    devices = ctypes.WinDLL("winmm").waveOutGetNumDevs()
    audio = AudioSystem()
    print(devices, no_output_device(), audio.start(load_cues=False), audio.failure)
    """
)


def test_no_output_device_is_told_without_opening_one():
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    devices, none, opened, failure = done.stdout.split(maxsplit=3)
    if devices != "0":
        pytest.skip(f"this Windows has {devices} sound output devices")
    assert (none, opened) == ("True", "False")
    assert failure.strip() == "RuntimeError: no sound output device"


def test_a_driver_named_by_the_environment_is_left_to_sdl(monkeypatch):
    from audiogame.io.audio.mixer import no_output_device

    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    assert no_output_device() is False
