"""Our hard domino bots against the `dominoes` package's players, in that package's own game.

    uv run --extra bench python benchmarks/domino_vs_dominoes.py [--quick]

The game is the package's (``dominoes.Game``, 6.1.0): four players, double 6,
seven tiles each and no boneyard, seats 0 and 2 against 1 and 3, the holder of
6|6 opens with it (``Game.new(starting_domino=6|6)``, as the package's
``Series`` opens), a seat that cannot play passes, its scoring (a seat that
goes out scores for its team every pip left in the other three hands; in a
blocked game the team with fewer pips scores both teams' pips; equal pips,
nobody). One game is one hand.

Our pair is two bots of one level (``--level``, hard by default) at the table's
budget, each seeing only what a player there sees
(``audiogame.devtools.dominoes_seat``). ``--level omniscient`` seats instead
the package's ``omniscient`` player, which looks at every hand and plays the
first move of an exhaustive alpha-beta on them: not a bot anyone could meet, a
yardstick of what knowing the hidden tiles is worth against the same opponent.
Against:

a. ``bota_gorda``: the heaviest tile that fits.
b. ``probabilistic_alphabeta``: deals the hands the others could hold (given
   every move and pass so far) ``--samples`` times, runs an exhaustive
   alpha-beta on each, and plays the move most often best. ``start_move=0``:
   it searches from the first decision (before ``start_move`` it would play the
   first legal move). Its ordering player (``--order``) decides how fast the
   alpha-beta prunes and which of equally good moves it names.

Every deal is played twice, our pair at seats 0 and 2, then at 1 and 3 (the
same hands): seats rotated. The deals are a range the run picks at random for
each opponent, from a seed it prints (``--seed`` runs the same games again).
Win share counts a tie as half; the 95% interval is Wilson's. Points per game:
what each pair scored, per game. Time per move: each side's CPU time for its
decisions with more than one legal move.

At most 2 worker processes (``--workers``); each game is seeded by its deal
and seating, so any worker count gives the same games. ``--results FILE``
keeps every finished game (one JSON line each) and skips those already there:
a run of hours can be stopped and taken up again.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from audiogame.devtools.dominoes_seat import DominoesSeat  # noqa: E402
from audiogame.games.domino.bots import LEVELS, make_bot  # noqa: E402

ORDERS = ("bota_gorda", "identity", "double", "reverse")
#: not a bot of ours but a yardstick that cheats: the package's ``omniscient``, which
#: sees every hand and plays the first move of an exhaustive alpha-beta on them
OMNISCIENT = "omniscient"


@dataclass(frozen=True)
class Opponent:
    name: str  # "bota_gorda" or "probabilistic_alphabeta"
    samples: int = 0
    order: str = "bota_gorda"

    def build(self) -> Callable[[Any], None]:
        from dominoes import players

        if self.name == "bota_gorda":
            return players.bota_gorda  # type: ignore[no-any-return]
        return players.probabilistic_alphabeta(  # type: ignore[no-any-return]
            start_move=0, sample_size=self.samples, player=getattr(players, self.order)
        )

    def label(self) -> str:
        if self.name == "bota_gorda":
            return "bota_gorda"
        return (
            f"probabilistic_alphabeta(start_move=0, sample_size={self.samples}, "
            f"player={self.order})"
        )

    @property
    def key(self) -> str:
        return "bota_gorda" if self.name == "bota_gorda" else f"pa{self.samples}-{self.order}"


@dataclass(frozen=True)
class Game:
    """One game's result, from our pair's side."""

    deal: int
    our_team: int
    ours: int  # points our pair scored
    theirs: int  # points their pair scored
    our_seconds: tuple[float, ...]
    their_seconds: tuple[float, ...]


class Timed:
    """The package's player, with the CPU time of each decision that had a choice."""

    def __init__(self, player: Callable[[Any], None]) -> None:
        self.player = player
        self.seconds: list[float] = []

    def __call__(self, game: Any) -> None:
        if len(game.valid_moves) < 2:
            return
        start = time.thread_time()
        self.player(game)
        self.seconds.append(time.thread_time() - start)


def our_seat(level: str, seat: int, seed: str, iterations: int | None) -> Any:
    """One of our pair: our bot at ``level``, or the yardstick that cheats."""
    if level == OMNISCIENT:
        from dominoes import players

        return Timed(players.omniscient(start_move=0, player=players.bota_gorda))
    budget = {} if iterations is None else {"iterations": iterations}
    return DominoesSeat(make_bot(seat, level, seed, **budget))


#: one game to play: the opponent, the deal, our pair's team, our bots' level and budget
Job = tuple[Opponent, int, int, str, int | None]


