"""A table on a real server (its own loop, a loopback port) with real threaded clients.

The game is the test game of ``tests/games``, whose dice hide under cups: each player's
die is known to that seat alone until the cups are lifted, so every check of
"a seat hears only its own" has something to catch. Two scripted humans, a bot
and a spectator play a whole match; every seat's events are then compared with
an offline replay of the seed and the log the table revealed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from audiogame.core.contract import heard_by
from audiogame.devtools.net_harness import (
    ScriptedPlayer,
    ServerThread,
    play_together,
    replay_over,
    wait_for,
)
from audiogame.games import registry
from audiogame.net.client.game_client import Batch, Connected, GameClient, Resync
from audiogame.net.protocol import messages as m
from audiogame.net.protocol.match_log import seed_hash
from audiogame.net.protocol.reasons import Reason
from audiogame.net.server.options import ServerOptions

CONFIG = {"players": 3, "target": 2, "think": 0}


@pytest.fixture
def game(folder_game) -> str:
    return folder_game.id


@pytest.fixture
def server(tmp_path: Path, game):
    with ServerThread(tmp_path, ServerOptions(grace=0.6, between_rounds=0.05)) as running:
        yield running


def connect(server: ServerThread, name: str, **kwargs) -> GameClient:
    client = GameClient(server.url, name, **kwargs)
    client.start()
    wait_for(client, lambda i: isinstance(i, Connected))
    return client


def refused(client: GameClient, seen: list | None = None) -> m.Refused:
    found = wait_for(client, lambda i: isinstance(i, m.Refused), seen=seen)
    assert isinstance(found, m.Refused)
    return found


def table_state(client: GameClient) -> m.TableState:
    found = wait_for(client, lambda i: isinstance(i, m.TableState))
    assert isinstance(found, m.TableState)
    return found


def two_playing(server: ServerThread, game: str) -> tuple[GameClient, GameClient]:
    """Anna's table of two, Bruno seated, the match started."""
    anna, bruno = connect(server, "Anna"), connect(server, "Bruno")
    anna.send(m.CreateTable(game=game, config={**CONFIG, "players": 2}))
    info = table_state(anna).table
    bruno.send(m.JoinTable(table=info.id))
    wait_for(bruno, lambda i: isinstance(i, m.TableState) and i.you == 1)
    anna.send(m.Start())
    return anna, bruno


def test_a_whole_match_each_seat_hears_what_the_offline_engine_tells_it(server, game):
    anna, bruno, carla = (connect(server, n) for n in ("Anna", "Bruno", "Carla"))
    try:
        anna.send(m.CreateTable(game=game, config=CONFIG))
        info = table_state(anna).table
        assert info.master == 0 and info.stage is m.TableStage.WAITING
        bruno.send(m.JoinTable(code=info.code))  # by its invite code
        carla.send(m.JoinTable(table=info.id, spectator=True))
        wait_for(carla, lambda i: isinstance(i, m.TableState))
        wait_for(bruno, lambda i: isinstance(i, m.TableState) and i.you == 1)
        anna.send(m.SetBot(seat=2, level="normal"))
        wait_for(anna, lambda i: isinstance(i, m.Notice) and i.what is m.NoticeKind.BOT_ADDED)
        anna.send(m.Start())
        players = [ScriptedPlayer(anna, seed=1), ScriptedPlayer(bruno, seed=2)]
        watcher = ScriptedPlayer(carla)
        play_together([*players, watcher], timeout=240)  # a whole match: up to 4 rounds
    finally:
        for c in (anna, bruno, carla):
            c.close()
    over = players[0].over
    assert seed_hash(over.seed) == over.seed_hash
    begins = [i for i in players[0].items if isinstance(i, m.MatchBegins)]
    assert begins and begins[0].seed_hash == over.seed_hash  # committed before the first deal
    final = replay_over(over)
    offline = final.events
    assert offline
    assert players[0].heard == heard_by(offline, 0)
    assert players[1].heard == heard_by(offline, 1)
    assert watcher.heard == heard_by(offline, None)
    assert players[0].heard != players[1].heard  # each heard its own die
    # the view each client built from patches is the engine's own at the end
    assert players[0].view == final.engine.observation(0)
    assert watcher.view == final.engine.observation(None)


