"""A change to the hard Domino bot, measured paired: the same deals and seatings with and without.

    uv run --extra bench python benchmarks/domino_paired.py --against bota_gorda \\
        --set depth=2 [--deals 500] [--seed N] [--workers 2] [--results FILE]

Every deal is played four times: the hard pair as it is (A) and changed (B), each
at seats 0 and 2 and at 1 and 3, against ``bota_gorda`` in the ``dominoes``
package's own game (``domino_vs_dominoes.py``), against the package's own searcher
(``--against alphabeta``: ``probabilistic_alphabeta``, start_move 0, sample_size
``--samples``, about 1.5 s of CPU a move: slow), or against the stand-in for it
(``domino_vs_searcher.py``, 5 samples from 20 tiles). Both sides of a
pair draw the same random numbers, so most games come out alike and the
difference between A and B is measured far more tightly than two separate runs
would: the printed interval is that of the mean paired difference.

``--set NAME=VALUE`` (any number) makes B: a field of the hard level's budget
(``deals``, ``work``, ``depth``, ``exact``) or a constant of ``bots/hard.py``
(e.g. ``HEAVY_BIAS=2``). A change that needs code is a constant there first.
The deal range is picked at random from a seed the run prints; ``--results``
keeps every game (one JSON line each) and skips those already there;
``--a-from FILE`` takes A's games from a file ``domino_vs_dominoes.py --results``
kept for the bot as it is (its proof runs), so only B's are played there.
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import json
import math
import multiprocessing
import random
import statistics
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import domino_vs_searcher  # noqa: E402

from audiogame.games.domino.bots import hard  # noqa: E402

BUDGET_FIELDS = {f.name for f in dataclasses.fields(hard.Budget)}
HARD = hard.BUDGETS["hard"]
CONSTANTS = {name: getattr(hard, name) for name in dir(hard) if name.isupper()}

#: one game: against whom, the changes (empty: A), the deal, our pair's team, samples
Job = tuple[str, tuple[tuple[str, Any], ...], int, int, int]


def changed(changes: tuple[tuple[str, Any], ...]) -> None:
    """Make this process's hard bot the one ``changes`` describe (A when empty)."""
    budget = HARD
    for name, value in CONSTANTS.items():
        setattr(hard, name, value)
    for name, value in changes:
        if name in BUDGET_FIELDS:
            budget = dataclasses.replace(budget, **{name: value})
        else:
            setattr(hard, name, value)
    hard.BUDGETS["hard"] = budget


def play(job: Job) -> dict[str, Any]:
    against, changes, deal, team, samples = job
    changed(changes)
    if against in PACKAGE:
        import domino_vs_dominoes

        opponent = domino_vs_dominoes.Opponent(PACKAGE[against], samples)
        game = domino_vs_dominoes.play((opponent, deal, team, "hard", None))
        ours, theirs, seconds = game.ours, game.theirs, list(game.our_seconds)
    else:
        result = domino_vs_searcher.play((deal, team, 5, 20))
        ours, theirs, seconds = result["ours"], result["theirs"], result["ours_s"]
    return {
        "against": against,
        "b": bool(changes),
        "deal": deal,
        "team": team,
        "score": 1.0 if ours > theirs else 0.0 if ours < theirs else 0.5,
        "ms": [round(s * 1000, 2) for s in seconds],
    }


#: the opponents that are the ``dominoes`` package's own players
PACKAGE = {"bota_gorda": "bota_gorda", "alphabeta": "probabilistic_alphabeta"}


def from_proof(path: str, against: str, samples: int) -> dict[tuple[bool, int, int], Any]:
    """A's games from a file of ``domino_vs_dominoes.py --results`` (the bot as it is)."""
    tag = "bota_gorda" if against == "bota_gorda" else f"pa{samples}-bota_gorda"
    found: dict[tuple[bool, int, int], Any] = {}
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            try:
                row = json.loads(line)
            except json.JSONDecodeError:  # a line cut short when a run was stopped
                continue
            if row["tag"] != f"{tag} hard None":
                continue
            ours, theirs = row["ours"], row["theirs"]
            found[(False, row["deal"], row["our_team"])] = {
                "against": against,
                "b": False,
                "deal": row["deal"],
                "team": row["our_team"],
                "score": 1.0 if ours > theirs else 0.0 if ours < theirs else 0.5,
                "ms": [round(t * 1000, 2) for t in row["our_seconds"]],
            }
    return found


