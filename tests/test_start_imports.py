"""What a start loads before the player hears it: the greeting comes before pygame and
the games are imported, and the main menu (which reads each game's spec) before any
game's engine or bots. Under Wine every module costs file look-ups through the Wine
server; ``benchmarks/windows_start.py`` and ``benchmarks/startup.py`` time the starts."""

from __future__ import annotations

import ast
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("audiogame.games.domino", "audiogame.games.tirapassa")
HEAVY = tuple(f"{game}.{part}" for game in GAMES for part in ("engine", "bots"))

#: run in a fresh interpreter: the real command, text speech, until the main menu is said
PROBE = """
import json, os, sys
import audiogame.io.speech.text as text
said = {}
speak = text.TextSpeaker.speak
def record(self, words, *args, **kwargs):
    loaded = (m for m in sys.modules if m.startswith(("pygame", "audiogame.games")))
    said[words.split(".")[0]] = sorted(loaded)
    speak(self, words, *args, **kwargs)
    if words.startswith("Main menu"):
        sys.stdout.flush()
        print("LOADED " + json.dumps(said), file=sys.stderr, flush=True)
        os._exit(0)
text.TextSpeaker.speak = record
from audiogame.cli import main
main(["--speech", "text", "--lang", "en", "--no-sound", "--no-window",
      "--config-dir", sys.argv[1], "--data-dir", sys.argv[2]])
"""


def test_the_greeting_before_pygame_and_the_menu_before_any_engine(tmp_path):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(tmp_path / "config"), str(tmp_path / "data")],
        capture_output=True,
        text=True,
        env=env,
        stdin=subprocess.DEVNULL,
        timeout=300,  # a bound only
    )
    line = next((x for x in done.stderr.splitlines() if x.startswith("LOADED ")), None)
    assert line is not None, done.stderr[-2000:]
    loaded = json.loads(line.removeprefix("LOADED "))
    assert not [m for m in loaded["Welcome to audiogame"] if m.startswith("pygame")]
    at_menu = loaded["Main menu"]
    assert "pygame" in at_menu and f"{GAMES[0]}.spec" in at_menu
    assert not [m for m in at_menu if m.startswith(HEAVY)]


def _typed_names(package: str) -> dict[str, str]:
    """The names the package imports for the type checker, each with its module."""
    source = Path(importlib.import_module(package).__file__ or "").read_text(encoding="utf-8")
    names = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for imported in node.body:
                assert isinstance(imported, ast.ImportFrom)
                for alias in imported.names:
                    names[alias.asname or alias.name] = imported.module or ""
    return names


@pytest.mark.parametrize("package", GAMES)
def test_a_games_public_names_are_the_typed_ones_and_each_loads_from_its_module(package):
    typed = _typed_names(package)
    found = importlib.import_module(package)
    assert sorted(typed) == sorted(found.__all__)
    for name, module in typed.items():
        assert getattr(found, name) is getattr(importlib.import_module(module), name), name
    with pytest.raises(AttributeError):
        found.no_such_name  # noqa: B018
    assert importlib.import_module(f"{package}.events").__name__ == f"{package}.events"
