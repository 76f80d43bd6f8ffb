"""Terminal key presses as the keys a window gives.

prompt_toolkit's input layer reads the terminal and decodes its escape
sequences (xterm, VTE, rxvt, the Linux console, Windows consoles) into key
names such as ``"c-f1"`` or ``"s-pageup"``; this module turns each into the
``Key`` the window gives for the same key, so every scene answers a
terminal exactly as it answers the window.

A terminal sends Alt+key as Escape followed by the key: an Escape decoded in
the same read as the next key is that key with Alt. Some keys of the window
never reach a program through a terminal (Control alone, Control with a digit,
and often Control+F1, Shift+Page Up, Shift+F7, which terminals keep for
themselves or cannot encode, and Control with I, H, J or M, which arrive as Tab,
Backspace and Enter, and Control+Shift+letter, which arrives as Control+letter):
``ALTERNATIVES`` and the Alt rules give each a key a terminal can send,
documented in the keys' help and the guides.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Protocol

from audiogame.core import keys
from audiogame.core.keys import ALT, CTRL, SHIFT, Key


class Press(Protocol):
    """What prompt_toolkit's ``KeyPress`` holds: the key's name (or its character)."""

    @property
    def key(self) -> str: ...

    @property
    def data(self) -> str: ...


def _named_keys() -> dict[str, tuple[str, int]]:
    """prompt_toolkit's key names -> (our key, modifiers)."""
    table: dict[str, tuple[str, int]] = {}
    moves = {
        "up": keys.UP,
        "down": keys.DOWN,
        "left": keys.LEFT,
        "right": keys.RIGHT,
        "home": keys.HOME,
        "end": keys.END,
        "pageup": keys.PAGEUP,
        "pagedown": keys.PAGEDOWN,
        "insert": keys.INSERT,
        "delete": keys.DELETE,
    }
    prefixes = {"": 0, "s-": SHIFT, "c-": CTRL, "c-s-": CTRL | SHIFT}
    for name, key in moves.items():
        for prefix, mod in prefixes.items():
            table[prefix + name] = (key, mod)
    for n in range(1, 13):
        f_key = f"f{n}"
        table[f"f{n}"] = (f_key, 0)
        table[f"c-f{n}"] = (f_key, CTRL)
        # xterm's convention, followed by prompt_toolkit: Shift+Fn arrives as F(n+12)
        table[f"f{n + 12}"] = (f_key, SHIFT)
        table[f"c-f{n + 12}"] = (f_key, CTRL | SHIFT)
    for letter in "abcdefghijklmnopqrstuvwxyz":
        table[f"c-{letter}"] = (letter, CTRL)
    for digit in "0123456789":
        table[f"c-{digit}"] = (digit, CTRL)
        table[f"c-s-{digit}"] = (digit, CTRL | SHIFT)
    table.update(
        {
            "escape": (keys.ESCAPE, 0),
            "s-escape": (keys.ESCAPE, SHIFT),
            "c-m": (keys.RETURN, 0),  # Enter (carriage return)
            "c-j": (keys.RETURN, 0),  # Enter as a line feed (Windows consoles)
            "c-i": (keys.TAB, 0),
            "s-tab": (keys.TAB, SHIFT),
            "c-h": (keys.BACKSPACE, 0),  # both DEL and ^H: the Backspace key
            "c-@": (keys.SPACE, CTRL),  # NUL: Control+Space
            "c-\\": ("\\", CTRL),
            "c-]": ("]", CTRL),
            "c-^": ("6", CTRL),
            "c-_": (keys.MINUS, CTRL),
        }
    )
    return table


NAMED: dict[str, tuple[str, int]] = _named_keys()

