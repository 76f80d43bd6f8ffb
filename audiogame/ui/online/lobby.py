"""A game server's tables: ``LobbyScene``, the place the player is while connected.

It connects (to the servers in ``targets``, one after the other until one
answers; a server hosted here is started first and waited for without holding
a frame), then lists the server's public tables as the Salotto reads its list:
"Domino, 2 in attesa su 4, tavolo di Anna". The list is asked for again every
few seconds while it is on top, the cursor staying on the table it was on.

- Enter on a table joins it: a seat when one is free before the match, else
  watching (a match under way is watched, as at the Salotto); Shift+Enter only
  watches; the Applications key (or Shift+F10) says a table's options, and the
  scores of its match under way, without joining; F5 asks for the list now.
- The rows after the tables: create a table, join one by its invite code.
- The server's people: Ctrl+U who is online, Ctrl+F my lists (friends,
  favourites, blocked), each with what to do with them (``people``); Alt+R
  answers the last private message; Ctrl+R the ratings, the leaderboards and my
  finished matches (``ratings``); Ctrl+P my privacy choices (``privacy``);
  Ctrl+J joins the table of the last invitation heard; Ctrl+Shift+L logs out
  (the kept session is forgotten here and closed on the server) and leaves.
- Escape leaves the server (asking first when the server is hosted here: the
  friends at its tables leave with it).

Accounts: a kept session token for this server and name enters at once; a
server that wants an account (or a name that belongs to one, or a session
that expired) opens the login screen (``LoginScene``); a guest can log in or
register with Ctrl+L (a new connection, with the password). The token the
server gives an account is kept in the data folder (``sessions``), the name in
the settings; the password nowhere.

What the lobby was opened for happens once connected: create the table being
hosted, or join a table by its code (trying the next server when this one has
no table of that code).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from audiogame.app.scene import Scene
from audiogame.core import keys
from audiogame.core.keys import Key
from audiogame.games import registry
from audiogame.net.client.game_client import ENTRANCE_FINAL, Incoming
from audiogame.net.client.host import HostedServer
from audiogame.net.protocol import messages as m
from audiogame.net.protocol import spoken_words, tls
from audiogame.net.protocol.credentials import is_session_token
from audiogame.net.protocol.names import clean_name
from audiogame.net.protocol.reasons import Reason
from audiogame.ui.confirm import ConfirmScene
from audiogame.ui.menu import MenuItem, MenuScene
from audiogame.ui.online import sessions, words
from audiogame.ui.online.create import CreateTableScene, TableChoice
from audiogame.ui.online.hosting import Target
from audiogame.ui.online.link import Link
from audiogame.ui.online.login import LoginScene
from audiogame.ui.text_entry import TextEntry

if TYPE_CHECKING:
    from audiogame.app.loop import App

ENTER = (keys.RETURN, keys.KP_ENTER)
#: the table list is asked for again this often while the lobby is on top (seconds)
REFRESH = 3.0
#: a hosted server has this long to start listening: a process that fails is told at
#: once, so this only ends a start that hangs; a slow computer (a first start, a virus
#: scanner reading every file) may take tens of seconds, and Escape leaves any time
HOST_START = 60.0
#: a refused hello that asks for an account (the login screen opens)
WANTS_ACCOUNT = frozenset(
    {
        Reason.ACCOUNT_NEEDED.value,
        Reason.NAME_REGISTERED.value,
        Reason.NAME_ALIKE.value,  # a look-alike of a name here: another name, or an account
        Reason.SESSION_EXPIRED.value,
        Reason.UNKNOWN_TOKEN.value,
    }
)
#: what a login screen's entrance is called in a refusal
ENTRANCES = frozenset({"hello", "login", "register"})


class LobbyScene(MenuScene):
    title_id = "online-lobby-title"
    keys_id = "keys-online-lobby"
    rules_doc = "online"  # Ctrl+F1: the guide to playing online
    letters_are_commands = True

    def __init__(
        self,
        app: App,
        origin: Scene,
        targets: list[Target],
        *,
        code: str = "",
        create: TableChoice | None = None,
        hosting: HostedServer | None = None,
    ) -> None:
        super().__init__(app)
        self.origin = origin
        self.targets = list(targets)
        self.code = code
        self.create_choice = create
        self.hosting = hosting
        self.host_deadline = app.clock.now() + HOST_START
        self.link: Link | None = None
        self.tables: list[m.TableSummary] = []
        self.listed = False
        self.next_refresh = 0.0
        #: the server connected to (a new connection logs in there)
        self.target: Target | None = None
        self.pin: str | None = None
        #: the login screen while it is open
        self.login: LoginScene | None = None
        #: said once before the list (the welcome of an account)
        self.greeting = ""
        #: the name the server gave this guest instead of theirs, once said
        self.renamed = ""
        #: a guest's resume token (this copy holding its data folder), and the one kept
        self.guest_token = ""
        self.kept_token = ""
        self.rebuild()

    # -- connecting -------------------------------------------------------------------------
    @property
    def name(self) -> str:
        return str(self.app.settings.online_name)

    def on_enter(self) -> None:
        self.cue("menu_select")
        said = "online-hosting" if self.hosting is not None else "online-connecting"
        self.app.announcer.say(said)
        if self.hosting is not None:
            try:
                self.hosting.launch()
            except OSError:
                self.fail("online-host-failed")
                return
        else:
            self.try_next()

    def update(self, now: float) -> None:
        hosting = self.hosting
        if hosting is not None and self.link is None:
            try:
                port = hosting.poll()
            except RuntimeError:
                port = None
                if hosting.lan and hosting.port != 0:  # the usual port is taken: any port
                    hosting.port = 0
                    hosting.launch()
                    return
                self.fail("online-host-failed")
                return
            if port is None:
                if now > self.host_deadline:
                    hosting.stop()
                    self.fail("online-host-failed")
                return
            pin = hosting.fingerprint() or None
            self.connect(Target(hosting.local_url, "", hosted=hosting), pin)
            return
        link = self.link
        if link is not None and link.state == "connected" and self.app.top is self:
            if now >= self.next_refresh:
                self.next_refresh = now + REFRESH
                link.send(m.ListTables())

    def try_next(self) -> None:
        if self.link is not None:
            self.link.close()
            self.link = None
        if not self.targets:
            self.fail("online-code-not-found" if self.code else "online-unreachable-all")
            return
        target = self.targets.pop(0)
        self.connect(target, self.app.settings.online_pins.get(target.address))

    def connect(
        self, target: Target, pin: str | None, password: str | None = None, register: bool = False
    ) -> None:
        self.target, self.pin = target, pin
        token = None
        if password is None:
            token = sessions.token_for(self.app.data_dir, target.address, self.name)
            if not is_session_token(token) and not self.owns_data():
                token = None  # another copy's guest: taking it would put that copy out
        link = Link(
            self.app,
            target.url,
            self.name,
            address=target.address,
            pin=pin,
            hosted=target.hosted,
            token=token,
            password=password,
            register=register,
        )
        link.home, link.origin = self, self.origin
        link.views.append(self)
        link.ask_trust = self.ask_trust
        link.on_ready.append(self.ready)
        self.link = link
        link.start()

    def ready(self) -> None:
        link = self.link
        assert link is not None
        if self.create_choice is not None:
            choice, self.create_choice = self.create_choice, None
            link.send(m.CreateTable(game=choice.game, config=choice.config, private=choice.private))
        elif self.code:
            link.send(m.JoinTable(code=self.code))
        elif self.login is None:
            self.app.announcer.say("online-connected", cue="menu_select")
        link.send(m.ListTables())

    def ask_trust(self, fingerprint: str) -> None:
        link = self.link
        assert link is not None
        said = tls.fingerprint_words(fingerprint, self.app.localizer.lang)

        def refuse() -> None:
            self.fail("online-trust-refused")

        self.app.push(
            ConfirmScene(
                self.app,
                "online-trust",
                lambda: link.trust(fingerprint),
                refuse,
                address=link.address or link.url,
                words=said,
            )
        )

    def fail(self, msg_id: str) -> None:
        """Nothing to connect to (or the player refused it): back where it began."""
        self.app.announcer.say(msg_id, cue="menu_error")
        self.leave_server()

    def leave_server(self) -> None:
        if self.link is not None:
            self.link.close()
        elif self.hosting is not None:
            self.hosting.stop()
        if self in self.app.scenes:
            self.app.pop_to(self.origin)

    def on_exit(self) -> None:
        if self.link is not None:
            self.link.close()
        elif self.hosting is not None:
            self.hosting.stop()

    # -- the list -----------------------------------------------------------------------------
    def rebuild(self, keep: str | int | None = None) -> None:
        """The list again, the cursor on what it was on (``keep``, from ``under_cursor``:
        a table's id, or a row below the tables counted from the end): a list that
        changes as the player presses Enter never hands them another row. A table
        gone, or nothing to keep: the top."""
        t = self.t
        items = [self.table_item(s) for s in self.tables]
        items += [
            MenuItem(lambda: t("online-lobby-create"), self.ask_create),
            MenuItem(lambda: t("online-lobby-code"), self.ask_code),
        ]
        self.items = items
        index = 0
        if isinstance(keep, str):
            ids = [s.id for s in self.tables]
            index = ids.index(keep) if keep in ids else 0
        elif keep is not None:
            index = len(items) + keep
        self.index = max(0, min(index, len(items) - 1))

    def under_cursor(self) -> str | int:
        """The table under the cursor (its id), or the row below the tables (counted
        from the end: -2 create, -1 join with a code)."""
        table = self.current_table()
        return table if table is not None else self.index - len(self.items)

    def kept_row(self) -> str | int | None:
        """What ``rebuild`` keeps the cursor on: the row under it, once the player has
        moved or the list has come (before that, the top)."""
        return self.under_cursor() if self.listed or self.index else None

    def table_item(self, summary: m.TableSummary) -> MenuItem:
        return MenuItem(
            lambda: words.table_line(summary, self.t), lambda: self.join(summary, spectator=False)
        )

    def current_table(self) -> str | None:
        if 0 <= self.index < len(self.tables):
            return self.tables[self.index].id
        return None

    def where(self) -> str:
        link = self.link
        state = "" if link is None else link.where_words()
        count = self.t("online-lobby-count", n=len(self.tables))
        greeting, self.greeting = self.greeting, ""
        return words.joined([greeting, self.t(self.title_id), count, state])

    # -- news from the server -------------------------------------------------------------------
    def back_online(self) -> None:
        self.next_refresh = 0.0  # the list again at the next frame, not in a few seconds

    def table_changed(self) -> None:
        """A table of mine changed (the seating opens above the lobby by itself). Seated
        as a guest: the token is kept in the data folder, as an account's session is,
        so a new start of the app (after a crash, the computer's or the app's) comes
        back as this player, to their seat. Nothing is kept before a seat: a server
        that only talks never leaves anything in the player's folder."""
        link, target, token = self.link, self.target, self.guest_token
        if link is None or target is None or not token or not seated(link):
            return
        if token != self.kept_token:
            self.kept_token = token
            sessions.keep(self.app.data_dir, target.address, self.name, token)

    def news(self, item: Incoming) -> bool:
        if isinstance(item, m.TableList):
            # the first list starts at its top, unless the player has moved already
            keep = self.kept_row()
            self.tables = sorted(item.tables, key=lambda s: (s.stage != m.TableStage.WAITING, s.id))
            first = not self.listed
            self.listed = True
            self.rebuild(keep)
            if first and self.app.top is self:
                self.speak_item(prefix=self.where())
            return True
        if isinstance(item, m.TablePeek):
            self.say_peek(item)
            return True
        if isinstance(item, m.Welcome):
            self.welcomed(item)
            return False
        if isinstance(item, m.Refused) and item.of in ENTRANCES:
            return self.entrance_refused(item)
        if isinstance(item, m.Refused) and item.of == "join-table" and self.code:
            if item.reason == Reason.NO_SUCH_TABLE.value:
                self.try_next()  # not on this server: the next one, if any
                return True
        if isinstance(item, m.Refused) and item.of == "create-table" and self.hosting:
            return False
        return False

    # -- accounts ----------------------------------------------------------------------------
    def entrance_refused(self, refused: m.Refused) -> bool:
        """The server did not let me in: the login screen, with why."""
        link = self.link
        if link is None:
            return False
        link.client.password = None  # a reconnection says hello, it does not guess again
        if refused.reason in ENTRANCE_FINAL:
            return True  # the client stops: the link says why, once, and goes back
        token = link.client.token
        if refused.reason == Reason.UNKNOWN_TOKEN.value and not is_session_token(token):
            # a guest's kept token this server no longer knows: a new guest, no questions
            if self.target is not None:
                sessions.forget(self.app.data_dir, self.target.address)
            link.client.token = None
            link.send(m.Hello(name=self.name, lang=self.app.localizer.lang))
            return True
        said = words.reason_words(refused.reason, self.app.localizer)
        if self.login is not None and self.login in self.app.scenes:
            self.login.refused(said)
            return True
        if refused.reason not in WANTS_ACCOUNT:
            return False
        if link.client.token is not None and self.target is not None:
            sessions.forget(self.app.data_dir, self.target.address)  # expired or revoked
            link.client.token = None
        guest = None if refused.reason == Reason.ACCOUNT_NEEDED.value else self.enter_as_guest
        self.open_login(said, guest)
        return True

    def open_login(self, reason: str = "", guest: Callable[[str], None] | None = None) -> None:
        self.cue("notice")
        self.login = LoginScene(
            self.app, self.enter_account, self.login_back, reason=reason, guest=guest
        )
        self.app.push(self.login)

    def ask_login(self) -> None:
        """Ctrl+L: a guest logs in or registers (an account is in already)."""
        link = self.link
        if link is None or link.state != "connected":
            self.app.announcer.say("online-not-connected", cue="menu_error")
        elif link.account:
            self.app.announcer.say("login-already", cue="menu_edge", name=link.name)
        else:
            self.open_login()

    def log_out(self) -> None:
        """Ctrl+Shift+L: the account's session ends here and on the server; off the server."""
        link = self.usable()
        if link is None:
            return
        if not link.account:
            self.app.announcer.say("net-reason-accounts-only", cue="menu_error")
            return
        if self.target is not None:
            sessions.forget(self.app.data_dir, self.target.address)
        link.send(m.Logout())
        self.app.announcer.say("login-logged-out", cue="menu_back", name=link.name)
        self.leave_server()

    def enter_account(self, name: str, password: str, register: bool) -> None:
        link = self.link
        if link is None or self.target is None:
            return
        self.app.settings.online_name = name
        self.app.save_settings()
        if link.state == "connected":  # a guest now: a new connection logs in
            link.close()
            self.link = None
            self.listed = False
            self.connect(self.target, self.pin, password=password, register=register)
            return
        link.client.name = name
        link.client.login(name, password, register)

    def enter_as_guest(self, name: str) -> None:
        link = self.link
        if link is None:
            return
        self.app.settings.online_name = name
        self.app.save_settings()
        link.client.name, link.client.token = name, None
        link.send(m.Hello(name=name, lang=self.app.localizer.lang))

    def login_back(self) -> None:
        """Escape on the login screen: back to the list as a guest, or off the server."""
        login, self.login = self.login, None
        link = self.link
        if link is not None and link.state == "connected":
            if login is not None and login in self.app.scenes:
                self.app.pop(login)
            return
        self.leave_server()

    def owns_data(self) -> bool:
        """This copy of the game holds its data folder (a second copy on the same
        folder plays on, keeping nothing: a guest's token kept there is the first's)."""
        saves = self.app.saves
        return saves is None or saves.off is None

    def welcomed(self, welcome: m.Welcome) -> None:
        """In: an account's session (a guest's token) is kept for next time; the login
        screen closes."""
        target = self.target
        if welcome.account and target is not None:
            sessions.keep(self.app.data_dir, target.address, welcome.name, welcome.token)
            self.greeting = self.t("login-welcome", name=welcome.name)
        else:
            # a guest's token is kept once they sit (``table_changed``)
            self.guest_token = welcome.token if self.owns_data() else ""
        asked, _problem = clean_name(self.name)
        if not welcome.account and welcome.name != asked:
            # another guest here has my name (a second copy of the game on this
            # computer): the server gave me a distinct one for this visit; said once,
            # never kept in place of the name I chose
            if welcome.name != self.renamed:
                self.renamed = welcome.name
                said = self.t("online-renamed", asked=asked, name=welcome.name)
                if self.listed or self.code or self.create_choice is not None:
                    self.app.announcer.post_system("online-said", text=said)
                else:  # said before the list, which is read next
                    self.greeting = words.joined([self.greeting, said])
        elif welcome.name != self.app.settings.online_name:
            self.app.settings.online_name = welcome.name
            self.app.save_settings()
        login, self.login = self.login, None
        if login is not None and login in self.app.scenes:
            self.app.pop(login, resume=False)
        # the rows again with the cursor where the player put it: they may have moved
        # before the welcome came (or before this one, after a reconnection), and Enter
        # on a row that changed under them created a table instead of joining one
        self.rebuild(self.kept_row())

    def say_peek(self, peek: m.TablePeek) -> None:
        info = peek.table
        spec = registry.get(info.game)
        if spec is None:
            return
        said = [words.names_at_table(info, None, self.t)]
        options = words.describe_options(spec, info.config, self.t)
        said.append(f"{options}." if options else "")
        if peek.view is not None and spec.standing is not None and spec.wire is not None:
            from audiogame.core.narration import resolve
            from audiogame.net.protocol.game_codec import CodecError, GameCodec

            try:
                view = GameCodec(spec.wire()).decode_view(peek.view)
            except CodecError:
                view = None
            if view is not None:
                for message in spec.standing(view, words.seat_names(info, self.t)):
                    args = resolve(message, self.app.announcer.words).args
                    said.append(self.t(message.msg_id, **args))
        self.app.announcer.say_text(" ".join(p for p in said if p))

    # -- the player's keys -------------------------------------------------------------------------
    def on_key(self, key: Key) -> bool:
        summary = self.tables[self.index] if 0 <= self.index < len(self.tables) else None
        peek = key.key == keys.MENU or (key.key == keys.F10 and key.shift)
        if peek:
            if summary is None:
                self.cue("menu_edge")
            elif self.link is not None:
                self.link.ask(m.PeekTable(table=summary.id))
            return True
        if key.key in ENTER and key.shift and summary is not None:
            self.cue("menu_select")
            self.join(summary, spectator=True)
            return True
        only_ctrl = key.ctrl and not (key.shift or key.alt)
        opener = LOBBY_KEYS.get(key.key) if only_ctrl else None
        if opener is not None:
            getattr(self, opener)()
            return True
        if key.key == "l" and key.ctrl and key.shift and not key.alt:
            self.log_out()
            return True
        if key.key == "r" and key.alt and not (key.ctrl or key.shift):
            link = self.usable()
            if link is not None:
                from audiogame.ui.online.people import reply

                reply(self.app, link)
            return True
        if key.key == keys.F5:
            if self.link is not None and self.link.ask(m.ListTables()):
                self.cue("menu_move")
            return True
        return super().on_key(key)

    def usable(self) -> Link | None:
        """The link when it is up (said otherwise)."""
        link = self.link
        if link is None or link.state != "connected":
            self.app.announcer.say("online-not-connected", cue="menu_error")
            return None
        return link

    def open_people(self) -> None:
        from audiogame.ui.online.people import PeopleScene

        link = self.usable()
        if link is not None:
            self.app.push(PeopleScene(self.app, link))

    def open_lists(self) -> None:
        from audiogame.ui.online.people import PeopleScene
        from audiogame.ui.online.privacy import for_accounts

        link = self.usable()
        if link is not None and for_accounts(self.app, link):
            self.app.push(PeopleScene(self.app, link, lists=True))

    def join_invitation(self) -> None:
        link = self.usable()
        if link is None:
            return
        invitation = link.directory.invitation
        if invitation is None:
            self.app.announcer.say("people-no-invitation", cue="menu_error")
            return
        self.cue("menu_select")
        # the invitation's code: a private table opens with it alone
        link.send(m.JoinTable(table=invitation.table, code=invitation.code))

    def open_ratings(self) -> None:
        from audiogame.ui.online.ratings import RatingsScene

        link = self.usable()
        if link is not None:
            self.app.push(RatingsScene(self.app, link))

    def open_privacy(self) -> None:
        from audiogame.ui.online.privacy import open_privacy

        link = self.usable()
        if link is not None:
            open_privacy(self.app, link)

    def join(self, summary: m.TableSummary, spectator: bool) -> None:
        link = self.link
        if link is None or link.state != "connected":
            self.app.announcer.say("online-not-connected", cue="menu_error")
            return
        watch = spectator or summary.stage is not m.TableStage.WAITING
        watch = watch or summary.seated >= summary.seats
        link.send(m.JoinTable(table=summary.id, spectator=watch))

    def ask_create(self) -> None:
        self.app.push(CreateTableScene(self.app, self.create, hosting=False))

    def create(self, choice: TableChoice) -> None:
        if self.link is not None:
            self.link.ask(
                m.CreateTable(game=choice.game, config=choice.config, private=choice.private)
            )

    def ask_code(self) -> None:
        self.app.push(TextEntry(self.app, "online-code-prompt", self.join_code, check=code_problem))

    def join_code(self, text: str) -> None:
        key = code_key(text)
        if self.link is not None and key:
            self.link.ask(m.JoinTable(code=key))

    def on_escape(self) -> None:
        if self.hosting is not None:
            self.app.push(ConfirmScene(self.app, "online-confirm-stop-host", self.leave_server))
            return
        self.cue("menu_back")
        self.leave_server()


def seated(link: Link) -> bool:
    """At a table of a game this version plays, in a seat the table has, a person's: a
    seat number alone is only the server's word (a broken or hostile one may name a seat
    of no table, or of a game it then has to leave)."""
    table, seat = link.table, link.seat
    if table is None or seat is None or registry.get(table.game) is None:
        return False
    return 0 <= seat < len(table.seats) and table.seats[seat].kind == m.SeatKind.HUMAN


def code_key(text: str) -> str:
    """The code a player typed, as the server stores it ("" when it is not one)."""
    numbers = spoken_words.parse(text)
    if numbers is None or len(numbers) != spoken_words.CODE_WORDS:
        return ""
    return spoken_words.code_key(numbers)


def code_problem(text: str) -> str | None:
    return None if code_key(text) else "online-code-bad"


Opener = Callable[[Scene], None]

#: Control with a letter in the lobby -> what it opens (the Salotto's Ctrl+U and Ctrl+F)
LOBBY_KEYS: dict[str, str] = {
    "l": "ask_login",
    "u": "open_people",
    "f": "open_lists",
    "r": "open_ratings",
    "p": "open_privacy",
    "j": "join_invitation",
}
