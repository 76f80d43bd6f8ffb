"""Playing online through the real loop: joining, chat, the master's keys, a table read
from the list, drops, a LAN host's certificate, the hosts heard on the network.

The app (harness: real loop, dummy SDL, recording speaker) plays against a real
server on 127.0.0.1 (a thread, or a process where it must die and come back) and
other players that are plain network clients. News from the server arrives on
its own time: the harness runs frames in real time until the app has heard it
(``settle``), bounded.
"""

from __future__ import annotations

from audiogame.devtools.delay_proxy import DelayProxy
from audiogame.devtools.harness import Harness
from audiogame.devtools.net_harness import ServerProcess, ServerThread, wait_for
from audiogame.net.client.game_client import Connected, GameClient
from audiogame.net.protocol import messages as m
from audiogame.net.protocol import spoken_words, tls
from audiogame.net.server.options import ServerOptions
from audiogame.ui.confirm import ConfirmScene
from audiogame.ui.online.lobby import LobbyScene
from audiogame.ui.online.menu import LanPlace, OnlineMenu
from audiogame.ui.online.ratings import RatingsScene
from audiogame.ui.online.room import RoomScene
from audiogame.ui.table import TableScene

DOMINO = {"set_id": "double-6", "seats": 2, "teams": None, "point_limit": 100}


def app(tmp_path, lang: str = "en", name: str = "Anna") -> Harness:
    h = Harness(tmp_path / name, lang=lang)
    h.app.settings.online_name = name
    return h.start(OnlineMenu(h.app))


def type_line(h: Harness, text: str) -> None:
    for char in text:
        h.press("space" if char == " " else char)
    h.press("enter")


def join_address(h: Harness, address: str) -> LobbyScene:
    """Online menu -> Join with an address -> the server's tables."""
    for _ in range(3):
        h.press("down")
    h.press("enter")
    type_line(h, address)
    assert h.settle(lambda: isinstance(h.app.top, LobbyScene) and h.app.top.listed)
    lobby = h.app.top
    assert isinstance(lobby, LobbyScene)
    return lobby


def other(url: str, name: str) -> GameClient:
    client = GameClient(url, name, lang="it")
    client.start()
    wait_for(client, lambda i: isinstance(i, Connected))
    return client


def said_since(h: Harness, mark: int) -> str:
    return " | ".join(h.transcript[mark:])


def two_with_a_bot(h: Harness) -> None:
    """In the server's tables: create a table of 2, a bot on the other seat (heard)."""
    h.press("enter")  # create: 4 players
    h.press("down")
    h.press("left")
    h.press("left")  # 2 players
    h.press("enter")
    assert h.settle(lambda: isinstance(h.app.top, RoomScene))
    mark = len(h.transcript)
    h.press("b")
    sits = h.app.localizer("online-notice-bot-added", seat=2)  # in the player's language
    assert h.settle(lambda: sits in said_since(h, mark))


