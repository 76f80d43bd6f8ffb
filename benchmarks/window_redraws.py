"""How often the window draws: frames that redraw against frames in all, in real matches.

The real app (``Harness`` with the real window on the dummy video driver, the
virtual clock, seed 1) plays a two-player Domino match to 25 points (the human
plays the first tile that fits, by keys) and a three-player Tira e Passa game
(the human throws as soon as the dice land). Every frame the window is asked to
draw; it draws only when the board, the messages, the text size or the window
changed; the app asks the scene for its board only after something that may
change it (a key, a scheduled call, a batch of events, a finished bot's search)
and twice a second otherwise. Printed per game: frames, redraws, their share,
how many frames asked for the board and what one ask costs.

    uv run python benchmarks/window_redraws.py [--screenshots docs]

With ``--screenshots`` it also saves the window's surface mid-match as
``window-domino.png`` and ``window-tira.png`` (the guides show them).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from audiogame.devtools.domino_keys import my_move_keys  # noqa: E402
from audiogame.devtools.harness import Harness  # noqa: E402
from audiogame.devtools.tira_keys import throw_due  # noqa: E402
from audiogame.games.domino import Phase  # noqa: E402
from audiogame.games.domino.table_setup import DominoSetup  # noqa: E402
from audiogame.games.tirapassa.observation import Phase as TiraPhase  # noqa: E402
from audiogame.games.tirapassa.table_setup import TableSetup  # noqa: E402
from audiogame.ui.games.domino.table import DominoTable  # noqa: E402
from audiogame.ui.games.tira.table import TiraTable  # noqa: E402

REACTION = 0.9  # seconds the Tira player takes to throw again


def timed_boards(h: Harness) -> list[float]:
    """Wrap the app's board question to time it (seconds per call)."""
    spent: list[float] = []
    ask = h.app.board

    def board() -> object:
        start = time.perf_counter()
        found = ask()
        spent.append(time.perf_counter() - start)
        return found

    h.app.board = board  # type: ignore[method-assign]
    return spent


def domino(shot: Callable[[Harness, str], None]) -> tuple[Harness, list[float]]:
    h = Harness(Path(tempfile.mkdtemp()), lang="en", seed=1, window=True)
    setup = DominoSetup(levels=["normal"])
    setup.options["point-limit"] = 25
    table = DominoTable(h.app, setup, 1)
    spent = timed_boards(h)
    h.start(table)
    turns = 0
    while not table.match.is_over:
        match = table.match
        if match.phase is Phase.PLAYING and match.current_seat == 0:
            h.advance(1.0)
            turns += 1
            if turns == 4:
                shot(h, "window-domino.png")
            for key in my_move_keys(table):
                h.press(key)
        elif match.phase is Phase.BETWEEN:
            h.advance(3.0)
            h.press("enter")
        else:
            h.advance(0.1)
    return h, spent


def tira(shot: Callable[[Harness, str], None]) -> tuple[Harness, list[float]]:
    h = Harness(Path(tempfile.mkdtemp()), lang="en", seed=1, window=True)
    table = TiraTable(h.app, TableSetup(players=3), 1)
    spent = timed_boards(h)
    h.start(table)
    throws = 0
    shown = False
    while not table.finished:
        obs = table.observation()
        if throw_due(table, h.clock.now(), REACTION):
            h.press("space")
            throws += 1
        elif (
            not shown
            and throws >= 3
            and obs.phase is TiraPhase.RACING
            and len(obs.hand) >= 2
            and None not in obs.hand
            and not obs.in_the_air
        ):
            shot(h, "window-tira.png")  # the race, my dice landed
            shown = True
        h.advance(0.05)
    return h, spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--screenshots", type=Path, help="folder for the two screenshots")
    args = parser.parse_args()

    def shot(h: Harness, name: str) -> None:
        if args.screenshots is not None and h.app.window is not None:
            pygame.image.save(h.app.window.surface, str(args.screenshots / name))
            print(f"saved {args.screenshots / name}")

    print(f"{'game':<14}{'frames':>8}{'redraws':>9}{'share':>8}{'board asks':>12}{'per ask':>10}")
    for name, run in (("Domino", domino), ("Tira e Passa", tira)):
        h, spent = run(shot)
        window = h.app.window
        assert window is not None
        share = window.redraws / window.frames
        per_ask = sum(spent) / len(spent) * 1e6
        print(
            f"{name:<14}{window.frames:>8}{window.redraws:>9}{share:>8.1%}"
            f"{len(spent):>12}{per_ask:>7.0f} µs"
        )
        h.close()


if __name__ == "__main__":
    main()
