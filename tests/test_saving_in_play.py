"""Saving as the player meets it, through the real loop: failures told once, in their
language; Ctrl+S says "saved" only when it is; damaged saves refused at start."""

from __future__ import annotations

import os

from audiogame.app.loop import App
from audiogame.app.scene import Scene
from audiogame.store.saves import SaveStore


class ShortWrites:
    """``os.write`` on a nearly full disk: a few bytes per call, then none."""

    def __init__(self, per_call: int, room: int) -> None:
        self.per_call, self.room = per_call, room

    def __call__(self, fd: int, data: memoryview) -> int:
        n = min(self.per_call, len(data), self.room)
        self.room -= n
        return os.write(fd, data[:n]) if n else 0


class Match(Scene):
    """A scene holding a match: Ctrl+S hands its snapshot to the app."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.moves = 0

    def save_match(self) -> bool:
        self.app.autosave("test-match", {"moves": self.moves}, {})
        return True


def test_unwritable_save_folder_is_told_once_and_the_game_goes_on(tmp_path, harness_factory):
    h = harness_factory("en").start()
    blocker = tmp_path / "blocked"
    blocker.write_text("a file where the save folder should be")
    h.app.saves = SaveStore(blocker / "saves")
    for n in range(3):
        h.app.autosave("domino", {"n": n}, {})
        h.advance(0.05)
    assert " ".join(h.transcript).count("I cannot save the match") == 1
    assert h.press("down")  # still playing


def test_a_full_disk_is_told_once_in_italian_then_that_saving_works_again(
    tmp_path, harness_factory
):
    h = harness_factory("it").start()
    full = ShortWrites(per_call=8, room=30)
    h.app.saves = SaveStore(tmp_path / "full", write=full)
    for n in range(3):
        h.app.autosave("domino", {"n": n}, {})
        h.advance(0.05)
    heard = " ".join(h.transcript)
    assert heard.count("Il disco è pieno: non riesco a salvare la partita") == 1
    full.room = 10**9  # space freed
    h.app.autosave("domino", {"n": 3}, {})
    h.advance(0.05)
    assert "Il salvataggio funziona di nuovo" in " ".join(h.transcript)
    assert SaveStore(tmp_path / "full").read("domino").state == {"n": 3}


def test_ctrl_s_on_a_full_disk_says_why_not_never_saved(tmp_path, harness_factory):
    h = harness_factory("en")
    h.start(Match(h.app))
    h.app.saves = SaveStore(tmp_path / "full", write=ShortWrites(per_call=8, room=30))
    said = h.press("s", ctrl=True)
    assert "The disk is full: I cannot save the match" in said and "Match saved" not in said
    h.advance(0.1)
    assert " ".join(h.transcript).count("The disk is full") == 1  # not told twice


def test_ctrl_s_in_a_copy_that_does_not_save_says_so(tmp_path, harness_factory):
    h = harness_factory("it")
    h.start(Match(h.app))
    h.app.saves = SaveStore(tmp_path / "data", off="save-off-other-copy")
    assert "questa copia non salva le partite" in h.press("s", ctrl=True)


def test_ctrl_s_outside_a_match_says_there_is_nothing_to_save(harness_factory):
    h = harness_factory("it").start()
    assert h.press("s", ctrl=True) == "Non c'è nessuna partita da salvare qui."


def test_a_damaged_save_at_start_is_announced(tmp_path, harness_factory):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "match-domino.json").write_text("{ broken")
    h = harness_factory("it").start()
    h.advance(0.05)
    assert "La partita salvata era danneggiata" in " ".join(h.transcript)
    assert list((tmp_path / "data").glob("match-domino.json.damaged-*"))


def test_a_save_of_an_older_version_is_told_once_and_kept_aside(tmp_path, harness_factory):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "match.json").write_text('{"format":"audiogame-match","version":1}\n')
    h = harness_factory("en").start()
    h.advance(0.05)
    assert " ".join(h.transcript).count("comes from another version") == 1
    assert list((tmp_path / "data").glob("match.json.damaged-*"))


# -- one match per game, and the older slot when the newest cannot be rebuilt ----------
def _play(h, game: str, seed: int, progress: int):
    from audiogame.devtools.resume_check import adapter_for, drive

    adapter = adapter_for(game)
    setup = adapter.setups()[0]
    adapter.new_match(h, None, setup, seed)
    return drive(h, adapter, lambda t: adapter.progress(t) >= progress)


def _leave(h, to: type | None = None) -> None:
    """Escape at the table, then whatever its menu asks: out to the main menu (or
    to the scene of type ``to``)."""
    from audiogame.ui.main_menu import MainMenu

    where = to or MainMenu
    h.press("escape")
    for _ in range(6):
        if isinstance(h.app.top, where):
            return
        h.press("end")  # a table menu: its last item leaves
        h.press("enter")
        h.press("y")
    assert isinstance(h.app.top, where)


def test_each_game_keeps_its_own_match_and_both_are_offered(tmp_path, harness_factory):
    """Issue 13, item 9: a Tira match left, then a Domino match started and left: the
    main menu offers both at once, and each resumes; nothing named in app code."""
    h = harness_factory("en").start()
    tira = _play(h, "tira", 31, 20)
    _leave(h)
    # as leaving saved it: on some deals the match moves on between the progress reached
    # and the save made on leaving (1.1 s of game time on one), so not the state before
    tira_state = SaveStore(tmp_path / "data").read("tira").state
    assert "Resume the match: Tira e Passa" in h.app.top.item_text(0)
    domino = _play(h, "domino", 32, 6)
    assert SaveStore(tmp_path / "data").read("tira").state == tira_state  # untouched
    _leave(h)
    labels = [h.app.top.item_text(i) for i in range(2)]
    assert "Resume the match: Domino" in labels[0] and "Resume the match: Tira" in labels[1]
    h.press("enter")
    assert type(h.app.top) is type(domino)
    again = harness_factory("en").start()  # the next start offers both too
    first = [again.app.top.item_text(i) for i in range(2)]
    assert all("Resume the match" in label for label in first)
    again.press("down")
    again.press("enter")
    assert type(again.app.top) is type(tira)


def test_a_newest_slot_that_cannot_be_rebuilt_falls_back_to_the_older(tmp_path, harness_factory):
    h = harness_factory("it").start()
    _play(h, "tira", 41, 30)
    h.app.quit()
    good = SaveStore(tmp_path / "data").read("tira")
    broken = dict(good.state, seed="not this match")  # whole on disk, not rebuildable
    store = SaveStore(tmp_path / "data")
    store.write("tira", broken, good.summary)  # the newer slot
    assert store.read("tira").fallback.state == good.state
    again = harness_factory("it").start()
    said = again.press("enter")
    assert "potrebbe mancare l'ultima mossa" in said
    assert again.app.top is not None and type(again.app.top).__name__.endswith("Table")
    assert list((tmp_path / "data").glob("match-tira.json*.damaged-*"))  # the broken one


def test_resuming_during_the_calm_rolls_says_so(tmp_path, harness_factory):
    """Issue 13, item 9: a match left during the calm rolls is not a race."""
    from audiogame.devtools.resume_check import adapter_for, drive
    from audiogame.games.tirapassa.observation import Phase

    tira = adapter_for("tira")
    h = harness_factory("en").start()
    tira.new_match(h, None, tira.setups()[0], 12)
    drive(h, tira, lambda t: t.observation().phase is Phase.CALM)
    h.app.quit()
    h.app.save_before_exit()
    again = harness_factory("en").start()
    said = again.press("enter") + again.advance(0.5)
    assert "Match resumed" in said and "We are in the calm rolls: only" in said


def test_starting_a_game_with_a_saved_match_asks_before_replacing_it(tmp_path, harness_factory):
    """Issue 29, item 7: a saved Domino match, then Domino from the main menu and
    Enter in its setup: a question names the saved match; No keeps it (on disk too)
    and leaves the player in the setup; Yes starts the new match, which replaces it.
    Before, the new match took the saved one's place without a word."""
    from audiogame.ui.main_menu import MainMenu
    from audiogame.ui.setup import SetupScene

    h = harness_factory("en").start()
    _play(h, "domino", 32, 6)
    _leave(h)
    saved = h.app.matches.by_game["domino"].plain_state()
    assert h.app.top.item_text(1).startswith("Domino,")
    h.press("down")
    h.press("enter")
    assert isinstance(h.app.top, SetupScene)
    said = h.press("enter")
    assert said.startswith("A new match replaces your saved one: Domino, manche ")
    assert said.endswith("Start anyway? Press Y for yes, N for no.")
    said = h.press("n")
    assert isinstance(h.app.top, SetupScene) and "setup" in said.lower()
    assert SaveStore(tmp_path / "data").read("domino").state == saved  # kept
    h.press("enter")
    h.press("y")
    table = h.app.top
    assert type(table).__name__.endswith("Table")
    h.advance(1.0)
    assert SaveStore(tmp_path / "data").read("domino").state != saved  # the new match's
    _out(h)
    assert isinstance(h.app.top, MainMenu)


def _out(h) -> None:
    """From a table opened by a setup: leave it (back to the setup), then Escape."""
    from audiogame.ui.setup import SetupScene

    _leave(h, to=SetupScene)
    h.press("escape")


def test_the_question_is_italian_and_absent_without_a_saved_match(harness_factory):
    from audiogame.ui.setup import SetupScene

    h = harness_factory("it").start()
    h.press("enter")  # Domino: nothing saved
    assert isinstance(h.app.top, SetupScene)
    said = h.press("enter")
    assert "prende il posto" not in said
    assert type(h.app.top).__name__.endswith("Table")
    h.advance(0.5)
    _out(h)
    h.press("down")
    h.press("enter")
    said = h.press("enter")
    assert said.startswith("Una nuova partita prende il posto di quella salvata: Domino, manche")
    assert said.endswith("Cominciare lo stesso? Premi S per sì, N per no.")
