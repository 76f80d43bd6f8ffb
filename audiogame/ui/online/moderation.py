"""Keeping the room civil, on the desktop: reporting a player, a moderator's menu on a
person, the open reports and the moderators' log.

- From a person's menu (the online people, Ctrl+U): "Report to the moderators" asks
  why (a fixed list, said to the moderators in their language) and what happened;
  a moderator also has "Moderate": warn, mute (10 minutes, an hour, a day), lift the
  mute, send away from the table, ban (a day, a week, for good), lift the ban; each
  asks why and a note the player hears as written. An operator makes an account a
  moderator there too, or takes the role away.
- A moderator's people list starts with "Reports" (each report with the public lines
  heard where it was made, and "Act on" its player, or dismiss it) and "The
  moderators' log".
- What a player hears of it (a warning, a mute, a ban, a role), and a moderator of a
  new report, is said by ``heard`` wherever the player is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from audiogame.core.narration import Message, resolve
from audiogame.net.client.game_client import Incoming
from audiogame.net.protocol import messages as m
from audiogame.net.protocol import moderation_words as said
from audiogame.ui.menu import MenuItem, MenuScene
from audiogame.ui.text_entry import TextEntry

if TYPE_CHECKING:
    from audiogame.app.loop import App
    from audiogame.ui.online.link import Link

NOTE_CHARS = 200
#: the moderator's choices of time, in minutes (a ban's 0: for good)
MUTES = (10, 60, 1440)
BANS = (1440, 10080, 0)
MODERATORS = ("moderator", "operator")


def words(app: App, message: Message) -> str:
    return app.localizer(message.msg_id, **resolve(message, app.announcer.words).args)


def heard(link: Link, item: Incoming) -> bool:
    """What a player hears of moderation; True when ``item`` was one of its messages."""
    announcer = link.app.announcer
    if isinstance(item, m.Sanctioned):
        if item.kind == "role":
            link.role = item.reason
        for message in said.sanctioned(item):
            announcer.post(message)
        return True
    if isinstance(item, m.ReportFiled):
        announcer.post(said.report_filed(item))
        return True
    if isinstance(item, m.Done):
        done = said.done(item.of)
        if done is not None:
            announcer.post(done)
        return done is not None
    return False


def report(app: App, link: Link, name: str) -> None:
    """Why, then what happened, then off to the moderators."""

    def send(reason: str, text: str) -> None:
        link.ask(m.Report(name=name, reason=reason, text=text))

    def why(reason: str) -> None:
        ask_text(app, "report-text-prompt", name, lambda text: send(reason, text))

    app.push(ReasonMenu(app, "report-why-title", name, then=why))


def ask_text(app: App, prompt_id: str, name: str, done: Callable[[str], None]) -> None:
    app.push(TextEntry(app, prompt_id, done, limit=NOTE_CHARS, name=name))


def moderate(app: App, link: Link, name: str, report_id: int = 0) -> None:
    app.push(ModerateMenu(app, link, name, report_id))


def role_items(
    app: App, link: Link, name: str, role: str, done: Callable[[], None]
) -> list[MenuItem]:
    """An operator's row on an account: make it a moderator, or take the role away."""
    if link.role != "operator":
        return []

    def give(new: str) -> None:
        done()
        link.ask(m.SetRole(name=name, role=new))

    if role in MODERATORS:
        return [MenuItem(lambda: app.localizer("person-take-role"), lambda: give(""))]
    return [MenuItem(lambda: app.localizer("person-make-moderator"), lambda: give("moderator"))]


class ReasonMenu(MenuScene):
    """Why: one of the fixed reasons, each in the player's language."""

    keys_id = "keys-menu"
    rules_doc = "online"

    def __init__(self, app: App, title_id: str, name: str, then: Callable[[str], None]) -> None:
        super().__init__(app)
        self.title_id = title_id
        self.name = name
        self.then = then
        self.items = [self.reason_item(reason) for reason in m.REPORT_REASONS]

    def reason_item(self, reason: str) -> MenuItem:
        return MenuItem(lambda: self.t(f"net-why-{reason}"), lambda: self.pick(reason))

    def where(self) -> str:
        return self.t(self.title_id, name=self.name)

    def pick(self, reason: str) -> None:
        self.app.pop(self, resume=False)
        self.then(reason)

    def on_escape(self) -> None:
        self.cue("menu_back")
        self.app.pop(self)


