"""Key-to-speech and key-to-cue latency through the real loop.

A second thread posts key events into pygame's queue, as the keyboard driver
would, while the main thread runs the real ``App.run()`` loop (with the dummy
SDL drivers: the real mixer on a dummy device, the recording speaker). For each
press it takes the time the event entered the queue, the time the speaker
received the answer, and the time the cue's ``play()`` returned.

    uv run python benchmarks/key_latency.py [--presses 1000] [--scene menu]

Scenes: ``menu`` (Up/Down in the main menu). Game tables add their own scenes
(see ``SCENES``).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from audiogame.core.clock import RealClock  # noqa: E402
from audiogame.devtools.harness import Harness, key_event  # noqa: E402


def setup_menu(h: Harness) -> list[str]:
    h.start()
    return ["down", "up"]


def setup_tira(h: Harness) -> list[str]:
    """The Tira & Passa race, five bots throwing: G asks the supreme symbol.

    Game events keep their sounds but not their words, so the only speech is
    the answers being timed; the loop runs until "go!" before the typist starts.
    """
    from audiogame.games.tirapassa.table_setup import TableSetup
    from audiogame.ui.games.tira.table import TiraTable

    for kind in ("own", "others", "turn", "scores"):
        h.app.settings.verbosity[kind] = "sound"
    h.start(TiraTable(h.app, TableSetup(players=6), 1))
    race = time.monotonic() + 4.6
    while time.monotonic() < race:
        h.app.step()
        time.sleep(0.005)
    return ["g"]


SCENES = {"menu": setup_menu, "tira": setup_tira}


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def measure(scene: str, presses: int) -> tuple[list[float], list[float]]:
    h = Harness(Path(tempfile.mkdtemp()), lang="en")
    h.app.clock = RealClock()
    h.app.scheduler.clock = h.app.clock
    keys = SCENES[scene](h)
    speech_ms: list[float] = []
    cue_ms: list[float] = []
    rng = random.Random(7)

    def typist() -> None:
        time.sleep(0.2)
        for i in range(presses):
            heard = len(h.speaker.spoken)
            event = key_event(keys[i % len(keys)])
            t0 = time.perf_counter()
            pygame.event.post(event)
            while len(h.speaker.spoken) == heard:
                time.sleep(0.0002)
            speech_ms.append((h.speaker.spoken[heard].at - t0) * 1000)
            if h.audio.last_play_ns:
                cue_ms.append((h.audio.last_play_ns / 1e9 - t0) * 1000)
            time.sleep(rng.uniform(0.002, 0.01))
        h.app.quit()
        pygame.event.post(pygame.event.Event(pygame.USEREVENT))

    worker = threading.Thread(target=typist, daemon=True)
    worker.start()
    h.app.run()
    worker.join()
    h.close()
    return speech_ms, cue_ms


def report(name: str, values: list[float]) -> None:
    if not values:
        print(f"{name}: no samples (no sound device?)")
        return
    print(
        f"{name}: n={len(values)} median={statistics.median(values):.3f} ms "
        f"p99={percentile(values, 99):.3f} ms max={max(values):.3f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--presses", type=int, default=1000)
    parser.add_argument("--scene", choices=sorted(SCENES), default="menu")
    args = parser.parse_args()
    speech, cue = measure(args.scene, args.presses)
    print(f"scene: {args.scene}")
    report("key -> speaker", speech)
    report("key -> cue play()", cue)


if __name__ == "__main__":
    main()
