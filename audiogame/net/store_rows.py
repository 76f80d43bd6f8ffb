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

from audiogame.net.records import AccountRecord, RatingRecord, ResultRecord
from audiogame.net.store import MatchRecord, PlayerRecord, SeatRecord, TableRecord

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
    )
