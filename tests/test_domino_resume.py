"""Domino saved and resumed: the same match goes on, through the real loop."""

from __future__ import annotations

import random

import pytest

from audiogame.core.contract import random_state_to_data as rng_to_data
from audiogame.core.gametime import GameScheduler
from audiogame.core.seat import LocalSeat
from audiogame.devtools.games.domino.resume_check import sample_setup
from audiogame.devtools.harness import DISK_WAIT, Harness
from audiogame.devtools.resume_check import adapter_for, compare, drive, reference, resume_from_menu
from audiogame.games.domino.observation import Phase
from audiogame.games.domino.saving import restore_match
from audiogame.games.domino.table_setup import HUMAN
from audiogame.store.saveformat import decode
from audiogame.store.saves import SaveStore
from audiogame.ui.games.domino.table import DominoTable

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
    assert h.app.saves.flush(DISK_WAIT)
    loaded = h.app.saves.read()
    assert loaded.ok and loaded.game == "domino"
    return loaded.state


@pytest.mark.parametrize(
    ("lang", "menu_words", "setup", "seed", "cut"),
    [
        ("en", "Resume the match: Domino, manche", FOUR, 11, 20),
        ("it", "Riprendi la partita: Domino, manche", TEAMS_HARD, 12, 12),
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
    assert (
        again.app.saves.flush(DISK_WAIT) and not again.app.saves.exists()
    )  # the match ended: no save


def test_a_bot_put_elsewhere_in_its_random_stream_plays_another_match(tmp_path, harness_factory):
    """The check can fail: the same save with one bot's stream moved on diverges."""
    first = harness_factory("en")
    play_until(first, FOUR, 21, past(12))
    first.app.quit()
    state = saved_state(first)
    elsewhere = Harness(tmp_path / "elsewhere", lang="en")
    original = reference(elsewhere, DOMINO, state)
    elsewhere.close()

    elsewhere_in_stream = {"rng": rng_to_data(random.Random(7).getstate())}
    moved = dict(state, bots=dict(state["bots"], **{"1": elsewhere_in_stream}))
    first.app.saves.write("domino", moved, {})  # the newer slot: the one the next start reads
    again = harness_factory("en")
    verdict = compare(moved, original, resume_from_menu(again, DOMINO, moved))
    assert not verdict.same_state and not verdict.same_events


def drawn_since_its_turn_began(table: DominoTable) -> bool:
    """A bot on its turn whose stream has moved since the turn began. The normal bot
    decides without drawing, so on its turn the saved and the live stream are one and
    the test could not tell the state saved before the turn from the state now."""
    bot = table.bots.get(table.match.current_seat)
    return bot is not None and bot.pending and bot.state()["rng"] != rng_to_data(bot.rng.getstate())


def test_a_bot_thinking_is_saved_from_before_its_turn_began(harness_factory):
    h = harness_factory("en")
    # Stuck ("the match is over") if no bot of the match ever draws on its turn.
    table = play_until(
        h,
        TEAMS_HARD,
        31,
        lambda t: t.thinking and DOMINO.progress(t) > 5 and drawn_since_its_turn_began(t),
    )
    seat = table.match.current_seat
    assert seat is not None and seat != HUMAN
    bot = table.bots[seat]
    saved = saved_state(h)["bots"][str(seat)]
    assert saved == bot.state() and bot.pending
    assert saved["rng"] != rng_to_data(bot.rng.getstate())  # it has drawn since
    again = DominoTable.resumed(h.app, table.match_state())
    assert rng_to_data(again.bots[seat].rng.getstate()) == saved["rng"]
    wanted = bot.decide(table.match.observation(seat))
    while wanted is not None and not hasattr(wanted, "action"):
        wanted.step()
        wanted = bot.decide(table.match.observation(seat))
    redo = again.bots[seat].decide(again.match.observation(seat))
    while redo is not None and not hasattr(redo, "action"):
        redo.step()
        redo = again.bots[seat].decide(again.match.observation(seat))
    assert redo == wanted  # the same move, from the same place in its stream


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
    assert resumed.controls.order == table.controls.order
    assert resumed.controls.focus == table.controls.focus
    again.advance(9.5)
    assert resumed.match.steps == len(state["engine"]["log"])  # still thinking
    again.advance(1.0)
    assert resumed.match.steps > len(state["engine"]["log"])  # the time ran out


@pytest.mark.parametrize(("lang", "words"), [("en", "Match saved."), ("it", "Partita salvata.")])
def test_ctrl_s_saves_at_once_and_says_so(harness_factory, lang, words):
    h = harness_factory(lang)
    table = play_until(h, FOUR, 51, past(15))
    h.app.saves.discard()
    assert h.app.saves.flush(DISK_WAIT) and not h.app.saves.exists()
    assert h.press("s", ctrl=True) == words
    assert h.app.saves.read().state == table.match_state()


def test_a_finished_match_leaves_no_save(harness_factory):
    h = harness_factory("en")
    table = play_until(h, TIMED, 61, DOMINO.finished)
    assert table.match.is_over
    assert h.app.saves.flush(DISK_WAIT) and not h.app.saves.exists()
    assert h.press("s", ctrl=True) == "There is no match to save here."


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_spectator_joining_a_finished_match_hears_its_result_and_the_keys(harness_factory, lang):
    """A table whose match is over, joined (as ``DominoTable.online`` opens a table of a
    server, here over this machine's finished match, seen from no seat)."""
    h = harness_factory(lang)
    table = play_until(h, TIMED, 62, DOMINO.finished)
    standings = standings_said(h)
    names = [n or "Anna" for n in table.seat_names()]
    seat = LocalSeat(table.match, GameScheduler(h.app.scheduler), seat=None)
    joined = DominoTable.online(h.app, seat, names)
    mark = len(h.transcript)
    h.app.push(joined)
    h.advance(0.1)
    said = " | ".join(h.transcript[mark:])
    t = h.app.localizer
    assert said.startswith(t("domino-whose-turn-over"))
    watched = standings.replace(t("domino-you"), "Anna")  # my seat, named to others
    assert watched in said
    final = table.match.final
    assert final is not None and len(final.winners) == 1
    result = said[len(t("domino-whose-turn-over")) : said.index(watched)]
    assert names[final.winners[0]] in result  # who won, before the standings
    assert said.endswith(t("domino-game-over-keys"))
    assert t("domino-whose-turn-between") not in said


def standings_said(h) -> str:
    """The standings the match's end said (the last of its words that hold them)."""
    head = h.app.localizer("domino-standings", totals="").rstrip(".: ")
    line = [line for line in h.transcript if head in line][-1]
    return line[line.index(head) :]


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
    log = [dict(a) for a in state["engine"]["log"]]
    i = [n for n, entry in enumerate(log) if entry["seat"] is not None][5]
    log[i] = dict(log[i], seat=(log[i]["seat"] + 1) % 4)
    cheated = dict(state, engine=dict(state["engine"], log=log))
    h.close()
    store = SaveStore(tmp_path / "data")
    store.discard()  # both slots: the cheated save is the only one
    store.write(
        "domino",
        cheated,
        {"msg": "domino-saved-match", "args": {"manche": 1, "players": 4, "score": 0}},
    )
    assert store.flush(DISK_WAIT)

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
        lambda s: dict(s, view=dict(s["view"], table=dict(s["view"]["table"], iterations=0))),
        lambda s: dict(s, view=dict(s["view"], clock=s["view"]["clock"] + 1)),
        lambda s: dict(s, bots={}),
        lambda s: dict(s, bots=dict(s["bots"], **{"1": [3, [1, 2], None]})),
        lambda s: dict(s, bots=dict(s["bots"], **{"1": {"rng": [3, [1, 2], None]}})),
        lambda s: dict(s, view=dict(s["view"], controls=dict(s["view"]["controls"], order="x"))),
        lambda s: dict(s, view=dict(s["view"], controls=dict(s["view"]["controls"], focus="x"))),
        lambda s: dict(s, setup=dict(s["setup"], levels=["easy"])),
        lambda s: dict(s, engine=dict(s["engine"], log=s["engine"]["log"][:0])),
        lambda s: dict(s, engine=dict(s["engine"], start=s["engine"]["start"] + 1)),
    ],
)
def test_restore_refuses_what_it_cannot_rebuild_exactly(harness_factory, breaks):
    h = harness_factory("en")
    table = play_until(h, FOUR, 81, past(10))
    state = saved_state(h)
    assert state == table.match_state()  # the snapshot's encoded pieces read back the same
    assert restore_match(state).match.to_dict() == state["engine"]
    with pytest.raises(ValueError):
        restore_match(breaks(state))


