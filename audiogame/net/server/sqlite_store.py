"""The embedded ``Store``: one SQLite file in WAL mode, nothing to install.

WAL with ``synchronous=NORMAL``: a commit is in the write-ahead log before the
call returns, so a process killed with -9 loses nothing it committed (a power
cut may lose the last commits; ``synchronous=FULL`` via ``durable=True`` syncs
every commit, at the cost of a disk flush per action). Each table's log is
appended in the same transaction as the bots' changed states.
"""

from __future__ import annotations

import json
import logging
import math
import os
import sqlite3
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from audiogame.net.protocol.match_log import LogEntry
from audiogame.net.server import migrations, store_rows
from audiogame.net.server.records import (
    AccountRecord,
    AuditRecord,
    RatingRecord,
    ReportRecord,
    ResultRecord,
    SanctionRecord,
    SessionRecord,
)
from audiogame.net.server.store import (
    Fenced,
    PlayerRecord,
    SavedTable,
    TableRecord,
)

log = logging.getLogger(__name__)


class SqliteStore:
    def __init__(
        self, path: Path, *, durable: bool = False, put_aside: bool = True, upgrade: bool = True
    ) -> None:
        """``put_aside`` False: a damaged database is an error, left where it is; ``upgrade``
        False: its schema is read as it is, never changed (a tool that only reads a server's
        folder must neither move its file from under it nor upgrade it past the server that
        runs on it). A schema newer than this code raises ``migrations.SchemaTooNew``."""
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        #: where a damaged database was put aside at start (None: it was sound)
        self.kept_aside: Path | None = None
        try:
            self.db = _connect(path, durable, upgrade)
        except sqlite3.DatabaseError as exc:
            damaged = type(exc) is sqlite3.DatabaseError  # not an OperationalError
            if not (put_aside and damaged and path.is_file() and not path.is_symlink()):
                # a folder, a broken link, no permission, tables of another shape (another
                # program's file, or another version's): the operator's to look at
                raise StoreUnusable(path, exc) from exc
            # not a database, cut short, or its pages damaged: kept aside whole (a
            # server's accounts are in it), and the server starts on a fresh one
            self.kept_aside = _put_aside(path)
            log.error("%s is damaged (%s): kept aside as %s", path, exc, self.kept_aside)
            try:
                self.db = _connect(path, durable, upgrade)
            except sqlite3.DatabaseError as again:
                raise StoreUnusable(path, again) from again

    # -- tables -----------------------------------------------------------------------
    async def save_table(self, record: TableRecord) -> None:
        self.db.execute(
            "INSERT OR REPLACE INTO tables (id, data) VALUES (?, ?)",
            (record.id, store_rows.dumps(asdict(record))),
        )

    async def claim_table(self, table: str) -> int:
        rows = self.db.execute(
            "INSERT INTO owners (tbl, epoch) VALUES (?, 1)"
            " ON CONFLICT (tbl) DO UPDATE SET epoch = epoch + 1 RETURNING epoch",
            (table,),
        ).fetchall()  # fetched whole: the statement (and its autocommit) ends here
        return int(rows[0][0])

    async def append(
        self,
        table: str,
        match: int,
        entries: Sequence[LogEntry],
        bots: Mapping[int, Mapping[str, Any]],
        epoch: int | None = None,
    ) -> None:
        db = self.db
        db.execute("BEGIN")
        try:
            if epoch is not None:
                row = db.execute("SELECT epoch FROM owners WHERE tbl = ?", (table,)).fetchone()
                if row is None or row[0] != epoch:
                    raise Fenced(table)
            db.executemany(
                "INSERT INTO log (tbl, match, n, at, seat, action) VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (
                        table,
                        match,
                        e.n,
                        e.at,
                        e.seat,
                        None if e.action is None else store_rows.dumps(e.action),
                    )
                    for e in entries
                ],
            )
            db.executemany(
                "INSERT OR REPLACE INTO bots (tbl, match, seat, state) VALUES (?, ?, ?, ?)",
                [(table, match, seat, store_rows.dumps(state)) for seat, state in bots.items()],
            )
            db.execute("COMMIT")  # a full disk may refuse the commit itself
        except BaseException:
            if db.in_transaction:  # a full disk has SQLite roll back by itself
                db.execute("ROLLBACK")
            raise

    async def finish_match(
        self, record: TableRecord, log: Sequence[LogEntry], outcome: Mapping[str, Any]
    ) -> None:
        match = record.match
        if match is None:
            return
        data = {
            "table": record.id,
            "game": record.game,
            "private": record.private,
            "match": asdict(match),
            "log": [[e.at, e.seat, e.action] for e in log],
            "outcome": dict(outcome),
        }
        self.db.execute(
            "INSERT OR REPLACE INTO matches (tbl, match, data) VALUES (?, ?, ?)",
            (record.id, match.number, store_rows.dumps(data)),
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
        db.execute("DELETE FROM owners WHERE tbl = ?", (table,))
        db.execute("COMMIT")

    async def open_tables(self) -> list[SavedTable]:
        """Every open table; one whose rows cannot be read is kept aside (``keep_table``)
        and the others come back all the same."""
        saved = []
        rows = self.db.execute("SELECT id, data FROM tables ORDER BY rowid").fetchall()
        for table_id, data in rows:
            try:
                saved.append(self._saved_table(table_id, data))
            except store_rows.UNREADABLE as exc:
                log.error("table %s cannot be read (%s): kept aside", table_id, exc)
                await self.keep_table(table_id, f"unreadable: {type(exc).__name__}")
        return saved

    def _saved_table(self, table_id: str, data: str) -> SavedTable:
        record = store_rows.table_record(json.loads(data))
        found = SavedTable(record)
        if record.match is not None:
            number = record.match.number
            for n, at, seat, action in self.db.execute(
                "SELECT n, at, seat, action FROM log WHERE tbl = ? AND match = ? ORDER BY n",
                (table_id, number),
            ):
                if type(at) is not float or not math.isfinite(at):
                    raise ValueError(f"entry {n}: time {at!r}")
                found.log.append(
                    LogEntry(n, at, seat, None if action is None else json.loads(action))
                )
            for seat, state in self.db.execute(
                "SELECT seat, state FROM bots WHERE tbl = ? AND match = ?",
                (table_id, number),
            ):
                found.bots[seat] = json.loads(state)
        return found

    async def keep_table(self, table: str, reason: str) -> None:
        """Move a table that cannot come back out of the open ones, its rows kept as
        they were in ``kept`` (for whoever runs the server to look at), never deleted."""
        db = self.db
        now = time.time()
        db.execute("BEGIN")
        try:
            for what, query in _KEEP:
                db.execute(
                    f"INSERT INTO kept (tbl, at, reason, what, data) {query}",
                    (now, reason, what, table),
                )
            db.execute("DELETE FROM tables WHERE id = ?", (table,))
            db.execute("DELETE FROM log WHERE tbl = ?", (table,))
            db.execute("DELETE FROM bots WHERE tbl = ?", (table,))
        except BaseException:
            if db.in_transaction:  # a full disk has SQLite roll back by itself
                db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    # -- players ----------------------------------------------------------------------
    async def save_player(self, player: PlayerRecord) -> None:
        self.db.execute(store_rows.SAVE_PLAYER.replace("%s", "?"), store_rows.player_row(player))

    async def player_by_token(self, token_hash: str) -> PlayerRecord | None:
        row = self.db.execute(
            f"SELECT {store_rows.PLAYER_COLUMNS} FROM players WHERE token_hash = ?", (token_hash,)
        ).fetchone()
        return None if row is None else PlayerRecord(*row)

    async def forget_player(self, player: str) -> None:
        self.db.execute("DELETE FROM players WHERE id = ?", (player,))

    async def seen_players(self, players: Sequence[str], at: float) -> None:
        if players:
            self.db.executemany(
                "UPDATE players SET seen = ? WHERE id = ?", [(at, p) for p in players]
            )

    async def forget_guests(self, seen_before: float) -> list[str]:
        rows = self.db.execute(
            "DELETE FROM players WHERE seen < ? RETURNING id", (seen_before,)
        ).fetchall()
        return [row[0] for row in rows]

    async def open_table(self, table: str) -> SavedTable | None:
        found = [t for t in await self.open_tables() if t.record.id == table]
        return found[0] if found else None

    # -- accounts ---------------------------------------------------------------------
    async def create_account(self, account: AccountRecord) -> bool:
        try:
            self.db.execute(
                "INSERT INTO accounts (id, name, key, password_hash, created, privacy)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (
                    account.id,
                    account.name,
                    account.key,
                    account.password_hash,
                    account.created,
                    store_rows.dumps(account.privacy),
                ),
            )
        except sqlite3.IntegrityError:
            return False
        return True

    async def account_by_key(self, key: str) -> AccountRecord | None:
        row = self.db.execute(
            f"SELECT {store_rows.ACCOUNT_COLUMNS} FROM accounts WHERE key = ?", (key,)
        ).fetchone()
        return None if row is None else store_rows.account_of(row)

    async def rekey_accounts(self, key: Callable[[str], str]) -> int:
        rows = self.db.execute("SELECT id, name, key FROM accounts").fetchall()
        changed = 0
        for account, name, old in rows:
            new = key(name)
            if new != old:
                done = self.db.execute(
                    "UPDATE accounts SET key = ? WHERE id = ?"
                    " AND NOT EXISTS (SELECT 1 FROM accounts WHERE key = ?)",
                    (new, account, new),
                )
                changed += done.rowcount
        return changed

    async def account_by_id(self, account: str) -> AccountRecord | None:
        row = self.db.execute(
            f"SELECT {store_rows.ACCOUNT_COLUMNS} FROM accounts WHERE id = ?", (account,)
        ).fetchone()
        return None if row is None else store_rows.account_of(row)

    async def accounts_by_id(self, accounts: Sequence[str]) -> dict[str, AccountRecord]:
        found: dict[str, AccountRecord] = {}
        ids = list(dict.fromkeys(accounts))
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            marks = ",".join("?" * len(chunk))
            for row in self.db.execute(
                f"SELECT {store_rows.ACCOUNT_COLUMNS} FROM accounts WHERE id IN ({marks})", chunk
            ):
                record = store_rows.account_of(row)
                found[record.id] = record
        return found

    async def set_password(self, account: str, password_hash: str) -> None:
        self.db.execute(
            "UPDATE accounts SET password_hash = ? WHERE id = ?", (password_hash, account)
        )

    async def set_privacy(self, account: str, privacy: Mapping[str, str]) -> None:
        self.db.execute(
            "UPDATE accounts SET privacy = ? WHERE id = ?",
            (store_rows.dumps(dict(privacy)), account),
        )

    async def save_session(self, session: SessionRecord) -> None:
        self.db.execute(
            "INSERT OR REPLACE INTO sessions (token_hash, account, created, expires, revoked)"
            " VALUES (?, ?, ?, ?, ?)",
            (
                session.token_hash,
                session.account,
                session.created,
                session.expires,
                int(session.revoked),
            ),
        )

    async def session(self, token_hash: str) -> SessionRecord | None:
        row = self.db.execute(
            "SELECT token_hash, account, created, expires, revoked FROM sessions"
            " WHERE token_hash = ?",
            (token_hash,),
        ).fetchone()
        if row is None:
            return None
        return SessionRecord(row[0], row[1], row[2], row[3], bool(row[4]))

    async def revoke_sessions(self, account: str, token_hash: str | None = None) -> int:
        if token_hash is None:
            cursor = self.db.execute(
                "UPDATE sessions SET revoked = 1 WHERE account = ? AND revoked = 0", (account,)
            )
        else:
            cursor = self.db.execute(
                "UPDATE sessions SET revoked = 1 WHERE account = ? AND token_hash = ?",
                (account, token_hash),
            )
        return int(cursor.rowcount)

    # -- friends and blocks -------------------------------------------------------------
    async def relations(self, account: str) -> dict[str, str]:
        return dict(
            self.db.execute(
                "SELECT other, relation FROM relations WHERE account = ?", (account,)
            ).fetchall()
        )

    async def set_relation(self, account: str, other: str, relation: str | None) -> None:
        if relation is None:
            self.db.execute(
                "DELETE FROM relations WHERE account = ? AND other = ?", (account, other)
            )
        else:
            self.db.execute(
                "INSERT OR REPLACE INTO relations (account, other, relation) VALUES (?, ?, ?)",
                (account, other, relation),
            )

    async def listed_by(self, account: str, relations: Sequence[str]) -> list[str]:
        marks = ",".join("?" * len(relations))
        return [
            row[0]
            for row in self.db.execute(
                f"SELECT account FROM relations WHERE other = ? AND relation IN ({marks})",
                (account, *relations),
            )
        ]

    # -- ratings and results ------------------------------------------------------------
    async def ratings(self, game: str, accounts: Sequence[str]) -> dict[str, RatingRecord]:
        found: dict[str, RatingRecord] = {}
        for account in dict.fromkeys(accounts):
            row = self.db.execute(
                "SELECT mu, sigma, matches FROM ratings WHERE account = ? AND game = ?",
                (account, game),
            ).fetchone()
            if row is not None:
                found[account] = RatingRecord(account, game, row[0], row[1], row[2])
        return found

    async def record_results(
        self, results: Sequence[ResultRecord], ratings: Sequence[RatingRecord]
    ) -> list[str]:
        db = self.db
        insert = store_rows.INSERT_RESULT.replace("%s", "?")
        db.execute("BEGIN")
        try:
            written = [
                r.account
                for r in results
                if db.execute(insert, store_rows.result_row(r)).fetchall()
            ]
            db.executemany(
                store_rows.SAVE_RATING.replace("%s", "?"),
                [store_rows.rating_row(r) for r in store_rows.moved(ratings, results, written)],
            )
        except BaseException:
            if db.in_transaction:  # a full disk has SQLite roll back by itself
                db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        return written

    async def leaderboard(
        self, game: str, limit: int, min_matches: int
    ) -> list[tuple[str, RatingRecord]]:
        rows = self.db.execute(
            "SELECT a.name, r.account, r.mu, r.sigma, r.matches FROM ratings r"
            " JOIN accounts a ON a.id = r.account"
            " WHERE r.game = ? AND r.matches >= ?"
            " ORDER BY r.mu - 3 * r.sigma DESC, r.matches DESC, a.key LIMIT ?",
            (game, min_matches, limit),
        )
        return [(name, RatingRecord(acc, game, mu, sg, n)) for name, acc, mu, sg, n in rows]

    async def results_of(self, account: str, limit: int) -> list[ResultRecord]:
        rows = self.db.execute(
            f"SELECT {store_rows.RESULT_COLUMNS} FROM results WHERE account = ?"
            " ORDER BY finished DESC, match DESC LIMIT ?",
            (account, limit),
        )
        return [store_rows.result_of(row) for row in rows]

    # -- keeping the room civil (issue 30) ------------------------------------------------
    async def role(self, account: str) -> str:
        row = self.db.execute("SELECT role FROM roles WHERE account = ?", (account,)).fetchone()
        return "" if row is None else str(row[0])

    async def set_role(self, account: str, role: str, given_by: str, at: float) -> None:
        if role:
            self.db.execute(store_rows.sqlite(store_rows.SET_ROLE), (account, role, given_by, at))
        else:
            self.db.execute("DELETE FROM roles WHERE account = ?", (account,))

    async def add_sanction(self, sanction: SanctionRecord) -> int:
        rows = self.db.execute(
            store_rows.sqlite(store_rows.ADD_SANCTION), store_rows.sanction_row(sanction)
        ).fetchall()
        return int(rows[0][0])

    async def sanctions(self, player: str, address: str, now: float) -> list[SanctionRecord]:
        rows = self.db.execute(store_rows.sqlite(store_rows.SANCTIONS), (now, player, address))
        return [SanctionRecord(*row) for row in rows]

    async def lift_sanctions(self, player: str, kind: str, at: float) -> int:
        cursor = self.db.execute(store_rows.sqlite(store_rows.LIFT), (at, player, kind, at))
        return int(cursor.rowcount)

    async def add_report(self, report: ReportRecord) -> int:
        rows = self.db.execute(
            store_rows.sqlite(store_rows.ADD_REPORT), store_rows.report_row(report)
        ).fetchall()
        return int(rows[0][0])

    async def open_reports(self, limit: int) -> list[ReportRecord]:
        rows = self.db.execute(store_rows.sqlite(store_rows.OPEN_REPORTS), (limit,))
        return [store_rows.report_of(row) for row in rows]

    async def settle_report(self, report: int, by: str, action: str, at: float) -> bool:
        cursor = self.db.execute(store_rows.sqlite(store_rows.SETTLE), (at, by, action, report))
        return cursor.rowcount > 0

    async def add_audit(self, entry: AuditRecord) -> None:
        self.db.execute(store_rows.sqlite(store_rows.ADD_AUDIT), store_rows.audit_row(entry))

    async def audit(self, limit: int) -> list[AuditRecord]:
        rows = self.db.execute(store_rows.sqlite(store_rows.AUDIT), (limit,))
        return [AuditRecord(*row) for row in rows]

    async def ping(self) -> None:
        self.db.execute("SELECT 1").fetchall()

    def close(self) -> None:
        self.db.close()


