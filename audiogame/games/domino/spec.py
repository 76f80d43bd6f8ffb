"""Domino, registered once: everything the app, saving, the fuzzer and the tests need.

Heavy modules are imported when first used (``later``, or inside the functions
below), so the main menu can read the game's name without loading its engine or scenes.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from audiogame.core.contract import BotPace, GameSpec, WireTypes
from audiogame.core.later import later_in
from audiogame.games.domino.cues import CUES
from audiogame.games.domino.options import BOT_LEVELS, OPTIONS
from audiogame.games.domino.table_setup import BOT_NAMES, BOT_PACES, DEFAULT_PACE

if TYPE_CHECKING:
    from audiogame.core.contract import Engine
    from audiogame.core.narration import Message

GAME_ID = "domino"
#: the game's own functions, imported when first called
later = later_in(__package__)


def table_config(seats: int, options: Mapping[str, Any]) -> dict[str, Any]:
    from audiogame.games.domino.options import DominoConfig

    return DominoConfig(seats=seats, **dict(options)).to_dict()


def setup_problem(config: Mapping[str, Any]) -> Message | None:
    from audiogame.games.domino.options import DominoConfig

    return DominoConfig.from_dict(dict(config)).problem_message()


def standing(view: Any, names: Sequence[str]) -> list[Message]:
    from audiogame.core.narration import Message
    from audiogame.games.domino.narrate import Seating, tally
    from audiogame.games.domino.observation import Observation

    assert isinstance(view, Observation)
    seating = Seating(None, tuple(names), view.config.teams)
    args = {"manche": view.manche, "totals": tally(seating, view.totals)}
    return [Message("domino-scores", {**args, "limit": view.config.point_limit})]


def new_engine(config: Mapping[str, Any], seed: int | str, start: float) -> Engine:
    from audiogame.games.domino.engine import DominoMatch
    from audiogame.games.domino.options import DominoConfig

    return DominoMatch(DominoConfig.from_dict(dict(config)), seed, start=start)


def bot_settings() -> dict[str, Any]:
    """The hard bots' budget of deals per decision, read as a match starts (tests make
    it smaller); a saved match keeps the one it was played with."""
    from audiogame.games.domino.bots import hard

    return {"iterations": hard.HARD_ITERATIONS}


def invariants(engine: Engine) -> list[str]:
    from audiogame.games.domino.engine import DominoMatch
    from audiogame.games.domino.invariants import check

    if not isinstance(engine, DominoMatch):
        return [f"not a domino match: {type(engine).__name__}"]
    return check(engine)


def random_config(rng: random.Random, seats: int) -> dict[str, Any]:
    """Any valid table of ``seats`` players: every option drawn from its values,
    teams (equal, alternating) one time in two when the players can form them."""
    from audiogame.games.domino.options import DominoConfig, alternating_teams
    from audiogame.games.domino.table_setup import team_counts_for

    counts = [k for k in team_counts_for(seats) if k]
    for _ in range(100):
        options = {o.field: rng.choice(o.values) for o in OPTIONS}
        teams = (
            alternating_teams(seats, rng.choice(counts)) if counts and rng.random() < 0.5 else None
        )
        config = DominoConfig(seats=seats, teams=teams, **options)
        if config.validate() is None:
            return config.to_dict()
    return DominoConfig(seats=seats).to_dict()


def wire() -> WireTypes:
    from typing import get_args

    from audiogame.games.domino.actions import Deal, Draw, NextManche, Pass, Play
    from audiogame.games.domino.events import Event
    from audiogame.games.domino.observation import Observation

    # Dealing (NextManche, or Deal's fixed deal for tutorials and tests) is the
    # table's alone: logged, never accepted from a client.
    return WireTypes(
        actions=(Play, Draw, Pass),
        events=get_args(Event),
        observation=Observation,
        table_actions=(NextManche, Deal),
    )


SPEC = GameSpec(
    id=GAME_ID,
    title_id="game-domino",
    order=10,
    guide="domino",
    cues=CUES,
    options=OPTIONS,
    bot_levels=BOT_LEVELS,
    min_seats=2,
    max_seats=12,
    describe_save=later(".save_schema:describe"),
    read_save=later(".save_versions:read_state"),
    new_engine=new_engine,
    wire=wire,
    controls=later(".controls:DominoControls"),
    table_config=table_config,
    setup_problem=setup_problem,
    standing=standing,
    engine_from_dict=later(".engine:DominoMatch.from_dict"),
    make_bot=later(".bots:make_bot"),
    bot_settings=bot_settings,
    bot_names=BOT_NAMES,
    bot_pace=BotPace(BOT_PACES, DEFAULT_PACE),
    narrate=later(".narrate:narrate"),
    board=later(".board:board"),
    invariants=invariants,
    random_config=random_config,
)
