"""The Show or Fold engine: pure rules, time as an input, one seeded generator.

Each round every player rolls a die that only they see, then everybody
chooses at once: show it, or fold. When all have chosen (or the choosing time
runs out: who has not chosen folds), the round is revealed: among the dice
shown, the highest takes a point (every seat showing it does), a lower one
shown loses a point (never below 0); a folded die stays hidden and counts for
nothing. The first to the target score wins; seats reaching it together share
the win.

Time: the first round begins by itself at the start time; each next one waits
for the table (its action ``NextRound``, seat None: ``legal_actions(None)``
offers it), which deals it after its pause between rounds (the app's table,
the server's). The choosing time is a deadline. The log of accepted actions
and of every ``advance`` that changed something replays the game
(``to_dict``/``from_dict``).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence
from typing import Any

from audiogame.core.contract import Audience, Outcome, ranks_from_scores

from .actions import (
    Action,
    Fold,
    NextRound,
    Refusal,
    Result,
    Show,
    action_from_dict,
    action_to_dict,
)
from .config import Config
from .events import Chose, DieRolled, GameEnded, GameStarted, RoundEnded, RoundStarted, TimeRanOut
from .observation import Phase, View

FACES = 6


class ShowFold:
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
        self._values: list[int] = [0] * n
        self._choices: list[str | None] = [None] * n
        self._scores = [0] * n
        self._shown: tuple[int | None, ...] = ()
        self._winners: tuple[int, ...] | None = None
        self._begin_at: float | None = start_at
        self._choose_ends: float | None = None
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
        return Outcome(
            winners=self._winners,
            ranks=ranks_from_scores(self._scores, lower_is_better=False),
            sides=tuple(range(self.config.players)),
            scores=tuple(self._scores),
        )

    def next_deadline(self) -> float | None:
        due = [t for t in (self._begin_at, self._choose_ends) if t is not None]
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
        self._log.append([now, seat, action_to_dict(action)])
        if seat is None:
            self._begin_round(events)
        else:
            self._choose(seat, action, events)
        return Result(tuple(events))

    def why_not(self, seat: int | None, action: Any, now: float) -> Refusal | None:
        return self._at(now)._refusal(seat, action)

    def legal_actions(self, seat: int | None, now: float) -> Sequence[Action]:
        if seat is None:
            return () if self._at(now)._refusal(None, NextRound()) else (NextRound(),)
        if self._at(now)._refusal(seat, Show()) is not None:
            return ()
        return (Show(), Fold())

    def observation(self, seat: int | None) -> View:
        mine = choice = None
        if seat is not None and self._phase is Phase.CHOOSING:
            mine = self._values[seat]
        if seat is not None:
            choice = self._choices[seat]
        return View(
            seat=seat,
            time=self._now,
            phase=self._phase,
            round=self._round,
            players=self.config.players,
            target=self.config.target,
            think=self.config.think,
            deadline=self._choose_ends,
            my_value=mine,
            my_choice=choice,
            chosen=tuple(c is not None for c in self._choices),
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
    def from_dict(cls, data: Mapping[str, Any]) -> ShowFold:
        game = cls(Config.from_dict(data["config"]), data["seed"], float(data["start_at"]))
        for entry in data["log"]:
            if len(entry) == 1:
                game.advance(float(entry[0]))
            else:
                seat = None if entry[1] is None else int(entry[1])
                game.apply(seat, action_from_dict(entry[2]), float(entry[0]))
        return game

    # -- for invariants and tests ----------------------------------------------------
    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(self._values)

    @property
    def choices(self) -> tuple[str | None, ...]:
        return tuple(self._choices)

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self._scores)

    @property
    def round(self) -> int:
        return self._round

    # -- rules -------------------------------------------------------------------------
    def _check_time(self, now: float) -> None:
        if now < self._now:
            raise ValueError(f"time went back: {now} < {self._now}")

    def _at(self, now: float) -> ShowFold:
        """This game as it will be at ``now`` (a copy when something falls due first)."""
        deadline = self.next_deadline()
        if deadline is None or deadline > now:
            return self
        ahead = copy.deepcopy(self)
        ahead._run_due(now)
        return ahead

    def _refusal(self, seat: int | None, action: Any) -> Refusal | None:
        if isinstance(action, NextRound):
            between = self._phase is Phase.WAITING and self._begin_at is None
            return None if seat is None and between else Refusal.NOT_BETWEEN
        if not isinstance(action, Show | Fold):
            return Refusal.UNKNOWN
        if seat is None or not 0 <= seat < self.config.players:
            return Refusal.NOT_A_PLAYER
        if self._phase is Phase.OVER:
            return Refusal.GAME_OVER
        if self._phase is not Phase.CHOOSING:
            return Refusal.NOT_STARTED
        if self._choices[seat] is not None:
            return Refusal.ALREADY_CHOSE
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
                late = tuple(s for s, c in enumerate(self._choices) if c is None)
                events.append(TimeRanOut(late))
                for seat in late:
                    self._choices[seat] = "fold"
                self._reveal(events)
        self._now = now
        return events

    def _begin_round(self, events: list[Any]) -> None:
        n = self.config.players
        if self._round == 0:
            events.append(GameStarted(n, self.config.target, self.config.think))
        self._begin_at = None
        self._round += 1
        self._phase = Phase.CHOOSING
        self._choices = [None] * n
        think = self.config.think
        self._choose_ends = self._now + think if think else None
        events.append(RoundStarted(self._round, self._choose_ends))
        for seat in range(n):
            value = 1 + int(self._rng.random() * FACES)
            self._values[seat] = value
            events.append(DieRolled(seat, value, audience=Audience.only(seat)))

    def _choose(self, seat: int, action: Action, events: list[Any]) -> None:
        self._choices[seat] = "show" if isinstance(action, Show) else "fold"
        events.append(Chose(seat))
        if all(c is not None for c in self._choices):
            self._reveal(events)

    def _reveal(self, events: list[Any]) -> None:
        self._choose_ends = None
        showed = tuple(c == "show" for c in self._choices)
        shown = tuple(v if s else None for v, s in zip(self._values, showed, strict=True))
        best = max((v for v in shown if v is not None), default=None)
        winners = tuple(s for s, v in enumerate(shown) if v is not None and v == best)
        losers = tuple(s for s, v in enumerate(shown) if v is not None and v != best)
        for seat in winners:
            self._scores[seat] += 1
        for seat in losers:
            self._scores[seat] = max(0, self._scores[seat] - 1)
        self._shown = shown
        scores = tuple(self._scores)
        events.append(RoundEnded(self._round, showed, shown, winners, losers, scores))
        self._values = [0] * self.config.players
        top = max(self._scores)
        if top >= self.config.target:
            self._phase = Phase.OVER
            self._winners = tuple(s for s, p in enumerate(self._scores) if p == top)
            events.append(GameEnded(self._winners, scores))
            return
        self._phase = Phase.WAITING  # the table deals the next round
