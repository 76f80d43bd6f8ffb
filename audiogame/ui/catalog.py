"""The games on the main menu, as data: each joins the menu once its table exists."""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from audiogame.app.loop import App
    from audiogame.ui.scene import Scene

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class GameEntry:
    id: str
    title_id: str
    #: "module:function" returning the game's first scene (its setup)
    opener: str
    #: "module:function(app, state) -> Scene" rebuilding a saved match
    resumer: str = ""


GAMES: tuple[GameEntry, ...] = (
    GameEntry(
        "domino",
        "game-domino",
        "audiogame.games.domino.setup_scene:open_setup",
        "audiogame.games.domino.table:resume",
    ),
    GameEntry(
        "tira",
        "game-tira",
        "audiogame.games.tirapassa.setup_scene:open_setup",
        "audiogame.games.tirapassa.table:resume",
    ),
)


def opener(entry: GameEntry) -> Callable[[App], Scene] | None:
    return _load(entry.opener)


def resumer(game_id: str) -> Callable[[App, Any], Scene] | None:
    for entry in GAMES:
        if entry.id == game_id and entry.resumer:
            return _load(entry.resumer)
    return None


def _load(target: str) -> Any:
    module_name, _, func = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        if exc.name and module_name.startswith(exc.name):
            return None  # that game has not landed yet
        log.exception("cannot load %s", target)
        return None
    return getattr(module, func, None)


def available_games() -> list[tuple[GameEntry, Callable[[App], Scene]]]:
    found = []
    for entry in GAMES:
        fn = opener(entry)
        if fn is not None:
            found.append((entry, fn))
    return found
