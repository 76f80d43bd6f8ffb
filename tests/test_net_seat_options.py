"""A seat's own options at a real server (its own loop, a loopback port) with real threaded
clients: Tira's controls chosen per seat with ``set-seat-option`` while the table waits,
refused with a reason during a match and for a value the game does not offer, the bots
playing by hand when any player does, the match configured from the seats, and the
choice kept with the seat in the table's record (a server started again keeps it)."""

from __future__ import annotations

import time

from audiogame.devtools.net_harness import ServerThread, wait_for
from audiogame.games.tirapassa.actions import Send, Throw
from audiogame.games.tirapassa.events import DiePassed
from audiogame.games.tirapassa.options import Control
from audiogame.net.protocol import messages as m
from audiogame.net.protocol.option_words import NOT_OFFERED
from audiogame.net.server.options import ServerOptions
from tests.test_cluster import account, cluster, got  # noqa: F401 (a fixture)
from tests.test_net_race import config, connect, race_started, serve, the_table

MANUAL = {"control": "manual"}
ASSISTED = {"control": "assisted"}


def controls(state: m.TableState) -> list[dict]:
    return [s.options for s in state.table.seats]


def changed(item: object) -> bool:
    """A seat's own option changed (the notice comes after the table's state)."""
    return isinstance(item, m.Notice) and item.what is m.NoticeKind.SEAT_OPTION


def three_seats(server: ServerThread):
    """Anna (the master) and Bruno at a table of three, a bot on the last seat."""
    anna, bruno = connect(server, "Anna"), connect(server, "Bruno")
    anna.send(m.CreateTable(game="tira", config=config(3)))
    info = wait_for(anna, lambda i: isinstance(i, m.TableState)).table
    bruno.send(m.JoinTable(table=info.id))
    wait_for(bruno, lambda i: isinstance(i, m.TableState) and i.you == 1)
    anna.send(m.SetBot(seat=2, level="easy"))
    wait_for(anna, lambda i: isinstance(i, m.TableState) and i.table.seats[2].kind.value == "bot")
    return anna, bruno


def test_a_seat_takes_manual_the_bots_follow_and_the_match_starts_with_the_seats_controls(
    tmp_path,
):
    server = serve(tmp_path)
    anna, bruno = three_seats(server)
    try:
        assert controls(wait_for(bruno, lambda i: isinstance(i, m.TableState))) == [
            ASSISTED,
            ASSISTED,
            ASSISTED,
        ]
        anna.send(m.SetSeatOption(option="control", value="manual"))
        notice = wait_for(bruno, changed)
        assert (notice.seat, notice.name) == (0, "Anna")
        # everyone knows: the seat says manual, and the bot plays as a player does
        assert [s.options for s in bruno.table.seats] == [MANUAL, ASSISTED, MANUAL]
        anna.send(m.Start())
        race_started(anna)
        table = the_table(server)
        assert server.run(lambda: table.match.record.config["controls"]) == [
            "manual",
            "assisted",
            "manual",
        ]
        assert anna.view.control is Control.MANUAL and bruno.view.control is Control.ASSISTED
        # fixed for the match: refused with the reason, the seat unchanged
        anna.send(m.SetSeatOption(option="control", value="assisted"))
        refused = wait_for(anna, lambda i: isinstance(i, m.Refused))
        assert (refused.reason, refused.of) == ("started", "set-seat-option")
        assert anna.table.seats[0].options == MANUAL
    finally:
        anna.close()
        bruno.close()
        server.stop()


def test_hostile_seat_options_are_refused_and_change_nothing(tmp_path):
    server = serve(tmp_path)
    anna, bruno = three_seats(server)
    try:
        for value in ("turbo", 1, True, None, ["manual"], {"manual": 1}, "MANUAL", "x" * 5000):
            anna.send(m.SetSeatOption(option="control", value=value))
            refused = wait_for(anna, lambda i: isinstance(i, m.Refused))
            assert refused.reason == "bad-options", value
            assert refused.options == m.OptionProblem("tira", NOT_OFFERED, option="control")
        for option in ("speed", "variant", "", "controls", "x" * 300):
            anna.send(m.SetSeatOption(option=option, value="fast"))
            assert wait_for(anna, lambda i: isinstance(i, m.Refused)).reason == "bad-options"
        watcher = connect(server, "Carla")
        watcher.send(m.JoinTable(table=the_table(server).id, spectator=True))
        wait_for(watcher, lambda i: isinstance(i, m.TableState))
        watcher.send(m.SetSeatOption(option="control", value="manual"))
        assert wait_for(watcher, lambda i: isinstance(i, m.Refused)).reason == "not-seated"
        watcher.close()
        table = the_table(server)
        assert server.run(lambda: [s.options for s in table.seats]) == [{}, {}, {}]
    finally:
        anna.close()
        bruno.close()
        server.stop()


