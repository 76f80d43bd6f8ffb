"""What a fuzzing run found and measured."""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass, field


@dataclass
class FuzzReport:
    keys: int = 0
    keys_per_scene: Counter[str] = field(default_factory=Counter)
    #: keys pressed at a table, by (game id, seats)
    table_sizes: Counter[tuple[str, int]] = field(default_factory=Counter)
    exceptions: list[str] = field(default_factory=list)
    silent: list[str] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)
    key_frames: list[float] = field(default_factory=list)
    longest_frame: float = 0.0
    longest_frame_where: str = ""
    frames: int = 0
    sessions: int = 0
    quits: int = 0
    bursts: int = 0
    faults: Counter[str] = field(default_factory=Counter)
    recovered: Counter[str] = field(default_factory=Counter)
    #: frames longer than ``bound``, by where they happened (scene and key)
    slow: Counter[str] = field(default_factory=Counter)
    bound: float = 0.050
    resumed: int = 0  # saved matches resumed from the main menu
    untriggered: int = 0  # speech faults set while nothing was said: not counted
    fault_problems: list[str] = field(default_factory=list)

    def frame(self, took: float, where: str) -> None:
        self.frames += 1
        if took > self.bound:
            self.slow[where] += 1
        if took > self.longest_frame:
            self.longest_frame, self.longest_frame_where = took, where

    @property
    def faults_total(self) -> int:
        return sum(self.faults.values())

    def frame_stats(self) -> dict[str, float]:
        times = sorted(self.key_frames) or [0.0]
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        return {
            "median_ms": statistics.median(times) * 1000,
            "p99_ms": p99 * 1000,
            "max_ms": times[-1] * 1000,
            "max_any_frame_ms": self.longest_frame * 1000,
        }

    def findings(self) -> list[str]:
        return self.exceptions + self.silent + self.violations + self.fault_problems
