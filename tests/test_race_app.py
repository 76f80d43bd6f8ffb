"""The client side of an online race through the real app loop (SDL dummy, the recording
speaker, the real clock): a scene that only wires keys and speech to a ``RaceSeat``
(``devtools.race_scene``) plays a race against a bot on a real server. Space goes out
dated; every landing is spoken at its time on the server's clock; what was heard of each
batch is the offline narration of the same seed and actions; the diagnostics key says the
clock's estimate.
"""

from __future__ import annotations

import re

import pygame

from audiogame.core.clock import RealClock
from audiogame.core.contract import heard_by
from audiogame.core.narration import resolve_value
from audiogame.devtools.harness import Harness, key_event
from audiogame.devtools.net_harness import ServerThread, wait_for
from audiogame.devtools.race_scene import RaceScene, bot_name
from audiogame.games import registry
from audiogame.games.tirapassa.events import Landed, RoundEnded
from audiogame.language.localizer import capital_first
from audiogame.net.protocol.game_codec import GameCodec
from audiogame.net.protocol.match_log import engine_seed
from audiogame.net.server.options import ServerOptions
from audiogame.net.server.race_table import RaceTable

CLOCK_SAID = (
    r"Server clock: -?[\d.]+ milliseconds from ours, give or take (?P<error>[\d.]+); "
    r"round trip (?P<rtt>[\d.]+) milliseconds\. The table waits [\d.]+ milliseconds for "
    r"late presses; yours count up to [\d.]+ milliseconds early\."
)
CONFIG = {
    "players": 2,
    "speed": "fast",
    "variant": "first-to-three",
    "timing": {
        "signal_delay": 0.3,
        "race_delay": 0.3,
        "calm_auto_delay": 0.4,
        "between_rounds": 0.5,
    },
}


def heard_as_offline(seat, record, log, listener: int, names: list[str]) -> None:
    """What the seat heard of each batch is the offline narration, for ``listener``, of
    the same seed and actions (a match's record and log)."""
    spec = registry.get("tira")
    codec = GameCodec(spec.wire())
    engine = spec.new_engine(record.config, engine_seed(record.seed), record.start)
    offline = []
    for entry in log:
        if entry.action is None:
            events = engine.advance(entry.at)
        else:
            events = engine.apply(entry.seat, codec.decode_logged(entry.action), entry.at).events
        if heard_by(events, listener):
            view = engine.observation(listener)
            offline.append(spec.narrate(heard_by(events, listener), view, names))
    online: dict[int, list] = {}
    for part in seat.parts:
        online.setdefault(part.upto, []).extend(spec.narrate(part.events, part.view, names))
    assert [online[n] for n in sorted(online)] == offline[: len(online)]


def assert_each_part_once(seat) -> None:
    """Every part the server told was heard: ahead (and not again), on arrival, or
    corrected; and nothing was played ahead twice."""
    played = [at for at, _when, _aim in seat.on_time]
    assert len(played) == len(set(played))
    assert {part.how for part in seat.parts} <= {"ahead", "arrived", "corrected"}


def test_a_race_through_the_real_loop_is_heard_on_time_and_as_offline(tmp_path):
    server = ServerThread(tmp_path / "server", ServerOptions(probe_every=0.2)).start()
    harness = Harness(tmp_path, lang="en")
    app = harness.app
    app.clock = RealClock()  # a network race runs on the real clock
    app.scheduler.clock = app.clock
    scene = RaceScene(app, server.url, "Anna", create=CONFIG, bots={1: "hard"})
    seat = scene.seat
    rounds: list = []

    def heard(events, view, foreseen) -> None:
        """The player: 0.3 s after hearing their own dice land, Space."""
        if any(isinstance(e, RoundEnded) for e in events):
            rounds.append(events)
            if len(rounds) == 2:
                app.quit()
        mine = [e for e in events if isinstance(e, Landed) and e.seat == 0 and not e.frozen]
        if mine or any(type(e).__name__ == "RaceStarted" for e in events):
            app.scheduler.call_later(0.3, pygame.event.post, key_event("space"))

    seat.on_part = heard
    app.scheduler.call_later(300.0, app.quit)  # only ends a race that never ends
    try:
        harness.start(scene)
        app.run()
        pygame.event.post(key_event("f11"))
        app.step()
        table = server.run(lambda: next(iter(server.server.lobby.tables.values())))
        assert isinstance(table, RaceTable)
        record, log = server.run(lambda: (table.match.record, list(table.match.log)))
    finally:
        app.pop(scene)
        server.stop()
        harness.close()
    assert len(rounds) == 2, "two rounds were not played in time"
    assert "Server clock:" in harness.speaker.transcript[-1]
    # what was heard of each batch, as the offline narration of the same seed and actions
    heard_as_offline(seat, record, log, 0, ["Anna", "Bot 2"])
    # each part reached the player once, played ahead at its time or said when its frame
    # came (how many of each, and how often one was corrected, a busy machine decides:
    # benchmarks/online_tira.py's figures)
    assert_each_part_once(seat)
    pressed = [c for c in log if c.seat == 0 and c.action is not None]
    assert len(pressed) >= 2  # Space went out, dated, and counted


