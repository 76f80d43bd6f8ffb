"""Accounts on a real server (loopback): registering, logging in, sessions that resume,
expire and are revoked, the limits on attempts, and passwords hashed off the loop."""

from __future__ import annotations

import asyncio
import multiprocessing
import multiprocessing.spawn
import os
import shutil
import signal
import sqlite3
import threading
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import msgspec
import pytest
from websockets.sync.client import connect
from websockets.typing import Subprotocol

from audiogame.devtools.net_harness import (
    LOGIN_WAIT,
    QUIET_HEARTBEAT,
    ServerProcess,
    ServerThread,
    wait_for,
)
from audiogame.net.client import game_client as net_client
from audiogame.net.client.game_client import Connected, Disconnected, GameClient
from audiogame.net.game_server import DB_FILE
from audiogame.net.protocol import messages as m
from audiogame.net.protocol.credentials import check_password
from audiogame.net.protocol.reasons import Reason
from audiogame.net.server.accounts import Accounts, session_hash
from audiogame.net.server.login_limits import LoginGate, LoginLimits, Stopped
from audiogame.net.server.options import ServerOptions
from audiogame.net.server.passwords import Busy, HashCost, Hasher
from audiogame.net.server.sqlite_store import SqliteStore
from tests.backends import BACKENDS, server_kwargs

PASSWORD = "mare d'inverno 7"


@pytest.fixture(autouse=True)
def no_drop_by_load(monkeypatch: pytest.MonkeyPatch) -> None:
    """No test here is about a dropped line: the clients' keepalive is as long as the
    harness server's heartbeat. With the player's 2 s, a client whose pong came late at
    load 40 dropped and resumed, and the answer to its password change, sent on the old
    connection, was lost with it (a request is never sent twice over a resume)."""
    monkeypatch.setattr(net_client, "KEEPALIVE", QUIET_HEARTBEAT)


@pytest.fixture(params=BACKENDS)
def server(tmp_path: Path, request):
    with ServerThread(tmp_path, **server_kwargs(request.param)) as running:
        yield running


def entered(server: ServerThread, name: str, password: str | None = None, **kw) -> GameClient:
    client = GameClient(server.url, name, password=password, **kw)
    client.start()
    return client


#: how long an answer that needs a password hash may take: the hashing thread runs at a
#: lower priority than everything else, and a machine busy with other work starves it
HASHED = LOGIN_WAIT


def welcome(client: GameClient) -> m.Welcome:
    found = wait_for(client, lambda i: isinstance(i, m.Welcome | m.Refused), HASHED)
    assert isinstance(found, m.Welcome), found
    return found


def refusal(client: GameClient) -> str:
    found = wait_for(client, lambda i: isinstance(i, m.Refused), HASHED)
    assert isinstance(found, m.Refused)
    return found.reason


def test_register_then_log_in_elsewhere_and_resume_with_the_session(server):
    anna = entered(server, "Anna", PASSWORD, register=True)
    try:
        first = welcome(anna)
        assert first.account and first.name == "Anna" and first.token.startswith("s.")
    finally:
        anna.close()
    again = entered(server, "anna", PASSWORD)  # the name's case does not matter
    try:
        second = welcome(again)
        assert second.player == first.player and second.name == "Anna"
        assert second.token != first.token  # a session of its own
    finally:
        again.close()
    resumed = entered(server, "whatever", token=first.token)
    try:
        third = welcome(resumed)
        assert third.player == first.player and third.account and third.name == "Anna"
    finally:
        resumed.close()


def test_wrong_passwords_and_bad_names_are_refused_with_their_reasons(server):
    anna = entered(server, "Anna", PASSWORD, register=True)
    welcome(anna)
    anna.close()
    cases = [
        ("Anna", "not the password", False, Reason.BAD_LOGIN),
        ("Nobody Here", PASSWORD, False, Reason.BAD_LOGIN),  # same answer: names stay secret
        ("Anna", PASSWORD, True, Reason.NAME_TAKEN),
        ("Bruno", "short", True, Reason.PASSWORD_SHORT),
        ("Bruno", "Bruno's secret", True, Reason.PASSWORD_IS_NAME),
        ("Bruno", "password1", True, Reason.PASSWORD_COMMON),
        ("Bruno", "tab\there ok?", True, Reason.PASSWORD_CHARACTERS),
        ("B", PASSWORD, True, Reason.NAME_EMPTY),
        ("<Bruno>", PASSWORD, True, Reason.NAME_CHARACTERS),
    ]
    for name, password, register, reason in cases:
        client = entered(server, name, password, register=register, reconnect=False)
        try:
            assert refusal(client) == reason.value, (name, password)
        finally:
            client.close()


