"""The room's keys: what F1, Page Up, F7 … do wherever the player is, defined once.

Every client reads these (the desktop app's loop, a web page's listener on the
server): a key is looked up here first, and only a key that is no room key
reaches the scene or the game. A client that has no use for a room key (a
browser has its own zoom, a screen reader its own silence) leaves it to the
scene, and says so in its ``LEFT_TO_THE_CLIENT`` (a test walks every binding
in every client).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from audiogame.core import keys
from audiogame.core.keys import ALT, CTRL, SHIFT, Key


class Room(StrEnum):
    HELP = "help"  # the keys of the place the player is (long ones a part at a time)
    HELP_BACK = "help-back"  # the part of the keys before
    RULES = "rules"  # the game's guide
    HISTORY_BACK = "history-back"  # the message before
    HISTORY_ON = "history-on"  # the message after
    HISTORY_FIRST = "history-first"
    HISTORY_NEWEST = "history-newest"
    VIEW_BACK = "view-back"  # the history's views: everything, the game, chat
    VIEW_ON = "view-on"
    SAVE = "save"  # the match in progress, now
    TEXT_LARGER = "text-larger"  # the window's print
    TEXT_SMALLER = "text-smaller"
    TEXT_NORMAL = "text-normal"
    CUES_SOFTER = "cues-softer"  # the sounds' volume
    CUES_LOUDER = "cues-louder"
    VOICE_SOFTER = "voice-softer"  # the built-in voice's volume
    VOICE_LOUDER = "voice-louder"
    CLOCK = "clock"  # a race online: the server's clock as measured here


@dataclass(frozen=True, slots=True)
class Binding:
    """``key`` does ``room`` when every modifier in ``needs`` is held, none in
    ``without``, and (``exact``) no other."""

    key: str
    room: Room
    needs: int = 0
    without: int = 0
    exact: bool = False

    def matches(self, key: Key) -> bool:
        if key.key != self.key or key.mod & self.needs != self.needs or key.mod & self.without:
            return False
        return not self.exact or key.mod == self.needs


def _both(names: tuple[str, ...], room: Room, needs: int = 0, without: int = 0) -> list[Binding]:
    return [Binding(name, room, needs, without) for name in names]


#: the bindings, the first that matches wins
BINDINGS: tuple[Binding, ...] = (
    Binding(keys.F1, Room.RULES, needs=CTRL),
    Binding(keys.F1, Room.HELP_BACK, needs=SHIFT),
    Binding(keys.F1, Room.HELP),
    Binding(keys.PAGEUP, Room.HISTORY_FIRST, needs=SHIFT),
    Binding(keys.PAGEUP, Room.HISTORY_FIRST, needs=CTRL),
    Binding(keys.PAGEUP, Room.HISTORY_BACK),
    Binding(keys.PAGEDOWN, Room.HISTORY_NEWEST, needs=SHIFT),
    Binding(keys.PAGEDOWN, Room.HISTORY_NEWEST, needs=CTRL),
    Binding(keys.PAGEDOWN, Room.HISTORY_ON),
    Binding(keys.LEFT, Room.VIEW_BACK, needs=ALT, exact=True),
    Binding(keys.RIGHT, Room.VIEW_ON, needs=ALT, exact=True),
    Binding("s", Room.SAVE, needs=CTRL),
    *_both((keys.PLUS, keys.EQUALS, keys.KP_PLUS), Room.TEXT_LARGER, CTRL, ALT),
    *_both((keys.MINUS, keys.KP_MINUS), Room.TEXT_SMALLER, CTRL, ALT),
    *_both(("0", "kp0"), Room.TEXT_NORMAL, CTRL, ALT),
    Binding(keys.F7, Room.VOICE_SOFTER, needs=SHIFT),
    Binding(keys.F8, Room.VOICE_LOUDER, needs=SHIFT),
    Binding(keys.F7, Room.CUES_SOFTER),
    Binding(keys.F8, Room.CUES_LOUDER),
    Binding(keys.F11, Room.CLOCK, exact=True),
)
#: the keys that walk the history (any other key ends a walk through it)
HISTORY_KEYS = frozenset({keys.PAGEUP, keys.PAGEDOWN})
#: a volume step (F7, F8)
VOLUME_STEP = 0.1


def room_of(key: Key) -> Room | None:
    """The room key ``key`` is (None: the scene's or the game's)."""
    return next((b.room for b in BINDINGS if b.matches(key)), None)


def keys_of(room: Room) -> list[Key]:
    """A key for each binding of ``room`` (what a test presses)."""
    return [Key(b.key, b.needs) for b in BINDINGS if b.room is room]
