"""The server says goodbye and the player understands: the host closes the server in the
middle of a match; the desktop app says why in the player's language, does not try
again, and the player is back in the online menu, whose keys answer."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import threading
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed
from websockets.typing import Subprotocol

from audiogame.devtools.net_harness import ServerThread, wait_for
from audiogame.net import game_server
from audiogame.net.client.game_client import Connecting, Disconnected, GameClient
from audiogame.net.protocol import messages as m
from audiogame.ui.online.menu import OnlineMenu
from audiogame.ui.table import TableScene
from tests.test_online_play import app, join_address, said_since, two_with_a_bot

WORDS = {
    "en": ("The server is shutting down.", "Connection lost, trying again", "Manche 1"),
    "it": ("Il server si sta spegnendo.", "Connessione persa, riprovo", "Manche 1"),
}


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_server_closing_mid_match_brings_the_player_back_to_a_menu(tmp_path, lang):
    goodbye, retrying, begun = WORDS[lang]
    server = ServerThread(tmp_path / "server").start()
    h = app(tmp_path, lang=lang)
    try:
        join_address(h, f"127.0.0.1:{server.port}")
        two_with_a_bot(h)
        mark = len(h.transcript)
        h.press("enter")
        assert h.settle(lambda: isinstance(h.app.top, TableScene), 60)
        assert h.settle(lambda: begun in said_since(h, mark), 60)
        mark = len(h.transcript)
        server.stop()  # the host closes it: goodbye "shutdown" to everyone
        assert h.settle(lambda: isinstance(h.app.top, OnlineMenu), 60)
        heard = said_since(h, mark)
        assert goodbye in heard and retrying not in heard
        mark = len(h.transcript)
        h.press("down")  # the menu answers
        assert len(h.transcript) > mark
    finally:
        h.app.pop_to(h.app.scenes[0])
        h.close()


def test_a_player_reading_slowly_gets_everything_then_the_goodbye(tmp_path):
    """The server closes while a player's line is still full (frames queued for a client
    that has not read them yet: a slow line, a starved process): the player gets every
    frame queued before, then the goodbye, then a normal close. The listener's own close
    once went out ahead (1001, no goodbye) and the player tried again for minutes."""
    server = ServerThread(tmp_path / "server").start()
    ready, resume = threading.Event(), threading.Event()
    got: dict[str, Any] = {}
    reader = threading.Thread(
        target=lambda: asyncio.run(slow_reader(server.port, ready, resume, got)), daemon=True
    )
    reader.start()
    stopper = threading.Thread(target=server.stop, daemon=True)
    try:
        assert ready.wait(60)
        queued = server.call(fill_the_line(server))
        stopper.start()  # the host closes the server
        assert server.call(goodbye_queued(server))
    finally:
        resume.set()  # the player reads again
        reader.join(60)
        stopper.join(60)
    frames = got["frames"]
    assert frames[:-1] == [FILLER] * queued  # everything before, in order
    assert json.loads(frames[-1]) == {"type": "goodbye", "reason": "shutdown"}
    assert got["code"] == 1000


FILLER = m.encode(m.Chat(name="Bruno", text="x" * 4000)).decode()


async def slow_reader(
    port: int, ready: threading.Event, resume: threading.Event, got: dict[str, Any]
) -> None:
    """A player whose line takes a few KiB and who stops reading once welcomed."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", port))
    ws = await connect(
        f"ws://127.0.0.1:{port}",
        sock=sock,
        subprotocols=[Subprotocol(m.SUBPROTOCOL)],
        compression=None,
        max_size=None,
        ping_interval=None,
    )
    await ws.send(m.encode(m.Hello(name="Anna", lang="en")).decode())
    welcome = json.loads(await ws.recv())
    assert welcome["type"] == "welcome"
    ws.transport.pause_reading()
    ready.set()
    while not resume.is_set():
        await asyncio.sleep(0.01)
    ws.transport.resume_reading()
    frames = []
    with contextlib.suppress(ConnectionClosed):
        async for frame in ws:
            frames.append(frame)
    # what the server sent before the player's line filled up (its welcome's news)
    got["frames"] = [f for f in frames if json.loads(f)["type"] in ("chat", "goodbye")]
    got["code"] = ws.close_code


async def fill_the_line(server: ServerThread) -> int:
    """Frames queued for the player until the line is full and some wait to be written;
    how many were queued."""
    assert server.server is not None
    (connection,) = server.server.connections
    queued = 0
    while not (connection.ws.transport.get_write_buffer_size() and connection._out):
        for _ in range(16):
            connection.send_frame(FILLER.encode())
            queued += 1
        await asyncio.sleep(0.01)
    return queued


async def goodbye_queued(server: ServerThread) -> bool:
    """Until the closing server has queued its goodbye (the player's line still full)."""
    assert server.server is not None
    while not server.server._closing or any(not c._closing for c in server.server.connections):
        await asyncio.sleep(0.01)
    return True


def test_a_player_connecting_while_the_server_closes_hears_it_and_stops(tmp_path, monkeypatch):
    """While the closing server waits for a slow reader's goodbye (held here for as long as
    the test needs), its listener is still open: a player connecting then (an app trying
    again after a drop) is told the server is shutting down and does not try again."""
    monkeypatch.setattr(game_server, "GOODBYE_WAIT", 600.0)  # the slow reader holds the close
    server = ServerThread(tmp_path / "server").start()
    ready, resume = threading.Event(), threading.Event()
    got: dict[str, Any] = {}
    reader = threading.Thread(
        target=lambda: asyncio.run(slow_reader(server.port, ready, resume, got)), daemon=True
    )
    reader.start()
    stopper = threading.Thread(target=server.stop, daemon=True)
    carla = GameClient(server.url, "Carla", lang="en")
    try:
        assert ready.wait(60)
        server.call(fill_the_line(server))
        stopper.start()
        assert server.call(goodbye_queued(server))
        carla.start()
        seen: list[Any] = []
        gone = wait_for(carla, lambda i: isinstance(i, Disconnected), 60, seen)
        assert gone == Disconnected("shutdown", True)
        assert not [i for i in seen if isinstance(i, m.Welcome | Connecting)]
    finally:
        carla.close()
        resume.set()
        reader.join(60)
        stopper.join(60)
    assert json.loads(got["frames"][-1]) == {"type": "goodbye", "reason": "shutdown"}
