"""A seat played by the computer: shows a high die, folds a low one.

``easy`` flips a coin; ``normal`` shows a 4 or more; ``hard`` shows only a 5 or
a 6 when three or more play (the highest of several dice is rarely a 4). Its
pace and choice are drawn once per round, so asking again in the same
situation answers the same; its whole state is plain data.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from audiogame.core.contract import Decision

from .actions import Action, Fold, Show, action_from_dict, action_to_dict
from .observation import View

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
#: seconds a bot takes to choose, drawn between these
PACE = (0.6, 1.8)


class ShowFoldBot:
    def __init__(self, seat: int, level: str, seed: int | str) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}")
        self.seat = seat
        self.level = level
        self._rng = random.Random(f"showfold-bot/{seed}/{seat}")
        #: (round, when, action) decided for the round in progress
        self._plan: tuple[int, float, Action] | None = None

    def decide(self, observation: View) -> Decision | None:
        if not observation.my_turn:
            return None
        plan = self._plan
        if plan is None or plan[0] != observation.round:
            at = observation.time + self._rng.uniform(*PACE)
            plan = self._plan = (observation.round, at, self._choose(observation))
        return Decision(plan[1], plan[2])

    def _choose(self, view: View) -> Action:
        value = view.my_value or 0
        if self.level == "easy":
            show = self._rng.random() < 0.5
        elif self.level == "normal":
            show = value >= 4
        else:
            show = value >= (5 if view.players >= 3 else 4)
        return Show() if show else Fold()

    def state(self) -> dict[str, Any]:
        version, words, gauss = self._rng.getstate()
        plan = self._plan
        return {
            "rng": [version, list(words), gauss],
            "plan": None if plan is None else [plan[0], plan[1], action_to_dict(plan[2])],
        }

    def restore(self, data: Mapping[str, Any]) -> None:
        version, words, gauss = data["rng"]
        self._rng.setstate((version, tuple(words), gauss))
        plan = data["plan"]
        self._plan = None if plan is None else (plan[0], plan[1], action_from_dict(plan[2]))
