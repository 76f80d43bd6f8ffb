"""The scenes the app gives each game, by the game's id.

A game supplies rules, words and controls; its scenes are the app's: any game
with a ``table_config`` is set up by ``GameSetup`` (from its
options data), played at ``GameTable`` (driven by its controls), resumed from
the generic save and seated online. A shipped game whose table still needs
scenes of its own has them here, in ``ui/games/<game id>/`` (its ``SCENES``).
A game with neither is not offered in the main menu.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from audiogame.app.loop import App
    from audiogame.app.scene import Scene
    from audiogame.core.contract import GameSpec
    from audiogame.core.seat import SeatSession


@dataclass(frozen=True)
class GameScenes:
    """A game's way in (its setup), back into a saved match, and to a table online."""

    #: (app) -> the game's first scene: what the main menu opens
    open_setup: Callable[[App], Scene]
    #: (app, a saved match as plain data) -> its table; raises when it cannot be rebuilt
    resume: Callable[[App, Any], Scene] | None = None
    #: (app, the seat's online session, every seat's name) -> the table of a match
    #: played on a server; None: the app cannot seat a player at this game online
    online_table: Callable[[App, SeatSession, Sequence[str]], Scene] | None = None


def scenes(spec: GameSpec) -> GameScenes | None:
    """The scenes of ``spec``'s game (None: the app has none to offer)."""
    name = f"{__name__}.{spec.id}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
    else:
        found: GameScenes = module.SCENES
        return found
    if spec.table_config is None or spec.new_engine is None:
        return None
    return generic(spec)


def generic(spec: GameSpec) -> GameScenes:
    """The app's own scenes for ``spec``: its setup, its table, its resume, online."""
    from audiogame.ui import game_table
    from audiogame.ui.game_setup import GameSetup

    return GameScenes(
        open_setup=partial(GameSetup, spec=spec),
        resume=partial(game_table.resume, spec),
        online_table=partial(game_table.online, spec),
    )


def online_table(spec: GameSpec) -> Callable[[App, SeatSession, Sequence[str]], Scene] | None:
    """The table the app seats a player at online for ``spec`` (None: none)."""
    found = scenes(spec)
    return None if found is None else found.online_table


def resume(spec: GameSpec) -> Callable[[App, Any], Scene] | None:
    """How the app rebuilds a saved match of ``spec`` (None: it cannot)."""
    found = scenes(spec)
    return None if found is None else found.resume
