"""The server's people: who is online (``PeopleScene``) and what to do with one of them.

Opened from the lobby with Ctrl+U (everyone online, as at the Salotto) or
Ctrl+F (my lists: friends, favourites and the blocked, online or not). Each
row says a person as the Salotto does: their name, their presence (available,
absent, busy), the game they are at, and how I list them. The list follows
the server live, the cursor staying on the person it was on.

- Up/Down walk the people (a letter jumps to the next name starting with it);
  the first row is me: Enter switches my presence between available and busy;
- Enter on a person: what to do with them (``PersonMenu``): write a private
  message, add to or take off my friends or my favourites, block or unblock,
  invite to my table (the table's master), join their table, hear their ratings;
- Ctrl+I invites the person under the cursor to my table (the Salotto's key);
- Alt+R answers the last private message (anywhere online);
- F5 asks the server for the list again; Escape goes back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from audiogame.core import keys
from audiogame.core.keys import Key
from audiogame.core.narration import Message, resolve
from audiogame.net.client import server_words
from audiogame.net.client.game_client import Incoming
from audiogame.net.protocol import messages as m
from audiogame.net.protocol.chat_text import MAX_CHARS
from audiogame.ui.menu import MenuItem, MenuScene
from audiogame.ui.online import moderation
from audiogame.ui.online.directory import FRIENDLY
from audiogame.ui.text_entry import TextEntry

if TYPE_CHECKING:
    from audiogame.app.loop import App
    from audiogame.ui.online.link import Link

PEOPLE_NEWS = (m.People, m.Presence, m.Relations)


def text_of(app: App, message: Message) -> str:
    """A message as the player's language says it."""
    args = resolve(message, app.announcer.words).args
    return app.localizer(message.msg_id, **args)


def person_text(app: App, link: Link, person: m.Person) -> str:
    said = text_of(app, server_words.person(person))
    relation = link.directory.relation(person.name)
    if relation:
        said = f"{said}, {app.localizer(f'online-relation-{relation}')}"
    return said


def ask_whisper(app: App, link: Link, name: str) -> None:
    """The line for a private message to ``name`` (anywhere on the server)."""

    def send(text: str) -> None:
        link.ask(m.Whisper(to=name, text=text))

    def check(text: str) -> str | None:
        return None if text.strip() else "online-chat-empty"

    app.push(TextEntry(app, "people-whisper-prompt", send, check=check, limit=MAX_CHARS, name=name))


def reply(app: App, link: Link) -> None:
    """Alt+R: a private message to whoever wrote to me privately last."""
    name = link.directory.last_from
    if not name:
        app.announcer.say("online-chat-no-last-from", cue="menu_error")
        return
    app.announcer.cue("menu_select")
    ask_whisper(app, link, name)


def invite(app: App, link: Link, name: str) -> None:
    """Ctrl+I on a person: to my table, when I am its master (said at once otherwise)."""
    if link.table is None:
        app.announcer.say("people-invite-no-table", cue="menu_error")
    elif not link.is_master:
        app.announcer.say("net-reason-not-master", cue="menu_error")
    elif link.ask(m.Invite(name=name)):
        app.announcer.say("people-invite-sent", cue="menu_select", name=name)


