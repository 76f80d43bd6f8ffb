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
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import Any

from psycopg import AsyncConnection, errors
from psycopg_pool import AsyncConnectionPool

from audiogame.net import store_rows
from audiogame.net.records import AccountRecord, RatingRecord, ResultRecord, SessionRecord
from audiogame.net.store import Fenced, LogEntry, PlayerRecord, SavedTable, TableRecord

log = logging.getLogger(__name__)

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (id TEXT PRIMARY KEY, data TEXT NOT NULL,
    made BIGSERIAL);
CREATE TABLE IF NOT EXISTS log (
    tbl TEXT NOT NULL, match INTEGER NOT NULL, n INTEGER NOT NULL,
    at DOUBLE PRECISION NOT NULL, seat INTEGER, action TEXT,
    PRIMARY KEY (tbl, match, n)
);
CREATE TABLE IF NOT EXISTS owners (tbl TEXT PRIMARY KEY, epoch BIGINT NOT NULL);
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
CREATE TABLE IF NOT EXISTS accounts (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, key TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL, created DOUBLE PRECISION NOT NULL, privacy TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS sessions (
    token_hash TEXT PRIMARY KEY, account TEXT NOT NULL, created DOUBLE PRECISION NOT NULL,
    expires DOUBLE PRECISION NOT NULL, revoked BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX IF NOT EXISTS sessions_account ON sessions (account);
CREATE TABLE IF NOT EXISTS relations (
    account TEXT NOT NULL, other TEXT NOT NULL, relation TEXT NOT NULL,
    PRIMARY KEY (account, other)
);
CREATE INDEX IF NOT EXISTS relations_other ON relations (other);
CREATE TABLE IF NOT EXISTS ratings (
    account TEXT NOT NULL, game TEXT NOT NULL, mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL, matches INTEGER NOT NULL, PRIMARY KEY (account, game)
);
CREATE INDEX IF NOT EXISTS ratings_board ON ratings (game, (mu - 3 * sigma));
CREATE TABLE IF NOT EXISTS results (
    account TEXT NOT NULL, game TEXT NOT NULL, tbl TEXT NOT NULL, match INTEGER NOT NULL,
    finished DOUBLE PRECISION NOT NULL, seat INTEGER NOT NULL, rank INTEGER NOT NULL,
    players INTEGER NOT NULL, seed TEXT NOT NULL,
    mu_before DOUBLE PRECISION NOT NULL, sigma_before DOUBLE PRECISION NOT NULL,
    mu_after DOUBLE PRECISION NOT NULL, sigma_after DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (account, tbl, match)
);
CREATE INDEX IF NOT EXISTS results_newest ON results (account, finished);
"""


class PostgresStore:
    def __init__(self, pool: AsyncConnectionPool[AsyncConnection[Any]]) -> None:
        self.pool = pool

    @classmethod
    async def connect(cls, dsn: str, *, min_size: int = 2, max_size: int = 8) -> PostgresStore:
        pool: AsyncConnectionPool[AsyncConnection[Any]] = AsyncConnectionPool(
            dsn, min_size=min_size, max_size=max_size, open=False, kwargs={"autocommit": True}
        )
        await pool.open(wait=True, timeout=10.0)
        async with pool.connection() as conn:
            # several processes may start at once: one makes the schema at a time
            async with conn.transaction():
                await conn.execute("SELECT pg_advisory_xact_lock(16016016)")
                await conn.execute(SCHEMA)
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
        await self._run(
            "INSERT INTO players (id, name, token_hash) VALUES (%s, %s, %s)"
            " ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name,"
            " token_hash = EXCLUDED.token_hash",
            (player.id, player.name, player.token_hash),
        )

    async def player_by_token(self, token_hash: str) -> PlayerRecord | None:
        row = await self._one(
            "SELECT id, name, token_hash FROM players WHERE token_hash = %s", (token_hash,)
        )
        return None if row is None else PlayerRecord(*row)

    async def forget_player(self, player: str) -> None:
        await self._run("DELETE FROM players WHERE id = %s", (player,))

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
    ) -> None:
        async with self.pool.connection() as conn, conn.transaction():
            async with conn.cursor() as cursor:
                if results:
                    await cursor.executemany(
                        f"INSERT INTO results ({store_rows.RESULT_COLUMNS}) VALUES"
                        " (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
                        " ON CONFLICT (account, tbl, match) DO NOTHING",
                        [store_rows.result_row(r) for r in results],
                    )
                if ratings:
                    await cursor.executemany(
                        "INSERT INTO ratings (account, game, mu, sigma, matches)"
                        " VALUES (%s, %s, %s, %s, %s) ON CONFLICT (account, game) DO UPDATE SET"
                        " mu = EXCLUDED.mu, sigma = EXCLUDED.sigma, matches = EXCLUDED.matches",
                        [(r.account, r.game, r.mu, r.sigma, r.matches) for r in ratings],
                    )

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
        return [ResultRecord(*row) for row in rows]

    def close(self) -> None:
        """Closing needs the loop: ``aclose``. Here only what can be done without it."""

    async def aclose(self) -> None:
        await self.pool.close()
