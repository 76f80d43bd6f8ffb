"""The window: the scene's board in large high-contrast print above the newest messages.

Through the real loop (``Harness(window=True)``: the real ``Window`` on the dummy
video driver's surface, posted keys, the recording speaker). What is drawn is
read back from the window's own record of its last redraw (``Window.shown``,
the lines as text, the marked cell in brackets) and from the surface's pixels;
``frames``/``redraws`` say whether a frame drew.
"""

from __future__ import annotations

import pygame
import pytest

from audiogame.devtools.harness import Harness
from audiogame.games import registry
from audiogame.games.domino import End, Play
from audiogame.games.domino.board import tile_text
from audiogame.games.domino.table_setup import DominoSetup
from audiogame.games.tirapassa.options import Control
from audiogame.games.tirapassa.table_setup import TableSetup
from audiogame.history import History
from audiogame.io.window import NEWEST, OLDER, YELLOW, Window
from audiogame.language.localizer import Localizer
from audiogame.ui.games.domino.table import DominoTable
from audiogame.ui.games.tira.table import TiraTable


def colours(surface: pygame.Surface) -> set[tuple[int, int, int]]:
    found = set()
    w, h = surface.get_size()
    for x in range(0, w, 3):
        for y in range(0, h, 3):
            found.add(tuple(surface.get_at((x, y)))[:3])
    return found


def window_of(h: Harness) -> Window:
    assert h.app.window is not None
    return h.app.window


@pytest.fixture
def harness(tmp_path):
    made: list[Harness] = []

    def make(lang: str = "en", **kw) -> Harness:
        h = Harness(tmp_path, lang=lang, window=True, **kw)
        made.append(h)
        return h

    yield make
    for h in made:
        h.close()


# -- the window alone ---------------------------------------------------------------------


def test_window_draws_newest_in_yellow_and_older_in_white():
    pygame.init()
    window = Window.open("test")
    assert window is not None
    history = History()
    history.add("Marco gioca 5|4 a destra")
    history.add("Tocca a te")
    window.draw(history)
    seen = colours(window.surface)
    assert NEWEST in seen and OLDER in seen
    assert window.font().get_linesize() >= 30  # large print


def test_window_redraws_only_when_history_changes():
    pygame.init()
    window = Window.open("test")
    assert window is not None
    history = History()
    history.add("uno")
    assert window.draw(history)
    window.surface.fill((1, 2, 3))
    assert not window.draw(history)  # nothing new: leaves the surface alone
    assert tuple(window.surface.get_at((0, 0)))[:3] == (1, 2, 3)
    history.add("due")
    assert window.draw(history)
    assert tuple(window.surface.get_at((0, 0)))[:3] == (0, 0, 0)
    assert (window.frames, window.redraws) == (3, 2)


def test_long_messages_wrap_inside_the_window():
    pygame.init()
    window = Window.open("test")
    assert window is not None
    lines = window.wrap("parola " * 60, 400)
    assert len(lines) > 1
    assert all(window.font().size(line)[0] <= 400 for line in lines)


# -- menus ------------------------------------------------------------------------------


def test_a_menu_shows_its_name_and_the_item_under_the_cursor(harness):
    from audiogame.ui.main_menu import fixed_items, offered_games

    n = len(offered_games()) + fixed_items()  # the registry's games, then the app's items
    h = harness("en").start()
    window = window_of(h)
    assert window.shown[:2] == ["Main menu", f"[Domino] 1 of {n}"]
    h.press("down")
    # a long item wraps: the mark on the item, its place after it
    assert " ".join(window.shown[1:3]).startswith("[Tira e Passa, after the dice game by")
    assert window.shown[2] == f"2 of {n}"
    h.press("enter")  # Tira's setup: its name and the row under the cursor
    assert window.shown[0] == "Tira e Passa, setup"
    assert window.shown[1] == "[Start the game] 1 of 8"


