"""The lobby's list of tables changes under the player's cursor (the server's list comes
again every few seconds, tables open and start): the cursor stays on what it was on, so
Enter never opens another row than the one the player last heard.

Through the real loop (harness: dummy SDL, recording speaker) against a real server
on 127.0.0.1 (a thread); the other players are plain network clients.
"""

from __future__ import annotations

from audiogame.devtools.harness import Harness
from audiogame.devtools.net_harness import ServerThread, wait_for
from audiogame.net.client.game_client import Connected, GameClient
from audiogame.net.protocol import messages as m
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


def test_the_servers_welcome_leaves_the_cursor_where_the_player_put_it(tmp_path):
    """The lobby lists its rows (create a table, join with a code) while it connects. A
    player who moved to "Join with an invite code" before the server's welcome came
    (a busy server, or a busy machine: the four-process test met it under load) must
    still be there when they press Enter: the welcome rebuilt the rows with the cursor
    at the top, and Enter created a table instead, leaving them alone in its room. The
    server here holds its welcome until the cursor has moved: that interleaving, forced."""
    import asyncio
    import threading

    from websockets.asyncio.server import ServerConnection

    from audiogame.devtools.hostile_server import HostileServer, hello_of, welcome

    moved = threading.Event()

    async def late_welcome(ws: ServerConnection) -> None:
        await hello_of(ws)
        for _ in range(6000):  # until the cursor moved (bounded: a minute)
            if moved.is_set():
                break
            await asyncio.sleep(0.01)
        await ws.send(welcome("Anna"))
        while True:  # every list asked for: none
            if '"list-tables"' in str(await ws.recv()):
                await ws.send(m.encode(m.TableList(tables=[])).decode())

    with HostileServer(late_welcome) as server:
        h = Harness(tmp_path / "Anna", lang="en")
        h.app.settings.online_name = "Anna"
        h.start(OnlineMenu(h.app))
        try:
            for _ in range(3):
                h.press("down")
            h.press("enter")  # Join with an address
            for char in server.address:
                h.press(char)
            h.press("enter")
            lobby = h.app.top
            assert isinstance(lobby, LobbyScene) and lobby.link is not None
            assert h.settle(lambda: server.connections == 1)
            assert h.press("end").startswith("Join with an invite code")
            moved.set()
            assert h.settle(lambda: lobby.listed)  # welcomed, and the (empty) list came
            assert lobby.items[lobby.index].label().startswith("Join with an invite code")
            h.press("enter")
            assert isinstance(h.app.top, TextEntry)
            assert h.app.top.prompt_id == "online-code-prompt"
        finally:
            h.app.pop_to(h.app.scenes[0])
            h.close()
