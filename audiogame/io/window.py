"""The window: the scene's board in large high-contrast print above the last messages.

For partially sighted players and sighted friends watching. At the top, what
the scene on top shows (``Scene.board``: a table's hand, ends, counts and
scores; a menu's name and the item under the cursor), laid out by
``io.bigprint``; below a rule, the newest messages, newest at the bottom in
yellow. When the board does not fit (large print, a small window), the title
comes down to the rows' print, the newest message keeps one line instead of
three, and then the rows the player needs least are left out (``Row.need``;
the cursor's line is always shown), with a line saying how many
(``left_out``; Ctrl+Plus and Ctrl+Minus say it too). White and yellow on black,
pygame's own font scaled by the player's text size (Ctrl+Plus/Minus). It draws
only when something it shows changed (the board, the messages, the size of the
text or of the window, the language): ``frames`` and ``redraws`` count how often.
A machine without a
display simply has no window.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pygame

from audiogame.core.board import Board
from audiogame.history import History
from audiogame.io.bigprint import MARKED, Line, Run, Style, board_blocks, fit, plain, wrap

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
    Style.PLAYABLE: (YELLOW, None),
    Style.MARK_PLAYABLE: (BACKGROUND, YELLOW),
    Style.NOTE: (WHITE, None),
    Style.NEWEST: (NEWEST, None),
    Style.OLDER: (OLDER, None),
}
#: pixel sizes at text size 100%: the board's title, its rows, the messages
FONT_SIZES: dict[Style, int] = {
    Style.TITLE: 64,
    Style.LABEL: 52,
    Style.VALUE: 52,
    Style.MARK: 52,
    Style.PLAYABLE: 52,
    Style.MARK_PLAYABLE: 52,
    Style.NOTE: 40,
    Style.NEWEST: 40,
    Style.OLDER: 40,
}
#: the styles of a row's values: a dot stands between two of them
CELLS = frozenset({Style.VALUE, Style.MARK, Style.PLAYABLE, Style.MARK_PLAYABLE})
#: the cells drawn in a box (the cursor's, filled) or a frame (playable)
BOXED = frozenset({Style.MARK, Style.PLAYABLE, Style.MARK_PLAYABLE})
FRAMED = frozenset({Style.PLAYABLE, Style.MARK_PLAYABLE})
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
        #: how many of the board's rows (the title among them) the last redraw left out
        self.left_out = 0
        #: the board's title drawn in the rows' print (room is short)
        self._small_title = False

    @classmethod
    def open(cls, title: str, text_size: int = 100) -> Window | None:
        try:
            return cls(title, text_size=text_size)
        except pygame.error as exc:
            log.warning("no window: %s", exc)
            return None

    # -- text size and window size -------------------------------------------------------
    def font_px(self, style: Style) -> int:
        if style is Style.TITLE and self._small_title:
            style = Style.LABEL
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
        return 2 * self.font_px(run.style) // 8 if run.style in BOXED else 0

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
        drawn = self.layout(history, board, t)
        y = self.margin
        for line in drawn:
            y = self._blit_line(line, y)
        if drawn:
            y += self.margin // 2
            pygame.draw.rect(self.surface, WHITE, (self.margin, y, inner, RULE))
            y += RULE + self.margin // 2
        said = self._draw_messages(history, y, inner, height)
        self.shown = plain(drawn) + said
        pygame.display.flip()
        return True

    def layout(self, history: History, board: Board | None, t: Localize | None) -> list[Line]:
        """The board's lines that fit above the newest message (drawing nothing): all
        of them in full print when they fit; else the title in the rows' print, the
        message's room down to one line, and the rows chosen by need, with a note of
        those left out (``left_out``)."""
        width, height = self.surface.get_size()
        inner = width - 2 * self.margin
        self.left_out = 0
        self._small_title = False
        if board is None or t is None:
            return []
        blocks = board_blocks(board, t)
        newest = history.last(1)
        wanted = min(NEWEST_LINES, len(self.wrap(newest[0], inner))) if newest else 0
        steps = ((False, wanted), (True, wanted), (True, min(wanted, 1)))
        for small, kept in steps:
            self._small_title = small
            wrapped = [self._wrapped(block.line, inner) for block in blocks]
            room = height - 2 * self.margin - self._kept(kept)
            lines = [line for block in wrapped for line in block]
            if sum(self._height(line) for line in lines) <= room:
                return lines
        note = self.font(Style.NOTE).get_linesize()
        lines, self.left_out = fit(wrapped, [b.need for b in blocks], self._height, room - note)
        if self.left_out:
            text = t("window-left-out", n=self.left_out)
            lines += wrap([Run(text, Style.NOTE)], inner, self.measure, 0)[:1]
        return lines

    def _wrapped(self, line: Line, inner: int) -> list[Line]:
        return wrap(line, inner, self.measure, self._gap(line[0].style))

    def _kept(self, lines: int) -> int:
        """The room kept below the board for ``lines`` lines of the newest message."""
        if not lines:
            return 0
        return lines * self.font(Style.NEWEST).get_linesize() + self.margin + RULE

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
            box = (x, y, image.get_width() + 2 * pad, tall)
            if bg is not None:
                pygame.draw.rect(self.surface, bg, box)
            if run.style in FRAMED:  # playable: a frame, inside the cursor's box when on it
                thick = max(2, self.font_px(run.style) // 16)
                frame = BACKGROUND if run.style in MARKED else YELLOW
                inset = thick if run.style in MARKED else 0
                inner_box = (x + inset, y + inset, box[2] - 2 * inset, tall - 2 * inset)
                pygame.draw.rect(self.surface, frame, inner_box, thick)
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
