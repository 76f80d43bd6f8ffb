"""Domino engine benchmark: throughput, hard bot decision time, bot strength.

    uv run --extra bench python benchmarks/domino_engine.py [--quick]

1. Throughput on one job: 4 players, double-6, every tile dealt, one hand, no
   output, every player choosing uniformly at random among its legal moves
   (``random.choice``). Four players of that job, interleaved in this one process
   (a busy machine hurts them alike), each figure the median of the runs in
   hands per CPU second:

   - minimal: the smallest pure-Python play-out we could write (tiles as pairs
     of ints, below), the yardstick for a simulator;
   - simulation: our engine's simulation mode (``manche.Manche`` with no events
     and no checks, as the bots' play-outs run it) on the same deals with the
     same choices: the two play the very same hands (checked: the same plays and
     pips left), so the ratio is cost per the same work;
   - table: our engine at the table (``DominoMatch``: ``legal_actions(seat,
     now)``, ``apply(seat, action, now)``, events, checks, log), dealing its own
     hands;
   - dominoes: the ``dominoes`` package (6.1.0, installed for this run only),
     ``random.choice`` of ``game.valid_moves``.
2. The hard and expert bots' CPU time per decision at the table's budget (4
   players in two teams with double 6, and 6 players with double 9): median,
   p95 and the slowest over the decisions with a choice.
3. Strength: seat-rotated 2-player double-6 matches to 100 points, hard vs
   normal and hard vs easy, with 95% Wilson confidence intervals. The hard bot
   plays here with a fixed number of deals per decision (``--iterations``) so
   the run is reproducible; shared wins count as half.

Everything runs in this one process, on one core.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from audiogame.games.domino import DominoConfig, DominoMatch, NextManche  # noqa: E402
from audiogame.games.domino.bots import decide_now, make_bot  # noqa: E402
from audiogame.games.domino.manche import Manche  # noqa: E402
from audiogame.games.domino.rules import TableFacts, starter  # noqa: E402
from audiogame.games.domino.tiles import tile_set  # noqa: E402

NEXT_MANCHE = NextManche()


def our_hands(count: int, seed: int) -> None:
    """``count`` hands on our engine: a new deal each, random legal moves."""
    rng = random.Random(seed)
    choice = rng.choice
    config = DominoConfig(seats=4, point_limit=500)
    match = DominoMatch(config, seed)
    now = 0.0
    for _ in range(count):
        # A match deals many hands; a new one as soon as a seat falls, so that
        # every hand is for four players with every tile dealt.
        if match.is_over or any(match.is_eliminated(s) for s in range(4)):
            match = DominoMatch(config, rng.randrange(2**32))
        match.apply(None, NEXT_MANCHE, now)
        seat = match.current_seat
        while seat is not None:
            match.apply(seat, choice(match.legal_actions(seat, now)), now)
            seat = match.current_seat


#: the minimal play-out's tiles: (a, b) pairs in our set's order, so that both deal alike
PAIRS = [(a, b) for a in range(7) for b in range(a, 7)]


def minimal_hands(count: int, seed: int) -> tuple[int, int]:
    """The yardstick: a minimal double-6 play-out on ints. Returns plays and pips left."""
    rng = random.Random(seed)
    rand, choice = rng.random, rng.choice
    plays = pips = 0
    for _ in range(count):
        order = sorted(PAIRS, key=lambda _t: rand())
        hands = [order[0:7], order[7:14], order[14:21], order[21:28]]
        seat = next(s for s in range(4) if (6, 6) in hands[s])  # the highest double opens
        hand = hands[seat]
        tile = choice(hand)  # any tile may open
        hand.remove(tile)
        left, right = tile
        plays += 1
        stuck = 0
        while hand and stuck < 4:
            seat = (seat + 1) % 4
            hand = hands[seat]
            moves = []
            for t in hand:
                a, b = t
                if a == left or b == left:
                    moves.append((t, True))
                if a == right or b == right:
                    moves.append((t, False))
            if not moves:
                stuck += 1
                continue
            stuck = 0
            t, on_left = choice(moves)
            hand.remove(t)
            plays += 1
            a, b = t
            if on_left:
                left = b if a == left else a
            else:
                right = b if a == right else a
        pips += sum(a + b for h in hands for a, b in h)
    return plays, pips


FACTS = TableFacts.of(DominoConfig(seats=4))
TILES = list(tile_set("double-6"))
SEATS = (0, 1, 2, 3)


def simulated_hands(count: int, seed: int) -> tuple[int, int]:
    """The same hands in our engine's simulation mode. Returns plays and pips left."""
    rng = random.Random(seed)
    rand, choice = rng.random, rng.choice
    plays = pips = 0
    for _ in range(count):
        order = sorted(TILES, key=lambda _t: rand())
        hands = [order[0:7], order[7:14], order[14:21], order[21:28]]
        seat, _ = starter("double-6", hands, SEATS)
        manche = Manche(FACTS, hands, [], [True, True, True, True], current=seat)
        while manche.current is not None:
            manche.act(choice(manche.legal_actions()))
            plays += 1
        pips += sum(manche.pips())
    return plays, pips


def their_hands(count: int, seed: int) -> None:
    """The same job on the ``dominoes`` package (it shuffles with the global random)."""
    import dominoes

    random.seed(seed)
    choice = random.choice
    for _ in range(count):
        game = dominoes.Game.new()
        while game.result is None:
            game.make_move(*choice(game.valid_moves))


def rate(job: Callable[[int, int], object], count: int, seed: int) -> float:
    """Hands per second of this process's CPU time (steadier on a shared machine)."""
    start = time.process_time()
    job(count, seed)
    return count / (time.process_time() - start)