def parse(text: str) -> tuple[str, Any]:
    name, _, value = text.partition("=")
    if name not in BUDGET_FIELDS and name not in CONSTANTS:
        raise SystemExit(f"--set {name}: neither a budget field nor a constant of hard.py")
    return name, ast.literal_eval(value)


def kept(path: str | None, against: str, deals: range) -> dict[tuple[bool, int, int], Any]:
    found: dict[tuple[bool, int, int], Any] = {}
    if path is None or not Path(path).exists():
        return found
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            game = json.loads(line)
            if game["against"] == against and game["deal"] in deals:
                found[(game["b"], game["deal"], game["team"])] = game
    return found


def summary(label: str, games: list[dict[str, Any]]) -> str:
    n = len(games)
    share = sum(g["score"] for g in games) / n
    low, high = domino_vs_searcher.wilson(share * n, n)
    ms = [m for g in games for m in g["ms"]]
    pct = domino_vs_searcher.percentile
    return (
        f"   {label}: win share **{share:.1%}** (95% CI {low:.1%}-{high:.1%}, n={n}); "
        f"CPU per move median {statistics.median(ms):.0f} ms, p95 {pct(ms, 0.95):.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--against", choices=("bota_gorda", "alphabeta", "searcher"), default="bota_gorda"
    )
    parser.add_argument("--samples", type=int, default=5, help="alphabeta's sample_size")
    parser.add_argument("--a-from", help="A's games: a file of domino_vs_dominoes.py --results")
    parser.add_argument("--first", type=int, help="the first deal (default: from the seed)")
    parser.add_argument("--set", action="append", default=[], type=parse, dest="changes")
    parser.add_argument("--deals", type=int, default=500, help="deals (x4 games)")
    parser.add_argument("--seed", type=int, help="picks the deal range (default: a new one)")
    parser.add_argument("--workers", type=int, default=2, choices=(1, 2))
    parser.add_argument("--results", help="a file keeping every finished game (JSON lines)")
    args = parser.parse_args()
    if not args.changes:
        parser.error("nothing to compare: give B at least one --set NAME=VALUE")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    first = random.Random(seed).randrange(10**6) + 4 * 10**6
    if args.first is not None:
        first = args.first
    deals = range(first, first + args.deals)
    b = tuple(args.changes)
    print(
        f"seed {seed}: the hard pair (A) vs the same with {dict(b)} (B), against "
        f"{args.against}, deals {deals.start}-{deals.stop - 1} x 2 seatings each",
        flush=True,
    )
    games = kept(args.results, args.against, deals)
    if args.a_from:
        proof = from_proof(args.a_from, args.against, args.samples)
        games.update({key: game for key, game in proof.items() if key[1] in deals})
        # only the deals the proof has played are paired
        deals = range(deals.start, max([d for _, d, _ in proof if d in deals], default=0) + 1)
    jobs: list[Job] = [
        (args.against, changes, deal, team, args.samples)
        for deal in deals
        for team in (0, 1)
        for changes in ((), b)
        if (bool(changes), deal, team) not in games
    ]
    with multiprocessing.Pool(args.workers, maxtasksperchild=50) as pool:
        for game in pool.imap_unordered(play, jobs, chunksize=1):
            games[(game["b"], game["deal"], game["team"])] = game
            if args.results:
                with open(args.results, "a", encoding="utf-8") as out:
                    out.write(json.dumps(game) + "\n")
    pairs = [(games[(False, d, t)], games[(True, d, t)]) for d in deals for t in (0, 1)]
    print(summary("A, as it is", [a for a, _ in pairs]))
    print(summary("B, changed ", [b for _, b in pairs]))
    diffs = [b["score"] - a["score"] for a, b in pairs]
    mean = statistics.mean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
    moved = sum(1 for d in diffs if d)
    print(
        f"   B - A: **{mean:+.1%}** (95% CI {mean - half:+.1%} to {mean + half:+.1%}, "
        f"{len(diffs)} pairs of games, {moved} came out differently)"
    )


if __name__ == "__main__":
    main()
