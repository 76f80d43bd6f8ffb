"""Tira & Passa saved and resumed: the same match goes on, through the real loop."""

from __future__ import annotations

import json
import time

import pytest

from audiogame.core.clock import Scheduler, VirtualClock
from audiogame.core.gametime import GameScheduler
from audiogame.devtools.harness import DISK_WAIT, Harness
from audiogame.devtools.resume_check import adapter_for, compare, drive, reference, resume_from_menu
from audiogame.games.tirapassa import Phase
from audiogame.games.tirapassa.bots import TiraBot
from audiogame.games.tirapassa.options import Control, Difficulty
from audiogame.games.tirapassa.saving import restore_match
from audiogame.games.tirapassa.table_setup import TableSetup
from audiogame.store.saves import SaveStore, encode
from audiogame.ui.games.tira.table import RESUME_GRACE, TiraTable

TIRA = adapter_for("tira")


def play_until(h, setup: TableSetup, seed: int, progress: int) -> TiraTable:
    """A match at the table through the real loop, up to ``progress`` log entries."""
    h.start()
    TIRA.new_match(h, None, setup.to_dict(), seed)
    return drive(h, TIRA, lambda t: TIRA.progress(t) >= progress)


def saved_state(h) -> dict:
    assert h.app.saves.flush(DISK_WAIT)
    loaded = h.app.saves.read()
    assert loaded.ok and loaded.game == "tira"
    return loaded.state


@pytest.mark.parametrize(
    ("lang", "menu_words", "players", "control", "seed", "cut"),
    [
        ("en", "Resume the match: Tira e Passa, round", 4, Control.ASSISTED, 11, 45),
        ("it", "Riprendi la partita: Tira e Passa, giro", 6, Control.MANUAL, 12, 120),
        ("en", "Resume the match: Tira e Passa, round", 2, Control.MANUAL, 13, 9),
    ],
)
def test_quit_mid_race_restart_and_the_same_match_goes_on(
    tmp_path, harness_factory, lang, menu_words, players, control, seed, cut
):
    first = harness_factory(lang)
    play_until(first, TableSetup(players=players, control=control), seed, cut)
    first.app.quit()  # the window closed mid-race: what is on disk is all there is
    state = saved_state(first)

    elsewhere = Harness(tmp_path / "elsewhere", lang=lang)  # its own data folder
    original = reference(elsewhere, TIRA, state)
    elsewhere.close()
    again = harness_factory(lang)
    resumed = resume_from_menu(again, TIRA, state)
    assert menu_words in again.transcript[0]

    verdict = compare(state, original, resumed)
    assert verdict.same_state and verdict.same_situation
    assert verdict.same_events and verdict.events_compared > 20
    assert resumed.saves == original.saves  # saved at the same points all along
    assert (
        again.app.saves.flush(DISK_WAIT) and not again.app.saves.exists()
    )  # the match ended: no save


def test_a_bot_restored_from_its_state_decides_as_the_original(tmp_path, harness_factory):
    h = harness_factory("en")
    table = play_until(h, TableSetup(players=3), 21, 30)
    for seat, bot in table.session.bots.items():
        copy = TiraBot(seat, bot.level, "another seed")
        copy.restore(json.loads(json.dumps(bot.state())))  # through plain JSON, as saved
        obs = table.game.observation(seat)
        assert copy.state() == bot.state()
        assert copy.decide(obs) == bot.decide(obs)
        assert copy._rng.random() == bot._rng.random()  # the same place in its stream


def test_the_resumed_race_waits_while_its_situation_is_spoken(tmp_path, harness_factory):
    h = harness_factory("en")
    h.start()
    TIRA.new_match(h, None, TableSetup(players=4).to_dict(), 31)
    drive(h, TIRA, lambda t: TIRA.progress(t) >= 40 and t.observation().phase is Phase.RACING)
    state = saved_state(h)
    again = harness_factory("en").start()
    said = again.press("enter")
    assert said.startswith("Match resumed. The race goes on in 3 seconds.")
    obs = again.app.top.observation()
    assert obs.supreme is not None and f"Round {obs.round}." in said
    assert "Coasters won:" in said
    log = len(state["engine"]["log"])
    again.advance(RESUME_GRACE - 0.1)
    assert again.app.top.game.log_length == log  # nothing moved during the grace
    assert again.app.top.session.time.clock.now() == state["view"]["clock"]
    again.advance(3.0)
    assert again.app.top.game.log_length > log  # then the race goes on


