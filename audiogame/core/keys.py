"""Keys as every client gives them: our own names, never a library's codes.

A key is its name (``"a"``, ``"5"``, ``"+"``, ``"kp5"``, ``"up"``,
``"return"``, ``"f1"`` …, the constants below), the modifiers held (``CTRL``, ``SHIFT``,
``ALT``) and the character it typed. The window translates pygame's events
into these (``io.keymap``), the terminal its escape sequences
(``io.termkeys``), the server a web page's ``KeyboardEvent`` (``net.web.keys``):
every scene and every game's controls answer the same keys the same way,
wherever they come from. Modifiers are read from the event itself, never from
a library's global state (pygame's ``key.get_mods()`` ignores posted events).
"""

from __future__ import annotations

from dataclasses import dataclass

# -- the modifiers -------------------------------------------------------------------------
CTRL = 1
SHIFT = 2
ALT = 4

# -- the keys' names -----------------------------------------------------------------------
UP, DOWN, LEFT, RIGHT = "up", "down", "left", "right"
HOME, END, PAGEUP, PAGEDOWN = "home", "end", "pageup", "pagedown"
RETURN, KP_ENTER, SPACE, ESCAPE, TAB = "return", "kp_enter", "space", "escape", "tab"
BACKSPACE, DELETE, INSERT, MENU = "backspace", "delete", "insert", "menu"
#: a key that types a sign is named by it ("+", "=", "-", "]" …)
PLUS, EQUALS, MINUS, KP_PLUS, KP_MINUS = "+", "=", "-", "kp_plus", "kp_minus"
F1, F2, F3, F4, F5, F6 = "f1", "f2", "f3", "f4", "f5", "f6"
F7, F8, F9, F10, F11, F12 = "f7", "f8", "f9", "f10", "f11", "f12"
LCTRL, RCTRL, LSHIFT, RSHIFT, LALT, RALT = "lctrl", "rctrl", "lshift", "rshift", "lalt", "ralt"
#: both Enter keys (the main one and the keypad's): they do the same everywhere
ENTER = (RETURN, KP_ENTER)
#: the letters, the digits and the keypad's digits, by name
LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")
DIGITS = frozenset("0123456789")
KEYPAD_DIGITS = {f"kp{n}": n for n in range(10)}


@dataclass(frozen=True)
class Key:
    #: the key's name (``"a"``, ``"up"``, ``"f1"`` …)
    key: str
    #: the modifiers held: ``CTRL | SHIFT | ALT``
    mod: int = 0
    #: the character it typed ("" for none)
    char: str = ""

    @property
    def ctrl(self) -> bool:
        return bool(self.mod & CTRL)

    @property
    def shift(self) -> bool:
        return bool(self.mod & SHIFT)

    @property
    def alt(self) -> bool:
        return bool(self.mod & ALT)

    @property
    def plain(self) -> bool:
        return not (self.ctrl or self.shift or self.alt)

    @property
    def letter(self) -> str:
        """The key's letter (a–z) whatever the modifiers, or ''."""
        return self.key if self.key in LETTERS else ""

    @property
    def digit(self) -> int | None:
        """The digit of a digit key, the main row's or the keypad's (None: no digit)."""
        if self.key in DIGITS:
            return int(self.key)
        return KEYPAD_DIGITS.get(self.key)


#: keys that only modify others (alone they do nothing but Control's silence)
MODIFIER_KEYS = frozenset(
    {
        LCTRL,
        RCTRL,
        LSHIFT,
        RSHIFT,
        LALT,
        RALT,
        "lgui",
        "rgui",
        "capslock",
        "numlock",
        "mode",
    }
)
CTRL_KEYS = frozenset({LCTRL, RCTRL})