#: The window's keys a terminal cannot send (or keeps for itself), and the key
#: standing in for each: (terminal key, modifiers) -> (window key, modifiers).
#: Said by F1 in a terminal (``keys-terminal``) and in the guides.
ALTERNATIVES: dict[tuple[str, int], tuple[str, int]] = {
    (keys.F2, 0): (keys.F1, CTRL),  # the rules
    (keys.F3, 0): (keys.PAGEUP, SHIFT),  # the first message of the history
    (keys.F4, 0): (keys.PAGEDOWN, SHIFT),  # the newest message
    # F5 stays F5 (every list's "again, now": the tables, the people online)
    (keys.F5, SHIFT): (keys.F7, SHIFT),  # the built-in voice softer
    (keys.F6, SHIFT): (keys.F8, SHIFT),  # the built-in voice louder
    (keys.SPACE, CTRL): (keys.LCTRL, 0),  # Control alone: silence
    # F2 stands in for another key above; with Shift it is itself again
    (keys.F2, SHIFT): (keys.F2, 0),  # an online table's room
}
#: Alt with a digit stands for Control with that digit (Domino's sort orders)
ALT_DIGIT_FOR_CTRL = True
#: letters whose Control a terminal sends as another key (Tab, Backspace, Enter): Alt
#: with the letter stands for Control with it (online: Control I the invite code,
#: Control H a private table, Control J the last invitation)
ALT_FOR_CTRL_LETTERS = frozenset({"i", "h", "j", "m"})
#: a terminal cannot tell Control+Shift+letter from Control+letter: Alt+Shift+letter
#: stands for it (online: Control Shift U the people online, Control Shift X)
LETTERS = keys.LETTERS

#: Control+C in a terminal quits, as it does any terminal program
INTERRUPT = Key("c", CTRL)


def _name(press: Press) -> str:
    key = press.key
    value = getattr(key, "value", key)  # prompt_toolkit's Keys enum, or the character itself
    return str(value)


def key_for(name: str) -> Key | None:
    """The window's key for one decoded terminal key (no Alt), before alternatives."""
    named = NAMED.get(name)
    if named is not None:
        key, mod = named
        return Key(key, mod, "")
    if len(name) != 1 or not name.isprintable():
        return None  # mouse reports, pastes, cursor reports: not keys
    if name == " ":
        return Key(keys.SPACE, 0, " ")
    if "A" <= name <= "Z":
        # A terminal tells Shift only by the capital letter (so Caps Lock reads as Shift)
        return Key(name.lower(), SHIFT, name)
    # a printable character: its own name (a letter, a digit, a sign)
    return Key(name, 0, name)


def with_alt(key: Key) -> Key:
    return Key(key.key, key.mod | ALT, key.char)


def stand_in(key: Key) -> Key:
    """The window key a terminal alternative stands for (or the key itself)."""
    mapped = ALTERNATIVES.get((key.key, key.mod))
    if mapped is not None:
        return Key(mapped[0], mapped[1], "")
    if ALT_DIGIT_FOR_CTRL and key.mod == ALT and key.key in keys.DIGITS:
        return Key(key.key, CTRL, "")
    if key.mod == ALT and key.key in ALT_FOR_CTRL_LETTERS:
        return Key(key.key, CTRL, "")
    if key.mod == ALT | SHIFT and key.key in LETTERS:
        return Key(key.key, CTRL | SHIFT, "")
    return key


def decode(presses: Sequence[Press]) -> list[Key]:
    """The window's keys for one read's worth of terminal key presses."""
    return list(_decode(presses))


def _decode(presses: Iterable[Press]) -> Iterator[Key]:
    alt = False
    for press in presses:
        name = _name(press)
        if name == "escape" and not alt:
            alt = True  # Escape then a key in the same read: that key with Alt
            continue
        key = key_for(name)
        if key is None:
            if alt:
                yield key_for("escape") or Key(keys.ESCAPE)
            alt = False
            continue
        yield stand_in(with_alt(key) if alt else key)
        alt = False
    if alt:
        yield Key(keys.ESCAPE, 0, "")
