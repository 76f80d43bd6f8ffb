"""Ratings per game: openskill's Bradley–Terry "full pairing" model, ties and teams included.

Why this model (docs/server.md has the figures): every player of a match is
compared with every other (a draw where their places are equal), so

- a better place never earns less (a counterfactual: the same player, the same
  table, one place better, never gains less);
- tied players with the same rating move alike;
- a team's members share the team's result (one rank per side, each member
  moved by the team's update, in proportion to their own uncertainty).

openskill's Plackett–Luce model fails the first with ties (ranks 1, 2, 2, 4, 5,
6 gave the tied pair less than the fourth: the anchor's bug, reproduced in
``tests/test_ratings.py``), and its partial-pairing models move tied players
unequally; the ``trueskill`` package moves tied players by slightly different
amounts (its iterative message passing) and its algorithm is patented.
openskill is MIT, typed, maintained, and fast (a six-player match in well
under a millisecond).

Bots are not rated: each level stands at a fixed rating (``BOT_RATINGS``),
compared with like anyone, and never moved. Guests play at the starting
rating and keep nothing. A player who leaves mid-match takes the place of the
seat they left.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from openskill.models import BradleyTerryFull

from audiogame.core.contract import Outcome
from audiogame.net.server.records import RatingRecord, ResultRecord
from audiogame.net.server.store import Store

log = logging.getLogger(__name__)

MU = 25.0
SIGMA = MU / 3.0
#: a bot's fixed strength per level, with a small uncertainty (it never changes)
BOT_RATINGS = {
    "easy": (18.0, 1.0),
    "normal": (25.0, 1.0),
    "hard": (32.0, 1.0),
    "expert": (35.0, 1.0),
}
#: matches before a player appears on the leaderboard
LEADERBOARD_MIN = 3


def spread(sigma: float) -> float:
    """What "plus or minus" says: two sigmas (the true strength lies within it 95 times
    in 100)."""
    return 2.0 * sigma


def conservative(mu: float, sigma: float) -> float:
    """The leaderboard's order: a rating one is nearly sure of (mu - 3 sigma)."""
    return mu - 3.0 * sigma


@dataclass(frozen=True, slots=True)
class Seat:
    """Who played a seat: an account (rated), a bot of a level (fixed), or a guest."""

    account: str = ""
    level: str = ""


class RatingModel:
    def __init__(self) -> None:
        self.model = BradleyTerryFull(mu=MU, sigma=SIGMA)

    def rate(
        self,
        priors: Sequence[tuple[float, float]],
        ranks: Sequence[int],
        sides: Sequence[int],
    ) -> list[tuple[float, float]]:
        """Each seat's (mu, sigma) after a match: ``priors`` per seat, ``ranks`` per seat
        (1 is best, equal ranks tie), ``sides`` per seat (teammates share a side)."""
        order: list[int] = []
        members: dict[int, list[int]] = {}
        for seat, side in enumerate(sides):
            if side not in members:
                members[side] = []
                order.append(side)
            members[side].append(seat)
        teams = [
            [self.model.rating(mu=priors[s][0], sigma=priors[s][1]) for s in members[side]]
            for side in order
        ]
        team_ranks = [float(min(ranks[s] for s in members[side])) for side in order]
        if len(teams) < 2:
            return list(priors)
        rated = self.model.rate(teams, ranks=team_ranks)
        out = list(priors)
        for side, team in zip(order, rated, strict=True):
            for seat, player in zip(members[side], team, strict=True):
                out[seat] = (float(player.mu), float(player.sigma))
        return out


class Ratings:
    """Rates finished matches into the store; answers ratings, leaderboards, records."""

    def __init__(
        self,
        store: Store,
        model: RatingModel | None = None,
        *,
        wall: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.model = model or RatingModel()
        self.wall = wall

    async def finished(
        self,
        game: str,
        table: str,
        match: int,
        seed: str,
        seats: Sequence[Seat],
        outcome: Outcome,
        private: bool = False,
    ) -> list[ResultRecord]:
        """Rate a finished match; ``private``: a private table's (its records say no
        table: ``admission``)."""
        accounts = [s.account for s in seats if s.account]
        if not accounts or len(seats) != len(outcome.ranks):
            return []
        known = await self.store.ratings(game, accounts)
        priors = []
        for seat in seats:
            if seat.account:
                found = known.get(seat.account)
                priors.append((MU, SIGMA) if found is None else (found.mu, found.sigma))
            elif seat.level:
                priors.append(BOT_RATINGS.get(seat.level, (MU, 1.0)))
            else:
                priors.append((MU, SIGMA))
        sides = list(outcome.sides) or list(range(len(seats)))
        after = self.model.rate(priors, outcome.ranks, sides)
        now = self.wall()
        results: list[ResultRecord] = []
        ratings: dict[str, RatingRecord] = {}
        for index, seat in enumerate(seats):
            if not seat.account or seat.account in ratings:
                continue  # one account in two seats is rated once, by its first seat
            before = known.get(seat.account)
            played = 0 if before is None else before.matches
            mu, sigma = after[index]
            ratings[seat.account] = RatingRecord(seat.account, game, mu, sigma, played + 1)
            results.append(
                ResultRecord(
                    account=seat.account,
                    game=game,
                    table=table,
                    match=match,
                    finished=now,
                    seat=index,
                    rank=outcome.ranks[index],
                    players=len(seats),
                    seed=seed,
                    mu_before=priors[index][0],
                    sigma_before=priors[index][1],
                    mu_after=mu,
                    sigma_after=sigma,
                    private=private,
                )
            )
        await self.store.record_results(results, list(ratings.values()))
        return results

    async def rating(self, game: str, account: str) -> RatingRecord:
        found = (await self.store.ratings(game, [account])).get(account)
        return found or RatingRecord(account, game, MU, SIGMA, 0)

    async def place(self, game: str, account: str, within: int = 100) -> int:
        board = await self.store.leaderboard(game, within, LEADERBOARD_MIN)
        for place, (_, record) in enumerate(board, 1):
            if record.account == account:
                return place
        return 0
