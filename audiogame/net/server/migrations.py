"""The stores' schema, versioned: numbered SQL files applied in order at start.

Each store has its own folder of files (``schema/sqlite``, ``schema/postgres``),
``NNNN_what.sql``, numbered from 1 without gaps. The database keeps the versions
it has in ``schema_version``; at start every file past the newest of them is
applied, all in one transaction with the version rows, so a failure (a full disk,
a file of another program) leaves the database exactly as it was. A database at a
version newer than this code knows is refused with one line (``SchemaTooNew``):
an older server would not know what the newer columns mean.

Version 1 is the schema as it was before versions (``CREATE TABLE IF NOT
EXISTS``): a database made then has it all already, so its upgrade starts at 2.

Why not a migration tool: yoyo-migrations (the one that fits SQLite and PostgreSQL
without an ORM) opens its own connections from a URL, applies each migration in a
transaction of its own and has no refusal of a newer schema; the stores need the
upgrade on their own connection (SQLite's damaged-file handling, PostgreSQL's
advisory lock that serialises processes starting together) and all of it in one
transaction. Sixty lines do that.
"""

from __future__ import annotations

import re
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

FOLDER = Path(__file__).resolve().parent / "schema"
DIALECTS = ("sqlite", "postgres")
_FILE = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")

VERSION_TABLE = """
CREATE TABLE IF NOT EXISTS schema_version (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied DOUBLE PRECISION NOT NULL
)
"""


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    sql: str


class SchemaTooNew(Exception):
    """The database was upgraded by a newer server than this one."""

    def __init__(self, where: str, found: int, known: int) -> None:
        self.where, self.found, self.known = where, found, known
        super().__init__(
            f"{where} has schema version {found}, newer than this server's {known}: "
            "run the newer server, or restore a backup made for this version"
        )


@cache
def migrations(dialect: str) -> tuple[Migration, ...]:
    """The dialect's files, in order; numbered 1, 2, 3... or this is a packaging error."""
    found = []
    for path in sorted((FOLDER / dialect).iterdir()):
        named = _FILE.match(path.name)
        if named is None:
            continue
        version = int(named.group(1))
        found.append(Migration(version, named.group(2), path.read_text(encoding="utf-8")))
    if [m.version for m in found] != list(range(1, len(found) + 1)):
        raise RuntimeError(f"the {dialect} schema files are not numbered 1, 2, 3...: {found}")
    return tuple(found)


def latest(dialect: str) -> int:
    return len(migrations(dialect))


def pending(dialect: str, have: int, where: str) -> tuple[Migration, ...]:
    """What a database at version ``have`` still needs; a newer one is refused."""
    known = latest(dialect)
    if have > known:
        raise SchemaTooNew(where, have, known)
    return migrations(dialect)[have:]


def statements(sql: str) -> list[str]:
    """SQLite's script cut into statements (``executescript`` would commit first)."""
    out: list[str] = []
    buffer = ""
    for line in sql.splitlines(keepends=True):
        if not buffer and line.lstrip().startswith("--"):
            continue
        buffer += line
        if sqlite3.complete_statement(buffer):
            out.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        raise ValueError(f"an unfinished statement: {buffer.strip()[:60]!r}")
    return out


def upgrade_sqlite(
    db: sqlite3.Connection,
    where: str,
    check: Callable[[sqlite3.Connection], None] | None = None,
) -> list[int]:
    """Bring ``db`` (autocommit mode) to the newest version; the versions applied.
    ``check`` runs before the commit: what it raises undoes the whole upgrade."""
    db.execute("BEGIN IMMEDIATE")  # one writer: another process starting waits here
    try:
        db.execute(VERSION_TABLE)
        (have,) = db.execute("SELECT coalesce(max(version), 0) FROM schema_version").fetchone()
        todo = pending("sqlite", int(have), where)
        for migration in todo:
            for statement in statements(migration.sql):
                db.execute(statement)
            db.execute(
                "INSERT INTO schema_version (version, name, applied) VALUES (?, ?, ?)",
                (migration.version, migration.name, time.time()),
            )
        if check is not None:
            check(db)
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    return [m.version for m in todo]


async def upgrade_postgres(conn: Any, where: str) -> list[int]:
    """The same on PostgreSQL (``conn``: a psycopg ``AsyncConnection``). Processes
    starting together take turns on an advisory lock, inside the transaction."""
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock(16016016)")
        await conn.execute(VERSION_TABLE)
        cursor = await conn.execute("SELECT coalesce(max(version), 0) FROM schema_version")
        (have,) = await cursor.fetchone()
        todo = pending("postgres", int(have), where)
        for migration in todo:
            await conn.execute(migration.sql)
            await conn.execute(
                "INSERT INTO schema_version (version, name, applied) VALUES (%s, %s, %s)",
                (migration.version, migration.name, time.time()),
            )
    return [m.version for m in todo]
