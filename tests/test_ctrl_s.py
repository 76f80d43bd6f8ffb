"""Ctrl+S through the real loop: the nearest scene holding a match (a ``Saveable``) writes it."""

from __future__ import annotations

from audiogame.app.loop import App
from audiogame.app.scene import Saveable, Scene
from audiogame.store.saves import SaveStore
from audiogame.ui.confirm import ConfirmScene


class Match(Scene):
    """A scene with a match in progress: its snapshot is a count of moves."""

    letters_are_commands = True

    def __init__(self, app: App, moves: int = 3, over: bool = False) -> None:
        super().__init__(app)
        self.moves = moves
        self.over = over

    def save_match(self) -> bool:
        if self.over:
            return False
        self.app.autosave("test-match", {"moves": self.moves}, {"moves": self.moves})
        return True


def saved(app: App) -> object:
    assert app.data_dir is not None
    return SaveStore(app.data_dir).read().state


def test_ctrl_s_writes_the_match_at_once_and_says_so(harness_factory) -> None:
    h = harness_factory("en")
    match = Match(h.app)
    assert isinstance(match, Saveable)
    h.start(match)
    assert h.press("s", ctrl=True) == "Match saved."
    assert saved(h.app) == {"moves": 3}


def test_ctrl_s_under_a_question_saves_the_match_below_it(harness_factory) -> None:
    h = harness_factory("en")
    h.start(Match(h.app, moves=5))
    h.app.push(ConfirmScene(h.app, "confirm-quit", h.app.quit))
    assert not isinstance(h.app.top, Saveable)
    assert h.press("s", ctrl=True) == "Match saved."
    assert saved(h.app) == {"moves": 5}


def test_a_match_that_has_ended_has_nothing_to_save(harness_factory) -> None:
    h = harness_factory("en")
    h.start(Match(h.app, over=True))
    assert h.press("s", ctrl=True) == "There is no match to save here."
    assert saved(h.app) is None


def test_the_app_is_built_with_its_seed_data_folder_and_save_store(harness_factory) -> None:
    h = harness_factory("en", seed=42)
    assert h.app.seed == 42
    assert h.app.saves is not None and h.app.data_dir is not None
    h.start(Match(h.app))
    h.press("s", ctrl=True)
    assert any(h.app.data_dir.iterdir())  # the store writes where the app was told