class ModerateMenu(MenuScene):
    """A moderator's actions on one player (``report``: the report they settle)."""

    keys_id = "keys-menu"
    rules_doc = "online"

    def __init__(self, app: App, link: Link, name: str, report: int = 0) -> None:
        super().__init__(app)
        self.link = link
        self.name = name
        self.report = report
        t = self.t

        def timed(action: str, minutes: int) -> MenuItem:
            return MenuItem(
                lambda: self._span_label(action, minutes), lambda: self.act(action, minutes)
            )

        items = [MenuItem(lambda: t("mod-do-warn"), lambda: self.act("warn"))]
        items += [timed("mute", minutes) for minutes in MUTES]
        items.append(MenuItem(lambda: t("mod-do-unmute"), lambda: self.act("unmute")))
        items.append(MenuItem(lambda: t("mod-do-kick"), lambda: self.act("kick")))
        items += [timed("ban", minutes) for minutes in BANS]
        items.append(MenuItem(lambda: t("mod-do-unban"), lambda: self.act("unban")))
        if report:
            items.append(MenuItem(lambda: t("mod-do-dismiss"), lambda: self.act("dismiss")))
        self.items = items

    def _span_label(self, action: str, minutes: int) -> str:
        phrase = said.span(minutes)
        return self.t(f"mod-do-{action}", time=self.t(phrase.msg_id, **phrase.args))

    def where(self) -> str:
        return self.t("mod-title", name=self.name)

    def act(self, action: str, minutes: int = 0) -> None:
        self.app.pop(self, resume=False)
        if action in ("unmute", "unban", "dismiss"):
            self.send(action, "", "", minutes)
            return

        def noted(reason: str) -> None:
            ask_text(
                self.app,
                "mod-note-prompt",
                self.name,
                lambda note: self.send(action, reason, note, minutes),
            )

        self.app.push(ReasonMenu(self.app, "mod-why-title", self.name, then=noted))

    def send(self, action: str, reason: str, note: str, minutes: int) -> None:
        self.link.ask(
            m.Moderate(
                name=self.name,
                action=action,
                reason=reason,
                note=note,
                minutes=minutes,
                report=self.report,
            )
        )

    def on_escape(self) -> None:
        self.cue("menu_back")
        self.app.pop(self)


class _Listing(MenuScene):
    """A list the server sends on asking (the reports, the log), kept while shown."""

    keys_id = "keys-menu"
    rules_doc = "online"
    wrap = False

    def __init__(self, app: App, link: Link) -> None:
        super().__init__(app)
        self.link = link
        self.asked = False
        self.items = [MenuItem(lambda: "…")]

    def on_enter(self) -> None:
        self.link.views.append(self)
        self.ask()
        super().on_enter()

    def on_resume(self) -> None:
        self.ask()
        super().on_resume()

    def on_exit(self) -> None:
        if self in self.link.views:
            self.link.views.remove(self)

    def ask(self) -> None: ...

    def table_changed(self) -> None:
        """A table of mine changed: nothing to do here."""

    def back_online(self) -> None:
        # the list again, quietly, unless its first answer is still awaited
        awaited = self.asked
        self.ask()
        self.asked = awaited

    def news(self, item: Incoming) -> bool:
        return False

    def show(self, items: list[MenuItem], empty_id: str) -> None:
        self.items = items or [MenuItem(lambda: self.t(empty_id))]
        self.index = min(self.index, len(self.items) - 1)
        if self.asked:
            self.asked = False
            self.speak_item()

    def on_escape(self) -> None:
        self.cue("menu_back")
        self.app.pop(self)


class ReportsScene(_Listing):
    title_id = "mod-reports-title"

    def ask(self) -> None:
        self.asked = True
        self.link.ask(m.GetReports())

    def news(self, item: Incoming) -> bool:
        if isinstance(item, m.Reports):
            self.show([self.row(r) for r in item.reports], "mod-reports-none")
            return True
        if isinstance(item, m.ReportFiled):
            self.ask()
        return False

    def row(self, found: m.ReportItem) -> MenuItem:
        return MenuItem(
            lambda: words(self.app, said.report_row(found)),
            lambda: self.app.push(ReportMenu(self.app, self.link, found)),
        )


class ReportMenu(MenuScene):
    """One report: what it says, the public lines heard there, and what to do."""

    keys_id = "keys-menu"
    rules_doc = "online"
    wrap = False

    def __init__(self, app: App, link: Link, found: m.ReportItem) -> None:
        super().__init__(app)
        self.link = link
        self.report = found
        count = len(found.lines)
        items = [
            MenuItem(lambda: words(app, said.report_row(found))),
            MenuItem(lambda: words(app, said.report_words(found))),
            MenuItem(lambda: self.t("mod-report-lines", count=count)),
        ]
        items += [self.line(line) for line in found.lines]
        items.append(MenuItem(lambda: self.t("mod-report-act", name=found.reported), self.act))
        items.append(MenuItem(lambda: self.t("mod-do-dismiss"), self.dismiss))
        self.items = items

    def line(self, line: m.HeardLine) -> MenuItem:
        return MenuItem(lambda: words(self.app, said.heard_line(line)))

    def where(self) -> str:
        return self.t("mod-reports-title")

    def act(self) -> None:
        self.app.pop(self, resume=False)
        moderate(self.app, self.link, self.report.reported, self.report.id)

    def dismiss(self) -> None:
        self.app.pop(self, resume=False)
        self.link.ask(
            m.Moderate(name=self.report.reported, action="dismiss", report=self.report.id)
        )

    def on_escape(self) -> None:
        self.cue("menu_back")
        self.app.pop(self)


class AuditScene(_Listing):
    title_id = "mod-audit-title"

    def ask(self) -> None:
        self.asked = True
        self.link.ask(m.GetAudit())

    def news(self, item: Incoming) -> bool:
        if isinstance(item, m.Audit):
            self.show([self.row(i) for i in item.items], "mod-audit-none")
            return True
        return False

    def row(self, entry: m.AuditItem) -> MenuItem:
        return MenuItem(lambda: words(self.app, said.audit_row(entry)))
