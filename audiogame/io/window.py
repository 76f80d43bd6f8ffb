"""The window: the scene's board in large high-contrast print above the last messages.

For partially sighted players and sighted friends watching. At the top, what
the scene on top shows (``Scene.board``: a table's hand, ends, counts and
scores; a menu's name and the item under the cursor), laid out by
``io.bigprint``; below a rule, the newest messages, newest at the bottom in
yellow. White and yellow on black, pygame's own font scaled by the player's
text size (Ctrl+Plus/Minus). It draws only when something it shows changed
(the board, the messages, the size of the text or of the window, the
language): ``frames`` and ``redraws`` count how often. A machine without a
display simply has no window.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pygame

from audiogame.core.board import Board
from audiogame.history import History
from audiogame.io.bigprint import Line, Run, Style, board_lines, plain, wrap

log = logging.getLogger(__name__)

Localize = Callable[..., str]

BACKGROUND = (0, 0, 0)
YELLOW = (255, 255, 0)
WHITE = (255, 255, 255)
NEWEST = YELLOW  # the newest message in yellow, the rest in white
OLDER = WHITE
#: each style's colours: (text, background; None: the window's black)
COLOURS: dict[Style, tuple[tuple[int, int, int], tuple[int, int, int] | None]] = {
    Style.TITLE: (YELLOW, None),
    Style.LABEL: (WHITE, None),
    Style.VALUE: (YELLOW, None),
    Style.MARK: (BACKGROUND, YELLOW),
    Style.NEWEST: (NEWEST, None),
    Style.OLDER: (OLDER, None),
}
#: pixel sizes at text size 100%: the board's title, its rows, the messages
FONT_SIZES: dict[Style, int] = {
    Style.TITLE: 64,
    Style.LABEL: 52,
    Style.VALUE: 52,
    Style.MARK: 52,
    Style.NEWEST: 40,
    Style.OLDER: 40,
}
#: the styles of a row's values: a dot stands between two of them
CELLS = frozenset({Style.VALUE, Style.MARK})
MESSAGES = 12  # the most messages shown
NEWEST_LINES = 3  # the lines of the newest message the board always leaves room for
RULE = 3  # the rule's thickness between the board and the messages


class Window:
    def __init__(
        self, title: str, size: tuple[int, int] = (1024, 640), text_size: int = 100
    ) -> None:
        self.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption(title)
        self.margin = 24
        self.text_size = text_size
        self._fonts: dict[int, pygame.font.Font] = {}
        self._drawn: tuple[Any, ...] | None = None
        #: the board drawn last (the app hands it back when it did not ask the scene)
        self.board: Board | None = None
        #: frames asked to draw, and how many of them drew (the rest had nothing new)
        self.frames = 0
        self.redraws = 0
        #: what the last redraw showed, as text (the board's lines, then the messages)
        self.shown: list[str] = []

    @classmethod
    def open(cls, title: str, text_size: int = 100) -> Window | None:
        try:
            return cls(title, text_size=text_size)
        except pygame.error as exc:
            log.warning("no window: %s", exc)
            return None

    # -- text size and window size -------------------------------------------------------
    def font_px(self, style: Style) -> int:
        return max(8, round(FONT_SIZES[style] * self.text_size / 100))

    def font(self, style: Style = Style.NEWEST) -> pygame.font.Font:
        px = self.font_px(style)
        if px not in self._fonts:
            self._fonts[px] = pygame.font.Font(None, px)  # the font pygame ships
        return self._fonts[px]

    def set_text_size(self, percent: int) -> None:
        self.text_size = percent  # part of what is drawn: the next frame draws anew

    def resized(self, size: tuple[int, int]) -> None:
        """The player resized the window: draw again at the new size."""
        if self.surface.get_size() != size:
            self.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._drawn = None

    def measure(self, run: Run) -> int:
        return int(self.font(run.style).size(run.text)[0]) + self._padding(run)

    def _padding(self, run: Run) -> int:
        return 2 * self.font_px(run.style) // 8 if run.style is Style.MARK else 0

    def wrap(self, text: str, width: int) -> list[str]:
        """A message's lines at this width (whole words)."""
        lines = wrap([Run(text, Style.OLDER)], width, self.measure, 0)
        return [" ".join(run.text for run in line) for line in lines]

    # -- drawing -------------------------------------------------------------------------
    def draw(self, history: History, board: Board | None = None, t: Localize | None = None) -> bool:
        """Draw when anything shown changed; True when it drew."""
        self.frames += 1
        self.board = board
        lang = getattr(t, "lang", None)
        key = (history.version, board, lang, self.text_size, self.surface.get_size())
        if key == self._drawn:
            return False
        self._drawn = key
        self.redraws += 1
        self.surface.fill(BACKGROUND)
        width, height = self.surface.get_size()
        inner = width - 2 * self.margin
        top: list[Line] = []
        if board is not None and t is not None:
            for logical in board_lines(board, t):
                top += wrap(logical, inner, self.measure, self._gap(logical[0].style))
        newest = history.last(1)
        # room kept below the board for the newest message (up to NEWEST_LINES lines)
        keep = 0
        if newest:
            lines = min(NEWEST_LINES, len(self.wrap(newest[0], inner)))
            keep = lines * self.font(Style.NEWEST).get_linesize() + self.margin + RULE
        y = self.margin
        drawn: list[Line] = []
        for line in top:
            if y + self._height(line) > height - self.margin - keep:
                break  # what does not fit is left out: the first rows matter most
            y = self._blit_line(line, y)
            drawn.append(line)
        if top:
            y += self.margin // 2
            pygame.draw.rect(self.surface, WHITE, (self.margin, y, inner, RULE))
            y += RULE + self.margin // 2
        said = self._draw_messages(history, y, inner, height)
        self.shown = plain(drawn) + said
        pygame.display.flip()
        return True

    def _gap(self, style: Style) -> int:
        return self.font_px(style) // 2

    def _height(self, line: Line) -> int:
        return max(self.font(run.style).get_linesize() for run in line)

    def _blit_line(self, line: Line, y: int) -> int:
        x = self.margin
        tall = self._height(line)
        previous: Run | None = None
        for run in line:
            fg, bg = COLOURS[run.style]
            pad = self._padding(run) // 2
            if previous is not None and previous.style in CELLS and run.style in CELLS:
                self._dot(x - self._gap(run.style) // 2, y + tall // 2, run.style)
            previous = run
            image = self.font(run.style).render(run.text, True, fg)
            if bg is not None:
                box = (x, y, image.get_width() + 2 * pad, tall)
                pygame.draw.rect(self.surface, bg, box)
            self.surface.blit(image, (x + pad, y + (tall - image.get_height()) // 2))
            x += image.get_width() + 2 * pad + self._gap(run.style)
        return y + tall

    def _dot(self, x: int, y: int, style: Style) -> None:
        """A white dot between two values on a line, so that they read apart."""
        radius = max(2, self.font_px(style) // 14)
        pygame.draw.circle(self.surface, WHITE, (x, y), radius)

    def _draw_messages(self, history: History, top: int, width: int, height: int) -> list[str]:
        """The newest messages, newest at the bottom, as many whole ones as fit below
        ``top``; only the newest may be cut (its first lines shown) when the board
        leaves no room for the whole of it."""
        y = height - self.margin
        font = self.font(Style.NEWEST)
        step = font.get_linesize()
        said: list[str] = []
        for age, text in enumerate(reversed(history.last(MESSAGES))):
            lines = self.wrap(text, width)
            if y - step * len(lines) < top:
                if age > 0 or y - step < top:
                    break
                lines = lines[: (y - top) // step]
            colour = COLOURS[Style.NEWEST if age == 0 else Style.OLDER][0]
            y -= step * len(lines)
            for n, line in enumerate(lines):
                self.surface.blit(font.render(line, True, colour), (self.margin, y + n * step))
            said[:0] = lines
            y -= step // 2
        return said
