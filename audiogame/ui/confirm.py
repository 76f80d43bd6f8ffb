"""A yes/no question answered with one key: yes and no in the player's language.

The letters come from the messages (``confirm-yes-letters``: S and Y in Italian,
as the Salotto takes both; Y in English; ``confirm-no-letters``: N), and so does
the line saying which (``confirm-keys``: "Premi S per sì, N per no."), added
after every question: a game's question is only the question. Escape answers no.

The question is the scene's name: it is said when the scene opens and again
when the player comes back to it (from the guide, say). Answering yes never
speaks the scene underneath first: when the answer closes the app (quit) or
moves elsewhere (leave the table), nothing of the place left is said.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from audiogame.app.scene import Scene
from audiogame.core import keys
from audiogame.core.keys import Key

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

    def question(self) -> str:
        return f"{self.t(self.question_id, **self.args)} {self.t('confirm-keys')}"

    def where(self) -> str:
        return self.question()

    def on_enter(self) -> None:
        self.cue("notice")
        self.app.announcer.say_text(self.question())

    def letters(self, msg_id: str) -> set[str]:
        return set(self.t(msg_id).lower().split())

    def answer(self, yes: bool) -> None:
        below = self.app.scenes[:-1]
        self.app.pop(self, resume=False)
        self.cue("menu_select" if yes else "menu_back")
        then = self.on_yes if yes else self.on_no
        if then is not None:
            then()
        # the answer left the stack as it was: the scene underneath says where we are
        # (quitting, or leaving for another scene, has it say nothing)
        if self.app.running and self.app.scenes == below and self.app.top is not None:
            self.app.top.on_resume()

    def on_key(self, key: Key) -> bool:
        letter = "" if key.ctrl or key.alt else key.letter
        if letter and letter in self.letters("confirm-yes-letters"):
            self.answer(True)
        elif letter and letter in self.letters("confirm-no-letters"):
            self.answer(False)
        elif key.key in (keys.RETURN, keys.KP_ENTER, keys.SPACE):
            self.app.announcer.say_text(self.question())
        else:
            return False
        return True

    def on_escape(self) -> None:
        self.answer(False)
