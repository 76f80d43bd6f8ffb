"""Where the fuzzer's walk goes: every scene, reached through the scenes' own entry points.

``TARGETS`` maps a scene label to a function taking the app (at its main menu)
there; each game adds its own places (``GameSpec.fuzz_targets``, drawn at
random setups so the tables differ at every visit).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from audiogame.core.clock import VirtualClock

if TYPE_CHECKING:
    from audiogame.app.loop import App
    from audiogame.ui.main_menu import MainMenu

#: how to get somewhere from the main menu
Target = Callable[["App", "WalkRandom"], Any]


class WalkRandom(random.Random):
    """The walk's random source; Tira table sizes come in turn (2 to 6), so that a
    short walk sits at every size."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self._tables = 0

    def table_size(self, low: int, high: int) -> int:
        self._tables += 1
        return low + self._tables % (high - low + 1)


def scene_label(scene: object) -> str:
    """The name a scene is counted under: its game's label for it, else its class."""
    from audiogame.devtools.games import hooks
    from audiogame.games import registry

    for spec in registry.games():
        name = hooks(spec.id).scene_label
        label = name(scene) if name is not None else None
        if label is not None:
            return label
    return type(scene).__name__


def play_out(
    app: App,
    done: Callable[[], bool],
    limit: float = 7200.0,
    my_turn: Callable[[], None] = lambda: None,
) -> None:
    """Let virtual time run, from one scheduled call to the next, until ``done()``;
    ``my_turn`` plays for the player when it is their turn."""
    clock = app.clock
    assert isinstance(clock, VirtualClock), "a walk plays out on virtual time"
    end = clock.now() + limit
    while not done() and clock.now() < end and app.running:
        my_turn()
        due = app.scheduler.next_time()
        clock.set(min(end, max(clock.now(), due if due is not None else clock.now() + 1.0)))
        app.step()
        while app.idle_tasks:
            app.run_idle(budget=60.0)


def _reader(app: App, rng: WalkRandom) -> None:
    from audiogame.app.reader import ReaderScene
    from audiogame.games import registry

    app.push(ReaderScene(app, rng.choice(["guide", *(spec.guide for spec in registry.games())])))


def _options(app: App, _rng: WalkRandom) -> None:
    from audiogame.ui.options import OptionsScene

    app.push(OptionsScene(app))


def main_menu(app: App) -> MainMenu:
    """The scene at the bottom of the stack, where every walk starts."""
    from audiogame.ui.main_menu import MainMenu

    menu = app.scenes[0]
    assert isinstance(menu, MainMenu), "the walk starts from the main menu"
    return menu


def _resume(app: App, _rng: WalkRandom) -> None:
    """A saved match, from the main menu's resume items (when a match was left)."""
    offered = app.matches.offered()
    if offered:
        main_menu(app).resume(offered[0][0])


#: the places outside any game, and how to get there from the main menu
TARGETS: dict[str, Target] = {
    "MainMenu": lambda app, rng: None,
    "OptionsScene": _options,
    "ReaderScene": _reader,
    "ConfirmScene": lambda app, rng: main_menu(app).ask_quit(),
    "Resumed": _resume,
}


def available_targets() -> dict[str, Target]:
    """Every place the walk aims for: the app's own and every registered game's."""
    from audiogame.devtools.games import hooks
    from audiogame.games import registry

    targets = dict(TARGETS)
    for spec in registry.games():
        targets.update(hooks(spec.id).fuzz_targets)
    return targets


def scenes_of(targets: dict[str, Any]) -> set[str]:
    """The scene labels the targets lead to ("Resumed" leads to a table, already listed)."""
    return {counted_label(t) for t in targets if t != "Resumed"}


def counted_label(target: str) -> str:
    """The scene label a target is counted under: "Label//note" counts as "Label"
    (a game's own question is still a confirm)."""
    return target.split("//")[0]
