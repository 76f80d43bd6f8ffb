"""The desktop app against a server that misbehaves: it never answers, sends what is not
our protocol, frames too big to take, news of a table the player never joined, a flood
of chat, or cuts the line in the middle of a frame, again and again.

The real app (harness: real loop, dummy SDL, recording speaker) joins a hostile server
on 127.0.0.1 (``devtools.hostile_server``: an ephemeral port, each script bounded). The
player hears why in their language, no frame of the loop takes long, their settings and
offline saves are as they were, and they are at a menu that answers keys.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from websockets.asyncio.server import ServerConnection

from audiogame.devtools.harness import DISK_WAIT, Harness
from audiogame.devtools.hostile_server import HostileServer, cut_frame, hello_of, linger, welcome
from audiogame.net.client import game_client as net_client
from audiogame.net.protocol import messages as m
from audiogame.ui.online.lobby import LobbyScene
from audiogame.ui.online.menu import OnlineMenu
from tests.test_online_play import app, type_line

NOT_OURS = [
    "not json {",
    "[1, 2, 3]",
    '{"type": "welcome", "player": 5}',
    '{"type": "zzz"}',
    "null",
]


async def silent(ws: ServerConnection) -> None:
    await linger()


async def garbage_at_once(ws: ServerConnection) -> None:
    await hello_of(ws)
    for i in range(200):
        await ws.send(NOT_OURS[i % len(NOT_OURS)])
    await linger()


async def garbage_after_welcome(ws: ServerConnection) -> None:
    await hello_of(ws)
    await ws.send(welcome())
    for i in range(200):
        await ws.send(NOT_OURS[i % len(NOT_OURS)])
    await linger()


async def huge_frame(ws: ServerConnection) -> None:
    await hello_of(ws)
    await ws.send(welcome())
    await ws.send(m.encode(m.Chat(name="x", text="a" * (m.MAX_SERVER_FRAME + 10))).decode())
    await linger()


async def cut_mid_frame(ws: ServerConnection) -> None:
    await hello_of(ws)
    await ws.send(welcome())
    await asyncio.sleep(0.2)
    cut_frame(ws, m.encode(m.Chat(name="x", text="a" * 1000)))


Script = Callable[[ServerConnection], Awaitable[None]]

#: script, what the player hears (English, Italian)
GIVEN_UP: dict[str, tuple[Script, str, str]] = {
    "never answers": (
        silent,
        "The connection is lost: The server took the connection but never answered",
        "La connessione è persa: Il server ha accettato la connessione ma non ha mai risposto",
    ),
    "not our protocol at once": (
        garbage_at_once,
        "The connection is lost: The server sends what this game cannot read",
        "La connessione è persa: Il server manda dati che il gioco non sa leggere",
    ),
    "not our protocol once welcomed": (
        garbage_after_welcome,
        "The connection is lost: The server sends what this game cannot read",
        "La connessione è persa: Il server manda dati che il gioco non sa leggere",
    ),
    "a frame too big": (
        huge_frame,
        "The connection is lost: The server sends what this game cannot read",
        "La connessione è persa: Il server manda dati che il gioco non sa leggere",
    ),
    "cut mid-frame, again and again": (
        cut_mid_frame,
        "The connection is lost: The server keeps cutting the connection",
        "La connessione è persa: Il server chiude la connessione appena aperta",
    ),
}


def files(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
    }


def player_with_things(tmp_path: Path, lang: str) -> tuple[Harness, dict[str, bytes], dict]:
    """The app at the online menu, with settings of the player's own and an offline save."""
    h = app(tmp_path, lang=lang)
    h.app.set_verbosity("chat", "sound")
    h.app.save_settings()
    assert h.app.saves.write("domino", {"kept": [1, 2, 3]}, {"round": 2})
    assert h.app.saves.flush(DISK_WAIT)
    h.app.flush_settings(DISK_WAIT)
    settings = json.loads(h.settings_path.read_text(encoding="utf-8"))
    return h, files(tmp_path / "Anna" / "data"), settings


def join(h: Harness, address: str) -> None:
    for _ in range(3):
        h.press("down")
    h.press("enter")
    type_line(h, address)


def run_until(h: Harness, done: Callable[[], bool], timeout: float) -> None:
    """Frames in real time until ``done()``. How long each frame takes meanwhile (the
    network is the client's thread's, never the loop's) is the figure of
    ``benchmarks/hostile_server_client.py``: a bound here would measure the machine."""
    deadline = time.monotonic() + timeout
    while not done() and time.monotonic() < deadline:
        h.clock.set(h.clock.now() + 1 / 60)
        h.app.step()
        h.finish_idle()
        time.sleep(0.003)
    assert done(), h.transcript[-6:]


def unchanged(h: Harness, tmp_path: Path, data: dict[str, bytes], settings: dict) -> None:
    h.app.flush_settings(DISK_WAIT)
    assert files(tmp_path / "Anna" / "data") == data
    now = json.loads(h.settings_path.read_text(encoding="utf-8"))
    assert {k: v for k, v in now.items() if not k.startswith("online")} == {
        k: v for k, v in settings.items() if not k.startswith("online")
    }


