"""Online Domino, key on client A -> speech on client B, between two real app processes.

Two processes of the whole app (``audiogame.devtools.online_app``: the real loop on
the real clock, the SDL dummy drivers, the recording speaker) play a two-player
table hosted by the first one — its server a child process, both joining over
loopback — by the scripted player's keys. Each process stamps, with
``time.perf_counter`` (one clock for every process of this machine), each key it
posts into its own pygame queue that sends the game an action (Enter on a tile,
the end for a tile that fits both, Space to draw: ``online_app.ACTING_KEYS``),
and each batch its table narrates (the words handed to the speaker in that same
frame). A sample is the time from A's key to the first narration on B that names
A, before A's next such key (Enter on a tile that fits both ends is answered by
A's own "which end?" and has no sample: the move is the next key's):
the key waiting for A's frame, A's table and the client thread, the server
applying and logging the move, B's client thread, B's frame and narrator. Both
directions count (A -> B and B -> A). Target p99 <= 10 ms.

    .venv/bin/python benchmarks/online_keys.py [--samples 200] [--manches 6]

(``benchmarks/online_domino.py --keys N`` runs the same.)
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

P99_TARGET_MS = 10.0
PEOPLE = (("Anna", "host", "it"), ("Brian", "guest", "en"))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def play_once(shared: Path, manches: int, timeout: float) -> dict[str, dict[str, Any]]:
    """One match between the two processes; each one's result (online_app's JSON)."""
    processes = []
    for name, role, lang in PEOPLE:
        command = [sys.executable, "-m", "audiogame.devtools.online_app", "--role", role]
        command += ["--name", name, "--lang", lang, "--shared", str(shared)]
        command += ["--players", "2", "--humans", "2", "--watchers", "0"]
        command += ["--manches", str(manches), "--timeout", str(timeout)]
        if role == "host":
            command += ["--wait-for", *(n for n, r, _ in PEOPLE if r != "host")]
        processes.append(
            subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        )
    errors = []
    for process in processes:
        try:
            errors.append(process.communicate(timeout=timeout + 30)[1].decode())
        finally:
            if process.poll() is None:
                process.kill()
                process.wait(10)
    if any(p.returncode != 0 for p in processes):
        raise RuntimeError("a player process failed: " + " | ".join(errors))
    return {n: json.loads((shared / f"{n}.json").read_text()) for n, _, _ in PEOPLE}


def key_to_speech(results: dict[str, dict[str, Any]]) -> list[float]:
    """Milliseconds from each key of one player to the other's narration naming them."""
    out = []
    for name, _role, _lang in PEOPLE:
        other = next(r for n, r in results.items() if n != name)
        keys = [t for t, _key in results[name]["pressed"]]
        heard = other["spoken_at"]
        for i, pressed in enumerate(keys):
            until = keys[i + 1] if i + 1 < len(keys) else float("inf")
            said = next((t for t, text in heard if pressed < t < until and name in text), None)
            if said is not None:
                out.append((said - pressed) * 1000)
    return out


def run(samples: int, manches: int, timeout: float = 240.0) -> list[float]:
    times: list[float] = []
    matches = 0
    while len(times) < samples:
        with tempfile.TemporaryDirectory(prefix="online-keys-") as folder:
            times += key_to_speech(play_once(Path(folder), manches, timeout))
        matches += 1
        if matches >= 20 and not times:
            raise RuntimeError("no key was ever heard on the other side")
    return times


def report(times: list[float]) -> None:
    if not times:
        print("key on client A -> speech on client B: no key timed (--samples 0)")
        return
    p99 = percentile(times, 0.99)
    print(f"key on client A -> speech on client B (two app processes, {len(times)} keys):")
    print(
        f"  median {statistics.median(times):.2f} ms, p99 {p99:.2f} ms, "
        f"max {max(times):.2f} ms (target p99 <= {P99_TARGET_MS:.0f} ms: "
        f"{'met' if p99 <= P99_TARGET_MS else 'not met'})"
    )
    print(f"  load average {os.getloadavg()[0]:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--manches", type=int, default=6)
    args = parser.parse_args()
    started = time.monotonic()
    report(run(args.samples, args.manches))
    print(f"  ({time.monotonic() - started:.0f} s)")


if __name__ == "__main__":
    main()
