"""A whole Domino match online, played through the real app by keys in four processes.

A host (Italian) hosts a table from the main menu — the server a child process
of its app, its own app joining over loopback — a guest (English) joins it by
the host's address and the invite code typed as English words, two spectators
(Italian and English) pick the table from the list and watch; the host puts two
bots on the empty seats with B and starts with Enter; the two humans play by keys
(the scripted player: the first tile that fits, else a draw), each reading only
its own view. Every process is the real app loop on the real clock, the SDL dummy
drivers and the recording speaker.

Each seat's narration — what its table said of every batch, in its language —
equals the offline narration of the same seed and actions for that seat (the
match replayed on this machine from the seed and log the table revealed at the
end), and was spoken; each spectator's equals the offline narration for a
spectator, and no event it received was meant for a seat: no hidden tile.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from audiogame.announce import Words
from audiogame.core.clock import RealClock
from audiogame.core.contract import heard_by
from audiogame.devtools.harness import Harness
from audiogame.devtools.net_harness import ServerThread, wait_for
from audiogame.devtools.online_app import attach, message_text, parse_args
from audiogame.games import registry
from audiogame.language.localizer import Localizer
from audiogame.net import verify
from audiogame.net.client.game_client import Connected, GameClient
from audiogame.net.protocol import messages as m
from audiogame.net.protocol.game_codec import GameCodec
from audiogame.net.protocol.match_log import engine_seed, entries_from_lists, seed_hash
from audiogame.net.server import table_match
from audiogame.ui.online.kept import FOLDER
from audiogame.ui.online.lobby import LobbyScene

PEOPLE = (
    ("Anna", "host", "it"),
    ("Brian", "guest", "en"),
    ("Carla", "watch", "it"),
    ("Dave", "watch", "en"),
)


def start(shared: Path, name: str, role: str, lang: str) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "audiogame.devtools.online_app", "--role", role]
    command += ["--name", name, "--lang", lang, "--shared", str(shared), "--timeout", "600"]
    command += ["--humans", "2", "--watchers", "2", "--manches", "2"]
    if role == "host":
        command += ["--wait-for", *(n for n, r, _ in PEOPLE if r != "host")]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def offline_narration(over: dict, seat: int | None, names: list[str], lang: str) -> list[str]:
    """What the seat's table says of the match replayed here from its seed and log."""
    spec = registry.get("domino")
    codec = GameCodec(spec.wire())
    localizer = Localizer(lang)
    words = Words(localizer)
    engine = spec.new_engine(over["config"], engine_seed(over["seed"]), over["start"])
    said: list[str] = []
    for entry in entries_from_lists(over["log"]):
        if entry.action is None:
            events = engine.advance(entry.at)
        else:
            events = engine.apply(entry.seat, codec.decode_logged(entry.action), entry.at).events
        heard = heard_by(events, seat)
        if heard:
            for message in spec.narrate(heard, engine.observation(seat), names):
                text = message_text(message, localizer, words)
                if text:
                    said.append(text)
    return said


