"""``audiogame --version``: what a newcomer types first to see that the game is there."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import audiogame

ROOT = Path(__file__).resolve().parent.parent


def test_the_command_says_its_version_and_stops_without_starting_the_game():
    done = subprocess.run(
        [sys.executable, "-m", "audiogame", "--version"], capture_output=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode().strip() == f"audiogame {audiogame.__version__}"
    assert done.stderr == b""  # no sound device probed, no window, nothing said


def test_the_package_and_pyproject_name_the_same_release():
    with open(ROOT / "pyproject.toml", "rb") as handle:
        assert tomllib.load(handle)["project"]["version"] == audiogame.__version__
