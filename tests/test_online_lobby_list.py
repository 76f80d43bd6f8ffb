"""The lobby's list of tables changes under the player's cursor (the server's list comes
again every few seconds, tables open and start): the cursor stays on what it was on, so
Enter never opens another row than the one the player last heard.

Through the real loop (harness: dummy SDL, recording speaker) against a real server
on 127.0.0.1 (a thread); the other players are plain network clients.
"""

from __future__ import annotations

from audiogame.devtools.harness import Harness
from audiogame.devtools.net_harness import ServerThread, wait_for
from audiogame.net import messages as m
from audiogame.net.client import Connected, GameClient
from audiogame.ui.online.lobby import LobbyScene
from audiogame.ui.online.menu import OnlineMenu
from audiogame.ui.text_entry import TextEntry

DOMINO = {"set_id": "double-6", "seats": 2, "teams": None, "point_limit": 100}


def lobby_of(tmp_path, server: ServerThread) -> tuple[Harness, LobbyScene]:
    h = Harness(tmp_path / "Anna", lang="en")
    h.app.settings.online_name = "Anna"
    h.start(OnlineMenu(h.app))
    for _ in range(3):
        h.press("down")
    h.press("enter")  # Join with an address
    for char in f"127.0.0.1:{server.port}":
        h.press(char)
    h.press("enter")
    assert h.settle(lambda: isinstance(h.app.top, LobbyScene) and h.app.top.listed)
    lobby = h.app.top
    assert isinstance(lobby, LobbyScene)
    return h, lobby


def player(server: ServerThread, name: str) -> GameClient:
    client = GameClient(server.url, name, lang="en")
    client.start()
    wait_for(client, lambda i: isinstance(i, Connected))
    return client


def new_table(client: GameClient) -> m.TableInfo:
    client.send(m.CreateTable(game="domino", config=DOMINO))
    return wait_for(client, lambda i: isinstance(i, m.TableState)).table


def test_a_table_appearing_above_leaves_the_cursor_on_join_with_a_code(tmp_path):
    with ServerThread(tmp_path / "server") as server:
        h, lobby = lobby_of(tmp_path, server)
        bruno = player(server, "Bruno")
        try:
            assert lobby.tables == []
            assert h.press("end").startswith("Join with an invite code")
            table = new_table(bruno)
            # the list comes again (every few seconds): the new table is its first row
            assert h.settle(lambda: [t.id for t in lobby.tables] == [table.id])
            assert lobby.items[lobby.index].label().startswith("Join with an invite code")
            h.press("enter")
            assert isinstance(h.app.top, TextEntry)
            assert h.app.top.prompt_id == "online-code-prompt"
        finally:
            bruno.close()
            h.app.pop_to(h.app.scenes[0])
            h.close()


def test_the_cursor_follows_its_table_when_the_list_is_sorted_again(tmp_path):
    with ServerThread(tmp_path / "server") as server:
        bruno, carla = player(server, "Bruno"), player(server, "Carla")
        tables = {"Bruno": new_table(bruno), "Carla": new_table(carla)}
        h, lobby = lobby_of(tmp_path, server)
        try:
            assert h.settle(lambda: len(lobby.tables) == 2)
            h.press("home")
            first = lobby.current_table()
            owner = next(c for c in (bruno, carla) if tables[c.name].id == first)
            # the first table starts: tables under way are listed after those waiting
            owner.send(m.SetBot(seat=1, level="easy"))
            owner.send(m.Start())
            assert h.settle(lambda: lobby.tables[-1].id == first)
            assert lobby.current_table() == first
            assert lobby.index == 1
        finally:
            bruno.close()
            carla.close()
            h.app.pop_to(h.app.scenes[0])
            h.close()
