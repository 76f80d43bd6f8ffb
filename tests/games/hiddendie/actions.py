"""What a player may do on their turn, why the engine may refuse it, and what it answers."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep the die as it is; the turn passes."""


@dataclass(frozen=True, slots=True)
class Reroll:
    """Roll the die once more and keep the new value, whatever it is; the turn passes."""


Action = Keep | Reroll
_NAMES: dict[type, str] = {Keep: "keep", Reroll: "reroll"}
_BY_NAME: dict[str, Action] = {"keep": Keep(), "reroll": Reroll()}


def action_to_dict(action: Action) -> dict[str, Any]:
    return {"type": _NAMES[type(action)]}


def action_from_dict(data: Mapping[str, Any]) -> Action:
    return _BY_NAME[str(data["type"])]


class Refusal(StrEnum):
    """Why an action changed nothing; the message is ``hiddendie-refusal-<value>``."""

    NOT_A_PLAYER = "not-a-player"
    NOT_STARTED = "not-started"
    GAME_OVER = "game-over"
    NOT_YOUR_TURN = "not-your-turn"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class Result:
    events: tuple[Any, ...]
    refusal: Refusal | None = None

    @property
    def ok(self) -> bool:
        return self.refusal is None
