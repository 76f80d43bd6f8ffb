"""How a domino match ends, heard at the table: the real loop, posted keys, the
recording speaker.

Each table is a saved match resumed as the main menu resumes one
(``DominoTable.resumed``): its log holds fixed deals (``notation.fixed_deal``)
and the moves so far, so the match stands one key (or one forced bot move)
before its end. The player then presses the key, and what the table says last
is checked word for word, in Italian and English.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from audiogame.games.domino import DominoMatch, End, Play
from audiogame.games.domino.actions import NextManche
from audiogame.games.domino.bots import make_bot
from audiogame.games.domino.events import MatchEnd
from audiogame.games.domino.notation import fixed_deal, parse_tiles
from audiogame.games.domino.saving import TableView, match_state
from audiogame.games.domino.setup_scene import DominoSetupScene
from audiogame.games.domino.table import DominoTable
from audiogame.games.domino.table_setup import DominoSetup

START = 500.0
SEED = 5
ITERATIONS = 12

#: a step of a scripted match: a deal (every seat's hand as text), a play
#: (seat, tile as text, end or None) or the table dealing the next manche
Deal = tuple[str, ...]
Move = tuple[int, str, End | None]
Step = Deal | Move | str


def scripted(setup: DominoSetup, steps: Sequence[Step]) -> DominoMatch:
    """The match of ``setup`` played by ``steps``, one second apart, from ``START``."""
    config = setup.config()
    match = DominoMatch(config, SEED, start=START)
    when = START
    for step in steps:
        when += 1.0
        if step == "next":
            result = match.apply(None, NextManche(), when)
        elif isinstance(step[0], str):
            result = match.apply(None, fixed_deal(config, step), when)  # type: ignore[arg-type]
        else:
            seat, text, end = step  # type: ignore[misc]
            (tile,) = parse_tiles(config.set_id, text)
            uid = next(t.uid for t in match.observation(seat).hand if (t.a, t.b) == tile[1:])
            result = match.apply(seat, Play(uid, end), when)
        assert result.ok, (step, result.refusal)
    return match


def table_at(h, setup: DominoSetup, steps: Sequence[Step]) -> DominoTable:
    """The scripted match saved and resumed at the table, as the main menu resumes it."""
    match = scripted(setup, steps)
    bots = {
        seat: make_bot(seat, level, SEED, pace=setup.pace, iterations=ITERATIONS)
        for seat, level in enumerate(setup.levels, start=1)
    }
    state = match_state(setup, SEED, match, bots, TableView(ITERATIONS))
    table = DominoTable.resumed(h.app, state)
    h.start(table)
    return table


def setup_of(levels: Sequence[str], teams: tuple[int, ...] | None = None, **options: Any):
    setup = DominoSetup(levels=list(levels), teams=teams, pace=0.5)
    setup.options.update(options)
    return setup


def play_last_tile(h, table: DominoTable) -> str:
    """Home and Enter: my first tile, the one that ends the match."""
    h.press("home")
    h.press("enter")
    h.advance(3.0)  # whatever the bots must still do, and the end of the match said
    assert table.match.is_over
    return h.last


# -- both limits (issue 13, item 17) ---------------------------------------------------------


@pytest.mark.parametrize("lang", ["it", "en"])
def test_with_both_limits_the_first_reached_ends_the_match(harness_factory, lang):
    """Manche limit 5, point limit 25: Marco reaches 31 in the first manche. The
    match ends there (it used to eliminate him and go on) and the lowest score wins."""
    h = harness_factory(lang)
    setup = setup_of(
        ["easy", "easy"], **{"forbid-drawing": True, "manche-limit": 5, "point-limit": 25}
    )
    table = table_at(h, setup, [("6|6", "4|5 3|5 3|4 2|5", "0|1 0|2")])
    play_last_tile(h, table)
    final = table.match.final
    assert final is not None and final.reason is MatchEnd.POINT_LIMIT
    assert final.winners == (0,) and final.totals == (0, 31, 3)
    assert not any(table.match.is_eliminated(s) for s in range(3))
    assert table.match.manche == 1
    reason = {
        "it": "Limite di punti raggiunto: vince il punteggio più basso.",
        "en": "The point limit is reached: the lowest score wins.",
    }
    assert reason[lang] in h.last


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_point_limit_may_be_off_only_with_a_manche_limit(harness_factory, lang):
    """In the setup, Left on the point limit reaches "off"; Enter then refuses
    without a manche limit, says why, and starts once a manche limit is set."""
    words = {
        "it": ("Limite di punti: disattivato", "Senza limite di punti serve un numero di manche"),
        "en": ("Point limit: off", "With no point limit, choose how many manches to play"),
    }[lang]
    h = harness_factory(lang)
    h.app.settings.setups["domino"] = {"levels": ["easy"], "options": {"point-limit": 25}}
    h.start()
    h.press("enter")
    scene = h.app.top
    assert isinstance(scene, DominoSetupScene)
    h.press("end")  # the bots' pace
    assert words[0].split(":")[0] in h.press("up")  # the point limit row
    said = h.press("left")  # from 25 to off
    assert said.startswith(words[0].split(": ")[1])
    assert words[0] in scene.item_text(scene.index)
    assert words[1] in h.press("enter")
    assert h.app.top is scene  # refused: still setting up
    h.press("up")  # the manche limit
    h.press("right")  # one manche
    h.press("enter")
    table = h.app.top
    assert isinstance(table, DominoTable)
    assert (table.config.point_limit, table.config.manche_limit) == (0, 1)
