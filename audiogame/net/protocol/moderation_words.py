"""What a player hears of moderation: ``Message`` values, no text (locales/*/moderation.ftl).

A sanction is said with its reason in the player's own language (the reasons are
a fixed list, ``messages.REPORT_REASONS``), how long it lasts, and the moderator's
note as written. The desktop client and the web page's listener say the same.
"""

from __future__ import annotations

import math
import time

from audiogame.core.narration import Message, Phrase
from audiogame.net.protocol import messages as m

CUE = "notice"


def why(reason: str) -> Phrase:
    return Phrase(f"net-why-{reason}" if reason in m.REPORT_REASONS else "net-why-other")


def span(minutes: float | None) -> Phrase:
    """How long, with its preposition: "for 10 minutes", "for 2 days", "for good"."""
    if minutes is None or minutes <= 0:
        return Phrase("mod-time-good")
    minutes = math.ceil(minutes)
    if minutes % 1440 == 0:  # whole days, whole hours: as a person says them
        return Phrase("mod-time-days", {"n": minutes // 1440})
    if minutes % 60 == 0:
        return Phrase("mod-time-hours", {"n": minutes // 60})
    if minutes < 120:
        return Phrase("mod-time-minutes", {"n": minutes})
    if minutes < 48 * 60:
        return Phrase("mod-time-hours", {"n": round(minutes / 60)})
    return Phrase("mod-time-days", {"n": round(minutes / 1440)})


def left(until: float | None, now: float | None = None) -> Phrase:
    """The time left until ``until`` (wall-clock seconds; None: for good)."""
    if until is None:
        return span(None)
    return span(max(1.0, (until - (time.time() if now is None else now)) / 60))


def sanctioned(found: m.Sanctioned, now: float | None = None) -> list[Message]:
    if found.kind == "role":
        role = found.reason if found.reason in m.ROLES else "none"
        return [Message(f"mod-role-{role}", cue=CUE)]
    args = {"reason": why(found.reason), "time": left(found.until, now)}
    said = [Message(f"mod-{found.kind}", args, cue=CUE, interrupt=True)]
    if found.note:
        said.append(Message("mod-note", {"note": found.note}))
    return said


def report_filed(found: m.ReportFiled) -> Message:
    return Message(
        "mod-report-filed", {"name": found.reported, "reason": why(found.reason)}, cue=CUE
    )


def done(of: str) -> Message | None:
    """What a moderation command's ``done`` says (None: not one of them)."""
    found = {"report": "mod-report-sent", "moderate": "mod-done", "set-role": "mod-done-role"}
    return None if of not in found else Message(found[of], cue="toggle")


def report_row(report: m.ReportItem) -> Message:
    return Message(
        "mod-report-row",
        {"reported": report.reported, "reporter": report.reporter, "reason": why(report.reason)},
    )


def report_words(report: m.ReportItem) -> Message:
    if report.text:
        return Message("mod-report-words", {"text": report.text})
    return Message("mod-report-no-words")


def heard_line(line: m.HeardLine) -> Message:
    return Message("mod-heard-line", {"name": line.name, "text": line.text})


def audit_row(item: m.AuditItem) -> Message:
    action = item.action
    if action.startswith("role:"):
        role = action[5:] or "none"
        return Message(
            "mod-audit-role", {"moderator": item.moderator, "target": item.target, "role": role}
        )
    if action == "dismiss":
        return Message("mod-audit-dismiss", {"moderator": item.moderator, "report": item.report})
    args = {
        "moderator": item.moderator,
        "action": Phrase(f"mod-did-{action}"),
        "target": item.target,
        "reason": why(item.reason) if item.reason else Phrase("net-why-none"),
    }
    if action in ("mute", "ban"):
        return Message("mod-audit-row-timed", {**args, "time": span(item.minutes)})
    return Message("mod-audit-row", args)
