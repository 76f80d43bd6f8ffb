"""The sound device is opened once: never with ``--no-sound``, never again after it failed.

``pygame.init()`` opens the mixer too, so a game that called it after ``AudioSystem``
opened the device a second time whenever the first open had not happened or had failed
(about 8 s each under Wine's WASAPI with no sound card). Seen with the real pygame and
SDL's disk audio driver, which creates its file when, and only when, the device opens.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.test_exit_and_copies import wait_for_menu

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(
    sys.platform == "win32",
    reason="SDL 2's disk audio driver cannot be given its file name on Windows (the "
    "environment is read into one shared buffer), and the command test sends SIGTERM",
)


def disk_audio(mix: Path) -> dict[str, str]:
    return dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="disk",
        SDL_DISKAUDIOFILE=str(mix),
        SDL_DISKAUDIODELAY="1",
        PYTHONPATH=str(ROOT),
    )


def run_to_the_main_menu(tmp_path: Path, mix: Path, *extra: str) -> str:
    """The real command up to its main menu, then SIGTERM; what it printed."""
    args = ["--no-window", "--speech", "text", "--lang", "en", *extra]
    args += ["--config-dir", str(tmp_path / "config"), "--data-dir", str(tmp_path / "data")]
    proc = subprocess.Popen(
        [sys.executable, "-m", "audiogame", *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=disk_audio(mix),
    )
    try:
        said = wait_for_menu(proc)
        proc.send_signal(signal.SIGTERM)
        _out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 0, err
    return said


def test_with_no_sound_the_device_is_never_opened(tmp_path):
    mix = tmp_path / "mix.raw"
    said = run_to_the_main_menu(tmp_path, mix, "--no-sound")
    assert "Main menu" in said
    assert not mix.exists()


def test_without_no_sound_the_same_run_opens_it(tmp_path):
    """The other side of the test above: the disk driver shows an open when there is one."""
    mix = tmp_path / "mix.raw"
    run_to_the_main_menu(tmp_path, mix)
    assert mix.exists()


SCRIPT = textwrap.dedent(
    """
    import os, sys
    from pathlib import Path
    import pygame
    from audiogame.io.audio import AudioSystem
    from audiogame.io.sdl import start_sdl

    mix = Path(os.environ["SDL_DISKAUDIOFILE"])
    audio = AudioSystem()
    opened = audio.start(load_cues=False)   # its folder is missing: the open fails
    mix.parent.mkdir()                      # a second open would now succeed
    start_sdl()                             # what the game starts after the mixer
    after_start = mix.exists(), pygame.mixer.get_init()
    pygame.init()                           # what the game called before: it opens again
    print(opened, audio.failure is not None, *after_start, mix.exists())
    """
)


def test_after_a_failed_open_starting_sdl_does_not_try_again(tmp_path):
    mix = tmp_path / "later" / "mix.raw"
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        capture_output=True,
        text=True,
        env=disk_audio(mix),
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    opened, failed, after_start, mixer, after_pygame_init = done.stdout.split()
    assert (opened, failed) == ("False", "True")
    assert (after_start, mixer) == ("False", "None")  # start_sdl left the device alone
    assert after_pygame_init == "True"  # pygame.init() would have opened it a second time
