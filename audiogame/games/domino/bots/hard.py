"""The hard bot: determinized Monte Carlo search over the hidden tiles.

For each decision with more than one real choice it repeats, until its budget
runs out: deal the tiles it has not seen into the other hands and the boneyard,
consistent with what it inferred (``inference.py``: counts, and the numbers a
seat showed it lacks by passing or drawing); then play the rest of the manche
from every candidate move on that same deal (``playout.py``). Using one deal for
all candidates compares them on equal luck. The move with the best average
score wins: the points the other sides take minus the points its own side takes,
so in team play it plays for its team (a partner going out is as good as going
out itself, and the partner's leftover pips count against it).

It reads only the ``Observation`` it is given. The budget is a number of deals
(``iterations``, scaled down for bigger sets), never seconds, so a seed plays
the same match on any machine. On its turn ``decide`` answers the ``Search``
itself (a ``Thinking``): the table runs ``step`` in idle slices, one deal per
slice; once the search is done, ``decide`` in the same situation answers its
``Decision``.
"""

from __future__ import annotations

import random

from audiogame.core.contract import Decision
from audiogame.games.domino import rules
from audiogame.games.domino.actions import PASS, Action, Play
from audiogame.games.domino.bots.inference import infer
from audiogame.games.domino.bots.playout import run
from audiogame.games.domino.bots.seat import DominoBot
from audiogame.games.domino.manche import Manche
from audiogame.games.domino.observation import Observation
from audiogame.games.domino.rules import TableFacts
from audiogame.games.domino.tiles import SETS, Tile, tile_set

#: deals the hard bot tries per decision with the double-6 set (10-100 ms of work)
HARD_ITERATIONS = 300
#: the set that budget is meant for; bigger sets make every deal dearer
BASE_SET_SIZE = 28


def scaled_iterations(iterations: int, set_size: int) -> int:
    """Fewer deals for bigger sets (a deal of double 18 costs ten times one of
    double 6), never below a fifth of the budget. Depends on the set only, so a
    seed still replays the same match."""
    return max(1, iterations // 5, iterations * BASE_SET_SIZE // set_size)


class HardBot(DominoBot):
    level = "hard"

    def __init__(
        self, seat: int, seed: int | str, pace: float, iterations: int = HARD_ITERATIONS
    ) -> None:
        super().__init__(seat, seed, pace)
        self.iterations = iterations

    def begin(self, observation: Observation, at: float) -> Decision | Search:
        size = SETS[observation.config.set_id].size
        search = Search(observation, self.rng, scaled_iterations(self.iterations, size), at)
        decision = search.decision
        return search if decision is None else decision


class Search:
    """One decision's search (a ``core.contract.Thinking``): ``step()`` runs one more
    deal and says whether the budget of ``limit`` deals is spent; ``decision``
    is then the best move, due at ``at``. ``deal(n)`` runs n deals at once."""

    def __init__(
        self, observation: Observation, rng: random.Random, limit: int = 1, at: float = 0.0
    ) -> None:
        self.rng = rng
        self.limit = limit
        self.at = at
        self.rounds = 0
        self.actions = _distinct(observation)
        self.decided = len(self.actions) == 1
        self.totals = [0.0] * len(self.actions)
        if self.decided:
            return
        obs = observation
        assert obs.seat is not None
        self.me = obs.seat
        config = obs.config
        self.tiles = tile_set(config.set_id)
        self.sides = list(obs.sides)
        self.side_count = max(self.sides) + 1
        self.my_side = self.sides[self.me]
        self.dealt = [s for s, n in enumerate(obs.playing) if n or obs.hand_counts[s]]
        self.malus = config.teams is not None and not config.team_finish
        # the manche as this seat sees it; each deal fills in the hidden hands
        self.table = Manche(
            TableFacts.of(config), [], [], list(obs.playing), obs.ends, current=self.me
        )
        self.table.drew_fitting = obs.drew_fitting
        self.my_hand: list[Tile] = list(obs.hand)
        self.unseen: list[Tile] = obs.unseen()
        groups = [(seat, count, mask) for seat, s in infer(obs).items() for count, mask in s.groups]
        # Deal the most constrained groups first so that they find their tiles.
        self.groups = sorted(groups, key=lambda g: -bin(g[2]).count("1"))
        self.seats = len(obs.hand_counts)

    @property
    def finished(self) -> bool:
        return self.decided or self.rounds >= self.limit

    def step(self) -> bool:
        if not self.finished:
            self.deal()
        return self.finished

    @property
    def decision(self) -> Decision | None:
        return Decision(self.at, self.best()) if self.finished else None

    def deal(self, n: int = 1) -> None:
        """``n`` more deals, each played out from every candidate."""
        for _ in range(n):
            hands, boneyard = self._deal()
            for i, action in enumerate(self.actions):
                self.totals[i] += self._value(action, hands, boneyard)
            self.rounds += 1

    def best(self) -> Action:
        if self.decided or self.rounds == 0:
            return self.actions[0]
        return self.actions[max(range(len(self.actions)), key=self.totals.__getitem__)]

    def _deal(self) -> tuple[list[list[Tile]], list[Tile]]:
        rand = self.rng.random
        pool = sorted(self.unseen, key=lambda _t: rand())
        hands: list[list[Tile]] = [[] for _ in range(self.seats)]
        hands[self.me] = self.my_hand
        for seat, count, mask in self.groups:
            taken, rest = hands[seat], []
            need = count
            for tile in pool:
                if need and not ((1 << tile[1]) | (1 << tile[2])) & mask:
                    taken.append(tile)
                    need -= 1
                else:
                    rest.append(tile)
            if need:  # the constraints cannot all hold (our inference is approximate)
                taken.extend(rest[:need])
                rest = rest[need:]
            pool = rest
        return hands, pool

    def _value(self, action: Action, hands: list[list[Tile]], boneyard: list[Tile]) -> float:
        manche = self.table.copy([h[:] for h in hands], boneyard[:])
        manche.act(action)
        return self._score(manche, run(manche))

    def _score(self, manche: Manche, closer: int | None) -> float:
        left = manche.pips()
        closing_side = None if closer is None else self.sides[closer]
        points = rules.manche_points(
            left, self.sides, self.side_count, self.dealt, closing_side, self.malus
        )
        others = [points[s] for s in {self.sides[d] for d in self.dealt} if s != self.my_side]
        mine = points[self.my_side]
        return (sum(others) / len(others) if others else 0.0) - mine


def _distinct(observation: Observation) -> list[Action]:
    """Legal actions, dropping plays that lead to the same game (twin tiles, equal ends)."""
    tiles = tile_set(observation.config.set_id)
    ends = observation.ends
    seen: set[tuple[int, int, str]] = set()
    out: list[Action] = []
    for action in observation.legal_actions():
        if isinstance(action, Play):
            t = tiles[action.uid]
            side = "any" if ends is None or ends[0] == ends[1] else str(action.end)
            key = (t.a, t.b, side)
            if key in seen:
                continue
            seen.add(key)
        out.append(action)
    return out or [PASS]
