"""How a searching bot chooses its tiles: the model its partner reads it by.

    uv run python benchmarks/domino_partner_model.py [--deals 400] [--seed N]

The hard bot reads its partner's plays as a searching bot's (``bots/evidence.py``:
``SEARCHER``), a conditional logit over the plays that fitted then, fitted here
on the hard bot's own choices with the chooser's hand known: four hard bots,
teams 0&2 v 1&3, double 6, every tile dealt, one manche per deal, deals picked
at random from a seed the run prints. Each decision with more than one distinct
play on the chain counts (the openings are printed apart, fitted by their own
features: reading them was measured and not kept, ``bots/hard.py``).

It fits on two thirds of the decisions by Newton's method and prints, for the
third left out, the log-likelihood per choice of a uniform pick, of the heavy
bias the others are read by (``hard.HEAVY_BIAS``), of the fit, and of the
coefficients the bot ships; then the fit on every decision (the numbers to
ship). The shipped model is also checked against ``evidence``'s own code: the
same decisions must give the same log-likelihood, so the features here are the
bot's.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from audiogame.games.domino import DominoConfig, DominoMatch, NextManche  # noqa: E402
from audiogame.games.domino.actions import Play  # noqa: E402
from audiogame.games.domino.bots import decide_now, evidence, hard, make_bot  # noqa: E402
from audiogame.games.domino.bots.hard import _distinct  # noqa: E402
from audiogame.games.domino.events import MancheEnded  # noqa: E402
from audiogame.games.domino.observation import Observation  # noqa: E402
from audiogame.games.domino.tiles import End, Tile  # noqa: E402

CONFIG = DominoConfig(seats=4, teams=(0, 1, 0, 1))
TOP = 6
#: one decision: the features of every candidate, which was chosen, the shipped
#: model's log-likelihood of it by ``evidence``'s code
Decision = tuple[list[list[float]], int, float]


def play_features(
    hand: Sequence[Tile], tile: Tile, covered: int, other: int, shown: Sequence[int]
) -> list[float]:
    """``evidence.SEARCHER``'s features of laying ``tile`` on ``covered``."""
    a, b = tile[1], tile[2]
    opened = b if a == covered else a
    rest = [t for t in hand if t is not tile]

    def held(n: int) -> float:
        return float(sum(1 for t in rest if n in (t[1], t[2])))

    return [
        a + b,
        float(a == b),
        held(opened),
        held(other),
        held(covered),
        float(opened == other),
        float(shown[opened]),
    ]


def opening_features(hand: Sequence[Tile], tile: Tile) -> list[float]:
    """The features an opening was read by (pips, a double, tiles of the hand left
    showing either number, the more of the two, the fewer)."""
    a, b = tile[1], tile[2]
    rest = [t for t in hand if t is not tile]
    here = sum(1 for t in rest if a in (t[1], t[2]))
    there = sum(1 for t in rest if b in (t[1], t[2]))
    both = here + there if a != b else here
    return [a + b, float(a == b), both, max(here, there), min(here, there)]


def record(
    observation: Observation, chosen: Play, plays: list[Decision], opens: list[Decision]
) -> None:
    """One decision of the hard bot at the table, with the features of its candidates."""
    hand = list(observation.hand)
    tiles = {t.uid: t for t in hand}
    candidates = [a for a in _distinct(observation) if isinstance(a, Play)]
    if len(candidates) < 2:
        return
    tile = tiles[chosen.uid]
    ends = observation.ends
    if ends is None:
        features = [opening_features(hand, tiles[c.uid]) for c in candidates]
        index = next(i for i, c in enumerate(candidates) if c.uid == chosen.uid)
        opens.append((features, index, math.nan))
        return
    shown = [0] * (TOP + 1)
    for placed in observation.chain:
        shown[placed.tile.a] += 1
        if placed.tile.b != placed.tile.a:
            shown[placed.tile.b] += 1
    features = []
    index = -1
    for i, c in enumerate(candidates):
        left = c.end is End.LEFT
        covered, other = (ends[0], ends[1]) if left else (ends[1], ends[0])
        features.append(play_features(hand, tiles[c.uid], covered, other, shown))
        if c == chosen:
            index = i
    left = chosen.end is End.LEFT
    covered = ends[0] if left else ends[1]
    opened = tile.b if tile.a == covered else tile.a
    rest = [t for t in hand if t is not tile]
    choice = evidence.Choice(0, ends, tile, (tile,), opened, tuple(shown))
    plays.append((features, index, evidence.searcher_log(choice, rest)))