def test_nothing_new_draws_nothing(harness):
    h = harness("en").start()
    window = window_of(h)
    frames, redraws = window.frames, window.redraws
    h.advance(2.0)
    assert window.frames > frames + 100  # the loop ran...
    assert window.redraws == redraws  # ...and drew nothing: nothing changed
    h.press("down")
    assert window.redraws == redraws + 1  # the cursor moved: one redraw


# -- Domino -----------------------------------------------------------------------------


def play_now(h: Harness, table: DominoTable, play: Play) -> None:
    """Enter on the tile; where it fits both ends, the end asked for ("left or right?")."""
    table.controls.focus = play.uid
    h.press("enter")
    if table.controls.choosing is not None:
        h.press("right" if play.end is End.RIGHT else "left")


def domino_table(h: Harness) -> DominoTable:
    """At my turn with tiles on the table and one of mine that fits: where the deal
    has me open, or hold nothing that fits, I play on (the first tile that fits, else
    a draw or a pass) until such a turn comes."""
    table = DominoTable(h.app, DominoSetup(levels=["normal", "normal"]), 1)
    h.start(table)
    for _ in range(20):
        assert h.run_until(lambda: table.view().my_turn, timeout=60)
        view = table.view()
        plays = [a for a in view.legal_actions() if isinstance(a, Play)]
        if view.chain and plays:
            return table
        if plays:
            play_now(h, table, plays[0])
        else:
            h.press("space")
        assert h.run_until(lambda: not table.view().my_turn, timeout=10)
    raise AssertionError("twenty turns of mine without a chain and a tile that fits")


def test_domino_shows_my_hand_with_the_cursor_the_ends_the_turn_counts_and_scores(harness):
    h = harness("en")
    table = domino_table(h)
    window = window_of(h)
    view = table.view()
    hand = table.controls.hand(view)
    shown = window.shown
    assert shown[0] == f"Manche {view.manche}: your turn"
    left, right = view.ends
    assert f"Ends: left {left} right {right}" in shown
    playable = {a.uid for a in view.legal_actions() if isinstance(a, Play)}
    tiles = [tile_text(t) + ("*" if t.uid in playable else "") for t in hand]
    tiles[table.controls.cursor_at(hand)] = f"[{tiles[table.controls.cursor_at(hand)]}]"
    hand_lines = " ".join(shown[2 : shown.index(next(s for s in shown if "Tiles" in s))])
    assert hand_lines == f"Your hand ({len(hand)}): " + " ".join(tiles)
    counts = " ".join(
        f"{who} {n}" for who, n in zip(["You", "Marco", "Giulia"], view.hand_counts, strict=True)
    )
    assert f"Tiles in hand: {counts} boneyard {view.boneyard}" in " ".join(shown)
    assert "Points (limit 100): You 0 Marco 0 Giulia 0" in shown
    # the cursor moves: the mark moves with it, and that frame draws
    redraws = window.redraws
    h.press("down")
    assert window.redraws == redraws + 1
    assert f"[{tile_text(hand[1])}" in " ".join(window.shown)
    assert YELLOW in colours(window.surface)
    # my turn, nothing happening: frames go by without drawing
    redraws, frames = window.redraws, window.frames
    h.advance(1.0)
    assert window.frames > frames and window.redraws == redraws


def test_domino_board_in_italian(harness):
    h = harness("it")
    table = domino_table(h)
    shown = " ".join(window_of(h).shown)
    assert shown.startswith(f"Manche {table.view().manche}: tocca a te")
    assert "Estremi: sinistra" in shown and "La tua mano (" in shown
    assert "Tessere in mano: Tu " in shown and "Punti (limite 100): Tu 0" in shown


