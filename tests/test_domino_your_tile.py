"""My turn names the tile under the cursor (a newcomer's report: "Cominci tu." and
then Enter played a tile never named). Through the real loop: the opening's "you
start", and every later "your turn", are followed by the tile Enter would play;
the hand itself stays on H. Both languages."""

from __future__ import annotations

import pytest

from audiogame.devtools.harness import DISK_WAIT
from audiogame.games.domino import Phase
from audiogame.games.domino.table_setup import DominoSetup
from audiogame.games.domino.tiles import Tile
from audiogame.ui.games.domino.table import DominoTable

WORDS = {
    "it": {
        "start": "Cominci tu.",
        "turn": "Tocca a te.",
        "on": "Sei su {}.",
        "opens": "Apri con {}.",
        "now-on": "Ora sei su {}.",
    },
    "en": {
        "start": "You start.",
        "turn": "Your turn.",
        "on": "On {}.",
        "opens": "You open with {}.",
        "now-on": "Now on {}.",
    },
}
DOUBLE = {"it": "doppio {}", "en": "double {}"}
PAIR = {"it": "{} e {}", "en": "{} {}"}


def said_tile(tile: Tile, lang: str) -> str:
    """The tile's words, written here, not asked of the game."""
    if tile.a == tile.b:
        return DOUBLE[lang].format(tile.a)
    return PAIR[lang].format(tile.a, tile.b)


def queued(h) -> list[str]:
    return [s.text for s in h.speaker.spoken if not s.interrupt]


def under_cursor(table: DominoTable) -> Tile:
    hand = table.controls.hand(table.view())
    return hand[table.controls.cursor_at(hand)]


def my_start(lang: str, harness_factory) -> tuple[object, DominoTable]:
    """The first seed whose first manche I start (by the engine's rules, not chosen)."""
    for seed in range(1, 40):
        h = harness_factory(lang, seed=seed)
        setup = DominoSetup(levels=["easy", "easy"], pace=0.5)
        table = DominoTable(h.app, setup, seed)
        h.start(table)
        match = table.match
        if (
            match.phase is Phase.PLAYING
            and match.current_seat == 0
            and not match.observation(0).chain
        ):
            return h, table
        h.close()
    raise AssertionError("no seed in 1..39 lets me start")


@pytest.mark.parametrize("lang", ["it", "en"])
def test_my_start_and_my_turns_name_the_tile_under_the_cursor(harness_factory, lang):
    w = WORDS[lang]
    h, table = my_start(lang, harness_factory)
    opening = " ".join(queued(h))
    tile = under_cursor(table)
    on = w["on"].format(said_tile(tile, lang))
    # "You start. On 1 2.": the tile right after who starts, the hand not read
    assert w["start"] + " " + on in opening, opening
    # Enter plays the very tile that was named
    assert w["opens"].format(said_tile(tile, lang)) in h.press("enter") + " ".join(queued(h))

    # my play left the cursor on a tile, named at once ("Now on ..."): my next turn
    # does not name it again (once per turn), and T names it
    landed = under_cursor(table)
    now_on = w["now-on"].format(said_tile(landed, lang))
    assert now_on in " ".join(h.transcript), h.transcript[-3:]
    since = h.clock.now()
    while not (table.match.phase is Phase.PLAYING and table.match.current_seat == 0):
        assert h.clock.now() - since < 120
        h.advance(0.25)
    h.advance(0.1)
    turn = next(u for u in reversed(queued(h)) if w["turn"] in u)
    assert under_cursor(table) == landed
    assert w["on"].format(said_tile(landed, lang)) not in turn, turn
    said = " ".join(h.transcript).split(now_on, 1)[1]
    assert said_tile(landed, lang) + "." not in said  # not said again by anything
    assert h.press("t") == w["turn"] + " " + w["on"].format(said_tile(landed, lang))


RESUMED = {
    "it": "Partita ripresa: manche 1. Tocca a te.",
    "en": "Match resumed: manche 1. Your turn.",
}


@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_match_resumed_on_my_turn_names_the_tile_under_the_cursor(harness_factory, lang):
    """Quit on my turn, the cursor moved off the first tile; the resumed match says
    where it stands and ends on the tile Enter would play."""
    w = WORDS[lang]
    h, table = my_start(lang, harness_factory)
    h.press("down")
    tile = under_cursor(table)
    h.app.quit()
    h.app.save_before_exit()  # as the command does on leaving (cli.main)
    assert h.app.saves.flush(DISK_WAIT)

    again = harness_factory(lang).start()
    said = again.press("enter")
    assert said.startswith(RESUMED[lang]), said
    assert said.endswith(w["on"].format(said_tile(tile, lang))), said
    assert under_cursor(again.app.top) == tile
