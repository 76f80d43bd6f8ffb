"""A table's configuration: how many play, the score that wins, the thinking time."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from audiogame.core.contract import OptionSpec

GAME_ID = "showfold"
MIN_PLAYERS = 2
MAX_PLAYERS = 5

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("target", "target", "int", 3, (2, 3, 5)),
    OptionSpec("think", "think", "int", 20, (0, 10, 20, 30), zero_means="off"),
)
_VALUES = {option.field: option.values for option in OPTIONS}


@dataclass(frozen=True, slots=True)
class Config:
    players: int = 2
    #: points that win the game
    target: int = 3
    #: seconds everybody has to choose (0: no limit); who has not chosen then folds
    think: int = 20

    def problem(self) -> str | None:
        """Why this configuration cannot be played (None: it can)."""
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            return "players"
        for name, values in _VALUES.items():
            if getattr(self, name) not in values:
                return name
        return None

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "target": self.target, "think": self.think}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Config:
        return cls(int(data["players"]), int(data["target"]), int(data["think"]))