def test_chat_at_the_table_and_in_private_the_salotto_way(tmp_path):
    with ServerThread(tmp_path / "server") as server:
        bruno = other(server.url, "Bruno")
        bruno.send(m.CreateTable(game="domino", config=DOMINO))
        wait_for(bruno, lambda i: isinstance(i, m.TableState))
        h = app(tmp_path)
        try:
            lobby = join_address(h, f"127.0.0.1:{server.port}")
            assert h.transcript[-1].startswith(
                "Tables. one table. Domino, 1 waiting of 2, Bruno's table, 1 of 3"
            )
            h.press("enter")
            assert h.settle(lambda: isinstance(h.app.top, RoomScene))
            assert lobby.link is not None and lobby.link.seat == 1
            wait_for(bruno, lambda i: isinstance(i, m.Notice) and i.what is m.NoticeKind.JOINED)
            mark = len(h.transcript)
            bruno.send(m.Say(text="ciao a tutti!!!!!!!!!!"))
            assert h.settle(lambda: "Bruno: ciao a tutti!!!" in said_since(h, mark))
            assert ("chat", 0.0) in h.app.announcer.cue_log
            # Alt+C: a private line to Bruno, then "@" replies to who wrote to me last
            h.press("c", alt=True)
            type_line(h, "@bruno a te sola")
            heard = wait_for(bruno, lambda i: isinstance(i, m.Chat) and i.private)
            assert (heard.name, heard.text, heard.to) == ("Anna", "a te sola", 0)
            assert h.settle(lambda: "You to Bruno: a te sola" in h.app.history.last(5))
            bruno.send(m.Say(text="grazie", to=1))
            assert h.settle(lambda: "Bruno to you: grazie" in said_since(h, mark))
            h.press("c", alt=True)
            type_line(h, "@ prego")
            reply = wait_for(bruno, lambda i: isinstance(i, m.Chat) and i.text == "prego")
            assert reply.private and reply.to == 0
            # nobody called so: the line stays open and says why
            h.press("c", alt=True)
            assert h.press("enter") == "Nothing to send."
            type_line(h, "@Carla ciao")
            assert h.last == "Nobody at the table has that name."
            h.press("escape")
            # chat off: still in the history's chat view, not said
            h.app.set_verbosity("chat", "off")
            mark = len(h.transcript)
            bruno.send(m.Say(text="silenzio"))
            assert h.settle(lambda: "Bruno: silenzio" in h.app.history.last(3))
            assert "silenzio" not in said_since(h, mark)
            h.press("right", alt=True)
            h.press("right", alt=True)
            assert h.press("pageup") == "Bruno: silenzio"
        finally:
            bruno.close()
            h.app.pop_to(h.app.scenes[0])
            h.close()


def test_the_masters_keys_and_a_table_read_from_the_list(tmp_path):
    with ServerThread(tmp_path / "server") as server:
        h = app(tmp_path, lang="it")
        bruno = other(server.url, "Bruno")
        try:
            join_address(h, f"127.0.0.1:{server.port}")
            h.press("enter")  # no table yet: the cursor is on "Crea un tavolo"
            h.press("enter")  # Enter on any row creates it: Domino, 4 players, public
            assert h.settle(lambda: isinstance(h.app.top, RoomScene))
            room = h.app.top
            assert isinstance(room, RoomScene) and room.info is not None
            code = room.info.code
            # Bruno lists the tables and reads this one without joining
            bruno.send(m.ListTables())
            listed = wait_for(bruno, lambda i: isinstance(i, m.TableList))
            assert [t.seated for t in listed.tables] == [1]
            # B puts a bot on the first empty seat, its level changes with Left/Right
            mark = len(h.transcript)
            h.press("b")
            assert h.settle(lambda: "Un bot si siede al posto 2." in said_since(h, mark))
            # the seating comes in its own frame after the notice (a busy machine may run
            # a frame between them): the level keys read the seat from it
            assert h.settle(lambda: room.info.seats[1].kind is m.SeatKind.BOT)
            h.press("down")
            h.press("right")
            assert h.settle(lambda: room.info.seats[1].level == "hard")
            assert room.seat_text(1) == "Posto 2: Bot 2, bot difficile"
            mark = len(h.transcript)
            h.press("b", shift=True)
            assert h.settle(lambda: "Il bot del posto 2 se ne va." in said_since(h, mark))
            # Bruno joins by the code, typed in Italian words
            words = spoken_words.say([int(n) for n in code.split("-")], "it")
            mark = len(h.transcript)
            bruno.send(m.JoinTable(code=words))
            assert h.settle(lambda: "Bruno si siede al posto 2." in said_since(h, mark))
            # private, then public again; Bruno becomes the master; I may no longer kick
            h.press("h", ctrl=True)
            assert h.settle(lambda: room.info.private)
            h.press("h", ctrl=True)
            assert h.settle(lambda: not room.info.private)
            mark = len(h.transcript)
            h.press("x", ctrl=True, shift=True)  # the cursor is on seat 2: Bruno's
            assert h.settle(lambda: "Ora il capotavola è Bruno." in said_since(h, mark))
            mark = len(h.transcript)
            h.press("k", ctrl=True)  # the server refuses: its answer comes over the wire
            refused = h.app.localizer("net-reason-not-master")
            assert h.settle(lambda: refused in h.transcript[mark:])
            assert h.press("enter").startswith("La partita la fa cominciare il capotavola, Bruno")
            # Bruno fills the seats and starts; I read the table from another app's list
            bruno.send(m.SetBot(seat=2, level="easy"))
            bruno.send(m.SetBot(seat=3, level="easy"))
            bruno.send(m.Start())
            assert h.settle(lambda: isinstance(h.app.top, TableScene), 60)
            table = h.app.top
            assert table.session.seat == 0
            said = h.press("u", ctrl=True)
            assert said.startswith("Al tavolo: Posto 1: Anna, tu; Posto 2: Bruno, capotavola")
            # the lobby's Ctrl+P and Ctrl+R hold at the game's table too (a guest: no privacy)
            # the answer first (the match's opening may arrive in the same frame on a busy
            # machine, and is said after it)
            answer = h.press("p", ctrl=True).split(" | ")[0]
            assert answer == h.app.localizer("net-reason-accounts-only")
            h.press("r", ctrl=True)
            assert h.settle(lambda: isinstance(h.app.top, RatingsScene))
            h.press("escape")
            assert h.app.top is table
        finally:
            bruno.close()
            h.app.pop_to(h.app.scenes[0])
            h.close()


