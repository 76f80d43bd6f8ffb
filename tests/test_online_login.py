"""Entering a server with an account, through the real loop: the login screen a server
for accounts opens, a password typed as stars, registering, the session kept for next
time (never the password), a wrong password said in the player's language, and a guest
whose name belongs to an account choosing to stay a guest under another name.

The app (harness: real loop, dummy SDL, recording speaker) joins a real server on
127.0.0.1 (a thread, on an ephemeral port) by its address, as a player does.
"""

from __future__ import annotations

import json
from pathlib import Path

from audiogame.devtools.harness import Harness
from audiogame.devtools.net_harness import ServerThread, wait_for
from audiogame.net.client.game_client import GameClient
from audiogame.net.protocol import messages as m
from audiogame.net.server.options import ServerOptions
from audiogame.net.server.passwords import HashCost
from audiogame.ui.online import sessions
from audiogame.ui.online.lobby import LobbyScene
from audiogame.ui.online.login import LoginScene
from audiogame.ui.online.menu import OnlineMenu

PASSWORD = "mare d'inverno 7"
#: argon2id at its cheapest: the tests check the way in, not the hash's cost
CHEAP = HashCost(time_cost=1, memory_kib=1024, parallelism=1)


def accounts_only() -> ServerOptions:
    return ServerOptions(guests=False, hash_cost=CHEAP)


def app(folder: Path, lang: str = "en", name: str = "Anna") -> Harness:
    h = Harness(folder, lang=lang)
    h.app.settings.online_name = name
    return h.start(OnlineMenu(h.app))


def type_text(h: Harness, text: str) -> list[str]:
    """Each character typed; what each one said."""
    return [h.press("space" if char == " " else char) for char in text]


def to_address(h: Harness, address: str) -> None:
    """Online menu -> Join with an address, typed."""
    for _ in range(3):
        h.press("down")
    h.press("enter")
    type_text(h, address)
    h.press("enter")


def lobby_of(h: Harness) -> LobbyScene:
    found = [s for s in h.app.scenes if isinstance(s, LobbyScene)]
    assert found
    return found[0]


def since(h: Harness, mark: int) -> str:
    """All said from ``mark`` on: a later message (the lobby's news) cannot hide it."""
    return " | ".join(h.transcript[mark:])


def leave(h: Harness) -> None:
    h.app.pop_to(h.app.scenes[0])
    h.close()


def test_register_on_a_server_for_accounts_then_come_back_without_the_password(tmp_path):
    with ServerThread(tmp_path / "server", accounts_only()) as server:
        address = f"127.0.0.1:{server.port}"
        h = app(tmp_path / "anna")
        try:
            mark = len(h.transcript)
            to_address(h, address)
            assert h.settle(lambda: isinstance(h.app.top, LoginScene))
            assert h.settle(
                lambda: (
                    "This server is for players with an account: log in or register. "
                    "Log in. Name: Anna, 1 of 4" in since(h, mark)
                )
            )
            # the password: every character a star, the line read back as its length
            h.press("down")
            assert h.press("enter").startswith("Password. empty")
            said = type_text(h, PASSWORD)
            assert set(said) == {"star"}
            assert h.press("up") == f"Password. {len(PASSWORD)} characters"
            h.press("enter")
            assert "Password: 16 characters" in h.transcript[-1]
            # Log in before the account exists: the server's reason, the screen stays
            h.press("down")
            mark = len(h.transcript)
            h.press("enter")
            assert h.settle(lambda: "The name or the password is wrong." in since(h, mark), 60)
            assert isinstance(h.app.top, LoginScene)
            # Register: the password a second time, one that differs first
            h.press("down")
            h.press("enter")
            assert "The same password again" in h.transcript[-1]
            type_text(h, "mare d'estate 7")
            assert h.press("enter") == "The two passwords differ: type the new one again."
            h.press("enter")
            type_text(h, PASSWORD)
            mark = len(h.transcript)
            h.press("enter")
            assert h.settle(lambda: isinstance(h.app.top, LobbyScene) and h.app.top.listed, 60)
            assert h.settle(
                lambda: (
                    "Welcome, Anna. Tables. no table open. Create a table, 1 of 2" in since(h, mark)
                )
            )
            link = lobby_of(h).link
            assert link is not None and link.account
            # the login row is for guests: an account does not see it
            assert all(
                "Log in" not in lobby_of(h).item_text(i) for i in range(len(link.tables) + 2)
            )
        finally:
            leave(h)
        # kept: the name in the settings, the session in the data folder, the password nowhere
        kept = json.loads((tmp_path / "anna" / "data" / sessions.FILE).read_text())
        assert kept[address]["name"] == "Anna" and kept[address]["token"]
        for path in (tmp_path / "anna").rglob("*"):
            if path.is_file():
                assert PASSWORD.encode() not in path.read_bytes(), path
        # the next time: straight in with the kept session, no login screen
        h = app(tmp_path / "anna")
        try:
            # the last server is remembered: the address line holds it already
            for _ in range(3):
                h.press("down")
            assert h.press("enter").endswith(address)
            h.press("enter")
            assert h.settle(lambda: isinstance(h.app.top, LobbyScene) and h.app.top.listed)
            assert not any(isinstance(s, LoginScene) for s in h.app.scenes)
            link = lobby_of(h).link
            assert link is not None and link.account
            # Ctrl+Shift+L: logged out, off the server, the session forgotten here and there
            token = sessions.token_for(h.app.data_dir, address, "Anna")
            said = h.press("l", ctrl=True, shift=True)
            assert said.startswith("Logged out, Anna")
            assert isinstance(h.app.top, OnlineMenu)
            assert sessions.token_for(h.app.data_dir, address, "Anna") is None
            again = GameClient(server.url, "Anna", token=token)
            again.start()
            try:
                refused = wait_for(again, lambda i: isinstance(i, m.Refused))
                assert refused.reason in ("session-expired", "unknown-token")
            finally:
                again.close()
        finally:
            leave(h)


