"""Where the key fuzzer goes in Domino: its scenes, reached through their own entry points.

``TARGETS`` (the spec's ``fuzz_targets``) maps a scene label to a function taking
the app, at its main menu, there; ``scene_label`` names this game's scenes.
Setups are drawn at random, so the tables differ at every visit.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from audiogame.devtools.fuzzing.walk import play_out


def domino_setup(rng: random.Random) -> dict[str, Any]:
    from audiogame.games.domino.options import OPTIONS
    from audiogame.games.domino.table_setup import BOT_LEVELS, BOT_PACES, DominoSetup

    options = {o.id: rng.choice(list(o.values)) for o in OPTIONS}
    bots = rng.randint(1, 5)
    levels = [rng.choice(BOT_LEVELS) for _ in range(bots)]
    return DominoSetup(levels=levels, options=options, pace=rng.choice(BOT_PACES)).to_dict()


def _open_domino(app: Any, rng: random.Random) -> Any:
    from audiogame.games.domino.setup_scene import open_setup

    app.settings.setups["domino"] = domino_setup(rng)
    scene = open_setup(app)
    app.push(scene)
    return scene


def _open_domino_table(app: Any, rng: random.Random) -> None:
    setup = _open_domino(app, rng)
    setup.start()
    if app.top is setup:  # a set that cannot seat them: the defaults can
        app.settings.setups["domino"] = {}
        app.pop_to(app.scenes[0])
        _open_domino(app, rng).start()


def _open_domino_menu(app: Any, rng: random.Random) -> None:
    _open_domino_table(app, rng)
    app.top.on_escape()


def _domino_ended(app: Any, rng: random.Random) -> None:
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
            table.apply(0, rng.choice(legal))

    play_out(app, lambda: table.match.is_over or app.top is not table, my_turn=my_turn)


def scene_label(scene: Any) -> str | None:
    name = type(scene).__name__
    if name == "DominoTable" and scene.match.is_over:
        return "DominoTable/ended"
    return None


TARGETS: dict[str, Callable[[Any, random.Random], Any]] = {
    "DominoSetupScene": _open_domino,
    "DominoTable": _open_domino_table,
    "DominoTable/ended": _domino_ended,
    "TableMenu": _open_domino_menu,
}
