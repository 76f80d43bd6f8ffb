"""What several real server processes behind one Redis and one PostgreSQL share, beside
the lobby and the tables (tests/test_cluster.py): the guests' forget rule, and the
limits per address and per account, each counted once for all the processes."""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import time
from collections.abc import Iterator
from contextlib import AsyncExitStack
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed
from websockets.typing import Subprotocol

from audiogame.devtools import services
from audiogame.devtools.net_harness import LOGIN_WAIT, ServerProcess, wait_for
from audiogame.net.client.game_client import GameClient
from audiogame.net.protocol import messages as m
from audiogame.net.server.login_limits import LoginLimits

PASSWORD = "mare d'inverno 7"


def urls() -> tuple[str, str]:
    pg, rd = services.postgres_url(), services.redis_url()
    if pg is None:
        pytest.skip(services.postgres_skip_reason())
    if rd is None:
        pytest.skip(services.redis_skip_reason())
    return pg, rd


class Cluster:
    """Two server processes sharing a fresh PostgreSQL schema and a fresh Redis prefix."""

    def __init__(self, folder: Path, *extra: str) -> None:
        pg, rd = urls()
        self.store = services.fresh_postgres(pg)
        shared = ["--store", self.store, "--bus", rd, "--redis-prefix", services.fresh_prefix()]
        self.processes = [ServerProcess(folder / f"p{n}", *shared, *extra) for n in (1, 2)]

    def __enter__(self) -> list[ServerProcess]:
        for process in self.processes:
            process.start()
        return self.processes

    def __exit__(self, *_exc: object) -> None:
        for n, process in enumerate(self.processes, 1):
            process.stop()
            print(f"-- server process {n} said:\n{process.log()}")  # shown when a test fails

    def rows(self, sql: str) -> list[tuple[object, ...]]:
        import psycopg  # the Windows zip has none: only the PostgreSQL tests need it

        with psycopg.connect(self.store, autocommit=True) as conn:
            return conn.execute(sql).fetchall()  # type: ignore[arg-type]


@pytest.fixture
def clients() -> Iterator[list[GameClient]]:
    made: list[GameClient] = []
    yield made
    for client in made:
        client.close()


def guest(url: str, name: str, made: list[GameClient], token: str | None = None) -> GameClient:
    client = GameClient(url, name, token=token, reconnect=False)
    made.append(client)
    client.start()
    found = wait_for(client, lambda i: isinstance(i, m.Welcome | m.Refused), 60)
    assert isinstance(found, m.Welcome), found
    return client


def test_a_guest_on_one_process_is_never_forgotten_by_another(tmp_path: Path, clients):
    """Gianna leaves process 1 and comes back on process 2, where she stays; Ugo leaves
    process 1 after her and never comes back. Ugo is forgotten (by the keep, from the
    store); Gianna, who left process 1 first, is not: process 2 sees her. She comes back
    to process 1 later as the same player."""
    cluster = Cluster(tmp_path, "--guest-keep", "0.02")  # 1.2 s
    with cluster as (one, two):
        gianna = guest(one.url, "Gianna", clients)
        ugo = guest(one.url, "Ugo", clients)
        gianna_id, token = gianna.player, gianna.token
        gianna.close()
        guest(two.url, "Gianna", clients, token=token)  # resumed from the store
        ugo_id = ugo.player
        ugo.close()
        deadline = time.monotonic() + 60  # only ends a wait that never ends
        while cluster.rows(f"SELECT 1 FROM players WHERE id = '{ugo_id}'"):
            assert time.monotonic() < deadline, "Ugo was never forgotten"
            time.sleep(0.1)
        assert cluster.rows(f"SELECT 1 FROM players WHERE id = '{gianna_id}'") == [(1,)]
        clients[-1].close()  # Gianna leaves process 2, comes back to process 1
        back = guest(one.url, "Gianna", clients, token=token)
        assert back.player == gianna_id


