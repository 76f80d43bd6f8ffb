"""Reads a document paragraph by paragraph: Up/Down, Home/End, Escape closes."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from audiogame.app.scene import Scene
from audiogame.core import keys
from audiogame.core.board import Board, Cell, Row
from audiogame.core.keys import Key
from audiogame.resources import data_dir

if TYPE_CHECKING:
    from audiogame.app.loop import App


#: a Markdown image: ``![what it shows](file.png)``
IMAGE = re.compile(r"!\[([^\]]*)\]\([^)]*\)")


def document_path(name: str, lang: str) -> Path:
    """``docs/<name>.<lang>.md``, or the same file in the folder of the game that keeps it."""
    from audiogame.games import registry

    for spec in registry.games():
        if spec.docs is not None and spec.guide == name:
            return spec.docs / f"{name}.{lang}.md"
    return data_dir("docs") / f"{name}.{lang}.md"


def load_document(name: str, lang: str) -> list[str]:
    """A Markdown document as speakable paragraphs (headings and list items apart)."""
    try:
        text = document_path(name, lang).read_text(encoding="utf-8")
    except OSError:
        return []
    paragraphs: list[str] = []
    block: list[str] = []

    def close() -> None:
        if block:
            paragraphs.append(" ".join(block))
            block.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if not line or set(line) <= set("-|: "):
            close()
            continue
        if line.startswith(("#", "- ", "* ", "|")) or re.match(r"\d+\. ", line):
            close()
            line = line.lstrip("#").strip()
            if line.startswith(("- ", "* ")):
                line = line[2:]
            if line.startswith("|"):
                line = ", ".join(c.strip() for c in line.strip("|").split("|") if c.strip())
            paragraphs.append(line)
            continue
        block.append(line)
    close()
    # a picture is read as what it shows (its description), never as its file name
    return [re.sub(r"[`*_]", "", IMAGE.sub(r"\1", p)) for p in paragraphs]


class ReaderScene(Scene):
    title_id = "doc-title"
    keys_id = "keys-reader"

    def __init__(self, app: App, doc: str) -> None:
        super().__init__(app)
        self.doc = doc
        self.paragraphs: list[str] = []
        self.index = 0

    def on_enter(self) -> None:
        self.paragraphs = load_document(self.doc, self.app.localizer.lang)
        if not self.paragraphs:
            self.say("doc-missing", cue="menu_error")
            self.app.pop()
            return
        self.app.announcer.say_text(self.t("doc-opened") + " " + self.paragraphs[0], record=False)

    def on_resume(self) -> None:
        """Back from a scene above (the rules opened from here): the guide's name and
        the paragraph the player was reading."""
        if self.paragraphs:
            here = self.paragraphs[self.index]
            self.app.announcer.say_text(f"{self.where()}. {here}", record=False)

    def board(self) -> Board | None:
        """The guide's name and the paragraph being read."""
        here = self.paragraphs[self.index] if self.paragraphs else ""
        return Board(self.where(), (Row(None, (Cell(here),)),) if here else ())

    def on_language_changed(self) -> None:
        self.paragraphs = load_document(self.doc, self.app.localizer.lang) or self.paragraphs

    def read(self, index: int) -> None:
        edge = not 0 <= index < len(self.paragraphs)
        self.index = max(0, min(len(self.paragraphs) - 1, index))
        self.cue("menu_edge" if edge else "menu_move")
        text = self.paragraphs[self.index]
        self.app.announcer.say_text(
            self.app.announcer.at_edge(text) if edge else text, record=False
        )

    def on_key(self, key: Key) -> bool:
        moves = {
            keys.UP: self.index - 1,
            keys.DOWN: self.index + 1,
            keys.HOME: 0,
            keys.END: len(self.paragraphs) - 1,
        }
        if key.key in moves:
            self.read(moves[key.key])
            return True
        return False
