"""Show or Fold, registered once: the only thing the app reads to find this game.

It names no scene: the app sets it up from its options, plays it at its table
through its controls, saves it, and seats it online and on a page.
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
    from .engine import ShowFold

    return ShowFold(Config.from_dict(config), seed, start)


def table_config(seats: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """A table of ``seats`` players with these option values; ``ValueError`` if refused."""
    from .config import Config

    config = Config(players=seats, **{o.field: options.get(o.field, o.default) for o in OPTIONS})
    if config.problem() is not None:
        raise ValueError(config.problem())
    return config.to_dict()


def random_config(rng: random.Random, seats: int) -> dict[str, Any]:
    return table_config(seats, {option.field: rng.choice(option.values) for option in OPTIONS})


def invariants(engine: Engine) -> list[str]:
    from .invariants import check

    return check(engine)  # type: ignore[arg-type]


def wire() -> WireTypes:
    from typing import get_args

    from .actions import Fold, NextRound, Show
    from .events import Event
    from .observation import View

    return WireTypes(
        actions=(Show, Fold), events=get_args(Event), observation=View, table_actions=(NextRound,)
    )


SPEC = GameSpec(
    id=GAME_ID,
    title_id="showfold-title",
    order=91,
    guide="showfold",
    locales=HERE / "locales",
    sounds=HERE / "sounds",
    docs=HERE / "docs",
    cues=CUES,
    options=OPTIONS,
    bot_levels=("easy", "normal", "hard"),
    min_seats=MIN_PLAYERS,
    max_seats=MAX_PLAYERS,
    new_engine=new_engine,
    engine_from_dict=later(".engine:ShowFold.from_dict"),
    random_config=random_config,
    make_bot=later(".bot:ShowFoldBot"),
    narrate=later(".narrate:narrate"),
    board=later(".board:board"),
    invariants=invariants,
    wire=wire,
    controls=later(".controls:ShowFoldControls"),
    table_config=table_config,
)
