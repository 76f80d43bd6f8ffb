"""The sound cues, as data: one row per cue.

The menus' cues are here; each game lists its own in its folder
(``GameSpec.cues``), and ``games.registry.cues()`` gathers them all. Every cue has a file
``<id>.wav`` in the shared ``sounds/`` (made by ``sounds/make_sounds.py``) or in
its game's own sounds folder. Narrators name cues by these ids; tests iterate
``registry.cues()`` to check that each file exists, is short, audible and distinct.

``max_seconds`` is the longest the cue may last (a cue must not hold the
player up). ``level_db`` is the cue's loudness relative to the common target:
0 for all but the few that must be quieter by design (the throw pressed while
the dice are in the air is "one soft click"). ``ui`` cues play on their own
reserved channels, so a burst of dice sounds never cuts a menu sound.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Cue:
    id: str
    group: str  # "menu", or the id of the game that uses it
    description: str
    max_seconds: float = 0.5
    level_db: float = 0.0
    ui: bool = False
    #: the folder of its file (None: the shared ``sounds/``)
    folder: Path | None = None
    #: the message said in its place when it answers a key and sounds cannot be heard
    #: ("" : ``cue_words``' own table, else "No sound.")
    word: str = ""


MENU_CUES: tuple[Cue, ...] = (
    Cue("menu_move", "menu", "focus moves to another item: a soft wooden tick", 0.12, ui=True),
    Cue("menu_select", "menu", "an item is chosen: two quick rising notes", 0.3, ui=True),
    Cue("menu_back", "menu", "back / cancel: two quick falling notes", 0.3, ui=True),
    Cue("menu_edge", "menu", "the list wrapped at its edge: a dull bump", 0.25, ui=True),
    Cue("menu_error", "menu", "refused: a low buzzy double beep", 0.4, ui=True),
    Cue("notice", "menu", "neutral information: a soft upward bloop", 0.3, ui=True),
    Cue("toggle", "menu", "an option switched: a click-clack", 0.2, ui=True),
    # online play
    Cue("chat", "menu", "a line of table chat: two bright chimes, the second higher", 0.3, ui=True),
    Cue("chat_private", "menu", "a private message: three quick chimes, down and up", 0.4, ui=True),
    Cue(
        "whisper",
        "menu",
        "a private message from anywhere: a soft two-note organ call, up a fifth",
        0.4,
        ui=True,
    ),
    Cue("friend_online", "menu", "a friend came online: a rising marimba pair", 0.35, ui=True),
    Cue("friend_offline", "menu", "a friend went away: a falling marimba pair", 0.35, ui=True),
    Cue(
        "link_lost", "menu", "the connection dropped: three falling vibraphone notes", 0.55, ui=True
    ),
    Cue(
        "link_back", "menu", "the connection is back: three rising vibraphone notes", 0.55, ui=True
    ),
)
