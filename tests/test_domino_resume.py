"""Domino saved and resumed: the same match goes on, through the real loop."""

from __future__ import annotations

import json
import random

import pytest

from audiogame.devtools.harness import Harness
from audiogame.devtools.resume_check import adapter_for, compare, drive, reference, resume_from_menu
from audiogame.games.domino.observation import Phase
from audiogame.games.domino.resume_check import sample_setup
from audiogame.games.domino.saving import restore_match, rng_to_data
from audiogame.games.domino.table import DominoTable
from audiogame.games.domino.table_setup import HUMAN
from audiogame.store.saves import SaveStore

DOMINO = adapter_for("domino")
FOUR = sample_setup(["easy", "normal", "easy"], None, {"point-limit": 50}, 0.5)
TEAMS_HARD = sample_setup(["hard", "normal", "easy"], [0, 1, 0, 1], {"point-limit": 50}, 0.5)
TIMED = sample_setup(["normal"], None, {"point-limit": 50, "thinking-time": 10}, 0.5)


def play_until(h, setup: dict, seed: int, stop) -> DominoTable:
    """A match at the table through the real loop, the scripted player at my seat."""
    h.start()
    DOMINO.new_match(h, None, setup, seed)
    return drive(h, DOMINO, stop)


def past(progress: int):
    return lambda t: DOMINO.progress(t) >= progress


def saved_state(h) -> dict:
    assert h.app.saves.flush()
    loaded = h.app.saves.read()
    assert loaded.ok and loaded.game == "domino"
    return loaded.state


@pytest.mark.parametrize(
    ("lang", "menu_words", "setup", "seed", "cut"),
    [
        ("en", "Resume the match: Domino, manche", FOUR, 11, 20),
        ("it", "Riprendi la partita: Domino, manche", TEAMS_HARD, 12, 35),
        ("en", "Resume the match: Domino, manche", TIMED, 13, 9),
        ("en", "Resume the match: Domino, manche 1", FOUR, 14, 1),  # killed as it was dealt
    ],
)
def test_quit_mid_manche_restart_and_the_same_match_goes_on(
    tmp_path, harness_factory, lang, menu_words, setup, seed, cut
):
    first = harness_factory(lang)
    table = play_until(first, setup, seed, past(cut))
    assert table.match.phase is Phase.PLAYING  # the middle of a manche
    first.app.quit()  # the window closed: what is on disk is all there is
    state = saved_state(first)

    elsewhere = Harness(tmp_path / "elsewhere", lang=lang)  # its own data folder
    original = reference(elsewhere, DOMINO, state)
    elsewhere.close()
    again = harness_factory(lang)
    resumed = resume_from_menu(again, DOMINO, state)
    assert menu_words in again.transcript[0]

    verdict = compare(state, original, resumed)
    assert verdict.same_state and verdict.same_situation
    assert verdict.same_events and verdict.events_compared > 30
    assert resumed.saves == original.saves  # saved at the same points all along
    assert again.app.saves.flush() and not again.app.saves.exists()  # the match ended: no save


def test_a_bot_put_elsewhere_in_its_random_stream_plays_another_match(tmp_path, harness_factory):
    """The check can fail: the same save with one bot's stream moved on diverges."""
    first = harness_factory("en")
    play_until(first, FOUR, 21, past(12))
    first.app.quit()
    state = saved_state(first)
    elsewhere = Harness(tmp_path / "elsewhere", lang="en")
    original = reference(elsewhere, DOMINO, state)
    elsewhere.close()

    moved = dict(state, bots=dict(state["bots"], **{"1": rng_to_data(random.Random(7).getstate())}))
    first.app.saves.write("domino", moved, {})  # the newer slot: the one the next start reads
    again = harness_factory("en")
    verdict = compare(moved, original, resume_from_menu(again, DOMINO, moved))
    assert not verdict.same_state and not verdict.same_events


def test_a_bot_thinking_is_saved_from_before_its_turn_began(harness_factory):
    h = harness_factory("en")
    table = play_until(h, TEAMS_HARD, 31, lambda t: t.turns.thinking and DOMINO.progress(t) > 5)
    seat = table.match.current_seat
    assert seat is not None and seat != HUMAN
    saved = saved_state(h)["bots"][str(seat)]
    assert saved != rng_to_data(table.turns.rngs[seat].getstate())  # it has drawn since
    again = DominoTable.resumed(h.app, table.match_state())
    assert again.turns.rngs[seat].getstate() == table.turns.rng_states()[seat]
    assert json.loads(json.dumps(saved)) == rng_to_data(table.turns.rng_states()[seat])


@pytest.mark.parametrize(
    ("lang", "opening", "timer"),
    [
        ("en", "Match resumed: manche", "Your turn; your thinking time starts again: 10 seconds."),
        ("it", "Partita ripresa: manche", "Tocca a te; il tempo per pensare riparte da capo: 10"),
    ],
)
def test_resumed_on_my_turn_the_situation_is_spoken_and_my_time_starts_again(
    harness_factory, lang, opening, timer
):
    first = harness_factory(lang)
    table = play_until(
        first, TIMED, 41, lambda t: DOMINO.progress(t) > 4 and t.match.current_seat == HUMAN
    )
    first.app.quit()
    state = saved_state(first)
    hand = len(table.observation().hand)

    again = harness_factory(lang).start()
    said = again.press("enter")
    assert said.startswith(opening) and timer in said
    ends = again.app.localizer("domino-ask-ends", ends="").rstrip(".")
    assert ends.strip() in said
    assert again.app.localizer("domino-resumed-hand", n=hand) in said
    resumed = again.app.top
    assert resumed.observation().hand == table.observation().hand
    assert resumed.order == table.order and resumed.focus == table.focus
    again.advance(9.5)
    assert resumed.match.steps == len(state["match"]["log"])  # still thinking
    again.advance(1.0)
    assert resumed.match.steps > len(state["match"]["log"])  # the time ran out