def test_four_app_processes_play_a_whole_match_as_offline(tmp_path):
    processes = [start(tmp_path, *person) for person in PEOPLE]
    try:
        # the bounds only end a run that would never end: under load a whole match of
        # four app processes took 2 minutes here, and its speed is benchmarks/online_keys.py's
        errors = [p.communicate(timeout=660)[1].decode("utf-8", "replace") for p in processes]
    finally:
        for p in processes:
            if p.poll() is None:
                p.kill()
                p.wait(10)
    assert [p.returncode for p in processes] == [0, 0, 0, 0], errors
    results = {n: json.loads((tmp_path / f"{n}.json").read_text()) for n, _, _ in PEOPLE}
    over = results["Anna"]["over"]
    assert over is not None and over["seed_hash"] == seed_hash(over["seed"])
    assert all(r["over"]["log"] == over["log"] for r in results.values())
    seats = {n: r["seat"] for n, r in results.items()}
    assert seats == {"Anna": 0, "Brian": 1, "Carla": None, "Dave": None}
    log = entries_from_lists(over["log"])
    assert {e.seat for e in log if e.action is not None and e.seat is not None} == {0, 1, 2, 3}
    assert sum(1 for e in log if e.seat is None and e.action is not None) == 2  # two manches
    for name, result in results.items():
        heard = [text for batch in result["narrated"] for text in batch]
        expected = offline_narration(over, result["seat"], result["names"], result["lang"])
        # when not: what else the app said (a drop and its "while you were away", which
        # comes as the table's words and not as narration, would show there)
        known = set(expected)
        said_else = [text for text in result["spoken"] if text not in known]
        assert heard == expected, (name, said_else[-60:])
        assert len(heard) > 40
        spoken = " ".join(result["spoken"])
        at = 0
        for text in heard:  # every narrated sentence reached the speaker, in order
            found = spoken.find(text, at)
            assert found >= 0, (name, text)
            at = found + len(text)
    assert results["Anna"]["names"][:2] == ["Anna", "Brian"]
    assert results["Brian"]["names"][2:] == ["Bot 3", "Bot 4"]
    for watcher in ("Carla", "Dave"):
        audiences = [aud for batch in results[watcher]["heard"] for _cls, aud in batch]
        assert audiences and all(aud is None for aud in audiences)  # public events only
        classes = {cls for batch in results[watcher]["heard"] for cls, _aud in batch}
        assert "TileDrawn" not in classes and "HandDealt" not in classes
    # each player sealed the deal in their history (unsaid) and kept the match, which
    # replays here from its file and checks out
    sealed = {"it": "La distribuzione è sigillata", "en": "The deal is sealed"}
    for name, _role, lang in PEOPLE:
        history = " ".join(results[name]["history"])
        assert sealed[lang] in history
        assert over["seed_hash"][:12] in history
        assert over["seed_hash"][:12] not in " ".join(results[name]["spoken"])
        files = list((tmp_path / name / "data" / FOLDER).glob("domino-*.json"))
        assert len(files) == 1, name
        assert json.loads(files[0].read_text())["log"] == over["log"]
        assert verify.main([str(files[0])]) == 0
    # the Italian and the English client narrate the same match in their own words
    assert "Manche 1" in " ".join(results["Anna"]["spoken"])
    assert "Brian" in " ".join(results["Anna"]["spoken"])
    assert "you" in " ".join(results["Brian"]["spoken"])


#: the match seeds looked through, in order, for a 3-seat match of one manche whose
#: deal puts "which end?" to the scripted player. About one match in three does: 10 of
#: 25 played here on reseeded runs (seed 1's on 5 of 10 runs; salt 6's first hit was
#: seed 8), 37 of 100 deals offline with its rule against a normal and an easy bot. All
#: of 20 missing is then about 0.02%; the hold's test plays the next seed's match only
#: where one misses
HELD_SEEDS = [str(n) for n in range(1, 21)]
HELD_CONFIG = {"set_id": "double-6", "seats": 3, "teams": None, "manche_limit": 1}


def seated(table: m.TableInfo) -> int:
    return sum(1 for s in table.seats if s.kind is m.SeatKind.HUMAN)


def playing(table: m.TableInfo) -> bool:
    return table.stage is m.TableStage.PLAYING


class Hold:
    """Holds every frame from the server once the player answers "which end?" (S at the
    table), until the play's answer is at the client and ``AFTER`` more frames passed;
    the keys the player presses meanwhile are ``pressed``."""

    AFTER = 20

    def __init__(self, driver: Any) -> None:
        self.driver = driver
        self.step: int | None = None
        self.frames = 0
        self.after = 0
        self.pressed: list[str] = []
        self.done = False
        real_press = driver.press

        def press(name: str, **kw: Any) -> None:
            if self.step is not None:
                self.pressed.append(name)
            elif not self.done and name == "s" and driver.table is driver.app.top:
                self.step = driver.table.session.view().step
                driver.app.pumps.remove(driver.link.pump)  # nothing from the server now
            real_press(name, **kw)

        driver.press = press

    def frame(self) -> None:
        if self.step is None:
            return
        self.frames += 1
        client_view = self.driver.link.client.view
        if client_view is None or client_view.step <= self.step:
            return  # the play's answer is not at the client yet
        self.after += 1
        if self.after >= self.AFTER:
            self.step, self.done = None, True
            self.driver.app.pumps.append(self.driver.link.pump)