def test_a_table_under_way_read_from_the_list_without_joining(tmp_path):
    with ServerThread(tmp_path / "server") as server:
        bruno = other(server.url, "Bruno")
        bruno.send(m.CreateTable(game="domino", config={**DOMINO, "seats": 3}))
        wait_for(bruno, lambda i: isinstance(i, m.TableState))
        bruno.send(m.SetBot(seat=1, level="easy"))
        bruno.send(m.SetBot(seat=2, level="easy"))
        bruno.send(m.Start())
        wait_for(bruno, lambda i: isinstance(i, m.MatchBegins))
        h = app(tmp_path)
        try:
            join_address(h, f"127.0.0.1:{server.port}")
            assert h.transcript[-1].startswith("Tables. one table. Domino, playing, 3 of 3")
            mark = len(h.transcript)
            h.press("f10", shift=True)
            assert h.settle(lambda: "Totals:" in said_since(h, mark))
            said = next(s for s in h.transcript[mark:] if "Totals:" in s)
            assert said.startswith("At the table: Seat 1: Bruno, table master; Seat 2: Bot 2")
            assert "Set: double 6" in said and "100 points. Manche 1. Totals: Bruno: 0" in said
            # Enter on a table under way watches it: its table, no hand
            h.press("enter")
            assert h.settle(lambda: isinstance(h.app.top, TableScene), 60)
            table = h.app.top
            assert table.session.seat is None
            assert h.press("enter") == "You are watching this match: you have no hand to play."
        finally:
            bruno.close()
            h.app.pop_to(h.app.scenes[0])
            h.close()


def test_a_dropped_connection_is_said_and_the_table_comes_back(tmp_path):
    server = ServerProcess(tmp_path / "server", "--between-rounds", "0.5", "--grace", "30")
    server.start()
    h = app(tmp_path)
    try:
        join_address(h, f"127.0.0.1:{server.port}")
        two_with_a_bot(h)
        mark = len(h.transcript)
        h.press("enter")
        assert h.settle(lambda: isinstance(h.app.top, TableScene), 60)
        assert h.settle(lambda: "Manche 1" in said_since(h, mark), 60)
        port = server.port
        server.kill()  # kill -9: no goodbye, the table is in its log
        mark = len(h.transcript)
        assert h.settle(lambda: "Connection lost, trying again…" in said_since(h, mark), 60)
        assert "Connection lost, trying again" in h.app.top.where()
        server.start(port=port)
        assert h.settle(lambda: "Back at the table." in said_since(h, mark), 60)
        assert h.settle(
            lambda: (
                "While you were away" in said_since(h, mark)
                or "Nothing happened while you were away." in said_since(h, mark)
            ),
            60,
        )
        assert "The server restarted: the table is back as it was." in said_since(h, mark)
        assert h.app.top.where().startswith("At the table.")
    finally:
        h.app.pop_to(h.app.scenes[0])
        server.stop()
        h.close()


