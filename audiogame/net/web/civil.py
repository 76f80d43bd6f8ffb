"""A web page's share of the server's people and of keeping the room civil.

The page lists who is online (``people``, each a line in its language) and offers,
on a person, a report to the moderators and, for a moderator, the moderator's
actions; a moderator also reads the open reports (with the public lines heard
where each was made) and the moderators' log. The words are the desktop's, said
here for the page (``moderation_words``, ``server_words``); what a player hears of
a moderator's action is said in the page's live region like any answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from audiogame.core.narration import Message, resolve
from audiogame.net.client import server_words
from audiogame.net.protocol import messages as m
from audiogame.net.protocol import moderation_words as said
from audiogame.net.web import messages as w

if TYPE_CHECKING:
    from audiogame.net.web.listener import WebListener

#: the moderator's choices a page offers: (action, minutes), as the desktop's menu
ACTIONS: tuple[tuple[str, int], ...] = (
    ("warn", 0),
    ("mute", 10),
    ("mute", 60),
    ("mute", 1440),
    ("unmute", 0),
    ("kick", 0),
    ("ban", 1440),
    ("ban", 10080),
    ("ban", 0),
    ("unban", 0),
)


def text(listener: WebListener, message: Message) -> str:
    args = resolve(message, listener.announcer.words).args
    return listener.t(message.msg_id, **args)


def action_label(lang_t: Any, action: str, minutes: int) -> str:
    """How the page's menu names a moderator's action, in its language."""
    if action in ("mute", "ban"):
        phrase = said.span(minutes)
        return str(lang_t(f"mod-do-{action}", time=lang_t(phrase.msg_id, **phrase.args)))
    return str(lang_t(f"mod-do-{action}"))


def page_choices(lang_t: Any) -> dict[str, list[list[str]]]:
    """The reasons and the moderator's actions, for the page's forms (value, label)."""
    return {
        "reasons": [[r, str(lang_t(f"net-why-{r}"))] for r in m.REPORT_REASONS],
        "actions": [
            [f"{action}:{minutes}", action_label(lang_t, action, minutes)]
            for action, minutes in ACTIONS
        ],
    }


class PagePeople:
    """Who is online as this page was told (the server's ``people`` and ``presence``)."""

    def __init__(self) -> None:
        self.online: dict[str, m.Person] = {}


def people(listener: WebListener, message: m.People) -> None:
    listener.people.online = {p.name: p for p in message.people}
    _list(listener)


def presence(listener: WebListener, message: m.Presence) -> None:
    if message.online:
        listener.people.online[message.person.name] = message.person
    else:
        listener.people.online.pop(message.person.name, None)
    _list(listener)


def _list(listener: WebListener) -> None:
    lines = [
        w.PersonLine(
            name=person.name,
            text=text(listener, server_words.person(person)),
            account=person.account,
            role=person.role,
        )
        for name, person in sorted(listener.people.online.items(), key=lambda i: i[0].casefold())
        if name != listener.name
    ]
    listener.raw.append(w.PeopleList(people=lines))


def sanctioned(listener: WebListener, message: m.Sanctioned) -> None:
    for line in said.sanctioned(message):
        listener.announcer.deliver(line)


def report_filed(listener: WebListener, message: m.ReportFiled) -> None:
    listener.announcer.deliver(said.report_filed(message))


def done(listener: WebListener, message: m.Done) -> None:
    found = said.done(message.of)
    if found is not None:
        listener.announcer.deliver(found)


def reports(listener: WebListener, message: m.Reports) -> None:
    listener.raw.append(
        w.ReportsList(
            reports=[
                w.ReportLine(
                    id=r.id,
                    reported=r.reported,
                    text=f"{text(listener, said.report_row(r))}. "
                    f"{text(listener, said.report_words(r))}",
                    lines=[text(listener, said.heard_line(line)) for line in r.lines],
                )
                for r in message.reports
            ]
        )
    )
    if not message.reports:
        listener.say("mod-reports-none")


def audit(listener: WebListener, message: m.Audit) -> None:
    lines = [text(listener, said.audit_row(item)) for item in message.items]
    listener.raw.append(w.AuditList(lines=lines))
    if not lines:
        listener.say("mod-audit-none")
