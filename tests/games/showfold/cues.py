"""This game's sounds, as data; the files are in ``sounds/`` next to this module
(made by ``sounds/make_sounds.py``)."""

from __future__ import annotations

from audiogame.core.cues import Cue

from .config import GAME_ID

CUES: tuple[Cue, ...] = (
    Cue("showfold_roll", GAME_ID, "my die is rolled: two quick woody knocks", 0.35),
    Cue("showfold_choose", GAME_ID, "my choice is made: one soft low chime", 0.35),
    Cue("showfold_point", GAME_ID, "I take the round's point: two bright rising notes", 0.5),
    Cue("showfold_win", GAME_ID, "I win the game: three notes climbing to a long one", 1.0),
)