def test_domino_shows_the_chain_and_frames_only_the_tiles_i_may_play_now(harness):
    """The chain as it lies, left to right; on my turn the tiles that fit are framed
    (starred in the window's text), on another's none is."""
    h = harness("en")
    table = domino_table(h)
    window = window_of(h)
    view = table.view()
    chain = " ".join(f"{p.left}|{p.right}" for p in view.chain)
    assert f"Chain ({len(view.chain)}): {chain}" in " ".join(window.shown)
    playable = {a.uid for a in view.legal_actions() if isinstance(a, Play)}
    shown = " ".join(window.shown)
    for tile in table.controls.hand(table.view()):
        starred = f"{tile_text(tile)}*" in shown
        assert starred == (tile.uid in playable), tile
    assert "*" in shown  # domino_table waits for a turn with a tile that fits
    play_now(h, table, next(a for a in view.legal_actions() if isinstance(a, Play)))
    assert h.run_until(lambda: not table.view().my_turn, timeout=10)
    h.advance(0.05)
    assert "*" not in " ".join(window.shown)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_largest_print_keeps_my_hand_and_says_what_it_leaves_out(harness, size):
    """At 300% and 400% my hand stays, around the cursor when it cannot be whole; the
    window's last line and Ctrl+Plus say how many rows are left out (before, at 300%
    the hand vanished, at 400% only the title was left, and nothing said so)."""
    h = harness("en")
    table = domino_table(h)
    window = window_of(h)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    h.advance(0.05)
    for _ in range(6):
        said = h.press("+", ctrl=True)  # 300%
    assert window.text_size == 300
    assert window.left_out > 0
    assert said == f"Text size 300 percent; {window.left_out} rows of the board left out"
    shown = " ".join(window.shown)
    assert "Your hand (" in shown
    assert all(tile_text(t) in shown for t in table.controls.hand(table.view()))  # whole at 300%
    assert f"{window.left_out} rows left out" in shown
    said = h.press("+", ctrl=True)  # 400%: at least the cursor's tile and its neighbours
    assert said.startswith("Text size 400 percent; ")
    for _ in range(3):
        h.press("down")
        hand = table.controls.hand(table.view())
        assert f"[{tile_text(hand[table.controls.cursor_at(hand)])}" in " ".join(window.shown)
    assert window.shown[-2].startswith("5 rows left out")  # then the newest message
    h.press("0", ctrl=True)
    assert window.left_out == 0 and not any("Ctrl+Minus" in line for line in window.shown)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_tira_in_the_largest_print_keeps_my_dice_with_the_cursor(harness, lang):
    h = harness(lang)
    table = TiraTable(h.app, TableSetup(players=3, control=Control.MANUAL), 1)
    h.start(table)
    assert h.run_until(lambda: table.observation().supreme is not None, timeout=60)
    for _ in range(8):
        h.press("+", ctrl=True)
    window = window_of(h)
    assert window.text_size == 400
    assert any(line.startswith("[") for line in window.shown)  # the die under my cursor
    note = Localizer(lang)("window-left-out", n=window.left_out)
    assert any(note.startswith(line) for line in window.shown if line)


# -- Tira e Passa ------------------------------------------------------------------------


def test_tira_shows_the_supreme_symbol_my_coaster_my_dice_and_everyones_counts(harness):
    h = harness("en")
    table = TiraTable(h.app, TableSetup(players=3), 1)
    h.start(table)
    assert h.run_until(lambda: table.observation().supreme is not None, timeout=60)
    h.advance(0.1)
    obs = table.observation()
    t = Localizer("en")
    shown = window_of(h).shown
    assert shown[0].startswith(f"Round {obs.round}: ")
    assert f"Supreme symbol: {t(f'tira-sym-{obs.supreme.value}')}" in shown
    coaster = obs.coaster
    assert coaster is not None
    left, right = (t(f"tira-sym-{s.value}") for s in (coaster.left, coaster.right))
    assert f"Your coaster: left {left} right {right}" in shown
    assert any(line.startswith(f"Your dice ({obs.my_dice})") for line in shown)
    names = ["You", *table.names[1:]]
    counts = " ".join(f"{who} {n}" for who, n in zip(names, obs.dice_counts, strict=True))
    assert f"Dice: {counts} tray {obs.tray}" in " ".join(shown)
    assert " ".join(shown).count("Coasters won: You 0") == 1


# -- text size ----------------------------------------------------------------------------


