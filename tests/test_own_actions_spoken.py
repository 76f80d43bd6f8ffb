"""My own moves are always spoken (issue 13, item 4): verbosity filters what the
others do, never the answer to my own key.

Through the real loop: the options say "draws: sound only" (and a settings file
of an older version may still say "my moves: off"), yet my Space at the Domino
table says what I drew, while the bots' draws stay a sound; in Tira, "turn
notices: off" does not silence my own Stop.
"""

from __future__ import annotations

import pytest

from audiogame.games.domino import End, Phase, Play
from audiogame.games.domino.table_setup import DominoSetup
from audiogame.games.tirapassa.coasters import EDITION_COASTERS
from audiogame.games.tirapassa.engine import Phase as TiraPhase
from audiogame.games.tirapassa.symbols import Symbol
from audiogame.games.tirapassa.table_setup import TableSetup
from audiogame.ui.games.domino.table import DominoTable
from audiogame.ui.games.tira.table import TiraTable


def quiet_options(h) -> None:
    h.app.set_verbosity("draws", "sound")
    h.app.set_verbosity("turn", "off")
    h.app.set_verbosity("others", "sound")
    h.app.settings.verbosity["own"] = "off"  # an older version's option, still in the file


def must_draw(table: DominoTable) -> bool:
    match = table.match
    return (
        match.phase is Phase.PLAYING
        and match.current_seat == 0
        and not any(isinstance(a, Play) for a in match.legal_actions(0))
    )


def play_until(h, table: DominoTable, wanted) -> None:
    """Play my turns by keys (the first tile that fits) until ``wanted(table)``."""
    for _ in range(2000):
        if wanted(table):
            return
        match = table.match
        if match.phase is Phase.BETWEEN:
            h.press("enter")
        elif match.phase is Phase.PLAYING and match.current_seat == 0:
            plays = [a for a in match.legal_actions(0) if isinstance(a, Play)]
            if not plays:
                h.press("space")
                continue
            table.controls.focus = plays[0].uid
            h.press({End.LEFT: "s", End.RIGHT: "d", None: "enter"}[plays[0].end])
        else:
            h.advance(0.25)
        assert not match.is_over
    raise AssertionError("situation never came")


@pytest.mark.parametrize("lang", ["it", "en"])
def test_my_draw_is_spoken_when_draws_are_sound_only(harness_factory, lang):
    h = harness_factory(lang)
    quiet_options(h)
    setup = DominoSetup(levels=["normal", "normal"], pace=1.0)
    setup.options["set"] = "double-9"
    table = DominoTable(h.app, setup, 3, iterations=10)
    h.start(table)
    play_until(h, table, must_draw)
    before = {tile.uid for tile in table.controls.hand(table.view())}
    cues = len(h.app.announcer.cue_log)
    said = h.press("space")
    drawn = [tile for tile in table.controls.hand(table.view()) if tile.uid not in before]
    assert drawn
    t = h.app.localizer
    last = drawn[-1]
    words = (
        t("domino-double", n=last.a) if last.a == last.b else t("domino-tile", a=last.a, b=last.b)
    )
    opening = {"it": "Peschi ", "en": "You draw "}[lang]
    assert opening in said and words in said  # spoken, not only kept in the history
    assert ("tile_draw", 0.0) in list(h.app.announcer.cue_log)[cues:]
    # the bots' draws stay a sound: the history has them, speech never did
    theirs = {"it": " pesca ", "en": " draws "}[lang]
    play_until(h, table, lambda tb: any(theirs in line for line in h.app.history.last(500)))
    assert not any(theirs in s.text for s in h.speaker.spoken)


def test_the_options_have_no_row_that_would_silence_my_own_moves(harness_factory):
    h = harness_factory("en").start()
    h.press("o")
    h.press("enter")
    rows = [h.press("down") for _ in range(len(h.app.top.items))]
    assert any(row.startswith("Messages: draws") for row in rows)
    assert not any("my moves" in row for row in rows)


def test_my_stop_is_spoken_when_turn_notices_are_off(harness_factory):
    h = harness_factory("en")
    quiet_options(h)
    big = Symbol.HAMSA
    table = TiraTable(
        h.app,
        TableSetup(players=3),
        1,
        practice=True,  # slow bots: my one throw empties my coaster first
        pile=EDITION_COASTERS,
        faces=(big, *(big,) * 3, *(Symbol.PIG,) * 6),
    )
    h.start(table)
    h.advance(4.6)
    assert table.observation().phase is TiraPhase.RACING
    h.press("space")
    said = h.advance(3.0)
    assert "Stop! You are out of dice." in said
