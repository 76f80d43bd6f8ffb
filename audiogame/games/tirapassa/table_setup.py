"""The table the player chose: who sits where, how fast, which controls.

``TableSetup`` is what the setup scene edits and the settings keep
(``settings.setups["tira"]``): plain data in, plain data out, and anything
unreadable in a saved file falls back to the default rather than failing.
The human always sits at seat 0; bots take the next seats with the names of
``BOT_NAMES``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from audiogame.core.contract import OptionSpec
from audiogame.games.tirapassa.options import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Control,
    Difficulty,
    Speed,
    TiraConfig,
    Variant,
)

HUMAN = 0
#: the bots' names, seat 1 first: short, easy for any synthesizer in both languages
BOT_NAMES: tuple[str, ...] = ("Marco", "Giulia", "Luca", "Sara", "Paolo")
BOT_LEVELS: tuple[Difficulty, ...] = (Difficulty.EASY, Difficulty.NORMAL, Difficulty.HARD)


def _default_levels() -> list[Difficulty]:
    return [Difficulty.NORMAL] * (MAX_PLAYERS - 1)


@dataclass
class TableSetup:
    players: int = 4
    speed: Speed = Speed.NORMAL
    variant: Variant = Variant.FIRST_TO_THREE
    control: Control = Control.ASSISTED
    #: one level per bot seat (1…5), kept for all five so fewer players lose nothing
    levels: list[Difficulty] = field(default_factory=_default_levels)

    def names(self) -> tuple[str, ...]:
        return ("", *BOT_NAMES[: self.players - 1])

    def config(self, practice: bool = False) -> TiraConfig:
        bots = tuple(
            Difficulty.PRACTICE if practice else self.levels[seat - 1]
            for seat in range(1, self.players)
        )
        return TiraConfig(
            players=self.players,
            speed=self.speed,
            variant=self.variant,
            # [ruling] the bots play with my controls: by hand, they send each die at
            # a pace of their level, as I must (issue 13: assisted bots won every race)
            controls=(self.control,) * self.players,
            bots=(None, *bots),
        )

    # -- what the setup's rows read and write (``ui.seating.TableChoices``) -------------
    def level(self, bot: int) -> str:
        return self.levels[bot].value

    def set_level(self, bot: int, level: str) -> None:
        self.levels[bot] = Difficulty(level)

    def option(self, option: OptionSpec) -> Any:
        # one value of each for the whole table (my controls are the bots' too)
        return getattr(self, option.id)

    def set_option(self, option: OptionSpec, value: Any) -> None:
        setattr(self, option.id, value)

    def engine_config(self, spec: Any = None) -> dict[str, Any]:
        return self.config().to_dict()

    def bot_settings(self) -> dict[str, Any]:
        return {}

    def bot_pace(self) -> float | None:
        return None  # a race's bots react at their level's speed

    def set_bot_pace(self, pace: float) -> None:
        raise ValueError("Tira & Passa has no bots' pace")

    def unavailable(self, option_id: str) -> str | None:
        return None  # every option means something whatever the others

    def refused(self, option_id: str, value: Any) -> str | None:
        return None

    def drop_unavailable(self) -> list[str]:
        return []

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "speed": self.speed.value,
            "variant": self.variant.value,
            "control": self.control.value,
            "levels": [level.value for level in self.levels],
        }

    @classmethod
    def from_dict(cls, data: Any) -> TableSetup:
        """A setup from saved data; each unreadable field keeps its default."""
        setup = cls()
        if not isinstance(data, dict):
            return setup
        players = data.get("players")
        if type(players) is int and MIN_PLAYERS <= players <= MAX_PLAYERS:
            setup.players = players
        setup.speed = _pick(Speed, data.get("speed"), setup.speed)
        setup.variant = _pick(Variant, data.get("variant"), setup.variant)
        setup.control = _pick(Control, data.get("control"), setup.control)
        levels = data.get("levels")
        if isinstance(levels, list):
            for i, value in enumerate(levels[: MAX_PLAYERS - 1]):
                level = _pick(Difficulty, value, Difficulty.NORMAL)
                setup.levels[i] = level if level in BOT_LEVELS else Difficulty.NORMAL
        return setup


def _pick(enum: Any, value: Any, default: Any) -> Any:
    try:
        return enum(value)
    except ValueError:
        return default