def test_a_wrong_password_in_italian_and_a_guest_under_another_name(tmp_path):
    with ServerThread(tmp_path / "server", ServerOptions(hash_cost=CHEAP)) as server:
        bruno = GameClient(server.url, "Bruno", password=PASSWORD, register=True)
        bruno.start()
        try:
            wait_for(bruno, lambda i: isinstance(i, m.Welcome))
            h = app(tmp_path / "guest", lang="it", name="Bruno")
            try:
                mark = len(h.transcript)
                to_address(h, f"127.0.0.1:{server.port}")
                # Bruno is an account's name: the login screen, with a way in as a guest
                assert h.settle(lambda: isinstance(h.app.top, LoginScene))
                assert h.settle(lambda: "Questo nome appartiene a un account" in since(h, mark))
                h.press("down")
                h.press("enter")
                type_text(h, "sbagliata 12")
                h.press("enter")
                h.press("down")
                mark = len(h.transcript)
                h.press("enter")
                assert h.settle(
                    lambda: "Il nome o la password non sono giusti." in since(h, mark), 60
                )
                # nothing typed is ever said: only stars
                assert "sbagliata" not in " ".join(h.transcript)
                # a guest under another name
                h.press("up")
                h.press("up")
                h.press("enter")
                for _ in range(5):
                    h.press("backspace")
                type_text(h, "Bruna")
                h.press("enter")
                h.press("end")
                assert h.press("enter") == ""  # the guest row: the lobby opens
                assert h.settle(lambda: isinstance(h.app.top, LobbyScene) and h.app.top.listed)
                link = lobby_of(h).link
                assert link is not None and not link.account and link.name == "Bruna"
                assert h.app.settings.online_name == "Bruna"
                # a guest may log in from the list: Ctrl+L
                assert h.press("l", ctrl=True) == "Accesso. Nome: Bruna, 1 di 4"
                assert isinstance(h.app.top, LoginScene)
                h.press("escape")  # back to the list, still a guest
                assert h.app.top is lobby_of(h) and lobby_of(h).link is link
            finally:
                leave(h)
        finally:
            bruno.close()


def test_a_lookalike_of_an_accounts_name_opens_the_login_screen_with_why(tmp_path):
    with ServerThread(tmp_path / "server", ServerOptions(hash_cost=CHEAP)) as server:
        bruno = GameClient(server.url, "Bruno", password=PASSWORD, register=True)
        bruno.start()
        try:
            wait_for(bruno, lambda i: isinstance(i, m.Welcome))
            h = app(tmp_path / "guest", name="Вruno")  # a Cyrillic В
            try:
                mark = len(h.transcript)
                to_address(h, f"127.0.0.1:{server.port}")
                assert h.settle(lambda: isinstance(h.app.top, LoginScene)), since(h, mark)
                assert h.settle(lambda: "looks or sounds like another player" in since(h, mark))
            finally:
                leave(h)
        finally:
            bruno.close()
