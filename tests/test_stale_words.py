"""The player's own move makes what was said before it stale (issue 29, items 2 and 3),
through the real loop: posted keys, the recording speaker timed by the listening
model on the virtual clock, as a voice or a screen reader (an answer cuts what is
being said) and as printed text (nothing is ever cut).

- a move made while "…, your turn" is still being said is confirmed at once,
  interrupting it, and what an answer cut before the move is not said again after
  it (it was: the stale "Tocca a te" came back, the move's words 4 s later);
- the next bot waits for the move's own words and its pace, not for the words the
  move answered: a fast player is not made to wait longer than a slow one.
"""

from __future__ import annotations

import pytest

from audiogame.devtools.ears import Ears, times_of
from audiogame.devtools.harness import FRAME
from audiogame.games.domino import End, Phase, Play
from audiogame.games.domino.table_setup import DominoSetup
from audiogame.io.speech.recording import RecordingSpeaker
from audiogame.listening import speaking_time
from audiogame.ui.games.domino.table import DominoTable

PACE = 1.5
BOT_MOVES = ("TilePlayed", "Drew", "Passed")
YOUR_TURN = {"it": "Tocca a te", "en": "Your turn"}


def table_at(h, seed: int = 1) -> DominoTable:
    setup = DominoSetup(levels=["normal", "normal", "normal"], pace=PACE)
    setup.options["set"] = "double-6"
    table = DominoTable(h.app, setup, seed, iterations=10)
    h.start(table)
    return table


def move_key(table: DominoTable) -> str:
    """My move by keys: the first tile that fits (its end's key), else a draw."""
    plays = [a for a in table.match.legal_actions(0) if isinstance(a, Play)]
    if not plays:
        return "space"
    table.controls.focus = plays[0].uid
    return {End.LEFT: "s", End.RIGHT: "d", None: "enter"}[plays[0].end]


def until_my_turn_is_said(ears: Ears, table: DominoTable, lang: str) -> None:
    """Run until my turn is said by a bot's move (not the opening), still being heard."""
    for _ in range(4000):
        match = table.match
        mine = match.phase is Phase.PLAYING and match.current_seat == 0
        last = ears.lines[-1] if ears.lines else None
        if mine and last is not None and YOUR_TURN[lang] in last.text and table.view().step > 1:
            assert last.end > ears.h.clock.now() + 1.0  # still being said
            return
        if mine:  # not yet the turn this test wants: play it slowly
            ears.run(30.0, until=lambda: not ears.h.app.announcer.speaking)
            ears.press(move_key(table))
            continue
        ears.step()
    raise AssertionError("my turn never came")


def speaker(cuts: bool) -> RecordingSpeaker:
    spoken = RecordingSpeaker(timed=True)
    spoken.cuts_speech = cuts
    return spoken


@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_move_after_an_answer_is_said_at_once_and_the_cut_turn_not_again(harness_factory, lang):
    h = harness_factory(lang, speaker=speaker(cuts=True))
    table = table_at(h)
    ears = Ears(h)
    until_my_turn_is_said(ears, table, lang)
    turn = ears.lines[-1].text
    ears.press("home")  # a question while my turn is still being said
    spoken = h.speaker.spoken
    assert spoken[-2].interrupt and spoken[-1].text.startswith(turn)  # said again after it
    before = len(spoken)
    key = move_key(table)
    ears.press(key)
    after = spoken[before:]
    assert after, "the move was not confirmed in the frame of its key"
    assert h.speaker.silences[-1] == before  # the stale turn stopped, the move said at once
    assert all(YOUR_TURN[lang] not in s.text for s in after)
    ears.run(0.5)
    assert all(turn not in s.text for s in spoken[before:])
    # and the move was taken: the same key again is refused, not played twice
    assert table.match.current_seat != 0 or table.match.phase is not Phase.PLAYING


@pytest.mark.parametrize("cuts", [True, False], ids=["voice", "text"])
@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_fast_move_does_not_slow_the_next_bot(harness_factory, lang, cuts):
    h = harness_factory(lang, speaker=speaker(cuts))
    table = table_at(h)
    ears = Ears(h)
    bots = times_of(table, BOT_MOVES)
    for _ in range(3):
        until_my_turn_is_said(ears, table, lang)
        stale_end = ears.lines[-1].end  # when the stale turn would have been heard
        moved = h.clock.now()
        before = len(h.speaker.spoken)
        ears.press(move_key(table))  # at once, the turn still being said
        own = h.speaker.spoken[before].text
        ears.run(30.0, until=lambda at=moved: any(b > at for b in bots))
        nxt = next(b for b in bots if b > moved)
        if table.match.phase is not Phase.PLAYING:
            break
        # the bot waited for my move's words and its pace, no more, not for the stale turn
        heard = moved + speaking_time(own, h.app.settings.voice_rate)
        assert heard + PACE - 1e-6 <= nxt <= heard + PACE + 2 * FRAME
        assert nxt < stale_end + PACE
