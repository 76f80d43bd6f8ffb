"""The lobby's people through the real loop: who is online and their presence, a friend
added, a friend's comings and goings heard with their cues (a stranger's not), private
messages received on their own channel and answered with Alt+R, my own presence, the
master's invitation from the list, the privacy choices (a message refused by them),
ratings said as a player hears them, a leaderboard and my record with the match's seed.

The app logs in to a real server on 127.0.0.1 (a thread, an ephemeral port); the other
people are plain network clients.
"""

from __future__ import annotations

import time

from audiogame.devtools.delay_proxy import DelayProxy
from audiogame.devtools.harness import Harness
from audiogame.devtools.net_harness import ScriptedPlayer, ServerThread, wait_for
from audiogame.history import VIEWS
from audiogame.net.client.game_client import GameClient
from audiogame.net.protocol import messages as m
from audiogame.net.server.options import ServerOptions
from audiogame.ui.online.following import FollowingScene
from audiogame.ui.online.lobby import LobbyScene
from audiogame.ui.online.login import LoginScene
from audiogame.ui.online.people import PeopleScene, PersonMenu
from audiogame.ui.online.privacy import PrivacyScene
from audiogame.ui.online.ratings import RatingsScene
from audiogame.ui.online.room import RoomScene
from tests.test_online_login import CHEAP, PASSWORD, app, leave, lobby_of, to_address, type_text


def client(url: str, name: str, account: bool = True, new: bool = True) -> GameClient:
    """A player on the server: a new account (``new``), an existing one, or a guest."""
    password = PASSWORD if account else None
    made = GameClient(url, name, password=password, register=account and new)
    made.start()
    found = wait_for(made, lambda i: isinstance(i, m.Welcome | m.Refused))
    assert isinstance(found, m.Welcome), found
    return made


def log_in(h: Harness, port: int) -> LobbyScene:
    """Join the server as Anna, whose account exists: the login screen, her password."""
    to_address(h, f"127.0.0.1:{port}")
    assert h.settle(lambda: isinstance(h.app.top, LoginScene))
    h.press("down")
    h.press("enter")
    type_text(h, PASSWORD)
    h.press("enter")
    h.press("down")
    h.press("enter")
    assert h.settle(lambda: isinstance(h.app.top, LobbyScene) and h.app.top.listed)
    return lobby_of(h)


def said_since(h: Harness, mark: int) -> str:
    return " | ".join(h.transcript[mark:])


