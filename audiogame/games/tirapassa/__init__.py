"""Tira & Passa (after the dice game by Andreas Schmidt): pure engine and bots.

Quick start (the table UI)::

    from audiogame.app.clock import RealClock, Scheduler
    from audiogame.games.tirapassa import TiraConfig, TiraSession, Throw, Send

    session = TiraSession.for_config(config, seed, scheduler, listener=narrate)
    session.start()                      # GameStarted/RoundStarted come at once
    result = session.apply(Throw(0))     # result.refusal: a Refusal or None
    session.game.observation(0)          # what seat 0 can see, at any time

Modules: ``symbols`` (the six symbols), ``coasters`` (this edition's 18),
``options`` (options as data, ``TiraConfig``), ``rules`` (pure rule
functions), ``actions``, ``events``, ``observation``, ``engine``
(``TiraGame``), ``bots`` (``TiraBot``), ``session`` (scheduler wiring,
``run_bots_game``).
"""

from audiogame.games.tirapassa.actions import Action, Refusal, Result, Send, Throw
from audiogame.games.tirapassa.bots import REACTION, SEND_PAUSE, Decision, TiraBot
from audiogame.games.tirapassa.coasters import EDITION_COASTERS, Coaster
from audiogame.games.tirapassa.engine import TiraGame
from audiogame.games.tirapassa.events import (
    CalmEmptied,
    CalmFinished,
    CalmStarted,
    CoasterDrawn,
    CoasterWon,
    DiePassed,
    DieToTray,
    GameEnded,
    GameStarted,
    Landed,
    RaceStarted,
    RoundEnded,
    RoundStarted,
    StartSignal,
    StopCalled,
    Thrown,
    TiraEvent,
)
from audiogame.games.tirapassa.observation import Phase, TiraObservation
from audiogame.games.tirapassa.options import (
    OPTIONS,
    SEAT_OPTIONS,
    THROW_SECONDS,
    Control,
    Difficulty,
    OptionSpec,
    SetupProblem,
    Speed,
    Timing,
    TiraConfig,
    Variant,
)
from audiogame.games.tirapassa.rules import Destination, EndReason, destination_for, neighbour
from audiogame.games.tirapassa.session import TiraSession, run_bots_game
from audiogame.games.tirapassa.symbols import SYMBOLS, Symbol, symbol_for_key

__all__ = [
    "Action",
    "Refusal",
    "Result",
    "Send",
    "Throw",
    "REACTION",
    "SEND_PAUSE",
    "Decision",
    "TiraBot",
    "EDITION_COASTERS",
    "Coaster",
    "TiraGame",
    "CalmEmptied",
    "CalmFinished",
    "CalmStarted",
    "CoasterDrawn",
    "CoasterWon",
    "DiePassed",
    "DieToTray",
    "GameEnded",
    "GameStarted",
    "Landed",
    "RaceStarted",
    "RoundEnded",
    "RoundStarted",
    "StartSignal",
    "StopCalled",
    "Thrown",
    "TiraEvent",
    "Phase",
    "TiraObservation",
    "OPTIONS",
    "SEAT_OPTIONS",
    "THROW_SECONDS",
    "Control",
    "Difficulty",
    "OptionSpec",
    "SetupProblem",
    "Speed",
    "Timing",
    "TiraConfig",
    "Variant",
    "Destination",
    "EndReason",
    "destination_for",
    "neighbour",
    "TiraSession",
    "run_bots_game",
    "SYMBOLS",
    "Symbol",
    "symbol_for_key",
]