def play(job: Job) -> Game:
    """Deal ``deal`` with our pair on ``our_team`` (0: seats 0 and 2)."""
    import dominoes

    opponent, deal, our_team, level, iterations = job
    random.seed(f"deal {deal}")  # the package deals with the global generator
    game = dominoes.Game.new(starting_domino=dominoes.Domino(6, 6))
    # ...and samples with it: each seating its own stream, whatever ran before
    random.seed(f"play {deal} {our_team}")
    ours = {s: our_seat(level, s, f"{deal}:{our_team}", iterations) for s in range(our_team, 4, 2)}
    theirs = Timed(opponent.build())
    while game.result is None:
        seat = game.turn
        (ours[seat] if seat in ours else theirs)(game)
        game.make_move(*game.valid_moves[0])
    points = game.result.points  # > 0: seats 0 and 2 scored it; < 0: seats 1 and 3
    mine = points if our_team == 0 else -points
    return Game(
        deal,
        our_team,
        max(mine, 0),
        max(-mine, 0),
        tuple(t for s in ours.values() for t in s.seconds),
        tuple(theirs.seconds),
    )


def wilson(score: float, n: int) -> tuple[float, float]:
    z = 1.96
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def times(label: str, seconds: list[float]) -> str:
    ms = [s * 1000 for s in seconds]
    return (
        f"   {label:6} time per move: mean {statistics.mean(ms):8.1f} ms, "
        f"median {statistics.median(ms):7.1f} ms, p95 {percentile(ms, 0.95):8.1f} ms, "
        f"max {max(ms):8.1f} ms (n={len(ms)})"
    )