def test_a_lan_hosts_certificate_is_read_as_words_then_pinned(tmp_path):
    certificate = tls.self_signed(tmp_path / "cert")
    args = ("--cert", str(certificate.cert), "--key", str(certificate.key))
    server = ServerProcess(tmp_path / "server", *args).start()
    h = app(tmp_path)
    address = f"127.0.0.1:{server.port}"
    try:
        for _ in range(3):
            h.press("down")
        h.press("enter")
        type_line(h, f"wss://{address}")
        assert h.settle(lambda: isinstance(h.app.top, ConfirmScene))
        words = tls.fingerprint_words(certificate.fingerprint(), "en")
        assert h.transcript[-1] == (
            f"The computer at {address} presents itself with these words: {words}. "
            "Are they the words the host reads out? Press Y for yes, N for no."
        )
        h.press("y")
        assert h.settle(lambda: isinstance(h.app.top, LobbyScene) and h.app.top.listed)
        assert h.app.settings.online_pins == {address: certificate.fingerprint()}
        h.press("escape")
        assert isinstance(h.app.top, OnlineMenu)
        # the same address with another certificate: refused, and said why
        server.stop()
        other_cert = tls.self_signed(tmp_path / "other")
        args = ("--cert", str(other_cert.cert), "--key", str(other_cert.key))
        server = ServerProcess(tmp_path / "server", *args).start(port=server.port)
        mark = len(h.transcript)
        h.press("enter")
        h.press("end")
        h.press("enter")  # the address kept from before
        assert h.settle(
            lambda: "does not present the certificate you trusted" in said_since(h, mark)
        )
        assert h.settle(lambda: isinstance(h.app.top, OnlineMenu))
    finally:
        h.app.pop_to(h.app.scenes[0])
        server.stop()
        h.close()


def test_hosts_on_this_network_are_listed_and_joined_by_code(tmp_path, monkeypatch):
    probe = __import__("socket").socket(
        __import__("socket").AF_INET, __import__("socket").SOCK_DGRAM
    )
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    monkeypatch.setattr(LanPlace, "bind", "127.0.0.1")
    monkeypatch.setattr(LanPlace, "port", port)
    beacon = ("--beacon", "--beacon-to", "127.0.0.1", "--beacon-port", str(port), "--name", "Casa")
    server = ServerProcess(tmp_path / "server", *beacon).start()
    bruno = other(server.url, "Bruno")
    bruno.send(m.CreateTable(game="domino", config=DOMINO, private=True))
    state = wait_for(bruno, lambda i: isinstance(i, m.TableState))
    h = app(tmp_path)
    try:
        mark = len(h.transcript)
        h.press("end")
        h.press("enter")  # Tables on this network
        assert h.settle(lambda: "Casa is hosting on this network." in said_since(h, mark), 60)
        h.press("up")
        assert h.press("down").startswith("Casa, at 127.0.0.1, no table waiting")
        h.press("escape")
        # the invite code alone: the hosts heard are asked in turn
        h.press("up")
        h.press("up")
        h.press("enter")
        type_line(h, spoken_words.say([int(n) for n in state.table.code.split("-")], "en"))
        assert h.settle(lambda: isinstance(h.app.top, RoomScene))
        assert h.app.top.info.id == state.table.id
    finally:
        bruno.close()
        h.app.pop_to(h.app.scenes[0])
        server.stop()
        h.close()


def test_a_move_made_while_the_line_is_down_is_said_not_sent(tmp_path):
    """My turn, and the line goes down (a proxy of ours cuts it and takes no new one): a
    tile played then is not sent, and I hear why, not silence; the line mended, the
    table is back."""
    not_connected = "Not connected to the server right now: wait a moment."
    with (
        ServerThread(tmp_path / "server", ServerOptions(between_rounds=0.5)) as server,
        DelayProxy(server.port) as proxy,
    ):
        h = app(tmp_path)
        try:
            join_address(h, f"127.0.0.1:{proxy.port}")
            two_with_a_bot(h)
            h.press("enter")
            assert h.settle(lambda: isinstance(h.app.top, TableScene), 60)
            table = h.app.top
            assert isinstance(table, TableScene)

            def my_turn() -> bool:
                view = table.view()
                return view is not None and view.current_seat == table.session.seat

            assert h.settle(my_turn, 60)
            mark = len(h.transcript)
            proxy.cut()
            assert h.settle(lambda: "Connection lost, trying again…" in said_since(h, mark), 60)
            mark = len(h.transcript)
            # every tile on either end, then a draw: the first move the rules allow is
            # the one the table would have sent
            h.press("home")
            for _tile in range(len(table.view().hand)):
                for key in ("s", "d"):
                    h.press(key)
                h.press("down")
            h.press("space")
            said = said_since(h, mark)
            assert not_connected in said, said
            assert table.view().current_seat == table.session.seat  # nothing was played
            proxy.mend()
            assert h.settle(lambda: "Back at the table." in said_since(h, mark), 60)
        finally:
            h.app.pop_to(h.app.scenes[0])
            h.close()


