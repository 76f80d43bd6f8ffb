"""Records to rows and back, the same in every database the server keeps.

``SqliteStore`` and ``PostgresStore`` keep the same records in the same columns
(JSON as text); what differs between them (the schema's types, placeholders,
upserts, transactions) stays in each. What is the same is here, once.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any

from audiogame.net.server.records import (
    AccountRecord,
    AuditRecord,
    RatingRecord,
    ReportRecord,
    ResultRecord,
    SanctionRecord,
)
from audiogame.net.server.store import MatchRecord, PlayerRecord, SeatRecord, TableRecord

#: what a stored table's rows cannot be read as (text that is no JSON, JSON of
#: another shape, nested past the decoder's depth)
UNREADABLE = (ValueError, TypeError, KeyError, AttributeError, RecursionError)

#: an account's columns, in the order ``account_of`` reads them
ACCOUNT_COLUMNS = "id, name, key, password_hash, created, privacy"
#: a result's columns, in ``ResultRecord``'s order (``result_row`` writes them)
RESULT_COLUMNS = (
    "account, game, tbl, match, finished, seat, rank, players, seed,"
    " mu_before, sigma_before, mu_after, sigma_after, private"
)

#: a guest's columns, in ``PlayerRecord``'s order
PLAYER_COLUMNS = "id, name, token_hash, made, seen"

# Statements both stores run as they are (``%s`` marks: SQLite's copy reads ``?``);
# upserts in the standard ON CONFLICT form, which SQLite 3.24+ and PostgreSQL share.
#: a guest's record; kept when it was made, renamed and seen when saved again
SAVE_PLAYER = (
    f"INSERT INTO players ({PLAYER_COLUMNS}) VALUES (%s, %s, %s, %s, %s)"
    " ON CONFLICT (id) DO UPDATE SET name = excluded.name,"
    " token_hash = excluded.token_hash, seen = excluded.seen"
)
#: a result is written once: the first stands (a row back: this one was written)
INSERT_RESULT = (
    f"INSERT INTO results ({RESULT_COLUMNS}) VALUES"
    " (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
    " ON CONFLICT (account, tbl, match) DO NOTHING RETURNING account"
)
SAVE_RATING = (
    "INSERT INTO ratings (account, game, mu, sigma, matches) VALUES (%s, %s, %s, %s, %s)"
    " ON CONFLICT (account, game) DO UPDATE SET"
    " mu = excluded.mu, sigma = excluded.sigma, matches = excluded.matches"
)


#: keeping the room civil: the columns in each record's order, and the statements
SANCTION_COLUMNS = "player, kind, reason, note, moderator, at, until, address, id"
REPORT_COLUMNS = (
    "at, reporter, reporter_name, reported, reported_name, reason, text, place, lines, id"
)
AUDIT_COLUMNS = (
    "at, moderator, moderator_name, action, target, target_name, reason, note, minutes, report"
)
SET_ROLE = (
    "INSERT INTO roles (account, role, given_by, at) VALUES (%s, %s, %s, %s)"
    " ON CONFLICT (account) DO UPDATE SET role = excluded.role,"
    " given_by = excluded.given_by, at = excluded.at"
)
ADD_SANCTION = (
    "INSERT INTO sanctions (player, kind, reason, note, moderator, at, until, address)"
    " VALUES (%s, %s, %s, %s, %s, %s, %s, %s) RETURNING id"
)
SANCTIONS = (
    f"SELECT {SANCTION_COLUMNS} FROM sanctions WHERE lifted IS NULL"
    " AND (until IS NULL OR until > %s) AND (player = %s OR (address <> '' AND address = %s))"
    " ORDER BY at"
)
LIFT = (
    "UPDATE sanctions SET lifted = %s WHERE player = %s AND kind = %s AND lifted IS NULL"
    " AND (until IS NULL OR until > %s)"
)
ADD_REPORT = (
    "INSERT INTO reports (at, reporter, reporter_name, reported, reported_name, reason, text,"
    " place, lines) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s) RETURNING id"
)
OPEN_REPORTS = (
    f"SELECT {REPORT_COLUMNS} FROM reports WHERE settled IS NULL ORDER BY at DESC, id DESC LIMIT %s"
)
SETTLE = (
    "UPDATE reports SET settled = %s, settled_by = %s, settled_with = %s"
    " WHERE id = %s AND settled IS NULL"
)
ADD_AUDIT = f"INSERT INTO audit ({AUDIT_COLUMNS}) VALUES ({', '.join(['%s'] * 10)})"
AUDIT = f"SELECT {AUDIT_COLUMNS} FROM audit ORDER BY at DESC, id DESC LIMIT %s"


def sanction_row(s: SanctionRecord) -> tuple[Any, ...]:
    return (s.player, s.kind, s.reason, s.note, s.moderator, s.at, s.until, s.address)


def report_row(r: ReportRecord) -> tuple[Any, ...]:
    return (
        r.at,
        r.reporter,
        r.reporter_name,
        r.reported,
        r.reported_name,
        r.reason,
        r.text,
        r.place,
        dumps(r.lines),
    )


def report_of(row: Sequence[Any]) -> ReportRecord:
    at, reporter, reporter_name, reported, reported_name, reason, text, place = row[:8]
    return ReportRecord(
        at,
        reporter,
        reporter_name,
        reported,
        reported_name,
        reason,
        text,
        place,
        json.loads(row[8]),
        int(row[9]),
    )


def audit_row(a: AuditRecord) -> tuple[Any, ...]:
    return (
        a.at,
        a.moderator,
        a.moderator_name,
        a.action,
        a.target,
        a.target_name,
        a.reason,
        a.note,
        a.minutes,
        a.report,
    )


def sqlite(statement: str) -> str:
    """A statement of the ones above with SQLite's marks."""
    return statement.replace("%s", "?")


