"""A person playing by hand against the bots: the share of races they win.

The model (``audiogame.games.tirapassa.fair_share.KeyPlayer``) answers each
landing one key at a time, every key 0.8–1.2 s after the previous move; the
bots sit in every other seat. "Now" is the table as it seats them (the bots
play by hand too, at their level's pace); "before" is the table before issue
13 (bots placing their dice the instant they land). A race is a round; the
share counts the races in which the model called Stop; fair is 1/players.

    uv run python benchmarks/tira_fair_share.py [--races 1000] [--levels normal]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from audiogame.games.tirapassa.fair_share import PERSON_KEY, race_shares  # noqa: E402
from audiogame.games.tirapassa.options import Control, Difficulty  # noqa: E402

LEVELS = {"easy": Difficulty.EASY, "normal": Difficulty.NORMAL, "hard": Difficulty.HARD}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=1000)
    parser.add_argument("--levels", nargs="+", choices=sorted(LEVELS), default=list(LEVELS))
    parser.add_argument("--players", nargs="+", type=int, default=[2, 3, 4, 5, 6])
    args = parser.parse_args()
    low, high = PERSON_KEY
    print(f"person by hand, {low}-{high} s per key; at least {args.races} races per line")
    print("| bots | players | fair | now (races) | now − fair | before | before − fair |")
    print("|---|---|---|---|---|---|---|")
    started = time.perf_counter()
    for name in args.levels:
        for players in args.players:
            now = race_shares(players, LEVELS[name], args.races)
            before = race_shares(players, LEVELS[name], args.races, bot_control=Control.ASSISTED)
            print(
                f"| {name} | {players} | {now.fair:.3f} | {now.share:.3f} ({now.races}) "
                f"| {now.share - now.fair:+.3f} | {before.share:.3f} "
                f"| {before.share - before.fair:+.3f} |"
            )
    print(f"{time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
