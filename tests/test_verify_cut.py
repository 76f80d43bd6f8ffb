"""``audiogame verify`` on a real server's finished match: the whole log checks out (in
both languages), the same log with its last entries cut fails with the reason and a
non-zero exit, and ``--seat N`` prints the JSON lines alone on stdout; the seed's
commitment is the one the protocol notes define."""

from __future__ import annotations

import asyncio
import concurrent.futures
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import msgspec
import pytest

from audiogame.devtools.net_harness import ScriptedPlayer, ServerThread, wait_for
from audiogame.net import verify
from audiogame.net.client.game_client import Connected, GameClient
from audiogame.net.protocol import messages as m
from audiogame.net.server.options import ServerOptions
from tests.raw_client import Raw

#: one manche of Domino: a whole match, short
DOMINO = {"set_id": "double-6", "seats": 2, "teams": None, "point_limit": 100, "manche_limit": 1}


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A match played to its end on a real server, kept as the client keeps it: played
    once for the module (its bot moves at a player's pace), the tests only read it."""
    tmp_path = tmp_path_factory.mktemp("finished")
    with ServerThread(tmp_path / "server", ServerOptions(between_rounds=0.05)) as server:
        anna = GameClient(server.url, "Anna")
        anna.start()
        wait_for(anna, lambda i: isinstance(i, Connected))
        anna.send(m.CreateTable(game="domino", config=DOMINO))
        wait_for(anna, lambda i: isinstance(i, m.TableState))
        anna.send(m.SetBot(seat=1, level="easy"))
        wait_for(anna, lambda i: isinstance(i, m.Notice))
        anna.send(m.Start())
        player = ScriptedPlayer(anna, seed=5)
        deadline = time.monotonic() + 600  # only ends a wait that never ends
        while player.over is None:
            assert time.monotonic() < deadline, "the match did not end"
            player.pump()
            time.sleep(0.001)
        anna.close()
    file = tmp_path / "match.json"
    file.write_bytes(msgspec.json.encode(player.over))
    return file


@pytest.mark.parametrize(
    ("lang", "over"), [("it", "partita finita: sì"), ("en", "match over: yes")]
)
def test_a_whole_log_checks_out_and_a_cut_one_fails(finished, tmp_path, capsys, lang, over):
    assert verify.main([str(finished), "--lang", lang]) == 0
    assert over in capsys.readouterr().out.splitlines()
    data = json.loads(finished.read_text(encoding="utf-8"))
    assert len(data["log"]) > 2
    for keep in (len(data["log"]) - 1, len(data["log"]) // 2):
        cut = tmp_path / f"cut-{keep}.json"
        cut.write_text(json.dumps(data | {"log": data["log"][:keep]}), encoding="utf-8")
        assert verify.main([str(cut), "--lang", lang]) == 1
        said = capsys.readouterr()
        assert said.out == ""
        reason = {"it": "il registro si ferma prima", "en": "the log stops before"}[lang]
        assert reason in said.err


def test_seat_prints_only_json_lines(finished):
    run = subprocess.run(
        [sys.executable, "-m", "audiogame", "verify", str(finished), "--seat", "0"],
        capture_output=True,
        text=True,
        timeout=120,
        # as a player's shell has it (the tests' own harness hides pygame's banner)
        env={k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"},
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines and all(isinstance(json.loads(line), dict) for line in lines)


def test_the_seed_hash_is_as_the_protocol_notes_define_it(tmp_path: Path) -> None:
    """An outsider watching with a raw client checks the table's commitment with the
    formula the protocol notes give, and nothing of ours."""
    notes = (Path(__file__).parents[1] / "docs" / "online-protocol.md").read_text("utf-8")
    assert 'seed_hash = sha256("audiogame-seed:" + seed)' in notes
    with ServerThread(tmp_path / "server") as server:
        anna = GameClient(server.url, "Anna")
        anna.start()
        wait_for(anna, lambda i: isinstance(i, Connected))
        anna.send(m.CreateTable(game="domino", config=DOMINO))
        table = wait_for(anna, lambda i: isinstance(i, m.TableState)).table
        anna.send(m.SetBot(seat=1, level="easy"))
        wait_for(anna, lambda i: isinstance(i, m.Notice))

        async def watch() -> tuple[str, str]:
            raw = await Raw.open(server.url)
            await raw.hello("Osservatore")
            await raw.answer("join-table", table=table.id, spectator=True, ok=("table",))
            anna.send(m.Start())
            begins = await raw.next("match-begins")
            over = await raw.next("match-over", wait=600)  # the whole match
            await raw.close()
            return begins["seed_hash"], over["seed"]

        pool = concurrent.futures.ThreadPoolExecutor(1)
        watching = pool.submit(asyncio.run, watch())
        player = ScriptedPlayer(anna, seed=6)
        deadline = time.monotonic() + 600  # only ends a wait that never ends
        while not watching.done():
            assert time.monotonic() < deadline, "the match did not end"
            player.pump()
            time.sleep(0.001)
        committed, seed = watching.result()
        pool.shutdown()
        anna.close()
    assert hashlib.sha256(f"audiogame-seed:{seed}".encode()).hexdigest() == committed
