"""A newcomer's walk through a real terminal: what it found, each through a real pty.

The installed ``audiogame`` command runs in a pseudo-terminal with the text
backend (what a screen reader reads off a terminal), keys written as the bytes
a terminal sends (``devtools.pty_session``). Each test here is a problem a
player met on that walk, and fails on the code before its fix.
"""

from __future__ import annotations

import re
import sys
import time

import pytest

if sys.platform == "win32":  # pragma: no cover - the pty module is POSIX only
    pytest.skip(
        "pseudo-terminals exist on POSIX systems only; on Windows prompt_toolkit reads "
        "the console's own key records, which this machine cannot create",
        allow_module_level=True,
    )

from audiogame.devtools.pty_session import PtyGame  # noqa: E402


@pytest.fixture
def pty_game(tmp_path):
    games: list[PtyGame] = []

    def start(*args: str, **kwargs) -> PtyGame:
        game = PtyGame(tmp_path / f"pty{len(games)}", args=args, **kwargs)
        games.append(game)
        return game

    yield start
    for game in games:
        game.close()


BOT_MOVE = {
    "en": r"(Marco|Giulia|Luca) (opens|plays|draws|passes)",
    "it": r"(Marco|Giulia|Luca) (apre|gioca|pesca|passa)",
}


@pytest.mark.parametrize("lang", ["en", "it"])
def test_pressing_a_key_again_and_again_does_not_stop_the_bots(pty_game, lang) -> None:
    """Space pressed every half second while a bot has the turn: each press is answered
    ("It is not your turn."), and the bots go on. The printed answers used to pile up
    in the listening model (text cuts nothing), each holding game time for its reading
    after the others: the bots never moved for as long as the player kept pressing."""
    g = pty_game("--seed", "3", lang=lang)
    g.wait_for("^(Main menu|Menu principale)")
    g.answer("\r")
    since = g.mark()
    g.send("\r")
    g.wait_for(r"^(Domino with|Domino con)", since)
    moved = re.compile(BOT_MOVE[lang])
    end = time.monotonic() + 25
    answers = 0
    while time.monotonic() < end:
        if any(moved.search(line) for line in g.lines_since(since)):
            break
        answers += len(g.answer(" ", quiet=0.5, timeout=2))
    else:
        raise AssertionError(f"no bot moved in 25 s of presses: {g.lines_since(since)}")
    assert answers >= 1  # each press was answered meanwhile
    assert g.answer("\x03") == []
    assert g.wait_exit() == 0 and g.terminal_restored()
