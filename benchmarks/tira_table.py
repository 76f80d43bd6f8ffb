"""Tira & Passa at the table with 6 players racing: frame time and landing-to-speech.

The real app (``Harness``: dummy SDL drivers, the real mixer, the recording
speaker) runs the race scene with five bots; the human at seat 0 is played by
this script, which posts a Space key a short reaction after each landing. The
virtual clock follows real elapsed time multiplied by ``--speedup`` (so a game
takes seconds, and each frame sees more happening than it would at 1x).

- frame time: ``time.perf_counter`` around each ``app.step()``;
- landing to speech: from the engine reporting my ``Landed`` event (the
  session's listener, inside the scheduler callback) to the recording speaker
  receiving my result.

    uv run python benchmarks/tira_table.py [--games 3] [--speedup 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from audiogame.devtools.harness import Harness, key_event  # noqa: E402
from audiogame.games.tirapassa import Landed, Phase  # noqa: E402
from audiogame.games.tirapassa.table_setup import TableSetup  # noqa: E402
from audiogame.ui.games.tira.table import TiraTable  # noqa: E402

REACTION = 0.4  # game seconds the scripted human waits before throwing again


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


class Probe:
    """Timestamps my landings as the engine reports them."""

    def __init__(self, table: TiraTable, speaker) -> None:
        self.speaker = speaker
        self.waiting: list[tuple[float, int]] = []  # (perf time, spoken count then)
        self.latencies: list[float] = []
        listener = table.session.listener

        def listen(events) -> None:
            if any(isinstance(e, Landed) and e.seat == 0 and not e.frozen for e in events):
                self.waiting.append((time.perf_counter(), len(speaker.spoken)))
            listener(events)

        table.session.listener = listen

    def collect(self) -> None:
        still = []
        for t0, mark in self.waiting:
            heard = [s for s in self.speaker.spoken[mark:] if s.interrupt and s.at >= t0]
            if heard:
                self.latencies.append(heard[0].at - t0)
            else:
                still.append((t0, mark))
        self.waiting = still


def play_game(seed: int, speedup: float, frames: list[float], busy: list[float]) -> list[float]:
    h = Harness(Path(tempfile.mkdtemp()), lang="it", seed=seed)
    table = TiraTable(h.app, TableSetup(players=6), seed)
    h.start(table)
    probe = Probe(table, h.speaker)
    last = time.perf_counter()
    while not table.finished:
        now = time.perf_counter()
        h.clock.set(h.clock.now() + (now - last) * speedup)
        last = now
        obs = table.observation()
        idle = obs.idle_since
        if (
            obs.phase in (Phase.RACING, Phase.CALM)
            and idle is not None
            and obs.my_dice
            and h.clock.now() - idle >= REACTION
        ):
            pygame.event.post(key_event("space"))
        spoken, cues = len(h.speaker.spoken), len(h.app.announcer.cue_log)
        t0 = time.perf_counter()
        h.app.step()
        elapsed = time.perf_counter() - t0
        frames.append(elapsed)
        if len(h.speaker.spoken) != spoken or len(h.app.announcer.cue_log) != cues:
            busy.append(elapsed)
        probe.collect()
        due = h.app.scheduler.next_time()
        wait = 1 / 60 if due is None else min(1 / 60, max(0.0, due - h.clock.now()) / speedup)
        time.sleep(wait)
    h.close()
    return probe.latencies


def report(name: str, seconds: list[float]) -> None:
    ms = [s * 1000 for s in seconds]
    print(
        f"{name}: n={len(ms)} median={statistics.median(ms):.3f} ms "
        f"p99={percentile(ms, 99):.3f} ms max={max(ms):.3f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--speedup", type=float, default=5.0)
    args = parser.parse_args()
    frames: list[float] = []
    busy: list[float] = []
    landings: list[float] = []
    for game in range(args.games):
        landings += play_game(game + 1, args.speedup, frames, busy)
    print(f"6 players, {args.games} games, virtual clock at {args.speedup}x real time")
    report("frame (app.step)", frames)
    report("frame with sound or speech", busy)
    report("my dice landing -> speaker", landings)


if __name__ == "__main__":
    main()