def test_a_guest_cannot_take_an_accounts_name_and_a_public_server_may_refuse_guests(tmp_path):
    with ServerThread(tmp_path / "a") as server:
        anna = entered(server, "Anna", PASSWORD, register=True)
        welcome(anna)
        anna.close()
        guest = entered(server, "ANNA")
        assert refusal(guest) == Reason.NAME_REGISTERED.value
        guest.close()
        other = entered(server, "Carla")  # guests are welcome on this (a LAN) host
        assert not welcome(other).account
        other.close()
    with ServerThread(tmp_path / "b", ServerOptions(guests=False)) as server:
        guest = entered(server, "Carla")
        try:
            assert refusal(guest) == Reason.ACCOUNT_NEEDED.value
            guest.login("Carla", PASSWORD, register=True)  # the same connection, now an account
            assert welcome(guest).account
        finally:
            guest.close()


def test_logging_out_revokes_the_session_and_changing_the_password_revokes_the_others(server):
    one = entered(server, "Anna", PASSWORD, register=True)
    token_one = welcome(one).token
    two = entered(server, "Anna", PASSWORD)
    token_two = welcome(two).token
    two.change_password(PASSWORD, "un altro inverno 8")
    wait_for(two, lambda i: isinstance(i, m.Done) and i.of == "change-password", HASHED)
    one.close()
    two.logout()
    goodbye = wait_for(two, lambda i: isinstance(i, m.Goodbye))
    assert isinstance(goodbye, m.Goodbye) and goodbye.reason == Reason.LOGGED_OUT.value
    two.close()
    for token in (token_one, token_two):  # the first by the change, the second by logging out
        back = entered(server, "Anna", token=token, reconnect=False)
        assert refusal(back) == Reason.UNKNOWN_TOKEN.value
        back.close()
    old = entered(server, "Anna", PASSWORD, reconnect=False)
    assert refusal(old) == Reason.BAD_LOGIN.value
    old.close()
    new = entered(server, "Anna", "un altro inverno 8")
    assert welcome(new).account
    new.close()


def test_the_database_holds_no_password_and_no_token(tmp_path):
    server = ServerThread(tmp_path).start()
    anna = entered(server, "Anna", PASSWORD, register=True)
    token = welcome(anna).token
    anna.close()
    server.stop()
    dump = "\n".join(sqlite3.connect(tmp_path / DB_FILE).iterdump())
    assert PASSWORD not in dump and token not in dump
    assert session_hash(token) in dump and "$argon2id$" in dump


def test_sessions_expire():
    async def run(folder: Path) -> None:
        store = SqliteStore(folder / "s.sqlite3")
        now = [1000.0]
        accounts = Accounts(
            store, Hasher(HashCost(1, 1024, 1)), LoginGate(), session_days=1, wall=lambda: now[0]
        )
        entry = await accounts.register("Anna", PASSWORD, "127.0.0.1")
        assert not isinstance(entry, Reason)
        assert (await accounts.resume(entry.token)).id == entry.account.id  # type: ignore[union-attr]
        now[0] += 86400.0 + 1
        assert await accounts.resume(entry.token) is Reason.SESSION_EXPIRED
        assert await accounts.resume("s.not-a-token") is Reason.UNKNOWN_TOKEN
        store.close()

    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(run(Path(folder)))


def test_login_limits_per_address_and_per_account():
    limits = LoginLimits(
        per_address=5, pair_failures=3, pair_refill=30, account_failures=9, account_refill=10
    )
    gate = LoginGate(limits)

    async def check() -> None:
        now = 0.0
        for _ in range(5):
            assert await gate.attempt("10.0.0.1", "", now) is None
        assert await gate.attempt("10.0.0.1", "", now) == Stopped.ADDRESS
        assert await gate.attempt("10.0.0.2", "", now) is None  # another address is not
        assert await gate.attempt("10.0.0.1", "", now + 12.0) is None  # a minute refills 5
        for _ in range(3):  # wrong passwords for anna from one address: slowed there only
            assert await gate.attempt("10.1.0.1", "anna", now) is None
            await gate.failed("anna", "10.1.0.1", now)
        assert await gate.attempt("10.1.0.1", "anna", now) == Stopped.PAIR
        assert await gate.attempt("10.1.0.9", "anna", now) is None  # the owner, elsewhere
        assert await gate.attempt("10.1.0.1", "bruno", now) is None  # other accounts
        for _ in range(3):
            await gate.failed("anna", "10.3.0.1", now)
        assert await gate.attempt("10.3.0.1", "anna", now) == Stopped.PAIR
        await gate.succeeded("anna", "10.3.0.1")  # the right password forgets its failures
        assert await gate.attempt("10.3.0.1", "anna", now) is None
        for address in ("10.2.0.1", "10.2.0.2", "10.2.0.3"):  # far beyond: many addresses
            await gate.failed("anna", address, now)
        assert await gate.attempt("10.1.0.9", "anna", now) == Stopped.ACCOUNT
        assert await gate.attempt("10.1.0.9", "anna", now + 10.0) is None  # 1 per 10 s
        assert await gate.attempt("10.1.0.1", "anna", now + 30.0) is None  # 1 per 30 s

    asyncio.run(check())


