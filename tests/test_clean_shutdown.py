"""A server stops cleanly: closed while players are at their tables, with a write of the
lobby still in flight, or (on PostgreSQL with Redis) with a Redis write whose connection
takes a while to let go when cancelled, it leaves no task destroyed still pending, no
coroutine never awaited, no exception nobody could catch. Real servers on 127.0.0.1 and
real clients."""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
import warnings
from pathlib import Path

import pytest

from audiogame.devtools.net_harness import SHORT_DOMINO, ServerThread, wait_for
from audiogame.net import game_server as game_server_module
from audiogame.net.client.game_client import GameClient
from audiogame.net.protocol import messages as m
from tests.backends import BACKENDS, server_kwargs

#: what asyncio and Python say of work left behind when a loop ends
LEFT_BEHIND = ("Task was destroyed but it is pending", "never awaited", "Event loop is closed")


def _busy(server: ServerThread, rounds: int) -> list[GameClient]:
    """Guests come, open a table, leave it (it closes) and go; the last ones stay at their
    tables: the server closes on them, and their goodbyes' writes (the guest seen, the
    presence gone) are in flight as it does."""
    staying: list[GameClient] = []
    for n in range(rounds):
        guest = GameClient(server.url, f"Ospite {n}", reconnect=False)
        guest.start()
        staying.append(guest)
        wait_for(guest, lambda i: isinstance(i, m.Welcome))
        guest.send(m.CreateTable(game="domino", config=SHORT_DOMINO))
        wait_for(guest, lambda i: isinstance(i, m.TableState))
        if n % 2 == 0:
            guest.send(m.LeaveTable())
            wait_for(guest, lambda i: isinstance(i, m.Left))
            staying.pop().close()
    return staying


async def _slow_to_let_go() -> None:
    """A write in flight that, cancelled, takes a while to end (a connection closing on a
    slow network): longer than the cluster's first wait for its tasks."""
    try:
        await asyncio.Event().wait()
    except asyncio.CancelledError:
        await asyncio.sleep(3.0)
        raise


def _in_flight(server: ServerThread) -> None:
    """Work of the server's still under way when it closes: a lobby write (the guest seen,
    a rating) and, in a cluster, a Redis write."""
    game_server = server.server
    assert game_server is not None

    def start() -> None:
        game_server.lobby.spawn(asyncio.Event().wait())
        if game_server.cluster is not None:
            game_server.cluster._send(_slow_to_let_go)

    server.run(start)


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_server_closed_mid_traffic_leaves_nothing_pending(
    tmp_path: Path, backend: str, caplog: pytest.LogCaptureFixture, monkeypatch
) -> None:
    kwargs = server_kwargs(backend)
    unraisable: list[str] = []
    monkeypatch.setattr(sys, "unraisablehook", lambda u: unraisable.append(repr(u.exc_value)))
    caplog.set_level(logging.WARNING, logger="asyncio")
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        for _ in range(2):
            server = ServerThread(tmp_path / "server", **kwargs).start()
            staying = _busy(server, rounds=4)
            _in_flight(server)
            try:
                server.stop()
            finally:
                for guest in staying:
                    guest.close()
            del server
            gc.collect()
        heard = [str(w.message) for w in said]
    logged = [r.getMessage() for r in caplog.records]
    left = [line for line in logged + heard + unraisable if any(k in line for k in LEFT_BEHIND)]
    assert left == [], left


def a_guest_at_a_table(server: ServerThread) -> GameClient:
    """A guest on ``server`` who opened a table (and sits at it)."""
    guest = GameClient(server.url, "Ospite", reconnect=False)
    guest.start()
    wait_for(guest, lambda i: isinstance(i, m.Welcome))
    guest.send(m.CreateTable(game="domino", config=SHORT_DOMINO))
    wait_for(guest, lambda i: isinstance(i, m.TableState))
    return guest


@pytest.mark.parametrize("gone", ["taken over", "writer ended", "store silent"])
def test_a_server_closes_though_a_tables_writer_is_gone(
    tmp_path: Path, gone: str, caplog: pytest.LogCaptureFixture, monkeypatch
) -> None:
    # a table another process took over (fenced: its outbox no longer written), whose
    # writer ended, or whose store never answers must not keep the server's shutdown
    # waiting for its flush forever
    monkeypatch.setattr(game_server_module, "FLUSH_WAIT", 1.0)
    server = ServerThread(tmp_path / "server").start()
    guest = a_guest_at_a_table(server)
    game_server = server.server
    assert game_server is not None
    try:

        def lose_the_writer() -> None:
            (table,) = game_server.lobby.tables.values()
            if gone == "taken over":
                table.fenced = True
            elif gone == "writer ended":
                table._drainer.cancel()
            else:
                table._queue(asyncio.Event().wait)  # a write that never ends

        server.run(lose_the_writer)
        server.stop()  # its close did not end: an AssertionError says what it waits for
    finally:
        guest.close()
    late = [r for r in caplog.records if "last writes did not end" in r.getMessage()]
    assert len(late) == (gone == "store silent")


def test_a_tables_flush_ends_when_its_writes_are_done_not_on_a_timer(tmp_path: Path) -> None:
    # the server's clock stopped: no time-out can fire, so a flush that ends does so
    # because what was queued before it was written (a flush that waited for the writer
    # to end as well took a whole second each time: every server stop with a table open,
    # and a player's hosted table left, waited for it)
    server = ServerThread(tmp_path / "server").start()
    guest = a_guest_at_a_table(server)
    game_server = server.server
    assert game_server is not None
    try:
        (table,) = server.run(lambda: list(game_server.lobby.tables.values()))
        now = server.loop.time()
        server.loop.time = lambda: now  # type: ignore[method-assign]
        try:
            server.call(table.flushed())
            assert not server.run(lambda: table._drainer.done())  # the writer goes on
        finally:
            del server.loop.time
    finally:
        guest.close()
        server.stop()
