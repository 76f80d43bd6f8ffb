"""Entering a server with an account: ``LoginScene``, name and password.

Opened by the lobby when the server asks for an account (it welcomes accounts
only, the name chosen belongs to one, or a kept session has expired), or from
the lobby's "log in or register" row by a guest. Its rows:

- the name (Enter types it; the one kept in the settings to start with);
- the password (typed as a secret line: each character said as "star", the
  line read back as how many characters it holds; never kept anywhere);
- log in; register a new account (the password typed a second time, to be
  sure of it); enter as a guest (where the server may take guests).

What can be checked here is checked before anything is sent (a name that
cannot be one, an empty password, a new password the server would refuse),
with the same reasons in the player's language as the server's; the server's
own refusals (a wrong password, too many attempts) are said as they come and
the screen stays, the password kept for another try. Escape goes back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from audiogame.net.protocol.credentials import MAX_PASSWORD, check_password
from audiogame.net.protocol.names import clean_name
from audiogame.ui.menu import MenuItem, MenuScene
from audiogame.ui.text_entry import TextEntry

if TYPE_CHECKING:
    from audiogame.app.loop import App

#: (name, password, register) -> the lobby sends it
Enter = Callable[[str, str, bool], None]


class LoginScene(MenuScene):
    title_id = "login-title"
    keys_id = "keys-menu"
    rules_doc = "online"  # Ctrl+F1: the guide to playing online

    def __init__(
        self,
        app: App,
        enter: Enter,
        back: Callable[[], None],
        *,
        reason: str = "",
        guest: Callable[[str], None] | None = None,
    ) -> None:
        super().__init__(app)
        self.enter = enter
        self.back = back
        #: why the server asked (said before the first row)
        self.reason = reason
        self.guest = guest
        self.name = str(app.settings.online_name)
        self.password = ""
        self.waiting = False
        t = self.t
        self.items = [
            MenuItem(lambda: t("login-name", name=self.name or t("entry-empty")), self.ask_name),
            MenuItem(self.password_text, self.ask_password),
            MenuItem(lambda: t("login-enter"), self.log_in),
            MenuItem(lambda: t("login-register"), self.register),
        ]
        if guest is not None:
            self.items.append(MenuItem(lambda: t("login-guest"), self.as_guest))

    def password_text(self) -> str:
        if not self.password:
            return self.t("login-password", said=self.t("entry-empty"))
        return self.t("login-password", said=self.t("entry-secret", n=len(self.password)))

    def on_enter(self) -> None:
        title = self.t(self.title_id)
        self.speak_item(prefix=f"{self.reason} {title}" if self.reason else title)

    # -- the rows ----------------------------------------------------------------------------
    def ask_name(self) -> None:
        self.app.push(
            TextEntry(self.app, "online-name-prompt", self.set_name, initial=self.name, limit=40)
        )

    def set_name(self, text: str) -> None:
        self.name = " ".join(text.split())

    def ask_password(self) -> None:
        self.app.push(
            TextEntry(
                self.app,
                "login-password-prompt",
                self.set_password,
                limit=MAX_PASSWORD,
                secret=True,
            )
        )

    def set_password(self, text: str) -> None:
        self.password = text

    def checked_name(self) -> str | None:
        name, problem = clean_name(self.name)
        if problem is not None:
            self.app.announcer.say(f"net-reason-{problem.value}", cue="menu_error")
            self.index = 0
            return None
        return name

    def log_in(self) -> None:
        name = self.checked_name()
        if name is None:
            return
        if not self.password:
            self.app.announcer.say("login-password-missing", cue="menu_error")
            self.index = 1
            return
        self.send(name, register=False)

    def register(self) -> None:
        name = self.checked_name()
        if name is None:
            return
        problem = check_password(self.password, name)
        if problem is not None:
            self.app.announcer.say(f"net-reason-{problem.value}", cue="menu_error")
            self.index = 1
            return
        self.app.push(
            TextEntry(
                self.app,
                "login-password-again",
                lambda again: self.confirmed(name, again),
                limit=MAX_PASSWORD,
                secret=True,
                speak_return=False,
            )
        )

    def confirmed(self, name: str, again: str) -> None:
        if again != self.password:
            self.app.announcer.say("login-password-mismatch", cue="menu_error")
            return
        self.send(name, register=True)

    def send(self, name: str, register: bool) -> None:
        self.waiting = True
        self.cue("menu_select")
        self.app.announcer.say("login-registering" if register else "login-sending")
        self.enter(name, self.password, register)

    def as_guest(self) -> None:
        name = self.checked_name()
        if name is None or self.guest is None:
            return
        self.waiting = True
        self.cue("menu_select")
        self.guest(name)

    # -- the server's answer -----------------------------------------------------------------
    def refused(self, said: str) -> None:
        """The server said no: its reason, and the screen stays for another try."""
        self.waiting = False
        self.app.announcer.say_text(said)
        self.cue("menu_error")

    def on_escape(self) -> None:
        self.cue("menu_back")
        self.back()
