"""What every domino bot shares: a seat, a pace, its own random stream, and one
answer per situation (``core.contract.Bot``).

``decide(observation)`` answers None when it is not the bot's turn; on its
turn it works out its move once per situation (the log's step) and gives the
same answer however often it is asked: a ``Decision`` due ``pace`` seconds
after the situation began (the turn's start; after a tile it drew that fits,
the draw, so a listener hears the draw and then, a pace later, the play), or,
for a move that takes work, a ``Thinking`` that the table runs in slices and
that the bot then answers as a ``Decision``.

``state()`` is plain data: the random generator as it was before the pending
decision began (as it stands when none is pending), so a bot restored from it
decides exactly as it would have; ``restore(data)`` takes it back, checking it
first. Nothing is replayed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from audiogame.core.contract import (
    Decision,
    Thinking,
    random_state_from_data,
    random_state_to_data,
)
from audiogame.games.domino.observation import Observation

RngState = tuple[Any, ...]


class DominoBot:
    level = ""

    def __init__(self, seat: int, seed: int | str, pace: float) -> None:
        self.seat = seat
        self.pace = pace
        #: each seat its own stream, named by the match's seed and the seat
        self.rng = random.Random(f"{seed}:{seat}")
        self._situation: tuple[int, int] | None = None
        self._before: RngState | None = None
        self._answer: Decision | Thinking | None = None

    def decide(self, observation: Observation) -> Decision | Thinking | None:
        if not observation.my_turn or observation.seat != self.seat:
            self._forget()
            return None
        situation = (observation.manche, observation.step)
        if situation != self._situation:
            self._situation = situation
            self._before = self.rng.getstate()
            self._answer = self.begin(observation, observation.step_time + self.pace)
        answer = self._answer
        if answer is not None and not isinstance(answer, Decision) and answer.decision is not None:
            answer = self._answer = answer.decision  # the thinking is done: its answer stays
        return answer

    def begin(self, observation: Observation, at: float) -> Decision | Thinking:
        """A new situation on the bot's turn: its move at ``at``, or the work to find it."""
        raise NotImplementedError

    def _forget(self) -> None:
        """The situation decided on is over (the move was played, or the turn lost)."""
        self._situation = self._before = self._answer = None

    @property
    def pending(self) -> bool:
        """A decision was begun for a situation that has not moved on yet."""
        return self._situation is not None

    def state(self) -> dict[str, Any]:
        current = self._before if self._before is not None else self.rng.getstate()
        return {"rng": random_state_to_data(current)}

    def restore(self, data: Mapping[str, Any]) -> None:
        """Back to a saved ``state()``; ``ValueError`` (nothing changed) when it is not one."""
        if not isinstance(data, Mapping) or set(data) != {"rng"}:
            raise ValueError("not a domino bot's state")
        state = random_state_from_data(data["rng"])
        self.rng.setstate(state)
        self._forget()