def throughput(hands: int, rounds: int) -> None:
    print("== Throughput: 4 players, double-6, all tiles dealt, one hand, random.choice players")
    for seed in range(3):  # the same work: the very same hands, move for move
        if minimal_hands(200, seed) != simulated_hands(200, seed):
            sys.exit("   the minimal play-out and the simulation mode played different hands")
    jobs: dict[str, Callable[[int, int], object]] = {
        "minimal": minimal_hands,
        "simulation": simulated_hands,
        "table": our_hands,
        "dominoes": their_hands,
    }
    try:
        import dominoes  # noqa: F401
    except ImportError:
        print("   the dominoes package is missing (run with `uv run --extra bench`): left out")
        del jobs["dominoes"]
    rates: dict[str, list[float]] = {name: [] for name in jobs}
    for r in range(rounds):  # interleaved, so that a busy machine hurts them alike
        for name, job in jobs.items():
            rates[name].append(rate(job, hands, r))
    med = {name: statistics.median(values) for name, values in rates.items()}
    print(f"   {rounds} interleaved runs of {hands} hands each; median hands per CPU second:")
    print("   " + "   ".join(f"{name} {value:,.0f}" for name, value in med.items()))
    sim_ratio = med["minimal"] / med["simulation"]
    print(f"   minimal / simulation: {sim_ratio:4.2f}x (target: within 1.5x)")
    print(f"   simulation / table:   {med['simulation'] / med['table']:4.2f}x")
    if "dominoes" in med:
        ratio = med["table"] / med["dominoes"]
        print(f"   table / dominoes:     {ratio:4.2f}x (before: 1.66-1.71x)")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)]


def latency(matches: int, levels: tuple[str, ...] = ("hard", "expert")) -> None:
    """CPU time per decision with a choice (thread time: a busy machine's other jobs do
    not count), at the table's budget, every seat a bot of the level."""
    tables = (
        ("double-6, 4 players, teams", DominoConfig(seats=4, teams=(0, 1, 0, 1))),
        ("double-6, 4 players, each alone", DominoConfig(seats=4)),
        ("double-9, 6 players", DominoConfig(set_id="double-9", seats=6)),
    )
    for level in levels:
        for name, config in tables:
            searched = []
            for seed in range(matches):
                bots = [make_bot(seat, level, seed) for seat in range(config.seats)]
                match = DominoMatch(config, seed)
                while not match.is_over and match.manche <= 2:
                    seat = match.current_seat
                    if seat is None:
                        match.apply(None, NEXT_MANCHE)
                        continue
                    observation = match.observation(seat)
                    start = time.thread_time()
                    action = decide_now(bots[seat], observation)
                    elapsed = (time.thread_time() - start) * 1000
                    if len(observation.legal_actions()) > 1:
                        searched.append(elapsed)
                    match.apply(seat, action)
            med, p95 = statistics.median(searched), percentile(searched, 0.95)
            print(
                f"== {level:6} bot, {name}: CPU per decision median {med:6.1f} ms, "
                f"p95 {p95:6.1f} ms, max {max(searched):6.1f} ms (n={len(searched)})"
            )
    print("   target: hard p95 <= 100 ms at double 6, 4 players (the table runs it in slices)")


def duel(other: str, iterations: int, matches: int) -> tuple[float, int]:
    """Hard bot's score (shared wins count half) over seat-rotated matches."""
    config = DominoConfig(seats=2, point_limit=100)
    score = 0.0
    for i in range(matches):
        hard_seat = i % 2
        seed = 10_000 + i
        bots = {
            hard_seat: make_bot(hard_seat, "hard", seed, iterations=iterations),
            1 - hard_seat: make_bot(1 - hard_seat, other, seed),
        }
        match = DominoMatch(config, i // 2)  # both seatings of each deal sequence
        while not match.is_over:
            seat = match.current_seat
            if seat is None:
                match.apply(None, NEXT_MANCHE)
                continue
            match.apply(seat, decide_now(bots[seat], match.observation(seat)))
        assert match.outcome is not None
        winners = match.outcome.winners
        if hard_seat in winners:
            score += 1 / len(winners)
    return score, matches


def wilson(score: float, n: int) -> tuple[float, float]:
    z = 1.96
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def strength(matches: int, iterations: int) -> None:
    print(f"== Strength: 2 players, double-6, to 100 points, {matches} matches per pairing")
    print(f"   hard bot: {iterations} deals per decision; seats alternate every match")
    for other in ("normal", "easy"):
        start = time.perf_counter()
        score, n = duel(other, iterations, matches)
        low, high = wilson(score, n)
        took = time.perf_counter() - start
        print(
            f"   hard vs {other:6}: {score / n:6.1%} wins "
            f"(95% CI {low:.1%}-{high:.1%}, n={n}, {took:.0f} s)"
        )
    print("   target: hard wins >= 60% against normal")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small samples, for a smoke run")
    parser.add_argument("--matches", type=int, help="strength matches per pairing")
    parser.add_argument("--iterations", type=int, default=100, help="hard bot deals per move")
    parser.add_argument(
        "--only", choices=("throughput", "latency", "strength"), help="run one part only"
    )
    parser.add_argument("--latency-matches", type=int, help="matches per table timed (20)")
    parser.add_argument(
        "--levels", type=lambda s: tuple(s.split(",")), default=("hard", "expert"), help="timed"
    )
    args = parser.parse_args()
    hands, rounds = (300, 3) if args.quick else (1000, 15)
    matches = args.matches or (60 if args.quick else 1000)
    parts = {
        "throughput": lambda: throughput(hands, rounds),
        "latency": lambda: latency(args.latency_matches or (2 if args.quick else 20), args.levels),
        "strength": lambda: strength(matches, args.iterations),
    }
    for name, run in parts.items():
        if args.only in (None, name):
            run()


if __name__ == "__main__":
    main()
