"""An Enter pressed as a game ends does not start the next one (issue 29, item 1).

In Tira's manual mode Enter sends a die: a player still sending when the last round
ended started a new game a fraction of a second after the result line. Through the
real loop (posted keys, the recording speaker timed by the listening model): an Enter
while the end is still being said is a soft click and the game stays over, said in
full; an Enter once it was heard starts the next game. The same at Domino's end.
"""

from __future__ import annotations

import pytest

from audiogame.devtools.ears import Ears
from audiogame.devtools.tira_keys import throw_due
from audiogame.games.domino import Phase as DominoPhase
from audiogame.games.domino.table_setup import DominoSetup
from audiogame.games.tirapassa import Phase
from audiogame.ui.games.domino.table import DominoTable
from audiogame.ui.games.tira.table import TiraTable
from tests.test_speech_pacing import play_domino
from tests.test_tira_table import send_one

END_KEYS = {"it": "Invio per una nuova partita", "en": "Enter for a new game"}


def played_cues(h, since: int) -> list[str]:
    return [cue for cue, _, _ in list(h.audio.played)[since:]]


@pytest.mark.parametrize("lang", ["it", "en"])
def test_tira_an_enter_sending_dice_as_the_game_ends_is_a_soft_click(harness_factory, lang):
    from tests.test_tira_table import open_table

    h = harness_factory(lang, timed_speech=True)
    table = open_table(h, lang, manual=True)
    ears = Ears(h)
    sent = 0
    for _ in range(200_000):
        if table.finished:
            break
        obs = table.observation()
        if obs.phase is Phase.RACING and obs.idle_since is not None and obs.sendable():
            send_one(h, table, 1)  # the arrows to the die, then Enter
            sent += 1
        elif throw_due(table, h.clock.now(), 0.8):
            ears.press("space")
        ears.step()
    assert table.finished and sent > 0
    assert h.app.announcer.speaking  # the result is still being said
    end = h.speaker.spoken[-1]
    cues = len(h.audio.played)
    ears.press("enter")  # the next die's Enter, a moment too late
    assert h.app.top is table and table.finished
    assert played_cues(h, cues) == ["soft_click"]
    assert h.speaker.spoken[-1] is end  # nothing cut, nothing new
    ears.run(60.0, until=lambda: not h.app.announcer.speaking)
    assert END_KEYS[lang] in " ".join(line.text for line in ears.lines[-2:])
    ears.press("enter")  # heard: now Enter starts the next game
    assert isinstance(h.app.top, TiraTable) and h.app.top is not table
    assert not h.app.top.finished


def test_domino_an_enter_as_the_match_ends_is_a_soft_click(harness_factory):
    h = harness_factory("en", timed_speech=True)
    setup = DominoSetup(levels=["normal"], pace=1.0)
    setup.options["set"] = "double-6"
    setup.options["manche-limit"] = 1
    setup.options["point-limit"] = 0
    table = DominoTable(h.app, setup, 3, iterations=10)
    h.start(table)
    ears = Ears(h)
    play_domino(ears, table, lambda: table.match.phase is not DominoPhase.PLAYING)
    assert table.match.phase is DominoPhase.OVER and h.app.announcer.speaking
    cues = len(h.audio.played)
    ears.press("enter")  # meant for the last move
    assert h.app.top is table and played_cues(h, cues) == ["soft_click"]
    ears.run(60.0, until=lambda: not h.app.announcer.speaking)
    ears.press("enter")
    assert isinstance(h.app.top, DominoTable) and h.app.top is not table


def test_any_games_table_an_enter_as_it_ends_is_a_soft_click(harness_factory, folder_game):
    """The generic table (a game of one folder, tests/games): the same guard."""
    h = harness_factory("en", timed_speech=True).start()
    ears = Ears(h)
    title = h.app.localizer(folder_game.title_id)
    for _ in range(len(h.app.top.items)):
        if ears.press("down").startswith(title):
            break
    ears.press("enter")
    ears.press("enter")  # the setup's Start
    table = h.app.top
    for _ in range(4000):
        if table.finished:
            break
        if table.view().turn == 0:
            ears.press("k")
        ears.step()
    assert table.finished and h.app.announcer.speaking
    cues = len(h.audio.played)
    ears.press("enter")  # meant for the last move
    assert h.app.top is table and played_cues(h, cues) == ["soft_click"]
    ears.run(60.0, until=lambda: not h.app.announcer.speaking)
    ears.press("enter")
    assert h.app.top is not table and not h.app.top.finished