@pytest.mark.parametrize(("lang", "words"), [("en", "Match saved."), ("it", "Partita salvata.")])
def test_ctrl_s_saves_at_once_and_says_so(harness_factory, lang, words):
    h = harness_factory(lang)
    table = play_until(h, FOUR, 51, past(15))
    h.app.saves.discard()
    assert h.app.saves.flush() and not h.app.saves.exists()
    assert h.press("s", ctrl=True) == words
    assert h.app.saves.read().state == table.match_state()


def test_a_finished_match_leaves_no_save(harness_factory):
    h = harness_factory("en")
    table = play_until(h, TIMED, 61, DOMINO.finished)
    assert table.match.is_over
    assert h.app.saves.flush() and not h.app.saves.exists()
    assert h.press("s", ctrl=True) == "There is no match to save here."


def test_a_damaged_file_is_refused_at_start_kept_aside_and_the_menu_goes_on(
    tmp_path, harness_factory
):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "match-domino.json").write_text('{"format": "audiogame-match", "vers')
    h = harness_factory("en").start()
    assert "The saved match was damaged" in " ".join(h.transcript)
    assert "Resume" not in h.app.top.item_text(0)
    assert list((tmp_path / "data").glob("match-domino.json.damaged-*"))
    assert not (tmp_path / "data" / "match-domino.json").exists()


def test_a_domino_save_that_does_not_replay_is_refused_from_the_menu(tmp_path, harness_factory):
    h = harness_factory("it")
    play_until(h, FOUR, 71, past(12))
    h.app.quit()
    state = saved_state(h)
    log = [dict(a) for a in state["match"]["log"]]
    i = [n for n, entry in enumerate(log) if entry["seat"] is not None][5]
    log[i] = dict(log[i], seat=(log[i]["seat"] + 1) % 4)
    cheated = dict(state, match=dict(state["match"], log=log))
    h.close()
    store = SaveStore(tmp_path / "data")
    store.discard()  # both slots: the cheated save is the only one
    store.write(
        "domino",
        cheated,
        {"msg": "domino-saved-match", "args": {"manche": 1, "players": 4, "score": 0}},
    )
    assert store.flush()

    again = harness_factory("it").start()
    assert "Riprendi la partita: Domino, manche 1" in again.transcript[0]
    said = again.press("enter")
    assert "La partita salvata era danneggiata" in said
    assert "Riprendi" not in again.app.top.item_text(0)
    assert list((tmp_path / "data").glob("match-domino.json*.damaged-*"))


@pytest.mark.parametrize(
    "breaks",
    [
        lambda s: dict(s, version=0),
        lambda s: dict(s, kind="tira-match"),
        lambda s: dict(s, seed="other"),
        lambda s: dict(s, iterations=0),
        lambda s: dict(s, bots={}),
        lambda s: dict(s, bots=dict(s["bots"], **{"1": [3, [1, 2], None]})),
        lambda s: dict(s, order="nonsense"),
        lambda s: dict(s, focus="x"),
        lambda s: dict(s, setup=dict(s["setup"], levels=["easy"])),
        lambda s: dict(s, match=dict(s["match"], log=s["match"]["log"][:0])),
        lambda s: dict(s, match=dict(s["match"], start=s["match"]["start"] + 1)),
    ],
)
def test_restore_refuses_what_it_cannot_rebuild_exactly(harness_factory, breaks):
    h = harness_factory("en")
    table = play_until(h, FOUR, 81, past(10))
    state = saved_state(h)
    assert state == table.match_state()  # the snapshot's encoded pieces read back the same
    assert restore_match(state).match.to_dict() == state["match"]
    with pytest.raises(ValueError):
        restore_match(breaks(state))


def test_a_bot_move_held_by_the_table_menu_is_decided_again_the_same_way(harness_factory):
    h = harness_factory("en")
    table = play_until(h, FOUR, 91, lambda t: t.turns.thinking and DOMINO.progress(t) > 8)
    seat = table.match.current_seat
    before = table.turns.rng_states()[seat]
    h.press("escape")  # the table menu: the bot's move waits for the player
    h.advance(2.0)
    held = table._deferred
    assert held is not None and held[0] == seat
    assert h.press("s", ctrl=True) == "Match saved."
    state = saved_state(h)
    assert state["bots"][str(seat)] == rng_to_data(before)

    again = harness_factory("en").start()
    again.press("enter")
    resumed = again.app.top
    assert isinstance(resumed, DominoTable) and resumed.turns.thinking
    assert resumed.turns._choice == held[1]  # the same decision, from the same place


def test_my_time_running_out_under_the_table_menu_is_saved_at_once(harness_factory):
    h = harness_factory("en")
    table = play_until(h, TIMED, 101, lambda t: t.match.current_seat == HUMAN and past(4)(t))
    actions = table.match.steps
    h.press("escape")
    h.advance(10.5)  # the thinking time runs out while the menu is open
    assert table.match.steps == actions + 1
    assert len(saved_state(h)["match"]["log"]) >= actions + 1
