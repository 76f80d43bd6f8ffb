"""A refused entrance is not retried for ever: a name the server can never take ends the
connection at once (the player hears why, once, in their language, and is back in the
menu; the client's thread ends, so nothing tries again); a refusal the player must answer
(a name that belongs to an account) waits for their answer instead of saying hello again
each time the server gives up waiting; a drop still reconnects by itself. Real servers on
127.0.0.1, the real app (harness) and the real client."""

from __future__ import annotations

from pathlib import Path

import pytest

from audiogame.app.scene import Scene
from audiogame.devtools.harness import Harness
from audiogame.devtools.net_harness import LOGIN_WAIT, ServerThread, wait_for
from audiogame.net.client.game_client import Connecting, Disconnected, GameClient
from audiogame.net.protocol import messages as m
from audiogame.net.server.options import ServerOptions
from audiogame.net.server.passwords import HashCost
from audiogame.ui.online.lobby import LobbyScene
from audiogame.ui.online.login import LoginScene
from audiogame.ui.online.menu import OnlineMenu

PASSWORD = "mare d'inverno 7"
CHEAP = HashCost(time_cost=1, memory_kib=1024, parallelism=1)
#: the server gives a refused client this long to enter otherwise: short, so that a client
#: that would say hello again does so many times over within the test
HELLO_WAIT = 0.5


def to_address(h: Harness, address: str) -> None:
    """Online menu -> Join with an address, typed."""
    for _ in range(3):
        h.press("down")
    h.press("enter")
    for char in address:
        h.press(char)
    h.press("enter")


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_name_the_server_never_takes_is_said_once_and_the_app_stops(
    tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    options = ServerOptions(hello_timeout=HELLO_WAIT)
    with ServerThread(tmp_path / "server", options) as server:
        h = Harness(tmp_path / "app", lang=lang)
        h.app.settings.online_name = "..."  # nothing a name can be said by
        h.start(OnlineMenu(h.app))
        # the lobby may be gone again within the frame that opened it (the refusal can
        # arrive before that frame reads the line): every scene opened is noted instead
        opened: list[Scene] = []
        push = h.app.push
        monkeypatch.setattr(h.app, "push", lambda scene: (opened.append(scene), push(scene))[1])
        try:
            reason = h.app.localizer("net-reason-name-characters")
            back = h.app.localizer("online-back-in-menu")
            mark = len(h.transcript)
            to_address(h, f"127.0.0.1:{server.port}")
            lobbies = [s for s in opened if isinstance(s, LobbyScene)]
            assert lobbies and h.settle(lambda: lobbies[0].link is not None)
            link = lobbies[0].link
            assert link is not None
            said = lambda: " | ".join(h.transcript[mark:])  # noqa: E731
            assert h.settle(lambda: back in said()), said()
            assert said().count(reason) == 1, said()
            assert isinstance(h.app.top, OnlineMenu)
            thread = link.client._thread
            assert thread is not None
            thread.join(30.0)  # only ends a wait that never ends
            assert not thread.is_alive()  # nothing left to try again
        finally:
            h.app.pop_to(h.app.scenes[0])
            h.close()


def test_a_refusal_the_player_answers_waits_for_them(tmp_path: Path) -> None:
    options = ServerOptions(hello_timeout=HELLO_WAIT, hash_cost=CHEAP)
    with ServerThread(tmp_path, options) as server:
        bruno = GameClient(server.url, "Bruno", password=PASSWORD, register=True)
        bruno.start()
        wait_for(bruno, lambda i: isinstance(i, m.Welcome), LOGIN_WAIT)
        bruno.close()
        guest = GameClient(server.url, "Bruno")  # a guest by an account's name
        guest.start()
        try:
            seen: list = []
            refused = wait_for(guest, lambda i: isinstance(i, m.Refused), 60, seen)
            assert refused.reason == "name-registered"
            # the server gives up waiting: the client waits for the player, it does not
            # say hello again (it would be refused again, every time)
            gone = wait_for(guest, lambda i: isinstance(i, Disconnected), 60, seen)
            assert gone == Disconnected("timeout", False, waiting=True)
            # the player answers with the password: that entrance goes on a new connection
            guest.login("Bruno", PASSWORD)
            welcome = wait_for(guest, lambda i: isinstance(i, m.Welcome), LOGIN_WAIT, seen)
            assert welcome.account and welcome.name == "Bruno"
            refusals = [i for i in seen if isinstance(i, m.Refused)]
            assert refusals == [refused], refusals  # the hello went once
            assert not [i for i in seen if isinstance(i, Connecting)]
        finally:
            guest.close()


@pytest.mark.parametrize("lang", ["en", "it"])
def test_while_the_app_waits_for_the_players_answer_the_lobby_says_so(
    tmp_path: Path, lang: str
) -> None:
    """A guest by an account's name, refused: the login screen opens and the server gives
    up waiting for another entrance. The lobby's state then says it waits for the
    player, not that it is trying again (nothing is tried until the player answers);
    logged in, it says nothing of the line."""
    options = ServerOptions(hello_timeout=HELLO_WAIT, hash_cost=CHEAP)
    with ServerThread(tmp_path / "server", options) as server:
        bruno = GameClient(server.url, "Bruno", password=PASSWORD, register=True)
        bruno.start()
        wait_for(bruno, lambda i: isinstance(i, m.Welcome), LOGIN_WAIT)
        bruno.close()
        h = Harness(tmp_path / "app", lang=lang)
        h.app.settings.online_name = "Bruno"
        h.start(OnlineMenu(h.app))
        try:
            waiting = h.app.localizer("online-state-waiting")
            retrying = h.app.localizer("online-state-retrying")
            to_address(h, f"127.0.0.1:{server.port}")
            lobby = next(s for s in h.app.scenes if isinstance(s, LobbyScene))
            assert h.settle(lambda: isinstance(h.app.top, LoginScene))
            link = lobby.link
            assert link is not None
            # the server gives up waiting: the client's news of it reaches the lobby
            assert h.settle(lambda: waiting in lobby.where(), 60), lobby.where()
            assert retrying not in lobby.where()
            lobby.enter_account("Bruno", PASSWORD, False)  # the login screen's answer
            assert h.settle(lambda: link.state == "connected", LOGIN_WAIT)
            assert waiting not in lobby.where() and retrying not in lobby.where()
        finally:
            h.app.pop_to(h.app.scenes[0])
            h.close()


def test_a_dropped_connection_still_reconnects_by_itself(tmp_path: Path) -> None:
    with ServerThread(tmp_path) as server:
        anna = GameClient(server.url, "Anna")
        anna.start()
        try:
            wait_for(anna, lambda i: isinstance(i, m.Welcome))
            ws = anna._ws
            assert ws is not None and anna._loop is not None
            anna._loop.call_soon_threadsafe(ws.transport.abort)
            seen: list = []
            wait_for(anna, lambda i: isinstance(i, m.Welcome), 60, seen)
            kinds = [type(i).__name__ for i in seen]
            assert kinds[:2] == ["Disconnected", "Connecting"], kinds
        finally:
            anna.close()
