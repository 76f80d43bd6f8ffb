"""Where the key fuzzer goes in Tira & Passa: its scenes, reached through their own entry points.

``TARGETS`` (the spec's ``fuzz_targets``) maps a scene label to a function taking
the app, at its main menu, there; ``scene_label`` names this game's scenes.
Setups are drawn at random, so the tables differ at every visit.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from audiogame.devtools.fuzzing.walk import play_out


def table_size(rng: random.Random, low: int, high: int) -> int:
    """Table sizes in turn when the walk offers it, so a short walk sits at every size."""
    turn = getattr(rng, "table_size", None)
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


def _open_tira(app: Any, rng: random.Random, control: str | None = None) -> Any:
    from audiogame.games.tirapassa.setup_scene import open_setup

    setup = tira_setup(rng)
    if control:
        setup["control"] = control
    app.settings.setups["tira"] = setup
    scene = open_setup(app)
    app.push(scene)
    return scene


def _open_briefing(app: Any, rng: random.Random, control: str | None = None) -> Any:
    setup = _open_tira(app, rng, control)
    setup.start()
    return app.top


def _tira_leave(app: Any, rng: random.Random) -> None:
    _open_briefing(app, rng).start()
    app.top.on_escape()  # the race goes on behind "leave the game?"


def _tira_ended(app: Any, rng: random.Random) -> None:
    """A race played to its end by the bots (the player never moves), then keys."""
    _open_briefing(app, rng).start()
    table = app.top
    play_out(app, lambda: table.finished or app.top is not table)


def scene_label(scene: Any) -> str | None:
    name = type(scene).__name__
    if name == "TiraTable":
        if scene.practice:
            return "TiraTable/practice"
        if scene.finished:
            return "TiraTable/ended"
        return f"TiraTable/race-{scene.config.control_of(0).value}"
    return None


TARGETS: dict[str, Callable[[Any, random.Random], Any]] = {
    "ConfirmScene//tira-leave": _tira_leave,
    "TiraSetupScene": _open_tira,
    "BriefingScene": _open_briefing,
    "TiraTable/practice": lambda app, rng: _open_briefing(app, rng).practice(),
    "TiraTable/race-assisted": lambda app, rng: _open_briefing(app, rng, "assisted").start(),
    "TiraTable/race-manual": lambda app, rng: _open_briefing(app, rng, "manual").start(),
    "TiraTable/ended": _tira_ended,
}
