"""A player whose line drops as the match ends comes back to the finished table and
hears how it ended, as the players who stayed heard it.

The app (harness: the real loop on the real clock, dummy SDL, recording speaker)
plays Domino by the scripted player of the four-process match
(``devtools.online_app``) at a table of a server thread, through a relay on
loopback (``devtools.delay_proxy``); the master is a plain network client who
starts the match and leaves it to a bot. The moment the server ends the match the
relay cuts the line, before the end's frames leave; once the app is trying again
it lets it through.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from audiogame.core.clock import RealClock
from audiogame.devtools.delay_proxy import DelayProxy
from audiogame.devtools.harness import Harness
from audiogame.devtools.net_harness import QUIET_HEARTBEAT, ServerThread, wait_for
from audiogame.devtools.online_app import attach, parse_args
from audiogame.net import verify
from audiogame.net.client.game_client import Connected, GameClient
from audiogame.net.protocol import messages as m
from audiogame.net.server import table_match
from audiogame.net.server.options import ServerOptions
from audiogame.ui.online.kept import FOLDER
from audiogame.ui.online.lobby import LobbyScene

CONFIG = {"set_id": "double-6", "seats": 3, "teams": None, "manche_limit": 1}


def seated(table: m.TableInfo) -> int:
    return sum(1 for s in table.seats if s.kind is m.SeatKind.HUMAN)


class Cut:
    """The scenario: the line cut from inside the server's end of the match, let through
    once the app is trying again and ``mend_when(server)`` holds; the app stops when the
    scripted player is done or ``stop_when(link, harness)`` holds."""

    def __init__(self, tmp_path: Path, monkeypatch: Any, options: ServerOptions) -> None:
        self.tmp_path, self.monkeypatch, self.options = tmp_path, monkeypatch, options
        self.states: list[str] = []
        self.mend_when: Callable[[ServerThread], bool] = lambda _server: True
        self.stop_when: Callable[[Any, Harness], bool] = lambda _link, _h: False
        #: the scenes when ``stop_when`` stopped the app, the top last
        self.landed: list[str] = []

    def run(self) -> tuple[Harness, Any]:
        tmp_path = self.tmp_path
        shared = tmp_path / "shared"
        shared.mkdir()
        cut = threading.Event()
        real_finish = table_match.TableMatch._finish
        with (
            ServerThread(tmp_path / "server", self.options) as server,
            DelayProxy(server.port) as proxy,
        ):

            def finish(table: Any, match: Any) -> None:
                proxy.cut()  # on the server's loop: the end's frames are not out yet
                cut.set()
                real_finish(table, match)

            self.monkeypatch.setattr(table_match.TableMatch, "_finish", finish)
            bruno = GameClient(server.url, "Bruno", lang="en")
            bruno.start()
            wait_for(bruno, lambda i: isinstance(i, Connected))
            bruno.send(m.CreateTable(game="domino", config=CONFIG))
            info = wait_for(bruno, lambda i: isinstance(i, m.TableState)).table
            bruno.send(m.SetBot(seat=2, level="easy"))
            (shared / "code").write_text(json.dumps([int(n) for n in info.code.split("-")]))
            (shared / "port").write_text(str(proxy.port))

            def master() -> None:  # starts once Anna sits, then leaves: a bot plays on
                wait_for(bruno, lambda i: isinstance(i, m.TableState) and seated(i.table) == 2, 300)
                bruno.send(m.Start())
                wait_for(bruno, lambda i: isinstance(i, m.TableState) and playing(i.table), 300)
                bruno.send(m.LeaveTable())

            starter = threading.Thread(target=master, daemon=True)
            starter.start()
            h = Harness(tmp_path / "Anna", lang="en", clock=RealClock(), seed=None)
            h.app.settings.online_name = "Anna"
            args = parse_args(["--role", "guest", "--name", "Anna", "--lang", "en"]
                              + ["--shared", str(shared), "--timeout", "300"])  # fmt: skip
            driver = attach(h, args)
            states = self.states

            def watch() -> None:
                link = driver.link
                if link is None:
                    return
                if not states or states[-1] != link.state:
                    states.append(link.state)
                if cut.is_set() and link.state == "retrying" and self.mend_when(server):
                    cut.clear()
                    proxy.mend()
                if not cut.is_set() and len(states) > 2 and self.stop_when(link, h):
                    self.landed = [type(scene).__name__ for scene in h.app.scenes]
                    h.app.quit()

            h.app.frame_ends.append(watch)
            h.start()
            try:
                h.app.run()
            finally:
                h.app.pop_to(h.app.scenes[0])
                if driver.link is not None:
                    driver.link.close()
                h.close()
                bruno.close()
            starter.join(10)
        return h, driver


def playing(table: m.TableInfo) -> bool:
    return table.stage is m.TableStage.PLAYING


def test_a_line_cut_as_the_match_ends_comes_back_to_the_end(tmp_path, monkeypatch):
    scenario = Cut(tmp_path, monkeypatch, ServerOptions(heartbeat=QUIET_HEARTBEAT))
    h, driver = scenario.run()
    shared = tmp_path / "shared"
    states = scenario.states
    # the scripted player finished as the others do: at the finished table, the end heard
    assert driver.failed == ""
    assert states[-2:] == ["retrying", "connected"]  # the line was cut, and came back
    said = " ".join(h.transcript)  # an utterance may carry more than one message
    assert "Back at the table." in said, said[-2000:]
    after = said[said.index("Back at the table.") :]
    assert "Standings:" in after  # how the match ended
    assert "Enter to go back to the table's seats, Escape for the menu." in after
    assert "Enter for the next one" not in after and "Match resumed" not in after
    # the end's seed and log came with the return: kept, and it checks out here
    result = json.loads((shared / "Anna.json").read_text())
    assert result["over"] is not None
    files = list((tmp_path / "Anna" / "data" / FOLDER).glob("domino-*.json"))
    assert len(files) == 1
    assert json.loads(files[0].read_text())["log"] == result["over"]["log"]
    assert verify.main([str(files[0])]) == 0


def test_a_player_back_after_their_finished_table_closed_hears_it_closed(tmp_path, monkeypatch):
    """Back too late: the seat's wait (grace) over, the player left it; with nobody else
    at the finished table it closed. The returning player hears the table was closed, as
    those at it did, and is in the lobby, not at a silent table that never plays."""
    options = ServerOptions(heartbeat=QUIET_HEARTBEAT, grace=0.5)
    scenario = Cut(tmp_path, monkeypatch, options)

    def table_gone(server: ServerThread) -> bool:
        async def tables() -> int:
            assert server.server is not None
            return len(server.server.lobby.tables)

        return server.call(tables()) == 0

    scenario.mend_when = table_gone
    # the link's table is the network thread's, gone as the Left arrives: the app has
    # handled it (and said why) once it is back in the lobby. Stopped at the first, the
    # app was quit before its words under load (a loaded fresh-clone run)
    scenario.stop_when = lambda link, h: (
        link.table is None and isinstance(h.app.scenes[-1], LobbyScene)
    )
    h, _driver = scenario.run()
    assert scenario.states[-2:] == ["retrying", "connected"]
    said = " ".join(h.transcript)
    assert "The table was closed." in said, said[-2000:]
    assert scenario.landed[-1] == LobbyScene.__name__, scenario.landed