def test_the_manual_seat_sends_its_dice_and_the_assisted_seats_go_by_themselves(tmp_path):
    """Anna (manual) sends a die that can go, by hand, as the server's log shows; Bruno
    (assisted) only throws, and his dice still pass to his neighbours by themselves."""
    server = serve(tmp_path)
    anna, bruno = three_seats(server)
    try:
        anna.send(m.SetSeatOption(option="control", value="manual"))
        wait_for(anna, changed)
        anna.send(m.Start())
        race_started(anna)
        table = the_table(server)

        def sent_by_hand(seat: int) -> int:
            def count() -> int:
                log = [e for e in table.match.log if e.action is not None and e.seat == seat]
                return sum(isinstance(table.codec.decode_logged(e.action), Send) for e in log)

            return server.run(count)

        def bruno_passed() -> bool:
            history = server.run(lambda: list(table.match.history))
            return any(isinstance(e, DiePassed) and e.from_seat == 1 for e in history)

        # however the dice fall: throw, and send a die that can go once one can (the
        # bound only ends a wait that would never end)
        deadline = time.monotonic() + 120
        while not (sent_by_hand(0) and bruno_passed()):
            assert time.monotonic() < deadline, "no die sent by hand, or none of Bruno's passed"
            view = anna.view
            sendable = [] if view is None or table.match is None else view.sendable()
            anna.act(Send(sendable[0][0], None) if sendable else Throw())
            bruno.act(Throw())
            time.sleep(0.1)
            anna.poll()
            bruno.poll()
        assert sent_by_hand(1) == 0  # Bruno's dice went by themselves
    finally:
        anna.close()
        bruno.close()
        server.stop()


def test_a_seats_controls_are_kept_with_the_table_through_a_restart(tmp_path):
    data = tmp_path / "server"
    server = ServerThread(data, ServerOptions()).start()
    anna, bruno = three_seats(server)
    try:
        anna.send(m.SetSeatOption(option="control", value="manual"))
        wait_for(bruno, changed)
        table = the_table(server)
        server.call(table.flushed())
    finally:
        server.stop()
        anna.close()
        bruno.close()
    again = ServerThread(data, ServerOptions()).start()
    try:
        table = the_table(again)
        assert again.run(lambda: [s.options for s in table.seats]) == [MANUAL, {}, {}]
        info = again.run(table.info)
        assert [s.options for s in info.seats] == [MANUAL, ASSISTED, MANUAL]
    finally:
        again.stop()


def test_a_seat_option_sent_through_another_server_process_reaches_the_table(request):
    """Bruno's process does not run the table: his seat's controls travel to its owner
    (the cluster's command), and a value the game does not offer comes back refused."""
    one, two = request.getfixturevalue("cluster")  # two processes, PostgreSQL and Redis
    anna, bruno = account(one.url, "Anna"), account(two.url, "Bruno")
    try:
        anna.send(m.CreateTable(game="tira", config=config(2)))
        table = got(anna, m.TableState).table
        bruno.send(m.JoinTable(code=table.code))
        got(bruno, m.TableState, lambda s: s.you == 1)
        bruno.send(m.SetSeatOption(option="control", value="manual"))
        assert got(anna, m.Notice, changed).seat == 1
        assert [s.options for s in anna.table.seats] == [ASSISTED, MANUAL]
        bruno.send(m.SetSeatOption(option="control", value="turbo"))
        refused = got(bruno, m.Refused)
        assert refused.options == m.OptionProblem("tira", NOT_OFFERED, option="control")
    finally:
        anna.close()
        bruno.close()
