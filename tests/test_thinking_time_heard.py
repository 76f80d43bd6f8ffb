"""Domino's thinking time and speech (issue 29, item 6), through the real loop.

The rule, as at the Salotto: the player's own questions are part of the player's
time; the game's own news is not. With speech timed by the listening model, a
10 s limit with questions asked all along (H, C, E, T …) runs out 10 s after
"your turn" was heard (it lasted 25.4 s with five keys: every answer stopped the
clock); and with no sound device the last seconds are said before "Time is up!".
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from audiogame.devtools.ears import Ears, times_of
from audiogame.devtools.harness import FRAME, Harness
from audiogame.games.domino import Phase
from audiogame.games.domino.table_setup import DominoSetup
from audiogame.ui.games.domino.table import DominoTable

LIMIT = 10
TIME_UP = {"it": "Tempo scaduto!", "en": "Time is up!"}
WARNING = {"it": "Tocca a te; restano 5 secondi.", "en": "Your turn; 5 seconds left."}


def table_at(make: Callable[[], Harness]) -> tuple[Harness, DominoTable]:
    """A table the bot opens, the first seed of 2..39 whose deal says so: where I open,
    my own time runs out while I wait for a turn after the bot's move, and the limit
    is measured from the wrong turn."""
    setup = DominoSetup(levels=["normal"], pace=1.0)
    setup.options["set"] = "double-6"
    setup.options["thinking-time"] = LIMIT
    for seed in range(2, 40):
        h = make()
        table = DominoTable(h.app, setup, seed, iterations=10)
        h.start(table)
        if table.match.phase is Phase.PLAYING and table.match.current_seat != 0:
            return h, table
        h.close()
    raise AssertionError("no seed in 2..39 lets the bot open")


def my_turn_after_a_bot(ears: Ears, table: DominoTable) -> None:
    ears.run(60.0, until=lambda: table.match.current_seat == 0 and table.view().step > 1)
    assert table.match.phase is Phase.PLAYING and table.match.current_seat == 0


@pytest.mark.parametrize("lang", ["it", "en"])
def test_my_questions_are_my_time_the_news_is_not(harness_factory, lang):
    h, table = table_at(lambda: harness_factory(lang, timed_speech=True))
    ears = Ears(h)
    ran_out = times_of(table, ("TimeRanOut",), human=None)
    my_turn_after_a_bot(ears, table)
    news = ears.lines[-1]
    assert news.end > h.clock.now()  # "your turn" still being said
    for key in ("h", "c", "e", "t", "h", "c"):  # a question every 1.5 s, each answered
        ears.run(1.5)
        assert not ran_out
        ears.press(key)
    ears.run(30.0, until=lambda: bool(ran_out))
    assert ran_out
    # the limit from the moment the news was heard or cut by my first question; the
    # answers, and the news said again after them, took none of it
    news_heard = news.end
    assert news_heard + LIMIT - 1e-6 <= ran_out[0] <= news_heard + LIMIT + 2 * FRAME


@pytest.mark.parametrize("lang", ["it", "en"])
def test_without_sounds_the_last_seconds_are_said(harness_factory, lang):
    h, table = table_at(lambda: harness_factory(lang, with_audio=False))
    ran_out = times_of(table, ("TimeRanOut",), human=None)
    h.run_until(lambda: table.match.current_seat == 0 and table.view().step > 1, 60.0)
    turn = h.clock.now()
    said = h.advance(LIMIT - 5 + 0.5)
    assert WARNING[lang] in said
    said = h.advance(5.0)
    assert ran_out and TIME_UP[lang] in said
    assert ran_out[0] - turn <= LIMIT + 2 * FRAME


def test_with_sounds_the_ticks_alone_warn(harness_factory):
    h, table = table_at(lambda: harness_factory("en"))
    h.run_until(lambda: table.match.current_seat == 0 and table.view().step > 1, 60.0)
    said = h.advance(LIMIT + 0.5)
    assert WARNING["en"] not in said and TIME_UP["en"] in said
