"""What the hard Domino bot knows, and how well it chooses, judged on the true hands.

    uv run --extra bench python benchmarks/domino_inference.py [--against alphabeta] \\
        [--deals 30] [--seed N] [--workers 2]

A win share moves slowly: a change worth 2 points needs some 2,500 paired games
(``domino_paired.py``), hours against the package's searcher. This measures the
two halves of a decision on its own, in minutes, on the same positions: our hard
pair plays the ``dominoes`` package's game (``domino_vs_dominoes.py``) against
``bota_gorda`` or ``probabilistic_alphabeta``, and each of its decisions with a
choice is kept with the hands as they truly were. Then, for each kept position:

1. **Reading.** The bot deals the hidden tiles 300 times, as it does, and weighs
   each deal by how likely the plays it heard were from those hands
   (``bots/evidence.py``). For each way of reading (``READINGS``): the weighted
   share of deals that put each unseen tile in the hand truly holding it (mean
   over tiles), its mean log, and the deals' effective number. Higher shares:
   the reading tells the bot more of the truth.
2. **Choosing.** The hard bot's decision at each budget or setting
   (``BUDGETS``), valued on the true hands by an exhaustive search to the end of
   the hand, every seat seeing everything: our side plays its best, the other as
   the opponent plays (a searcher: its best; ``bota_gorda``: its heaviest tile).
   The regret, in points of our score, is the best move's value less the chosen
   one's. Every budget draws
   the same deals (the same seed), so the differences are paired; the 95%
   interval is that of the mean paired difference from the bot as it is.

The yardstick of the whole (``domino_vs_dominoes.py --level omniscient``: a pair
that sees every hand and searches to the end) says how much the hidden tiles are
worth; this says which half of the bot a change helps.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import domino_vs_dominoes as versus  # noqa: E402

from audiogame.devtools.dominoes_seat import CONFIG, DominoesSeat, observation, pair, seen_by  # noqa: E402
from audiogame.games.domino.actions import Play  # noqa: E402
from audiogame.games.domino.bots import hard, make_bot  # noqa: E402
from audiogame.games.domino.bots.evidence import choices_heard, kinds, weight  # noqa: E402
from audiogame.games.domino.bots.lookahead import EXACT, branch  # noqa: E402
from audiogame.games.domino.manche import Manche  # noqa: E402
from audiogame.games.domino.observation import Observation  # noqa: E402
from audiogame.games.domino.tiles import Tile, tile_set  # noqa: E402

TILES = {(t.a, t.b): t for t in tile_set(CONFIG.set_id)}
#: deals per position for the reading (the hard bot's budget)
DEALS = 300


@dataclass(frozen=True)
class Reading:
    """How the plays heard are read: opponents by a heavy bias (``bias``) or as
    searching bots (``searchers``), the partner as a searcher at ``read``;
    ``mix``: half each way for the opponents (they are one or the other);
    ``kinds``: each opponent one or the other, learnt from its plays
    (``evidence.kinds``, as the bot reads with ``hard.KINDS``)."""

    bias: float
    read: float
    searchers: bool = False
    mix: bool = False
    kinds: bool = False


READINGS: dict[str, Reading] = {
    "nothing read": Reading(0.0, 0.0),
    "as it is": Reading(hard.HEAVY_BIAS, hard.PARTNER_READ),
    "opponents alike": Reading(0.0, hard.PARTNER_READ),
    "opponents heavier": Reading(1.0, hard.PARTNER_READ),
    "opponents search": Reading(hard.HEAVY_BIAS, hard.PARTNER_READ, searchers=True),
    "half and half": Reading(hard.HEAVY_BIAS, hard.PARTNER_READ, mix=True),
    "kinds learnt": Reading(hard.HEAVY_BIAS, hard.PARTNER_READ, kinds=True),
}

#: the bot's ways of choosing: a budget, and constants of ``hard.py`` set for it
BUDGETS: dict[str, tuple[hard.Budget, dict[str, int]]] = {
    "as it is": (hard.HARD, {}),
    "exact from 14": (replace(hard.HARD, exact=14), {}),
    "exact from 16": (replace(hard.HARD, exact=16), {}),
    "exact from 18": (replace(hard.HARD, exact=18), {}),
    "exact from 20": (replace(hard.HARD, exact=20), {}),
    "twice the work": (replace(hard.HARD, work=2 * hard.HARD.work), {}),
    "kinds learnt": (hard.HARD, {"KINDS": 1}),
    "kinds, shut out": (hard.HARD, {"KINDS": 1, "ROLLOUT_BLOCK": 8}),
}

#: one decision of our pair: what its seat saw, and every hand as it was
Position = tuple[Observation, list[list[Tile]]]


def positions(job: tuple[versus.Opponent, int, int]) -> list[Position]:
    """Our hard pair's decisions with a choice in one game (deal, our team)."""
    import dominoes

    opponent, deal, team = job
    random.seed(f"deal {deal}")  # as domino_vs_dominoes deals
    game = dominoes.Game.new(starting_domino=dominoes.Domino(6, 6))
    random.seed(f"play {deal} {team}")
    ours = {s: DominoesSeat(make_bot(s, "hard", f"{deal}:{team}")) for s in range(team, 4, 2)}
    theirs = opponent.build()
    kept: list[Position] = []
    while game.result is None:
        seat = game.turn
        if seat in ours and len(game.valid_moves) > 1:
            truth = [[TILES[pair(b)] for b in hand] for hand in game.hands]
            kept.append((observation(seen_by(game)), truth))
        (ours[seat] if seat in ours else theirs)(game)
        game.make_move(*game.valid_moves[0])
    return kept


