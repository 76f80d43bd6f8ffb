"""Tira & Passa engine throughput and scheduler-step latency.

Plays whole games with six bots on a ``VirtualClock`` and reports:

- full games per second (assisted bots, then manual bots);
- the cost of one scheduler step with six players: one ``Scheduler.run_due``
  at one instant (engine deadlines plus bot decisions), timed with
  ``time.perf_counter_ns`` (wall) and ``time.thread_time_ns`` (CPU of this
  thread, which a busy machine's preemption does not inflate): median, p99 and
  max. Target: wall p99 <= 1 ms, so the real-time loop never stutters. The load
  average is printed because on a shared machine it explains a wall p99 that
  the CPU p99 does not show.

    .venv/bin/python benchmarks/tira_engine.py [--games 40] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from audiogame.core.clock import Scheduler, VirtualClock  # noqa: E402
from audiogame.games.tirapassa import Control, Difficulty, TiraConfig  # noqa: E402
from audiogame.games.tirapassa.bot_games import bots_session, run_bots_game  # noqa: E402

P99_TARGET_MS = 1.0


def config_for(control: Control) -> TiraConfig:
    return TiraConfig(players=6, controls=(control,) * 6, bots=(Difficulty.NORMAL,) * 6)


def games_per_second(control: Control, games: int, seed: int) -> float:
    config = config_for(control)
    start = time.perf_counter()
    for offset in range(games):
        run_bots_game(config, seed + offset)
    return games / (time.perf_counter() - start)


def step_costs_ns(control: Control, games: int, seed: int) -> tuple[list[int], list[int]]:
    """Wall and CPU nanoseconds of every scheduler step of ``games`` six-bot games."""
    costs: list[int] = []
    cpu: list[int] = []
    config = config_for(control)
    for offset in range(games):
        clock = VirtualClock()
        scheduler = Scheduler(clock)
        session = bots_session(config, seed + offset, scheduler, lambda _events: None)
        session.start()
        while not session.engine.is_over:
            when = scheduler.next_time()
            if when is None:
                break
            clock.set(max(clock.now(), when))
            begin_cpu = time.thread_time_ns()
            begin = time.perf_counter_ns()
            scheduler.run_due()
            costs.append(time.perf_counter_ns() - begin)
            cpu.append(time.thread_time_ns() - begin_cpu)
    return costs, cpu


def percentile(values: list[int], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    worst_p99 = 0.0
    print(f"load average before: {os.getloadavg()[0]:.2f} ({os.cpu_count()} CPUs)")
    for control in Control:
        rate = games_per_second(control, args.games, args.seed)
        wall, cpu = step_costs_ns(control, args.games, args.seed)
        worst_p99 = max(worst_p99, percentile(wall, 99) / 1e6)
        print(f"6 bots, {control.value}: {rate:.1f} games/s; scheduler step ({len(wall)} steps):")
        for name, costs in (("wall", wall), ("cpu", cpu)):
            print(
                f"  {name}: median {statistics.median(costs) / 1e6:.3f} ms, "
                f"p99 {percentile(costs, 99) / 1e6:.3f} ms, max {max(costs) / 1e6:.3f} ms"
            )
    verdict = "met" if worst_p99 <= P99_TARGET_MS else "MISSED"
    print(f"target wall p99 <= {P99_TARGET_MS} ms: {verdict}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0 if worst_p99 <= P99_TARGET_MS else 1


if __name__ == "__main__":
    raise SystemExit(main())
