"""Tira & Passa's sound cues, as data (the files are made by ``sounds/make_sounds.py``)."""

from __future__ import annotations

from audiogame.core.cues import Cue

CUES: tuple[Cue, ...] = (
    Cue("symbol_clover", "tira", "clover: a soft high chime, two rising notes", 0.5),
    Cue("symbol_pig", "tira", "pig: a double nasal grunt", 0.5),
    Cue("symbol_cat", "tira", "cat: a meow-like gliding voice", 0.6),
    Cue("symbol_penny", "tira", "penny: a bright coin ching", 0.5),
    Cue("symbol_horseshoe", "tira", "horseshoe: a low metallic clang", 0.7),
    Cue("symbol_hamsa", "tira", "hamsa: a warm major chord", 0.7),
    Cue("dice_roll", "tira", "dice rattling in the air", 0.7, word="tira-word-thrown"),
    Cue("die_tray", "tira", "a die lands on the tray (centred)", 0.4),
    Cue("die_pass", "tira", "a die is sent to a neighbour: a swoosh (panned)", 0.4),
    Cue("die_arrive", "tira", "a die lands on my coaster (panned from the sender)", 0.35),
    Cue("stop", "tira", "Stop!: a desk bell struck twice", 0.8, ui=True),
    Cue(
        "soft_click",
        "tira",
        "throw pressed while the dice fly: one soft click",
        0.06,
        -12.0,
        word="cue-word-not-yet",
    ),
    Cue("big_die", "tira", "the big yellow die tumbles and lands", 0.9),
    Cue("race_start", "tira", "the start signal: beep, beep, beeep", 1.0),
    Cue("coaster_won", "tira", "a coaster won: a sparkling upward run", 0.7),
    Cue("calm_roll", "tira", "a calm roll: a gentle wooden rattle", 0.7, word="tira-word-thrown"),
    Cue("round_end", "tira", "the round ends: a two-note cadence", 0.7),
    Cue("game_won", "tira", "game won: a sparkling run and a chord", 1.5),
    Cue("game_lost", "tira", "game lost: a sad sliding trombone", 1.5),
)

#: the six dice symbols in the order of the rules (keys 1…6 in manual mode)
SYMBOL_CUES: tuple[str, ...] = (
    "symbol_clover",
    "symbol_pig",
    "symbol_cat",
    "symbol_penny",
    "symbol_horseshoe",
    "symbol_hamsa",
)