def test_people_friends_presence_private_messages_and_my_status(tmp_path):
    with ServerThread(tmp_path / "server", ServerOptions(hash_cost=CHEAP)) as server:
        client(server.url, "Anna").close()  # Anna's account
        bruno = client(server.url, "Bruno")
        carla = client(server.url, "Carla", account=False)
        h = app(tmp_path / "anna")
        try:
            lobby = log_in(h, server.port)
            link = lobby.link
            assert link is not None and link.account
            # Ctrl+U: who is online, me first
            said = h.press("u", ctrl=True)
            assert said.startswith("People online. You, Anna: available.")
            assert h.settle(lambda: len(link.directory.others()) == 2)
            assert h.press("down") == "Bruno, available, 2 of 3"
            assert h.press("down") == "Carla, available, 3 of 3"
            # Bruno becomes a friend: Enter, the first action after writing
            h.press("up")
            assert h.press("enter").startswith("Bruno, available. Write a private message, 1 of ")
            h.press("down")
            # the answer to an earlier look at my lists still on its way is not this answer
            # (it was taken for it: "Bruno is off your lists", then silence)
            link.send(m.GetRelations())
            mark = len(h.transcript)
            h.press("enter")
            assert h.settle(lambda: "Bruno: friend." in said_since(h, mark))
            assert "off your lists" not in said_since(h, mark)
            assert isinstance(h.app.top, PeopleScene)
            assert h.app.top.item_text(1) == "Bruno, available, friend, 2 of 3"
            # a favourite from the same menu, and back to a plain friend
            h.press("enter")
            h.press("down")
            assert h.press("down").startswith("Add to your favourites, 3 of ")
            mark = len(h.transcript)
            h.press("enter")
            assert h.settle(lambda: "Bruno: favourite." in said_since(h, mark))
            assert h.app.top.item_text(1) == "Bruno, available, favourite, 2 of 3"
            h.press("enter")
            h.press("down")
            said = h.press("down")
            assert said.startswith("Take off your favourites: they stay a friend, 3 of ")
            mark = len(h.transcript)
            h.press("enter")
            assert h.settle(lambda: "Bruno: friend." in said_since(h, mark))
            assert h.app.top.item_text(1) == "Bruno, available, friend, 2 of 3"
            # a friend's presence is news, with its cue; a stranger's is not
            mark = len(h.transcript)
            carla.set_status(busy=True)
            bruno.set_status(busy=True)
            assert h.settle(lambda: "Bruno is now busy." in said_since(h, mark))
            assert "Carla" not in said_since(h, mark)
            bruno.close()
            assert h.settle(lambda: "Bruno has left." in said_since(h, mark))
            assert ("friend_offline", 0.0) in h.app.announcer.cue_log
            bruno = client(server.url, "Bruno", new=False)
            bruno.watch_people()
            assert h.settle(lambda: "Bruno is online." in said_since(h, mark))
            assert ("friend_online", 0.0) in h.app.announcer.cue_log
            # a private message from anywhere: its own cue and channel; Alt+R answers it
            bruno.whisper("Anna", "ci sei stasera?")
            assert h.settle(lambda: "Bruno to you: ci sei stasera?" in said_since(h, mark))
            assert ("whisper", 0.0) in h.app.announcer.cue_log
            assert h.press("r", alt=True).startswith("Private message to Bruno")
            type_text(h, "certo")
            h.press("enter")
            heard = wait_for(bruno, lambda i: isinstance(i, m.WhisperFrom) and i.name == "Anna")
            assert (heard.to, heard.text) == ("Bruno", "certo")
            assert h.settle(lambda: "You to Bruno: certo" in h.app.history.last(3))
            kinds = [kind for _text, kind in h.app.history._items if "certo" in _text]
            assert kinds == ["private"] and not VIEWS["chat"]("private")
            # my own presence: the first row
            h.press("home")
            assert h.press("enter") == "You are busy."
            assert h.settle(lambda: link.directory.my_status() == "busy")
            seen = wait_for(
                bruno,
                lambda i: (
                    isinstance(i, m.Presence)
                    and i.person.name == "Anna"
                    and i.person.status == "busy"
                ),
            )
            assert seen.online
            # Ctrl+I on Bruno: I am at no table
            h.press("down")
            assert h.press("i", ctrl=True).startswith("You are not at a table")
            # Ctrl+F: my lists, online or not
            h.press("escape")
            assert h.app.top is lobby
            said = h.press("f", ctrl=True)
            assert said.startswith("Your lists. You, Anna: busy.")
            assert h.settle(lambda: h.app.top.item_text(1) == "Bruno, friend, online, 2 of 2")
            # Bruno invites me to his table: said with its code; Ctrl+J in the lobby joins it
            h.press("escape")
            assert h.press("j", ctrl=True) == "Nobody has invited you to a table yet."
            bruno.send(m.CreateTable(game="domino", config={"set_id": "double-6", "seats": 2}))
            table = wait_for(bruno, lambda i: isinstance(i, m.TableState)).table
            mark = len(h.transcript)
            bruno.invite("Anna")
            invited = "Bruno invites you to a table of Domino."
            assert h.settle(lambda: invited in said_since(h, mark)), said_since(h, mark)
            h.press("j", ctrl=True)
            assert h.settle(lambda: isinstance(h.app.top, RoomScene))
            assert link.table is not None and link.table.id == table.id and link.seat == 1
        finally:
            bruno.close()
            carla.close()
            leave(h)


def test_the_master_invites_from_the_list_and_privacy_refuses_a_message(tmp_path):
    with ServerThread(tmp_path / "server", ServerOptions(hash_cost=CHEAP)) as server:
        client(server.url, "Anna").close()
        bruno = client(server.url, "Bruno")
        h = app(tmp_path / "anna", lang="it")
        try:
            lobby = log_in(h, server.port)
            link = lobby.link
            assert link is not None
            # Ctrl+P: my privacy; nobody may write to me
            mark = len(h.transcript)
            said = h.press("p", ctrl=True)
            assert h.settle(
                lambda: "Chi può invitarti: tutti tranne i bloccati" in said_since(h, mark)
            )
            assert isinstance(h.app.top, FollowingScene), said
            h.press("down")
            for _ in range(4):
                h.press("right")
            assert h.settle(lambda: h.transcript[-1] == "Chi può scriverti: nessuno")
            assert h.press("right") == ""  # the last choice: the edge's sound
            scene = h.app.top
            assert isinstance(scene, PrivacyScene)
            assert h.settle(
                lambda: scene.confirmed is not None and scene.confirmed.message == "nobody"
            )
            bruno.whisper("Anna", "ciao")
            refused = wait_for(bruno, lambda i: isinstance(i, m.Refused))
            assert refused.reason == "privacy"
            h.press("escape")
            # a table of my own; Ctrl+I on Bruno in the people list invites him
            bruno.watch_people(watch=False)
            link.send(m.CreateTable(game="domino", config={"set_id": "double-6", "seats": 2}))
            assert h.settle(lambda: isinstance(h.app.top, RoomScene))
            h.press("u", ctrl=True, shift=True)  # at the table: the server's people
            assert h.settle(lambda: isinstance(h.app.top, PeopleScene) and len(h.app.top.names))
            h.press("down")
            assert h.press("i", ctrl=True) == "Invito mandato a Bruno."
            invited = wait_for(bruno, lambda i: isinstance(i, m.Invited))
            assert invited.name == "Anna" and invited.table == link.table.id
            # Enter on Bruno offers the same, among the rest
            h.press("enter")
            assert isinstance(h.app.top, PersonMenu)
            rows = [h.app.top.item_text(i) for i in range(len(h.app.top.items))]
            assert "Invita al tuo tavolo, 5 di 7" in rows
            assert "Segnala ai moderatori, 7 di 7" in rows  # anyone may; no moderator here
            # the lobby's Ctrl+P and Ctrl+R hold at the table too, as the Salotto's keys do
            h.press("escape")
            h.press("escape")
            assert isinstance(h.app.top, RoomScene)
            h.press("p", ctrl=True)
            assert h.settle(lambda: isinstance(h.app.top, PrivacyScene))
            assert h.settle(lambda: "Chi può scriverti: nessuno" in h.app.top.item_text(1))
            h.press("escape")
            h.press("r", ctrl=True)
            assert h.settle(lambda: isinstance(h.app.top, RatingsScene))
            h.press("escape")
            assert isinstance(h.app.top, RoomScene)
        finally:
            bruno.close()
            leave(h)


