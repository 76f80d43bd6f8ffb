"""Our hard pair against a fast stand-in for ``dominoes``' ``probabilistic_alphabeta``.

    uv run python benchmarks/domino_vs_searcher.py [--deals 500] [--samples 5] [--seed N]

The real searcher (``benchmarks/domino_vs_dominoes.py``) spends about 2 s of CPU
a move on average (p95 9 s) with 5 samples: 1,000 games are hours of a core.
This stand-in plays the same way on our engine, fast enough for a thousand games:
at each decision with a choice it deals the hidden tiles ``--samples`` times
(consistently with the passes heard, as the package does), runs an exhaustive
alpha-beta on each deal as if the hands were open (the package's score: the
points of a manche for the side that takes them), and plays the move most often
best; with more than ``--from-tiles`` tiles still in play it plays the heaviest
tile that fits instead (the exhaustive search from the first move is what makes
the real one slow). It sees only what its seat may see, like our bots.

The table: 4 players, teams 0&2 v 1&3, double 6, every tile dealt (no boneyard),
one manche a game; every deal twice, our pair at seats 0 and 2, then 1 and 3.
The deals are a range picked at random from a seed the run prints. Win share
counts a tie as half; the 95% interval is Wilson's. Time per move: CPU time of
each decision with more than one legal move. One worker process by default.
``--results FILE`` keeps every finished game (one JSON line each) and skips the
games of the same deals and searcher already there: on a loaded machine a run
of a thousand games can be stopped and taken up again.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from audiogame.core.contract import Decision  # noqa: E402
from audiogame.games.domino import DominoConfig, DominoMatch, NextManche  # noqa: E402
from audiogame.games.domino.actions import Action, Play  # noqa: E402
from audiogame.games.domino.bots import decide_now, make_bot  # noqa: E402
from audiogame.games.domino.bots.hard import Budget, Search, _distinct  # noqa: E402
from audiogame.games.domino.bots.lookahead import EXACT, Lookahead, ordered  # noqa: E402
from audiogame.games.domino.bots.seat import DominoBot  # noqa: E402
from audiogame.games.domino.events import MancheEnded  # noqa: E402
from audiogame.games.domino.manche import Manche  # noqa: E402
from audiogame.games.domino.observation import Observation  # noqa: E402
from audiogame.games.domino.tiles import tile_set  # noqa: E402

CONFIG = DominoConfig(seats=4, teams=(0, 1, 0, 1))


def package_score(mine: int, sides: list[int]) -> Callable[[Manche], float]:
    """``dominoes``' value of a finished hand for side ``mine``: every pip left goes
    to the side that went out; in a block to the side with fewer pips."""

    def score(manche: Manche) -> float:
        pips = manche.pips()
        total = sum(pips)
        if manche.closer is not None:
            return total if sides[manche.closer] == mine else -total
        ours = sum(p for seat, p in enumerate(pips) if sides[seat] == mine)
        theirs = total - ours
        return total if ours < theirs else -total if ours > theirs else 0

    return score


class Searcher(DominoBot):
    level = "searcher"

    def __init__(self, seat: int, seed: str, samples: int, from_tiles: int) -> None:
        super().__init__(seat, seed, 0.0)
        self.samples = samples
        self.from_tiles = from_tiles

    def begin(self, observation: Observation, at: float) -> Decision:
        legal = _distinct(observation)
        if len(legal) == 1:
            return Decision(at, legal[0])
        if sum(observation.hand_counts) + observation.boneyard > self.from_tiles:
            tiles = tile_set(observation.config.set_id)
            plays = [a for a in legal if isinstance(a, Play)]
            heaviest = max(plays, key=lambda a: tiles[a.uid].a + tiles[a.uid].b, default=None)
            return Decision(at, heaviest or legal[0])
        deals = Search(observation, self.rng, Budget(1, 1, 0, 0), at)  # its dealer only
        look = Lookahead(deals.sides, deals.my_side, package_score(deals.my_side, deals.sides))
        moves = ordered(deals.table, legal)
        best_count: Counter[Action] = Counter()
        for _ in range(self.samples):
            hands, boneyard = deals._deal()  # noqa: SLF001
            best, value = moves[0], -math.inf
            for move in moves:
                manche = deals.table.copy([h[:] for h in hands], boneyard[:])
                manche.act(move)
                worth = look.value(manche, EXACT)
                if worth > value:
                    best, value = move, worth
            best_count[best] += 1
        return Decision(at, max(moves, key=lambda a: best_count[a]))


def play(job: tuple[int, int, int, int]) -> dict[str, Any]:
    """Deal ``deal`` with our pair on ``team`` (0: seats 0 and 2)."""
    deal, team, samples, from_tiles = job
    bots: dict[int, DominoBot] = {
        s: make_bot(s, "hard", f"{deal}:{team}")
        if s % 2 == team
        else Searcher(s, f"{deal}:{team}", samples, from_tiles)
        for s in range(4)
    }
    match = DominoMatch(CONFIG, deal)
    match.apply(None, NextManche())
    ours: list[float] = []
    theirs: list[float] = []
    ended = None
    while ended is None:
        seat = match.current_seat
        assert seat is not None
        observation = match.observation(seat)
        start = time.thread_time()
        action = decide_now(bots[seat], observation)
        spent = time.thread_time() - start
        if len(observation.legal_actions()) > 1:
            (ours if seat % 2 == team else theirs).append(spent)
        for event in match.apply(seat, action).events:
            if isinstance(event, MancheEnded):
                ended = event
    # the points a side takes count against it: the lower side won the manche
    lost, won = ended.points[team], ended.points[1 - team]
    return {
        "deal": deal,
        "our_team": team,
        "ours": won,
        "theirs": lost,
        "ours_s": ours,
        "theirs_s": theirs,
    }


def kept(path: str | None, samples: int, from_tiles: int, deals: range) -> list[dict[str, Any]]:
    """The games against this searcher on these deals that ``path`` already holds
    (lines without the searcher's settings, from before they were written, are left)."""
    found: dict[tuple[int, int], dict[str, Any]] = {}
    if path is None or not Path(path).exists():
        return []
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            game = json.loads(line)
            if (game.pop("samples", None), game.pop("from_tiles", None)) != (samples, from_tiles):
                continue
            if game["deal"] in deals:
                found[(game["deal"], game["our_team"])] = game
    return list(found.values())


def wilson(score: float, n: int) -> tuple[float, float]:
    z = 1.96
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def percentile(values: list[float], q: float) -> float:
    ordered_values = sorted(values)
    return ordered_values[min(len(ordered_values) - 1, max(0, math.ceil(q * len(values)) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500, help="deals (x2 games)")
    parser.add_argument("--samples", type=int, default=5, help="the searcher's deals per move")
    parser.add_argument("--from-tiles", type=int, default=20, help="it searches from this many")
    parser.add_argument("--seed", type=int, help="picks the deal range (default: a new one)")
    parser.add_argument("--workers", type=int, default=1, choices=(1, 2))
    parser.add_argument("--results", help="a file keeping every finished game (JSON lines)")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    first = random.Random(seed).randrange(10**6) + 10**6
    deals = range(first, first + args.deals)
    print(
        f"seed {seed}: our hard pair vs the searcher (samples {args.samples}, from "
        f"{args.from_tiles} tiles), deals {deals.start}-{deals.stop - 1} x 2 seatings",
        flush=True,
    )
    games = kept(args.results, args.samples, args.from_tiles, deals)
    done = {(g["deal"], g["our_team"]) for g in games}
    jobs = [
        (d, t, args.samples, args.from_tiles) for d in deals for t in (0, 1) if (d, t) not in done
    ]
    if done:
        print(f"   {len(done)} games already in {args.results}; {len(jobs)} to play", flush=True)
    began = time.perf_counter()
    with multiprocessing.Pool(args.workers) as pool:
        for game in pool.imap(play, jobs, chunksize=1):
            games.append(game)
            if args.results:
                tagged = {"samples": args.samples, "from_tiles": args.from_tiles, **game}
                with open(args.results, "a", encoding="utf-8") as out:
                    out.write(json.dumps(tagged) + "\n")
    n = len(games)
    score = sum(
        1.0 if g["ours"] > g["theirs"] else 0.0 if g["ours"] < g["theirs"] else 0.5 for g in games
    )
    low, high = wilson(score, n)
    print(f"   win share **{score / n:.1%}** (95% CI {low:.1%}-{high:.1%}, n={n}, ties half)")
    for side in ("ours", "theirs"):
        ms = [s * 1000 for g in games for s in g[f"{side}_s"]]
        print(
            f"   {side:6} CPU per move: median {statistics.median(ms):.1f} ms, "
            f"p95 {percentile(ms, 0.95):.1f} ms, mean {statistics.mean(ms):.1f} ms"
        )
    print(f"   ({time.perf_counter() - began:.0f} s of wall time)")


if __name__ == "__main__":
    main()