def match(
    opponent: Opponent,
    deals: range,
    workers: int,
    level: str,
    iterations: int | None,
    results: str | None,
) -> list[Game]:
    budget = "the table's budget" if iterations is None else f"{iterations} deals per decision"
    print(f"== Our {level} pair ({budget}) vs {opponent.label()}")
    print(
        f"   deals {deals.start}-{deals.stop - 1} x 2 seatings = {2 * len(deals)} games, "
        f"{workers} worker(s)",
        flush=True,
    )
    done = kept(results, opponent, level, iterations, deals)
    jobs: list[Job] = [
        (opponent, d, team, level, iterations)
        for d in deals
        for team in (0, 1)
        if (d, team) not in done
    ]
    if done:
        print(f"   {len(done)} games already in {results}; {len(jobs)} to play", flush=True)
    start = time.perf_counter()
    games: list[Game] = list(done.values())
    total = 2 * len(deals)
    step = max(1, total // 20)
    with multiprocessing.Pool(workers) as pool:
        for game in pool.imap_unordered(play, jobs, chunksize=1):
            games.append(game)
            keep(results, opponent, level, iterations, game)
            if len(games) % step == 0 or len(games) == total:
                report_progress(games, total, time.perf_counter() - start)
    report(games, time.perf_counter() - start, opponent)
    return games


def _tag(opponent: Opponent, level: str, iterations: int | None) -> str:
    return f"{opponent.key} {level} {iterations}"


def kept(
    path: str | None, opponent: Opponent, level: str, iterations: int | None, deals: range
) -> dict[tuple[int, int], Game]:
    """The games of this pairing and these deals that ``path`` already holds."""
    found: dict[tuple[int, int], Game] = {}
    if path is None or not os.path.exists(path):
        return found
    tag = _tag(opponent, level, iterations)
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            row = json.loads(line)
            if row.pop("tag") != tag or row["deal"] not in deals:
                continue
            row["our_seconds"] = tuple(row["our_seconds"])
            row["their_seconds"] = tuple(row["their_seconds"])
            found[(row["deal"], row["our_team"])] = Game(**row)
    return found


def keep(
    path: str | None, opponent: Opponent, level: str, iterations: int | None, game: Game
) -> None:
    if path is not None:
        with open(path, "a", encoding="utf-8") as out:
            out.write(json.dumps({"tag": _tag(opponent, level, iterations), **asdict(game)}) + "\n")


def score(games: list[Game]) -> float:
    return sum(1.0 if g.ours > 0 else 0.0 if g.theirs > 0 else 0.5 for g in games)


def report_progress(games: list[Game], total: int, took: float) -> None:
    share = score(games) / len(games)
    print(f"   ... {len(games):5}/{total} games, win share so far {share:6.1%}, {took:6.0f} s")
    sys.stdout.flush()


def report(games: list[Game], took: float, opponent: Opponent) -> None:
    n = len(games)
    won = sum(1 for g in games if g.ours > 0)
    lost = sum(1 for g in games if g.theirs > 0)
    low, high = wilson(score(games), n)
    print(
        f"   won {won}, lost {lost}, tied {n - won - lost}: win share "
        f"**{score(games) / n:.1%}** (95% CI {low:.1%}-{high:.1%}, n={n}, ties half)"
    )
    # the targets (issue 31): against the searcher at least 60% with the interval's
    # lower end at 55% or more; against bota_gorda at least 75%
    if opponent.name == "bota_gorda":
        verdict = "met" if score(games) / n >= 0.75 else "not met"
        print(f"   target >= 75%: {verdict}")
    else:
        met = score(games) / n >= 0.60 and low >= 0.55
        print(
            f"   target >= 60% with the interval's lower end >= 55%: {'met' if met else 'not met'}"
        )
    ours = sum(g.ours for g in games) / n
    theirs = sum(g.theirs for g in games) / n
    print(f"   points per game: ours {ours:.2f}, theirs {theirs:.2f} (net {ours - theirs:+.2f})")
    for team in (0, 1):
        part = [g for g in games if g.our_team == team]
        seats = "0 and 2" if team == 0 else "1 and 3"
        print(f"   our pair at seats {seats}: win share {score(part) / len(part):.1%}")
    print(times("ours", [t for g in games for t in g.our_seconds]))
    print(times("theirs", [t for g in games for t in g.their_seconds]))
    print(f"   ({took:.0f} s of wall time)", flush=True)


def calibrate(deals: int) -> None:
    """Each ordering player's cost: the same sampled positions (the first three
    decisions after 6|6, where an exhaustive search is dearest), one alpha-beta each."""
    import copy

    import dominoes
    from dominoes import players, search

    print("== Ordering players: one alpha-beta on the same sampled positions, CPU seconds")
    spent = dict.fromkeys(ORDERS, 0.0)
    positions = 0
    for deal in range(deals):
        random.seed(f"deal {deal}")
        game = dominoes.Game.new(starting_domino=dominoes.Domino(6, 6))
        while game.result is None and len(game.moves) < 4:
            if len(game.valid_moves) > 1:
                random.seed(f"sample {deal} {len(game.moves)}")
                hands = game.random_possible_hands()
                positions += 1
                for name in ORDERS:
                    trial = copy.deepcopy(game)
                    trial.hands = [dominoes.Hand(h) for h in hands]
                    trial.skinny_board()
                    start = time.thread_time()
                    search.alphabeta(trial, player=getattr(players, name))
                    spent[name] += time.thread_time() - start
            players.bota_gorda(game)
            game.make_move(*game.valid_moves[0])
    for name, seconds in spent.items():
        print(f"   {name:10} {seconds / positions:6.2f} s per search ({positions} positions)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few games, for a smoke run")
    parser.add_argument("--deals-a", type=int, default=500, help="deals vs bota_gorda (x2 games)")
    parser.add_argument("--deals-b", type=int, default=500, help="deals vs the searcher (x2)")
    parser.add_argument(
        "--samples", default="5,10", help="the searcher's sample_size, one run each (5,10)"
    )
    parser.add_argument("--order", choices=ORDERS, default="bota_gorda", help="its ordering")
    parser.add_argument(
        "--level",
        choices=(*LEVELS, OMNISCIENT),
        default="hard",
        help="our bots' level, or the package's omniscient player in our pair's seats",
    )
    parser.add_argument(
        "--iterations", type=int, help="our bots' deals per decision (default: the table's)"
    )
    parser.add_argument("--workers", type=int, default=2, choices=(1, 2))
    parser.add_argument("--only", choices=("a", "b", "calibrate"), help="one part only")
    parser.add_argument("--seed", type=int, help="picks the deal ranges (default: a new one)")
    parser.add_argument("--results", help="a file keeping every finished game (JSON lines)")
    args = parser.parse_args()
    try:
        found = version("dominoes")
    except PackageNotFoundError:
        sys.exit("the dominoes package is missing: run with `uv run --extra bench`")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    print(f"dominoes {found}; Python {sys.version.split()[0]}; seed {seed}", flush=True)
    deals_a, deals_b = (10, 3) if args.quick else (args.deals_a, args.deals_b)
    if args.only == "calibrate":
        calibrate(2 if args.quick else 8)
        return
    picker = random.Random(seed)

    def deals(count: int) -> range:
        first = picker.randrange(10**6)
        return range(first, first + count)

    opponents = [(Opponent("bota_gorda"), deals(deals_a))]
    for samples in (int(n) for n in args.samples.split(",")):
        opponents.append((Opponent("probabilistic_alphabeta", samples, args.order), deals(deals_b)))
    for opponent, dealt in opponents:
        part = "a" if opponent.name == "bota_gorda" else "b"
        if args.only in (None, part):
            match(opponent, dealt, args.workers, args.level, args.iterations, args.results)


if __name__ == "__main__":
    main()
