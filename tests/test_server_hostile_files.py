"""The server's own files made hostile: its SQLite database, and the rows in it.

A server that finds its database damaged (not a database, cut short) keeps it
aside whole, says so in its log and starts on a fresh one; a folder, a broken
link or another program's tables in its place is an error that names the file,
which is left as it was (the operator's to look at). A
table whose stored rows cannot be read, or whose match cannot be replayed, is
moved to the ``kept`` table with its rows as they were (never deleted), and the
other tables come back all the same.
"""

from __future__ import annotations

import asyncio
import logging
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from audiogame.devtools.net_harness import SHORT_DOMINO, ScriptedPlayer, ServerThread, wait_for
from audiogame.net.client.game_client import Batch, GameClient
from audiogame.net.game_server import DB_FILE, GameServer
from audiogame.net.protocol import messages as m
from audiogame.net.protocol import tls
from audiogame.net.server.options import ServerOptions
from audiogame.net.server.sqlite_store import SqliteStore, StoreUnusable

CONFIG = SHORT_DOMINO


@pytest.fixture(scope="module")
def two_tables(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A server's folder with two domino tables, each with a match under way."""
    folder = tmp_path_factory.mktemp("server")
    with ServerThread(folder) as server:
        for name in ("Anna", "Bruno"):
            client = GameClient(server.url, name)
            client.start()
            wait_for(client, lambda i: isinstance(i, m.Welcome))
            client.send(m.CreateTable(game="domino", config=CONFIG))
            wait_for(client, lambda i: isinstance(i, m.TableState))
            client.send(m.SetBot(seat=1, level="easy"))
            wait_for(client, lambda i: isinstance(i, m.Notice))
            client.send(m.Start())
            wait_for(client, lambda i: isinstance(i, Batch))
            client.close()
    return folder


def copied(source: Path, target: Path) -> Path:
    target.mkdir()
    for file in source.glob(f"{DB_FILE}*"):
        shutil.copy(file, target / file.name)
    return target


def started(folder: Path) -> tuple[int, list[str]]:
    """Start a server on ``folder`` and stop it: (tables brought back, table ids)."""

    async def run() -> tuple[int, list[str]]:
        server = GameServer(folder)
        await server.start("127.0.0.1", 0)
        found = (server.restored, sorted(server.lobby.tables))
        await server.close()
        return found

    return asyncio.run(run())


def rows(folder: Path, query: str) -> list[tuple[object, ...]]:
    db = sqlite3.connect(folder / DB_FILE)
    try:
        return db.execute(query).fetchall()
    finally:
        db.close()


def edit(folder: Path, *queries: str) -> None:
    db = sqlite3.connect(folder / DB_FILE)
    for query in queries:
        db.execute(query)
    db.commit()
    db.close()


def test_the_two_tables_come_back_when_nothing_is_wrong(two_tables: Path, tmp_path: Path):
    assert started(copied(two_tables, tmp_path / "copy"))[0] == 2


DAMAGE: dict[str, Callable[[bytes], bytes]] = {
    "garbage": lambda data: os.urandom(len(data)),
    "cut in half": lambda data: data[: len(data) // 2],
    "cut to its header": lambda data: data[:100],
    "text": lambda data: b'{"not": "a database"}' * 100,
}


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_damaged_database_is_kept_aside_whole_and_the_server_starts(
    two_tables: Path, tmp_path: Path, damage: str, caplog: pytest.LogCaptureFixture
):
    folder = copied(two_tables, tmp_path / "copy")
    for journal in folder.glob(f"{DB_FILE}-*"):
        journal.unlink()
    data = (two_tables / DB_FILE).read_bytes()
    bad = DAMAGE[damage](data)
    (folder / DB_FILE).write_bytes(bad)
    caplog.set_level(logging.ERROR)
    assert started(folder) == (0, [])
    (kept,) = folder.glob(f"{DB_FILE}.damaged-*")
    assert kept.read_bytes() == bad  # whole: a server's accounts are in it
    assert any("kept aside as" in r.getMessage() for r in caplog.records)
    assert rows(folder, "SELECT count(*) FROM tables") == [(0,)]  # a fresh one in its place


def test_another_programs_database_is_an_error_naming_it_left_as_it_was(tmp_path: Path):
    db = sqlite3.connect(tmp_path / DB_FILE)
    db.execute("CREATE TABLE tables (id TEXT, something TEXT)")
    db.execute("INSERT INTO tables VALUES ('a', 'b')")
    db.commit()
    db.close()
    with pytest.raises(StoreUnusable, match=DB_FILE):
        started(tmp_path)
    assert list(tmp_path.glob(f"{DB_FILE}.damaged-*")) == []
    assert rows(tmp_path, "SELECT * FROM tables") == [("a", "b")]  # as it was


@pytest.mark.parametrize("kind", ["folder", "broken link"])
def test_a_folder_or_a_broken_link_in_its_place_is_an_error_naming_it(tmp_path: Path, kind: str):
    if kind == "folder":
        (tmp_path / DB_FILE).mkdir()
    else:
        try:
            (tmp_path / DB_FILE).symlink_to(tmp_path / "gone" / "x.db")
        except OSError as exc:  # Windows without the right to make links
            pytest.skip(f"no symbolic links here: {exc}")
    with pytest.raises(StoreUnusable, match=DB_FILE):
        started(tmp_path)
    assert (tmp_path / DB_FILE).exists() or (tmp_path / DB_FILE).is_symlink()  # untouched


BAD_ROWS = {
    "not JSON": "UPDATE tables SET data = '{not json' WHERE id = '{t}'",
    "a list": "UPDATE tables SET data = '[1, 2, 3]' WHERE id = '{t}'",
    "nested deep": "UPDATE tables SET data = '"
    + "[" * 50_000
    + "]" * 50_000
    + "' WHERE id = '{t}'",
    "seats a number": "UPDATE tables SET data = json_set(data, '$.seats', 5) WHERE id = '{t}'",
    "config a list": "UPDATE tables SET data = json_set(data, '$.config', json('[1]'))"
    " WHERE id = '{t}'",
    "an action not JSON": "UPDATE log SET action = '{bad' WHERE tbl = '{t}'",
    "an action of no class": "UPDATE log SET action = '{\"$\": \"Nope\"}' WHERE tbl = '{t}'",
    "a time not a number": "UPDATE log SET at = 'NaN' WHERE tbl = '{t}'",
    "a bot's state not JSON": "UPDATE bots SET state = 'xx' WHERE tbl = '{t}'",
}


@pytest.mark.parametrize("bad", list(BAD_ROWS))
def test_a_table_that_cannot_come_back_is_kept_and_the_others_come_back(
    two_tables: Path, tmp_path: Path, bad: str
):
    folder = copied(two_tables, tmp_path / "copy")
    first, second = (row[0] for row in rows(folder, "SELECT id FROM tables ORDER BY rowid"))
    logged = rows(folder, f"SELECT count(*) FROM log WHERE tbl = '{first}'")[0][0]
    edit(folder, BAD_ROWS[bad].replace("{t}", first))
    assert started(folder) == (1, [second])
    kept = rows(folder, f"SELECT what, reason FROM kept WHERE tbl = '{first}'")
    assert [what for what, _ in kept].count("table") == 1
    assert [what for what, _ in kept].count("log") == logged  # every row, as it was
    assert rows(folder, f"SELECT count(*) FROM tables WHERE id = '{first}'") == [(0,)]
    assert started(folder) == (1, [second])  # the next start: not tried again, nothing lost
    assert len(rows(folder, f"SELECT * FROM kept WHERE tbl = '{first}'")) == len(kept)


def test_the_server_command_says_which_file_it_cannot_use_and_exits(tmp_path: Path):
    (tmp_path / DB_FILE).mkdir()
    done = subprocess.run(
        [sys.executable, "-m", "audiogame.net.server_cli", "--host", "127.0.0.1"]
        + ["--port", "0", "--data", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    assert str(tmp_path / DB_FILE) in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("damage", ["garbage", "cut short", "key missing", "folder"])
def test_a_lan_hosts_damaged_certificate_is_kept_aside_and_made_anew(tmp_path: Path, damage: str):
    first = tls.self_signed(tmp_path)
    before = first.fingerprint()
    if damage == "garbage":
        first.cert.write_bytes(os.urandom(600))
    elif damage == "cut short":
        first.key.write_bytes(first.key.read_bytes()[:50])
    elif damage == "key missing":
        first.key.unlink()
    else:
        first.cert.unlink()
        first.cert.mkdir()
    again = tls.self_signed(tmp_path)
    tls.server_context(again)  # usable: the server starts
    assert again.fingerprint() != before  # the joining players are asked again
    kept = sorted(p.name.split(".damaged-")[0] for p in tmp_path.glob("*.damaged-*"))
    assert kept == ([tls.CERT_FILE] if damage == "key missing" else [tls.CERT_FILE, tls.KEY_FILE])
    assert tls.self_signed(tmp_path).fingerprint() == again.fingerprint()  # and it stays


def test_a_database_that_fills_up_mid_match_never_stops_the_table(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
):
    """SQLite's own limit makes every write fail as a full disk does ("database or disk
    is full"): the match plays to its end all the same, and the log has the failure
    once, not once per action."""
    caplog.set_level(logging.ERROR)
    with ServerThread(tmp_path, ServerOptions(between_rounds=0.05)) as server:
        anna = GameClient(server.url, "Anna")
        anna.start()
        wait_for(anna, lambda i: isinstance(i, m.Welcome))
        anna.send(m.CreateTable(game="domino", config=CONFIG))
        wait_for(anna, lambda i: isinstance(i, m.TableState))
        anna.send(m.SetBot(seat=1, level="easy"))
        wait_for(anna, lambda i: isinstance(i, m.Notice))
        store = server.server.store if server.server is not None else None
        assert isinstance(store, SqliteStore)

        def fill() -> None:
            (pages,) = store.db.execute("PRAGMA page_count").fetchone()
            store.db.execute(f"PRAGMA max_page_count = {pages}")

        server.run(fill)
        anna.send(m.Start())
        player = ScriptedPlayer(anna, seed=3)
        # the bot's 1.5 s a move: a long deal on a loaded machine outlasted 90 s
        # (test_server_watching.py); the bound only ends a match that never ends
        player.play_until(lambda: player.over is not None, timeout=300)
        anna.close()
    failures = [r.getMessage() for r in caplog.records if r.name.startswith("audiogame")]
    assert failures and all("storing" in f for f in failures)
    assert len(failures) <= 2, failures  # once a minute per kind, with a count after
