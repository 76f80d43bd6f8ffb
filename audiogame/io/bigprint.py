"""Any scene's board as lines of large print: words resolved, runs styled, lines wrapped.

Pure (no pygame): the window measures with its fonts and draws what comes out;
tests read the same lines. A board (``core.board``) becomes a title line and
one line per row ("Your hand:" then each cell); a line too long for the
window breaks between cells, and a cell too long for a line breaks between
its words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from audiogame.core.board import Board, Words
from audiogame.core.narration import resolve_value

Localize = Callable[..., str]


class Style(StrEnum):
    TITLE = "title"  # the board's title: the largest print, yellow
    LABEL = "label"  # a row's label: white
    VALUE = "value"  # a row's values: yellow
    MARK = "mark"  # the cell under the cursor: black on yellow
    NEWEST = "newest"  # the newest message: yellow
    OLDER = "older"  # older messages: white


@dataclass(frozen=True, slots=True)
class Run:
    """A piece of text drawn in one style, never broken across lines (a whole cell)."""

    text: str
    style: Style


Line = tuple[Run, ...]


def words(value: Words, t: Localize) -> str:
    return str(resolve_value(value, t)) if value is not None else ""


def board_lines(board: Board, t: Localize) -> list[Line]:
    """The board as logical lines (before wrapping): the title, then one per row."""
    lines: list[Line] = []
    title = words(board.title, t)
    if title:
        lines.append((Run(title, Style.TITLE),))
    for row in board.rows:
        runs: list[Run] = []
        label = words(row.label, t)
        if label:
            runs.append(Run(f"{label}:" if row.cells else label, Style.LABEL))
        for cell in row.cells:
            text = words(cell.text, t)
            if text:
                runs.append(Run(text, Style.MARK if cell.mark else Style.VALUE))
        if runs:
            lines.append(tuple(runs))
    return lines


def wrap(line: Sequence[Run], width: int, measure: Callable[[Run], int], gap: int) -> list[Line]:
    """``line`` broken into lines no wider than ``width`` (``gap`` pixels between runs).

    Runs stay whole when they fit a line; a longer one is split between words
    (a word wider than the window stands alone: nothing is dropped)."""
    pieces: list[Run] = []
    for run in line:
        pieces += _split(run, width, measure) if measure(run) > width else [run]
    lines: list[Line] = []
    current: list[Run] = []
    used = 0
    for run in pieces:
        size = measure(run)
        if current and used + gap + size > width:
            lines.append(tuple(current))
            current, used = [], 0
        used += (gap if current else 0) + size
        current.append(run)
    if current:
        lines.append(tuple(current))
    return lines


def _split(run: Run, width: int, measure: Callable[[Run], int]) -> list[Run]:
    parts: list[Run] = []
    text = ""
    for word in run.text.split():
        trial = f"{text} {word}".strip()
        if text and measure(Run(trial, run.style)) > width:
            parts.append(Run(text, run.style))
            text = word
        else:
            text = trial
    if text:
        parts.append(Run(text, run.style))
    return parts


def plain(lines: Sequence[Line]) -> list[str]:
    """Lines as text, the marked cell in brackets ("Your hand: 6|3 [5|5] 2|1"): what a
    test or a log reads of the window."""
    return [
        " ".join(f"[{run.text}]" if run.style is Style.MARK else run.text for run in line)
        for line in lines
    ]
