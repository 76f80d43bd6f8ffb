"""The desktop app killed mid-race and started again from scratch: the new process
joins the same server, is the same player (a guest's token kept in its data folder),
takes its seat back and hears where the race stands.

The first app is a process of its own (the real loop, the SDL dummy drivers, the
recording speaker, the data folder's lock as the ``audiogame`` command takes it),
driven by keys: it joins a server on 127.0.0.1, creates a Tira & Passa table, puts a
bot on the other seat and starts. Mid-race it is killed (SIGKILL where there is one).
A new app on the same folders then joins the same address, with nothing in memory.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from audiogame.core.clock import RealClock
from audiogame.devtools.harness import Harness
from audiogame.devtools.net_harness import ServerThread
from audiogame.games.tirapassa.observation import Phase
from audiogame.net.server.options import ServerOptions
from audiogame.net.server.race_table import RaceTable
from audiogame.ui.games.tira.table import TiraTable
from audiogame.ui.online.lobby import LobbyScene
from audiogame.ui.online.menu import OnlineMenu

ROOT = Path(__file__).resolve().parents[1]
TIMING = {"signal_delay": 0.3, "race_delay": 0.3, "calm_auto_delay": 0.4, "between_rounds": 0.3}

#: the first life of the app: joins, creates the race, waits for "go", starts, races on
FIRST_LIFE = """
import sys
from pathlib import Path
from audiogame.core.clock import RealClock
from audiogame.devtools.harness import Harness
from audiogame.ui.games.tira.table import TiraTable
from audiogame.ui.online.create import CreateTableScene
from audiogame.ui.online.lobby import LobbyScene
from audiogame.ui.online.menu import OnlineMenu
from audiogame.ui.online.room import RoomScene

home, address, lang = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
h = Harness(home, lang=lang, clock=RealClock(), lock=True)
h.app.settings.online_name = "Anna"
h.start(OnlineMenu(h.app))
app = h.app
for _ in range(3):
    h.press("down")
h.press("enter")  # Join with an address
for char in address:
    h.press(char)
h.press("enter")
assert h.settle(lambda: isinstance(app.top, LobbyScene) and app.top.listed, 60)
link = app.top.link
h.press("enter")  # Create a table
assert isinstance(app.top, CreateTableScene)
h.press("right")  # Tira
h.press("down")
h.press("left")
h.press("left")  # two players
h.press("down")
h.press("right")  # fast
h.press("enter")
assert h.settle(lambda: isinstance(app.top, RoomScene), 60)
h.press("b")  # a bot on the other seat
assert h.settle(lambda: link.table is not None and link.table.seats[1].level != "", 60)
(home / "room").write_text("")
assert h.settle(lambda: (home / "go").exists(), 60)
h.press("enter")
assert h.settle(lambda: isinstance(app.top, TiraTable), 60)
(home / "racing").write_text("")
while True:  # until killed
    h.settle(lambda: False, 1.0)
