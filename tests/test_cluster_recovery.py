"""A cluster that hiccups heals by itself (real Redis and PostgreSQL, loopback only).

Two server processes (here two servers on their own threads and loops, sharing one
store and one Redis prefix, as two machines would) go through what a loaded machine
does to them: a heartbeat that lapses, a subscription Redis drops, a process that
stalls past its table's lease while the other takes the table over.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from audiogame.core.contract import heard_by
from audiogame.devtools import services
from audiogame.devtools.net_harness import (
    ScriptedPlayer,
    ServerThread,
    play_together,
    replay_over,
    wait_for,
)
from audiogame.net.client.game_client import GameClient
from audiogame.net.protocol import messages as m
from audiogame.net.server.options import ServerOptions

CONFIG = {"players": 3, "target": 3, "think": 0}


@pytest.fixture
def pair(tmp_path: Path, folder_game) -> Iterator[tuple[ServerThread, ServerThread, str, str]]:
    pg, rd = services.postgres_url(), services.redis_url()
    if pg is None:
        pytest.skip(services.postgres_skip_reason())
    if rd is None:
        pytest.skip(services.redis_skip_reason())
    store, prefix = services.fresh_postgres(pg), services.fresh_prefix()
    options = ServerOptions(between_rounds=0.05, grace=20.0)
    servers = []
    for n in (1, 2):
        folder = tmp_path / f"p{n}"
        folder.mkdir()
        servers.append(
            ServerThread(folder, options, store_url=store, bus_url=rd, prefix=prefix).start()
        )
    yield servers[0], servers[1], rd, prefix
    for server in servers:
        server.stop()


def client(url: str, name: str, **kwargs) -> GameClient:
    found = GameClient(url, name, **kwargs)
    found.start()
    assert isinstance(wait_for(found, lambda i: isinstance(i, m.Welcome), timeout=60), m.Welcome)
    return found


def presence_of(watcher: GameClient, name: str, online: bool, timeout: float = 30.0) -> None:
    """Wait until ``watcher`` hears ``name`` come (or go), from a listing or a change."""

    def says(item) -> bool:
        if isinstance(item, m.People):
            return online and name in {p.name for p in item.people}
        return isinstance(item, m.Presence) and item.person.name == name and item.online is online

    wait_for(watcher, says, timeout=timeout)


def redis_client(url: str):
    import redis

    return redis.Redis.from_url(url)


def test_a_lapsed_heartbeat_brings_the_players_back(pair):
    one, two, rd, prefix = pair
    anna, bruno = client(one.url, "Anna"), client(two.url, "Bruno")
    try:
        anna.watch_people()
        presence_of(anna, "Bruno", online=True)
        # Bruno's process misses its heartbeat (a stall on a loaded machine): Anna's
        # process takes his players for gone ...
        redis_client(rd).delete(f"{prefix}proc:{two.server.cluster.origin}")
        one.call(one.server.cluster._keep())
        presence_of(anna, "Bruno", online=False)
        # ... and his process, alive after all, announces them again on its next beat
        presence_of(anna, "Bruno", online=True, timeout=30)
    finally:
        anna.close()
        bruno.close()


def drop_subscribers(url: str, prefix: str) -> int:
    """Redis drops this test's servers' subscriptions, and no other's: the Redis is shared
    with the tests other workers run at the same time (their servers' connections are
    named by their own prefixes)."""
    redis = redis_client(url)
    ours = [
        c["id"]
        for c in redis.client_list(_type="pubsub")
        if str(c.get("name", "")).startswith(prefix)
    ]
    return sum(int(redis.client_kill_filter(_id=found)) for found in ours)


def test_a_dropped_subscription_is_made_again(pair):
    one, two, rd, prefix = pair
    anna, bruno = client(one.url, "Anna"), client(two.url, "Bruno")
    try:
        anna.watch_people()
        presence_of(anna, "Bruno", online=True)
        # Redis drops every subscriber (a restart, a network blip, a full output buffer)
        assert drop_subscribers(rd, prefix) >= 2
        deadline = time.monotonic() + 60  # only ends a wait that never ends
        while True:  # Bruno's changes reach Anna again once both have subscribed again
            bruno.set_status(busy=True)
            try:
                wait_for(
                    anna,
                    lambda i: isinstance(i, m.Presence) and i.person.status == "busy",
                    timeout=1.0,
                )
                break
            except TimeoutError:
                assert time.monotonic() < deadline, "the lobby never heard Bruno again"
                bruno.set_status(busy=False)
    finally:
        anna.close()
        bruno.close()


def test_an_owner_that_stalls_past_its_lease_stops_and_its_players_move(pair, folder_game):
    one, two, _rd, _prefix = pair
    anna = client(one.url, "Anna", also=[two.url])
    bruno = client(two.url, "Bruno")
    try:
        anna.send(m.CreateTable(game=folder_game.id, config=CONFIG))
        table = wait_for(anna, lambda i: isinstance(i, m.TableState)).table
        bruno.send(m.JoinTable(code=table.code))
        # joined by the code as the table info carries it, the moment the table exists
        wait_for(bruno, lambda i: isinstance(i, m.TableState) and i.you == 1)
        anna.send(m.SetBot(seat=2, level="hard"))
        anna.send(m.Start())
        players = [ScriptedPlayer(anna, seed=1), ScriptedPlayer(bruno, seed=2)]
        play_together(players, timeout=120, until=lambda: anna.upto >= 6)
        # Anna's process, the table's owner, freezes past its lease: the other takes the
        # table over; when the first wakes it must not go on running it as well
        lease = one.server.cluster.lease
        one.loop.call_soon_threadsafe(time.sleep, lease + 2 * one.server.cluster.beat + 1)
        play_together(players, timeout=300)
        assert table.id not in one.run(lambda: dict(one.server.lobby.tables))
        assert table.id in two.run(lambda: dict(two.server.lobby.tables))
        offline = replay_over(players[0].over).events
        for seat, player in enumerate(players):  # nothing lost, nothing twice
            assert player.heard == heard_by(offline, seat), f"seat {seat} heard otherwise"
    finally:
        anna.close()
        bruno.close()


def test_an_owner_that_lost_its_table_writes_nothing_before_its_next_beat(pair, folder_game):
    """The gap a lease leaves: the owner stalls, the other process takes the table over,
    and the first wakes and applies a move before its next beat tells it the table is
    gone. The store refuses that write (the owner epoch the taker claimed before reading
    the log is above the waking owner's), so nobody hears a move the log does not hold."""
    one, two, rd, prefix = pair
    anna = client(one.url, "Anna", also=[two.url])  # alone with two bots, on one
    anna.send(m.CreateTable(game=folder_game.id, config=CONFIG))
    table = wait_for(anna, lambda i: isinstance(i, m.TableState)).table
    try:
        anna.send(m.SetBot(seat=1, level="hard"))
        anna.send(m.SetBot(seat=2, level="easy"))
        anna.send(m.Start())
        players = [ScriptedPlayer(anna, seed=1)]
        play_together(players, timeout=120, until=lambda: anna.upto >= 6)
        stale = one.run(lambda: one.server.lobby.tables[table.id])
        # one's beat stops as if it froze just after renewing; its lease lapses and
        # two takes the table over (the keeper is the cluster's last task)
        one.run(lambda: one.server.cluster._tasks[-1].cancel())
        redis_client(rd).delete(f"{prefix}owner:{table.id}")
        two.call(two.server.cluster._keep())
        assert table.id in two.run(lambda: dict(two.server.lobby.tables))
        # one still runs it: Anna's next move lands there, and its write is refused
        moved = one.run(lambda: len(stale.match.log))
        play_together(
            players, timeout=60, until=lambda: one.run(lambda: len(stale.match.log)) > moved
        )
        deadline = time.monotonic() + 30  # a write that went through is never fenced
        while not one.run(lambda: getattr(stale, "fenced", False)):
            assert time.monotonic() < deadline, "the stale owner's write went through"
            time.sleep(0.01)
        # the store holds what the new owner holds, nothing more
        kept = two.call(two.server.lobby.store.open_table(table.id))
        assert kept.log == two.run(lambda: list(two.server.lobby.tables[table.id].match.log))
        # its next beat: the table is lost, Anna moves to two and plays to the end
        one.call(one.server.cluster._keep())
        assert table.id not in one.run(lambda: dict(one.server.lobby.tables))
        play_together(players, timeout=300)
        offline = replay_over(players[0].over).events
        assert players[0].heard == heard_by(offline, 0)  # nothing the log does not hold
    finally:
        anna.close()
