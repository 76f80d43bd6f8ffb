"""This game's sounds, as data; the files are in ``sounds/`` next to this module
(made by ``sounds/make_sounds.py``)."""

from __future__ import annotations

from audiogame.core.cues import Cue

from .config import GAME_ID

CUES: tuple[Cue, ...] = (
    Cue("hiddendie_roll", GAME_ID, "a die rattles in a cup: three quick dry knocks", 0.4),
    Cue("hiddendie_turn", GAME_ID, "your turn to decide: a soft two-note chime", 0.45),
    Cue("hiddendie_point", GAME_ID, "you take the round's point: a bright rising triad", 0.6),
    Cue("hiddendie_win", GAME_ID, "you win the game: a longer fanfare of four notes", 1.0),
)