"""


def wait_file(path: Path, process: subprocess.Popen[str], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not path.exists():
        if process.poll() is not None:
            raise AssertionError(f"the first app ended: {process.stderr.read()[-3000:]}")
        assert time.monotonic() < deadline, f"no {path.name} from the first app"
        time.sleep(0.05)


def kill(process: subprocess.Popen[str]) -> None:
    """The way a crash ends it: no goodbye, no leaving the table."""
    process.send_signal(getattr(signal, "SIGKILL", signal.SIGTERM))
    process.wait(10)


def test_the_app_started_again_mid_race_takes_its_seat_back_and_hears_the_race(tmp_path):
    server = ServerThread(tmp_path / "server", ServerOptions(probe_every=0.2, grace=30.0))
    server.start()
    home = tmp_path / "Anna"
    home.mkdir()
    address = f"127.0.0.1:{server.port}"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    first = subprocess.Popen(
        [sys.executable, "-c", FIRST_LIFE, str(home), address, "en"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    h: Harness | None = None
    try:
        # bounds only: the first app under Wine at load 35 took longer than 60 s
        wait_file(home / "room", first, 300)
        running = server.server
        assert running is not None
        table = server.run(lambda: next(iter(running.lobby.tables.values())))
        assert isinstance(table, RaceTable)
        server.run(lambda: table.record.config.update(timing=TIMING))
        (home / "go").write_text("")
        wait_file(home / "racing", first, 300)

        def phase() -> Phase | None:
            match = table.match
            return None if match is None else match.engine.observation(None).phase

        deadline = time.monotonic() + 120
        while server.run(phase) is not Phase.RACING:
            assert time.monotonic() < deadline, "no race under way"
            time.sleep(0.02)
        kill(first)
        anna = server.run(lambda: table.seats[0].player)

        # a new process of the app, nothing in memory: the same folders
        h = Harness(home, lang="en", clock=RealClock(), lock=True)
        h.start(OnlineMenu(h.app))
        app = h.app
        t = app.localizer
        assert app.settings.online_address == address  # the first life kept it
        for _ in range(3):
            h.press("down")
        h.press("enter")  # Join with an address: the last one, as offered
        h.press("enter")
        back = t("net-race-back")
        assert h.settle(lambda: any(back in s for s in h.transcript), 60), h.transcript
        assert h.settle(lambda: isinstance(app.top, TiraTable), 60)
        lobby = next(s for s in app.scenes if isinstance(s, LobbyScene))
        assert lobby.link is not None and lobby.link.seat == 0
        assert server.run(lambda: table.seats[0].player) == anna  # the same player

        def summary() -> str:
            said = " | ".join(h.transcript)
            return said[said.index(back) :]

        # where the race stands, said after "back": awaited, not a pause
        assert h.settle(lambda: "Dice: " in summary() and "Coasters won: " in summary(), 60)
        said = " | ".join(h.transcript)
        at = said.index(back)
        assert "notice-" not in said and "Anna is back" not in said
        # where the race stands is said once, as the server runs it: never the offline
        # resume's grace ("Match resumed. The race goes on in 3 seconds"), which no
        # online race waits
        assert any(t(f"tira-online-phase-{p.value}") in said[at:] for p in Phase)
        assert t("tira-resumed", seconds=3).split(".")[0] not in said
        assert said.count("Coasters won: ") == 1, said
        # the bot gives the seat back when its round ends, unless the race is over
        yours = t("net-seat-yours-again")
        if t("net-race-back-covered") in said[at:]:
            # at the round's end, whose length is the dice's (mostly 7-15 s, now and then
            # 30 s and more): the bound only ends a wait that would never end
            assert h.settle(lambda: any(yours in s for s in h.transcript), 240)
            assert not server.run(lambda: table.seats[0].covered)
    finally:
        if first.poll() is None:
            kill(first)
        if h is not None:
            h.app.pop_to(h.app.scenes[0])
            h.close()
        server.stop()


def test_a_kept_guest_token_the_server_no_longer_knows_enters_as_a_new_guest(tmp_path):
    """A server started afresh (or another on the same address) does not know the kept
    token: the app enters as a new guest, with no login screen and no error."""
    from audiogame.ui.online import sessions
    from audiogame.ui.online.login import LoginScene

    with ServerThread(tmp_path / "server") as server:
        address = f"127.0.0.1:{server.port}"
        h = Harness(tmp_path / "Anna", lang="it", lock=True)
        h.app.settings.online_name = "Anna"
        h.app.settings.online_address = address
        sessions.keep(h.app.data_dir, address, "Anna", "a-token-from-another-life")
        h.start(OnlineMenu(h.app))
        try:
            for _ in range(3):
                h.press("down")
            h.press("enter")
            h.press("enter")
            app = h.app
            assert h.settle(lambda: isinstance(app.top, LobbyScene) and app.top.listed, 60)
            assert not any(isinstance(s, LoginScene) for s in app.scenes)
            # forgotten: a new one is kept only once this guest sits at a table
            assert sessions.token_for(h.app.data_dir, address, "Anna") is None
        finally:
            h.app.pop_to(h.app.scenes[0])
            h.close()
