"""Tira & Passa against the clock over a network: what the server foresees, when a
race is settled, and where a race stands for a player who comes back.

The game's ``RealTime`` hooks (``core.contract``), registered by the spec:

- ``foresee``: the happenings the engine will bring by itself soon (dice
  landing with what they cause, the big die, "ready", "go!"), each with every
  asked seat's view after it. The server sends them ahead; each client plays
  them at their very time on the server's clock, so a landing is heard by
  everyone at the same moment whatever the line's delay (below the flight time).
  A throw, a die sent by hand or an automatic calm roll is not foreseen: nobody
  knows it before it happens, and it is heard when it arrives.
- ``settled``: no race under way (before "go!", between rounds, the game over):
  a player who came back takes their seat from the covering bot, chat held
  during the race is delivered.
- ``situation``: where the race stands, said to a player who comes back mid-match
  (the round, the big die, my coaster, my dice, everyone's dice while they
  move, the coasters won): no history is
  replayed into speech, a race moves too fast for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from audiogame.core.contract import Engine, Foreseen, RealTime
from audiogame.core.narration import Message
from audiogame.games.tirapassa.engine import TiraGame
from audiogame.games.tirapassa.events import (
    Landed,
    RaceStarted,
    RoundStarted,
    StartSignal,
    TiraEvent,
)
from audiogame.games.tirapassa.narrate import (
    coaster_args,
    dice_counts,
    game_result,
    my_dice_parts,
    symbol,
    tally,
)
from audiogame.games.tirapassa.observation import Phase, TiraObservation

#: the events whose batch is played at its time (the rest is heard on arrival)
ON_TIME = (Landed, RoundStarted, StartSignal, RaceStarted)
#: a foreseen batch is at most this many seconds beyond the longest wait of the game
#: (the flow's delays, a throw): enough for the next of each, no more
MARGIN = 0.5
#: no race under way: a seat changes hands, held chat goes out
SETTLED = frozenset({Phase.SETUP, Phase.ANNOUNCING, Phase.BETWEEN_ROUNDS, Phase.GAME_OVER})
#: the dice still move: everyone's count tells who is near the end of the round
MOVING = frozenset({Phase.RACING, Phase.FREEZING, Phase.CALM})


def on_time(events: Sequence[TiraEvent]) -> bool:
    return any(isinstance(e, ON_TIME) for e in events)


def horizon(game: TiraGame) -> float:
    """How far ahead to foresee: past the longest wait the game can be in."""
    timing = game.config.timing
    throw = game.config.throw_seconds
    longest = max(
        throw,
        timing.signal_delay,
        timing.race_delay,
        timing.between_rounds,
        timing.calm_auto_delay + throw,
    )
    return longest + MARGIN


def foresee(engine: Engine, seats: Sequence[int | None]) -> list[Foreseen]:
    if not isinstance(engine, TiraGame):
        return []
    found = engine.foresee(engine.now + horizon(engine), seats, keep=on_time)
    return [(at, events, views) for at, events, views in found]


def settled(view: Any) -> bool:
    return isinstance(view, TiraObservation) and view.phase in SETTLED


def situation(view: Any, names: Sequence[str]) -> list[Message]:
    """Where the match stands, for the listener whose view it is (a spectator too)."""
    if not isinstance(view, TiraObservation):
        return []
    if view.phase is Phase.GAME_OVER and view.winners:
        return over(view, view.winners, names)
    said: list[Message] = []
    if view.supreme is not None:
        args: dict[str, Any] = {"round": view.round, "supreme": symbol(view.supreme)}
        if view.seat is None:  # a spectator: no coaster of their own to miss
            said.append(Message("tira-round-watching", args, kind="turn"))
        elif view.coaster is None:
            said.append(Message("tira-round-no-coaster", args, kind="turn"))
        else:
            said.append(Message("tira-round", {**args, **coaster_args(view.coaster)}, kind="turn"))
    phase = Message(f"tira-online-phase-{view.phase.value}", kind="turn")
    said.append(phase)
    if view.phase is Phase.CALM and view.supreme is not None and view.seat is not None:
        calm = {"rolls": view.calm_rolls_left, "supreme": symbol(view.supreme)}
        said.append(Message("tira-resumed-calm", calm, kind="turn"))
    if view.seat is not None:
        said.append(Message("tira-my-dice", {"parts": my_dice_parts(view)}, kind="turn"))
    if view.phase in MOVING:
        everyone = {"list": dice_counts(view, names), "tray": view.tray}
        said.append(Message("tira-everyone", everyone, kind="turn"))
    standings = {"tally": tally(view.won_counts, view.seat, names), "pile": view.pile_size}
    said.append(Message("tira-standings", standings, kind="turn"))
    return said


def over(view: TiraObservation, winners: Sequence[int], names: Sequence[str]) -> list[Message]:
    """A race over (joined, or come back to, after its end): that it is over, who won,
    and everyone's coasters; no round, no dice."""
    standings = {"tally": tally(view.won_counts, view.seat, names), "pile": view.pile_size}
    return [
        Message("tira-online-phase-game-over", kind="turn"),
        replace(game_result(winners, view.won_counts, view.seat, names), kind="turn"),
        Message("tira-standings", standings, kind="turn"),
    ]


def realtime() -> RealTime:
    return RealTime(foresee=foresee, settled=settled, situation=situation)
