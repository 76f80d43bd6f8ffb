"""Bots: each chooses an action from an ``Observation`` only.

    bot = make_bot("hard")                 # "easy", "normal" or "hard"
    action = bot.choose(match.observation(seat), rng)

``HardBot(time_budget=0.05, iterations=None)`` also offers ``start(obs, rng)``
-> ``Search`` with ``step(n)`` and ``best()`` to think in slices.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from audiogame.games.domino.actions import Action
from audiogame.games.domino.bots.hard import HardBot, Search
from audiogame.games.domino.bots.simple import EasyBot, NormalBot
from audiogame.games.domino.observation import Observation

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")


class Bot(Protocol):
    level: str

    def choose(self, observation: Observation, rng: random.Random) -> Action: ...


def make_bot(level: str, **options: Any) -> Bot:
    """A bot of this level; options go to ``HardBot`` (time_budget, iterations, clock)."""
    if level == "hard":
        return HardBot(**options)
    simple: dict[str, type[EasyBot] | type[NormalBot]] = {"easy": EasyBot, "normal": NormalBot}
    return simple[level]()


__all__ = ["LEVELS", "Bot", "EasyBot", "HardBot", "NormalBot", "Search", "make_bot"]
