"""Domino's sound cues, as data (the files are made by ``sounds/make_sounds.py``)."""

from __future__ import annotations

from audiogame.core.cues import Cue

CUES: tuple[Cue, ...] = (
    Cue("tile_play", "domino", "a tile clacks onto the table (panned to its end)", 0.3),
    Cue("tile_draw", "domino", "a tile slides out of the boneyard", 0.45),
    Cue("pass", "domino", "a player passes: two knocks on the table", 0.45),
    Cue("blocked", "domino", "the game is blocked: a muted falling chord", 0.8),
    Cue("your_turn", "domino", "it is your turn: a bright rising arpeggio", 0.45, ui=True),
    Cue("manche_won", "domino", "hand won: a quick happy run", 0.8),
    Cue("manche_lost", "domino", "hand lost: two soft falling notes", 0.8),
    Cue("eliminated", "domino", "a player is eliminated: low notes and a slide down", 1.3),
    Cue("match_won", "domino", "match won: a brass fanfare", 1.5),
    Cue("match_lost", "domino", "match lost: a slow minor descent", 1.5),
    Cue("timer_tick", "domino", "thinking time runs out: a woodblock tock", 0.1, ui=True),
    Cue("shuffle", "domino", "the deal: tiles shuffled on the table", 1.0),
)