def reading_weight(reading: Reading, search: hard.Search, hands: Any, choices: Any) -> float:
    if not (reading.bias or reading.read):
        return 1.0
    if reading.kinds:
        rest = [c for c in choices if c.seat not in search.opponents]
        likely, _ = kinds(choices, hands, search.opponents, hard.HEAVY_PRIOR)
        return likely * weight(rest, hands, reading.bias, search.partners, reading.read)
    others = frozenset(s for s in range(search.seats) if s != search.me)
    heavy = weight(choices, hands, reading.bias, search.partners, reading.read)
    if not (reading.searchers or reading.mix):
        return heavy
    searching = weight(choices, hands, reading.bias, others, reading.read)
    return (heavy + searching) / 2 if reading.mix else searching


def read(position: Position, index: int) -> dict[str, tuple[float, float, int, float]]:
    """For each reading: summed share and log share of the truth, tiles, effective deals."""
    obs, truth = position
    owner = {t.uid: seat for seat, hand in enumerate(truth) for t in hand}
    search = hard.Search(obs, random.Random(index), hard.HARD)
    if search.decided:
        return {}
    choices = choices_heard(obs)
    unseen = [t.uid for t in search.unseen]
    deals = [search.deal() for _ in range(DEALS)]
    right = []
    for hands, _ in deals:
        where = {t.uid: seat for seat, hand in enumerate(hands) for t in hand}
        right.append([where.get(uid) == owner[uid] for uid in unseen])
    out = {}
    for name, reading in READINGS.items():
        weights = [reading_weight(reading, search, hands, choices) for hands, _ in deals]
        total = sum(weights)
        if total <= 0:
            continue
        share = log = 0.0
        for j in range(len(unseen)):
            p = sum(w for w, r in zip(weights, right, strict=True) if r[j]) / total
            share += p
            log += math.log(max(p, 1e-3))
        out[name] = (share, log, len(unseen), total * total / sum(w * w for w in weights))
    return out


def against_heavy(search: hard.Search, manche: Manche) -> float:
    """``manche`` valued for the bot's side when its seats play their best and the
    others their heaviest fitting tile (``bota_gorda``, ties to the first listed)."""
    tiles = manche.tiles
    while manche.current is not None:
        moves = manche.legal_actions()
        if len(moves) > 1 and search.sides[manche.current] == search.my_side:
            return max(against_heavy(search, branch(manche, move)) for move in moves)
        plays = [m for m in moves if isinstance(m, Play)]
        manche.act(
            max(plays, key=lambda m: tiles[m.uid][1] + tiles[m.uid][2]) if plays else moves[0]
        )
    return search._score(manche)