def account(url: str, name: str, made: list[GameClient], register: bool = True) -> GameClient:
    client = GameClient(url, name, password=PASSWORD, register=register, reconnect=False)
    made.append(client)
    client.start()
    # a password hashed at idle priority: a loaded machine starves it for minutes
    found = wait_for(client, lambda i: isinstance(i, m.Welcome | m.Refused), LOGIN_WAIT)
    assert isinstance(found, m.Welcome), found
    return client


def test_a_moderator_on_one_process_mutes_and_bans_a_player_on_the_other(tmp_path: Path, clients):
    """Anna (process 2) reports Bruno (process 2); Mara, a moderator on process 1, hears
    of it, mutes him and then bans him: he hears each at once on his process, and the
    ban holds when he tries process 1."""
    with Cluster(tmp_path, "--moderator", "Mara") as (one, two):
        mara = account(one.url, "Mara", clients)
        anna = account(two.url, "Anna", clients)
        bruno = account(two.url, "Bruno", clients)
        anna.send(m.Report(name="Bruno", reason="insults"))
        filed = wait_for(mara, lambda i: isinstance(i, m.ReportFiled), 60)
        assert isinstance(filed, m.ReportFiled) and filed.reported == "Bruno"
        mara.send(m.Moderate(name="Bruno", action="mute", reason="insults", minutes=5))
        muted = wait_for(bruno, lambda i: isinstance(i, m.Sanctioned), 60)
        assert isinstance(muted, m.Sanctioned) and muted.kind == "mute"
        bruno.lobby_say("e adesso?")
        refused = wait_for(bruno, lambda i: isinstance(i, m.Refused), 60)
        assert isinstance(refused, m.Refused) and refused.reason == "muted"
        mara.send(m.Moderate(name="Bruno", action="ban", reason="insults", minutes=60))
        gone = wait_for(bruno, lambda i: isinstance(i, m.Goodbye), 60)
        assert isinstance(gone, m.Goodbye) and gone.reason == "banned"
        again = GameClient(one.url, "Bruno", password=PASSWORD, reconnect=False)
        clients.append(again)
        again.start()
        refused_again = wait_for(again, lambda i: isinstance(i, m.Goodbye), LOGIN_WAIT)
        assert isinstance(refused_again, m.Goodbye) and refused_again.reason == "banned"


# -- limits counted once for every process ---------------------------------------------------


async def answer(url: str, message: m.ClientMessage, stack: AsyncExitStack | None = None) -> str:
    """Open a connection, send ``message``, and tell the first answer: "welcome", a
    refusal's reason, or a goodbye's. With ``stack``, a welcomed connection stays open."""
    ws = await connect(url, subprotocols=[Subprotocol(m.SUBPROTOCOL)], open_timeout=60)
    try:
        with contextlib.suppress(ConnectionClosed):  # a refused one may be closed already
            await ws.send(m.encode(message).decode())
        async with asyncio.timeout(120):  # only ends a wait that never ends (a slow hash)
            async for frame in ws:
                data = json.loads(frame)
                if data["type"] == "welcome":
                    if stack is not None:
                        stack.push_async_callback(ws.close)
                        ws = None
                    return "welcome"
                if data["type"] in ("refused", "goodbye"):
                    return str(data["reason"])
        return "closed"
    finally:
        if ws is not None:
            await ws.close()


def refilled(started: float, every: float) -> int:
    """The most tries a bucket refilling one every ``every`` seconds may have given back
    since ``started``: on a busy machine the attempts (each a password's hash, at the
    lowest priority) can take longer than a refill."""
    return math.ceil((time.monotonic() - started) / every)


async def until_refused(url: str, message: m.ClientMessage, reason: str, bound: int) -> list[str]:
    """Try again and again on one process until ``reason`` comes (at most ``bound`` times)."""
    said = []
    for _ in range(bound):
        said.append(await answer(url, message))
        if said[-1] == reason:
            return said
    raise AssertionError(f"never {reason}: {said}")


