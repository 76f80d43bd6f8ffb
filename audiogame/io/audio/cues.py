"""The sound cues, as data: one row per cue.

Every cue has a file ``sounds/<id>.wav`` made by ``sounds/make_sounds.py``.
Narrators name cues by these ids; tests iterate ``CUES`` to check that each
file exists, is short, audible and distinct from the others.

``max_seconds`` is the longest the cue may last (a cue must not hold the
player up). ``level_db`` is the cue's loudness relative to the common target:
0 for all but the few that must be quieter by design (the throw pressed while
the dice are in the air is "one soft click"). ``ui`` cues play on their own
reserved channels, so a burst of dice sounds never cuts a menu sound.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Cue:
    id: str
    group: str  # "menu", "domino" or "tira"
    description: str
    max_seconds: float = 0.5
    level_db: float = 0.0
    ui: bool = False


_MENU = (
    Cue("menu_move", "menu", "focus moves to another item: a soft wooden tick", 0.12, ui=True),
    Cue("menu_select", "menu", "an item is chosen: two quick rising notes", 0.3, ui=True),
    Cue("menu_back", "menu", "back / cancel: two quick falling notes", 0.3, ui=True),
    Cue("menu_edge", "menu", "the list wrapped at its edge: a dull bump", 0.25, ui=True),
    Cue("menu_error", "menu", "refused: a low buzzy double beep", 0.4, ui=True),
    Cue("notice", "menu", "neutral information: a soft upward bloop", 0.3, ui=True),
    Cue("toggle", "menu", "an option switched: a click-clack", 0.2, ui=True),
)

_DOMINO = (
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

_TIRA = (
    Cue("symbol_clover", "tira", "clover: a soft high chime, two rising notes", 0.5),
    Cue("symbol_pig", "tira", "pig: a double nasal grunt", 0.5),
    Cue("symbol_cat", "tira", "cat: a meow-like gliding voice", 0.6),
    Cue("symbol_penny", "tira", "penny: a bright coin ching", 0.5),
    Cue("symbol_horseshoe", "tira", "horseshoe: a low metallic clang", 0.7),
    Cue("symbol_hamsa", "tira", "hamsa: a warm major chord", 0.7),
    Cue("dice_roll", "tira", "dice rattling in the air", 0.7),
    Cue("die_tray", "tira", "a die lands on the tray (centred)", 0.4),
    Cue("die_pass", "tira", "a die is sent to a neighbour: a swoosh (panned)", 0.4),
    Cue("die_arrive", "tira", "a die lands on my coaster (panned from the sender)", 0.35),
    Cue("stop", "tira", "Stop!: a desk bell struck twice", 0.8, ui=True),
    Cue("soft_click", "tira", "throw pressed while the dice fly: one soft click", 0.06, -12.0),
    Cue("big_die", "tira", "the big yellow die tumbles and lands", 0.9),
    Cue("race_start", "tira", "the start signal: beep, beep, beeep", 1.0),
    Cue("coaster_won", "tira", "a coaster won: a sparkling upward run", 0.7),
    Cue("calm_roll", "tira", "a calm roll: a gentle wooden rattle", 0.7),
    Cue("round_end", "tira", "the round ends: a two-note cadence", 0.7),
    Cue("game_won", "tira", "game won: a sparkling run and a chord", 1.5),
    Cue("game_lost", "tira", "game lost: a sad sliding trombone", 1.5),
)

CUES: tuple[Cue, ...] = _MENU + _DOMINO + _TIRA
CUE_IDS: tuple[str, ...] = tuple(cue.id for cue in CUES)
CUE_BY_ID: dict[str, Cue] = {cue.id: cue for cue in CUES}

#: the six dice symbols in the order of the rules (keys 1…6 in manual mode)
SYMBOL_CUES: tuple[str, ...] = (
    "symbol_clover",
    "symbol_pig",
    "symbol_cat",
    "symbol_penny",
    "symbol_horseshoe",
    "symbol_hamsa",
)