def test_the_tira_table_itself_races_online_with_a_race_seat_as_its_session(tmp_path):
    """The desktop client's race screen is the game's own table given a ``RaceSeat``: its
    keys, narration and questions unchanged, every landing delivered at its time. Anna
    joins Bruno's table of three in the middle seat: the table speaks from her seat."""
    from audiogame.net.client.game_client import Connected, GameClient
    from audiogame.net.client.race_seat import RaceSeat
    from audiogame.net.client.remote_session import RemoteSession
    from audiogame.net.protocol import messages as m
    from audiogame.ui.games.tira.table import TiraTable

    server = ServerThread(tmp_path / "server", ServerOptions(probe_every=0.2)).start()
    harness = Harness(tmp_path, lang="en")
    app = harness.app
    app.clock = RealClock()
    app.scheduler.clock = app.clock
    bruno = GameClient(server.url, "Bruno", lang="it")  # the master, who never presses
    bruno.start()
    wait_for(bruno, lambda i: isinstance(i, Connected))
    bruno.send(m.CreateTable(game="tira", config={**CONFIG, "players": 3}))
    created = wait_for(bruno, lambda i: isinstance(i, m.TableState)).table
    bruno.send(m.SetBot(seat=2, level="hard"))
    client = GameClient(server.url, "Anna", lang="en")
    session = RemoteSession(client)
    spec = registry.get("tira")
    seat = RaceSeat(session, app.scheduler, spec)
    seat.start()  # pumping from now on: the table comes once the match begins
    tables: list[TiraTable] = []
    rounds: list = []
    started: list[bool] = []

    def news(info: m.TableInfo, you: int | None) -> None:
        full = all(s.kind is not m.SeatKind.EMPTY for s in info.seats)
        if info.stage is m.TableStage.WAITING and full and not started:
            started.append(True)
            bruno.send(m.Start())

    def heard(events) -> None:
        if any(isinstance(e, RoundEnded) for e in events):
            rounds.append(events)
            if len(rounds) == 2:
                app.quit()
        mine = [e for e in events if isinstance(e, Landed) and e.seat == 1 and not e.frozen]
        if mine or any(type(e).__name__ == "RaceStarted" for e in events):
            app.scheduler.call_later(0.3, pygame.event.post, key_event("space"))

    def begin() -> None:
        if tables or seat.server_view is None:
            app.scheduler.call_later(0.01, begin)
            return
        table = TiraTable.online(app, seat, session.names(bot_name))
        table.watchers.append(heard)
        tables.append(table)
        app.push(table)

    session.on_table = news
    session.on_link = lambda link: (
        client.table is None and session.send(m.JoinTable(table=created.id))
    )
    app.scheduler.call_later(300.0, app.quit)  # only ends a race that never ends
    try:
        harness.start()
        client.start()
        begin()
        app.run()

        # questions, answered from the view as heard (a part delivered in the same frame
        # may come just before or after the answer, so both views' answers are good)
        def said_since(mark: int) -> list[str]:
            return harness.speaker.transcript[mark:]

        def my_dice() -> str:
            parts = resolve_value(tables[0].my_dice_parts(tables[0].observation()), app.localizer)
            return capital_first(app.localizer("tira-my-dice", parts=parts))

        mark, before = len(harness.speaker.transcript), my_dice()
        pygame.event.post(key_event("h"))
        app.step()
        answered = said_since(mark)
        expected = {before, my_dice()}
        mark = len(harness.speaker.transcript)
        pygame.event.post(key_event("p"))  # the standings: "you" is Anna's seat
        app.step()
        standings = [line for line in said_since(mark) if line.startswith("Coasters won: ")]
        mark = len(harness.speaker.transcript)
        pygame.event.post(key_event("f11"))  # the diagnostics key: the clock as measured
        app.step()
        diagnostics = [line for line in said_since(mark) if line.startswith("Server clock")]
        table = server.run(lambda: next(iter(server.server.lobby.tables.values())))
        record, log = server.run(lambda: (table.match.record, list(table.match.log)))
    finally:
        for scene in tables:
            app.pop(scene)
        session.close()
        bruno.close()
        server.stop()
        harness.close()
    assert len(rounds) == 2, "two rounds were not played in time"
    assert tables and tables[0].local is None  # nothing of an online race is saved here
    assert tables[0].me == 1 and expected & set(answered), (expected, answered)
    assert len(standings) == 1 and "you: " in standings[0], standings
    assert "Anna" not in standings[0] and "Bruno: " in standings[0]
    assert len(diagnostics) == 1
    said = re.fullmatch(CLOCK_SAID, diagnostics[0])
    assert said is not None, diagnostics
    assert float(said["error"]) <= float(said["rtt"])  # the estimate's bound, whatever the line
    heard_as_offline(seat, record, log, 1, list(tables[0].names))
    assert_each_part_once(seat)
    assert sum(1 for e in log if e.seat == 1 and e.action is not None) >= 2
