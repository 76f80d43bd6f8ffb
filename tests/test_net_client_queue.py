"""What a client sends is neither lost nor late: a message sent as the client starts, its
line still opening, goes once the line is open (a test, a tool or a bot that asks for a
table at once is not left waiting for an answer that never comes); what is typed while
the line is down after a drop is stale and never arrives late. A real server on
127.0.0.1 and the real client, through a delay proxy of ours."""

from __future__ import annotations

from pathlib import Path

from audiogame.devtools.delay_proxy import DelayProxy
from audiogame.devtools.net_harness import ServerThread, wait_for
from audiogame.net.client.game_client import Connected, Disconnected, GameClient
from audiogame.net.protocol import messages as m
from audiogame.net.server.options import ServerOptions

CONFIG = {"set_id": "double-6", "seats": 2, "teams": None, "thinking_time": 0}


def test_a_message_sent_before_the_line_is_open_goes_once_it_is(tmp_path: Path) -> None:
    with ServerThread(tmp_path, ServerOptions()) as server:
        # 200 ms each way: the line opens well after the message is sent
        proxy = DelayProxy(server.port, up=(0.200, 0.0), down=(0.200, 0.0)).start()
        client = GameClient(proxy.url, "Anna")
        client.start()
        client.send(m.CreateTable(game="domino", config=CONFIG))
        try:
            seen: list = []
            made = wait_for(client, lambda i: isinstance(i, m.TableState), 60, seen)
            assert made.table.game == "domino"
            assert [i for i in seen if isinstance(i, Connected)], seen  # it was not open
        finally:
            client.close()
            proxy.stop()


def test_what_is_sent_while_the_line_is_down_never_arrives_late(tmp_path: Path) -> None:
    with ServerThread(tmp_path, ServerOptions()) as server:
        proxy = DelayProxy(server.port).start()
        client = GameClient(proxy.url, "Anna")
        client.start()
        try:
            wait_for(client, lambda i: isinstance(i, Connected))
            proxy.cut()  # down, and no new line until mended
            wait_for(client, lambda i: isinstance(i, Disconnected))
            client.send(m.CreateTable(game="domino", config=CONFIG))  # typed while away
            proxy.mend()
            wait_for(client, lambda i: isinstance(i, Connected))
            client.send(m.ListTables())
            seen: list = []
            listed = wait_for(client, lambda i: isinstance(i, m.TableList), 60, seen)
            assert listed.tables == [], listed
            assert not [i for i in seen if isinstance(i, m.TableState)], seen
            assert server.run(lambda: len(server.server.lobby.tables)) == 0
        finally:
            client.close()
            proxy.stop()