def test_a_storm_of_attempts_is_turned_away_over_the_wire(tmp_path):
    limits = LoginLimits(per_address=4)
    with ServerThread(tmp_path, ServerOptions(login_limits=limits)) as server:
        reasons = []
        for _ in range(6):
            client = entered(server, "Anna", "not her password", reconnect=False)
            reasons.append(refusal(client))
            client.close()
        assert reasons[:4] == [Reason.BAD_LOGIN.value] * 3 + [Reason.BAD_LOGIN.value]
        assert reasons[4:] == [Reason.TOO_MANY_LOGINS.value] * 2


def test_password_rules():
    assert check_password("corto", "Anna") is Reason.PASSWORD_SHORT
    assert check_password("x" * 129, "Anna") is Reason.PASSWORD_LONG
    assert check_password("ANNA1234!", "Anna") is Reason.PASSWORD_IS_NAME
    assert check_password("aaaaaaaaaa", "Anna") is Reason.PASSWORD_COMMON
    assert check_password("12121212", "Anna") is Reason.PASSWORD_COMMON
    assert check_password("QWERTYUI", "Anna") is Reason.PASSWORD_COMMON
    assert check_password("luna sul lago", "Anna") is None
    assert check_password("città d'inverno", "Anna") is None  # any script, spaces welcome