@pytest.mark.parametrize(
    ("case", "lang"),
    [(case, "it" if i % 2 else "en") for i, case in enumerate(GIVEN_UP)],
)
def test_a_server_past_saving_is_given_up_aloud_and_the_menu_comes_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str, lang: str
):
    if case == "never answers":  # the server's silence, shorter; the others do answer, and
        # a loaded machine late with their answer past 2 s must not make it a silence
        monkeypatch.setattr(net_client, "ANSWER_WAIT", 2.0)
    script, english, italian = GIVEN_UP[case]
    with HostileServer(script) as server:
        h, data, settings = player_with_things(tmp_path, lang)
        try:
            join(h, server.address)
            # cut again and again: five tries, their backoff some 15-20 s; a bound only
            run_until(h, lambda: isinstance(h.app.top, OnlineMenu), 180)
            said = " | ".join(h.transcript)
            assert said.count(english if lang == "en" else italian) == 1, h.transcript[-4:]
            connections = server.connections
            assert h.press("down")  # the menu answers keys
            unchanged(h, tmp_path, data, settings)
            time.sleep(0.5)
            assert server.connections == connections  # given up: no more tries
        finally:
            h.app.pop_to(h.app.scenes[0])
            h.close()


def table_frame(game: str, you: int) -> str:
    info = {
        "id": "t9", "code": "a b c", "game": game, "config": {}, "private": False,
        "stage": "waiting", "master": 9, "master_name": "x", "seats": [], "spectators": 0,
        "paused": False, "seed_hash": "", "bot_levels": [], "match": 3, "between_rounds": 1.0,
    }  # fmt: skip
    return json.dumps({"type": "table", "you": you, "table": info})


async def strangers_news(ws: ServerConnection) -> None:
    """Game data for a table never joined, a seat that does not exist, a game this
    version does not know, a departure from nowhere; then the lobby as it should be."""
    await hello_of(ws)
    await ws.send(welcome())
    await ws.send(json.dumps({"type": "snapshot", "view": {"x": 1}, "upto": 5}))
    await ws.send(json.dumps({"type": "events", "events": [1], "view": {}, "upto": 9}))
    await ws.send(table_frame("no-such-game", you=7))
    await ws.send(json.dumps({"type": "snapshot", "view": {"hand": "all"}, "upto": 5}))
    await ws.send(table_frame("domino", you=99))
    await ws.send(json.dumps({"type": "snapshot", "view": {"hand": "all"}, "upto": 5}))
    await ws.send(json.dumps({"type": "events", "events": ["x"], "view": [], "upto": 6}))
    await ws.send(json.dumps({"type": "left", "reason": "kicked"}))
    await ws.send(m.encode(m.TableList(tables=[])).decode())
    while True:  # read what the client says (a server that never reads is another case)
        frame = await ws.recv()
        if '"list-tables"' in str(frame) or '"leave-table"' in str(frame):
            await ws.send(m.encode(m.TableList(tables=[])).decode())


def test_news_of_tables_never_joined_leave_the_player_in_a_lobby_that_works(tmp_path: Path):
    with HostileServer(strangers_news) as server:
        h, data, settings = player_with_things(tmp_path, "it")
        try:
            join(h, server.address)
            heard = lambda: "Il capotavola ti ha allontanato" in " ".join(h.transcript)  # noqa: E731
            run_until(h, heard, 60)
            said = " | ".join(h.transcript)
            assert "Il gioco di questo tavolo non si può giocare in questa versione" in said
            assert isinstance(h.app.top, LobbyScene)
            assert h.app.top.link is not None and h.app.top.link.state == "connected"
            assert h.app.top.link.game_table is None  # no table opened from a stray view
            assert h.press("escape")  # the lobby answers keys, and lets the player go
            assert h.settle(lambda: isinstance(h.app.top, OnlineMenu), 60)
            unchanged(h, tmp_path, data, settings)
        finally:
            h.app.pop_to(h.app.scenes[0])
            h.close()


FLOOD = 3000


async def chat_flood(ws: ServerConnection) -> None:
    await hello_of(ws)
    await ws.send(welcome())
    for i in range(FLOOD):
        await ws.send(m.encode(m.Chat(name="Spam", text=f"riga {i}")).decode())
    while True:
        await ws.recv()  # the client's pings read, so the line stays up


def test_a_flood_of_chat_is_said_once_and_kept_in_the_history(tmp_path: Path):
    with HostileServer(chat_flood) as server:
        h, data, settings = player_with_things(tmp_path, "it")
        h.app.set_verbosity("chat", "speak")
        try:
            join(h, server.address)
            last = f"Spam: riga {FLOOD - 1}"
            run_until(h, lambda: last in h.app.history.last(1), 60)
            said = " | ".join(h.transcript)
            assert said.count("Troppi messaggi tutti insieme") == 1
            assert said.count("Spam: riga") <= 25  # the burst, not three thousand lines
            assert isinstance(h.app.top, LobbyScene)
            mark = len(h.transcript)
            h.press("escape")
            assert h.settle(lambda: isinstance(h.app.top, OnlineMenu), 60)
            assert "Spam" not in " ".join(h.transcript[mark:])
        finally:
            h.app.pop_to(h.app.scenes[0])
            h.close()
