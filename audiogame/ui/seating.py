"""A table as the player chose it, as plain data: ``Seating``.

What any game's setup (``ui.game_setup``) keeps and its table (``ui.game_table``)
is seated from: how many play, each bot's level, the options' values; checked
against the game's spec when read back, turned into the game's configuration by
its ``table_config``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from audiogame.core.contract import GameSpec, OptionSpec


class TableChoices(Protocol):
    """A table as the player chooses it, any game's: what the setup's rows read and
    write (``ui.setup``). ``Seating`` is the app's own; a game may keep its own data
    (Domino's teams and pace, Tira's levels) behind the same few calls."""

    @property
    def players(self) -> int: ...

    def level(self, bot: int) -> str:
        """The level of the ``bot``-th bot (0: the bot at seat 1)."""
        ...

    def set_level(self, bot: int, level: str) -> None: ...

    def option(self, option: OptionSpec) -> Any: ...

    def set_option(self, option: OptionSpec, value: Any) -> None: ...

    def to_dict(self) -> dict[str, Any]:
        """Plain data, remembered in ``settings.setups[<game>]``."""
        ...

    def engine_config(self, spec: GameSpec) -> dict[str, Any]:
        """The game's configuration for this table (the plain data ``new_engine``
        takes); ``ValueError`` when the game refuses it."""
        ...

    def bot_settings(self) -> dict[str, Any]:
        """What the bots are made with from this setup beside their level (the pace)."""
        ...

    def bot_pace(self) -> float | None:
        """The bots' pace chosen (``GameSpec.bot_pace``; None: the game has none)."""
        ...

    def set_bot_pace(self, pace: float) -> None: ...

    def unavailable(self, option_id: str) -> str | None:
        """Why an option means nothing with the other choices made (a reason id: the
        setup says ``<game>-unavailable-<why>``), or None."""
        ...

    def refused(self, option_id: str, value: Any) -> str | None:
        """Why an option cannot take ``value`` with the other choices made (a reason
        id: ``<game>-refused-<why>``), or None."""
        ...

    def drop_unavailable(self) -> list[str]:
        """Turn off the options the other choices leave meaningless; their ids."""
        ...


@dataclass
class Seating:
    """A table as the player chose it: how many play, each bot's level, the options."""

    players: int
    #: the bots' levels, seat 1 onwards
    levels: list[str] = field(default_factory=list)
    #: the options' values, by ``OptionSpec.field``
    options: dict[str, Any] = field(default_factory=dict)
    #: the bots' pace, seconds (None: the game offers none)
    pace: float | None = None

    @classmethod
    def default(cls, spec: GameSpec) -> Seating:
        level = spec.bot_levels[(len(spec.bot_levels) - 1) // 2] if spec.bot_levels else ""
        options = {option.field: option.default for option in spec.options}
        pace = None if spec.bot_pace is None else spec.bot_pace.default
        return cls(spec.min_seats, [level] * (spec.min_seats - 1), options, pace)

    @classmethod
    def from_dict(cls, spec: GameSpec, data: Any) -> Seating:
        """The seating kept, checked against the game (what makes no sense: defaults)."""
        seating = cls.default(spec)
        if not isinstance(data, Mapping):
            return seating
        players = data.get("players")
        if type(players) is int and spec.min_seats <= players <= spec.max_seats:
            seating.set_players(spec, players)
        levels = data.get("levels")
        if isinstance(levels, list) and len(levels) == seating.players - 1:
            if all(level in spec.bot_levels for level in levels):
                seating.levels = list(levels)
        options = data.get("options")
        for option in spec.options:
            value = options.get(option.field) if isinstance(options, Mapping) else None
            if value in option.values and type(value) is type(option.default):
                seating.options[option.field] = value
        pace = data.get("pace")
        if spec.bot_pace is not None and pace in spec.bot_pace.values:
            seating.pace = float(pace)
        return seating

    def level(self, bot: int) -> str:
        return self.levels[bot]

    def set_level(self, bot: int, level: str) -> None:
        self.levels[bot] = level

    def option(self, option: OptionSpec) -> Any:
        return self.options[option.field]

    def set_option(self, option: OptionSpec, value: Any) -> None:
        self.options[option.field] = value

    def to_dict(self) -> dict[str, Any]:
        kept = {"players": self.players, "levels": list(self.levels), "options": self.options}
        return kept if self.pace is None else kept | {"pace": self.pace}

    def bot_pace(self) -> float | None:
        return self.pace

    def set_bot_pace(self, pace: float) -> None:
        self.pace = pace

    def unavailable(self, option_id: str) -> str | None:
        return None

    def refused(self, option_id: str, value: Any) -> str | None:
        return None

    def drop_unavailable(self) -> list[str]:
        return []

    def set_players(self, spec: GameSpec, players: int) -> None:
        default = Seating.default(spec).levels[:1] or [""]
        self.levels = (self.levels + default * players)[: players - 1]
        self.players = players

    def config(self, spec: GameSpec) -> dict[str, Any]:
        """The game's configuration for this seating; ``ValueError`` when it refuses it."""
        assert spec.table_config is not None, f"{spec.id} has no table_config"
        return spec.table_config(self.players, self.options)

    engine_config = config

    def bot_settings(self) -> dict[str, Any]:
        return {} if self.pace is None else {"pace": self.pace}
