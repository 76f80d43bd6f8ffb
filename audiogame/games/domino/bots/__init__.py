"""Bots: each decides from an ``Observation`` only (``core.contract.Bot``).

    bot = make_bot(seat, "hard", seed, pace=1.5)   # a level of LEVELS
    answer = bot.decide(match.observation(seat))   # Decision, Thinking or None

Each seat's bot has its own random stream (from the match's seed and its seat)
and answers once per situation (``bots/seat.py``). ``decide_now`` is for code
that wants the move at once (benchmarks, tests): it runs any thinking through.
"""

from __future__ import annotations

from audiogame.core.contract import Decision
from audiogame.games.domino.actions import Action
from audiogame.games.domino.bots.hard import (
    BUDGETS,
    EXPERT,
    HARD,
    HARD_ITERATIONS,
    Budget,
    HardBot,
    Search,
    level_budget,
    scaled_iterations,
)
from audiogame.games.domino.bots.seat import DominoBot
from audiogame.games.domino.bots.simple import EasyBot, NormalBot
from audiogame.games.domino.observation import Observation
from audiogame.games.domino.options import BOT_LEVELS

LEVELS: tuple[str, ...] = BOT_LEVELS
#: seconds after the turn began that a bot plays, unless the table says otherwise
DEFAULT_PACE = 1.5


def make_bot(
    seat: int,
    level: str,
    seed: int | str,
    *,
    pace: float = DEFAULT_PACE,
    iterations: int | None = None,
    budget: Budget | None = None,
) -> DominoBot:
    """The bot of this level at ``seat``: its stream from ``seed``, moving ``pace``
    seconds after its turn begins. The levels that search take the table's budget
    (``iterations``: the hard bot's deals, the others scaled alike) or ``budget``."""
    if level in BUDGETS:
        return HardBot(seat, seed, pace, iterations, budget, level)
    simple: dict[str, type[EasyBot] | type[NormalBot]] = {"easy": EasyBot, "normal": NormalBot}
    if level not in simple:
        raise ValueError(f"no domino bot of level {level!r}")
    return simple[level](seat, seed, pace)


def decide_now(bot: DominoBot, observation: Observation) -> Action:
    """The bot's move in this situation, thinking it through at once (its turn only)."""
    answer = bot.decide(observation)
    while answer is not None and not isinstance(answer, Decision):
        answer.step()
        answer = bot.decide(observation)
    if answer is None:
        raise ValueError(f"it is not seat {bot.seat}'s turn")
    action: Action = answer.action
    return action


__all__ = [
    "DEFAULT_PACE",
    "BUDGETS",
    "EXPERT",
    "HARD",
    "HARD_ITERATIONS",
    "Budget",
    "LEVELS",
    "DominoBot",
    "EasyBot",
    "HardBot",
    "NormalBot",
    "Search",
    "decide_now",
    "level_budget",
    "make_bot",
    "scaled_iterations",
]
