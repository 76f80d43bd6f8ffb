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


def test_actions_lost_counts_what_was_reported_after_the_save_on_disk():
    bench = load_harness()
    lines = ["match 3", "save 3 4", "save 3 9", "save 3 12", "end 3", "match 4", "save 4 2"]
    assert bench.actions_lost(lines, "save 3 12") == 2  # the end, then the new match's first
    assert bench.actions_lost(lines, "save 4 2") == 0
    assert bench.actions_lost(lines, "save 4 3") == 0  # killed after saving, before reporting
    assert bench.actions_lost(lines, None) == 1  # the new match's first save never reached disk
    assert bench.actions_lost(lines[:5], None) == 0  # between two matches: nothing to save