class WatchedHasher(Hasher):
    """Counts the hashes running at once and the threads they run on."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.lock = threading.Lock()
        self.active = self.most = 0
        self.threads: set[str] = set()

    def _make(self, password: str) -> str:
        with self.lock:
            self.active += 1
            self.most = max(self.most, self.active)
            self.threads.add(threading.current_thread().name)
        try:
            return super()._make(password)
        finally:
            with self.lock:
                self.active -= 1


def test_hashes_run_off_the_loop_a_bounded_few_at_a_time():
    async def run() -> None:
        hasher = WatchedHasher(
            HashCost(2, 8 * 1024, 1), concurrent=2, queue_limit=6, workers="thread"
        )
        loop_thread = threading.current_thread().name
        ticks = 0

        async def ticker() -> None:
            nonlocal ticks
            while True:
                ticks += 1
                await asyncio.sleep(0)

        tick = asyncio.get_running_loop().create_task(ticker())
        results = await asyncio.gather(
            *(hasher.hash(f"password {i}") for i in range(8)), return_exceptions=True
        )
        tick.cancel()
        busy = [r for r in results if isinstance(r, Busy)]
        assert len(busy) == 2  # past six waiting, turned away at once
        assert hasher.most == 2  # never more than two at once
        assert loop_thread not in hasher.threads  # never on the loop
        assert ticks > 6  # the loop kept running meanwhile
        ok, _ = await hasher.verify(str(results[0]), "password 0")
        assert ok
        assert (await hasher.verify(None, "password 0")) == (False, False)  # the decoy
        hasher.close()

    asyncio.run(run())


def test_hashes_run_in_worker_processes_at_the_lowest_priority():
    async def run() -> None:
        hasher = Hasher(HashCost(2, 8 * 1024, 1), concurrent=2, queue_limit=3, workers="process")
        workers = await hasher.warm_up()
        pids = {pid for pid, _, _ in workers}
        assert len(pids) == 2 and os.getpid() not in pids  # two processes, not this one
        for _, policy, nice in workers:
            if hasattr(os, "SCHED_IDLE"):
                assert policy == os.SCHED_IDLE  # Linux: only when a core is otherwise idle
            elif hasattr(os, "nice"):
                assert nice > os.nice(0)
        ticks = 0

        async def ticker() -> None:
            nonlocal ticks
            while True:
                ticks += 1
                await asyncio.sleep(0)

        tick = asyncio.get_running_loop().create_task(ticker())
        results = await asyncio.gather(
            *(hasher.hash(f"password {i}") for i in range(5)), return_exceptions=True
        )
        tick.cancel()
        assert sum(isinstance(r, Busy) for r in results) == 2  # past three waiting
        assert ticks > 3
        made = str(results[0])
        assert (await hasher.verify(made, "password 0")) == (True, False)
        assert (await hasher.verify(made, "password 1")) == (False, False)
        assert (await hasher.verify(None, "password 0")) == (False, False)  # the decoy
        # a worker killed (by the system, for memory): a login is told busy, the next one
        # gets a fresh pool
        killed = next(iter(pids))
        assert killed in {p.pid for p in multiprocessing.active_children()}
        os.kill(killed, signal.SIGTERM)
        # the worker gone (at the lowest priority, on a busy machine its end may wait),
        # then the pool's own thread, woken by its end, has the loop's pauses to notice
        deadline = time.monotonic() + 60  # a bound only
        while killed in {p.pid for p in multiprocessing.active_children()}:
            assert time.monotonic() < deadline, "the killed worker never ended"
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.1)
        with pytest.raises(Busy):
            await hasher.hash("while the pool is broken")
        again = await hasher.hash("after the loss")
        assert (await hasher.verify(again, "after the loss"))[0]
        hasher.close()

    asyncio.run(run())


def test_where_no_worker_process_can_start_the_hashes_run_in_threads():
    # a worker that exits at once, as where processes cannot be started (a sandbox)
    stand_in = shutil.which("false")
    if stand_in is None:
        pytest.skip("no 'false' program here to stand in for a worker that cannot start")
    spawn = multiprocessing.get_context("spawn")
    usual = multiprocessing.spawn.get_executable()
    spawn.set_executable(stand_in)

    async def run() -> None:
        hasher = Hasher(HashCost(1, 1024, 1), concurrent=1, workers="process")
        try:
            made = await hasher.hash("a password that still works")
        finally:
            spawn.set_executable(usual)
        assert hasher.workers == "thread"
        assert (await hasher.verify(made, "a password that still works"))[0]
        hasher.close()

    try:
        asyncio.run(run())
    finally:
        spawn.set_executable(usual)


def test_the_server_command_hashes_in_processes_of_the_lowest_priority(tmp_path):
    if not Path("/proc/self/stat").is_file() or not hasattr(os, "SCHED_IDLE"):
        pytest.skip("reading another process's scheduling class needs Linux's /proc")
    server = ServerProcess(tmp_path / "server").start()
    try:
        client = GameClient(server.url, "Anna", password=PASSWORD, register=True)
        client.start()
        try:
            assert welcome(client).account
        finally:
            client.close()
        assert server.process is not None
        workers = [
            int(entry.name)
            for entry in Path("/proc").iterdir()
            if entry.name.isdigit()
            and _parent(entry) == server.process.pid
            and b"spawn_main" in _cmdline(entry)  # not the resource tracker
        ]
        assert workers  # one per core but one
        assert all(os.sched_getscheduler(pid) == os.SCHED_IDLE for pid in workers)
        server.kill()  # -9: no clean-up at all; the workers still end with it
        deadline = time.monotonic() + 60  # only ends a wait that never ends
        while any(_running(pid) for pid in workers):
            assert time.monotonic() < deadline, "hashing workers outlived their server"
            time.sleep(0.05)
    finally:
        server.stop()


def _running(pid: int) -> bool:
    """Alive, not a zombie waiting to be reaped."""
    try:
        return (Path(f"/proc/{pid}") / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def _cmdline(proc: Path) -> bytes:
    """A process's command line; empty once it has ended (between listing and reading:
    the pool's start-up has short-lived helpers, and a loaded machine widens the gap)."""
    try:
        return (proc / "cmdline").read_bytes()
    except OSError:
        return b""


def _parent(proc: Path) -> int:
    try:
        return int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return -1


def test_connected_is_reported_for_an_account_as_for_a_guest(server):
    client = entered(server, "Anna", PASSWORD, register=True)
    try:
        assert isinstance(wait_for(client, lambda i: isinstance(i, Connected)), Connected)
        assert client.password is None  # forgotten once welcomed: the session resumes
    finally:
        client.close()