def test_game_time_stands_still_under_the_table_menu_and_a_save_there_resumes_alike(
    harness_factory,
):
    h = harness_factory("en")
    table = play_until(h, FOUR, 91, lambda t: t.thinking and DOMINO.progress(t) > 8)
    seat = table.match.current_seat
    steps = table.match.steps
    before = table.bots[seat].state()
    held = table.bots[seat].decide(table.match.observation(seat))
    assert held is not None and hasattr(held, "action")
    h.press("escape")  # the table menu: game time stops, the bot's move waits
    h.advance(10.0)
    assert table.match.steps == steps and table.session.time.paused
    assert h.press("s", ctrl=True) == "Match saved."
    state = saved_state(h)
    assert state["bots"][str(seat)] == before

    again = harness_factory("en").start()
    again.press("enter")
    resumed = again.app.top
    assert isinstance(resumed, DominoTable) and resumed.bots[seat].pending
    redo = resumed.bots[seat].decide(resumed.match.observation(seat))
    assert redo.action == held.action  # the same decision, from the same place

    h.press("escape")  # back at the first table: its time goes on, the bot plays
    assert h.app.top is table and not table.session.time.paused
    h.advance(1.0)
    assert table.match.steps > steps


def test_my_thinking_time_stops_under_the_table_menu(harness_factory):
    h = harness_factory("en")
    table = play_until(h, TIMED, 101, lambda t: t.match.current_seat == HUMAN and past(4)(t))
    steps = table.match.steps
    h.press("escape")
    h.advance(30.0)  # three times the thinking time, under the menu: it does not run
    assert table.match.steps == steps
    h.press("f1", ctrl=True)  # the rules over the menu: still stopped
    h.advance(30.0)
    h.press("escape")
    h.press("escape")
    assert h.app.top is table
    h.advance(9.5)
    assert table.match.steps == steps  # the time left when the menu opened
    h.advance(0.6)
    _, seat, action = table.match.log[steps]
    assert (seat, action) == (HUMAN, None)  # and then it ran out


