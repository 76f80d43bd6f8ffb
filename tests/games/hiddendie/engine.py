"""The Hidden Die engine: pure rules, time as an input, one seeded generator.

Each round every player rolls a die under a cup and sees only their own.
In turn, starting one seat further each round, each player keeps the die or
rolls it once more. When everybody has decided, the cups are lifted: the
highest value scores a point (every seat showing it does). The first to the
target score wins; seats reaching it together share the win.

Time: a round begins by itself ``PAUSE`` seconds after the previous one ended
(the first at the start time); with a thinking time, a player who has not
decided when it runs out keeps the die. These are the engine's deadlines
(``next_deadline``/``advance``). The log of accepted actions and of every
``advance`` that changed something replays the game (``to_dict``/``from_dict``).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence
from typing import Any

from audiogame.core.contract import Audience, Outcome, ranks_from_scores

from .actions import Action, Keep, Refusal, Reroll, Result, action_from_dict, action_to_dict
from .config import Config
from .events import (
    DieRolled,
    GameEnded,
    GameStarted,
    Kept,
    Rerolled,
    RoundEnded,
    RoundStarted,
    TimeRanOut,
    TurnBegan,
)
from .observation import Phase, View

#: seconds between the lifted cups and the next round
PAUSE = 2.0
FACES = 6


class HiddenDie:
    def __init__(self, config: Config, seed: int | str, start_at: float = 0.0) -> None:
        problem = config.problem()
        if problem is not None:
            raise ValueError(f"invalid configuration: {problem}")
        self.config = config
        self.seed = seed
        self.start_at = start_at
        self._rng = random.Random(seed)
        n = config.players
        self._now = start_at
        self._phase = Phase.WAITING
        self._round = 0
        self._first = 0
        self._turn: int | None = None
        self._values = [0] * n
        self._rerolled = [False] * n
        self._decided = [False] * n
        self._scores = [0] * n
        self._shown: tuple[int, ...] = ()
        self._winners: tuple[int, ...] | None = None
        self._begin_at: float | None = start_at
        self._turn_ends: float | None = None
        self._log: list[list[Any]] = []

    # -- the contract ------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return self.config.players

    @property
    def is_over(self) -> bool:
        return self._phase is Phase.OVER

    @property
    def outcome(self) -> Outcome | None:
        if self._winners is None:
            return None
        n = self.config.players
        return Outcome(
            winners=self._winners,
            ranks=ranks_from_scores(self._scores, lower_is_better=False),
            sides=tuple(range(n)),
            scores=tuple(self._scores),
        )

    def next_deadline(self) -> float | None:
        due = [t for t in (self._begin_at, self._turn_ends) if t is not None]
        return min(due) if due else None

    def advance(self, now: float) -> list[Any]:
        self._check_time(now)
        events = self._run_due(now)
        if events:
            self._log.append([now])
        return events

    def apply(self, seat: int | None, action: Any, now: float) -> Result:
        self._check_time(now)
        events = self._run_due(now)
        refusal = self._refusal(seat, action)
        if refusal is not None:
            if events:
                self._log.append([now])
            return Result(tuple(events), refusal)
        assert seat is not None
        self._log.append([now, seat, action_to_dict(action)])
        self._decide(seat, action, events)
        return Result(tuple(events))

    def why_not(self, seat: int | None, action: Any, now: float) -> Refusal | None:
        return self._at(now)._refusal(seat, action)

    def legal_actions(self, seat: int | None, now: float) -> Sequence[Action]:
        if self._at(now)._refusal(seat, Keep()) is not None:
            return ()
        return (Keep(), Reroll())

    def observation(self, seat: int | None) -> View:
        mine = None
        if seat is not None and self._phase is Phase.DECIDING:
            mine = self._values[seat]
        return View(
            seat=seat,
            time=self._now,
            phase=self._phase,
            round=self._round,
            players=self.config.players,
            target=self.config.target,
            turn=self._turn,
            deadline=self._turn_ends,
            my_value=mine,
            rerolled=tuple(self._rerolled),
            decided=tuple(self._decided),
            scores=tuple(self._scores),
            shown=self._shown,
            winners=self._winners,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "config": self.config.to_dict(),
            "seed": self.seed,
            "start_at": self.start_at,
            "log": copy.deepcopy(self._log),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HiddenDie:
        game = cls(Config.from_dict(data["config"]), data["seed"], float(data["start_at"]))
        for entry in data["log"]:
            if len(entry) == 1:
                game.advance(float(entry[0]))
            else:
                game.apply(int(entry[1]), action_from_dict(entry[2]), float(entry[0]))
        return game

    # -- for invariants and tests ----------------------------------------------------
    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(self._values)

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self._scores)

    @property
    def round(self) -> int:
        return self._round

    @property
    def turn(self) -> int | None:
        return self._turn

    @property
    def decided(self) -> tuple[bool, ...]:
        return tuple(self._decided)

    # -- rules -------------------------------------------------------------------------
    def _check_time(self, now: float) -> None:
        if now < self._now:
            raise ValueError(f"time went back: {now} < {self._now}")

    def _at(self, now: float) -> HiddenDie:
        """This game as it will be at ``now`` (a copy when something falls due first)."""
        deadline = self.next_deadline()
        if deadline is None or deadline > now:
            return self
        ahead = copy.deepcopy(self)
        ahead._run_due(now)
        return ahead

    def _refusal(self, seat: int | None, action: Any) -> Refusal | None:
        if not isinstance(action, Keep | Reroll):
            return Refusal.UNKNOWN
        if seat is None or not 0 <= seat < self.config.players:
            return Refusal.NOT_A_PLAYER
        if self._phase is Phase.OVER:
            return Refusal.GAME_OVER
        if self._phase is not Phase.DECIDING:
            return Refusal.NOT_STARTED
        if self._turn != seat:
            return Refusal.NOT_YOUR_TURN
        return None

    def _run_due(self, now: float) -> list[Any]:
        events: list[Any] = []
        while True:
            deadline = self.next_deadline()
            if deadline is None or deadline > now:
                break
            self._now = deadline
            if deadline == self._begin_at:
                self._begin_round(events)
            else:
                assert self._turn is not None
                seat = self._turn
                events.append(TimeRanOut(seat))
                self._decide(seat, Keep(), events)
        self._now = now
        return events

    def _roll(self, seat: int, again: bool, events: list[Any]) -> None:
        value = 1 + int(self._rng.random() * FACES)
        self._values[seat] = value
        events.append(DieRolled(seat, value, again, audience=Audience.only(seat)))

    def _begin_round(self, events: list[Any]) -> None:
        n = self.config.players
        if self._round == 0:
            events.append(GameStarted(n, self.config.target, self.config.think))
        self._begin_at = None
        self._round += 1
        self._phase = Phase.DECIDING
        self._rerolled = [False] * n
        self._decided = [False] * n
        events.append(RoundStarted(self._round, self._first))
        for seat in range(n):
            self._roll(seat, False, events)
        self._give_turn(self._first, events)

    def _give_turn(self, seat: int, events: list[Any]) -> None:
        self._turn = seat
        think = self.config.think
        self._turn_ends = self._now + think if think else None
        events.append(TurnBegan(seat, self._turn_ends))

    def _decide(self, seat: int, action: Action, events: list[Any]) -> None:
        if isinstance(action, Reroll):
            self._rerolled[seat] = True
            events.append(Rerolled(seat))
            self._roll(seat, True, events)
        else:
            events.append(Kept(seat))
        self._decided[seat] = True
        n = self.config.players
        following = [(seat + step) % n for step in range(1, n)]
        waiting = [s for s in following if not self._decided[s]]
        if waiting:
            self._give_turn(waiting[0], events)
        else:
            self._lift_cups(events)

    def _lift_cups(self, events: list[Any]) -> None:
        self._turn = self._turn_ends = None
        best = max(self._values)
        winners = tuple(s for s, v in enumerate(self._values) if v == best)
        for seat in winners:
            self._scores[seat] += 1
        self._shown = tuple(self._values)
        events.append(RoundEnded(self._round, self._shown, winners, tuple(self._scores)))
        self._values = [0] * self.config.players
        top = max(self._scores)
        if top >= self.config.target:
            self._phase = Phase.OVER
            self._winners = tuple(s for s, p in enumerate(self._scores) if p == top)
            events.append(GameEnded(self._winners, tuple(self._scores)))
            return
        self._phase = Phase.WAITING
        self._first = (self._first + 1) % self.config.players
        self._begin_at = self._now + PAUSE
