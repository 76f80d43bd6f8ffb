"""Hidden Die, registered once: the only thing the app reads to find this game.

Everything the app needs is here or reached from here; the engine and the
scenes are imported when first used, so the main menu can read the title
without loading them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from audiogame.games.base import GameSpec, WireTypes

from .config import GAME_ID, MAX_PLAYERS, MIN_PLAYERS, OPTIONS
from .cues import CUES

if TYPE_CHECKING:
    from audiogame.games.base import Bot, Engine
    from audiogame.games.board import Board
    from audiogame.narration import Message
    from audiogame.ui.scene import Scene

HERE = Path(__file__).resolve().parent


def new_engine(config: Mapping[str, Any], seed: int | str, start: float) -> Engine:
    from .config import Config
    from .engine import HiddenDie

    return HiddenDie(Config.from_dict(config), seed, start)


def engine_from_dict(data: Mapping[str, Any]) -> Engine:
    from .engine import HiddenDie

    return HiddenDie.from_dict(data)


def random_config(rng: random.Random, seats: int) -> dict[str, Any]:
    from .config import Config

    values = {option.field: rng.choice(option.values) for option in OPTIONS}
    return Config(players=seats, **values).to_dict()


def make_bot(seat: int, level: str, seed: int | str) -> Bot:
    from .bot import HiddenDieBot

    return HiddenDieBot(seat, level, seed)


def narrate(events: Any, view: Any, names: Any) -> list[Message]:
    from .narrate import narrate as say

    return say(events, view, names)


def board(view: Any, names: Any, focus: Any) -> Board:
    from .board import board as show

    return show(view, names, focus)


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


def open_setup(app: Any) -> Scene:
    from .setup import HiddenDieSetup

    return HiddenDieSetup(app)


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
    engine_from_dict=engine_from_dict,
    random_config=random_config,
    make_bot=make_bot,
    narrate=narrate,
    board=board,
    invariants=invariants,
    open_setup=open_setup,
    wire=wire,
)
