"""The stores' schema versions: a database made by the code before versions (kept under
tests/fixtures, made by a real server and real clients) is upgraded at start and plays
on; a database newer than the code is refused with one line; a failed upgrade leaves
the database as it was. SQLite and PostgreSQL alike."""

from __future__ import annotations

import asyncio
import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from audiogame.devtools import services
from audiogame.devtools.net_harness import LOGIN_WAIT, ServerThread, replay_over, wait_for
from audiogame.net import verify
from audiogame.net.client.game_client import GameClient
from audiogame.net.game_server import DB_FILE
from audiogame.net.protocol import messages as m
from audiogame.net.server import migrations
from audiogame.net.server.migrations import SchemaTooNew
from audiogame.net.server.sqlite_store import SqliteStore, StoreUnusable

FIXTURES = Path(__file__).parent / "fixtures"
OLD_SQLITE = FIXTURES / "server-schema-0.sqlite3"
OLD_POSTGRES = FIXTURES / "server-schema-0.postgres.sql"
PASSWORD = "mare d'inverno 7"


def old_sqlite(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(OLD_SQLITE, folder / DB_FILE)
    return folder / DB_FILE


def old_postgres() -> str:
    url = services.postgres_url()
    if url is None:
        pytest.skip(services.postgres_skip_reason())
    schema_url = services.fresh_postgres(url)
    import psycopg  # the Windows zip has none: only the PostgreSQL tests need it

    with psycopg.connect(schema_url, autocommit=True) as conn:
        conn.execute(OLD_POSTGRES.read_text(encoding="utf-8"))  # type: ignore[arg-type]
    return schema_url


def sqlite_versions(path: Path) -> list[int]:
    db = sqlite3.connect(path)
    try:
        return [r[0] for r in db.execute("SELECT version FROM schema_version ORDER BY 1")]
    finally:
        db.close()


def pg_rows(url: str, sql: str) -> list[tuple[Any, ...]]:
    import psycopg  # the Windows zip has none: only the PostgreSQL tests need it

    with psycopg.connect(url, autocommit=True) as conn:
        return conn.execute(sql).fetchall()  # type: ignore[arg-type]


def test_the_schema_files_are_numbered_in_order_and_cut_into_whole_statements():
    for dialect in migrations.DIALECTS:
        found = migrations.migrations(dialect)
        assert [x.version for x in found] == list(range(1, len(found) + 1))
        assert found[0].name == "tables"
    for migration in migrations.migrations("sqlite"):
        for statement in migrations.statements(migration.sql):
            assert sqlite3.complete_statement(statement)


def play_on(server: ServerThread) -> None:
    """What the old database held, through a real server on the upgraded one: accounts
    log in with their passwords, ratings and records read back, the finished match
    replays offline, and Carla, logging in, is back at the table she left mid-match."""
    anna = GameClient(server.url, "Anna", password=PASSWORD)
    carla = GameClient(server.url, "Carla", password=PASSWORD)
    try:
        for client in (anna, carla):
            client.start()
            # the fixture's passwords take a real hash, at the idle priority a loaded
            # machine starves (60 s was not enough at load 15): the bound only
            found = wait_for(client, lambda i: isinstance(i, m.Welcome | m.Refused), LOGIN_WAIT)
            assert isinstance(found, m.Welcome), found
        anna.send(m.GetRecord())
        record = wait_for(anna, lambda i: isinstance(i, m.Record))
        assert isinstance(record, m.Record) and len(record.results) == 1
        result = record.results[0]
        anna.send(m.GetRating(game="domino"))
        rating = wait_for(anna, lambda i: isinstance(i, m.Rating))
        assert isinstance(rating, m.Rating) and rating.matches == 1
        assert rating.mu == pytest.approx(result.after)
        anna.send(m.GetMatch(table=result.table, match=result.match))
        over = wait_for(anna, lambda i: isinstance(i, m.MatchOver))
        assert isinstance(over, m.MatchOver) and replay_over(over).engine.is_over
        anna.send(m.GetRelations())
        listed = wait_for(anna, lambda i: isinstance(i, m.Relations))
        assert isinstance(listed, m.Relations)
        assert {(p.name, p.relation) for p in listed.people} == {
            ("Bruno", "friend"),
            ("Carla", "blocked"),
        }
        back = wait_for(carla, lambda i: isinstance(i, m.TableState))
        assert isinstance(back, m.TableState) and back.table.stage == m.TableStage.PLAYING
        assert back.table.seats[1].kind is m.SeatKind.BOT
    finally:
        anna.close()
        carla.close()


def test_a_sqlite_database_made_before_versions_is_upgraded_and_plays_on(tmp_path: Path):
    path = old_sqlite(tmp_path)
    guests_before = sqlite3.connect(path).execute("SELECT id, token_hash FROM players").fetchall()
    with ServerThread(tmp_path) as server:
        assert server.server is not None and server.server.restored == 1
        play_on(server)
    assert sqlite_versions(path) == list(range(1, migrations.latest("sqlite") + 1))
    db = sqlite3.connect(path)
    guests = db.execute("SELECT id, token_hash, made, seen FROM players").fetchall()
    assert [(g[0], g[1]) for g in guests] == guests_before  # the guest kept, seen from now
    assert all(g[2] > 0 and g[3] > 0 for g in guests)


def test_a_postgres_database_made_before_versions_is_upgraded_and_plays_on(tmp_path: Path):
    url = old_postgres()
    with ServerThread(tmp_path, store_url=url) as server:
        assert server.server is not None and server.server.restored == 1
        play_on(server)
    versions = pg_rows(url, "SELECT version FROM schema_version ORDER BY 1")
    assert [v[0] for v in versions] == list(range(1, migrations.latest("postgres") + 1))
    assert pg_rows(url, "SELECT count(*) FROM players WHERE seen > 0") == [(1,)]


def test_a_fresh_database_gets_every_version(tmp_path: Path):
    SqliteStore(tmp_path / "s.sqlite3").close()
    assert sqlite_versions(tmp_path / "s.sqlite3") == list(
        range(1, migrations.latest("sqlite") + 1)
    )
    SqliteStore(tmp_path / "s.sqlite3").close()  # and again: nothing more to do
    assert len(sqlite_versions(tmp_path / "s.sqlite3")) == migrations.latest("sqlite")


def newer(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute(
        "INSERT INTO schema_version VALUES (?, 'from the future', 0)",
        (migrations.latest("sqlite") + 1,),
    )
    db.commit()
    db.close()


@pytest.mark.parametrize(("lang", "word"), [("en", "newer"), ("it", "più recente")])
def test_a_sqlite_database_newer_than_the_code_is_refused_with_one_line(
    tmp_path: Path, lang: str, word: str
):
    path = tmp_path / DB_FILE
    SqliteStore(path).close()
    newer(path)
    before = path.read_bytes()
    with pytest.raises(SchemaTooNew) as refused:
        SqliteStore(path)
    assert refused.value.found == migrations.latest("sqlite") + 1
    assert path.read_bytes() == before and not list(tmp_path.glob("*.damaged-*"))
    # the server command says so in one line, in the operator's language, and stops
    env = {**os.environ, "LC_ALL": f"{lang}_{lang.upper()}.UTF-8", "LANGUAGE": lang}
    ran = subprocess.run(
        [sys.executable, "-m", "audiogame.net.server_cli", "--data", str(tmp_path)]
        + ["--port", "0"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert ran.returncode == 1
    lines = ran.stderr.strip().splitlines()
    assert len(lines) == 1 and str(path) in lines[0], ran.stderr
    assert f"{refused.value.found} > {refused.value.known}" in lines[0] and word in lines[0]
    assert path.read_bytes() == before


def test_a_postgres_database_newer_than_the_code_is_refused(tmp_path: Path):
    url = services.postgres_url()
    if url is None:
        pytest.skip(services.postgres_skip_reason())
    from audiogame.net.server.postgres_store import PostgresStore

    schema = services.fresh_postgres(url)

    async def go() -> None:
        store = await PostgresStore.connect(schema)
        await store.aclose()

    asyncio.run(go())
    import psycopg  # the Windows zip has none: only the PostgreSQL tests need it

    with psycopg.connect(schema, autocommit=True) as conn:
        conn.execute(
            "INSERT INTO schema_version VALUES (%s, 'from the future', 0)",
            (migrations.latest("postgres") + 1,),
        )
    with pytest.raises(SchemaTooNew, match="newer than this server's"):
        asyncio.run(go())


def test_a_failed_upgrade_leaves_the_database_as_it_was(tmp_path: Path):
    """A database at version 1 whose guests' table already has a column the next version
    adds (someone's hand-made change): the upgrade fails and nothing of it stays."""
    path = tmp_path / DB_FILE
    db = sqlite3.connect(path, isolation_level=None)
    migrations.upgrade_sqlite(db, "test")  # everything, then back to version 1 by hand
    db.execute("DELETE FROM schema_version WHERE version > 1")
    db.execute("DROP TABLE players")
    db.execute(
        "CREATE TABLE players (id TEXT PRIMARY KEY, name TEXT NOT NULL,"
        " token_hash TEXT NOT NULL UNIQUE, seen REAL)"
    )
    schema_before = db.execute("SELECT sql FROM sqlite_master ORDER BY name").fetchall()
    db.close()
    with pytest.raises(StoreUnusable):
        SqliteStore(path)
    db = sqlite3.connect(path)
    assert db.execute("SELECT sql FROM sqlite_master ORDER BY name").fetchall() == schema_before
    assert db.execute("SELECT max(version) FROM schema_version").fetchone() == (1,)
    db.close()


def test_verify_reads_an_old_database_without_upgrading_it(tmp_path: Path, capsys):
    path = old_sqlite(tmp_path)
    table = sqlite3.connect(path).execute("SELECT tbl FROM matches").fetchone()[0]
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    assert verify.main(["--data", str(tmp_path), "--table", table, "--lang", "en"]) == 0
    assert "seed" in capsys.readouterr().out.lower()
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
