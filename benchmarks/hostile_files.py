"""The hostile-file corpus, in full: saves of every game and settings files, damaged and
crafted (``audiogame/devtools/hostile_files.py``), each read the way the game reads
it at start and resumed when offered. Prints the counts: cases, crashes, cases over
one second, settings that lost more than their bad field, and what happened.

    uv run python benchmarks/hostile_files.py [--keep DIR]
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import tempfile
from collections import Counter
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from audiogame.devtools.harness import Harness  # noqa: E402
from audiogame.devtools.hostile_files import (  # noqa: E402
    real_saves,
    run_save_case,
    run_settings_case,
    save_cases,
    settings_cases,
)

HANG = 1.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", type=Path, help="leave the corpus in this folder")
    parser.add_argument("--show", help="print the result of every case whose name holds this")
    args = parser.parse_args()
    logging.disable(logging.WARNING)  # every refusal is logged: the counts say it all
    root = args.keep or Path(tempfile.mkdtemp(prefix="hostile-"))
    saves = real_saves(root / "real")
    h = Harness(root / "reader", lang="en").start()
    outcomes = []
    for game, data in saves.items():
        for n, case in enumerate(save_cases(game, data)):
            outcomes.append(
                ("save", game, run_save_case(case, root / "saves" / game / str(n), h.app))
            )
    for n, case in enumerate(settings_cases()):
        outcomes.append(("settings", "", run_settings_case(case, root / "settings" / str(n))))
    crashes = [o for *_k, o in outcomes if o.crashed]
    slow = [o for *_k, o in outcomes if o.seconds > HANG]
    lost = [o for *_k, o in outcomes if o.lost_more]
    kinds = Counter(kind + (":" + game if game else "") for kind, game, _ in outcomes)
    print(f"cases: {len(outcomes)} ({dict(kinds)})")
    print(f"crashes: {len(crashes)}")
    print(f"over {HANG:.0f} s: {len(slow)}; slowest {max(o.seconds for *_k, o in outcomes):.3f} s")
    print(f"settings losing more than the bad field: {len(lost)}")
    print(f"results: {dict(Counter(o.result for *_k, o in outcomes))}")
    if args.show:
        for *_k, o in outcomes:
            if args.show in o.name:
                print(f"  {o.name}: {o.result} {o.seconds:.3f} s")
    for o in crashes + slow + lost:
        print(f"  {o.name}: {o.crashed or ''} {o.seconds:.3f} s {o.lost_more or ''}")
    return 1 if crashes or slow or lost else 0


if __name__ == "__main__":
    sys.exit(main())