def test_an_answer_the_line_dropped_is_asked_for_again_once_back(tmp_path):
    """My privacy asked for on a slow line (the server's frames take 2 s to reach me),
    and the line cut before the answer came: once back, the screen asks again and shows
    my choices, where before it said "asking the server…" for good."""
    with (
        ServerThread(tmp_path / "server", ServerOptions(hash_cost=CHEAP)) as server,
        DelayProxy(server.port, down=(2.0, 0.0)) as proxy,
    ):
        client(server.url, "Anna").close()  # Anna's account
        h = app(tmp_path / "anna")
        try:
            lobby = log_in(h, proxy.port)
            link = lobby.link
            assert link is not None
            mark = len(h.transcript)
            h.press("p", ctrl=True)
            proxy.cut()  # the answer is still on its way: it is lost
            scene = h.app.top
            assert isinstance(scene, PrivacyScene)
            assert h.settle(lambda: "Connection lost, trying again…" in said_since(h, mark), 60)
            assert scene.state is None and "asking the server" in scene.item_text(1)
            proxy.mend()
            assert h.settle(lambda: scene.state is not None, 60), said_since(h, mark)
            assert scene.item_text(1).startswith("Who may write to you: everyone but the blocked")
        finally:
            leave(h)


def test_ratings_said_as_heard_a_leaderboard_and_my_matches_with_their_seeds(tmp_path, folder_game):
    with ServerThread(tmp_path / "server", ServerOptions(hash_cost=CHEAP)) as server:
        anna, bruno = client(server.url, "Anna"), client(server.url, "Bruno")
        anna.send(
            m.CreateTable(game=folder_game.id, config={"players": 3, "target": 2, "think": 0})
        )
        table = wait_for(anna, lambda i: isinstance(i, m.TableState)).table
        bruno.send(m.JoinTable(table=table.id))
        wait_for(bruno, lambda i: isinstance(i, m.TableState) and i.you == 1)
        anna.send(m.SetBot(seat=2, level="hard"))
        wait_for(anna, lambda i: isinstance(i, m.Notice) and i.what is m.NoticeKind.BOT_ADDED)
        anna.send(m.Start())
        players = [ScriptedPlayer(anna, seed=1), ScriptedPlayer(bruno, seed=2)]
        deadline = time.monotonic() + 60
        while not all(p.over for p in players):
            assert time.monotonic() < deadline, "the match did not end"
            for p in players:
                p.pump()
            time.sleep(0.001)
        over = players[0].over
        anna.send(m.LeaveTable())
        wait_for(anna, lambda i: isinstance(i, m.Left))
        anna.close()
        bruno.close()
        h = app(tmp_path / "anna")
        try:
            lobby = log_in(h, server.port)
            assert lobby.link is not None
            games = lobby.link.games
            row = games.index(folder_game.id)
            h.press("r", ctrl=True)

            # rated once the match is kept, a moment after its end: asked again until then,
            # twice a second (asked at every frame, a slow server's queue filled with asks
            # and the leaderboard's answer below waited behind all of them)
            asked = [time.monotonic()]

            def rated() -> bool:
                text = h.app.top.item_text(row)
                if "one match" in text:
                    return True
                if time.monotonic() - asked[0] > 0.5:
                    asked[0] = time.monotonic()
                    h.app.top.ask()
                return False

            assert h.settle(rated)
            text = h.app.top.item_text(row)
            assert "give or take" in text and "not on the leaderboard yet" in text
            h.press("home")
            for _ in range(row):
                h.press("down")
            mark = len(h.transcript)
            said = h.press("enter")
            nobody = "Nobody is on the leaderboard yet"
            assert h.settle(lambda: nobody in said_since(h, mark)), said
            h.press("escape")
            h.press("end")
            mark = len(h.transcript)
            h.press("enter")
            assert h.settle(lambda: over.seed in said_since(h, mark))
            assert f"match 1 at table {table.id}" in said_since(h, mark)
        finally:
            leave(h)
