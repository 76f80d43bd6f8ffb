"""Every key of the domino table through the real loop: questions, the cursor and
the sort orders, playing on an end, refusals with their reason, the pause
between manches, the table menu and the guide."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from audiogame.app.reader import ReaderScene
from audiogame.games.domino import Draw, End, Phase, Play
from audiogame.games.domino.rules import fit_of
from audiogame.games.domino.sorting import group_by_number
from audiogame.games.domino.table_setup import DominoSetup
from audiogame.games.domino.tiles import Tile
from audiogame.language.localizer import capital_first
from audiogame.ui.confirm import ConfirmScene
from audiogame.ui.games.domino.table import MANCHE_GAP, DominoTable
from audiogame.ui.games.domino.table_menu import options_summary


def start(h, levels=("normal",), **options) -> DominoTable:
    setup = DominoSetup(levels=list(levels), pace=1.0)
    setup.options.update(options)
    table = DominoTable(h.app, setup, 3, iterations=10)
    h.start(table)
    return table


def my_turn(h, table: DominoTable) -> None:
    while not (table.match.phase is Phase.PLAYING and table.match.current_seat == 0):
        if table.match.phase is Phase.BETWEEN:
            h.press("enter")
        else:
            h.advance(0.25)
        assert not table.match.is_over


def move_on(h, table: DominoTable) -> None:
    """Make any legal move of mine by keys (the first tile that fits, else draw)."""
    legal = table.match.legal_actions(0)
    play = next((a for a in legal if isinstance(a, Play)), None)
    if play is None:
        h.press("space")
        return
    table.controls.focus = play.uid
    h.press({End.LEFT: "s", End.RIGHT: "d", None: "enter"}[play.end])


def find(
    h, table: DominoTable, wanted: Callable[[DominoTable], bool], turns: int = 200
) -> DominoTable:
    """Play on until my turn shows the situation a test needs: into the next match
    (Enter at the end, a new table) where a match ends before it came."""
    for _ in range(turns):
        while not (table.match.phase is Phase.PLAYING and table.match.current_seat == 0):
            if table.match.is_over:
                h.press("enter")
                if h.app.top is not table:
                    table = h.app.top
                    assert isinstance(table, DominoTable)
            if table.match.phase is Phase.BETWEEN:
                h.press("enter")
            else:
                h.advance(0.25)
        if wanted(table):
            return table
        move_on(h, table)
    raise AssertionError("situation never came")


def t(h, msg_id: str, **args) -> str:
    return h.app.localizer(msg_id, **args)


def tile_words(h, tile: Tile, left: int | None = None, right: int | None = None) -> str:
    a, b = (tile.a, tile.b) if left is None else (left, right)
    return t(h, "domino-double", n=a) if a == b else t(h, "domino-tile", a=a, b=b)


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_questions_answer_from_what_i_may_know(harness_factory, lang):
    h = harness_factory(lang)
    table = start(h)
    table = find(h, table, lambda tb: tb.match.ends is not None)
    obs = table.observation()
    hand = ", ".join(tile_words(h, x) for x in obs.hand)  # arrival order at first
    assert h.press("h") == t(h, "domino-hand", n=len(obs.hand), tiles=hand)
    left, right = obs.ends
    ends = t(h, "domino-ends", left=left, right=right)
    assert h.press("c") == t(h, "domino-ask-ends", ends=ends)
    chain = ", ".join(tile_words(h, p.tile, p.left, p.right) for p in obs.chain)
    assert h.press("v") == t(h, "domino-chain", n=len(obs.chain), tiles=chain)
    counts = {
        "it": "Tessere in mano: tu: {0}, Marco: {1}. Ossario {2}.",
        "en": "Tiles in hand: you: {0}, Marco: {1}. Boneyard {2}.",
    }[lang]
    assert h.press("e") == counts.format(*obs.hand_counts, obs.boneyard)
    on = t(
        h,
        "domino-on-tile",
        tile=tile_words(
            h,
            table.controls.hand(table.view())[
                table.controls.cursor_at(table.controls.hand(table.view()))
            ],
        ),
    )
    assert h.press("t") == f"{t(h, 'domino-whose-turn-you')} {on}"
    totals = {
        "it": "Manche {0}. Totali: tu: {1}, Marco: {2}. Limite: 100 punti.",
        "en": "Manche {0}. Totals: you: {1}, Marco: {2}. Limit: 100 points.",
    }[lang]
    assert h.press("p") == totals.format(obs.manche, *obs.totals)
    assert h.press("f1").startswith(t(h, "keys-domino-table")[:40])
    # the answers interrupt: they are the player's own
    assert all(s.interrupt for s in h.speaker.spoken[-5:])


def sorted_said(h, table: DominoTable, order: str) -> str:
    """What a new sort order says: its name and the first three tiles in that order."""
    first = ", ".join(tile_words(h, x) for x in table.controls.hand(table.view())[:3])
    return t(h, "domino-sort-first", order=t(h, f"domino-sort-{order}"), tiles=first)


@pytest.mark.parametrize("lang", ["it", "en"])
def test_sort_orders_are_spoken_and_the_cursor_keeps_its_tile(harness_factory, lang):
    h = harness_factory(lang)
    table = start(h)
    my_turn(h, table)
    h.press("down")
    said = h.press("down")
    focus = table.controls.focus
    assert said.startswith(  # the line's first letter a capital: "Double 3" for a double
        capital_first(
            tile_words(h, next(x for x in table.controls.hand(table.view()) if x.uid == focus))
        )
    )
    said = h.press("5", ctrl=True)
    assert said == sorted_said(h, table, "pips-desc")
    assert table.controls.focus == focus and table.controls.order == "pips-desc"
    pips = [x.pips for x in table.controls.hand(table.view())]
    assert pips == sorted(pips, reverse=True)
    assert h.press("h", shift=True) == sorted_said(h, table, "doubles-first")
    assert table.controls.focus == focus
    # Left/Right move between groups only when the hand is grouped
    assert h.press("left") == t(h, "domino-not-grouped")
    assert h.app.announcer.cue_log[-1][0] == "menu_error"
    h.press("8", ctrl=True)
    assert table.controls.order == "grouped"
    groups = group_by_number(table.observation().hand)
    for _ in range(len(groups)):
        h.press("left")
    assert h.app.announcer.cue_log[-1][0] == "menu_edge"  # the first group: an edge
    for number, tiles in groups[1:3]:
        said = h.press("right")
        words = ", ".join(tile_words(h, x) for x in tiles)
        assert said == t(h, "domino-group", n=number, tiles=words)
        assert table.controls.focus == tiles[0].uid


@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_tile_that_fits_both_ends_asks_which(harness_factory, lang):
    h = harness_factory(lang)
    table = start(h, levels=("easy",), set="double-9")

    def both(tb: DominoTable) -> bool:
        return any(fit_of(x, tb.match.ends) == "both" for x in tb.controls.hand(tb.view()))

    table = find(h, table, both)
    tile = next(
        x for x in table.controls.hand(table.view()) if fit_of(x, table.match.ends) == "both"
    )
    table.controls.focus = tile.uid
    asked = h.press("enter")
    assert asked == t(h, "domino-choose-end", tile=tile_words(h, tile))
    assert table.controls.choosing == tile.uid
    assert h.press("escape") == t(h, "domino-choose-cancelled")
    assert table.controls.choosing is None and isinstance(h.app.top, DominoTable)
    h.press("enter")
    left = table.match.ends[0]
    count = len(table.controls.hand(table.view()))
    said = h.press("s")
    placed = tile_words(h, tile, tile.other(left), left)
    expected = t(h, "domino-plays-you", tile=placed, end="left")
    assert said.startswith(expected)
    assert ("tile_play", -0.6) in list(h.app.announcer.cue_log)[-3:]
    if count > 1:
        # the cursor lands on the tile that took its place, and says it
        landed = next(x for x in table.controls.hand(table.view()) if x.uid == table.controls.focus)
        assert t(h, "domino-focus", tile=tile_words(h, landed)) in said


@pytest.mark.parametrize("lang", ["it", "en"])
@pytest.mark.parametrize("key", ["enter", "s", "d"])
def test_equal_ends_the_hint_says_both_and_the_tile_goes_where_said(harness_factory, lang, key):
    """Ends 6 and 6: the cursor says the tile fits both ends (not "on the left"), Enter
    plays it without asking (either end makes the same chain), S and D where they say."""
    h = harness_factory(lang)
    table = start(h, levels=("easy",), set="double-9")

    def same(tb: DominoTable) -> bool:
        ends = tb.match.ends
        return (
            ends is not None
            and ends[0] == ends[1]
            and any(x.a == ends[0] or x.b == ends[0] for x in tb.controls.hand(tb.view()))
        )

    table = find(h, table, same)
    number = table.match.ends[0]
    hand = table.controls.hand(table.view())
    index = next(i for i, x in enumerate(hand) if number in (x.a, x.b))
    tile = hand[index]
    said = h.press("home")
    for _ in range(index):
        said = h.press("down")
    # said with a capital first, as every line is: "Double 7" where the tile is a double
    hint = capital_first(
        t(h, "domino-tile-at", tile=tile_words(h, tile), pos=index + 1, total=len(hand), fit="same")
    )
    assert said == hint
    assert said != capital_first(
        t(h, "domino-tile-at", tile=tile_words(h, tile), pos=index + 1, total=len(hand), fit="left")
    )
    said = h.press(key)
    end = End.LEFT if key == "s" else End.RIGHT
    placed = (tile.other(number), number) if end is End.LEFT else (number, tile.other(number))
    expected = t(h, "domino-plays-you", tile=tile_words(h, tile, *placed), end=end.value)
    assert said.startswith(expected)
    assert table.controls.choosing is None and tile.uid not in {
        x.uid for x in table.controls.hand(table.view())
    }


@pytest.mark.parametrize("lang", ["it", "en"])
def test_refusals_say_why(harness_factory, lang):
    h = harness_factory(lang)
    table = start(h, set="double-9")

    def mixed(tb: DominoTable) -> bool:
        fits = [fit_of(x, tb.match.ends) for x in tb.controls.hand(tb.view())]
        return "none" in fits and any(f != "none" for f in fits)

    table = find(h, table, mixed)
    stuck = next(
        x for x in table.controls.hand(table.view()) if fit_of(x, table.match.ends) == "none"
    )
    table.controls.focus = stuck.uid
    assert h.press("enter") == t(h, "domino-refusal-does-not-fit")
    assert h.app.announcer.cue_log[-1][0] == "menu_error"
    assert h.press("space") == t(h, "domino-refusal-may-not-draw")
    assert table.match.current_seat == 0  # nothing changed
    move_on(h, table)
    if table.match.current_seat != 0:
        assert h.press("d") == t(h, "domino-refusal-not-your-turn")


@pytest.mark.parametrize("lang", ["it", "en"])
def test_after_a_draw_the_cursor_is_on_the_drawn_tile(harness_factory, lang):
    h = harness_factory(lang)
    table = start(h, set="double-9")

    def must_draw(tb: DominoTable) -> bool:
        return not any(isinstance(a, Play) for a in tb.match.legal_actions(0))

    table = find(h, table, must_draw)
    before = {x.uid for x in table.controls.hand(table.view())}
    said = h.press("space")
    drawn = [x for x in table.observation().hand if x.uid not in before]
    assert drawn and table.controls.focus == drawn[-1].uid
    assert tile_words(h, drawn[-1]) in said
    assert any(isinstance(a, Draw) for _, _, a in table.match.log)


@pytest.mark.parametrize("lang", ["it", "en"])
def test_shift_p_waits_for_the_player_between_manches(harness_factory, lang):
    h = harness_factory(lang)
    table = start(h)
    assert h.press("p", shift=True) == t(h, "domino-pause-on")
    while table.match.phase is not Phase.BETWEEN:
        if table.match.current_seat == 0 and table.match.phase is Phase.PLAYING:
            move_on(h, table)
        else:
            h.advance(0.25)
    manche = table.match.manche
    assert t(h, "domino-paused") in h.transcript[-1]
    h.advance(MANCHE_GAP * 3)
    assert table.match.manche == manche and table.match.phase is Phase.BETWEEN
    assert h.press("t") == t(h, "domino-whose-turn-between")
    h.press("enter")
    assert table.match.manche == manche + 1
    # switched off again, the next manche starts by itself after the gap
    assert h.press("p", shift=True) == t(h, "domino-pause-off")
    while table.match.phase is not Phase.BETWEEN:
        if table.match.current_seat == 0 and table.match.phase is Phase.PLAYING:
            move_on(h, table)
        else:
            h.advance(0.25)
    h.advance(MANCHE_GAP + 0.5)
    assert table.match.manche == manche + 2 or table.match.is_over


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_table_menu_holds_the_bots_and_leaving_asks_first(harness_factory, lang):
    h = harness_factory(lang)
    table = start(h)
    while table.match.current_seat == 0 or table.match.phase is not Phase.PLAYING:
        if table.match.current_seat == 0:
            move_on(h, table)
        h.advance(0.1)
    moves = table.match.steps
    said = h.press("escape")
    assert said.startswith(t(h, "domino-menu-title"))
    h.advance(10)
    assert table.match.steps == moves  # the bot waits while I am in the menu
    said = h.press("down")
    assert said.startswith(t(h, "domino-menu-options"))
    assert h.press("enter") == options_summary(h.app.localizer, table)
    h.press("down")
    h.press("enter")  # the rules
    assert isinstance(h.app.top, ReaderScene)
    h.press("escape")
    h.press("home")
    h.press("enter")  # resume
    assert h.app.top is table
    h.advance(2)
    assert table.match.steps > moves
    h.press("escape")
    h.press("end")
    h.press("enter")
    assert isinstance(h.app.top, ConfirmScene)
    h.press("n")
    h.press("escape")
    assert h.app.top is table
    h.press("escape")
    h.press("end")
    h.press("enter")
    h.press("y")
    assert table not in h.app.scenes


@pytest.mark.parametrize("lang", ["it", "en"])
def test_ctrl_f1_opens_the_players_guide(harness_factory, lang):
    h = harness_factory(lang)
    table = start(h)
    said = h.press("f1", ctrl=True)
    assert isinstance(h.app.top, ReaderScene) and h.app.top.doc == "domino"
    assert said.startswith(t(h, "doc-opened")) and "Domino" in said
    h.press("escape")
    assert h.app.top is table


@pytest.mark.parametrize("lang", ["it", "en"])
def test_once_eliminated_i_hear_the_others_to_the_end(harness_factory, lang):
    h = harness_factory(lang)
    # drawing is allowed at any time: I load myself with tiles until I am out
    table = start(h, levels=("normal", "normal"), **{"draw-with-playable": True, "point-limit": 25})
    while not table.match.is_eliminated(0):
        match = table.match
        if match.phase is Phase.PLAYING and match.current_seat == 0:
            legal = match.legal_actions(0)
            if any(isinstance(a, Draw) for a in legal):
                h.press("space")
            else:
                move_on(h, table)
        elif match.phase is Phase.BETWEEN:
            h.press("enter")
        else:
            h.advance(0.25)
        assert h.clock.now() < 5000
    out = t(h, "domino-out-of-match", who=t(h, "domino-you")).rstrip(".")
    assert out in " ".join(h.transcript[-3:])
    if not table.match.is_over:
        while table.match.phase is not Phase.PLAYING:
            h.press("enter")
        assert h.press("enter") == t(h, "domino-refusal-eliminated")
        while not table.match.is_over:
            if table.match.phase is Phase.BETWEEN:
                h.press("enter")
            h.advance(0.25)
    assert h.transcript[-1].endswith(t(h, "domino-game-over-keys"))


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_sort_order_is_kept_across_matches_and_restarts(harness_factory, lang):
    """Ctrl+6 at one table: the next match opened from the setup, and the game started
    again, show the hand doubles first, and H reads it so."""
    from audiogame.games.domino.sorting import sort_hand
    from audiogame.ui.confirm import ConfirmScene
    from audiogame.ui.games.domino.setup_scene import DominoSetupScene

    def opened_from_setup(h) -> DominoTable:
        h.start(DominoSetupScene(h.app))
        h.press("enter")
        if isinstance(h.app.top, ConfirmScene):  # a match left earlier is kept: replace it
            h.press("s" if lang == "it" else "y")
        table = h.app.top
        assert isinstance(table, DominoTable)
        return table

    def hand_read(h, table: DominoTable) -> str:
        obs = table.observation()
        tiles = ", ".join(tile_words(h, x) for x in sort_hand("doubles-first", obs.hand, obs.ends))
        return t(h, "domino-hand", n=len(obs.hand), tiles=tiles)

    h = harness_factory(lang)
    table = opened_from_setup(h)
    my_turn(h, table)
    assert h.press("6", ctrl=True) == sorted_said(h, table, "doubles-first")
    # leave the match (the table menu, Leave, yes): back at the setup, a new match
    h.press("escape")
    h.press("end")
    h.press("enter")
    h.press("s" if lang == "it" else "y")
    assert not isinstance(h.app.top, DominoTable)
    h.press("enter")
    assert isinstance(h.app.top, ConfirmScene)  # the match left is kept until replaced
    h.press("s" if lang == "it" else "y")
    again = h.app.top
    assert isinstance(again, DominoTable) and again is not table
    assert again.controls.order == "doubles-first"
    assert h.press("h") == hand_read(h, again)
    h.close()

    restarted = harness_factory(lang)  # the same folders: the game started again
    table = opened_from_setup(restarted)
    assert table.controls.order == "doubles-first"
    assert restarted.press("h") == hand_read(restarted, table)


NEXT_SOON = {"it": "Prossima manche tra 15 secondi", "en": "Next manche in 15 seconds"}


def to_the_manche_end(h, table: DominoTable) -> int:
    while table.match.phase is not Phase.BETWEEN:
        assert not table.match.is_over
        if table.match.current_seat == 0 and table.match.phase is Phase.PLAYING:
            move_on(h, table)
        else:
            h.advance(0.25)
    return table.match.manche


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_next_manche_starts_15_seconds_after_the_end_is_heard_or_at_enter(
    harness_factory, lang
):
    """The Salotto's pause between rounds: "the next round otherwise starts after
    15 s" (spec/interface.md), counted once the manche's end has been heard; Enter
    skips it."""
    h = harness_factory(lang)
    table = start(h, **{"point-limit": 500})
    manche = to_the_manche_end(h, table)
    assert NEXT_SOON[lang] in h.transcript[-1]
    h.advance(14.5)
    assert table.match.manche == manche and table.match.phase is Phase.BETWEEN
    h.advance(1.0)
    assert table.match.manche == manche + 1 and table.match.phase is Phase.PLAYING
    manche = to_the_manche_end(h, table)
    h.advance(1.0)
    h.press("enter")
    assert table.match.manche == manche + 1