def test_ctrl_s_saves_at_once_and_says_so(tmp_path, harness_factory):
    h = harness_factory("it")
    table = play_until(h, TableSetup(players=3), 41, 25)
    h.app.saves.discard()
    assert h.app.saves.flush(DISK_WAIT)
    assert h.press("s", ctrl=True) == "Partita salvata."
    assert h.app.saves.read().state == table.match_state()


def test_practice_rounds_are_never_saved(tmp_path, harness_factory):
    h = harness_factory("en").start()
    practice = TiraTable(h.app, TableSetup(players=3), "p", practice=True, home=h.app.top)
    h.app.push(practice)
    h.advance(30)
    assert h.app.saves.flush(DISK_WAIT) and not h.app.saves.exists()
    assert h.press("s", ctrl=True) == "There is no match to save here."


def test_leaving_the_table_keeps_the_match_and_the_menu_offers_it(tmp_path, harness_factory):
    h = harness_factory("en")
    table = play_until(h, TableSetup(players=4), 51, 30)
    h.press("escape")
    h.press("y")
    menu = h.app.top
    assert "Resume the match: Tira e Passa" in menu.item_text(0)
    assert saved_state(h) == table.match_state()
    h.press("enter")
    assert isinstance(h.app.top, TiraTable) and h.app.top is not table
    assert h.app.top.observation().hand == table.observation().hand


def test_a_save_that_cannot_be_rebuilt_is_refused_from_the_menu(tmp_path, harness_factory):
    store = SaveStore(tmp_path / "data")
    store.discard()  # both slots: the broken save is the only one
    store.write("tira", {"not": "a game"}, {"msg": "game-tira", "args": {}})
    store.flush(DISK_WAIT)
    h = harness_factory("en").start()
    h.advance(0.05)
    # refused by the game's save schema as it is read, before anything is offered
    assert "The saved match was damaged" in " ".join(h.transcript)
    assert "Resume" not in h.app.top.item_text(0)
    assert list((tmp_path / "data").glob("match-tira.json*.damaged-*"))


def test_a_log_that_does_not_replay_to_itself_is_refused(tmp_path, harness_factory):
    h = harness_factory("en")
    play_until(h, TableSetup(players=3), 61, 30)
    state = saved_state(h)
    log = [list(entry) for entry in state["engine"]["log"]]
    acted = next(entry for entry in log if entry[2] is not None)
    acted[1] = 9  # an action of a seat nobody sits at
    cheated = dict(state, engine=dict(state["engine"], log=log))
    with pytest.raises(ValueError):
        restore_match(cheated)
    late = dict(state, view=dict(state["view"], clock=-1.0))
    for broken in (dict(state, version=0), dict(state, bots={}), late):
        with pytest.raises(ValueError):
            restore_match(broken)
    # the same refusal from the menu, with the file's checksum intact
    SaveStore(tmp_path / "data").discard()  # both slots: the cheated save is the only one
    (tmp_path / "data" / "match-tira.json").write_bytes(encode("tira", cheated, {}))
    again = harness_factory("en").start()
    again.advance(0.05)  # refused by the save schema as it is read: said at start
    assert "The saved match was damaged" in " ".join(again.transcript)


def test_game_time_stands_still_until_the_saved_instant_then_never_goes_back():
    clock = VirtualClock(50.0)
    scheduler = Scheduler(clock)
    game = GameScheduler(scheduler, offset=50.0 + RESUME_GRACE - 200.0, start=200.0)
    ran = []
    game.call_at(200.5, lambda: ran.append(game.clock.now()))
    clock.set(52.0)
    assert game.clock.now() == 200.0
    scheduler.run_due()
    assert ran == []
    clock.set(53.5)
    scheduler.run_due()
    assert ran == [200.5]
    assert game.clock.app_time(200.5) == pytest.approx(53.5)