def collect(deals: range) -> tuple[list[Decision], list[Decision]]:
    plays: list[Decision] = []
    opens: list[Decision] = []
    for deal in deals:
        bots = {s: make_bot(s, "hard", f"model:{deal}") for s in range(4)}
        match = DominoMatch(CONFIG, deal)
        match.apply(None, NextManche())
        ended = False
        while not ended:
            seat = match.current_seat
            assert seat is not None
            observation = match.observation(seat)
            action = decide_now(bots[seat], observation)
            if isinstance(action, Play):
                record(observation, action, plays, opens)
            ended = any(isinstance(e, MancheEnded) for e in match.apply(seat, action).events)
    return plays, opens


def log_likelihood(theta: Sequence[float], data: Sequence[Decision]) -> float:
    total = 0.0
    for features, chosen, _ in data:
        values = [sum(t * f for t, f in zip(theta, fs, strict=True)) for fs in features]
        top = max(values)
        total += values[chosen] - top - math.log(sum(math.exp(v - top) for v in values))
    return total / len(data)


def fit(data: Sequence[Decision], size: int, ridge: float = 1e-3) -> list[float]:
    """The conditional logit's coefficients by Newton's method (a little ridge keeps
    a feature that always wins, such as a double at the opening, finite)."""
    theta = [0.0] * size
    for _ in range(50):
        grad = [-ridge * t for t in theta]
        hess = [[ridge * (i == j) for j in range(size)] for i in range(size)]
        for features, chosen, _ in data:
            values = [sum(t * f for t, f in zip(theta, fs, strict=True)) for fs in features]
            top = max(values)
            odds = [math.exp(v - top) for v in values]
            total = sum(odds)
            p = [o / total for o in odds]
            mean = [sum(p[i] * features[i][j] for i in range(len(p))) for j in range(size)]
            for j in range(size):
                grad[j] += features[chosen][j] - mean[j]
                for k in range(size):
                    hess[j][k] += sum(
                        p[i] * (features[i][j] - mean[j]) * (features[i][k] - mean[k])
                        for i in range(len(p))
                    )
        step = _solve(hess, grad)
        theta = [t + s for t, s in zip(theta, step, strict=True)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return theta


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    n = len(vector)
    rows = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for i in range(n):
        pivot = max(range(i, n), key=lambda r: abs(rows[r][i]))
        rows[i], rows[pivot] = rows[pivot], rows[i]
        for r in range(n):
            if r != i:
                factor = rows[r][i] / rows[i][i]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[i], strict=True)]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def report(
    name: str, data: list[Decision], shipped: Sequence[float] | None, size: int, rng: random.Random
) -> None:
    order = data[:]
    rng.shuffle(order)
    cut = len(order) * 2 // 3
    train, test = order[:cut], order[cut:]
    fitted = fit(train, size)
    heavy = [hard.HEAVY_BIAS] + [0.0] * (size - 1)
    print(f"{name}: {len(data)} decisions; per choice left out ({len(test)}):")
    uniform = log_likelihood([0.0] * size, test)
    line = (
        f"   uniform {uniform:.3f}, heavy bias {log_likelihood(heavy, test):.3f}, "
        f"fitted {log_likelihood(fitted, test):.3f}"
    )
    if shipped is None:
        print(line)
    else:
        print(f"{line}, shipped {log_likelihood(shipped, test):.3f}")
        mismatch = sum(1 for d in data if abs(d[2] - log_likelihood(shipped, [d])) > 1e-9)
        print(f"   the bot's own code differs from these features on {mismatch} decisions")
    every = fit(data, size)
    print("   fitted on all: (" + ", ".join(f"{t:.3f}" for t in every) + ")", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, help="picks the deal range (default: a new one)")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    first = random.Random(seed).randrange(10**6) + 9 * 10**6
    deals = range(first, first + args.deals)
    print(f"seed {seed}: deals {deals.start}-{deals.stop - 1}", flush=True)
    plays, opens = collect(deals)
    rng = random.Random(seed)
    report("plays on the chain (SEARCHER)", plays, evidence.SEARCHER, 7, rng)
    report("openings", opens, None, 5, rng)


if __name__ == "__main__":
    main()