async def welcomed_soon(url: str, name: str, stack: AsyncExitStack) -> None:
    """Welcomed once the other process's count has gone (it counts off a closed
    connection a moment after it closes, a dead process's when its heartbeat lapses)."""
    deadline = time.monotonic() + 60  # only ends a wait that never ends
    while (said := await answer(url, m.Hello(name=name), stack)) != "welcome":
        assert said == "too-many-connections", said
        assert time.monotonic() < deadline, "the other process's count held"
        await asyncio.sleep(0.1)


def test_login_attempts_from_one_address_are_counted_once_for_both_processes(tmp_path: Path):
    """Two attempts a minute from one address: spent on process 1, the next try on
    process 2 is refused as well (counted per process, it would get two more)."""
    with Cluster(tmp_path, "--login-rate", "2") as (one, two):
        guess = m.Login(name="Nessuno", password="non è questa")

        async def go() -> list[str]:
            said = await until_refused(one.url, guess, "too-many-logins", 5)
            return [*said, await answer(two.url, guess)]

        started = time.monotonic()
        said = asyncio.run(go())
        assert said[-2:] == ["too-many-logins", "too-many-logins"], said
        assert said.count("bad-login") <= 2 + refilled(started, 60 / 2), said


def test_wrong_passwords_for_an_account_are_counted_once_for_both_processes(
    tmp_path: Path, clients
):
    with Cluster(tmp_path) as (one, two):
        account(one.url, "Anna", clients).close()
        wrong = m.Login(name="Anna", password="non è questa")

        async def go() -> list[str]:
            said = await until_refused(one.url, wrong, "account-slowed", 10)
            return [*said, await answer(two.url, wrong)]

        started = time.monotonic()
        said = asyncio.run(go())
        assert said[-2:] == ["account-slowed", "account-slowed"], said
        # five wrong passwords (LoginLimits.pair_failures), none counted twice, and one
        # more for each refill the attempts' own time earned (every password is hashed)
        failures = said.count("bad-login")
        assert 5 <= failures <= 5 + refilled(started, LoginLimits().pair_refill), said


def test_new_guests_from_one_address_are_counted_once_for_both_processes(tmp_path: Path):
    with Cluster(tmp_path, "--limit-loopback", "--guests-per-address", "2") as (one, two):

        async def go() -> list[str]:
            said = []
            for n in range(5):
                said.append(await answer(one.url, m.Hello(name=f"Ospite{n}")))
                if said[-1] == "too-many-guests":
                    break
            return [*said, await answer(two.url, m.Hello(name="Ospite9"))]

        said = asyncio.run(go())
        assert said == ["welcome", "welcome", "too-many-guests", "too-many-guests"], said


def test_open_connections_from_one_address_are_counted_once_for_both_processes(
    tmp_path: Path,
):
    """Two at once from one address: one on each process, a third is refused on either;
    one closed, one more may come; a process killed with -9 leaves no count behind once
    its heartbeat lapses."""
    limits = ["--limit-loopback", "--per-address", "2", "--guests-per-address", "1000"]
    with Cluster(tmp_path, *limits) as (one, two):

        async def go() -> None:
            async with AsyncExitStack() as first, AsyncExitStack() as second:
                assert await answer(one.url, m.Hello(name="Uno"), first) == "welcome"
                assert await answer(two.url, m.Hello(name="Due"), second) == "welcome"
                assert await answer(one.url, m.Hello(name="Tre")) == "too-many-connections"
                assert await answer(two.url, m.Hello(name="Tre")) == "too-many-connections"
                await second.aclose()  # Due leaves process 2: room for one more, once
                await welcomed_soon(one.url, "Tre", second)  # process 2 counted it off
            async with AsyncExitStack() as held:
                # the block above closed two on process 1: counted off a moment later
                await welcomed_soon(one.url, "Uno", held)
                await welcomed_soon(two.url, "Due", held)
                assert await answer(one.url, m.Hello(name="Tre")) == "too-many-connections"
                two.kill()  # its count of Due stays in Redis, its heartbeat stops
                await welcomed_soon(one.url, "Tre", held)

        asyncio.run(go())
