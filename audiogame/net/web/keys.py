"""A browser's key presses as the keys the desktop window gives.

The page sends ``KeyboardEvent.key`` and ``.code`` with the modifiers; this
module turns each into the ``Key`` the window gives for the same key,
so the game's controls answer a page exactly as they answer the window (the
terminal does the same through ``io.termkeys``). Letters follow the keyboard's
layout, as SDL's key codes do (``key``: "a" on a QWERTY and an AZERTY alike
where the key says "a"); digits follow the physical key (``code``), since Shift
with a digit types a sign on many layouts.

Browsers and screen readers keep a few of the desktop's keys for themselves;
``ALTERNATIVES`` gives each a key a page does receive (``docs/web.*.md`` and the
page's key help say so):

- Control+1…8 switch the browser's tabs: Shift+1…8 choose Domino's sort orders;
- Control+F1 (the rules) is kept by some browsers: F2 stands for it, as in a
  terminal; F3 / F4 stand for Shift+Page Up / Down (first and last message);
- F11 (a race's clock as measured here) is the browser's full screen: F9 stands
  for it;
- Control alone: the screen reader's own Control silences it, and the page drops its
  queue (speech.js): nothing reaches the server.
"""

from __future__ import annotations

from audiogame.core import keys
from audiogame.core.keys import ALT, CTRL, SHIFT, Key
from audiogame.net.web.messages import KeyPress

#: ``KeyboardEvent.key`` names -> our keys
NAMED: dict[str, str] = {
    "ArrowUp": keys.UP,
    "ArrowDown": keys.DOWN,
    "ArrowLeft": keys.LEFT,
    "ArrowRight": keys.RIGHT,
    "Home": keys.HOME,
    "End": keys.END,
    "PageUp": keys.PAGEUP,
    "PageDown": keys.PAGEDOWN,
    "Enter": keys.RETURN,
    "Escape": keys.ESCAPE,
    "Tab": keys.TAB,
    "Backspace": keys.BACKSPACE,
    "Delete": keys.DELETE,
    "Insert": keys.INSERT,
    " ": keys.SPACE,
    "Spacebar": keys.SPACE,  # older browsers' name
    **{f"F{n}": f"f{n}" for n in range(1, 13)},
}

#: (page key, modifiers) -> (the window's key, modifiers) it stands for
ALTERNATIVES: dict[tuple[str, int], tuple[str, int]] = {
    (keys.F2, 0): (keys.F1, CTRL),  # the rules
    (keys.F3, 0): (keys.PAGEUP, SHIFT),  # the first message of the history
    (keys.F4, 0): (keys.PAGEDOWN, SHIFT),  # the newest message
    (keys.F9, 0): (keys.F11, 0),  # a race's clock, as this page measures it
}
#: Shift with a digit stands for Control with that digit (Domino's sort orders)
SHIFT_DIGIT_FOR_CTRL = True


def _digit(code: str) -> int | None:
    for prefix in ("Digit", "Numpad"):
        rest = code.removeprefix(prefix)
        if rest != code and len(rest) == 1 and rest.isdigit():
            return int(rest)
    return None


def key_for(press: KeyPress) -> Key | None:
    """The window's key for a page's key press (stand-ins applied), or None when it is
    no key the game knows (a modifier alone, a dead key, an input method's work)."""
    mod = (SHIFT if press.shift else 0) | (CTRL if press.ctrl else 0) | (ALT if press.alt else 0)
    digit = _digit(press.code)
    named = NAMED.get(press.key)
    char = ""
    if digit is not None and named is None:
        code = str(digit)
        char = code
    elif named is not None:
        code = named
        char = " " if code == keys.SPACE else ""
    elif len(press.key) == 1 and press.key.isprintable():
        char = press.key
        code = char.lower()
    else:
        return None
    key = Key(code, mod, "" if mod & (CTRL | ALT) else char)
    mapped = ALTERNATIVES.get((key.key, key.mod))
    if mapped is not None:
        return Key(mapped[0], mapped[1], "")
    if SHIFT_DIGIT_FOR_CTRL and key.mod == SHIFT and digit is not None:
        return Key(key.key, CTRL, "")
    return key
