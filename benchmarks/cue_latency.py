"""What a sound cue costs on the key-to-sound path.

Run: ``.venv/bin/python benchmarks/cue_latency.py [--plays 1000] [--driver dummy]``

Measures, on the real pygame mixer (the dummy SDL device by default):
- ``start()``: opening the mixer and loading every cue;
- ``play()``: the time the call takes, over many plays cycling through the
  cues and pans (median, p99, max), as ``AudioSystem.last_play_ns`` minus
  the time just before the call;
- the worst extra wait the mixer's buffer adds before a sample is heard
  (one buffer of frames at the mixer rate; the device adds its own).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def percentile(values: list[int], fraction: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plays", type=int, default=1000)
    parser.add_argument("--driver", default="dummy", help="SDL audio driver (default: dummy)")
    parser.add_argument("--buffer", type=int, default=512)
    args = parser.parse_args(argv)
    os.environ["SDL_AUDIODRIVER"] = args.driver
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    import pygame

    from audiogame.games import registry
    from audiogame.io.audio import AudioSystem

    CUE_IDS = tuple(cue.id for cue in registry.cues())

    audio = AudioSystem(buffer=args.buffer, cues=registry.cues)
    began, began_cpu = time.perf_counter_ns(), time.process_time_ns()
    if not audio.start():
        print(f"no sound: {audio.failure}")
        return 1
    start_ms = (time.perf_counter_ns() - began) / 1e6
    start_cpu_ms = (time.process_time_ns() - began_cpu) / 1e6
    rate = pygame.mixer.get_init()[0]

    costs = []
    pans = (-1.0, -0.5, 0.0, 0.5, 1.0)
    for k in range(args.plays):
        before = time.perf_counter_ns()
        audio.play(CUE_IDS[k % len(CUE_IDS)], pan=pans[k % len(pans)])
        costs.append(audio.last_play_ns - before)
    audio.close()

    print(f"driver {args.driver}, {rate} Hz, buffer {args.buffer} frames, {len(CUE_IDS)} cues")
    print(f"start(): {start_ms:.1f} ms wall, {start_cpu_ms:.1f} ms CPU (open the mixer, load cues)")
    print(
        f"play() over {args.plays} plays: median {statistics.median(costs):.0f} ns, "
        f"p99 {percentile(costs, 0.99)} ns, max {max(costs)} ns"
    )
    print(f"mixer buffer adds at most {1000 * args.buffer / rate:.1f} ms before the first sample")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