class StoreUnusable(Exception):
    """The server's database can be neither opened nor made anew where it should be."""

    def __init__(self, path: Path, cause: Exception) -> None:
        super().__init__(f"the server's database {path} cannot be used: {cause}")


#: a kept table's rows, each as JSON text (``?``: now, the reason, the kind, the table)
_KEEP = (
    ("table", "SELECT id, ?, ?, ?, data FROM tables WHERE id = ?"),
    ("log", "SELECT tbl, ?, ?, ?, json_array(match, n, at, seat, action) FROM log WHERE tbl = ?"),
    ("bots", "SELECT tbl, ?, ?, ?, json_array(match, seat, state) FROM bots WHERE tbl = ?"),
)


def _connect(path: Path, durable: bool, upgrade: bool) -> sqlite3.Connection:
    """Open (or make) the database, check it is whole, and bring its schema up to date
    (in one transaction with the check that its tables are ours: another program's file
    is left exactly as it was)."""
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    try:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        (verdict,) = db.execute("PRAGMA quick_check(1)").fetchone()
        if verdict != "ok":
            raise sqlite3.DatabaseError(verdict)
        if upgrade:
            applied = migrations.upgrade_sqlite(db, str(path), check=_ours)
            if applied:
                log.warning("%s: schema upgraded to version %d", path, applied[-1])
    except BaseException:
        db.close()
        raise
    return db


