"""Where am I (issue 13, item 8), through the real loop: every screen says its
name when the player enters it and when they come back to it — the menus, the
options, the guide, a question, a game's setup, the table — and quitting says
nothing of the menu being closed.
"""

from __future__ import annotations

import pytest

from audiogame.app.reader import ReaderScene
from audiogame.games.domino.observation import Phase
from audiogame.ui.games.domino.table import DominoTable
from audiogame.ui.games.tira.table import TiraTable

WORDS = {
    "it": {
        "main": "Menu principale. ",
        "options": "Opzioni. ",
        "guide": "Guida. ",
        "quit": "Vuoi davvero uscire? Premi S per sì, N per no.",
        "domino-setup": "Domino, preparazione del tavolo. ",
        "tira-setup": "Tira e Passa, preparazione. ",
        "table-menu": "Menu del tavolo. ",
        "at-table": "Al tavolo",
        "yes": "s",
    },
    "en": {
        "main": "Main menu. ",
        "options": "Options. ",
        "guide": "Guide. ",
        "quit": "Do you really want to quit? Press Y for yes, N for no.",
        "domino-setup": "Domino, table setup. ",
        "tira-setup": "Tira e Passa, setup. ",
        "table-menu": "Table menu. ",
        "at-table": "At the table",
        "yes": "y",
    },
}


@pytest.fixture(params=["it", "en"])
def lang(request) -> str:
    return request.param


def test_back_in_the_main_menu_it_says_its_name(harness_factory, lang):
    words = WORDS[lang]
    h = harness_factory(lang).start()
    h.press("end")
    h.press("up")
    h.press("up")  # Options
    assert h.press("enter").startswith(words["options"])
    said = h.press("escape")
    assert said.startswith(words["main"] + {"it": "Opzioni, ", "en": "Options, "}[lang])
    # from the guide, too
    assert h.press("f1", ctrl=True).startswith(words["guide"])
    assert h.press("escape").startswith(words["main"])
    # a question answered no: back in the menu, told so
    assert h.press("escape") == words["quit"]
    assert h.press("n").startswith(words["main"])


def test_the_guide_and_a_question_say_themselves_again_on_return(harness_factory, lang):
    words = WORDS[lang]
    h = harness_factory(lang).start()
    h.press("f1", ctrl=True)
    h.press("down")
    paragraph = h.last
    h.press("f1", ctrl=True)  # the guide opened from the guide
    assert len([s for s in h.app.scenes if isinstance(s, ReaderScene)]) == 2
    assert h.press("escape") == words["guide"] + paragraph
    h.press("escape")
    h.press("escape")  # the question
    h.press("f1", ctrl=True)
    assert h.press("escape") == words["quit"]


def test_quitting_says_nothing_as_the_app_closes(harness_factory, lang):
    words = WORDS[lang]
    h = harness_factory(lang).start()
    assert h.press("escape") == words["quit"]
    assert h.press(words["yes"]) == ""
    assert not h.app.running


def test_leaving_a_match_lands_on_the_named_setup(harness_factory, lang):
    words = WORDS[lang]
    h = harness_factory(lang).start()
    assert h.press("enter").startswith(words["domino-setup"])
    h.press("enter")
    assert isinstance(h.app.top, DominoTable)
    assert h.press("escape").startswith(words["table-menu"])
    h.press("f1", ctrl=True)  # the rules, from the table menu: back in the menu, named
    assert h.press("escape").startswith(words["table-menu"])
    h.press("end")
    h.press("enter")
    said = h.press(words["yes"])
    assert said.startswith(words["domino-setup"])


def test_back_at_the_tira_table_it_says_so(harness_factory, lang):
    words = WORDS[lang]
    h = harness_factory(lang).start()
    h.press("t")
    assert h.press("enter").startswith(words["tira-setup"])
    h.press("enter")
    h.press("enter")
    assert isinstance(h.app.top, TiraTable)
    h.press("escape")
    assert h.press("n").startswith(words["at-table"])
    h.press("f1", ctrl=True)
    assert h.press("escape").startswith(words["at-table"])


def test_back_at_the_domino_table_it_says_whose_turn_and_the_time_left(harness_factory, lang):
    """Issue 13, items 3 and 8: back from the table menu or the rules, the table says
    where the player is and whose turn it is; on my turn with thinking time, how
    much of it is left (it stood still meanwhile)."""
    words = WORDS[lang]
    turn = {"it": "Tocca a te; restano 8 secondi.", "en": "Your turn; 8 seconds left."}[lang]
    h = harness_factory(lang)
    h.app.settings.setups["domino"] = {
        "levels": ["normal"],
        "options": {"thinking-time": 10, "point-limit": 25},
    }
    h.start()
    h.press("enter")
    h.press("enter")
    table = h.app.top
    assert isinstance(table, DominoTable)
    assert h.run_until(lambda: table.match.current_seat == 0)
    h.advance(2.5)  # 7.5 seconds of my 10 left: said as 8
    assert h.press("escape").startswith(words["table-menu"])
    h.advance(30.0)  # the clock stands still under the menu
    assert h.press("escape") == f"{words['at-table']}. {turn}"
    h.press("f1", ctrl=True)
    assert h.press("escape") == f"{words['at-table']}. {turn}"
    h.run_until(lambda: table.match.current_seat != 0)
    bot = {"it": "Tocca a Marco.", "en": "Marco's turn."}[lang]
    if table.match.phase is Phase.PLAYING:
        h.press("escape")
        assert h.press("escape") == f"{words['at-table']}. {bot}"
