"""Each shipped game's test tooling, found by the game's id: the devtools' side registry.

A game's folder holds its rules, words and controls, nothing a test alone needs.
What the key fuzzer and the resume checks know of one game (where the fuzzer goes
in it, what it calls its scenes, how a scripted player drives its table) lives
here, in ``devtools/games/<game id>/``, whose ``HOOKS`` says it. A game without
such a folder (one dropped on ``AUDIOGAME_GAMES``) is fuzzed in the app's own
places and has no resume check.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from audiogame.app.loop import App


@dataclass(frozen=True)
class GameHooks:
    """What the test tooling knows of one game."""

    #: places the key fuzzer visits: label -> how to get there from the main menu
    fuzz_targets: Mapping[str, Callable[[App, random.Random], Any]] = field(default_factory=dict)
    #: the fuzzer's name for a scene of this game (None: not this game's scene)
    scene_label: Callable[[Any], str | None] | None = None
    #: the resume checker's adapter for this game's table (a ``resume_check.MatchAdapter``,
    #: imported when first called)
    resume_adapter: Callable[[], Any] | None = None


NONE = GameHooks()


def hooks(game_id: str) -> GameHooks:
    """The tooling of the game ``game_id`` (``NONE`` when it has none)."""
    name = f"{__name__}.{game_id}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return NONE
        raise
    found: GameHooks = module.HOOKS
    return found
