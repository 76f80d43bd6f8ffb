"""Tira & Passa from the app's online menus, through the real loop on the real clock: the
player joins a server on 127.0.0.1 by its address, creates a Tira table (the game and
its options chosen on the create-a-table rows), puts a bot on the other seat and starts;
the race is played at Tira's own table driven by a ``RaceSeat`` the connection made
before the first view: the player's Space reaches the server, dated, and the player
hears their dice land, delivered at its time on the server's clock."""

from __future__ import annotations

from audiogame.core.clock import RealClock
from audiogame.devtools.harness import Harness
from audiogame.devtools.net_harness import ServerThread
from audiogame.devtools.online_app import message_text
from audiogame.games import registry
from audiogame.games.tirapassa.actions import Throw
from audiogame.games.tirapassa.events import Landed, RaceStarted
from audiogame.net.client.race_seat import RaceSeat
from audiogame.net.protocol.game_codec import GameCodec
from audiogame.net.server.options import ServerOptions
from audiogame.net.server.race_table import RaceTable
from audiogame.ui.games.tira.table import TiraTable
from audiogame.ui.online.create import CreateTableScene, online_games
from audiogame.ui.online.menu import OnlineMenu
from audiogame.ui.online.room import RoomScene
from tests.test_online_play import join_address


def test_the_create_menu_offers_tira_with_its_options():
    spec = registry.get("tira")
    assert spec in online_games()
    assert spec.table_config(3, {"speed": "fast", "variant": "until-pile-exhausted"}) == {
        **spec.table_config(3, {}),
        "speed": "fast",
        "variant": "until-pile-exhausted",
    }


def test_a_tira_table_created_from_the_online_menu_races_with_a_bot(tmp_path):
    server = ServerThread(tmp_path / "server", ServerOptions(probe_every=0.2)).start()
    h = Harness(tmp_path / "Anna", lang="en", clock=RealClock())
    h.app.settings.online_name = "Anna"
    h.start(OnlineMenu(h.app))
    app = h.app
    heard: list[tuple[list, list]] = []  # (batch, what the table made of it)
    try:
        lobby = join_address(h, f"127.0.0.1:{server.port}")
        h.press("enter")  # no table yet: the cursor is on "Create a table"
        assert isinstance(app.top, CreateTableScene)
        # the game's row: Domino, then Tira with its own rows (players, speed, its end)
        assert "Tira" in h.press("right")
        assert app.top.spec.id == "tira"
        h.press("down")
        h.press("left")
        assert "2" in h.press("left")  # two players
        h.press("down")
        assert "fast" in h.press("right")  # speed: normal -> fast
        assert "End of game" in h.press("down")
        h.press("enter")
        assert h.settle(lambda: isinstance(app.top, RoomScene), 60)
        link = lobby.link
        assert link is not None and isinstance(link.race, RaceSeat)  # before any view
        table = server.run(lambda: next(iter(server.server.lobby.tables.values())))
        assert isinstance(table, RaceTable)
        config = server.run(lambda: dict(table.record.config))
        assert (config["players"], config["speed"]) == (2, "fast")
        h.press("b")  # a bot on the empty seat
        assert h.settle(lambda: link.table is not None and link.table.seats[1].level != "", 60)
        h.press("enter")  # the master starts
        assert h.settle(lambda: isinstance(app.top, TiraTable), 60)
        tira = app.top
        assert isinstance(tira, TiraTable) and tira.session is link.race and tira.me == 0
        spec = registry.get("tira")

        def watch(batch) -> None:
            said = spec.narrate(batch, tira.observation(), tira.names)
            heard.append((list(batch), said))

        tira.watchers.append(watch)
        started = lambda: any(isinstance(e, RaceStarted) for b, _ in heard for e in b)  # noqa: E731
        assert h.settle(started, 60), "the race never started"
        mark = len(h.transcript)
        h.press("space")  # throw

        def mine() -> list:
            return [
                said
                for batch, said in heard
                if any(isinstance(e, Landed) and e.seat == 0 and not e.calm_roll for e in batch)
            ]

        assert h.settle(lambda: bool(mine()), 60), "my dice never landed"
        landing = [message_text(msg, app.localizer, app.announcer.words) for msg in mine()[0]]
        # the landing's words go out, and its batch comes to confirm what was played
        # ahead (waited for, not 0.3 s: a loaded machine runs late)
        said = lambda: " | ".join(h.transcript[mark:])  # noqa: E731
        confirmed = lambda: any(  # noqa: E731
            isinstance(e, Landed) and e.seat == 0 and not e.calm_roll
            for p in link.race.parts
            for e in p.events
        )
        h.settle(lambda: all(w in said() for w in landing if w) and confirmed(), 60)
        log = server.run(lambda: list(table.match.log))
        parts = list(link.race.parts)
        # leaving mid-race: back to the server's tables, the session's frames no longer
        # the race seat's (the next table may be turn-based)
        h.press("escape")
        h.press("y")
        assert app.top is lobby and link.race is None
        assert link.remote.on_batch_item is None and link.remote.on_resync_item is None
        assert link.remote.on_game_refused == link._game_refused
    finally:
        app.pop_to(app.scenes[0])
        server.stop()
        h.close()
    # the Space went out and the server applied it as seat 0's throw
    codec = GameCodec(spec.wire())
    assert Throw() in [codec.decode_logged(c.action) for c in log if c.seat == 0 and c.action]
    # the landing was heard: its words in what the speaker said after the key
    spoken = " | ".join(h.transcript[mark:])
    assert [w for w in landing if w] and all(w in spoken for w in landing if w), (landing, spoken)
    # foreseen by the server and played at its time on its clock, not when its frame came
    assert any(
        p.how == "ahead" and any(isinstance(e, Landed) and e.seat == 0 for e in p.events)
        for p in parts
    )
