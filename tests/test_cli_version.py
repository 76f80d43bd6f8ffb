"""``audiogame --version``: what a newcomer types first to see that the game is there; and
the release written in one place only."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

import audiogame

ROOT = Path(__file__).resolve().parent.parent


def test_the_command_says_its_version_and_stops_without_starting_the_game():
    done = subprocess.run(
        [sys.executable, "-m", "audiogame", "--version"], capture_output=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode().strip() == f"audiogame {audiogame.__version__}"
    assert done.stderr == b""  # no sound device probed, no window, nothing said


def test_the_release_is_written_once_and_the_metadata_takes_it_from_there():
    with open(ROOT / "pyproject.toml", "rb") as handle:
        pyproject = tomllib.load(handle)
    assert "version" not in pyproject["project"]
    assert pyproject["project"]["dynamic"] == ["version"]
    assert pyproject["tool"]["hatch"]["version"]["path"] == "audiogame/__init__.py"


def test_the_installed_metadata_says_the_same_release():
    """Built by hatchling from that one line (``uv run`` installs the project so)."""
    try:
        installed = metadata.version("audiogame")
    except metadata.PackageNotFoundError:
        pytest.skip("no package metadata here: the Windows build reads the package itself")
    assert installed == audiogame.__version__


def test_the_changelogs_newest_entry_is_this_release():
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    releases = re.findall(r"^## (\d+\.\d+\.\d+\S*)", text, flags=re.MULTILINE)
    assert releases and releases[0] == audiogame.__version__
