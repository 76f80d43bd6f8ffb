"""A vertical menu: items spoken with their position, wrap with an edge sound,
first-letter jumps."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from audiogame.app.scene import Scene
from audiogame.core import keys
from audiogame.core.board import Board, Cell, Row
from audiogame.core.keys import Key

if TYPE_CHECKING:
    from audiogame.app.loop import App


@dataclass
class MenuItem:
    label: Callable[[], str]
    activate: Callable[[], None] | None = None
    #: Left/Right change the item's value, with -1 or +1 (options)
    adjust: Callable[[int], None] | None = None
    #: one line on what the item does, said after it when the cursor lands on it
    description: Callable[[], str] | None = None


class MenuScene(Scene):
    wrap: bool = True

    def __init__(self, app: App, items: list[MenuItem] | None = None, title_id: str = "") -> None:
        super().__init__(app)
        self.items: list[MenuItem] = items or []
        self.index = 0
        if title_id:
            self.title_id = title_id

    def on_enter(self) -> None:
        self.speak_item(prefix=self.where())

    def on_resume(self) -> None:
        """Back from a scene above: the menu's name, then the item under the cursor."""
        self.speak_item(prefix=self.where())

    def board(self) -> Board | None:
        """The menu's name, and the item under the cursor with its place."""
        if not self.items:
            return super().board()
        label = self.items[self.index].label()
        place = self.t("board-place", pos=self.index + 1, total=len(self.items))
        return Board(self.where(), (Row(None, (Cell(label, mark=True), Cell(place))),))

    def item_text(self, index: int) -> str:
        item = self.items[index]
        label = item.label()
        if label.endswith(".") and not label.endswith(".."):  # a sentence as an item:
            label = label[:-1]  # "…fills itself, 1 of 1", not "…fills itself., 1 of 1"
        text = self.t("menu-item", label=label, pos=index + 1, total=len(self.items))
        return f"{text}. {item.description()}" if item.description is not None else text

    def speak_item(self, prefix: str = "") -> None:
        parts = [prefix, self.item_text(self.index) if self.items else ""]
        text = ". ".join(part for part in parts if part)
        if text:
            self.app.announcer.say_text(text)

    def move(self, delta: int) -> None:
        if not self.items:
            return
        target = self.index + delta
        if 0 <= target < len(self.items):
            self.cue("menu_move")
        elif self.wrap:
            self.cue("menu_edge")
            target %= len(self.items)
        else:
            self.cue("menu_edge")
            target = max(0, min(len(self.items) - 1, target))
            if target == self.index:  # the same item again: without sounds, say the edge
                self.index = target
                text = self.item_text(self.index)
                self.app.announcer.say_text(self.app.announcer.at_edge(text))
                return
        self.index = target
        self.speak_item()

    def jump(self, index: int) -> None:
        self.index = index
        self.cue("menu_move")
        self.speak_item()

    def jump_letter(self, char: str) -> bool:
        n = len(self.items)
        for step in range(1, n + 1):
            i = (self.index + step) % n
            if self.items[i].label().lower().startswith(char):
                self.jump(i)
                return True
        return False

    def on_key(self, key: Key) -> bool:
        k = key.key
        if k == keys.UP:
            self.move(-1)
        elif k == keys.DOWN:
            self.move(1)
        elif k == keys.HOME:
            self.jump(0)
        elif k == keys.END:
            self.jump(len(self.items) - 1)
        elif k in (keys.LEFT, keys.RIGHT) and self.items:
            item = self.items[self.index]
            if item.adjust is None:
                return False
            item.adjust(-1 if k == keys.LEFT else 1)
        elif k in (keys.RETURN, keys.KP_ENTER, keys.SPACE) and self.items:
            item = self.items[self.index]
            if item.activate is not None:
                self.cue("menu_select")
                item.activate()
            elif item.adjust is not None:
                item.adjust(1)
            else:
                return False
        elif key.plain and key.char and key.char.isalnum() and not self.letters_are_commands:
            return self.jump_letter(key.char.lower())
        else:
            return False
        return True
