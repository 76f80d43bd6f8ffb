"""pygame's key codes and modifiers to our own key names (``core.keys``), and back.

The window gives pygame's ``KEYDOWN`` events; scenes and controls read only
``Key`` values with our names, so a terminal, a web page and the window answer
alike. The terminal posts its keys into pygame's queue as the window's events
would be (``pygame_event``), so the loop reads one kind of event.
"""

from __future__ import annotations

import pygame

from audiogame.core import keys
from audiogame.core.keys import ALT, CTRL, SHIFT, Key

_NAMED: dict[int, str] = {
    pygame.K_UP: keys.UP,
    pygame.K_DOWN: keys.DOWN,
    pygame.K_LEFT: keys.LEFT,
    pygame.K_RIGHT: keys.RIGHT,
    pygame.K_HOME: keys.HOME,
    pygame.K_END: keys.END,
    pygame.K_PAGEUP: keys.PAGEUP,
    pygame.K_PAGEDOWN: keys.PAGEDOWN,
    pygame.K_RETURN: keys.RETURN,
    pygame.K_KP_ENTER: keys.KP_ENTER,
    pygame.K_SPACE: keys.SPACE,
    pygame.K_ESCAPE: keys.ESCAPE,
    pygame.K_TAB: keys.TAB,
    pygame.K_BACKSPACE: keys.BACKSPACE,
    pygame.K_DELETE: keys.DELETE,
    pygame.K_INSERT: keys.INSERT,
    pygame.K_MENU: keys.MENU,
    pygame.K_KP_PLUS: keys.KP_PLUS,
    pygame.K_KP_MINUS: keys.KP_MINUS,
    pygame.K_LCTRL: keys.LCTRL,
    pygame.K_RCTRL: keys.RCTRL,
    pygame.K_LSHIFT: keys.LSHIFT,
    pygame.K_RSHIFT: keys.RSHIFT,
    pygame.K_LALT: keys.LALT,
    pygame.K_RALT: keys.RALT,
    pygame.K_LGUI: "lgui",
    pygame.K_RGUI: "rgui",
    pygame.K_CAPSLOCK: "capslock",
    pygame.K_NUMLOCK: "numlock",
    pygame.K_MODE: "mode",
    **{getattr(pygame, f"K_F{n}"): f"f{n}" for n in range(1, 13)},
    **{getattr(pygame, f"K_KP_{n}"): f"kp{n}" for n in range(10)},
    # a key that types a printable character (a letter, a digit, a sign) is named by it:
    # SDL's code for such a key is the character's code point
    **{code: chr(code) for code in range(33, 127) if not chr(code).isupper()},
}
_CODES: dict[str, int] = {name: code for code, name in _NAMED.items()}


def name_of(code: int) -> str:
    """Our name of pygame's key ``code`` (a key no scene knows: "sdl:" and its code)."""
    return _NAMED.get(code) or f"sdl:{code}"


def code_of(name: str) -> int:
    """pygame's key code for our ``name`` (the window's event for a terminal's key)."""
    if name.startswith("sdl:"):
        return int(name.removeprefix("sdl:"))
    return _CODES[name]


def mods_of(mod: int) -> int:
    """Our modifiers of pygame's ``mod`` flags (either side's Control is Control)."""
    return (
        (CTRL if mod & pygame.KMOD_CTRL else 0)
        | (SHIFT if mod & pygame.KMOD_SHIFT else 0)
        | (ALT if mod & pygame.KMOD_ALT else 0)
    )


def pygame_mods(mod: int) -> int:
    """pygame's flags for our modifiers (the left-hand keys)."""
    return (
        (pygame.KMOD_LCTRL if mod & CTRL else 0)
        | (pygame.KMOD_LSHIFT if mod & SHIFT else 0)
        | (pygame.KMOD_LALT if mod & ALT else 0)
    )


def key_of(event: pygame.event.Event) -> Key:
    """The key of a pygame ``KEYDOWN`` event."""
    return Key(
        name_of(event.key),
        mods_of(getattr(event, "mod", 0)),
        getattr(event, "unicode", "") or "",
    )


def pygame_event(key: Key) -> pygame.event.Event:
    """The window's ``KEYDOWN`` event for ``key`` (a terminal's key, posted to the loop)."""
    return pygame.event.Event(
        pygame.KEYDOWN, key=code_of(key.key), mod=pygame_mods(key.mod), unicode=key.char, scancode=0
    )