def test_bot_state_refuses_garbage_and_changes_nothing():
    bot = TiraBot(1, Difficulty.HARD, 3)
    good = bot.state()
    version, words, gauss = good["rng"]
    bad_states = [
        {"draws": -1, "memo": {}},
        {"draws": "x", "memo": {}},
        {"rng": good["rng"], "memo": []},
        {"rng": good["rng"], "memo": {"react": [1.0]}},
        {"rng": good["rng"], "memo": {"sleep": [1.0, 2.0]}},
        {"rng": good["rng"], "memo": {"react": [float("nan"), 2.0]}},
        {"rng": good["rng"], "memo": {}, "draws": 3},
        {"rng": [version, words[:-1], gauss], "memo": {}},  # a word short
        {"rng": [version, [*words[:-1], 625], gauss], "memo": {}},  # past the end
        {"rng": [version, [*words[:-1], "x"], gauss], "memo": {}},  # not a number
        {"rng": [version, [2**32, *words[1:]], gauss], "memo": {}},  # not a word
        {"rng": [99, words, gauss], "memo": {}},
        {"rng": [version, words, "x"], "memo": {}},
        {"rng": "random", "memo": {}},
        [],
    ]
    for bad in bad_states:
        with pytest.raises(ValueError):
            bot.restore(bad)
        assert bot.state() == good


def test_a_crafted_bot_state_with_a_trillion_draws_is_refused_at_once(tmp_path, harness_factory):
    """Bots once saved how many numbers they had drawn and replayed them on resume:
    a save asking for 10**12 draws would have held the loop for hours."""
    h = harness_factory("en")
    play_until(h, TableSetup(players=3), 81, 20)
    state = saved_state(h)
    crafted = dict(state, bots={seat: {"draws": 10**12, "memo": {}} for seat in state["bots"]})
    begin = time.perf_counter()
    with pytest.raises(ValueError):
        restore_match(crafted)
    with pytest.raises(ValueError):
        TiraBot(1, Difficulty.NORMAL, 81).restore({"draws": 10**12, "memo": {}})
    # at once, not after hours of draws (a loaded machine stretches at once to seconds)
    assert time.perf_counter() - begin < 30.0
    SaveStore(tmp_path / "data").discard()
    (tmp_path / "data" / "match-tira.json").write_bytes(encode("tira", crafted, {}))
    again = harness_factory("en").start()
    again.advance(0.05)  # refused by the save schema as it is read: said at start
    assert "The saved match was damaged" in " ".join(again.transcript)


def test_at_the_end_of_the_match_the_save_is_gone_and_ctrl_s_says_so(tmp_path, harness_factory):
    h = harness_factory("en")
    play_until(h, TableSetup(players=2), 71, 10)
    assert saved_state(h)["seed"] == 71
    drive(h, TIRA, TIRA.finished)
    assert h.app.saves.flush(DISK_WAIT) and not h.app.saves.exists()
    assert h.press("s", ctrl=True) == "There is no match to save here."
    h.press("enter")  # the next match of the evening: saved from its first event
    h.advance(0.5)
    assert saved_state(h)["seed"] == 72


@pytest.mark.parametrize(
    "lang, reason",
    [
        ("en", "The saved match comes from another version of the game"),
        ("it", "La partita salvata viene da un'altra versione del gioco"),
    ],
)
def test_a_match_saved_by_another_version_is_refused_with_that_reason(
    tmp_path, harness_factory, lang, reason
):
    h = harness_factory(lang)
    play_until(h, TableSetup(players=3), 61, 30)
    older = dict(saved_state(h), version=0)
    store = SaveStore(tmp_path / "data")
    store.discard()
    store.write("tira", older, {"msg": "game-tira", "args": {}})
    again = harness_factory(lang).start()
    again.advance(0.05)  # the version is read first: said at start, nothing offered
    assert reason in " ".join(again.transcript)
    assert list((tmp_path / "data").glob("match-tira.json*.damaged-*"))
