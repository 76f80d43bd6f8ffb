"""The embedded ``Store``: one SQLite file in WAL mode, nothing to install.

WAL with ``synchronous=NORMAL``: a commit is in the write-ahead log before the
call returns, so a process killed with -9 loses nothing it committed (a power
cut may lose the last commits; ``synchronous=FULL`` via ``durable=True`` syncs
every commit, at the cost of a disk flush per action). Each table's log is
appended in the same transaction as the bots' changed states.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from audiogame.net.store import (
    LogEntry,
    MatchRecord,
    PlayerRecord,
    SavedTable,
    SeatRecord,
    TableRecord,
)

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (id TEXT PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS log (
    tbl TEXT NOT NULL, match INTEGER NOT NULL, n INTEGER NOT NULL,
    at REAL NOT NULL, seat INTEGER, action TEXT,
    PRIMARY KEY (tbl, match, n)
);
CREATE TABLE IF NOT EXISTS bots (
    tbl TEXT NOT NULL, match INTEGER NOT NULL, seat INTEGER NOT NULL, state TEXT NOT NULL,
    PRIMARY KEY (tbl, match, seat)
);
CREATE TABLE IF NOT EXISTS matches (
    tbl TEXT NOT NULL, match INTEGER NOT NULL, data TEXT NOT NULL,
    PRIMARY KEY (tbl, match)
);
CREATE TABLE IF NOT EXISTS players (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, token_hash TEXT NOT NULL UNIQUE
);
"""


def _dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


class SqliteStore:
    def __init__(self, path: Path, *, durable: bool = False) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        self.db.executescript(SCHEMA)

    # -- tables -----------------------------------------------------------------------
    async def save_table(self, record: TableRecord) -> None:
        self.db.execute(
            "INSERT OR REPLACE INTO tables (id, data) VALUES (?, ?)",
            (record.id, _dumps(asdict(record))),
        )

    async def append(
        self,
        table: str,
        match: int,
        entries: Sequence[LogEntry],
        bots: Mapping[int, Mapping[str, Any]],
    ) -> None:
        db = self.db
        db.execute("BEGIN")
        try:
            db.executemany(
                "INSERT INTO log (tbl, match, n, at, seat, action) VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (
                        table,
                        match,
                        e.n,
                        e.at,
                        e.seat,
                        None if e.action is None else _dumps(e.action),
                    )
                    for e in entries
                ],
            )
            db.executemany(
                "INSERT OR REPLACE INTO bots (tbl, match, seat, state) VALUES (?, ?, ?, ?)",
                [(table, match, seat, _dumps(state)) for seat, state in bots.items()],
            )
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    async def finish_match(
        self, record: TableRecord, log: Sequence[LogEntry], outcome: Mapping[str, Any]
    ) -> None:
        match = record.match
        if match is None:
            return
        data = {
            "table": record.id,
            "game": record.game,
            "match": asdict(match),
            "log": [[e.at, e.seat, e.action] for e in log],
            "outcome": dict(outcome),
        }
        self.db.execute(
            "INSERT OR REPLACE INTO matches (tbl, match, data) VALUES (?, ?, ?)",
            (record.id, match.number, _dumps(data)),
        )

    async def finished_match(self, table: str, match: int) -> dict[str, Any] | None:
        row = self.db.execute(
            "SELECT data FROM matches WHERE tbl = ? AND match = ?", (table, match)
        ).fetchone()
        return None if row is None else dict(json.loads(row[0]))

    async def close_table(self, table: str) -> None:
        db = self.db
        db.execute("BEGIN")
        db.execute("DELETE FROM tables WHERE id = ?", (table,))
        db.execute("DELETE FROM log WHERE tbl = ?", (table,))
        db.execute("DELETE FROM bots WHERE tbl = ?", (table,))
        db.execute("COMMIT")

    async def open_tables(self) -> list[SavedTable]:
        saved = []
        for table_id, data in self.db.execute("SELECT id, data FROM tables ORDER BY rowid"):
            record = _table_record(json.loads(data))
            found = SavedTable(record)
            if record.match is not None:
                number = record.match.number
                for n, at, seat, action in self.db.execute(
                    "SELECT n, at, seat, action FROM log WHERE tbl = ? AND match = ? ORDER BY n",
                    (table_id, number),
                ):
                    found.log.append(
                        LogEntry(n, at, seat, None if action is None else json.loads(action))
                    )
                for seat, state in self.db.execute(
                    "SELECT seat, state FROM bots WHERE tbl = ? AND match = ?",
                    (table_id, number),
                ):
                    found.bots[seat] = json.loads(state)
            saved.append(found)
        return saved

    # -- players ----------------------------------------------------------------------
    async def save_player(self, player: PlayerRecord) -> None:
        self.db.execute(
            "INSERT OR REPLACE INTO players (id, name, token_hash) VALUES (?, ?, ?)",
            (player.id, player.name, player.token_hash),
        )

    async def player_by_token(self, token_hash: str) -> PlayerRecord | None:
        row = self.db.execute(
            "SELECT id, name, token_hash FROM players WHERE token_hash = ?", (token_hash,)
        ).fetchone()
        return None if row is None else PlayerRecord(*row)

    def close(self) -> None:
        self.db.close()


def _table_record(data: dict[str, Any]) -> TableRecord:
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
    )
