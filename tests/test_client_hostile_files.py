"""The player's online files made hostile: the kept sessions, the kept matches' names
(chosen from what a server sends), and ``audiogame verify`` given a crafted file or a
damaged server folder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from audiogame.net import verify
from audiogame.net.game_server import DB_FILE
from audiogame.net.protocol import messages as m
from audiogame.ui.online import kept, sessions

DEEP = "[" * 30_000 + "]" * 30_000  # within the sessions file's 64 KiB cap

SESSIONS = {
    "nested deep": DEEP,
    "a list": "[1, 2, 3]",
    "not JSON": "{name: token}",
    "not UTF-8": b"\xff\xfe\x00{".decode("latin-1"),
}


@pytest.mark.parametrize("content", list(SESSIONS))
def test_a_damaged_sessions_file_is_kept_aside_and_the_player_logs_in_again(
    tmp_path: Path, content: str
):
    path = tmp_path / sessions.FILE
    path.write_bytes(SESSIONS[content].encode("latin-1"))
    assert sessions.token_for(tmp_path, "wss://example:1", "Anna") is None
    (aside,) = tmp_path.glob(f"{sessions.FILE}.damaged-*")
    assert aside.read_bytes() == SESSIONS[content].encode("latin-1")  # nothing lost
    sessions.keep(tmp_path, "wss://example:1", "Anna", "t0ken")
    assert sessions.token_for(tmp_path, "wss://example:1", "Anna") == "t0ken"


def test_a_hostile_servers_names_never_leave_the_matches_folder(tmp_path: Path):
    over = m.MatchOver(
        seed="s", seed_hash="../../x/../y", game="../../../escaped", config={}, start=0, log=[]
    )
    written = kept.keep_match(tmp_path / "data", over, now=0)
    assert written is not None and written.parent == tmp_path / "data" / kept.FOLDER
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data"]
    assert json.loads(written.read_text(encoding="utf-8"))["game"] == "../../../escaped"


@pytest.mark.parametrize(
    "content",
    [DEEP, '{"game": "domino", "seed": "x", "seed_hash": "y", "config": [], "log": 5}', "null"],
    ids=["nested deep", "wrong shapes", "null"],
)
def test_verify_says_a_crafted_file_is_not_verified(
    tmp_path: Path, content: str, capsys: pytest.CaptureFixture[str]
):
    file = tmp_path / "match.json"
    file.write_text(content, encoding="utf-8")
    assert verify.main([str(file), "--lang", "en"]) == 1
    assert capsys.readouterr().err.startswith("not verified")


def test_verify_leaves_a_damaged_server_database_where_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    (tmp_path / DB_FILE).write_bytes(b"not a database" * 100)
    assert verify.main(["--data", str(tmp_path), "--table", "t", "--lang", "en"]) == 1
    assert capsys.readouterr().err.startswith("not verified")
    assert sorted(p.name for p in tmp_path.iterdir()) == [DB_FILE]  # not moved by a reader
