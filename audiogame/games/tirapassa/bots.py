"""Bots: human-like players that decide from their observation only.

A ``TiraBot`` is asked ``decide(observation)`` and answers a ``Decision``: the
game-clock time it wants to act and the action, or None when it has nothing to
do. The session (``session.py``) schedules the decision and asks again at that
time; a bot draws each delay once per situation (keyed by the time the
situation began), so asking again never re-rolls its reaction.

Reaction: from my dice landing (or the race / calm rolls starting) to my next
throw, drawn from the spec's range for the difficulty, never shorter than a
throw. In manual mode the bot also sends its dice one at a time, each after a
human pause, so a quick player can beat it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from audiogame.games.tirapassa.actions import Action, Send, Throw
from audiogame.games.tirapassa.observation import Phase, TiraObservation
from audiogame.games.tirapassa.options import Control, Difficulty

#: Seconds between landing and the next throw, by difficulty (the spec's ranges;
#: PRACTICE is the slow bots of the practice round).
REACTION: dict[Difficulty, tuple[float, float]] = {
    Difficulty.PRACTICE: (2.5, 3.5),
    Difficulty.EASY: (1.8, 2.5),
    Difficulty.NORMAL: (1.2, 1.8),
    Difficulty.HARD: (0.9, 1.2),
}

#: [ruling] Seconds between two dice sent by hand (manual mode), by difficulty.
SEND_PAUSE: dict[Difficulty, tuple[float, float]] = {
    Difficulty.PRACTICE: (0.9, 1.3),
    Difficulty.EASY: (0.7, 1.0),
    Difficulty.NORMAL: (0.5, 0.8),
    Difficulty.HARD: (0.35, 0.55),
}


@dataclass(frozen=True, slots=True)
class Decision:
    at: float
    action: Action


class TiraBot:
    """One bot seat. ``seed`` makes its delays replay (independent of the engine's dice)."""

    def __init__(self, seat: int, difficulty: Difficulty, seed: int | str) -> None:
        self.seat = seat
        self.difficulty = difficulty
        self._rng = random.Random(f"tira-bot/{seed}/{seat}")
        self._memo: dict[str, tuple[float, float]] = {}
        self._draws = 0  # how far along its seed stream: a save replays the stream to here

    def to_dict(self) -> dict[str, Any]:
        """Plain data: with the seed, rebuilds this bot exactly (``restore``)."""
        return {"draws": self._draws, "memo": {k: list(v) for k, v in self._memo.items()}}

    def restore(self, data: dict[str, Any]) -> None:
        """Back to a saved state: the same place in the seed stream, the same pending delays."""
        draws, memo = data["draws"], data["memo"]
        if type(draws) is not int or draws < 0 or not isinstance(memo, dict):
            raise ValueError("not a bot's state")
        for _ in range(draws):
            self._rng.random()  # uniform() takes exactly one random() per draw
        self._draws = draws
        self._memo = {str(k): (float(since), float(delay)) for k, (since, delay) in memo.items()}

    def decide(self, obs: TiraObservation) -> Decision | None:
        if obs.idle_since is None or obs.in_the_air or obs.my_dice == 0:
            return None
        if obs.phase is Phase.RACING:
            return self._race(obs, obs.idle_since)
        if obs.phase is Phase.CALM and obs.calm_rolls_left > 0:
            return Decision(obs.idle_since + self._reaction(obs, obs.idle_since), Throw(self.seat))
        return None

    def _race(self, obs: TiraObservation, idle: float) -> Decision:
        throw_at = idle + self._reaction(obs, idle)
        if obs.control is not Control.MANUAL:
            return Decision(throw_at, Throw(self.seat))
        last = idle if obs.last_move_at is None else obs.last_move_at
        pause_end = last + self._delay("send", last, SEND_PAUSE[self.difficulty])
        sendable = obs.sendable()
        if sendable:
            index, dest = sendable[0]
            return Decision(pause_end, Send(self.seat, index, dest))
        if last > idle:  # I just sent a die: a human pause before throwing
            throw_at = max(throw_at, pause_end)
        return Decision(throw_at, Throw(self.seat))

    def _reaction(self, obs: TiraObservation, since: float) -> float:
        drawn = self._delay("react", since, REACTION[self.difficulty])
        return max(obs.throw_seconds, drawn)

    def _delay(self, what: str, since: float, bounds: tuple[float, float]) -> float:
        """One draw per (what, since): asking again gives the same delay."""
        memo = self._memo.get(what)
        if memo is not None and memo[0] == since:
            return memo[1]
        delay = self._rng.uniform(*bounds)
        self._draws += 1
        self._memo[what] = (since, delay)
        return delay
