"""The app's generic table deals the rounds of a game that waits for it, and ticks my time.

Show or Fold (``tests/games/showfold``) deals its first round by itself and then
waits for the table (``NextRound``, seat None); it names no scene, only its
controls' ``round_pause`` (the app's words, a 2-second gap), ``between`` and
``turn_clock``. Played offline through the real loop, with keys: every round
after the first is dealt by the app's table after its pause (the match never
stalls), Shift+P makes it wait for Enter, and my choosing time's last seconds
tick. A game's folder supplies data; the pause, the ticks and the keys are the app's.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from audiogame.games import registry
from audiogame.ui.game_setup import GameSetup
from audiogame.ui.game_table import GameTable

GAMES = Path(__file__).resolve().parent / "games"


@pytest.fixture
def showfold(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv(registry.ENV_VAR, str(GAMES))
    registry.reset()
    yield registry.get("showfold")
    monkeypatch.delenv(registry.ENV_VAR)
    registry.reset()


def seated(harness_factory, spec, target: int, think: int):
    """The app's setup of Show or Fold (two players, this target and time), Enter pressed."""
    h = harness_factory("en").start()
    options = {"target": target, "think": think}
    h.app.settings.setups[spec.id] = {"players": 2, "levels": ["easy"], "options": options}
    h.app.push(GameSetup(h.app, spec))
    h.press("enter")
    table = h.app.top
    assert isinstance(table, GameTable)
    return h, table


def dealt_by_the_table(table: GameTable) -> int:
    """How many rounds the table dealt (its own actions in the match's log)."""
    return sum(1 for entry in table.match_state()["engine"]["log"] if entry[1:2] == [None])


def test_every_round_after_the_first_is_dealt_by_the_apps_table_to_the_end(
    showfold, harness_factory
) -> None:
    h, table = seated(harness_factory, showfold, target=2, think=0)
    heard = []
    for _ in range(40):  # each round: I show, the bot chooses, the reveal, the pause
        if table.finished:
            break
        heard.append(h.press("s"))
        heard.append(h.advance(8.0))
    said = " | ".join(part for part in heard if part)
    assert table.finished, said
    engine = table.engine
    assert engine is not None and engine.is_over
    rounds = engine.observation(0).round
    assert rounds >= 2
    assert dealt_by_the_table(table) == rounds - 1  # the first by itself, then the table's
    assert said.count("Next round in 2 seconds, or Enter.") == rounds - 1
    assert said.endswith("Game over. Enter plays again, Escape leaves the table."), said[-200:]


def test_shift_p_holds_the_next_round_until_enter(showfold, harness_factory) -> None:
    h, table = seated(harness_factory, showfold, target=5, think=0)
    assert h.press("p", shift=True) == "Pause at the end of this round."
    h.press("s")
    heard = h.advance(8.0)
    assert "Round 1 revealed:" in heard and "Paused. Enter for the next round." in heard, heard
    h.advance(60.0)  # nobody deals while the player holds the rounds
    view = table.view()
    assert view.round == 1 and dealt_by_the_table(table) == 0
    said = h.press("enter")
    assert "Round 2" in said, said
    assert table.view().round == 2 and dealt_by_the_table(table) == 1
    assert h.press("p", shift=True) == "No pause: the next round starts by itself."


def test_my_choosing_times_last_seconds_tick(showfold, harness_factory) -> None:
    h, table = seated(harness_factory, showfold, target=5, think=10)
    before = [c for c, _ in h.app.announcer.cue_log].count("timer_tick")
    assert table.own_time()  # my time runs: my questions' answers are part of it
    heard = h.advance(12.0)  # I never choose: the time runs out, I fold
    ticks = [c for c, _ in h.app.announcer.cue_log].count("timer_tick") - before
    assert ticks == 5, heard
    assert not table.own_time()


def test_the_pause_asked_is_kept_in_the_generic_save_and_checked(showfold, harness_factory) -> None:
    from audiogame.ui.game_table import restore_match, resume

    h, table = seated(harness_factory, showfold, target=5, think=0)
    h.press("p", shift=True)
    state = table.match_state()
    assert state["view"]["table"] == {"pause": True}
    resumed = resume(showfold, h.app, state)
    assert isinstance(resumed, GameTable) and resumed.rounds is not None
    assert resumed.rounds.paused
    for bad in ({"pause": 1}, {"bots": []}, {"pause": True, "other": 0}):
        broken = {**state, "view": {**state["view"], "table": bad}}
        with pytest.raises(ValueError):
            restore_match(showfold, broken)
