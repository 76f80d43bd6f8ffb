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
