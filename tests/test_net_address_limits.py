"""A public server's bounds per network address, through real sockets on 127.0.0.1:
connections open at once, new guests in a window (refused with a reason the app says in
the player's language), loopback exempt unless told; and guests gone long enough are
forgotten (their token no longer resumes; a guest whose seat a table holds is kept)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from audiogame.devtools.net_harness import SHORT_DOMINO, ServerThread, wait_for
from audiogame.net.client.game_client import Connected, Disconnected, GameClient
from audiogame.net.protocol import messages as m
from audiogame.net.server.address_limits import AddressGate, AddressLimits
from audiogame.net.server.lobby import token_hash
from audiogame.net.server.options import ServerOptions
from audiogame.ui.online.menu import OnlineMenu
from tests.test_online_play import app, type_line


def test_the_gate_counts_per_address_and_lets_loopback_be():
    async def check() -> None:
        gate = AddressGate(AddressLimits(per_address=2, guests=2, guest_window=60))
        address = "203.0.113.5"
        assert await gate.connect(address) is True and await gate.connect(address) is True
        assert await gate.connect(address) is False
        assert await gate.connect("198.51.100.7") is True  # another address: its own count
        await gate.disconnect(address)
        assert await gate.connect(address) is True
        for loopback in ("127.0.0.1", "::1"):  # this machine: exempt, never counted
            assert [await gate.connect(loopback) for _ in range(10)] == [None] * 10
        assert await gate.new_guest(address, 0.0) and await gate.new_guest(address, 1.0)
        assert not await gate.new_guest(address, 2.0)
        assert await gate.new_guest(address, 32.0)  # one more after half the window
        strict = AddressGate(AddressLimits(per_address=1, limit_loopback=True))
        assert await strict.connect("127.0.0.1") is True
        assert await strict.connect("127.0.0.1") is False

    asyncio.run(check())


def connected(url: str, name: str, token: str | None = None) -> GameClient:
    client = GameClient(url, name, token=token, reconnect=False)
    client.start()
    wait_for(client, lambda i: isinstance(i, Connected), 60)
    return client


def refused_at_once(url: str, name: str) -> Disconnected:
    client = GameClient(url, name, reconnect=False)
    client.start()
    try:
        item = wait_for(client, lambda i: isinstance(i, Connected | Disconnected), 60)
        assert isinstance(item, Disconnected), item
        return item
    finally:
        client.close()


def strict(**bounds: float) -> ServerOptions:
    return ServerOptions(address_limits=AddressLimits(limit_loopback=True, **bounds))  # type: ignore[arg-type]


def test_connections_from_one_address_are_bounded(tmp_path: Path):
    with ServerThread(tmp_path, strict(per_address=3)) as server:
        clients = [connected(server.url, f"Ospite{i}") for i in range(3)]
        try:
            gone = refused_at_once(server.url, "Quarto")
            assert (gone.reason, gone.final) == ("too-many-connections", True)
            clients.pop().close()
            deadline = time.monotonic() + 60  # a bound only
            while server.run(lambda: len(server.server.connections)) > 2:  # type: ignore[union-attr]
                assert time.monotonic() < deadline
                time.sleep(0.02)
            clients.append(connected(server.url, "Quarto"))  # a place came free
        finally:
            for client in clients:
                client.close()


def test_loopback_is_not_bounded_unless_asked(tmp_path: Path):
    options = ServerOptions(address_limits=AddressLimits(per_address=2, guests=2))
    with ServerThread(tmp_path, options) as server:
        clients = [connected(server.url, f"Ospite{i}") for i in range(5)]
        for client in clients:
            client.close()


def test_new_guests_are_bounded_but_a_guest_coming_back_is_not_new(tmp_path: Path):
    with ServerThread(tmp_path, strict(guests=2, guest_window=600)) as server:
        first = connected(server.url, "Anna")
        token = first.token
        first.close()
        connected(server.url, "Bruno").close()
        gone = refused_at_once(server.url, "Carla")
        assert (gone.reason, gone.final) == ("too-many-guests", True)
        again = connected(server.url, "Anna", token=token)  # resuming makes no guest
        assert again.player == first.player
        again.close()


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("it", "Troppi nuovi ospiti dalla tua rete in poco tempo"),
        ("en", "Too many new guests from your network in a short time"),
    ],
)
def test_the_app_says_the_guest_bound_and_comes_back_to_the_menu(
    tmp_path: Path, lang: str, words: str
):
    with ServerThread(tmp_path / "server", strict(guests=1, guest_window=600)) as server:
        connected(server.url, "Bruno").close()
        h = app(tmp_path, lang=lang)
        try:
            for _ in range(3):
                h.press("down")
            h.press("enter")
            type_line(h, f"127.0.0.1:{server.port}")
            assert h.settle(lambda: words in " ".join(h.transcript), 60), h.transcript[-3:]
            assert h.settle(lambda: isinstance(h.app.top, OnlineMenu), 60)
            assert h.press("down")
        finally:
            h.app.pop_to(h.app.scenes[0])
            h.close()


def test_guests_gone_a_while_are_forgotten_but_not_one_a_table_waits_for(tmp_path: Path):
    with ServerThread(tmp_path, ServerOptions(guest_keep=0.3)) as server:
        lobby = server.server.lobby  # type: ignore[union-attr]
        passing = connected(server.url, "Anna")
        seated = connected(server.url, "Bruno")
        seated.send(m.CreateTable(game="domino", config=SHORT_DOMINO))
        wait_for(seated, lambda i: isinstance(i, m.TableState))
        gone_id, gone_token = passing.player, passing.token
        assert gone_token is not None
        passing.close()
        seated.close()
        deadline = time.monotonic() + 30  # only ends a wait that never ends

        def remembered() -> bool:
            kept = server.call(lobby.store.player_by_token(token_hash(gone_token)))
            return kept is not None or server.run(lambda: gone_id in lobby.players)

        while remembered():  # from memory and from the store
            assert time.monotonic() < deadline, "the guest was never forgotten"
            time.sleep(0.05)
        assert server.run(lambda: seated.player in lobby.players)  # Bruno's seat waits
        back = GameClient(server.url, "Anna", token=gone_token, reconnect=False)
        back.start()
        try:
            refused = wait_for(back, lambda i: isinstance(i, m.Refused | Connected))
            assert isinstance(refused, m.Refused) and refused.reason == "unknown-token"
        finally:
            back.close()