def _ours(db: sqlite3.Connection) -> None:
    """A file of ours, not another program's: every table with its columns."""
    for name, columns in _COLUMNS.items():
        db.execute(f"SELECT {columns} FROM {name} LIMIT 0")


_COLUMNS = {
    "tables": "id, data",
    "log": "tbl, match, n, at, seat, action",
    "bots": "tbl, match, seat, state",
    "matches": "tbl, match, data",
    "players": "id, name, token_hash, made, seen",
    "accounts": "id, name, key, password_hash, created, privacy",
    "sessions": "token_hash, account, created, expires, revoked",
    "relations": "account, other, relation",
    "ratings": "account, game, mu, sigma, matches",
    "results": "account, game, tbl, match, finished, seat, rank, players, seed, "
    "mu_before, sigma_before, mu_after, sigma_after",
    "kept": "tbl, at, reason, what, data",
}


def _put_aside(path: Path) -> Path:
    """Rename the database and its journal files aside, whole; returns the new name."""
    target = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
    n = 1
    while target.exists():
        target = path.with_name(f"{target.name.split('~')[0]}~{n}")
        n += 1
    for suffix in ("-wal", "-shm"):
        journal = path.with_name(path.name + suffix)
        if journal.exists():
            os.replace(journal, target.with_name(target.name + suffix))
    os.replace(path, target)
    return target
