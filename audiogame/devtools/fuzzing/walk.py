"""Where the fuzzer's walk goes: every scene, reached through the scenes' own entry points.

``TARGETS`` maps a scene label to a function taking the app (at its main menu)
there. Table setups are drawn at random (2-6 players, assisted or manual
controls, every speed and variant; 2-6 domino players, every option), so the
tables differ at every visit.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any


class WalkRandom(random.Random):
    """The walk's random source; Tira table sizes come in turn (2 to 6), so that a
    short walk sits at every size."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self._tables = 0

    def table_size(self, low: int, high: int) -> int:
        self._tables += 1
        return low + self._tables % (high - low + 1)


def scene_label(scene: Any) -> str:
    name = type(scene).__name__
    if name == "TiraTable":
        if scene.practice:
            return "TiraTable/practice"
        if scene.finished:
            return "TiraTable/ended"
        return f"TiraTable/race-{scene.config.control_of(0).value}"
    if name == "DominoTable" and scene.match.is_over:
        return "DominoTable/ended"
    return name


def play_out(
    app: Any,
    done: Callable[[], bool],
    limit: float = 7200.0,
    my_turn: Callable[[], None] = lambda: None,
) -> None:
    """Let virtual time run, from one scheduled call to the next, until ``done()``;
    ``my_turn`` plays for the player when it is their turn."""
    clock = app.clock
    end = clock.now() + limit
    while not done() and clock.now() < end and app.running:
        my_turn()
        due = app.scheduler.next_time()
        clock.set(min(end, max(clock.now(), due if due is not None else clock.now() + 1.0)))
        app.step()
        while app.idle_tasks:
            app.run_idle(budget=60.0)


def tira_setup(rng: WalkRandom) -> dict[str, Any]:
    from audiogame.games.tirapassa.options import Control, Speed, Variant
    from audiogame.games.tirapassa.table_setup import BOT_LEVELS, TableSetup

    return TableSetup(
        players=rng.table_size(2, 6),
        speed=rng.choice(list(Speed)),
        variant=rng.choice(list(Variant)),
        control=rng.choice(list(Control)),
        levels=[rng.choice(BOT_LEVELS) for _ in range(5)],
    ).to_dict()


def domino_setup(rng: WalkRandom) -> dict[str, Any]:
    from audiogame.games.domino.options import OPTIONS
    from audiogame.games.domino.table_setup import BOT_LEVELS, BOT_PACES, DominoSetup

    options = {o.id: rng.choice(list(o.values)) for o in OPTIONS}
    bots = rng.randint(1, 5)
    levels = [rng.choice(BOT_LEVELS) for _ in range(bots)]
    return DominoSetup(levels=levels, options=options, pace=rng.choice(BOT_PACES)).to_dict()


def _open_tira(app: Any, rng: WalkRandom, control: str | None = None) -> Any:
    from audiogame.games.tirapassa.setup_scene import open_setup

    setup = tira_setup(rng)
    if control:
        setup["control"] = control
    app.settings.setups["tira"] = setup
    scene = open_setup(app)
    app.push(scene)
    return scene


def _open_briefing(app: Any, rng: WalkRandom, control: str | None = None) -> Any:
    setup = _open_tira(app, rng, control)
    setup.start()
    return app.top


def _open_domino(app: Any, rng: WalkRandom) -> Any:
    from audiogame.games.domino.setup_scene import open_setup

    app.settings.setups["domino"] = domino_setup(rng)
    scene = open_setup(app)
    app.push(scene)
    return scene


def _open_domino_table(app: Any, rng: WalkRandom) -> None:
    setup = _open_domino(app, rng)
    setup.start()
    if app.top is setup:  # a set that cannot seat them: the defaults can
        app.settings.setups["domino"] = {}
        app.pop_to(app.scenes[0])
        _open_domino(app, rng).start()


def _open_domino_menu(app: Any, rng: WalkRandom) -> None:
    _open_domino_table(app, rng)
    app.top.on_escape()


def _reader(app: Any, rng: WalkRandom) -> None:
    from audiogame.ui.reader import ReaderScene

    app.push(ReaderScene(app, rng.choice(("guide", "tira", "domino"))))


def _options(app: Any, _rng: WalkRandom) -> None:
    from audiogame.ui.options import OptionsScene

    app.push(OptionsScene(app))


def _tira_leave(app: Any, rng: WalkRandom) -> None:
    _open_briefing(app, rng).start()
    app.top.on_escape()  # the race goes on behind "leave the game?"


def _tira_ended(app: Any, rng: WalkRandom) -> None:
    """A race played to its end by the bots (the player never moves), then keys."""
    _open_briefing(app, rng).start()
    table = app.top
    play_out(app, lambda: table.finished or app.top is not table)


def _domino_ended(app: Any, rng: WalkRandom) -> None:
    """One manche to the end of the match, my moves chosen at random among the legal."""
    from audiogame.games.domino.setup_scene import open_setup

    setup = domino_setup(rng)
    setup["options"]["manche-limit"] = 1
    app.settings.setups["domino"] = setup
    scene = open_setup(app)
    app.push(scene)
    scene.start()
    table = app.top
    if table is scene:
        return  # a set that cannot seat them: the fuzzing starts at the setup

    def my_turn() -> None:
        legal = table.match.legal_actions(0)
        if legal and app.top is table:
            table.apply(rng.choice(legal))

    play_out(app, lambda: table.match.is_over or app.top is not table, my_turn=my_turn)


def _resume(app: Any, _rng: WalkRandom) -> None:
    """The saved match, from the main menu's first item (when a match was left)."""
    if app.pending_resume is not None:
        app.scenes[0].resume()


#: each place the walk aims for, and how to get there from the main menu
TARGETS: dict[str, Callable[[Any, WalkRandom], Any]] = {
    "MainMenu": lambda app, rng: None,
    "OptionsScene": _options,
    "ReaderScene": _reader,
    "ConfirmScene": lambda app, rng: app.scenes[0].ask_quit(),
    "ConfirmScene/tira-leave": _tira_leave,
    "TiraSetupScene": _open_tira,
    "BriefingScene": _open_briefing,
    "TiraTable/practice": lambda app, rng: _open_briefing(app, rng).practice(),
    "TiraTable/race-assisted": lambda app, rng: _open_briefing(app, rng, "assisted").start(),
    "TiraTable/race-manual": lambda app, rng: _open_briefing(app, rng, "manual").start(),
    "DominoSetupScene": _open_domino,
    "DominoTable": _open_domino_table,
    "DominoTable/ended": _domino_ended,
    "TiraTable/ended": _tira_ended,
    "Resumed": _resume,
    "TableMenu": _open_domino_menu,
}


def available_targets() -> dict[str, Callable[[Any, WalkRandom], Any]]:
    """The targets whose games have landed (the catalog lists them)."""
    from audiogame.ui.catalog import available_games

    games = {entry.id for entry, _ in available_games()}
    wanted = {"tira": ("Tira", "Briefing", "ConfirmScene/tira"), "domino": ("Domino", "TableMenu")}
    missing = [p for game, prefixes in wanted.items() if game not in games for p in prefixes]
    return {name: go for name, go in TARGETS.items() if not name.startswith(tuple(missing))}


def scenes_of(targets: dict[str, Any]) -> set[str]:
    """The scene labels the targets lead to ("Resumed" leads to a table, already listed)."""
    return {counted_label(t) for t in targets if t != "Resumed"}


def counted_label(target: str) -> str:
    """The scene label a target is counted under (the tira leave question is a confirm)."""
    return target.split("/tira-leave")[0]
