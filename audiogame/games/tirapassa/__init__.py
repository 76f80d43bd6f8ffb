"""Tira & Passa (after the dice game by Andreas Schmidt): pure engine and bots.

Quick start (what the table does)::

    from audiogame.core.session import TableSession
    from audiogame.games.tirapassa import TiraConfig, TiraGame, Throw, Send, bots_for

    game = TiraGame(config, seed, start_at=scheduler.clock.now())
    session = TableSession(game, scheduler, bots_for(config, seed), listener,
                           concerned=seats_concerned)
    session.start()                      # GameStarted/RoundStarted come at once
    result = session.apply(0, Throw())   # seat 0 throws; result.refusal: a Refusal or None
    game.observation(0)                  # what seat 0 can see, at any time

Modules: ``symbols`` (the six symbols), ``coasters`` (this edition's 18),
``options`` (options as data, ``TiraConfig``), ``rules`` (pure rule
functions), ``actions``, ``events``, ``observation``, ``engine``
(``TiraGame``), ``bots`` (``TiraBot``), ``narrate`` (events to messages),
``bot_games`` (whole games of bots on a virtual clock: ``run_bots_game``),
``simulate`` (instant players), ``spec`` (the game registered).
"""

from typing import TYPE_CHECKING

from audiogame.core.later import exports_later

if TYPE_CHECKING:  # what the names are; at run time each module loads at its first use
    from audiogame.core.contract import Decision
    from audiogame.games.tirapassa.actions import Action, Refusal, Result, Send, Throw
    from audiogame.games.tirapassa.bot_games import run_bots_game
    from audiogame.games.tirapassa.bots import (
        KEY_DELAY,
        REACTION,
        TiraBot,
        bots_for,
        seats_concerned,
    )
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
        THROW_SECONDS,
        Control,
        Difficulty,
        SetupProblem,
        Speed,
        Timing,
        TiraConfig,
        Variant,
    )
    from audiogame.games.tirapassa.rules import Destination, EndReason, destination_for, neighbour
    from audiogame.games.tirapassa.symbols import SYMBOLS, Symbol, symbol_for_key

__all__ = [
    "Action",
    "Refusal",
    "Result",
    "Send",
    "Throw",
    "KEY_DELAY",
    "REACTION",
    "Decision",
    "TiraBot",
    "bots_for",
    "seats_concerned",
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
    "THROW_SECONDS",
    "Control",
    "Difficulty",
    "SetupProblem",
    "Speed",
    "Timing",
    "TiraConfig",
    "Variant",
    "Destination",
    "EndReason",
    "destination_for",
    "neighbour",
    "run_bots_game",
    "SYMBOLS",
    "Symbol",
    "symbol_for_key",
]

#: loaded when a name is first asked for: finding the game (its spec, for the main menu)
#: loads neither the engine nor the bots
__getattr__ = exports_later(
    __name__,
    __all__,
    [
        ".actions",
        ".bot_games",
        ".bots",
        ".coasters",
        ".engine",
        ".events",
        ".observation",
        ".options",
        ".rules",
        ".symbols",
        "audiogame.core.contract",  # last: it has a Result of its own
    ],
)
