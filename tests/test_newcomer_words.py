"""The words a newcomer tripped over (issue 29, item 9), through the real loop.

- a bot's name has no known gender: a seat taken or left is said without agreement
  ("Giulia si siede al tavolo", not "Aggiunto Giulia");
- a round's winners are said after a preposition ("Dischetto a: te, Giulia", not
  "Prendono il dischetto: tu");
- the manche limit reads like the point limit ("Limite di manche: 3 manche", not
  "Manches da giocare: 3 manche");
- a list's edge without sounds is "Non oltre." / "No further." at either end (the
  left edge said "Fine.");
- the setup's first row says what every game's Enter does ("Start the game … starts
  the match" in Tira);
- without a sound device, no "Fatto." / "OK." when a key closes the app or opens a
  table: the place's own words answer it;
- H in Tira names the symbols of the dice waiting on my coaster.
"""

from __future__ import annotations

import pytest

from audiogame.devtools.tira_keys import throw_due
from audiogame.games.tirapassa.events import RoundEnded
from audiogame.games.tirapassa.table_setup import TableSetup
from audiogame.ui.games.tira.table import TiraTable
from audiogame.ui.main_menu import MainMenu
from audiogame.ui.options import OptionsScene


@pytest.mark.parametrize(
    ("lang", "added", "removed"),
    [
        ("it", "Sara si siede al tavolo, normale. 5 giocatori.", "Sara lascia il tavolo."),
        ("en", "Sara joins, normal. 5 players.", "Sara leaves."),
    ],
)
def test_a_bot_taking_or_leaving_a_seat_needs_no_agreement(harness_factory, lang, added, removed):
    h = harness_factory(lang).start()
    h.press("enter")  # Domino's setup
    assert h.press("b") == added
    assert h.press("b", shift=True).startswith(removed)
    assert "Aggiunt" not in " ".join(h.transcript) and "Tolt" not in " ".join(h.transcript)


@pytest.mark.parametrize(
    ("lang", "row", "start"),
    [
        ("it", "Limite di manche: 3 manche", "Inizia la partita, 1 di 8. Invio comincia"),
        ("en", "Manche limit: 3 manches", "Start the game, 1 of 8. Enter starts from any row."),
    ],
)
def test_the_setups_say_their_rows_once_each(harness_factory, lang, row, start):
    h = harness_factory(lang).start()
    h.press("enter")  # Domino's setup
    for _ in range(30):
        said = h.press("down")
        if said.startswith(row.split(":")[0]):
            break
    for _ in range(3):
        said = h.press("right")
    assert said.endswith("3 manche" if lang == "it" else "3 manches")
    h.press("up")
    assert h.press("down").startswith(row)
    h.press("escape")
    h.press("down")
    said = h.press("enter")  # Tira's setup
    assert start in said
    assert "match" not in said  # Tira is a game, and its first row says so


@pytest.mark.parametrize(("lang", "word"), [("it", "Non oltre."), ("en", "No further.")])
def test_the_left_edge_of_a_value_list_is_no_end(harness_factory, lang, word):
    h = harness_factory(lang, with_audio=False)
    h.start(OptionsScene(h.app))
    h.press("down")
    h.press("down")  # the built-in voice's rate
    said = [h.press("left") for _ in range(10)]
    assert said[-1].startswith(f"{word} ")
    assert not any(s.startswith(("Fine.", "End.")) for s in said)


@pytest.mark.parametrize("lang", ["it", "en"])
def test_without_sound_quitting_says_no_ok(harness_factory, lang):
    h = harness_factory(lang, with_audio=False).start()
    assert isinstance(h.app.top, MainMenu)
    h.press("escape")  # "quit?"
    marks = len(h.transcript)
    h.press("y")
    assert not h.app.running
    assert h.transcript[marks:] == []  # before: "Fatto." / "OK."


@pytest.mark.parametrize("lang", ["it", "en"])
def test_without_sound_a_tira_game_opens_with_its_own_words(harness_factory, lang):
    h = harness_factory(lang, with_audio=False).start()
    h.press("down")
    h.press("enter")  # Tira's setup
    h.press("enter")  # the briefing
    marks = len(h.transcript)
    h.press("enter")  # Start the game
    assert isinstance(h.app.top, TiraTable)
    h.advance(1.0)
    opening = h.transcript[marks:]
    assert opening and opening[0].startswith("Tira e Passa")  # before: "Fatto." / "OK." first


@pytest.mark.parametrize(
    ("lang", "winners", "waiting"),
    [("it", "Dischetto a: ", "sul dischetto, "), ("en", "Coaster won by: ", "on your coaster, ")],
)
def test_tira_round_winners_and_the_dice_waiting_on_my_coaster(
    harness_factory, lang, winners, waiting
):
    h = harness_factory(lang)
    table = TiraTable(h.app, TableSetup(players=4), 1)
    ends: list[RoundEnded] = []
    table.watchers.append(lambda batch: ends.extend(e for e in batch if isinstance(e, RoundEnded)))
    h.start(table)
    t = h.app.localizer
    asked = ""
    for _ in range(20_000):
        if (ends and asked) or table.finished:
            break
        obs = table.observation()
        if obs.waiting and not asked:
            asked = h.press("h")
            faces = [t(f"tira-sym-{f.value}") for f in obs.waiting_here]
            assert len(faces) == obs.waiting
            assert f"{waiting}{', '.join(faces)}" in asked
        if throw_due(table, h.clock.now(), 1.0):
            h.press("space")
        h.advance(0.05)
    assert asked, "no die ever waited on my coaster"
    assert ends
    said = " ".join(h.transcript)
    assert winners in said and "Prendono" not in said
    if 0 in ends[0].winners and lang == "it":
        assert f"{winners}te" in said
