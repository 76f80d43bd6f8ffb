"""Key → speech-dispatcher, and key → braille line: how soon the player's own screen
reader voice and braille display get the answer to a key.

The real app loop (the harness: SDL's dummy drivers, pygame's own event queue) with
the real speech chain: speech-dispatcher (Debian's daemon, a private one whose
output module writes down what it is asked, ``devtools/speechd.py``) and BRLTTY
(Debian's, a private one driving a virtual display of 40 cells that records every
line it shows, ``devtools/brltty.py``). Each round posts an arrow key in the main
menu and runs one frame; then it waits for the answer at three places:

- speech-dispatcher's receipt: its reply "225 message queued" to the game's SPEAK;
- the output module starting on it (what a synthesizer would get);
- the braille display showing its first window.

The keys alternate Down and Up, each answer waited for before the next key (a
player reading each item). Needs speech-dispatcher and BRLTTY installed (``.ci/run``
installs them).

    .venv/bin/python benchmarks/speech_braille_latency.py [--keys 300]
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
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from audiogame.devtools import brltty, speechd  # noqa: E402
from audiogame.devtools.harness import Harness  # noqa: E402
from audiogame.io.braille.line import BrailleLine, windows  # noqa: E402
from audiogame.io.speech.chain import SpeechChain  # noqa: E402
from audiogame.io.speech.dispatcher import build_dispatcher  # noqa: E402


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def summary(name: str, values: list[float]) -> str:
    ms = [v * 1000 for v in values]
    return (
        f"{name}: median {statistics.median(ms):.2f} ms, p99 {percentile(ms, 0.99):.2f} ms, "
        f"max {max(ms):.2f} ms ({len(ms)} keys)"
    )


def wait(check, limit: float = 30.0, what: str = "an answer") -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + limit
    while not check():
        if time.monotonic() > end:
            raise SystemExit(f"{what} never came")
        time.sleep(0.0002)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=300)
    args = parser.parse_args()
    for module in (speechd, brltty):
        why = module.available()
        if why is not None:
            raise SystemExit(why)
    folder = Path(tempfile.mkdtemp(prefix="audiogame-bench-"))
    daemon = speechd.PrivateSpeechd(folder / "speechd")
    braille = brltty.PrivateBrltty(folder / "brltty", cells=40)
    try:
        run(args.keys, folder, daemon, braille)
    except SystemExit:
        print(f"(speech-dispatcher's folder: {daemon.folder})")
        raise
    finally:
        daemon.stop()
        braille.stop()


def run(
    keys: int, folder: Path, daemon: speechd.PrivateSpeechd, braille: brltty.PrivateBrltty
) -> None:
    voice, why = build_dispatcher("en", 300, 10.0, address=daemon.address)
    assert voice is not None, why
    line = BrailleLine(target=braille.target, auth="none", timeout=10.0)
    assert line.ready.wait(30) and line.connected
    chain = SpeechChain([voice], display=line)
    h = Harness(folder / "game", lang="en", speaker=chain).start()
    wait(lambda: len(daemon.said()) >= 1 and voice.unfinished() == 0)
    receipt, module, shown = [], [], []
    import pygame

    from audiogame.devtools.harness import key_event

    for n in range(keys):
        heard = len(daemon.said())
        before = voice.sent[-1] if voice.sent else None  # the deque is bounded: compare
        mark = braille.display.mark()
        name = "down" if n % 2 == 0 else "up"
        wall, start = time.time(), time.perf_counter()
        pygame.event.post(key_event(name))
        h.app.step()
        if chain.active_name != "screenreader":
            raise SystemExit(
                f"after {n} keys speech-dispatcher counted as hung: {voice.detail or 'a reply'}"
                " came later than the 0.8 s watchdog (the machine's load: "
                f"{os.getloadavg()[0]:.1f})"
            )
        wait(lambda: voice.sent[-1] is not before, what="speech-dispatcher's receipt")  # noqa: B023
        receipt.append(voice.sent[-1][0] - start)
        said = daemon.wait_for(lambda s: len(s) > heard)  # noqa: B023
        module.append(said[-1].at - wall)
        text = said[-1].text
        at = braille.display.wait_for(windows(text, 40)[0], mark)
        shown.append(at - start)
        wait(lambda: voice.unfinished() == 0, what="the end of the answer")  # noqa: B023
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(summary("key -> speech-dispatcher's receipt (225 queued)", receipt))
    print(summary("key -> its output module starting on it", module))
    print(summary("key -> the braille line showing it", shown))
    print(f"load average {load:.1f}")
    chain.close()
    h.close()


if __name__ == "__main__":
    main()
