"""Hostile input, measured: 100,000 random keys through the real loop, every scene.

Drives ``audiogame.fuzz.Fuzzer`` (the real app loop on SDL's dummy drivers, the
real mixer, a virtual clock) with random keys of the whole keyboard, random
modifiers and key-repeat bursts, steered through every scene of both games,
and injects screen reader faults (raising, hanging) and sound device losses at
random moments. Prints the keys per scene, what was found (exceptions, silent
keys, broken invariants, faults not recovered: each must be 0) and the frame
times.

    uv run python benchmarks/fuzz_keys.py [--keys 100000] [--seed 1] [--fault-every 2000]

Exits with 1 when anything was found.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from audiogame.devtools.fuzzing import FRAME_BOUND, Fuzzer, FuzzReport  # noqa: E402


def print_report(report: FuzzReport, seconds: float) -> None:
    print(f"keys: {report.keys:,} in {seconds:.0f} s ({report.keys / seconds:,.0f} keys/s)")
    print(f"scenes visited: {len(report.keys_per_scene)}")
    for scene, n in sorted(report.keys_per_scene.items(), key=lambda kv: -kv[1]):
        print(f"  {scene:<26} {n:>7,}")
    players = ", ".join(
        f"{g} {p}: {n:,}" for (g, p), n in sorted(report.table_sizes.items()) if g == "tira"
    )
    print(f"Tira keys by table size: {players}")
    print(
        f"sessions (fresh app): {report.sessions}, quits: {report.quits}, "
        f"saved matches resumed: {report.resumed}, "
        f"key-repeat bursts: {report.bursts:,}, frames: {report.frames:,}"
    )
    stats = report.frame_stats()
    print(
        "frame time of the key's frame: median {median_ms:.2f} ms, p99 {p99_ms:.2f} ms, "
        "max {max_ms:.1f} ms; longest frame of all {max_any_frame_ms:.1f} ms".format(**stats)
    )
    print(f"  longest frame: {report.longest_frame_where}")
    over = sum(1 for t in report.key_frames if t > FRAME_BOUND)
    print(
        f"  key frames over {FRAME_BOUND * 1000:.0f} ms: {over}; all frames: {report.slow.total()}"
    )
    for where, n in report.slow.most_common(12):
        print(f"    {n:>4} x {where}")
    faults = ", ".join(f"{k}: {n}" for k, n in sorted(report.faults.items()))
    print(f"backend faults injected: {report.faults_total} ({faults})")
    print(f"  recovered with nothing lost: {sum(report.recovered.values())}")
    print(f"exceptions: {len(report.exceptions)}")
    print(f"silent keys: {len(report.silent)}")
    print(f"invariant violations: {len(report.violations)}")
    print(f"fault problems: {len(report.fault_problems)}")
    for finding in report.findings()[:20]:
        print("  -", finding.splitlines()[0] if "\n" not in finding[:200] else finding[:2000])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fault-every", type=int, default=2000, help="a fault every ~N keys")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        report = Fuzzer(Path(tmp), seed=args.seed, fault_every=args.fault_every).run(args.keys)
        seconds = time.perf_counter() - start
    print_report(report, seconds)
    return 1 if report.findings() else 0


if __name__ == "__main__":
    sys.exit(main())