def _held_match(
    tmp_path: Path, monkeypatch: Any, hook: Callable[[Any], Any], seed: str = HELD_SEEDS[0]
) -> tuple[Any, Any]:
    """The scripted guest plays the match of ``seed`` to its end at a server thread's
    table (the master starts it and leaves it to a bot), with ``hook(driver)`` watching
    every frame; the driver and the hook."""
    monkeypatch.setattr(table_match, "new_seed", lambda: seed)
    shared = tmp_path / "shared"
    shared.mkdir()
    with ServerThread(tmp_path / "server") as server:
        bruno = GameClient(server.url, "Bruno", lang="en")
        bruno.start()
        wait_for(bruno, lambda i: isinstance(i, Connected))
        bruno.send(m.CreateTable(game="domino", config=HELD_CONFIG))
        info = wait_for(bruno, lambda i: isinstance(i, m.TableState)).table
        bruno.send(m.SetBot(seat=2, level="easy"))
        (shared / "code").write_text(json.dumps([int(n) for n in info.code.split("-")]))
        (shared / "port").write_text(str(server.port))

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
        held = hook(driver)
        h.app.frame_ends.append(held.frame)
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
    return driver, held


def test_the_scripted_player_sends_no_second_action_while_its_answer_is_held(tmp_path, monkeypatch):
    """The scripted player of the match above (``online_app.Driver``), in this process
    at a table of a server thread: the moment it answers "which end?" with S, every
    frame from the server is held until the play's answer has reached the client, and
    the player goes on looking at its unchanged view meanwhile. It must press nothing
    that acts: at load 20-30 an Enter pressed again on that view landed on the table
    as the match ended there, went on to the next match, and left the host in the
    room. Then the match runs to its end, the player at the finished table."""
    for seed in HELD_SEEDS:  # the first deal that puts "which end?" to the player
        folder = tmp_path / f"seed-{seed}"
        folder.mkdir()
        driver, held = _held_match(folder, monkeypatch, Hold, seed)
        assert driver.failed == ""
        result = json.loads((folder / "shared" / "Anna.json").read_text())
        assert result["over"] is not None  # the player stayed at the finished table
        if held.frames > 0:
            break
    else:
        raise AssertionError(
            f"no deal of match seeds {HELD_SEEDS[0]}-{HELD_SEEDS[-1]} put 'which end?' to"
            " the scripted player: the hold never happened"
        )
    assert held.pressed == []


class HoldJoin:
    """Holds every frame from the server once the guest sends its invite code, until the
    lobby has been on top again for ``FRAMES`` frames and a second; the code's entries
    opened are ``entries``."""

    FRAMES = 120

    def __init__(self, driver: Any) -> None:
        self.driver = driver
        self.entries = 0
        self.frames = 0
        self.since = 0.0
        self.held = self.done = False
        app, real_push, real_press = driver.app, driver.app.push, driver.press

        def push(scene: Any, *args: Any, **kw: Any) -> Any:
            self.entries += getattr(scene, "prompt_id", "") == "online-code-prompt"
            return real_push(scene, *args, **kw)

        def press(name: str, **kw: Any) -> None:
            in_entry = getattr(app.top, "prompt_id", "") == "online-code-prompt"
            if name == "enter" and in_entry and not (self.held or self.done):
                self.held, self.since = True, time.monotonic()
                app.pumps.remove(driver.link.pump)  # the join's answer waits
            real_press(name, **kw)

        app.push, driver.press = push, press

    def frame(self) -> None:
        if not self.held:
            return
        self.frames += isinstance(self.driver.app.top, LobbyScene)
        if self.frames >= self.FRAMES and time.monotonic() - self.since > 1.0:
            self.held, self.done = False, True
            self.driver.app.pumps.append(self.driver.link.pump)


def test_the_scripted_guest_sends_its_code_once_while_the_answer_is_held(tmp_path, monkeypatch):
    """The same guest, its invite code's answer held while it is back in the lobby: it
    waits for it, and does not open the code's entry again. Under load the answer came
    while it typed the code a second time, and the rest of the code ("sland" of island)
    went on at the table that opened over the entry (a loaded fresh-clone run)."""
    driver, held = _held_match(tmp_path, monkeypatch, HoldJoin)
    assert driver.failed == ""
    assert held.done, "the code's answer was never held"
    assert held.entries == 1
    result = json.loads((tmp_path / "shared" / "Anna.json").read_text())
    assert result["over"] is not None
