"""The README's first command, on a machine that has never run it (an empty uv cache, no
environment yet), in a real terminal: nothing reaches the terminal before the game's first
words but those words. A screen reader reads every line uv or pip would print there."""

from __future__ import annotations

import os
import re
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: what a player's copy holds that the command needs (pyproject.toml's build includes)
PLAYER_COPY = ("pyproject.toml", "README.md", "LICENSE", "audiogame", "locales", "sounds", "docs")
CONTROL = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07]*\x07|[@-Z\\-_])")
#: uv's words when the package index cannot be reached at all
OFFLINE = ("dns error", "Connection refused", "Network is unreachable", "failed to lookup")

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal (POSIX pty)")


def first_command() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Two commands", 1)[1]
    return re.search(r"```sh\n(.+?)\n```", section, flags=re.DOTALL).group(1).strip()


def test_the_first_command_stays_one_line_that_sets_itself_up():
    command = first_command()
    assert "\n" not in command
    assert command.startswith("python3 -m pip install") and "python3 -m uv run" in command


def test_from_an_empty_cache_only_the_games_words_reach_the_terminal(tmp_path):
    import pty  # POSIX only: imported here, so that Windows collects the module and skips

    copy = tmp_path / "audiogame"
    copy.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for part in PLAYER_COPY:
        source = ROOT / part
        if source.is_dir():
            shutil.copytree(source, copy / part, ignore=ignore)
        else:
            shutil.copy2(source, copy / part)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("UV", "VIRTUAL_ENV"))}
    # a player's shell: the python3 of the machine, not the one of this test's environment
    inside = Path(sys.prefix).resolve()
    env["PATH"] = os.pathsep.join(
        folder
        for folder in env.get("PATH", "").split(os.pathsep)
        if folder and inside not in Path(folder).resolve().parents
    )
    env.update(UV_CACHE_DIR=str(tmp_path / "empty uv cache"), TERM="xterm")
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    command = f"{first_command()} --speech text --lang en"
    leader, follower = pty.openpty()
    proc = subprocess.Popen(
        ["bash", "-c", command],
        stdin=follower, stdout=follower, stderr=follower, cwd=copy, env=env,
        start_new_session=True,
    )  # fmt: skip
    os.close(follower)
    seen = b""
    try:
        deadline = time.monotonic() + 600  # a first run downloads every dependency
        while b"Main menu" not in seen and time.monotonic() < deadline:
            ready, _, _ = select.select([leader], [], [], 1.0)
            if ready:
                try:
                    chunk = os.read(leader, 65536)
                except OSError:  # the command ended
                    break
                seen += chunk
            elif proc.poll() is not None:
                break
        said = CONTROL.sub(b"", seen).decode("utf-8", "replace")
        if proc.poll() is not None and any(word in said for word in OFFLINE):
            pytest.skip(f"the package index cannot be reached from here: {said[-300:]}")
        assert "Main menu" in said, said[-2000:]
        os.write(leader, b"\x03")  # Control+C: the game leaves at once
        assert proc.wait(timeout=60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(leader)
    before, _, _rest = said.partition("Welcome to audiogame.")
    assert before.strip() == "", before