def test_the_seat_of_an_action_is_the_connections(server, game):
    anna, bruno = two_playing(server, game)
    try:
        view = wait_for(anna, lambda i: isinstance(i, Batch) and i.view.turn is not None)
        turn = view.view.turn
        other = bruno if turn == 0 else anna
        keep = registry.get(game).wire().actions[0]  # the game's own class
        other.act(keep())  # not this player's turn: the game refuses it for *their* seat
        found = wait_for(other, lambda i: isinstance(i, m.GameRefused))
        assert found.refusal == "not-your-turn"
    finally:
        anna.close()
        bruno.close()


def test_bad_and_out_of_order_messages_are_refused_with_a_reason(server, game):
    anna = connect(server, "Anna")
    try:
        anna.send(m.Start())
        assert refused(anna).reason == Reason.NOT_AT_TABLE
        anna.send(m.CreateTable(game="no-such-game"))
        assert refused(anna).reason == Reason.NO_SUCH_GAME
        anna.send(m.CreateTable(game=game, config={"players": 99}))
        assert refused(anna).reason == Reason.BAD_OPTIONS
        anna.send(m.CreateTable(game=game, config={"players": [1] * 1000}))
        assert refused(anna).reason == Reason.BAD_OPTIONS
        anna.send(m.JoinTable(code="gatto luna verde"))
        assert refused(anna).reason == Reason.NO_SUCH_TABLE
        anna.send(m.CreateTable(game=game, config=CONFIG))
        table_state(anna)
        anna.send(m.Start())
        assert refused(anna).reason == Reason.SEATS_EMPTY
        anna.send(m.SetBot(seat=1, level="grandmaster"))
        assert refused(anna).reason == Reason.NO_SUCH_LEVEL
        anna.send(m.Act(action={"$": "Explode"}))
        assert refused(anna).reason == Reason.NOT_STARTED
        anna.send(m.Say(text="\x00\x07   "))
        assert refused(anna).reason == Reason.CHAT_EMPTY
    finally:
        anna.close()


def test_chat_is_cleaned_and_private_messages_reach_only_their_pair(server, game):
    anna, bruno, carla = (connect(server, n) for n in ("Anna", "Bruno", "Carla"))
    try:
        anna.send(m.CreateTable(game=game, config=CONFIG))
        info = table_state(anna).table
        for c in (bruno, carla):
            c.send(m.JoinTable(table=info.id))
            table_state(c)
        anna.send(m.Say(text="ciao\u202e a tutti!!!!!!!!!!"))
        said = [wait_for(c, lambda i: isinstance(i, m.Chat)) for c in (anna, bruno, carla)]
        assert {s.text for s in said} == {"ciao a tutti!!!"}
        assert said[1].name == "Anna" and said[1].seat == 0 and not said[1].private
        bruno.send(m.Say(text="solo per te", to=2))
        for c in (bruno, carla):
            got = wait_for(c, lambda i: isinstance(i, m.Chat))
            assert got.private and got.to == 2 and got.name == "Bruno"
        # a public line after it: Anna hears it, and no chat before it (the table's frames
        # reach her in order; a pause here passed more easily the busier the machine)
        bruno.send(m.Say(text="per tutti"))
        heard: list = []
        wait_for(anna, lambda i: isinstance(i, m.Chat) and not i.private, seen=heard)
        assert [(i.text, i.private) for i in heard if isinstance(i, m.Chat)] == [
            ("per tutti", False)
        ]
    finally:
        for c in (anna, bruno, carla):
            c.close()


def test_names_are_checked_and_a_guest_with_a_name_in_use_gets_a_distinct_one(server, game):
    anna = GameClient(server.url, "x")
    anna.start()
    try:
        assert refused(anna).reason == Reason.NAME_EMPTY
    finally:
        anna.close()
    # a second copy of the game on the same computer starts with the same name
    anna, other = connect(server, "Anna"), connect(server, "ANNA")
    third = connect(server, "anna")
    try:
        assert (anna.name, other.name, third.name) == ("Anna", "ANNA 2", "anna 3")
        anna.send(m.CreateTable(game=game, config=CONFIG))
        info = table_state(anna).table
        other.send(m.JoinTable(table=info.id))  # no clash at the table
        joined = wait_for(other, lambda i: isinstance(i, m.TableState))
        assert [s.name for s in joined.table.seats][:2] == ["Anna", "ANNA 2"]
    finally:
        for client in (anna, other, third):
            client.close()


