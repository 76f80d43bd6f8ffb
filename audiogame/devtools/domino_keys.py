"""A Domino player at the keyboard, for tests and benchmarks: the keys a person presses
at their turn at a table on this machine (seat 0)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from audiogame.games.domino import End, Play

if TYPE_CHECKING:
    from audiogame.ui.games.domino.table import DominoTable

#: the key that lays the focused tile at each end (``None``: the only end there is)
END_KEYS = {End.LEFT: "s", End.RIGHT: "d", None: "enter"}


def my_move_keys(table: DominoTable) -> list[str]:
    """The arrows to the first tile that fits, then its end's key; Space when none fits."""
    play = next((a for a in table.match.legal_actions(0) if isinstance(a, Play)), None)
    if play is None:
        return ["space"]
    hand = table.controls.hand(table.view())
    index = next(i for i, t in enumerate(hand) if t.uid == play.uid)
    current = next((i for i, t in enumerate(hand) if t.uid == table.controls.focus), 0)
    arrow = "down" if index > current else "up"
    return [arrow] * abs(index - current) + [END_KEYS[play.end]]