def test_what_i_ask_in_the_list_of_tables_while_the_line_is_down_is_said_not_sent(tmp_path):
    """The line goes down (a proxy of ours) while I read the list of tables: a table
    opened, a code typed, the list asked again, a table peeked at are not sent, and I
    hear why each time, never silence (before, each went nowhere without a word)."""
    not_connected = "Not connected to the server right now: wait a moment."
    with (
        ServerThread(tmp_path / "server") as server,
        DelayProxy(server.port) as proxy,
    ):
        bruno = other(server.url, "Bruno")
        h = app(tmp_path)
        try:
            bruno.send(m.CreateTable(game="domino", config=DOMINO))
            wait_for(bruno, lambda i: isinstance(i, m.TableState))
            lobby = join_address(h, f"127.0.0.1:{proxy.port}")
            assert h.settle(lambda: len(lobby.tables) == 1)
            mark = len(h.transcript)
            proxy.cut()
            assert h.settle(lambda: "Connection lost, trying again…" in said_since(h, mark), 60)
            h.press("home")  # Bruno's table
            heard = [h.press("f10", shift=True), h.press("f5")]
            h.press("down")  # open a table
            h.press("enter")
            heard.append(h.press("enter"))
            assert h.app.top is lobby
            h.press("down")  # join with a code
            h.press("enter")
            for char in "gatto cane luna":
                h.press("space" if char == " " else char)
            heard.append(h.press("enter"))
            # the last said each time (the list may be read again first, back from a prompt)
            assert [said.split(" | ")[-1] for said in heard] == [not_connected] * 4, heard
            proxy.mend()
            assert h.settle(lambda: "Connected again." in said_since(h, mark), 60)
            running = server.server
            assert running is not None
            assert server.run(lambda: len(running.lobby.tables)) == 1  # no table of mine
            assert h.app.top is lobby and lobby.link is not None and lobby.link.table is None
        finally:
            h.app.pop_to(h.app.scenes[0])
            h.close()
            bruno.close()


def test_back_on_the_line_says_back_at_the_table_only_when_the_table_waited(tmp_path):
    """The line goes down (a proxy of ours) while I sit at a table: with the table still
    there, coming back says I am back at it (a key that asks the server something
    meanwhile is said not sent); if the table closes meanwhile, coming back says why I
    am not at it, never "Back at the table." first."""
    with (
        ServerThread(tmp_path / "server", ServerOptions(grace=30.0)) as server,
        DelayProxy(server.port) as proxy,
    ):
        h = app(tmp_path)
        try:
            join_address(h, f"127.0.0.1:{proxy.port}")
            h.press("enter")  # create a table: I sit at it
            h.press("enter")
            assert h.settle(lambda: isinstance(h.app.top, RoomScene))
            running = server.server
            assert running is not None
            table = server.run(lambda: next(iter(running.lobby.tables.values())))
            # the table waits: back at it; a bot asked for meanwhile is said not sent
            mark = len(h.transcript)
            proxy.cut()
            assert h.settle(lambda: "Connection lost, trying again…" in said_since(h, mark), 60)
            assert h.press("b") == "Not connected to the server right now: wait a moment."
            proxy.mend()
            assert h.settle(lambda: "Back at the table." in said_since(h, mark), 60)
            # the table closes while I am away: not back at it
            mark = len(h.transcript)
            proxy.cut()
            assert h.settle(lambda: "Connection lost, trying again…" in said_since(h, mark), 60)
            server.run(table.close)
            proxy.mend()
            assert h.settle(lambda: not isinstance(h.app.top, RoomScene), 60)
            h.settle(lambda: "closed" in said_since(h, mark), 60)
            said = said_since(h, mark)
            assert "Back at the table." not in said, said
            assert "You are no longer at the table: The table was closed." in said, said
        finally:
            h.app.pop_to(h.app.scenes[0])
            h.close()


