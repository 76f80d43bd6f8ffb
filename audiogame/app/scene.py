"""The base of every scene on the app's stack."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from audiogame.core.board import Board
from audiogame.core.keys import Key
from audiogame.core.narration import Message
from audiogame.key_help import everywhere_apart

if TYPE_CHECKING:
    from audiogame.app.loop import App


class Scene:
    #: message id of this scene's name ("Opzioni", "Al tavolo"): said when the player
    #: enters it and when they come back to it from a scene above (see ``where``)
    title_id: str = ""
    #: message id of the keys of this scene (F1)
    keys_id: str = "keys-menu"
    #: the document read with Ctrl+F1 (``docs/<name>.<lang>.md``)
    rules_doc: str = "guide"
    #: at a game table letters are commands, so menus' first-letter jumps are off
    letters_are_commands: bool = False

    def __init__(self, app: App) -> None:
        self.app = app

    # shortcuts the scenes use all the time
    def say(self, msg_id: str, *, cue: str | None = None, pan: float = 0.0, **args: Any) -> None:
        self.app.announcer.say(msg_id, cue=cue, pan=pan, **args)

    def post(self, message: Message) -> None:
        """A game event for the one speech queue; its delayed part ends with this scene."""
        self.app.announcer.post(message, owner=self)

    def t(self, msg_id: str, **args: Any) -> str:
        return self.app.localizer(msg_id, **args)

    def cue(self, name: str, pan: float = 0.0) -> None:
        self.app.announcer.cue(name, pan)

    # life cycle
    def on_enter(self) -> None:
        """Pushed on the stack: introduce yourself."""

    def where(self) -> str:
        """What this scene says of itself when the player comes back to it: its name.

        A game table adds what matters there ("Al tavolo. Tocca a Marco."): the
        player left it for a menu or the guide and must hear where they are.
        """
        return self.t(self.title_id) if self.title_id else ""

    def board(self) -> Board | None:
        """What the window shows of this scene, in large print, above the messages: its
        name by default (a menu adds the item under the cursor, a table the game's
        board). Asked every frame; the window draws only when the answer changes."""
        text = self.where()
        return Board(text) if text else None

    def on_resume(self) -> None:
        """Back on top after the scene above was popped: say where the player is.

        A scene overriding this calls ``super().on_resume()`` (or says ``where()``
        itself), so that no return is silent.
        """
        text = self.where()
        if text:
            self.app.announcer.say_text(text)

    def on_exit(self) -> None:
        """Popped or replaced: cancel timers."""

    def on_key(self, key: Key) -> bool:
        """Handle a key; return False for keys this scene does not know."""
        return False

    def before_key(self, key: Key) -> bool:
        """Keys placed beside the scene's own and tried first (an online table's chat
        and the master's keys beside the game's); True when one was handled."""
        return False

    def keys_text(self) -> str:
        """What F1 says here: the keys of this scene."""
        return self.t(self.keys_id)

    def keys_parts(self) -> list[str]:
        """``keys_text`` in the parts F1 steps through when it is long: this scene's own
        keys, then the keys that work everywhere."""
        return everywhere_apart(self.keys_text(), self.t("keys-global"))

    def on_escape(self) -> None:
        self.cue("menu_back")
        self.app.pop()

    def update(self, now: float) -> None:
        """Called every frame."""

    def after_speech(self) -> None:
        """Called every frame once the frame's words were handed to the speaker."""

    def on_language_changed(self) -> None:
        """The language changed: rebuild any cached text."""

    def snapshot(self) -> dict[str, Any] | None:
        """Plain data to resume this scene later, or None when there is nothing to keep."""
        return None


@runtime_checkable
class Saveable(Protocol):
    """A scene holding a match in progress, which Ctrl+S writes at once.

    The app asks the nearest such scene on the stack (a table under its menu).
    """

    def save_match(self) -> bool:
        """Hand the match's snapshot to ``app.autosave`` now; False when there is
        nothing to save (a practice round, a match that has ended)."""
        ...
