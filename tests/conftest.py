"""Every test runs headless: SDL's dummy video and audio drivers, set before pygame loads."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402


@pytest.fixture
def harness_factory(tmp_path):
    from audiogame.devtools.harness import Harness

    made = []

    def make(lang: str = "it", **kwargs):
        h = Harness(tmp_path, lang=lang, **kwargs)
        made.append(h)
        return h

    yield make
    for h in made:
        h.close()


@pytest.fixture
def folder_game(monkeypatch):
    """The game in ``tests/games`` (found as a player would add one), registered for
    this test only; yields its spec. The network tests play it: its dice are hidden."""
    from pathlib import Path

    from audiogame.games import registry

    games = Path(__file__).parent / "games"
    (folder,) = [p for p in games.iterdir() if (p / "spec.py").is_file()]
    monkeypatch.setenv(registry.ENV_VAR, str(games))
    registry.reset()
    yield registry.get(folder.name)
    monkeypatch.delenv(registry.ENV_VAR)
    registry.reset()