class PeopleScene(MenuScene):
    keys_id = "keys-online-people"
    rules_doc = "online"  # Ctrl+F1: the guide to playing online
    wrap = False

    def __init__(self, app: App, link: Link, *, lists: bool = False) -> None:
        super().__init__(app)
        self.link = link
        #: my lists (friends, favourites, blocked) rather than who is online
        self.lists = lists
        self.title_id = "people-lists-title" if lists else "people-title"
        self.names: list[str] = []
        self.rebuild()

    # -- the rows ----------------------------------------------------------------------------
    def rebuild(self) -> None:
        here = self.current()
        t = self.t
        directory = self.link.directory
        items = [MenuItem(self.me_text, self.toggle_busy)]
        if self.link.role in moderation.MODERATORS:  # a moderator's own rows, first
            items.append(MenuItem(lambda: t("people-reports"), self.open_reports))
            items.append(MenuItem(lambda: t("people-audit"), self.open_audit))
        self.first = len(items)
        if self.lists:
            self.names = [p.name for p in directory.listed]
            items += [self.listed_item(p) for p in directory.listed]
            if not directory.listed:
                items.append(MenuItem(lambda: t("people-lists-empty")))
        else:
            others = directory.others()
            self.names = [p.name for p in others]
            items += [self.person_item(p) for p in others]
            if not others:
                items.append(MenuItem(lambda: t("online-nobody")))
        self.items = items
        if here is not None and here in self.names:
            self.index = self.names.index(here) + self.first
        self.index = min(self.index, len(items) - 1)

    def me_text(self) -> str:
        status = self.t(f"online-status-{self.link.directory.my_status()}")
        return self.t("people-me", name=self.link.name, status=status)

    def person_item(self, person: m.Person) -> MenuItem:
        return MenuItem(
            lambda: person_text(self.app, self.link, person), lambda: self.act_on(person.name)
        )

    def listed_item(self, listed: m.Listed) -> MenuItem:
        def label() -> str:
            message = server_words.relations(m.Relations(people=[listed]))[0]
            return text_of(self.app, message)

        return MenuItem(label, lambda: self.act_on(listed.name))

    def current(self) -> str | None:
        at = self.index - getattr(self, "first", 1)
        return self.names[at] if 0 <= at < len(self.names) else None

    # -- life ---------------------------------------------------------------------------------
    def on_enter(self) -> None:
        self.link.views.append(self)
        self.refresh()
        super().on_enter()

    def on_exit(self) -> None:
        if self in self.link.views:
            self.link.views.remove(self)

    def refresh(self) -> None:
        if self.lists:
            self.link.ask(m.GetRelations())
        else:
            self.link.ask(m.WatchPeople(watch=True))

    def table_changed(self) -> None:
        """A table of mine changed: nothing to do here."""

    def back_online(self) -> None:
        self.refresh()

    def news(self, item: Incoming) -> bool:
        if isinstance(item, PEOPLE_NEWS):
            self.rebuild()
        return False

    # -- the player's keys ---------------------------------------------------------------------
    def on_key(self, key: Key) -> bool:
        name = self.current()
        only_ctrl = key.ctrl and not (key.shift or key.alt)
        if key.key == "i" and only_ctrl:
            if name is None:
                self.cue("menu_edge")
            else:
                invite(self.app, self.link, name)
            return True
        if key.key == "r" and key.alt and not (key.ctrl or key.shift):
            reply(self.app, self.link)
            return True
        if key.key == keys.F5:
            self.cue("menu_move")
            self.refresh()
            return True
        return super().on_key(key)

    def toggle_busy(self) -> None:
        busy = self.link.directory.my_status() != "busy"
        if self.link.ask(m.SetStatus(status="busy" if busy else "available")):
            self.app.announcer.say("people-busy" if busy else "people-available", cue="toggle")

    def act_on(self, name: str) -> None:
        self.app.push(PersonMenu(self.app, self.link, name))

    def open_reports(self) -> None:
        self.app.push(moderation.ReportsScene(self.app, self.link))

    def open_audit(self) -> None:
        self.app.push(moderation.AuditScene(self.app, self.link))

    def on_escape(self) -> None:
        self.cue("menu_back")
        self.app.pop(self)


class PersonMenu(MenuScene):
    """What to do with one person: each row one command to the server."""

    keys_id = "keys-menu"
    rules_doc = "online"

    def __init__(self, app: App, link: Link, name: str) -> None:
        super().__init__(app)
        self.link = link
        self.name = name
        t = self.t
        relation = link.directory.relation(name)
        person = link.directory.person(name)
        items = [MenuItem(lambda: t("person-write"), self.write)]
        if relation in FRIENDLY:
            items.append(MenuItem(lambda: t("person-unfriend"), lambda: self.relate(None)))
        else:
            items.append(MenuItem(lambda: t("person-friend"), lambda: self.relate("friend")))
        # a favourite is a closer friend: taken off the favourites, they stay a friend
        if relation == "favourite":
            items.append(MenuItem(lambda: t("person-unfavourite"), lambda: self.relate("friend")))
        else:
            items.append(MenuItem(lambda: t("person-favourite"), lambda: self.relate("favourite")))
        if relation == "blocked":
            items.append(MenuItem(lambda: t("person-unblock"), lambda: self.relate(None)))
        else:
            items.append(MenuItem(lambda: t("person-block"), lambda: self.relate("blocked")))
        if link.table is not None and link.is_master:
            items.append(MenuItem(lambda: t("person-invite"), self.invite))
        if person is not None and person.table and link.table is None:
            items.append(MenuItem(lambda: t("person-join"), self.join))
        items.append(MenuItem(lambda: t("person-ratings"), self.ratings))
        items.append(MenuItem(lambda: t("person-report"), self.report))
        if link.role in moderation.MODERATORS:
            items.append(MenuItem(lambda: t("person-moderate"), self.moderate))
        if person is not None and person.account:
            items += moderation.role_items(app, link, name, person.role, self.done)
        self.items = items

    def where(self) -> str:
        person = self.link.directory.person(self.name)
        if person is None:
            return self.name
        return person_text(self.app, self.link, person)

    def done(self, then: Any = None) -> None:
        self.app.pop(self, resume=False)

    def write(self) -> None:
        self.done()
        ask_whisper(self.app, self.link, self.name)

    def relate(self, relation: str | None) -> None:
        self.done()
        self.link.relate(self.name, relation)

    def invite(self) -> None:
        self.done()
        invite(self.app, self.link, self.name)

    def join(self) -> None:
        self.done()
        self.link.ask(m.JoinPlayer(name=self.name))

    def report(self) -> None:
        self.done()
        moderation.report(self.app, self.link, self.name)

    def moderate(self) -> None:
        self.done()
        moderation.moderate(self.app, self.link, self.name)

    def ratings(self) -> None:
        self.done()
        games = self.link.games
        if not games:
            self.app.announcer.say("online-no-games", cue="menu_error")
            return
        for game in games:
            self.link.ask(m.GetRating(game=game, name=self.name))

    def on_escape(self) -> None:
        self.cue("menu_back")
        self.app.pop(self)
