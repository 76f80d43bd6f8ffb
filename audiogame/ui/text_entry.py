"""A line of text typed by the player: a name, an address, an invite code, a chat line.

Typed characters are echoed as a screen reader echoes them (a space is said
as "space"); Backspace says the character it deletes; Left/Right move over
the text saying the character reached, Home/End go to its ends, Up or Down
reads the whole line. Enter hands the text to ``check`` (None: accepted, or a
message id saying why not: the line stays open and says it) and then, once
the line is closed, to ``done``. Escape closes it without doing anything.

Characters typed with Control alone are shortcuts, not text; AltGr (Control
and Alt together, as Windows reports it) types ``@`` and friends on many
layouts, so it is text. The line never holds more than ``limit`` characters.

A secret line (a password) says "star" for every character typed, deleted or
reached, and reads the whole line as how many characters it holds: what is
typed is never spoken, shown or kept in the history.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from audiogame.app.scene import Scene
from audiogame.core import keys
from audiogame.core.keys import Key

if TYPE_CHECKING:
    from audiogame.app.loop import App

ENTER = (keys.RETURN, keys.KP_ENTER)


class TextEntry(Scene):
    keys_id = "keys-text-entry"

    def __init__(
        self,
        app: App,
        prompt_id: str,
        done: Callable[[str], None],
        *,
        check: Callable[[str], str | None] | None = None,
        initial: str = "",
        limit: int = 200,
        speak_return: bool = True,
        secret: bool = False,
        **prompt_args: Any,
    ) -> None:
        super().__init__(app)
        self.prompt_id = prompt_id
        self.prompt_args = prompt_args
        self.done = done
        self.check = check
        self.limit = limit
        #: once done, the scene underneath says where the player is (unless the
        #: line is the chat's: the table goes on as it was, in silence)
        self.speak_return = speak_return
        self.secret = secret
        self.text = initial[:limit]
        self.cursor = len(self.text)

    def prompt(self) -> str:
        return self.t(self.prompt_id, **self.prompt_args)

    def where(self) -> str:
        return self.prompt()

    def on_enter(self) -> None:
        self.cue("notice")
        self.read_line()

    def on_resume(self) -> None:
        self.read_line()

    def read_line(self) -> None:
        if not self.text:
            said = self.t("entry-empty")
        elif self.secret:
            said = self.t("entry-secret", n=len(self.text))
        else:
            said = self.t("entry-text", text=self.text)
        self.app.announcer.say_text(f"{self.prompt()}. {said}", record=False)

    def echo(self, char: str) -> None:
        if self.secret:
            words = self.t("entry-star")
        else:
            words = self.t("entry-space") if char == " " else char
        self.app.announcer.say_text(words, record=False)

    def on_key(self, key: Key) -> bool:
        k = key.key
        if k in ENTER:
            self.submit()
        elif k == keys.BACKSPACE:
            self.delete()
        elif k in (keys.LEFT, keys.RIGHT):
            self.step(-1 if k == keys.LEFT else 1)
        elif k in (keys.HOME, keys.END):
            self.cursor = 0 if k == keys.HOME else len(self.text)
            self.cue("menu_move")
        elif k in (keys.UP, keys.DOWN):
            self.read_line()
        elif k == keys.SPACE and not (key.ctrl or key.alt):
            self.insert(" ")  # some key sources give the space bar no character
        elif key.char and key.char.isprintable() and not (key.ctrl and not key.alt):
            self.insert(key.char)
        else:
            return False
        return True

    def insert(self, chars: str) -> None:
        if len(self.text) + len(chars) > self.limit:
            self.cue("menu_edge")
            self.app.announcer.say("entry-full", n=self.limit)
            return
        self.text = self.text[: self.cursor] + chars + self.text[self.cursor :]
        self.cursor += len(chars)
        self.echo(chars)

    def delete(self) -> None:
        if self.cursor == 0:
            self.cue("menu_edge")
            return
        gone = self.text[self.cursor - 1]
        self.text = self.text[: self.cursor - 1] + self.text[self.cursor :]
        self.cursor -= 1
        self.echo(gone)

    def step(self, delta: int) -> None:
        target = self.cursor + delta
        if not 0 <= target <= len(self.text):
            self.cue("menu_edge")
            return
        self.cursor = target
        if self.cursor < len(self.text):
            self.echo(self.text[self.cursor])
        else:
            self.app.announcer.say("entry-end")

    def submit(self) -> None:
        text = self.text
        problem = self.check(text) if self.check is not None else None
        if problem is not None:
            self.app.announcer.say(problem, cue="menu_error")
            return
        below = self.app.scenes[:-1]
        self.app.pop(self, resume=False)
        self.done(text)
        if self.speak_return and self.app.scenes == below and self.app.top is not None:
            self.app.top.on_resume()

    def on_escape(self) -> None:
        self.cue("menu_back")
        self.app.pop(self, resume=self.speak_return)
