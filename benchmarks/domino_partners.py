"""The normal domino bot in team play: does reading its partner cost it strength?

    uv run python benchmarks/domino_partners.py [--quick] [--matches N]

In team play the normal bot first plays for its partners (``bots/partners.py``:
it leaves no partner shut out by numbers it has shown it lacks, then keeps a
partner's lead showing). Its yardstick is the same bot blind to its partners
(``normal_choice(..., for_partners=False)``, how it played before). Table: four
players, double 6, teams 0 & 2 against 1 & 3, our rules as the table's
defaults, matches to 100 points.

1. Reading vs blind: a pair of each. Every deal sequence (the match seed) is
   played twice, the reading pair at seats 0 and 2, then at 1 and 3, one after
   the other (interleaved), so luck and a busy machine fall on both alike.
2. Against the easy pair, each normal pair in turn on the same seeds and
   seatings: the reading pair's share and the blind pair's, side by side.

Win share counts a shared win as half; the 95% interval is Wilson's. Also:
points per manche each side took (lower is better: points are pips left),
and how often reading the partner changed the move (decisions with more than
one legal move).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from audiogame.games.domino import DominoConfig, DominoMatch, NextManche  # noqa: E402
from audiogame.games.domino.actions import Action  # noqa: E402
from audiogame.games.domino.bots.simple import easy_choice, normal_choice  # noqa: E402
from audiogame.games.domino.observation import Observation  # noqa: E402

CONFIG = DominoConfig(seats=4, teams=(0, 1, 0, 1), point_limit=100)
NEXT_MANCHE = NextManche()

Policy = Callable[[Observation], Action]


class Counted:
    """The reading normal bot, counting the decisions where reading changed its move."""

    def __init__(self) -> None:
        self.choices = 0
        self.changed = 0

    def __call__(self, observation: Observation) -> Action:
        action = normal_choice(observation)
        if len(observation.legal_actions()) > 1:
            self.choices += 1
            self.changed += action != normal_choice(observation, for_partners=False)
        return action


def blind(observation: Observation) -> Action:
    return normal_choice(observation, for_partners=False)


def easy_policy(seed: int) -> Policy:
    import random

    rng = random.Random(f"easy:{seed}")
    return lambda observation: easy_choice(observation, rng)


def match(ours: Policy, theirs: Policy, our_team: int, seed: int) -> tuple[float, int, int, int]:
    """One match: our score (1, 0 or a shared half), points ours and theirs, manches."""
    game = DominoMatch(CONFIG, seed)
    policies = {
        s: ours if CONFIG.teams and CONFIG.teams[s] == our_team else theirs for s in range(4)
    }
    manches = 0
    while not game.is_over:
        seat = game.current_seat
        if seat is None:
            game.apply(None, NEXT_MANCHE)
            manches += 1
            continue
        game.apply(seat, policies[seat](game.observation(seat)))
    assert game.outcome is not None
    winners = game.outcome.winners
    ours_won = sum(1 for s in winners if CONFIG.teams and CONFIG.teams[s] == our_team)
    totals = game.observation(None).totals
    return ours_won / len(winners), totals[our_team], totals[1 - our_team], manches


def wilson(score: float, n: int) -> tuple[float, float]:
    z = 1.96
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


class Tally:
    def __init__(self) -> None:
        self.score = 0.0
        self.n = 0
        self.ours = 0
        self.theirs = 0
        self.manches = 0

    def add(self, result: tuple[float, int, int, int]) -> None:
        score, ours, theirs, manches = result
        self.score += score
        self.n += 1
        self.ours += ours
        self.theirs += theirs
        self.manches += manches

    def line(self, label: str) -> str:
        low, high = wilson(self.score, self.n)
        per = max(self.manches, 1)
        return (
            f"   {label}: win share **{self.score / self.n:.1%}** (95% CI {low:.1%}-{high:.1%}, "
            f"n={self.n}); points per manche ours {self.ours / per:.2f}, "
            f"theirs {self.theirs / per:.2f} ({self.manches} manches)"
        )


def reading_vs_blind(seeds: int) -> None:
    print(f"== Reading normal pair vs blind normal pair, {2 * seeds} matches (both seatings)")
    counted = Counted()
    tally = Tally()
    start = time.perf_counter()
    for seed in range(seeds):
        for team in (0, 1):
            tally.add(match(counted, blind, team, seed))
    print(tally.line("reading vs blind"))
    share = counted.changed / max(counted.choices, 1)
    print(
        f"   reading its partner changed {counted.changed} of {counted.choices} "
        f"decisions with a choice ({share:.1%})"
    )
    print(f"   ({time.perf_counter() - start:.0f} s)", flush=True)


def against_easy(seeds: int) -> None:
    print(f"== Each normal pair vs the easy pair, {2 * seeds} matches each (same seeds)")
    tallies = {"reading": Tally(), "blind  ": Tally()}
    policies: dict[str, Policy] = {"reading": normal_choice, "blind  ": blind}
    start = time.perf_counter()
    for seed in range(seeds):
        for team in (0, 1):
            for name, policy in policies.items():  # interleaved: same seed, same seating
                tallies[name].add(match(policy, easy_policy(seed * 2 + team), team, seed))
    for name, tally in tallies.items():
        print(tally.line(f"{name} vs easy"))
    print(f"   ({time.perf_counter() - start:.0f} s)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small samples, for a smoke run")
    parser.add_argument("--matches", type=int, help="matches per pairing (both seatings)")
    parser.add_argument("--only", choices=("blind", "easy"), help="run one part only")
    args = parser.parse_args()
    matches = args.matches or (40 if args.quick else 2000)
    print(
        f"table: {CONFIG.seats} players, {CONFIG.set_id}, teams {CONFIG.teams}, "
        f"to {CONFIG.point_limit} points"
    )
    if args.only in (None, "blind"):
        reading_vs_blind(matches // 2)
    if args.only in (None, "easy"):
        against_easy(matches // 2)


if __name__ == "__main__":
    main()
