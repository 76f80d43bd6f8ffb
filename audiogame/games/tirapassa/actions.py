"""What players do, and why the engine may refuse it.

Only two actions: ``Throw()`` (roll every die in hand and on my coaster; during
the three calm rolls it is the calm roll) and ``Send(die, to)`` (manual mode:
one landed die to the tray or a neighbour). An action names no seat: whoever
passes it to ``TiraGame.apply(seat, action, now)`` names the seat (a server
takes it from the connection, never from the message). Stop is never an
action: the engine calls it for a player whose hand and coaster are both empty.

A refused action changes nothing and returns a ``Refusal`` whose value is a
stable message id (``tira-refusal-<value>``); the UI says it (or, for
DICE_IN_THE_AIR, plays a click).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from audiogame.games.tirapassa.rules import Destination
from audiogame.games.tirapassa.symbols import Symbol


@dataclass(frozen=True, slots=True)
class Throw:
    """Roll all my dice: those in hand and those waiting on my coaster."""


@dataclass(frozen=True, slots=True)
class Send:
    """Send one landed die of my hand.

    ``die``: its index in ``observation(seat).hand``, or a symbol (the first
    landed die showing it: keys 1…6). ``to``: TRAY/LEFT/RIGHT, or None for
    "where it belongs".
    """

    die: int | Symbol
    to: Destination | None = None


Action = Throw | Send


class Refusal(StrEnum):
    NO_SUCH_SEAT = "no-such-seat"
    NOT_AN_ACTION = "not-an-action"  # neither a Throw nor a Send
    NOT_STARTED = "not-started"  # the race has not started yet ("via!" not given)
    DICE_IN_THE_AIR = "dice-in-the-air"  # my dice are still rolling
    NO_DICE = "no-dice"  # I have no dice to throw
    NO_SUCH_DIE = "no-such-die"  # no landed die at that index / showing that symbol
    CANNOT_GO_THERE = "cannot-go-there"  # the die's face does not allow that destination
    NOWHERE_TO_GO = "nowhere-to-go"  # the die belongs nowhere: it stays in hand
    SUPREME_IN_HAND = "supreme-in-hand"  # a die showing the supreme symbol: to the tray first
    NOT_IN_RACE = "not-in-race"  # Stop was called: no more passing
    NO_CALM_ROLLS_LEFT = "no-calm-rolls-left"  # all three calm rolls made
    ROUND_OVER = "round-over"  # between rounds
    GAME_OVER = "game-over"


@dataclass(frozen=True, slots=True)
class Result:
    """What ``apply`` returns: the events (in game-clock order) and any refusal.

    ``events`` also holds the happenings that fell due before the action (dice
    landing...), even when the action itself is refused: narrate them all.
    """

    events: tuple[Any, ...]
    refusal: Refusal | None = None

    @property
    def ok(self) -> bool:
        return self.refusal is None


def action_to_dict(action: Action) -> dict[str, Any]:
    """Plain data (what the replay log and a network message hold); no seat."""
    if isinstance(action, Throw):
        return {"kind": "throw"}
    die = action.die.value if isinstance(action.die, Symbol) else action.die
    to = None if action.to is None else action.to.value
    return {"kind": "send", "die": die, "to": to}


def action_from_dict(data: Mapping[str, Any]) -> Action:
    """The action ``action_to_dict`` gave; ``ValueError`` for anything else."""
    kind = data.get("kind")
    if kind == "throw" and len(data) == 1:
        return Throw()
    if kind != "send" or set(data) - {"kind", "die", "to"}:
        raise ValueError(f"not an action: {data!r}")
    die, to = data.get("die"), data.get("to")
    if type(die) is int:
        return Send(die, None if to is None else Destination(to))
    if not isinstance(die, str):
        raise ValueError(f"not a die: {die!r}")
    return Send(Symbol(die), None if to is None else Destination(to))
