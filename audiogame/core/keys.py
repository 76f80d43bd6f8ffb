"""Keys as the scenes see them: the pygame key, its modifiers, its character.

Modifiers are read from the event itself (``event.mod``), never from
``pygame.key.get_mods()``, which ignores posted events.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class Key:
    key: int
    mod: int = 0
    char: str = ""

    @classmethod
    def from_event(cls, event: pygame.event.Event) -> Key:
        return cls(event.key, getattr(event, "mod", 0), getattr(event, "unicode", "") or "")

    @property
    def ctrl(self) -> bool:
        return bool(self.mod & pygame.KMOD_CTRL)

    @property
    def shift(self) -> bool:
        return bool(self.mod & pygame.KMOD_SHIFT)

    @property
    def alt(self) -> bool:
        return bool(self.mod & pygame.KMOD_ALT)

    @property
    def plain(self) -> bool:
        return not (self.ctrl or self.shift or self.alt)

    @property
    def letter(self) -> str:
        """The key's letter (a–z) whatever the modifiers, or ''."""
        if pygame.K_a <= self.key <= pygame.K_z:
            return chr(self.key)
        return ""

    @property
    def digit(self) -> int | None:
        if pygame.K_0 <= self.key <= pygame.K_9:
            return self.key - pygame.K_0
        if pygame.K_KP_1 <= self.key <= pygame.K_KP_9:
            return self.key - pygame.K_KP_1 + 1
        if self.key == pygame.K_KP_0:
            return 0
        return None


MODIFIER_KEYS = frozenset(
    {
        pygame.K_LCTRL,
        pygame.K_RCTRL,
        pygame.K_LSHIFT,
        pygame.K_RSHIFT,
        pygame.K_LALT,
        pygame.K_RALT,
        pygame.K_LMETA,
        pygame.K_RMETA,
        pygame.K_LGUI,
        pygame.K_RGUI,
        pygame.K_CAPSLOCK,
        pygame.K_NUMLOCK,
        pygame.K_MODE,
    }
)
CTRL_KEYS = frozenset({pygame.K_LCTRL, pygame.K_RCTRL})
