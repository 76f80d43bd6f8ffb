"""Tira & Passa, registered once: everything the app, saving, the fuzzer and the tests need.

Heavy modules are imported when first used (``later``, or inside the functions
below), so the main menu can read the game's name without loading its engine or scenes.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from audiogame.core.contract import GameSpec, WireTypes
from audiogame.core.later import later_in
from audiogame.games.tirapassa.cues import CUES
from audiogame.games.tirapassa.options import OPTIONS
from audiogame.games.tirapassa.table_setup import BOT_NAMES

if TYPE_CHECKING:
    from audiogame.core.contract import Engine
    from audiogame.core.narration import Message

GAME_ID = "tira"
#: the game's own functions, imported when first called
later = later_in(__package__)


def table_config(seats: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """An online table's game: its speed and its end; ``ValueError`` when refused. Each
    seat's controls are its player's, kept with the seat and put in the match's
    configuration by the server when the match starts (``OptionSpec.per_seat``)."""
    from audiogame.games.tirapassa.options import Speed, TiraConfig, Variant

    config = TiraConfig(
        players=seats,
        speed=Speed(options.get("speed", Speed.NORMAL)),
        variant=Variant(options.get("variant", Variant.FIRST_TO_THREE)),
    )
    problem = config.validate()
    if problem is not None:
        raise ValueError(problem.value)
    return config.to_dict()


def standing(view: Any, names: Sequence[str]) -> list[Message]:
    """Where a race stands for the table list: the coasters won, those left to draw."""
    from audiogame.core.narration import Message
    from audiogame.games.tirapassa.narrate import tally
    from audiogame.games.tirapassa.observation import TiraObservation

    assert isinstance(view, TiraObservation)
    standings = {"tally": tally(view.won_counts, None, names), "pile": view.pile_size}
    return [Message("tira-standings", standings)]


def new_engine(config: Mapping[str, Any], seed: int | str, start: float) -> Engine:
    from audiogame.games.tirapassa.engine import TiraGame
    from audiogame.games.tirapassa.options import TiraConfig

    return TiraGame(TiraConfig.from_dict(config), seed, start_at=start)


def invariants(engine: Engine) -> list[str]:
    from audiogame.games.tirapassa.engine import TiraGame
    from audiogame.games.tirapassa.invariants import check

    if not isinstance(engine, TiraGame):
        return [f"not a Tira & Passa game: {type(engine).__name__}"]
    return check(engine)


def wire() -> WireTypes:
    from audiogame.games.tirapassa import events
    from audiogame.games.tirapassa.actions import Send, Throw
    from audiogame.games.tirapassa.observation import TiraObservation

    return WireTypes(
        actions=(Throw, Send),
        events=tuple(
            cls
            for cls in vars(events).values()
            if isinstance(cls, type) and issubclass(cls, events.TiraEvent) and cls.kind != "event"
        ),
        observation=TiraObservation,
    )


def random_config(rng: random.Random, seats: int) -> dict[str, Any]:
    from audiogame.games.tirapassa.options import Control, Speed, TiraConfig, Variant

    config = TiraConfig(
        players=seats,
        speed=rng.choice(list(Speed)),
        variant=rng.choice(list(Variant)),
        controls=tuple(rng.choice(list(Control)) for _ in range(seats)),
    )
    return config.to_dict()


SPEC = GameSpec(
    id=GAME_ID,
    title_id="game-tira",
    name_id="game-tira-name",
    order=20,
    guide="tira",
    cues=CUES,
    options=OPTIONS,
    bot_levels=("easy", "normal", "hard"),
    min_seats=2,
    max_seats=6,
    describe_save=later(".save_schema:describe"),
    read_save=later(".save_schema:read_state"),
    new_engine=new_engine,
    engine_from_dict=later(".engine:TiraGame.from_dict"),
    make_bot=later(".bots:TiraBot"),
    bot_names=BOT_NAMES,
    narrate=later(".narrate:narrate"),
    board=later(".board:board"),
    invariants=invariants,
    random_config=random_config,
    wire=wire,
    realtime=later(".race_online:realtime"),
    # the race's keys over a seat's view: the desktop table's, and a web page's on the
    # server (the key map as tables)
    controls=later(".controls:TiraControls"),
    table_config=table_config,
    standing=standing,
)
