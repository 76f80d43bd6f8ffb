"""A Tira & Passa player at the keyboard, for tests and benchmarks: when an assisted
player (seat 0 at a table on this machine) presses Space to throw again."""

from __future__ import annotations

from typing import TYPE_CHECKING

from audiogame.games.tirapassa.observation import Phase

if TYPE_CHECKING:
    from audiogame.ui.games.tira.table import TiraTable


def throw_due(table: TiraTable, now: float, reaction: float) -> bool:
    """My dice lie idle in a race or a calm, and ``reaction`` seconds have passed since."""
    obs = table.observation()
    return (
        obs.phase in (Phase.RACING, Phase.CALM)
        and obs.idle_since is not None
        and obs.my_dice > 0
        and now - obs.idle_since >= reaction
    )
