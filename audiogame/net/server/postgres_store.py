"""The ``Store`` on PostgreSQL (psycopg 3, asyncio): for a server that outgrows one file.

The same records and the same transactions as ``SqliteStore`` (one table's
log entries and its bots' states in one transaction; a match's results and
the ratings after it in one), over a small pool of connections so that tables
writing at once do not queue behind each other, and so that several server
processes share one store (docs/server.md says when to choose it). JSON
records are kept as text, as in SQLite: the server reads them whole.

Made with ``await PostgresStore.connect(dsn)``; closed with ``await aclose()``.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict
from typing import Any

import psycopg
from psycopg import AsyncConnection, errors
from psycopg.conninfo import conninfo_to_dict
from psycopg_pool import AsyncConnectionPool

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
from audiogame.net.server.store import Fenced, PlayerRecord, SavedTable, TableRecord

log = logging.getLogger(__name__)


class PostgresStore:
    def __init__(self, pool: AsyncConnectionPool[AsyncConnection[Any]]) -> None:
        self.pool = pool

    @classmethod
    async def connect(cls, dsn: str, *, min_size: int = 2, max_size: int = 8) -> PostgresStore:
        pool: AsyncConnectionPool[AsyncConnection[Any]] = AsyncConnectionPool(
            dsn, min_size=min_size, max_size=max_size, open=False, kwargs={"autocommit": True}
        )
        await pool.open(wait=True, timeout=10.0)
        try:
            async with pool.connection() as conn:
                applied = await migrations.upgrade_postgres(conn, _where(dsn))
        except BaseException:
            await pool.close()
            raise
        if applied:
            log.warning("PostgreSQL schema upgraded to version %d", applied[-1])
        return cls(pool)

    async def _one(self, sql: str, args: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        async with self.pool.connection() as conn:
            cursor = await conn.execute(sql, args)
            return await cursor.fetchone()

    async def _all(self, sql: str, args: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        async with self.pool.connection() as conn:
            cursor = await conn.execute(sql, args)
            return await cursor.fetchall()

    async def _run(self, sql: str, args: Sequence[Any] = ()) -> int:
        async with self.pool.connection() as conn:
            cursor = await conn.execute(sql, args)
            return int(cursor.rowcount)

    # -- tables -----------------------------------------------------------------------
    async def save_table(self, record: TableRecord) -> None:
        await self._run(
            "INSERT INTO tables (id, data) VALUES (%s, %s)"
            " ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data",
            (record.id, store_rows.dumps(asdict(record))),
        )

    async def claim_table(self, table: str) -> int:
        found = await self._one(
            "INSERT INTO owners (tbl, epoch) VALUES (%s, 1)"
            " ON CONFLICT (tbl) DO UPDATE SET epoch = owners.epoch + 1 RETURNING epoch",
            (table,),
        )
        assert found is not None
        return int(found[0])

    async def append(
        self,
        table: str,
        match: int,
        entries: Sequence[LogEntry],
        bots: Mapping[int, Mapping[str, Any]],
        epoch: int | None = None,
    ) -> None:
        async with self.pool.connection() as conn, conn.transaction():
            async with conn.cursor() as cursor:
                if epoch is not None:
                    # the owner's row stays locked (shared) until this commits: a claim
                    # waits for this append, and an append after a claim sees the new epoch
                    await cursor.execute(
                        "SELECT epoch FROM owners WHERE tbl = %s FOR SHARE", (table,)
                    )
                    row = await cursor.fetchone()
                    if row is None or row[0] != epoch:
                        raise Fenced(table)
                if entries:
                    await cursor.executemany(
                        "INSERT INTO log (tbl, match, n, at, seat, action)"
                        " VALUES (%s, %s, %s, %s, %s, %s)",
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
                if bots:
                    await cursor.executemany(
                        "INSERT INTO bots (tbl, match, seat, state) VALUES (%s, %s, %s, %s)"
                        " ON CONFLICT (tbl, match, seat) DO UPDATE SET state = EXCLUDED.state",
                        [
                            (table, match, seat, store_rows.dumps(state))
                            for seat, state in bots.items()
                        ],
                    )

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
        await self._run(
            "INSERT INTO matches (tbl, match, data) VALUES (%s, %s, %s)"
            " ON CONFLICT (tbl, match) DO UPDATE SET data = EXCLUDED.data",
            (record.id, match.number, store_rows.dumps(data)),
        )

    async def finished_match(self, table: str, match: int) -> dict[str, Any] | None:
        row = await self._one(
            "SELECT data FROM matches WHERE tbl = %s AND match = %s", (table, match)
        )
        return None if row is None else dict(json.loads(row[0]))

    async def close_table(self, table: str) -> None:
        async with self.pool.connection() as conn, conn.transaction():
            await conn.execute("DELETE FROM tables WHERE id = %s", (table,))
            await conn.execute("DELETE FROM log WHERE tbl = %s", (table,))
            await conn.execute("DELETE FROM bots WHERE tbl = %s", (table,))
            await conn.execute("DELETE FROM owners WHERE tbl = %s", (table,))

    async def open_tables(self) -> list[SavedTable]:
        rows = await self._all("SELECT id FROM tables ORDER BY made")
        found = []
        for (table_id,) in rows:
            try:
                saved = await self.open_table(table_id)
            except store_rows.UNREADABLE as exc:
                log.error("table %s cannot be read (%s): left as it is", table_id, exc)
                continue  # one bad row never keeps the others from coming back
            if saved is not None:
                found.append(saved)
        return found

    async def open_table(self, table: str) -> SavedTable | None:
        async with self.pool.connection() as conn, conn.transaction():
            cursor = await conn.execute("SELECT data FROM tables WHERE id = %s", (table,))
            row = await cursor.fetchone()
            if row is None:
                return None
            record = store_rows.table_record(json.loads(row[0]))
            saved = SavedTable(record)
            if record.match is not None:
                number = record.match.number
                cursor = await conn.execute(
                    "SELECT n, at, seat, action FROM log WHERE tbl = %s AND match = %s ORDER BY n",
                    (table, number),
                )
                for n, at, seat, action in await cursor.fetchall():
                    saved.log.append(
                        LogEntry(n, at, seat, None if action is None else json.loads(action))
                    )
                cursor = await conn.execute(
                    "SELECT seat, state FROM bots WHERE tbl = %s AND match = %s", (table, number)
                )
                for seat, state in await cursor.fetchall():
                    saved.bots[seat] = json.loads(state)
            return saved

    # -- players ----------------------------------------------------------------------
    async def save_player(self, player: PlayerRecord) -> None:
        await self._run(store_rows.SAVE_PLAYER, store_rows.player_row(player))

    async def player_by_token(self, token_hash: str) -> PlayerRecord | None:
        row = await self._one(
            f"SELECT {store_rows.PLAYER_COLUMNS} FROM players WHERE token_hash = %s",
            (token_hash,),
        )
        return None if row is None else PlayerRecord(*row)

    async def forget_player(self, player: str) -> None:
        await self._run("DELETE FROM players WHERE id = %s", (player,))

    async def seen_players(self, players: Sequence[str], at: float) -> None:
        if players:
            await self._run("UPDATE players SET seen = %s WHERE id = ANY(%s)", (at, list(players)))

    async def forget_guests(self, seen_before: float) -> list[str]:
        rows = await self._all("DELETE FROM players WHERE seen < %s RETURNING id", (seen_before,))
        return [row[0] for row in rows]

    # -- accounts ---------------------------------------------------------------------
    async def create_account(self, account: AccountRecord) -> bool:
        try:
            await self._run(
                "INSERT INTO accounts (id, name, key, password_hash, created, privacy)"
                " VALUES (%s, %s, %s, %s, %s, %s)",
                (
                    account.id,
                    account.name,
                    account.key,
                    account.password_hash,
                    account.created,
                    store_rows.dumps(account.privacy),
                ),
            )
        except errors.UniqueViolation:
            return False
        return True

    async def account_by_key(self, key: str) -> AccountRecord | None:
        row = await self._one(
            f"SELECT {store_rows.ACCOUNT_COLUMNS} FROM accounts WHERE key = %s", (key,)
        )
        return None if row is None else store_rows.account_of(row)

    async def rekey_accounts(self, key: Callable[[str], str]) -> int:
        rows = await self._all("SELECT id, name, key FROM accounts", ())
        changed = 0
        for account, name, old in rows:
            new = key(name)
            if new != old:
                try:
                    changed += await self._run(
                        "UPDATE accounts SET key = %s WHERE id = %s"
                        " AND NOT EXISTS (SELECT 1 FROM accounts WHERE key = %s)",
                        (new, account, new),
                    )
                except errors.UniqueViolation:
                    pass  # another process gave a look-alike this key meanwhile
        return changed

    async def account_by_id(self, account: str) -> AccountRecord | None:
        row = await self._one(
            f"SELECT {store_rows.ACCOUNT_COLUMNS} FROM accounts WHERE id = %s", (account,)
        )
        return None if row is None else store_rows.account_of(row)

    async def accounts_by_id(self, accounts: Sequence[str]) -> dict[str, AccountRecord]:
        if not accounts:
            return {}
        rows = await self._all(
            f"SELECT {store_rows.ACCOUNT_COLUMNS} FROM accounts WHERE id = ANY(%s)",
            (list(set(accounts)),),
        )
        return {row[0]: store_rows.account_of(row) for row in rows}

    async def set_password(self, account: str, password_hash: str) -> None:
        await self._run(
            "UPDATE accounts SET password_hash = %s WHERE id = %s", (password_hash, account)
        )

    async def set_privacy(self, account: str, privacy: Mapping[str, str]) -> None:
        await self._run(
            "UPDATE accounts SET privacy = %s WHERE id = %s",
            (store_rows.dumps(dict(privacy)), account),
        )

    async def save_session(self, session: SessionRecord) -> None:
        await self._run(
            "INSERT INTO sessions (token_hash, account, created, expires, revoked)"
            " VALUES (%s, %s, %s, %s, %s) ON CONFLICT (token_hash) DO UPDATE SET"
            " account = EXCLUDED.account, created = EXCLUDED.created,"
            " expires = EXCLUDED.expires, revoked = EXCLUDED.revoked",
            (
                session.token_hash,
                session.account,
                session.created,
                session.expires,
                session.revoked,
            ),
        )

    async def session(self, token_hash: str) -> SessionRecord | None:
        row = await self._one(
            "SELECT token_hash, account, created, expires, revoked FROM sessions"
            " WHERE token_hash = %s",
            (token_hash,),
        )
        return None if row is None else SessionRecord(row[0], row[1], row[2], row[3], row[4])

    async def revoke_sessions(self, account: str, token_hash: str | None = None) -> int:
        if token_hash is None:
            return await self._run(
                "UPDATE sessions SET revoked = TRUE WHERE account = %s AND NOT revoked",
                (account,),
            )
        return await self._run(
            "UPDATE sessions SET revoked = TRUE WHERE account = %s AND token_hash = %s",
            (account, token_hash),
        )

    # -- friends and blocks -----------------------------------------------------------
    async def relations(self, account: str) -> dict[str, str]:
        rows = await self._all(
            "SELECT other, relation FROM relations WHERE account = %s", (account,)
        )
        return {other: relation for other, relation in rows}

    async def set_relation(self, account: str, other: str, relation: str | None) -> None:
        if relation is None:
            await self._run(
                "DELETE FROM relations WHERE account = %s AND other = %s", (account, other)
            )
        else:
            await self._run(
                "INSERT INTO relations (account, other, relation) VALUES (%s, %s, %s)"
                " ON CONFLICT (account, other) DO UPDATE SET relation = EXCLUDED.relation",
                (account, other, relation),
            )

    async def listed_by(self, account: str, relations: Sequence[str]) -> list[str]:
        rows = await self._all(
            "SELECT account FROM relations WHERE other = %s AND relation = ANY(%s)",
            (account, list(relations)),
        )
        return [row[0] for row in rows]

    # -- ratings and results ----------------------------------------------------------
    async def ratings(self, game: str, accounts: Sequence[str]) -> dict[str, RatingRecord]:
        if not accounts:
            return {}
        rows = await self._all(
            "SELECT account, mu, sigma, matches FROM ratings WHERE game = %s AND account = ANY(%s)",
            (game, list(set(accounts))),
        )
        return {acc: RatingRecord(acc, game, mu, sg, n) for acc, mu, sg, n in rows}

    async def record_results(
        self, results: Sequence[ResultRecord], ratings: Sequence[RatingRecord]
    ) -> list[str]:
        written = []
        async with self.pool.connection() as conn, conn.transaction():
            async with conn.cursor() as cursor:
                for result in results:
                    await cursor.execute(store_rows.INSERT_RESULT, store_rows.result_row(result))
                    if await cursor.fetchone() is not None:
                        written.append(result.account)
                rows = [
                    store_rows.rating_row(r) for r in store_rows.moved(ratings, results, written)
                ]
                if rows:
                    await cursor.executemany(store_rows.SAVE_RATING, rows)
        return written

    async def leaderboard(
        self, game: str, limit: int, min_matches: int
    ) -> list[tuple[str, RatingRecord]]:
        rows = await self._all(
            "SELECT a.name, r.account, r.mu, r.sigma, r.matches FROM ratings r"
            " JOIN accounts a ON a.id = r.account"
            " WHERE r.game = %s AND r.matches >= %s"
            " ORDER BY r.mu - 3 * r.sigma DESC, r.matches DESC, a.key LIMIT %s",
            (game, min_matches, limit),
        )
        return [(name, RatingRecord(acc, game, mu, sg, n)) for name, acc, mu, sg, n in rows]

    async def results_of(self, account: str, limit: int) -> list[ResultRecord]:
        rows = await self._all(
            f"SELECT {store_rows.RESULT_COLUMNS} FROM results WHERE account = %s"
            " ORDER BY finished DESC, match DESC LIMIT %s",
            (account, limit),
        )
        return [store_rows.result_of(row) for row in rows]

    # -- keeping the room civil (issue 30) ------------------------------------------------
    async def role(self, account: str) -> str:
        row = await self._one("SELECT role FROM roles WHERE account = %s", (account,))
        return "" if row is None else str(row[0])

    async def set_role(self, account: str, role: str, given_by: str, at: float) -> None:
        if role:
            await self._run(store_rows.SET_ROLE, (account, role, given_by, at))
        else:
            await self._run("DELETE FROM roles WHERE account = %s", (account,))

    async def add_sanction(self, sanction: SanctionRecord) -> int:
        row = await self._one(store_rows.ADD_SANCTION, store_rows.sanction_row(sanction))
        assert row is not None
        return int(row[0])

    async def sanctions(self, player: str, address: str, now: float) -> list[SanctionRecord]:
        rows = await self._all(store_rows.SANCTIONS, (now, player, address))
        return [SanctionRecord(*row) for row in rows]

    async def lift_sanctions(self, player: str, kind: str, at: float) -> int:
        return await self._run(store_rows.LIFT, (at, player, kind, at))

    async def add_report(self, report: ReportRecord) -> int:
        row = await self._one(store_rows.ADD_REPORT, store_rows.report_row(report))
        assert row is not None
        return int(row[0])

    async def open_reports(self, limit: int) -> list[ReportRecord]:
        rows = await self._all(store_rows.OPEN_REPORTS, (limit,))
        return [store_rows.report_of(row) for row in rows]

    async def settle_report(self, report: int, by: str, action: str, at: float) -> bool:
        return await self._run(store_rows.SETTLE, (at, by, action, report)) > 0

    async def add_audit(self, entry: AuditRecord) -> None:
        await self._run(store_rows.ADD_AUDIT, store_rows.audit_row(entry))

    async def audit(self, limit: int) -> list[AuditRecord]:
        rows = await self._all(store_rows.AUDIT, (limit,))
        return [AuditRecord(*row) for row in rows]

    async def ping(self) -> None:
        await self._one("SELECT 1")

    def close(self) -> None:
        """Closing needs the loop: ``aclose``. Here only what can be done without it."""

    async def aclose(self) -> None:
        await self.pool.close()


def _where(dsn: str) -> str:
    """The database as a log line names it (never its password)."""
    try:
        parts = conninfo_to_dict(dsn)
    except psycopg.ProgrammingError:
        return "PostgreSQL"
    return f"PostgreSQL {parts.get('host', '')}:{parts.get('port', '')}/{parts.get('dbname', '')}"
