"""kill -9 at random moments, then resume: five cycles of ``benchmarks/kill_resume.py``.

Each cycle kills a child process playing through the real app, reads what it
left on disk the way the next start does, resumes it from the main menu and
holds it against the same match replayed from its seed.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1] / "benchmarks" / "kill_resume.py"


def load_harness():
    spec = importlib.util.spec_from_file_location("kill_resume", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    return module


def test_five_kills_lose_at_most_the_action_in_flight():
    bench = load_harness()
    report = bench.run(5, ["tira"], speed=40.0, seed=7, matches=1, tables=2, window=(0.05, 0.8))
    assert report["cycles"] == 5
    assert report["refused_or_missing"] == 0
    assert report["saves_valid"] == 5
    assert report["resumed_identical"] == report["saves_found"] >= 4
    assert report["resumed_different"] == 0
    assert report["events_compared"] > 100
    # at 40 times real speed two saves can fall within one disk write: both are lost
    assert report["actions_lost_max"] <= 2


def test_losses_count_what_was_reported_after_the_save_on_disk():
    bench = load_harness()
    lines = ["match 3", "save 3 4 10.0", "save 3 9 10.5", "save 3 12 11.0", "end 3 11.25"]
    lines += ["match 4", "save 4 2 11.5"]
    # the end and the new match's first save were still queued, since 11.25
    assert bench.losses(lines, "save 3 12", 12.0) == (2, 0.75)
    assert bench.losses(lines, "save 4 2", 12.0) == (0, 0.0)
    assert bench.losses(lines, "save 4 3", 12.0) == (0, 0.0)  # died after saving, unreported
    assert bench.losses(lines, None, 12.0) == (1, 0.5)  # the new match's first save missing
    assert bench.losses(lines[:5], None, 12.0) == (0, 0.0)  # between matches: nothing to save
