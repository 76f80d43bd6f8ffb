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
from typing import Any

from audiogame.core.clock import RealClock
from audiogame.devtools.delay_proxy import DelayProxy
from audiogame.devtools.harness import Harness
from audiogame.devtools.net_harness import ServerThread, wait_for
from audiogame.devtools.online_app import attach, parse_args
from audiogame.net import verify
from audiogame.net.client.game_client import Connected, GameClient
from audiogame.net.protocol import messages as m
from audiogame.net.server import table_match
from audiogame.ui.online.kept import FOLDER

CONFIG = {"set_id": "double-6", "seats": 3, "teams": None, "manche_limit": 1}


def seated(table: m.TableInfo) -> int:
    return sum(1 for s in table.seats if s.kind is m.SeatKind.HUMAN)


def test_a_line_cut_as_the_match_ends_comes_back_to_the_end(tmp_path, monkeypatch):
    shared = tmp_path / "shared"
    shared.mkdir()
    cut = threading.Event()
    real_finish = table_match.TableMatch._finish
    with ServerThread(tmp_path / "server") as server, DelayProxy(server.port) as proxy:

        def finish(self: Any, match: Any) -> None:
            proxy.cut()  # on the server's loop: the end's frames are not out yet
            cut.set()
            real_finish(self, match)

        monkeypatch.setattr(table_match.TableMatch, "_finish", finish)
        bruno = GameClient(server.url, "Bruno", lang="en")
        bruno.start()
        wait_for(bruno, lambda i: isinstance(i, Connected))
        bruno.send(m.CreateTable(game="domino", config=CONFIG))
        info = wait_for(bruno, lambda i: isinstance(i, m.TableState)).table
        bruno.send(m.SetBot(seat=2, level="easy"))
        (shared / "code").write_text(json.dumps([int(n) for n in info.code.split("-")]))
        (shared / "port").write_text(str(proxy.port))

        def master() -> None:
            wait_for(bruno, lambda i: isinstance(i, m.TableState) and seated(i.table) == 2, 300)
            bruno.send(m.Start())
            wait_for(
                bruno,
                lambda i: isinstance(i, m.TableState) and i.table.stage is m.TableStage.PLAYING,
                300,
            )
            bruno.send(m.LeaveTable())

        starter = threading.Thread(target=master, daemon=True)
        starter.start()
        h = Harness(tmp_path / "Anna", lang="en", clock=RealClock(), seed=None)
        h.app.settings.online_name = "Anna"
        args = parse_args(["--role", "guest", "--name", "Anna", "--lang", "en"]
                          + ["--shared", str(shared), "--timeout", "120"])  # fmt: skip
        driver = attach(h, args)
        states: list[str] = []

        def mend() -> None:
            link = driver.link
            if link is not None and (not states or states[-1] != link.state):
                states.append(link.state)
            if cut.is_set() and link is not None and link.state == "retrying":
                cut.clear()
                proxy.mend()

        h.app.frame_ends.append(mend)
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
