"""Terminal key presses as the keys a window gives.

prompt_toolkit's input layer reads the terminal and decodes its escape
sequences (xterm, VTE, rxvt, the Linux console, Windows consoles) into key
names such as ``"c-f1"`` or ``"s-pageup"``; this module turns each into the
``Key`` pygame's KEYDOWN would give for the same key, so every scene answers a
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

import pygame

from audiogame.core.keys import Key

SHIFT = pygame.KMOD_LSHIFT
CTRL = pygame.KMOD_LCTRL
ALT = pygame.KMOD_LALT


class Press(Protocol):
    """What prompt_toolkit's ``KeyPress`` holds: the key's name (or its character)."""

    @property
    def key(self) -> str: ...

    @property
    def data(self) -> str: ...


def _named_keys() -> dict[str, tuple[int, int]]:
    """prompt_toolkit's key names -> (pygame key, modifiers)."""
    table: dict[str, tuple[int, int]] = {}
    moves = {
        "up": pygame.K_UP,
        "down": pygame.K_DOWN,
        "left": pygame.K_LEFT,
        "right": pygame.K_RIGHT,
        "home": pygame.K_HOME,
        "end": pygame.K_END,
        "pageup": pygame.K_PAGEUP,
        "pagedown": pygame.K_PAGEDOWN,
        "insert": pygame.K_INSERT,
        "delete": pygame.K_DELETE,
    }
    prefixes = {"": 0, "s-": SHIFT, "c-": CTRL, "c-s-": CTRL | SHIFT}
    for name, key in moves.items():
        for prefix, mod in prefixes.items():
            table[prefix + name] = (key, mod)
    for n in range(1, 13):
        f_key = getattr(pygame, f"K_F{n}")
        table[f"f{n}"] = (f_key, 0)
        table[f"c-f{n}"] = (f_key, CTRL)
        # xterm's convention, followed by prompt_toolkit: Shift+Fn arrives as F(n+12)
        table[f"f{n + 12}"] = (f_key, SHIFT)
        table[f"c-f{n + 12}"] = (f_key, CTRL | SHIFT)
    for letter in "abcdefghijklmnopqrstuvwxyz":
        table[f"c-{letter}"] = (ord(letter), CTRL)
    for digit in "0123456789":
        table[f"c-{digit}"] = (ord(digit), CTRL)
        table[f"c-s-{digit}"] = (ord(digit), CTRL | SHIFT)
    table.update(
        {
            "escape": (pygame.K_ESCAPE, 0),
            "s-escape": (pygame.K_ESCAPE, SHIFT),
            "c-m": (pygame.K_RETURN, 0),  # Enter (carriage return)
            "c-j": (pygame.K_RETURN, 0),  # Enter as a line feed (Windows consoles)
            "c-i": (pygame.K_TAB, 0),
            "s-tab": (pygame.K_TAB, SHIFT),
            "c-h": (pygame.K_BACKSPACE, 0),  # both DEL and ^H: the Backspace key
            "c-@": (pygame.K_SPACE, CTRL),  # NUL: Control+Space
            "c-\\": (pygame.K_BACKSLASH, CTRL),
            "c-]": (pygame.K_RIGHTBRACKET, CTRL),
            "c-^": (pygame.K_6, CTRL),
            "c-_": (pygame.K_MINUS, CTRL),
        }
    )
    return table


NAMED: dict[str, tuple[int, int]] = _named_keys()

#: The window's keys a terminal cannot send (or keeps for itself), and the key
#: standing in for each: (terminal key, modifiers) -> (window key, modifiers).
#: Said by F1 in a terminal (``keys-terminal``) and in the guides.
ALTERNATIVES: dict[tuple[int, int], tuple[int, int]] = {
    (pygame.K_F2, 0): (pygame.K_F1, CTRL),  # the rules
    (pygame.K_F3, 0): (pygame.K_PAGEUP, SHIFT),  # the first message of the history
    (pygame.K_F4, 0): (pygame.K_PAGEDOWN, SHIFT),  # the newest message
    # F5 stays F5 (every list's "again, now": the tables, the people online)
    (pygame.K_F5, SHIFT): (pygame.K_F7, SHIFT),  # the built-in voice softer
    (pygame.K_F6, SHIFT): (pygame.K_F8, SHIFT),  # the built-in voice louder
    (pygame.K_SPACE, CTRL): (pygame.K_LCTRL, 0),  # Control alone: silence
    # F2 stands in for another key above; with Shift it is itself again
    (pygame.K_F2, SHIFT): (pygame.K_F2, 0),  # an online table's room
}
#: Alt with a digit stands for Control with that digit (Domino's sort orders)
ALT_DIGIT_FOR_CTRL = True
#: letters whose Control a terminal sends as another key (Tab, Backspace, Enter): Alt
#: with the letter stands for Control with it (online: Control I the invite code,
#: Control H a private table, Control J the last invitation)
ALT_FOR_CTRL_LETTERS = frozenset({pygame.K_i, pygame.K_h, pygame.K_j, pygame.K_m})
#: a terminal cannot tell Control+Shift+letter from Control+letter: Alt+Shift+letter
#: stands for it (online: Control Shift U the people online, Control Shift X)
LETTERS = range(pygame.K_a, pygame.K_z + 1)

#: Control+C in a terminal quits, as it does any terminal program
INTERRUPT = Key(pygame.K_c, CTRL)


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
        return Key(pygame.K_SPACE, 0, " ")
    if "A" <= name <= "Z":
        # A terminal tells Shift only by the capital letter (so Caps Lock reads as Shift)
        return Key(ord(name.lower()), SHIFT, name)
    # pygame's keys for printable characters are their code points
    return Key(ord(name), 0, name)


def with_alt(key: Key) -> Key:
    return Key(key.key, key.mod | ALT, key.char)


def stand_in(key: Key) -> Key:
    """The window key a terminal alternative stands for (or the key itself)."""
    mapped = ALTERNATIVES.get((key.key, key.mod))
    if mapped is not None:
        return Key(mapped[0], mapped[1], "")
    if ALT_DIGIT_FOR_CTRL and key.mod == ALT and pygame.K_0 <= key.key <= pygame.K_9:
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
                yield key_for("escape") or Key(pygame.K_ESCAPE)
            alt = False
            continue
        yield stand_in(with_alt(key) if alt else key)
        alt = False
    if alt:
        yield Key(pygame.K_ESCAPE, 0, "")
