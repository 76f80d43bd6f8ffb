"""Hidden Die, registered once: the only thing the app reads to find this game.

Everything the app needs is here or reached from here; the engine and the
scenes are imported when first used (``later``: a function named by its module
and name), so the main menu can read the title without loading them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from audiogame.core.contract import GameSpec, WireTypes
from audiogame.core.later import later_in

from .config import GAME_ID, MAX_PLAYERS, MIN_PLAYERS, OPTIONS
from .cues import CUES

if TYPE_CHECKING:
    from audiogame.core.contract import Engine

HERE = Path(__file__).resolve().parent
later = later_in(__package__)


def new_engine(config: Mapping[str, Any], seed: int | str, start: float) -> Engine:
    from .config import Config
    from .engine import HiddenDie

    return HiddenDie(Config.from_dict(config), seed, start)


def table_config(seats: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """A table of ``seats`` players with these option values; ``ValueError`` if refused."""
    from .config import Config

    config = Config(players=seats, **{o.field: options.get(o.field, o.default) for o in OPTIONS})
    if config.problem() is not None:
        raise ValueError(config.problem())
    return config.to_dict()


def random_config(rng: random.Random, seats: int) -> dict[str, Any]:
    from .config import Config

    values = {option.field: rng.choice(option.values) for option in OPTIONS}
    return Config(players=seats, **values).to_dict()


def invariants(engine: Engine) -> list[str]:
    from .invariants import check

    return check(engine)  # type: ignore[arg-type]


def wire() -> WireTypes:
    from . import events
    from .actions import Keep, Reroll
    from .observation import View

    return WireTypes(
        actions=(Keep, Reroll),
        events=(
            events.GameStarted,
            events.RoundStarted,
            events.DieRolled,
            events.TurnBegan,
            events.TimeRanOut,
            events.Kept,
            events.Rerolled,
            events.RoundEnded,
            events.GameEnded,
        ),
        observation=View,
    )


SPEC = GameSpec(
    id=GAME_ID,
    title_id="hiddendie-title",
    order=90,
    guide="hiddendie",
    locales=HERE / "locales",
    sounds=HERE / "sounds",
    docs=HERE / "docs",
    cues=CUES,
    options=OPTIONS,
    bot_levels=("easy", "normal", "hard"),
    min_seats=MIN_PLAYERS,
    max_seats=MAX_PLAYERS,
    new_engine=new_engine,
    engine_from_dict=later(".engine:HiddenDie.from_dict"),
    random_config=random_config,
    make_bot=later(".bot:HiddenDieBot"),
    narrate=later(".narrate:narrate"),
    board=later(".board:board"),
    invariants=invariants,
    controls=later(".controls:HiddenDieControls"),
    table_config=table_config,
    wire=wire,
)
