"""Tira & Passa, registered once: everything the app, saving, the fuzzer and the tests need.

Heavy modules are imported inside the functions below, so the main menu can
read the game's name without loading its engine or scenes.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from audiogame.games.base import Controls, GameSpec, RealTime, WireTypes
from audiogame.games.tirapassa.cues import CUES
from audiogame.games.tirapassa.options import OPTIONS
from audiogame.games.tirapassa.walks import TARGETS, scene_label

if TYPE_CHECKING:
    from audiogame.app.loop import App
    from audiogame.devtools.resume_check import MatchAdapter
    from audiogame.games.base import Bot, Engine
    from audiogame.games.board import Board
    from audiogame.games.seat import SeatSession
    from audiogame.narration import Message
    from audiogame.ui.scene import Scene

GAME_ID = "tira"


def open_setup(app: App) -> Scene:
    from audiogame.games.tirapassa.setup_scene import TiraSetupScene

    return TiraSetupScene(app)


def resume(app: App, state: Any) -> Scene:
    from audiogame.games.tirapassa.table import resume as resume_table

    return resume_table(app, state)


def online_table(app: App, session: SeatSession, names: Sequence[str]) -> Scene:
    """The race run on a server, at Tira's own table (``session``: a ``RaceSeat``)."""
    from audiogame.games.tirapassa.table import TiraTable

    return TiraTable.online(app, session, names)


def table_config(seats: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """An online table's game: its speed and its end; every seat assisted (a seat's own
    controls are chosen at a table on this machine only); ``ValueError`` when refused."""
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
    from audiogame.games.tirapassa.narrate import tally
    from audiogame.games.tirapassa.observation import TiraObservation
    from audiogame.narration import Message

    assert isinstance(view, TiraObservation)
    standings = {"tally": tally(view.won_counts, None, names), "pile": view.pile_size}
    return [Message("tira-standings", standings)]


def new_engine(config: Mapping[str, Any], seed: int | str, start: float) -> Engine:
    from audiogame.games.tirapassa.engine import TiraGame
    from audiogame.games.tirapassa.options import TiraConfig

    return TiraGame(TiraConfig.from_dict(config), seed, start_at=start)


def engine_from_dict(data: Mapping[str, Any]) -> Engine:
    from audiogame.games.tirapassa.engine import TiraGame

    return TiraGame.from_dict(data)


def make_bot(seat: int, level: str, seed: int | str) -> Bot:
    from audiogame.games.tirapassa.bots import TiraBot

    return TiraBot(seat, level, seed)


def narrate(events: Sequence[Any], view: Any, names: Sequence[str]) -> list[Message]:
    from audiogame.games.tirapassa.narrate import narrate as tell

    return tell(events, view, names)


def board(view: Any, names: Sequence[str], focus: Any) -> Board:
    from audiogame.games.tirapassa.board import board as show

    return show(view, names, focus)


def invariants(engine: Engine) -> list[str]:
    from audiogame.games.tirapassa.engine import TiraGame
    from audiogame.games.tirapassa.invariants import check

    if not isinstance(engine, TiraGame):
        return [f"not a Tira & Passa game: {type(engine).__name__}"]
    return check(engine)


def resume_adapter() -> MatchAdapter:
    from audiogame.games.tirapassa.resume_check import TiraAdapter

    return TiraAdapter()


def describe_save(summary: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    from audiogame.games.tirapassa.save_schema import describe

    return describe(summary)


def read_save(body: bytes) -> Any:
    from audiogame.games.tirapassa.save_schema import read_state

    return read_state(body)


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


def controls() -> Controls:
    """The race's keys over a seat's view: the desktop table's, and a web page's on the
    server (``controls.py``: the key map as tables)."""
    from audiogame.games.tirapassa.controls import TiraControls

    return TiraControls()


def realtime() -> RealTime:
    from audiogame.games.tirapassa.race_online import realtime as hooks

    return hooks()


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
    open_setup=open_setup,
    resume=resume,
    describe_save=describe_save,
    read_save=read_save,
    new_engine=new_engine,
    engine_from_dict=engine_from_dict,
    make_bot=make_bot,
    narrate=narrate,
    board=board,
    invariants=invariants,
    resume_adapter=resume_adapter,
    random_config=random_config,
    fuzz_targets=TARGETS,
    scene_label=scene_label,
    wire=wire,
    realtime=realtime,
    controls=controls,
    table_keys="keys-tira-table",
    online_table=online_table,
    table_config=table_config,
    standing=standing,
)
