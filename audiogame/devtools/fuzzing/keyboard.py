"""Random keys from the whole keyboard, with random modifiers, as pygame events."""

from __future__ import annotations

import random

import pygame

from audiogame.core.keys import MODIFIER_KEYS
from audiogame.io.keymap import code_of

_LETTERS = [(getattr(pygame, f"K_{c}"), c) for c in "abcdefghijklmnopqrstuvwxyz"]
_DIGITS = [(getattr(pygame, f"K_{d}"), d) for d in "0123456789"]
_KEYPAD = [
    (getattr(pygame, f"K_KP{d}", None) or getattr(pygame, f"K_KP_{d}"), d) for d in "0123456789"
]
_KEYPAD += [
    (pygame.K_KP_ENTER, "\r"),
    (pygame.K_KP_PERIOD, "."),
    (pygame.K_KP_PLUS, "+"),
    (pygame.K_KP_MINUS, "-"),
    (pygame.K_KP_MULTIPLY, "*"),
    (pygame.K_KP_DIVIDE, "/"),
]
_FUNCTION = [(getattr(pygame, f"K_F{i}"), "") for i in range(1, 13)]
_NAVIGATION = [
    (pygame.K_UP, ""),
    (pygame.K_DOWN, ""),
    (pygame.K_LEFT, ""),
    (pygame.K_RIGHT, ""),
    (pygame.K_HOME, ""),
    (pygame.K_END, ""),
    (pygame.K_PAGEUP, ""),
    (pygame.K_PAGEDOWN, ""),
    (pygame.K_INSERT, ""),
    (pygame.K_DELETE, ""),
]
_EDITING = [
    (pygame.K_RETURN, "\r"),
    (pygame.K_SPACE, " "),
    (pygame.K_ESCAPE, "\x1b"),
    (pygame.K_TAB, "\t"),
    (pygame.K_BACKSPACE, "\b"),
]
_PUNCTUATION = [
    (getattr(pygame, name), char)
    for name, char in (
        ("K_COMMA", ","),
        ("K_PERIOD", "."),
        ("K_SLASH", "/"),
        ("K_SEMICOLON", ";"),
        ("K_QUOTE", "'"),
        ("K_MINUS", "-"),
        ("K_EQUALS", "="),
        ("K_LEFTBRACKET", "["),
        ("K_RIGHTBRACKET", "]"),
        ("K_BACKSLASH", "\\"),
        ("K_BACKQUOTE", "`"),
    )
]
_MODIFIERS = [(code_of(k), "") for k in sorted(MODIFIER_KEYS)]
#: keys no scene expects: system and media keys, F13+, an Italian keyboard's
#: accented letters (their own characters on punctuation keys), an unknown key
_ODD = [
    (getattr(pygame, name), char)
    for name, char in (
        ("K_MENU", ""),
        ("K_PRINTSCREEN", ""),
        ("K_PAUSE", ""),
        ("K_SCROLLLOCK", ""),
        ("K_HELP", ""),
        ("K_SYSREQ", ""),
        ("K_CLEAR", ""),
        ("K_POWER", ""),
        ("K_AC_BACK", ""),
        ("K_KP_EQUALS", "="),
        ("K_F13", ""),
        ("K_F15", ""),
        ("K_EURO", "€"),
        ("K_LESS", "<"),
        ("K_SEMICOLON", "ò"),
        ("K_QUOTE", "à"),
        ("K_LEFTBRACKET", "è"),
        ("K_BACKSLASH", "ù"),
        ("K_EQUALS", "ì"),
        ("K_UNKNOWN", ""),
    )
]

#: families of keys and how often each is drawn: the keys scenes use most come
#: more often, but every key of the keyboard comes
KEY_FAMILIES: tuple[tuple[list[tuple[int, str]], float], ...] = (
    (_NAVIGATION, 0.23),
    (_EDITING, 0.18),
    (_LETTERS, 0.22),
    (_DIGITS, 0.08),
    (_KEYPAD, 0.06),
    (_FUNCTION, 0.07),
    (_PUNCTUATION, 0.05),
    (_MODIFIERS, 0.04),
    (_ODD, 0.02),
    # the keys leaving or changing scenes, a little more often than chance
    ([(pygame.K_y, "y"), (pygame.K_n, "n"), (pygame.K_ESCAPE, "\x1b")], 0.05),
)

#: modifier combinations and their weights (most keys are pressed alone)
MODS: tuple[tuple[int, float], ...] = (
    (0, 0.62),
    (pygame.KMOD_LSHIFT, 0.13),
    (pygame.KMOD_LCTRL, 0.09),
    (pygame.KMOD_LALT, 0.04),
    (pygame.KMOD_RSHIFT | pygame.KMOD_RCTRL, 0.03),
    (pygame.KMOD_LCTRL | pygame.KMOD_LALT, 0.03),
    (pygame.KMOD_LSHIFT | pygame.KMOD_LALT, 0.02),
    (pygame.KMOD_CAPS, 0.02),
    (pygame.KMOD_NUM | pygame.KMOD_LSHIFT, 0.02),
)


def random_key(rng: random.Random) -> pygame.event.Event:
    family = rng.choices([f for f, _ in KEY_FAMILIES], [w for _, w in KEY_FAMILIES])[0]
    key, char = rng.choice(family)
    mod = rng.choices([m for m, _ in MODS], [w for _, w in MODS])[0]
    if mod & pygame.KMOD_CTRL:
        char = ""  # Ctrl+letter gives a control character, or nothing
    elif mod & pygame.KMOD_SHIFT and char.isalpha():
        char = char.upper()
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=char, scancode=0)


def describe_key(event: pygame.event.Event) -> str:
    names = [
        n
        for flag, n in (
            (pygame.KMOD_CTRL, "ctrl"),
            (pygame.KMOD_SHIFT, "shift"),
            (pygame.KMOD_ALT, "alt"),
        )
        if event.mod & flag
    ]
    return "+".join([*names, pygame.key.name(event.key) or str(event.key)])