def test_an_entrance_read_in_time_is_not_closed_as_late_by_a_busy_server(tmp_path):
    """The hello arrives while the server's loop is held up, and the loop resumes only once
    the connection's time to enter is over: the frame is read in the same turn as the timer
    falls due, and is handled, not closed as late (a busy server's delay, not the client's;
    issue 23: a login at load 40 got "timeout")."""
    options = ServerOptions(hello_timeout=0.3)
    with ServerThread(tmp_path, options) as server:
        assert server.server is not None
        with connect(server.url, subprotocols=[Subprotocol(m.SUBPROTOCOL)]) as ws:
            limit = time.monotonic() + 60  # only ends a wait that never ends
            while not server.server.connections:  # its timer is set going with it
                assert time.monotonic() < limit, "the connection never reached the server"
                time.sleep(0.005)
            armed_by = time.monotonic()
            held, go = threading.Event(), threading.Event()

            def hold() -> None:
                held.set()
                go.wait(60)

            server.loop.call_soon_threadsafe(hold)
            assert held.wait(60)
            ws.send(m.encode(m.Hello(name="Anna", lang="it")).decode())
            while time.monotonic() <= armed_by + options.hello_timeout:
                time.sleep(0.01)  # until the timer is due: the loop is still held
            go.set()
            first = msgspec.json.decode(ws.recv(timeout=60))
    assert first["type"] == "welcome", first


def frames_read(server: ServerThread) -> float:
    """How many frames the server has handled, all connections together."""
    assert server.server is not None
    found = server.server.metrics.registry.get_sample_value("audiogame_frames_in_total")
    return found or 0.0


def read_entrance(server: ServerThread, enter: Callable[[], GameClient]) -> GameClient:
    """A connection whose entrance the server has read: the only one waiting to be read,
    so the server's count of frames tells. A connection the server closed having read
    nothing from it never carried its entrance in its time to enter (0.3 s below: the
    handshake, or the client's thread held up on a loaded machine), and a new one tries
    again. One whose entrance was read is never tried again: closing it as late is what
    is tested."""
    for _ in range(50):
        before = frames_read(server)
        client = enter()
        limit = time.monotonic() + HASHED  # only ends a wait that never ends
        while frames_read(server) == before:
            batch = client.poll()
            client.put_back(batch)
            gone = [i for i in batch if isinstance(i, Disconnected)]
            if gone and frames_read(server) == before:
                assert gone[0].reason in ("unreachable", "timeout"), gone
                break
            assert time.monotonic() < limit, "the entrance never reached the server"
            time.sleep(0.002)
        else:
            return client
        client.close()
    raise AssertionError("no entrance reached the server in 50 tries")


def answer(client: GameClient) -> object:
    """The server's answer to ``client``'s entrance: a welcome, a refusal, or (failing)
    a goodbye or a close."""
    return wait_for(client, lambda i: isinstance(i, m.Welcome | m.Refused | Disconnected), HASHED)


def test_a_login_waiting_for_its_hash_is_never_closed_as_late(tmp_path, monkeypatch):
    # the hashing held until the registrations were read and their time to enter is over
    # twice: each waits well past the time a connection has to say who it is, and is
    # still welcomed. The clients wait for their first answer as long as it takes
    monkeypatch.setattr(net_client, "ANSWER_WAIT", 2 * HASHED)
    options = ServerOptions(hello_timeout=0.3, hash_concurrency=1)
    with ServerThread(tmp_path, options) as server:
        assert server.server is not None
        held = threading.Event()
        # the one hashing thread busy until let go (a storm of logins before these)
        server.server.lobby.accounts.hasher._executor().submit(held.wait, 2 * HASHED)

        def register(n: int) -> GameClient:
            return entered(server, f"Giocatore {n}", PASSWORD, register=True, reconnect=False)

        clients: list[GameClient] = []
        try:
            for n in range(6):
                clients.append(read_entrance(server, partial(register, n)))
            read_by = time.monotonic()
            while time.monotonic() <= read_by + 2 * options.hello_timeout:
                time.sleep(0.01)  # the time to enter over for all six, their hashes held
            held.set()
            for client in clients:
                found = answer(client)
                assert isinstance(found, m.Welcome) and found.account, found
        finally:
            held.set()
            for client in clients:
                client.close()

        # refused, a connection has the same time again to enter, then is closed
        def log_in() -> GameClient:
            return entered(server, "Giocatore 0", "not the password", reconnect=False)

        idle = read_entrance(server, log_in)
        try:
            found = answer(idle)
            assert isinstance(found, m.Refused) and found.reason == Reason.BAD_LOGIN.value
            bye = wait_for(idle, lambda i: isinstance(i, m.Goodbye), timeout=HASHED)
            assert isinstance(bye, m.Goodbye) and bye.reason == Reason.TIMEOUT.value
        finally:
            idle.close()