def dumps(data: Any) -> str:
    """JSON as the stores keep it: compact, any language's letters as they are."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def account_of(row: Sequence[Any]) -> AccountRecord:
    return AccountRecord(row[0], row[1], row[2], row[3], row[4], dict(json.loads(row[5])))


def result_row(r: ResultRecord) -> tuple[Any, ...]:
    return (
        r.account,
        r.game,
        r.table,
        r.match,
        r.finished,
        r.seat,
        r.rank,
        r.players,
        r.seed,
        r.mu_before,
        r.sigma_before,
        r.mu_after,
        r.sigma_after,
        r.private,
    )


def result_of(row: Sequence[Any]) -> ResultRecord:
    """A result from its row (``RESULT_COLUMNS``): SQLite keeps the flag as 0 or 1."""
    return dataclasses.replace(ResultRecord(*row[:-1]), private=bool(row[-1]))


def player_row(p: PlayerRecord) -> tuple[Any, ...]:
    return (p.id, p.name, p.token_hash, p.made, p.seen)


def rating_row(r: RatingRecord) -> tuple[Any, ...]:
    return (r.account, r.game, r.mu, r.sigma, r.matches)


def moved(
    ratings: Sequence[RatingRecord], results: Sequence[ResultRecord], written: Sequence[str]
) -> list[RatingRecord]:
    """The ratings a match may move: an account whose result for it was already kept
    (the match was rated before) keeps its rating as it is."""
    kept = {r.account for r in results} - set(written)
    return [r for r in ratings if r.account not in kept]


def table_record(data: dict[str, Any]) -> TableRecord:
    match = data.get("match")
    return TableRecord(
        id=data["id"],
        game=data["game"],
        code=data["code"],
        config=data["config"],
        private=data["private"],
        master=data["master"],
        seats=[SeatRecord(**s) for s in data["seats"]],
        stage=data["stage"],
        paused=data.get("paused", False),
        match=None if match is None else MatchRecord(**match),
        matches_played=data.get("matches_played", 0),
        admitted=[str(p) for p in data.get("admitted", [])],
        barred=[str(p) for p in data.get("barred", [])],
    )
