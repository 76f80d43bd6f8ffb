"""Bots' turns at the table: a pace a listener can follow, and searches that never
freeze the loop.

``BotTurns.begin(seat)`` starts a bot's turn: the bot decides (the hard bot's
search runs as ``app.idle_tasks`` slices, one ``Search.step`` per slice) and
its move is played no earlier than ``pace`` seconds after the turn began, on
``app.scheduler``. Whichever finishes last, the search or the wait, plays the
move. The hard bot's budget is a number of deals (``iterations``), never
seconds, so the same seed plays the same match on any machine.

The search runs in bursts of ``BURST`` deals with a rest of ``REST`` seconds
between them: while it rests the loop sleeps in its wait for a key, and a
process that sleeps now and then is woken by a key at once, where one that
never sleeps waits for the CPU on a busy machine. A decision takes a few
hundred milliseconds of wall time, well inside the bots' pace.

``cancel()`` forgets the turn in progress (leaving the table, a new manche).

``rng_states()`` is what the autosave keeps of the bots: each stream as it was
before the turn in progress began, so a resumed turn (``restore_rngs`` then
``begin``) draws the same numbers and decides the same.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from audiogame.app.clock import Handle
from audiogame.games.domino.actions import Action
from audiogame.games.domino.bots import Bot, HardBot, Search, make_bot
from audiogame.games.domino.engine import DominoMatch

#: deals the hard bot tries per decision with the double-6 set (about 30-130 ms of work)
HARD_ITERATIONS = 300
#: deals in a row before the search rests, and how long it rests (seconds)
BURST = 3
REST = 0.004
#: the set the budget above is meant for; bigger sets make every deal dearer
BASE_SET_SIZE = 28


def scaled_iterations(iterations: int, set_size: int) -> int:
    """Fewer deals for bigger sets (a deal of double 18 costs ten times one of
    double 6), never below a fifth of the budget. Depends on the set only, so a
    seed still replays the same match."""
    return max(1, iterations // 5, iterations * BASE_SET_SIZE // set_size)


def make_bots(
    levels: dict[int, str],
    seed: int | str,
    iterations: int = HARD_ITERATIONS,
    set_size: int = BASE_SET_SIZE,
) -> tuple[dict[int, Bot], dict[int, random.Random]]:
    """One bot and one seeded random source per bot seat."""
    iterations = scaled_iterations(iterations, set_size)
    bots: dict[int, Bot] = {}
    rngs: dict[int, random.Random] = {}
    for seat, level in levels.items():
        if level == "hard":
            bots[seat] = make_bot(level, time_budget=None, iterations=iterations)
        else:
            bots[seat] = make_bot(level)
        rngs[seat] = random.Random(f"{seed}:{seat}")
    return bots, rngs


class BotTurns:
    def __init__(
        self,
        app: Any,
        match: DominoMatch,
        bots: dict[int, Bot],
        rngs: dict[int, random.Random],
        pace: float,
        play: Callable[[int, Action], None],
    ) -> None:
        self.app = app
        self.match = match
        self.bots = bots
        self.rngs = rngs
        self.pace = pace
        self.play = play
        self.slices = 0  # search slices run so far (the benchmark reports them)
        self.burst = BURST
        self.rest = REST
        self._turn = 0  # bumped by every begin/cancel: stale callbacks see a new number
        self._choice: Action | None = None
        self._waited = False
        self._handle: Handle | None = None
        #: (seat, its stream's state) before the turn in progress drew anything
        self._mark: tuple[int, tuple[Any, ...]] | None = None

    def rng_states(self) -> dict[int, tuple[Any, ...]]:
        states = {seat: rng.getstate() for seat, rng in self.rngs.items()}
        if self._mark is not None:
            seat, state = self._mark
            states[seat] = state
        return states

    def restore_rngs(self, states: dict[int, tuple[Any, ...]]) -> None:
        for seat, state in states.items():
            self.rngs[seat].setstate(state)

    def is_bot(self, seat: int | None) -> bool:
        return seat is not None and seat in self.bots

    @property
    def searching(self) -> bool:
        """A hard bot's search is under way (running or resting between bursts)."""
        return self._handle is not None and self._choice is None

    @property
    def thinking(self) -> bool:
        """A turn is in progress (searching or waiting for its pace)."""
        return self._handle is not None

    def begin(self, seat: int) -> None:
        self.cancel()
        turn = self._turn
        self._handle = self.app.scheduler.call_later(self.pace, self._due, turn)
        bot = self.bots[seat]
        observation = self.match.observation(seat)
        rng = self.rngs[seat]
        self._mark = (seat, rng.getstate())
        if isinstance(bot, HardBot):
            search = bot.start(observation, rng)
            if search.decided:
                self._choice = search.best()
            else:
                limit = bot.iterations or HARD_ITERATIONS
                self._resume(turn, search, limit)
        else:
            self._choice = bot.choose(observation, rng)

    def cancel(self) -> None:
        self._turn += 1
        self._choice = None
        self._waited = False
        self._mark = None
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def _resume(self, turn: int, search: Search, limit: int) -> None:
        if turn != self._turn:
            return
        burst = [0]
        self.app.idle_tasks.append(lambda: self._think(turn, search, limit, burst))

    def _think(self, turn: int, search: Search, limit: int, burst: list[int]) -> bool:
        if turn != self._turn:
            return True  # the turn was cancelled: drop the search
        search.step(1)
        self.slices += 1
        burst[0] += 1
        if search.rounds < limit:
            if self.rest <= 0 or burst[0] < self.burst:
                return False
            # a short rest lets the loop sleep: a process that sleeps now and then is
            # woken at once by a key, one that never sleeps waits for a CPU
            self.app.scheduler.call_later(self.rest, self._resume, turn, search, limit)
            return True
        self._choice = search.best()
        if self._waited:
            # play from the scheduler, after the keys of the next frame: a move is
            # the costliest thing a bot does, and a slice must stay short
            self.app.scheduler.call_later(0.0, self._due, turn)
        return True

    def _due(self, turn: int) -> None:
        if turn != self._turn:
            return
        self._waited = True
        if self._choice is not None:
            self._move(turn)

    def _move(self, turn: int) -> None:
        choice, mark = self._choice, self._mark
        self._handle = None
        self.cancel()
        if choice is not None:
            # the stream stays marked until the move is on the table (a menu may hold
            # it): a save in between must let the bot decide again, the same way
            self._mark = mark
            assert mark is not None
            self.play(mark[0], choice)