def regrets(position: Position, index: int, heavy: bool) -> dict[str, tuple[float, float]]:
    """For each budget: the regret of its decision on the true hands, and its CPU
    seconds. ``heavy``: the others play their heaviest tile, else their best."""
    obs, truth = position
    search = hard.Search(obs, random.Random(index), hard.HARD)
    if search.decided:
        return {}
    values = []
    for action in search.actions:
        manche = search.table.copy([hand[:] for hand in truth], [])
        manche.act(action)
        values.append(against_heavy(search, manche) if heavy else search.look.value(manche, EXACT))
    best = max(values)
    out = {}
    for name, (budget, constants) in BUDGETS.items():
        start = time.thread_time()
        chosen, trial = decide(obs, index, budget, constants)
        took = time.thread_time() - start
        out[name] = (best - values[trial.actions.index(chosen)], took)
    return out


def decide(
    obs: Observation, index: int, budget: hard.Budget, constants: dict[str, int]
) -> tuple[Any, hard.Search]:
    """The hard bot's decision with ``constants`` of ``hard.py`` set for it."""
    kept = {name: getattr(hard, name) for name in constants}
    for name, value in constants.items():
        setattr(hard, name, value)
    try:
        trial = hard.Search(obs, random.Random(index), budget)
        return trial.run(), trial
    finally:
        for name, value in kept.items():
            setattr(hard, name, value)


def judge(item: tuple[int, Position, bool]) -> tuple[dict[str, Any], dict[str, Any]]:
    index, position, heavy = item
    return read(position, index), regrets(position, index, heavy)


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def report(judged: list[tuple[dict[str, Any], dict[str, Any]]]) -> None:
    readings = [r for r, _ in judged if r]
    print(f"== Reading: {len(readings)} positions, {DEALS} deals each")
    for name in READINGS:
        rows = [r[name] for r in readings if name in r]
        tiles = sum(row[2] for row in rows)
        share = sum(row[0] for row in rows) / tiles
        log = sum(row[1] for row in rows) / tiles
        deals = statistics.fmean(row[3] for row in rows)
        print(
            f"   {name:18} truth's share {share:.4f}, mean log {log:+.4f}, "
            f"effective deals {deals:5.0f} ({tiles} tiles)"
        )
    chosen = [c for _, c in judged if c]
    print(f"== Choosing: {len(chosen)} positions, regret on the true hands (points)")
    base = [c["as it is"][0] for c in chosen]
    for name in BUDGETS:
        mine = [c[name][0] for c in chosen]
        diff, half = mean_interval([a - b for a, b in zip(mine, base, strict=True)])
        cpu = [c[name][1] * 1000 for c in chosen]
        p95 = versus.percentile(cpu, 0.95)
        print(
            f"   {name:16} regret {statistics.fmean(mine):6.3f}, against the bot as it is "
            f"{diff:+.3f} (+-{half:.3f}); CPU median {statistics.median(cpu):5.0f} ms, "
            f"p95 {p95:5.0f} ms"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", choices=("bota_gorda", "alphabeta"), default="bota_gorda")
    parser.add_argument("--samples", type=int, default=5, help="alphabeta's sample_size")
    parser.add_argument("--deals", type=int, default=30, help="deals (x2 games)")
    parser.add_argument("--seed", type=int, help="picks the deal range (default: a new one)")
    parser.add_argument("--workers", type=int, default=2, choices=(1, 2))
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    first = random.Random(seed).randrange(10**7)
    opponent = (
        versus.Opponent("bota_gorda")
        if args.against == "bota_gorda"
        else versus.Opponent("probabilistic_alphabeta", args.samples)
    )
    print(f"seed {seed}: deals {first}-{first + args.deals - 1} x 2 seatings vs {opponent.label()}")
    jobs = [(opponent, deal, team) for deal in range(first, first + args.deals) for team in (0, 1)]
    with multiprocessing.Pool(args.workers) as pool:
        kept = [p for game in pool.imap(positions, jobs) for p in game]
        print(f"   {len(kept)} decisions kept", flush=True)
        heavy = args.against == "bota_gorda"
        items = [(index, position, heavy) for index, position in enumerate(kept)]
        judged = list(pool.imap(judge, items, chunksize=4))
    report(judged)


if __name__ == "__main__":
    main()
