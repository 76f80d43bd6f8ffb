"""How much of the table the window shows at each text size (issue 29, item 4).

The real app (``Harness`` with the real window on the dummy video driver, the
virtual clock, seed 1) sits at a Domino table (you and three normal bots, at
your first turn) and at a Tira e Passa table (you and two bots, manual mode,
once the supreme symbol is rolled), in a window of 1024×640 (the game's own
size) and one of 1280×800. For each text size Ctrl+Plus and Ctrl+Minus step
through, it prints how many of the board's rows (its title among them) the
window shows, whether my hand (Domino) or my dice (Tira) are shown whole or
only around the cursor, and how many rows the window says it left out.

    uv run python benchmarks/window_rows.py [--lang en]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from audiogame.devtools.harness import Harness  # noqa: E402
from audiogame.games.domino.table_setup import DominoSetup  # noqa: E402
from audiogame.games.tirapassa.options import Control  # noqa: E402
from audiogame.games.tirapassa.table_setup import TableSetup  # noqa: E402
from audiogame.io.bigprint import board_lines, plain  # noqa: E402
from audiogame.store.settings import TEXT_SIZES  # noqa: E402
from audiogame.ui.games.domino.table import DominoTable  # noqa: E402
from audiogame.ui.games.tira.table import TiraTable  # noqa: E402

SIZES = ((1024, 640), (1280, 800))


def domino(h: Harness) -> None:
    table = DominoTable(h.app, DominoSetup(levels=["normal"] * 3), 1)
    h.start(table)
    h.run_until(lambda: table.view().my_turn, timeout=120)


def tira(h: Harness) -> None:
    table = TiraTable(h.app, TableSetup(players=3, control=Control.MANUAL), 1)
    h.start(table)
    h.run_until(lambda: table.observation().supreme is not None, timeout=120)


def rows_shown(h: Harness, mine: int) -> tuple[int, int, str, int]:
    """(rows shown whole or in part, rows in all, my row: whole / part / none, rows
    the window says it left out). A row is shown in part when a shown line starts as
    it does, or (my row) when its cursor's cell is shown."""
    window = h.app.window
    assert window is not None
    board = h.app.board()
    assert board is not None
    logical = plain(board_lines(board, h.app.localizer))
    joined = " ".join(window.shown)
    seen = 0
    own = "none"
    left_out = getattr(window, "left_out", None)  # None: a window that does not say
    for n, line in enumerate(logical):
        first = line.split()[0]
        cursor = next((w for w in line.split() if w.startswith("[")), None)
        whole = line in joined
        part = any(s.startswith(first) for s in window.shown)
        part = part or (cursor is not None and any(cursor in s.split() for s in window.shown))
        seen += whole or part
        if n == mine:
            own = "whole" if whole else "part" if part else "none"
    if left_out is not None:
        seen = len(logical) - left_out
    return seen, len(logical), own, left_out or 0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()
    for name, sit, mine in (("Domino", domino, 2), ("Tira", tira, 3)):
        h = Harness(Path(tempfile.mkdtemp()), lang=args.lang, window=True)
        sit(h)
        window = h.app.window
        assert window is not None
        for size in SIZES:
            event = pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
            pygame.event.post(event)
            h.advance(0.05)
            cells = []
            for text_size in TEXT_SIZES:
                window.set_text_size(text_size)
                h.app.look()
                h.advance(0.02)
                seen, rows, own, left_out = rows_shown(h, mine)
                said = f", {left_out} said" if left_out else ""
                cells.append(f"{text_size}%: {seen}/{rows} ({own}{said})")
            print(f"{name} {size[0]}x{size[1]}: " + "; ".join(cells))
        h.close()


if __name__ == "__main__":
    main()