def test_a_slot_torn_by_a_kill_is_kept_aside_before_the_match_writes_over_it(
    tmp_path, harness_factory
):
    """The process died half-way through writing the newest snapshot: the next start
    resumes the other slot's, and the match's next snapshot goes over the torn slot,
    which is kept aside first, byte for byte, as a damaged file is."""
    first = harness_factory("en")
    play_until(first, FOUR, 31, past(10))
    first.app.quit()
    assert first.app.saves.flush(DISK_WAIT)
    data = tmp_path / "data"
    slots = [data / "match-domino.json", data / "match-domino.json.alt"]
    newest = max(slots, key=lambda p: decode(p.read_bytes()).header.seq)
    whole = newest.read_bytes()
    newest.write_bytes(whole[: len(whole) // 2])  # a real save, cut where the kill came
    torn = newest.read_bytes()

    again = harness_factory("en").start()
    assert "Resume the match" in again.app.top.item_text(0)
    again.press("enter")
    assert isinstance(again.app.top, DominoTable)
    drive(again, DOMINO, lambda _table: again.app.saves.writes >= 2)  # my moves too
    kept = list(data.glob(f"{newest.name}.damaged-*"))
    assert [k.read_bytes() for k in kept] == [torn]
    assert decode(newest.read_bytes()).header.seq > 0  # written over, whole
