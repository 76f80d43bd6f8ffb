"""Table options as data, and ``TiraConfig``.

``OPTIONS`` are the table's options as the contract's ``OptionSpec``
(``core.contract``), each with a stable id, the ``TiraConfig`` field it sets,
its kind, its default and its allowed values in the order a setup offers
them (``control`` one value per seat). Enum values are stable ids for messages.

``TiraConfig.bots`` says which seats bots play (None: a human) and how well;
the engine ignores it, the session (``session.py``) reads it.
``Timing`` holds the project's fixed delays ([ruling], in game-clock seconds).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from typing import Any

from audiogame.core.contract import OptionSpec

MIN_PLAYERS = 2
MAX_PLAYERS = 6


class Speed(StrEnum):
    """Game speed: how long dice stay in the air."""

    SLOW = "slow"
    NORMAL = "normal"
    FAST = "fast"


#: Seconds a throw lasts, by game speed (the spec's figures).
THROW_SECONDS: dict[Speed, float] = {Speed.SLOW: 1.6, Speed.NORMAL: 1.1, Speed.FAST: 0.7}


class Control(StrEnum):
    """Per player: dice placed automatically on landing, or sent by hand."""

    ASSISTED = "assisted"
    MANUAL = "manual"


class Variant(StrEnum):
    """End of the game: first to three coasters, or on until the pile runs out."""

    FIRST_TO_THREE = "first-to-three"
    UNTIL_PILE_EXHAUSTED = "until-pile-exhausted"


class Difficulty(StrEnum):
    """Bot difficulty; PRACTICE is the slow bots of the practice round."""

    PRACTICE = "practice"
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


class SetupProblem(StrEnum):
    """Why a configuration is refused. Values are stable message ids."""

    BAD_PLAYER_COUNT = "bad-player-count"
    BAD_OPTION_VALUE = "bad-option-value"
    BAD_SEAT_LIST = "bad-seat-list"


#: the table's options, as the contract's ``OptionSpec`` (``GameSpec.options``): the
#: setup builds its rows from them. ``control`` is each seat's own (``per_seat``): at
#: a table here the bots play with the player's controls ([ruling], issue 13); online
#: they play by hand when any player at the table does (``bots_follow``), else assisted
OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("speed", "speed", "choice", Speed.NORMAL, tuple(Speed)),
    OptionSpec(
        "control",
        "controls",
        "choice",
        Control.ASSISTED,
        tuple(Control),
        per_seat=True,
        bots_follow=(Control.MANUAL,),
    ),
    OptionSpec("variant", "variant", "choice", Variant.FIRST_TO_THREE, tuple(Variant)),
)

OPTIONS_BY_ID: dict[str, OptionSpec] = {o.id: o for o in OPTIONS}


@dataclass(frozen=True, slots=True)
class Timing:
    """[ruling] Fixed delays of the round flow, in game-clock seconds.

    ``signal_delay``: round start (big die) to "Ai dischetti, pronti, via!";
    ``race_delay``: that signal to the start of the race (time to say it);
    ``calm_auto_delay``: a calm roll not made within this time is made for the
    player; ``between_rounds``: round end to the next round's big die.
    """

    signal_delay: float = 2.5
    race_delay: float = 2.0
    calm_auto_delay: float = 3.0
    between_rounds: float = 5.0


@dataclass(frozen=True, slots=True)
class TiraConfig:
    """Everything that defines a game.

    ``controls[seat]`` (None: everybody assisted) and ``bots[seat]`` (None:
    nobody is a bot; an entry None: that seat is a human).
    """

    players: int = 4
    speed: Speed = Speed.NORMAL
    variant: Variant = Variant.FIRST_TO_THREE
    controls: tuple[Control, ...] | None = None
    bots: tuple[Difficulty | None, ...] | None = None
    timing: Timing = field(default_factory=Timing)

    @property
    def throw_seconds(self) -> float:
        return THROW_SECONDS[self.speed]

    def control_of(self, seat: int) -> Control:
        return Control.ASSISTED if self.controls is None else self.controls[seat]

    def bot_of(self, seat: int) -> Difficulty | None:
        return None if self.bots is None else self.bots[seat]

    def validate(self) -> SetupProblem | None:
        """The reason this table cannot be played, or None when it can."""
        if type(self.players) is not int or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            return SetupProblem.BAD_PLAYER_COUNT
        if self.speed not in THROW_SECONDS or self.variant not in tuple(Variant):
            return SetupProblem.BAD_OPTION_VALUE
        delays = [getattr(self.timing, f.name) for f in fields(Timing)]
        if any(type(d) not in (int, float) or not 0 <= d < math.inf for d in delays):
            return SetupProblem.BAD_OPTION_VALUE
        for seats, allowed in ((self.controls, tuple(Control)), (self.bots, (*Difficulty, None))):
            if seats is None:
                continue
            if len(seats) != self.players:
                return SetupProblem.BAD_SEAT_LIST
            if any(value not in allowed for value in seats):
                return SetupProblem.BAD_OPTION_VALUE
        return None

    def to_dict(self) -> dict[str, Any]:
        """Plain data (str ids, lists), for saving and for the replay log."""

        def plain(values: tuple[Any, ...] | None) -> list[Any] | None:
            return None if values is None else [v if v is None else v.value for v in values]

        return {
            "players": self.players,
            "speed": self.speed.value,
            "variant": self.variant.value,
            "controls": plain(self.controls),
            "bots": plain(self.bots),
            "timing": {f.name: getattr(self.timing, f.name) for f in fields(Timing)},
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TiraConfig:
        controls = data.get("controls")
        bots = data.get("bots")
        return cls(
            players=data["players"],
            speed=Speed(data["speed"]),
            variant=Variant(data["variant"]),
            controls=None if controls is None else tuple(Control(c) for c in controls),
            bots=None
            if bots is None
            else tuple(None if b is None else Difficulty(b) for b in bots),
            timing=Timing(**data.get("timing", {})),
        )

    def with_option(self, option_id: str, value: Any) -> TiraConfig:
        """A copy with one option (by stable id) changed; a per-seat one takes a tuple."""
        return replace(self, **{OPTIONS_BY_ID[option_id].field: value})

    def with_seat_option(self, option_id: str, seat: int, value: Any) -> TiraConfig:
        """A copy with one seat's value of a per-seat option changed."""
        option = OPTIONS_BY_ID[option_id]
        current = getattr(self, option.field)
        values = list(current) if current is not None else [option.default] * self.players
        values[seat] = value
        changed: dict[str, Any] = {option.field: tuple(values)}
        return replace(self, **changed)

    def with_bot(self, seat: int, level: Difficulty | None) -> TiraConfig:
        """A copy with a bot of ``level`` at ``seat`` (None: a human sits there)."""
        bots: list[Difficulty | None] = list(self.bots or (None,) * self.players)
        bots[seat] = level
        return replace(self, bots=tuple(bots))