def test_a_server_that_forgot_me_says_so_and_puts_me_back_in_its_tables(tmp_path):
    """The server restarts without its data (a new folder, a wiped disk) while I sit at a
    table: it takes me as a new guest, so I hear that I am no longer at the table and
    why, in its list of tables, never "Back at the table." at a table nobody has."""
    server = ServerProcess(tmp_path / "server", "--grace", "30")
    server.start()
    h = app(tmp_path)
    try:
        join_address(h, f"127.0.0.1:{server.port}")
        h.press("enter")  # create a table: I sit at it
        h.press("enter")
        assert h.settle(lambda: isinstance(h.app.top, RoomScene))
        port = server.port
        server.kill()
        mark = len(h.transcript)
        assert h.settle(lambda: "Connection lost, trying again…" in said_since(h, mark), 60)
        (tmp_path / "server" / "server.sqlite3").unlink()  # its data gone
        server.start(port=port)
        told = "You are no longer at the table: The server no longer remembers this session."
        assert h.settle(lambda: told in said_since(h, mark), 60), said_since(h, mark)
        assert isinstance(h.app.top, LobbyScene)
        assert "Back at the table." not in said_since(h, mark)
        lobby = h.app.top
        assert lobby.link is not None and lobby.link.table is None
    finally:
        h.app.pop_to(h.app.scenes[0])
        server.stop()
        h.close()


def test_a_table_left_while_the_line_is_down_is_left_for_good(tmp_path):
    """I leave my table (Escape, yes) while the line is down (a proxy of ours): I am in
    the tables' list at once, and back on the line the server, which still kept my seat,
    is told I left; I am not pulled back to the table, and nothing says I am at it."""
    with (
        ServerThread(tmp_path / "server", ServerOptions(grace=30.0)) as server,
        DelayProxy(server.port) as proxy,
    ):
        bruno = other(server.url, "Bruno")
        h = app(tmp_path)
        try:
            join_address(h, f"127.0.0.1:{proxy.port}")
            h.press("enter")  # create a table: I sit at it, its master
            h.press("enter")
            assert h.settle(lambda: isinstance(h.app.top, RoomScene))
            running = server.server
            assert running is not None
            table = server.run(lambda: next(iter(running.lobby.tables.values())))
            bruno.send(m.JoinTable(table=table.id))  # someone stays: the table waits
            wait_for(bruno, lambda i: isinstance(i, m.TableState) and i.you == 1)
            mark = len(h.transcript)
            proxy.cut()
            assert h.settle(lambda: "Connection lost, trying again…" in said_since(h, mark), 60)
            h.press("escape")
            h.press("y")  # yes, leave
            assert isinstance(h.app.top, LobbyScene)
            proxy.mend()
            # the server hears me leave (the app running meanwhile): my seat is empty,
            # and Bruno hears I left
            seated = lambda: [s.name for s in table.seats if s.kind == "human"]  # noqa: E731
            assert h.settle(lambda: server.run(seated) == ["Bruno"])
            wait_for(bruno, lambda i: isinstance(i, m.Notice) and i.what is m.NoticeKind.LEFT)
            # the server's answer to my leaving (its Left) is the last word on the table
            lobby = h.app.top
            assert isinstance(lobby, LobbyScene) and lobby.link is not None
            link = lobby.link
            assert h.settle(lambda: link.table is None)
            h.press("home")  # a frame after it: still in the list
            assert isinstance(h.app.top, LobbyScene)
            said = said_since(h, mark)
            assert "Back at the table." not in said, said
        finally:
            bruno.close()
            h.app.pop_to(h.app.scenes[0])
            h.close()
