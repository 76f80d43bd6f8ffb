"""The game's board for a web page: the desktop window's large print, as words.

The window draws a game's board (``GameSpec.board``: whose turn, the ends, my
hand with the cursor, the counts, the scores) above the messages; a page shows
the same board, built on the server from the seat's own view, the keys' pointer
(``Controls.board_focus``) and the seats' names, and laid out by the window's
own ``bigprint.board_lines`` in the page's language. The page only styles it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from audiogame.core.contract import GameSpec
from audiogame.core.controls import Controls
from audiogame.io.bigprint import Localize, board_lines
from audiogame.net.web import messages as w


def board_view(
    spec: GameSpec | None,
    view: Any,
    names: Sequence[str],
    controls: Controls | None,
    t: Localize,
) -> w.BoardView:
    """The board this seat's window would show; no lines where there is none (no
    match yet, or a game without a board)."""
    if spec is None or spec.board is None or view is None:
        return w.BoardView()
    focus = None if controls is None else controls.board_focus(view)
    lines = board_lines(spec.board(view, names, focus), t)
    return w.BoardView([[w.Run(run.text, run.style.value) for run in line] for line in lines])


__all__ = ["board_view"]
