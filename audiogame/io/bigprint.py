"""Any scene's board as lines of large print: words resolved, runs styled, lines wrapped.

Pure (no pygame): the window measures with its fonts and draws what comes out;
tests read the same lines. A board (``core.board``) becomes a title line and
one line per row ("Your hand:" then each cell); a line too long for the
window breaks between cells, and a cell too long for a line breaks between
its words. Where the lines do not all fit, ``fit`` chooses: the rows the
player needs most (``Row.need``), the cursor's line always among them, and
how many rows were left out, which the window says.
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
    PLAYABLE = "playable"  # a cell the player may play now: yellow, framed
    MARK_PLAYABLE = "mark-playable"  # the cursor on a playable cell: black on yellow, framed
    NOTE = "note"  # what the window left out: white, in the messages' print
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


#: a cell's style by (under the cursor, playable)
CELL_STYLES = {
    (False, False): Style.VALUE,
    (True, False): Style.MARK,
    (False, True): Style.PLAYABLE,
    (True, True): Style.MARK_PLAYABLE,
}
#: the styles drawn as the cursor
MARKED = frozenset({Style.MARK, Style.MARK_PLAYABLE})


@dataclass(frozen=True, slots=True)
class Block:
    """One logical line of a board (its title, or a row) and how much it is needed."""

    line: Line
    need: int


def board_blocks(board: Board, t: Localize) -> list[Block]:
    """The board as logical lines (before wrapping), each with its need."""
    blocks: list[Block] = []
    title = words(board.title, t)
    if title:
        blocks.append(Block((Run(title, Style.TITLE),), board.title_need))
    for row in board.rows:
        runs: list[Run] = []
        label = words(row.label, t)
        if label:
            runs.append(Run(f"{label}:" if row.cells else label, Style.LABEL))
        for cell in row.cells:
            text = words(cell.text, t)
            if text:
                runs.append(Run(text, CELL_STYLES[cell.mark, cell.playable]))
        if runs:
            blocks.append(Block(tuple(runs), row.need))
    return blocks


def board_lines(board: Board, t: Localize) -> list[Line]:
    """The board as logical lines (before wrapping): the title, then one per row."""
    return [block.line for block in board_blocks(board, t)]


def fit(
    blocks: Sequence[Sequence[Line]],
    needs: Sequence[int],
    height: Callable[[Line], int],
    room: int,
) -> tuple[list[Line], int]:
    """The lines of ``blocks`` (each a logical line, wrapped) to draw in ``room``
    pixels, in their order, and how many blocks were left out.

    Every block when they all fit. Otherwise blocks are taken most needed first
    (``needs``, then their order); one that does not fit whole is left out, unless
    it holds the cursor or is the most needed of all: then its lines around the
    cursor (or its first) are shown, as many as fit."""
    tall = [sum(height(line) for line in block) for block in blocks]
    if sum(tall) <= room:
        return [line for block in blocks for line in block], 0
    chosen: dict[int, list[Line]] = {}
    for rank, i in enumerate(sorted(range(len(blocks)), key=lambda i: (needs[i], i))):
        block = list(blocks[i])
        if tall[i] <= room:
            chosen[i] = block
            room -= tall[i]
            continue
        cursor = next((n for n, line in enumerate(block) if _marked(line)), None)
        if cursor is None and rank > 0:
            continue
        part = _around(block, 0 if cursor is None else cursor, height, room)
        if part:
            chosen[i] = part
            room -= sum(height(line) for line in part)
    lines = [line for i in sorted(chosen) for line in chosen[i]]
    return lines, len(blocks) - len(chosen)


def _marked(line: Line) -> bool:
    return any(run.style in MARKED for run in line)


def _around(block: list[Line], at: int, height: Callable[[Line], int], room: int) -> list[Line]:
    """The lines of ``block`` from ``at`` on, then before it, as many as fit ``room``."""
    if height(block[at]) > room:
        return []
    first = last = at
    room -= height(block[at])
    while last + 1 < len(block) and height(block[last + 1]) <= room:
        last += 1
        room -= height(block[last])
    while first > 0 and height(block[first - 1]) <= room:
        first -= 1
        room -= height(block[first])
    return block[first : last + 1]


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
    """Lines as text, the marked cell in brackets and a playable one starred ("Your
    hand: 6|3* [5|5] 2|1"): what a test or a log reads of the window."""
    return [" ".join(_plain(run) for run in line) for line in lines]


def _plain(run: Run) -> str:
    text = f"{run.text}*" if run.style in (Style.PLAYABLE, Style.MARK_PLAYABLE) else run.text
    return f"[{text}]" if run.style in MARKED else text