def test_ctrl_plus_and_minus_change_the_text_size_said_and_kept_across_restarts(tmp_path):
    h = Harness(tmp_path, lang="en", window=True).start()
    window = window_of(h)
    small = window.font().get_linesize()
    assert h.press("+", ctrl=True) == "Text size 125 percent"
    assert window.font().get_linesize() > small
    assert h.app.settings.text_size == 125
    redraws = window.redraws
    assert h.press("=", ctrl=True) == "Text size 150 percent"  # Ctrl+= where + needs Shift
    assert window.text_size == 150
    assert window.redraws == redraws + 1  # drawn again, larger, in that very frame
    h.advance(0.1)
    assert window.redraws == redraws + 1
    h.close()
    again = Harness(tmp_path, lang="en", window=True).start()  # the next run of the game
    assert again.app.settings.text_size == 150
    assert window_of(again).text_size == 150
    assert again.press("-", ctrl=True) == "Text size 125 percent"
    assert again.press("0", ctrl=True) == "Text size 100 percent"
    again.close()


def test_the_text_size_stops_at_its_ends_and_speaks_italian(tmp_path):
    h = Harness(tmp_path, lang="it", window=True).start()
    for _ in range(12):
        said = h.press("+", ctrl=True)
    assert said == "Testo al 400 per cento, il più grande"
    assert window_of(h).text_size == 400
    h.press("0", ctrl=True)
    for _ in range(5):
        said = h.press("-", ctrl=True)
    assert said == "Testo al 50 per cento, il più piccolo"
    assert h.app.settings.text_size == 50
    h.close()


def test_large_text_wraps_inside_the_window_and_a_resize_draws_again(harness):
    h = harness("en")
    domino_table(h)
    window = window_of(h)
    for _ in range(6):
        h.press("+", ctrl=True)  # 250%
    width = window.surface.get_width()
    before = len(window.shown)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=600, h=900, size=(600, 900)))
    redraws = window.redraws
    h.advance(0.05)
    assert window.surface.get_size() == (600, 900)
    assert window.redraws > redraws
    assert len(window.shown) > before  # narrower: more lines
    inner = 600 - 2 * window.margin
    for line in window.shown:
        # every drawn line fits: board lines measured at the board's size
        assert window.font().size(line)[0] <= inner or len(line.split()) == 1, line
    assert width > 600


# -- the guides ---------------------------------------------------------------------------


@pytest.mark.parametrize("guide", [spec.guide for spec in registry.games()])
@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_guides_show_the_window_and_read_its_picture_as_words(guide, lang):
    """Ctrl+F1 reads the picture's description, never its file name."""
    from audiogame.app.reader import document_path, load_document

    assert f"](window-{guide}.png)" in document_path(guide, lang).read_text(encoding="utf-8")
    paragraphs = load_document(guide, lang)
    pictures = [p for p in paragraphs if p.startswith(("A picture of", "Un'immagine"))]
    assert len(pictures) == 1 and ".png" not in pictures[0] and "![" not in pictures[0]
    assert not any(".png" in p for p in paragraphs)


def test_twelve_players_in_large_print_leave_room_for_the_newest_message(harness):
    """More than fits: the board's first lines (whose turn, the ends, my hand) stay,
    what does not fit is left out, and the newest message keeps its room below."""
    h = harness("en")
    setup = DominoSetup(levels=["easy"] * 11)
    setup.options["set"] = "double-18"
    table = DominoTable(h.app, setup, 1)
    h.start(table)
    for _ in range(4):
        h.press("+", ctrl=True)
    window = window_of(h)
    assert window.text_size == 200
    assert h.run_until(lambda: table.view().my_turn, timeout=120)
    h.press("t")  # whose turn: the newest message
    shown = window.shown
    assert shown[0].startswith("Manche")
    assert shown[1].startswith("Ends:") and shown[2].startswith("Your hand (")
    assert not any("Points" in line for line in shown)  # below the window: left out
    assert shown[-1].startswith("Your turn. On ")  # the newest message, below the board
