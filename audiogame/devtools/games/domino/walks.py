"""Where the key fuzzer goes in Domino: its scenes, reached through their own entry points.

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
    from audiogame.ui.games.domino.setup_scene import DominoSetupScene
    from audiogame.ui.games.domino.table import DominoTable


def domino_setup(rng: random.Random) -> dict[str, Any]:
    from audiogame.games.domino.options import BOT_LEVELS, OPTIONS
    from audiogame.games.domino.table_setup import BOT_PACES, DominoSetup

    options = {o.id: rng.choice(list(o.values)) for o in OPTIONS}
    bots = rng.randint(1, 5)
    levels = [rng.choice(BOT_LEVELS) for _ in range(bots)]
    return DominoSetup(levels=levels, options=options, pace=rng.choice(BOT_PACES)).to_dict()


def _open_domino(app: App, rng: random.Random) -> DominoSetupScene:
    return _open_with(app, domino_setup(rng))


def _open_domino_table(app: App, rng: random.Random) -> None:
    setup = _open_domino(app, rng)
    setup.start()
    if app.top is setup:  # a set that cannot seat them: the defaults can
        app.settings.setups["domino"] = {}
        app.pop_to(app.scenes[0])
        _open_domino(app, rng).start()


def _open_domino_menu(app: App, rng: random.Random) -> None:
    _open_domino_table(app, rng)
    table = app.top
    assert table is not None
    table.on_escape()


def _domino_ended(app: App, rng: random.Random) -> None:
    """One manche to the end of the match, my moves chosen at random among the legal."""
    from audiogame.ui.games.domino.table import DominoTable

    setup = domino_setup(rng)
    setup["options"]["manche-limit"] = 1
    _open_with(app, setup).start()
    table = app.top
    if not isinstance(table, DominoTable):
        return  # a set that cannot seat them: the fuzzing starts at the setup
    playing: DominoTable = table

    def my_turn() -> None:
        legal = playing.match.legal_actions(0)
        if legal and app.top is playing:
            playing.apply(0, rng.choice(legal))

    play_out(app, lambda: playing.match.is_over or app.top is not playing, my_turn=my_turn)


def _open_with(app: App, setup: dict[str, Any]) -> DominoSetupScene:
    from audiogame.ui.games.domino.setup_scene import DominoSetupScene

    app.settings.setups["domino"] = setup
    scene = DominoSetupScene(app)
    app.push(scene)
    return scene


def scene_label(scene: object) -> str | None:
    if type(scene).__name__ != "DominoTable":  # by name: no game loaded to ask
        return None
    from audiogame.ui.games.domino.table import DominoTable

    if isinstance(scene, DominoTable) and scene.match.is_over:
        return "DominoTable/ended"
    return None


TARGETS: dict[str, Callable[[App, random.Random], object]] = {
    "DominoSetupScene": _open_domino,
    "DominoTable": _open_domino_table,
    "DominoTable/ended": _domino_ended,
    "TableMenu": _open_domino_menu,
}
