"""A yes/no question: Y answers yes, N or Escape answers no."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from audiogame.app.keys import Key
from audiogame.ui.scene import Scene

if TYPE_CHECKING:
    from audiogame.app.loop import App


class ConfirmScene(Scene):
    keys_id = "keys-confirm"

    def __init__(
        self,
        app: App,
        question_id: str,
        on_yes: Callable[[], None],
        on_no: Callable[[], None] | None = None,
        **args: Any,
    ) -> None:
        super().__init__(app)
        self.question_id = question_id
        self.args = args
        self.on_yes = on_yes
        self.on_no = on_no

    def on_enter(self) -> None:
        self.say(self.question_id, cue="notice", **self.args)

    def answer(self, yes: bool) -> None:
        self.app.pop()
        if yes:
            self.cue("menu_select")
            self.on_yes()
        else:
            self.cue("menu_back")
            if self.on_no:
                self.on_no()

    def on_key(self, key: Key) -> bool:
        if key.key == pygame.K_y:
            self.answer(True)
        elif key.key == pygame.K_n:
            self.answer(False)
        elif key.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.say(self.question_id, **self.args)
        else:
            return False
        return True

    def on_escape(self) -> None:
        self.answer(False)
