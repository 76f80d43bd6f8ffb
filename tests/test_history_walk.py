"""The history while the game goes on (issue 13, item 15): Page Up goes on back
from the message being read while new messages arrive, never jumps to the
newest; any other key ends the walk, and the next Page Up starts from the newest.

Through the real loop, at a Domino table whose bots keep moving.
"""

from __future__ import annotations

import pytest

from audiogame.games.domino import End, Phase, Play
from audiogame.games.domino.table_setup import DominoSetup
from audiogame.history import History
from audiogame.ui.games.domino.table import DominoTable


def bots_to_move(table: DominoTable) -> bool:
    match = table.match
    return match.phase is Phase.PLAYING and match.current_seat != 0


def my_moves_until(h, table: DominoTable, wanted) -> None:
    for _ in range(500):
        if wanted(table):
            return
        match = table.match
        if match.phase is Phase.PLAYING and match.current_seat == 0:
            plays = [a for a in match.legal_actions(0) if isinstance(a, Play)]
            if plays:
                table.controls.focus = plays[0].uid
                h.press({End.LEFT: "s", End.RIGHT: "d", None: "enter"}[plays[0].end])
            else:
                h.press("space")
        else:
            h.advance(0.1)
    raise AssertionError("situation never came")


@pytest.mark.parametrize("lang", ["it", "en"])
def test_page_up_goes_on_back_while_the_bots_move(harness_factory, lang):
    h = harness_factory(lang)
    setup = DominoSetup(levels=["normal", "normal", "normal"], pace=1.0)
    table = DominoTable(h.app, setup, 5, iterations=10)
    h.start(table)
    my_moves_until(h, table, lambda tb: bots_to_move(tb) and len(h.app.history) >= 6)
    before = h.app.history.last(500)
    assert h.press("pageup") == before[-1]
    # a bot moves: new messages arrive while I read
    steps = table.match.steps
    h.run_until(lambda: table.match.steps > steps, timeout=10)
    assert len(h.app.history) > len(before)
    assert h.press("pageup") == before[-2]
    assert h.press("pageup") == before[-3]
    assert h.press("pagedown") == before[-2]
    # anything else ends the walk: the next Page Up starts from the newest again
    h.press("t")
    assert h.press("pageup") == h.app.history.last(1)[0]


def test_the_message_being_read_stays_when_the_oldest_falls_off() -> None:
    history = History(limit=3)
    for text in ("a", "b", "c"):
        history.add(text)
    assert history.previous() == ("c", False)
    assert history.previous() == ("b", False)
    history.add("d")  # "a" falls off
    assert history.next() == ("c", False)
    assert history.previous() == ("b", False)
    assert history.previous() == ("b", True)  # the oldest kept
