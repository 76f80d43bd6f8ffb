"""Two real server processes behind a real Redis and a real PostgreSQL (loopback only):
one lobby, one table played across them, and a process killed with -9 mid-match whose
table goes on in the other with nothing lost."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from audiogame.core.contract import heard_by
from audiogame.devtools import services
from audiogame.devtools.net_harness import (
    LOGIN_WAIT,
    ScriptedPlayer,
    ServerProcess,
    play_together,
    replay_over,
    wait_for,
)
from audiogame.net.client.game_client import GameClient
from audiogame.net.protocol import messages as m

PASSWORD = "mare d'inverno 7"
CONFIG = {"players": 3, "target": 3, "think": 0}


@pytest.fixture
def cluster(tmp_path: Path, folder_game):
    pg, rd = services.postgres_url(), services.redis_url()
    if pg is None:
        pytest.skip(services.postgres_skip_reason())
    if rd is None:
        pytest.skip(services.redis_skip_reason())
    shared = [
        "--store",
        services.fresh_postgres(pg),
        "--bus",
        rd,
        "--redis-prefix",
        services.fresh_prefix(),
        "--grace",
        "20",
        "--between-rounds",
        "0.05",
        "--rate",
        "200",
    ]
    processes = []
    for n in (1, 2):
        folder = tmp_path / f"p{n}"
        folder.mkdir()
        processes.append(ServerProcess(folder, *shared).start())
    yield processes
    for n, process in enumerate(processes, 1):
        process.stop()
        print(f"-- server process {n} said:\n{process.log()}")  # shown when a test fails


def account(url: str, name: str, **kwargs) -> GameClient:
    client = GameClient(url, name, password=PASSWORD, register=True, **kwargs)
    client.start()
    # a password hashed at idle priority: a loaded machine starves it for minutes
    found = wait_for(client, lambda i: isinstance(i, m.Welcome | m.Refused), LOGIN_WAIT)
    assert isinstance(found, m.Welcome), found
    return client


def got(client: GameClient, kind: type, test=lambda i: True, timeout: float = 30.0):
    return wait_for(client, lambda i: isinstance(i, kind) and test(i), timeout=timeout)


def check_against_offline(players: list[ScriptedPlayer]) -> None:
    offline = replay_over(players[0].over).events
    assert offline
    for seat, player in enumerate(players):
        assert player.heard == heard_by(offline, seat), f"seat {seat} heard otherwise"


def seated(anna: GameClient, bruno: GameClient, game: str) -> m.TableInfo:
    """Anna's table (on her process), Bruno seated from the other, a bot, started."""
    anna.send(m.CreateTable(game=game, config=CONFIG))
    table = got(anna, m.TableState).table
    bruno.send(m.JoinTable(code=table.code))
    got(bruno, m.TableState, lambda s: s.you == 1)
    anna.send(m.SetBot(seat=2, level="hard"))
    got(anna, m.Notice, lambda n: n.what is m.NoticeKind.BOT_ADDED)
    bruno.send(m.Say(text="buona partita"))  # table chat, across processes
    assert got(anna, m.Chat, lambda c: c.name == "Bruno").text == "buona partita"
    bruno.send(m.ListTables())
    listed = got(bruno, m.TableList)
    assert table.id in [t.id for t in listed.tables]  # the other process's table
    anna.send(m.Start())
    return table


def test_two_processes_share_presence_chat_and_a_table_played_to_the_end(cluster, folder_game):
    one, two = cluster
    anna, bruno = account(one.url, "Anna"), account(two.url, "Bruno")
    try:
        anna.watch_people()
        deadline = time.monotonic() + 60  # only ends a wait that never ends
        while True:  # Bruno, on the other process, is seen online
            listing = got(anna, m.People | m.Presence)
            names = (
                {p.name for p in listing.people}
                if isinstance(listing, m.People)
                else {listing.person.name}
            )
            if "Bruno" in names:
                break
            assert time.monotonic() < deadline
        bruno.set_status(busy=True)
        got(anna, m.Presence, lambda p: p.person.name == "Bruno" and p.person.status == "busy")
        bruno.whisper("Anna", "ciao da un altro server")
        assert got(anna, m.WhisperFrom).text == "ciao da un altro server"
        seated(anna, bruno, folder_game.id)
        players = [ScriptedPlayer(anna, seed=1), ScriptedPlayer(bruno, seed=2)]
        play_together(players, timeout=300)
        check_against_offline(players)
    finally:
        anna.close()
        bruno.close()


def test_a_process_killed_mid_match_its_table_goes_on_in_the_other(cluster, folder_game):
    one, two = cluster
    anna = account(one.url, "Anna", also=[two.url])
    bruno = account(two.url, "Bruno")
    try:
        seated(anna, bruno, folder_game.id)
        players = [ScriptedPlayer(anna, seed=1), ScriptedPlayer(bruno, seed=2)]
        play_together(players, timeout=60, until=lambda: anna.upto >= 6)
        assert not players[0].over
        one.kill()  # kill -9 the table's owner, mid-match
        # the bound only ends a match that never ends: how soon the other process takes
        # the table over is its lease's (3 s, docs/server.md), not this test's
        play_together(players, timeout=300)
        check_against_offline(players)  # nothing lost, nothing twice
        assert anna.url == two.url  # Anna's client moved to the living process
    finally:
        anna.close()
        bruno.close()
