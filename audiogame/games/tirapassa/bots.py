"""Bots: human-like players that decide from their observation only (``core.contract.Bot``).

A ``TiraBot`` is asked ``decide(observation)`` and answers a ``Decision``: the
game-clock time it wants to act and the action, or None when it has nothing to
do. The session (``core.session.TableSession``) schedules the decision and
asks again at that time; a bot draws each delay once per situation (keyed by
the time the situation began), so asking again never re-rolls its reaction.

Assisted mode: from my dice landing (or the race / calm rolls starting) to my
next throw, a reaction drawn from the spec's range for the difficulty, never
shorter than a throw. Manual mode (the table gives the bots the human's
controls): every key is a move of its own, as for a person playing by hand:
each die that can go is sent, one at a time, then the dice are thrown, each
key a delay of the level after the previous move (the landing, or the last
die sent), the throw never sooner than a throw's length after the landing.
A normal bot's keys take what a person's do (0.8–1.2 s), so a player who
answers each landing at that pace wins about a fair share of the races
(``fair_share.py``).

``state()`` / ``restore(data)``: the bot's random generator (its
``getstate()`` as plain data, ``core.contract.random_state_to_data``) and its
pending delays; restoring costs the same whatever the length of the match.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from audiogame.core.contract import Decision, random_state_from_data, random_state_to_data
from audiogame.games.tirapassa.actions import Send, Throw
from audiogame.games.tirapassa.events import (
    CalmEmptied,
    CalmFinished,
    DiePassed,
    DieToTray,
    Landed,
    Thrown,
    TiraEvent,
)
from audiogame.games.tirapassa.observation import Phase, TiraObservation
from audiogame.games.tirapassa.options import Control, Difficulty, TiraConfig

#: Seconds between landing and the next throw, by difficulty (the spec's ranges;
#: PRACTICE is the slow bots of the practice round).
REACTION: dict[Difficulty, tuple[float, float]] = {
    Difficulty.PRACTICE: (2.5, 3.5),
    Difficulty.EASY: (1.8, 2.5),
    Difficulty.NORMAL: (1.2, 1.8),
    Difficulty.HARD: (0.9, 1.2),
}

#: [ruling] Manual mode: seconds from a move (landing, die sent) to the next key (a
#: die sent, the throw, a calm roll), by difficulty. Normal is a person's pace.
KEY_DELAY: dict[Difficulty, tuple[float, float]] = {
    Difficulty.PRACTICE: (1.6, 2.2),
    Difficulty.EASY: (1.1, 1.5),
    Difficulty.NORMAL: (0.8, 1.2),
    Difficulty.HARD: (0.55, 0.8),
}

#: what a bot waits for: its next throw (assisted), its next key (manual)
DELAYS = ("react", "key")


class TiraBot:
    """One bot seat. ``seed`` makes its delays replay (independent of the engine's dice)."""

    def __init__(self, seat: int, level: Difficulty | str, seed: int | str) -> None:
        self.seat = seat
        self.difficulty = Difficulty(level)
        self.level: str = self.difficulty.value
        self._rng = random.Random(f"tira-bot/{seed}/{seat}")
        self._memo: dict[str, tuple[float, float]] = {}

    def state(self) -> dict[str, Any]:
        """Plain data: the random generator as it stands and the pending delays."""
        return {
            "rng": random_state_to_data(self._rng.getstate()),
            "memo": {what: list(memo) for what, memo in self._memo.items()},
        }

    def restore(self, data: Mapping[str, Any]) -> None:
        """Back to a saved ``state()``; ``ValueError`` (nothing changed) when it is not one."""
        if not isinstance(data, Mapping) or set(data) != {"rng", "memo"}:
            raise ValueError("not a bot's state")
        rng_state = random_state_from_data(data["rng"])
        memo = _memo(data["memo"])
        self._rng.setstate(rng_state)
        self._memo = memo

    def decide(self, obs: TiraObservation) -> Decision | None:
        idle = obs.idle_since
        if idle is None or obs.in_the_air or obs.my_dice == 0:
            return None
        if obs.phase is Phase.RACING:
            if obs.control is Control.MANUAL:
                return self._by_hand(obs, idle)
            return Decision(idle + self._reaction(obs, idle), Throw())
        if obs.phase is Phase.CALM and obs.calm_rolls_left > 0:
            if obs.control is Control.MANUAL:
                return Decision(idle + max(obs.throw_seconds, self._key(idle)), Throw())
            return Decision(idle + self._reaction(obs, idle), Throw())
        return None

    def _by_hand(self, obs: TiraObservation, idle: float) -> Decision:
        """One key at a time: each die that can go (the supreme one must), then the throw."""
        last = idle if obs.last_move_at is None else obs.last_move_at
        at = last + self._key(last)
        sendable = obs.sendable()
        if sendable:
            index, dest = sendable[0]
            return Decision(at, Send(index, dest))
        return Decision(max(at, idle + obs.throw_seconds), Throw())

    def _reaction(self, obs: TiraObservation, since: float) -> float:
        drawn = self._delay("react", since, REACTION[self.difficulty])
        return max(obs.throw_seconds, drawn)

    def _key(self, since: float) -> float:
        return self._delay("key", since, KEY_DELAY[self.difficulty])

    def _delay(self, what: str, since: float, bounds: tuple[float, float]) -> float:
        """One draw per (what, since): asking again gives the same delay."""
        memo = self._memo.get(what)
        if memo is not None and memo[0] == since:
            return memo[1]
        delay = self._rng.uniform(*bounds)
        self._memo[what] = (since, delay)
        return delay


def bots_for(
    config: TiraConfig, seed: int | str, default: Difficulty | None = None
) -> dict[int, TiraBot]:
    """The bots ``config.bots`` seats; a seat without a level gets ``default`` (None: a human)."""
    bots = {}
    for seat in range(config.players):
        level = config.bot_of(seat) or default
        if level is not None:
            bots[seat] = TiraBot(seat, level, seed)
    return bots


_SEAT_EVENTS = (Thrown, Landed, DieToTray, CalmEmptied, CalmFinished)


def seats_concerned(events: Sequence[TiraEvent]) -> set[int] | None:
    """Seats whose bots may decide differently after ``events`` (None: all).

    A bot's decision depends on its own seat and the phase only, so a batch of
    dice moves needs only the seats it names; anything else (a phase change)
    concerns everyone. This keeps a scheduler step cheap with six bots.
    """
    seats: set[int] = set()
    for event in events:
        if isinstance(event, _SEAT_EVENTS):
            seats.add(event.seat)
        elif isinstance(event, DiePassed):
            seats.add(event.from_seat)
            seats.add(event.to_seat)
        else:
            return None
    return seats


def _memo(saved: Any) -> dict[str, tuple[float, float]]:
    if not isinstance(saved, Mapping):
        raise ValueError("not a bot's pending delays")
    memo = {}
    for what, pair in saved.items():
        if what not in DELAYS or not isinstance(pair, list | tuple) or len(pair) != 2:
            raise ValueError("not a bot's pending delays")
        since, delay = pair
        if any(type(v) not in (int, float) or not math.isfinite(v) for v in (since, delay)):
            raise ValueError("not a bot's pending delays")
        memo[what] = (float(since), float(delay))
    return memo
