"""What a player may do in a round, why the engine may refuse it, and what it answers."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any


@dataclass(frozen=True, slots=True)
class Show:
    """Show my die when the round is revealed: the highest shown takes a point."""


@dataclass(frozen=True, slots=True)
class Fold:
    """Keep my die hidden: nothing won, nothing lost."""


@dataclass(frozen=True, slots=True)
class NextRound:
    """The table's own action (seat None): deal the next round, once the last is revealed."""


Action = Show | Fold | NextRound

_NAMES: dict[type, str] = {Show: "show", Fold: "fold", NextRound: "next-round"}
_BY_NAME: dict[str, Action] = {"show": Show(), "fold": Fold(), "next-round": NextRound()}


def action_to_dict(action: Action) -> dict[str, Any]:
    return {"type": _NAMES[type(action)]}


def action_from_dict(data: Mapping[str, Any]) -> Action:
    return _BY_NAME[str(data["type"])]


class Refusal(StrEnum):
    """Why an action changed nothing; the message is ``showfold-refusal-<value>``."""

    NOT_A_PLAYER = "not-a-player"
    NOT_STARTED = "not-started"
    NOT_BETWEEN = "not-between"
    GAME_OVER = "game-over"
    ALREADY_CHOSE = "already-chose"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class Result:
    events: tuple[Any, ...]
    refusal: Refusal | None = None

    @property
    def ok(self) -> bool:
        return self.refusal is None
