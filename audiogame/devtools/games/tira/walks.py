"""Where the key fuzzer goes in Tira & Passa: its scenes, reached through their own entry points.

``TARGETS`` (the spec's ``fuzz_targets``) maps a scene label to a function taking
the app, at its main menu, there; ``scene_label`` names this game's scenes.
Setups are drawn at random, so the tables differ at every visit.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from audiogame.devtools.fuzzing.walk import play_out

if TYPE_CHECKING:
    from audiogame.app.loop import App
    from audiogame.ui.games.tira.briefing import BriefingScene
    from audiogame.ui.games.tira.setup_scene import TiraSetupScene
    from audiogame.ui.games.tira.table import TiraTable


def table_size(rng: random.Random, low: int, high: int) -> int:
    """Table sizes in turn when the walk offers it, so a short walk sits at every size."""
    turn: Callable[[int, int], int] | None = getattr(rng, "table_size", None)
    return turn(low, high) if turn is not None else rng.randint(low, high)


def tira_setup(rng: random.Random) -> dict[str, Any]:
    from audiogame.games.tirapassa.options import Control, Speed, Variant
    from audiogame.games.tirapassa.table_setup import BOT_LEVELS, TableSetup

    return TableSetup(
        players=table_size(rng, 2, 6),
        speed=rng.choice(list(Speed)),
        variant=rng.choice(list(Variant)),
        control=rng.choice(list(Control)),
        levels=[rng.choice(BOT_LEVELS) for _ in range(5)],
    ).to_dict()


def _open_tira(app: App, rng: random.Random, control: str | None = None) -> TiraSetupScene:
    from audiogame.ui.games.tira.setup_scene import TiraSetupScene

    setup = tira_setup(rng)
    if control:
        setup["control"] = control
    app.settings.setups["tira"] = setup
    scene = TiraSetupScene(app)
    app.push(scene)
    return scene


def _open_briefing(app: App, rng: random.Random, control: str | None = None) -> BriefingScene:
    from audiogame.ui.games.tira.briefing import BriefingScene

    _open_tira(app, rng, control).start()
    briefing = app.top
    assert isinstance(briefing, BriefingScene)
    return briefing


def _race(app: App, rng: random.Random, control: str | None = None) -> TiraTable:
    from audiogame.ui.games.tira.table import TiraTable

    _open_briefing(app, rng, control).start()
    table = app.top
    assert isinstance(table, TiraTable)
    return table


def _tira_leave(app: App, rng: random.Random) -> None:
    _race(app, rng).on_escape()  # the race goes on behind "leave the game?"


def _tira_ended(app: App, rng: random.Random) -> None:
    """A race played to its end by the bots (the player never moves), then keys."""
    table = _race(app, rng)
    play_out(app, lambda: table.finished or app.top is not table)


def scene_label(scene: object) -> str | None:
    if type(scene).__name__ != "TiraTable":  # by name: no game loaded to ask
        return None
    from audiogame.ui.games.tira.table import TiraTable

    if not isinstance(scene, TiraTable):
        return None
    if scene.practice:
        return "TiraTable/practice"
    if scene.finished:
        return "TiraTable/ended"
    return f"TiraTable/race-{scene.config.control_of(0).value}"


TARGETS: dict[str, Callable[[App, random.Random], object]] = {
    "ConfirmScene//tira-leave": _tira_leave,
    "TiraSetupScene": _open_tira,
    "BriefingScene": _open_briefing,
    "TiraTable/practice": lambda app, rng: _open_briefing(app, rng).practice(),
    "TiraTable/race-assisted": lambda app, rng: _race(app, rng, "assisted"),
    "TiraTable/race-manual": lambda app, rng: _race(app, rng, "manual"),
    "TiraTable/ended": _tira_ended,
}
