"""The server's defences on loopback: versions, TLS with a pinned certificate, hostile
frames thrown at a server with a live table (which notices nothing), the LAN beacon."""

from __future__ import annotations

import asyncio
import concurrent.futures
import random
import time

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from audiogame.devtools.net_harness import (
    ScriptedPlayer,
    ServerThread,
    hostile_frames,
    throw_frames,
    wait_for,
)
from audiogame.net.client.game_client import Connected, Disconnected, GameClient
from audiogame.net.game_server import GameServer
from audiogame.net.protocol import beacon as lan
from audiogame.net.protocol import messages as m
from audiogame.net.protocol import tls
from audiogame.net.protocol.reasons import Reason
from audiogame.net.server.options import ServerOptions


def test_a_client_of_another_version_is_refused_with_the_reason(tmp_path):
    with ServerThread(tmp_path) as server:

        async def old_client() -> str:
            try:
                async with connect(server.url, subprotocols=["audiogame.v0"]):
                    return "accepted"
            except InvalidStatus as exc:
                return bytes(exc.response.body).decode()

        assert server.call(old_client()).split() == [Reason.VERSION.value, m.SUBPROTOCOL]
        client = GameClient(server.url.replace("ws://", "ws://"), "Anna")
        client.start()
        assert isinstance(wait_for(client, lambda i: isinstance(i, Connected)), Connected)
        client.close()


def test_tls_with_the_hosts_own_certificate_is_pinned(tmp_path):
    certificate = tls.self_signed(tmp_path / "cert")
    assert tls.self_signed(tmp_path / "cert").fingerprint() == certificate.fingerprint()
    loop = asyncio.new_event_loop()
    server = GameServer(tmp_path)
    port = loop.run_until_complete(server.start("127.0.0.1", 0, tls.server_context(certificate)))
    import threading

    runner = threading.Thread(target=loop.run_forever, daemon=True)
    runner.start()
    url = f"wss://127.0.0.1:{port}"
    try:
        first = GameClient(url, "Anna")  # no pin yet: the fingerprint is reported
        first.start()
        seen = wait_for(first, lambda i: isinstance(i, Connected))
        assert seen.fingerprint == certificate.fingerprint()
        first.close()
        wrong = GameClient(url, "Anna", pin="00" * 32, reconnect=False)
        wrong.start()
        gone = wait_for(wrong, lambda i: isinstance(i, Disconnected))
        assert gone.reason == "pin-mismatch" and gone.final
        wrong.close()
        right = GameClient(url, "Anna", pin=certificate.fingerprint())
        right.start()
        wait_for(right, lambda i: isinstance(i, m.Welcome))
        right.close()
    finally:
        asyncio.run_coroutine_threadsafe(server.close(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        runner.join(5)


@pytest.mark.parametrize("count", [2000])
def test_hostile_frames_never_disturb_a_live_table(tmp_path, folder_game, count):
    options = ServerOptions(grace=30, between_rounds=0.05)
    with ServerThread(tmp_path, options) as server:
        anna = GameClient(server.url, "Anna")
        anna.start()
        wait_for(anna, lambda i: isinstance(i, Connected))
        anna.send(
            m.CreateTable(game=folder_game.id, config={"players": 2, "target": 5, "think": 0})
        )
        wait_for(anna, lambda i: isinstance(i, m.TableState))
        anna.send(m.SetBot(seat=1, level="easy"))
        wait_for(anna, lambda i: isinstance(i, m.Notice))
        anna.send(m.Start())
        player = ScriptedPlayer(anna, seed=4)
        frames = hostile_frames(random.Random(count), count)
        pool = concurrent.futures.ThreadPoolExecutor(1)  # the attacker: a loop of its own
        attack = pool.submit(asyncio.run, throw_frames(server.url, frames))
        deadline = time.monotonic() + 120
        while not attack.done() or player.over is None:
            assert time.monotonic() < deadline
            player.pump()
            time.sleep(0.001)
        sent, refusals, closes = attack.result()
        pool.shutdown()
        anna.close()
    assert sent == count
    assert refusals >= count // 4  # each read frame refused with its reason
    assert closes >= count // 40  # repeated abuse closes connections
    assert player.over is not None  # the live table played to its end meanwhile
    refusals = [i for i in player.items if isinstance(i, m.Refused)]
    assert refusals == []  # nothing aimed at others reached this player


def test_the_beacon_is_heard_on_loopback(tmp_path):
    listener = lan.LanListener(bind="127.0.0.1", port=0)
    listener.start()
    try:
        payload = lan.beacon_payload("Casa di Anna", 47470, True, "ab" * 32, 2)

        async def announce() -> int:
            beacon = lan.Beacon(
                lambda: payload, to="127.0.0.1", port=listener.bound_port, interval=0.1
            )
            assert beacon.interval == lan.MIN_INTERVAL  # never faster than once a second
            beacon.start()
            await asyncio.sleep(0.3)
            beacon.stop()
            return beacon.sent

        assert asyncio.run(announce()) == 1
        deadline = time.monotonic() + 60  # a bound only
        while not listener.hosts() and time.monotonic() < deadline:
            time.sleep(0.02)
        (host,) = listener.hosts()
        assert (host.name, host.port, host.tls, host.tables) == ("Casa di Anna", 47470, True, 2)
        assert host.url == "wss://127.0.0.1:47470"
    finally:
        listener.stop()
    assert lan.parse_beacon(b"{not json", "127.0.0.1", 0.0) is None
    assert lan.parse_beacon(b'{"ag": 99}', "127.0.0.1", 0.0) is None
    assert lan.parse_beacon(b"x" * 600, "127.0.0.1", 0.0) is None