def test_the_master_hands_over_kicks_and_the_table_list_reads_waiting_over_total(server, game):
    anna, bruno, carla = (connect(server, n) for n in ("Anna", "Bruno", "Carla"))
    try:
        anna.send(m.CreateTable(game=game, config=CONFIG))
        info = table_state(anna).table
        bruno.send(m.JoinTable(table=info.id))
        table_state(bruno)
        carla.send(m.ListTables())
        listed = wait_for(carla, lambda i: isinstance(i, m.TableList))
        (line,) = listed.tables
        assert (line.game, line.seated, line.seats, line.master) == (game, 2, 3, "Anna")
        anna.send(m.SetPrivate(private=True))
        wait_for(anna, lambda i: isinstance(i, m.Notice) and i.what is m.NoticeKind.PRIVATE)
        carla.send(m.ListTables())
        assert wait_for(carla, lambda i: isinstance(i, m.TableList)).tables == []
        bruno.send(m.Kick(seat=0))
        assert refused(bruno).reason == Reason.NOT_MASTER
        anna.send(m.SetOptions(config={**CONFIG, "players": 1}))
        assert refused(anna).reason == Reason.BAD_OPTIONS
        anna.send(m.SetOptions(config={**CONFIG, "players": 2, "target": 5}))
        changed = wait_for(bruno, lambda i: isinstance(i, m.TableState) and len(i.table.seats) == 2)
        assert changed.table.config["target"] == 5
        bruno.send(m.SetOptions(config=CONFIG))
        assert refused(bruno).reason == Reason.NOT_MASTER
        anna.send(m.HandOver(seat=1))
        wait_for(bruno, lambda i: isinstance(i, m.TableState) and i.table.master == 1)
        bruno.send(m.Kick(seat=0))
        left = wait_for(anna, lambda i: isinstance(i, m.Left))
        assert left.reason == Reason.KICKED
        anna.send(m.Start())
        assert refused(anna).reason == Reason.NOT_AT_TABLE
    finally:
        for c in (anna, bruno, carla):
            c.close()


def test_a_dropped_player_is_announced_covered_by_a_bot_and_resumes_their_seat(server, game):
    anna, bruno = two_playing(server, game)
    try:
        wait_for(bruno, lambda i: isinstance(i, Resync))
        token, upto = bruno.token, bruno.upto
        bruno.close()  # gone without a word
        seen: list = []
        wait_for(
            anna, lambda i: isinstance(i, m.Notice) and i.what is m.NoticeKind.DROPPED, seen=seen
        )
        wait_for(anna, lambda i: isinstance(i, m.Notice) and i.what is m.NoticeKind.COVERED)
        # the bot plays Bruno's turns meanwhile; Anna plays hers
        keeper = ScriptedPlayer(anna)
        keeper.play_until(lambda: anna.upto > upto + 6, timeout=120)
        back = GameClient(server.url, "Bruno", token=token)
        back.upto, back.match = upto, 1
        back.start()
        found = wait_for(back, lambda i: isinstance(i, Resync))
        assert back.seat == 1
        assert found.away  # "while you were away"
        assert found.upto >= upto
        wait_for(anna, lambda i: isinstance(i, m.Notice) and i.what is m.NoticeKind.BACK)
        back.close()
    finally:
        anna.close()


def test_the_server_can_narrate_a_batch_for_one_listener(server, game):
    """For clients that do not narrate (the web page): the game's own narrator, run on the
    server for one seat, on the events that seat may know."""
    anna, bruno = two_playing(server, game)
    try:
        batch = wait_for(anna, lambda i: isinstance(i, Batch) and i.view.turn is not None)

        def narrate() -> tuple[list, list]:
            (table,) = server.server.lobby.tables.values()
            history = table.match.history
            return table.narrate_for(0, history), table.narrate_for(None, history)

        mine, public = server.run(narrate)
    finally:
        anna.close()
        bruno.close()
    assert mine and public
    assert len(mine) > len(public)  # my own die is told to me, not to a spectator
    assert batch.events
