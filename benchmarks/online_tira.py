"""Tira & Passa online on loopback: landing skew, throw to every client, frames, fairness.

A real server process (``audiogame.net.server_cli`` on 127.0.0.1, an ephemeral
port) and six real client processes (``audiogame.devtools.race_game``: four
scripted humans, one of them through the real app loop, two bots, two
spectators) race a whole game, twice: every client on a direct line, then two of
them (a human and a spectator) through a delay proxy of ours adding
100 ms ± 30 ms each way. Figures:

1. landing skew: for each landing, how far apart the first and the last client
   played its cue (median, p99; targets p99 <= 5 ms direct, <= 10 ms with the
   proxy), and how far apart the moments their clock estimates aimed at were (the
   difference is how late a busy machine ran the clients' loops);
2. throw -> all clients' landing events: from the thrower's key to the last
   client holding the throw's frame, which carries the landing to come (median,
   p99); by design it includes the table's hold, the compensation window (half the
   slowest seated player's round trip plus 20 ms, at most 150 ms), and it only has
   to beat the flight (0.7-1.6 s);
3. the app client's frame (median, p99, max; target p99 <= 4 ms) with five remote
   players at its table;
4. (``--fairness``) two players of the same pace, one on a 10 ms round trip and one
   on 150 ms, racing at 20 two-seat tables for ``--races`` races, with the table's
   lag compensation and without it (``--compensation 0``): the slow line's share of
   the races won (fair: 0.5) and the 99.9 % interval.

    uv run python benchmarks/online_tira.py [--fairness] [--races 300]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from audiogame.devtools.net_harness import ServerProcess  # noqa: E402
from audiogame.devtools.race_fairness import fair_share  # noqa: E402
from audiogame.devtools.race_game import (  # noqa: E402
    HUMANS,
    IN_APP,
    WATCHERS,
    landing_skew,
    percentile,
    race_game,
    throw_to_all,
)

SLOW = ("Carla", "Elena")


def ms(values: list[float]) -> str:
    if not values:
        return "none measured"
    median = statistics.median(values) * 1000
    return f"median {median:.2f} ms, p99 {percentile(values, 0.99) * 1000:.2f} ms ({len(values)})"


def game(slow: tuple[str, ...]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        began = time.monotonic()
        results = race_game(Path(folder), slow=slow)
        took = time.monotonic() - began
    line = f"{', '.join(slow)} through the proxy" if slow else "every client direct"
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"\n-- a game of six, {line} ({took:.0f} s, load {load:.1f}) --")
    direct = [n for n in HUMANS + WATCHERS if n not in slow]
    for aimed, what in ((False, "played"), (True, "aimed at")):
        print(f"landing skew {what}, all six: {ms(landing_skew(results, aimed=aimed))}")
        if slow:
            found = landing_skew(results, direct, aimed=aimed)
            print(f"landing skew {what}, the four direct: {ms(found)}")
    print(f"throw -> all clients' landing:  {ms(throw_to_all(results))}")
    frames = results[IN_APP]["frames"]
    print(f"{IN_APP}'s app frame (5 remote players): {ms(frames)}, max {max(frames) * 1000:.2f} ms")
    ahead = sum(how == "ahead" for r in results.values() for _u, _a, how, _m in r["heard"])
    mistakes = sum(r["mistakes"] for r in results.values())
    print(f"parts played ahead: {ahead}; mistakes corrected: {mistakes}")
    played = [{at for at, _when, _aim in r["on_time"]} for r in results.values()]
    everywhere, anywhere = set.intersection(*played), set.union(*played)
    print(
        f"happenings played ahead on every client: {len(everywhere)} of {len(anywhere)} "
        f"(the rest said when their frame came, on the clients a busy machine ran late)"
    )


def fairness(races: int) -> None:
    for cap in ("150", "0"):
        with tempfile.TemporaryDirectory() as folder:
            server = ServerProcess(Path(folder), "--rate", "200", "--compensation", cap).start()
            try:
                shares = fair_share(server.port, tables=20, races=races, timeout=900)
            finally:
                server.stop()
        name = "with compensation (150 ms cap)" if cap != "0" else "without compensation"
        print(
            f"\n-- fairness {name}: {shares.rounds} races in {shares.games} games --\n"
            f"slow line (150 ms round trip) won {shares.slow_share:.3f} of the races "
            f"(fair 0.5 ± {shares.margin(3.29):.3f} at 99.9 %); fast {shares.fast}, "
            f"slow {shares.slow}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fairness", action="store_true", help="also the fairness runs")
    parser.add_argument("--races", type=int, default=300)
    args = parser.parse_args()
    game(())
    game(SLOW)
    if args.fairness:
        fairness(args.races)


if __name__ == "__main__":
    main()
