"""The window: the last messages in large, high-contrast text.

For partially sighted players and sighted friends. It redraws only when the
history changes, and a machine without a display simply has no window.
"""

from __future__ import annotations

import logging

import pygame

from audiogame.history import History

log = logging.getLogger(__name__)

BACKGROUND = (0, 0, 0)
NEWEST = (255, 255, 0)  # the newest message in yellow, the rest in white
OLDER = (255, 255, 255)


class Window:
    def __init__(
        self, title: str, size: tuple[int, int] = (1024, 640), font_size: int = 40
    ) -> None:
        self.surface = pygame.display.set_mode(size)
        pygame.display.set_caption(title)
        self.font = pygame.font.Font(None, font_size)
        self.margin = 24
        self._drawn_version = -1

    @classmethod
    def open(cls, title: str) -> Window | None:
        try:
            return cls(title)
        except pygame.error as exc:
            log.warning("no window: %s", exc)
            return None

    def wrap(self, text: str, width: int) -> list[str]:
        lines: list[str] = []
        line = ""
        for word in text.split():
            trial = f"{line} {word}".strip()
            if self.font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        if line:
            lines.append(line)
        return lines

    def draw(self, history: History) -> None:
        if history.version == self._drawn_version:
            return
        self._drawn_version = history.version
        width, height = self.surface.get_size()
        self.surface.fill(BACKGROUND)
        y = height - self.margin
        messages = history.last(12)
        for age, text in enumerate(reversed(messages)):
            colour = NEWEST if age == 0 else OLDER
            for line in reversed(self.wrap(text, width - 2 * self.margin)):
                y -= self.font.get_linesize()
                if y < 0:
                    break
                self.surface.blit(self.font.render(line, True, colour), (self.margin, y))
            y -= self.font.get_linesize() // 2
            if y < 0:
                break
        pygame.display.flip()
