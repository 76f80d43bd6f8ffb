"""Tira & Passa's scenes: its setup, its briefing, its table (imported when first used)."""

from __future__ import annotations

from audiogame.core.later import later_in
from audiogame.ui.games import GameScenes

later = later_in(__package__)

SCENES = GameScenes(
    open_setup=later(".setup_scene:TiraSetupScene"),
    resume=later(".table:resume"),
    online_table=later(".table:TiraTable.online"),
)
