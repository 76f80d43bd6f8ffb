"""Manual controls online, from the desktop app through the real loop on the real clock,
against a server on 127.0.0.1: a player whose saved Tira setup is manual joins a table
from the server's list and their seat is manual on the server without a key pressed; M
in the room switches it (heard, and kept in the setup) and back; the master's seat stays
assisted and the bot plays by hand; once the match starts M says the controls are fixed,
a digit pressed before throwing is refused with its reason, and a digit key sends a die
of that symbol, which the server applies."""

from __future__ import annotations

from audiogame.core.clock import RealClock
from audiogame.devtools.harness import Harness
from audiogame.devtools.net_harness import ServerThread, wait_for
from audiogame.games.tirapassa.actions import Send
from audiogame.games.tirapassa.observation import Phase
from audiogame.games.tirapassa.symbols import SYMBOLS
from audiogame.net.protocol import messages as m
from audiogame.net.server.options import ServerOptions
from audiogame.net.server.race_table import RaceTable
from audiogame.ui.games.tira.table import TiraTable
from audiogame.ui.online.menu import OnlineMenu
from audiogame.ui.online.room import RoomScene
from tests.test_net_race import config
from tests.test_online_play import join_address, other


def test_my_saved_manual_controls_follow_me_online_and_my_digits_send_dice(tmp_path):
    server = ServerThread(tmp_path / "server", ServerOptions(probe_every=0.2)).start()
    bruno = other(server.url, "Bruno")  # the master: his seat stays assisted
    bruno.send(m.CreateTable(game="tira", config=config(3)))
    wait_for(bruno, lambda i: isinstance(i, m.TableState))
    h = Harness(tmp_path / "Anna", lang="en", clock=RealClock())
    app = h.app
    app.settings.online_name = "Anna"
    app.settings.setups["tira"] = {"control": "manual"}  # as the offline setup keeps it
    h.start(OnlineMenu(app))
    t = app.localizer
    manual, assisted = t("tira-seat-control-manual"), t("tira-seat-control-assisted")
    try:
        lobby = join_address(h, f"127.0.0.1:{server.port}")
        h.press("enter")  # Bruno's table, the first listed: I sit at its free seat
        assert h.settle(lambda: isinstance(app.top, RoomScene), 60)
        link = lobby.link
        assert link is not None and link.seat == 1
        running = server.server
        assert running is not None
        table = server.run(lambda: next(iter(running.lobby.tables.values())))
        assert isinstance(table, RaceTable)

        def mine() -> dict:
            return server.run(lambda: dict(table.seats[1].options))

        # my seat took my setup's controls by itself, and I heard so
        assert h.settle(lambda: mine() == {"control": "manual"}, 60)
        mine_words = t("online-seat-option-mine", value=manual)
        assert h.settle(lambda: mine_words in h.transcript, 60)
        # M switches it (heard, kept in my setup), and M again brings manual back
        h.press("m")
        assert h.settle(lambda: mine() == {"control": "assisted"}, 60)
        assert h.settle(lambda: t("online-seat-option-mine", value=assisted) in h.transcript)
        assert app.settings.setups["tira"]["control"] == "assisted"
        h.press("m")
        assert h.settle(lambda: mine() == {"control": "manual"}, 60)
        assert app.settings.setups["tira"]["control"] == "manual"
        bruno.send(m.SetBot(seat=2, level="easy"))  # a bot: it plays by hand, as I do
        assert h.settle(lambda: link.table is not None and link.table.seats[2].level != "", 60)
        room = app.top
        assert isinstance(room, RoomScene)
        seats = [room.seat_text(i) for i in range(3)]
        assert manual not in seats[0] and manual in seats[1] and manual in seats[2]
        bruno.send(m.Start())
        assert h.settle(lambda: isinstance(app.top, TiraTable), 60)
        tira = app.top
        assert isinstance(tira, TiraTable)
        started = server.run(lambda: list(table.match.record.config["controls"]))
        assert started == ["assisted", "manual", "manual"]
        assert t("online-seat-option-fixed", value=manual) in h.press("m")
        # a die sent before I threw: the server refuses it, and I hear why
        assert h.settle(lambda: tira.observation().phase is Phase.RACING, 60)
        mark = len(h.transcript)
        h.press("1")
        why = t("tira-refusal-no-die-showing", die=t(f"tira-sym-the-{SYMBOLS[0].value}"))
        # (a press the server dates a hair before "go", on a starved machine: "wait for go")
        early = t("tira-refusal-not-started")
        heard = lambda: " | ".join(h.transcript[mark:])  # noqa: E731
        assert h.settle(lambda: why in heard() or early in heard(), 60), heard()

        def by_hand() -> int:
            def count() -> int:
                if table.match is None:
                    return -1
                log = [e for e in table.match.log if e.action is not None and e.seat == 1]
                return sum(isinstance(table.codec.decode_logged(e.action), Send) for e in log)

            return server.run(count)

        # throw; once a die can go, its symbol's digit sends it (the dice fall as they
        # will: the bound only ends a wait that would never end)
        for _ in range(100):
            if by_hand() != 0:
                break
            view = tira.observation()
            sendable = [] if view.phase is not Phase.RACING else view.sendable()
            if sendable:
                face = view.hand[sendable[0][0]]
                h.press(str(SYMBOLS.index(face) + 1))
                h.settle(lambda v=view: by_hand() != 0 or tira.observation() != v, 10)
            else:
                h.press("space")
                h.settle(lambda v=view: tira.observation() != v, 10)
        assert by_hand() > 0
    finally:
        bruno.close()
        app.pop_to(app.scenes[0])
        server.stop()
        h.close()
