"""Any game's setup, built from its spec alone: ``Seating`` and ``GameSetup``.

The rows come from the game's data: how many play (``min_seats``..``max_seats``),
a row per bot over its ``bot_levels``, one ``ChoiceRow`` per ``OptionSpec``. What
the player chose is ``Seating`` (plain data, kept in ``settings.setups[<game>]``);
Enter turns it into the game's configuration (``GameSpec.table_config``), says
the game's reason if it cannot be played (``GameSpec.setup_problem``) and seats
the player at the app's table (``ui.game_table``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from audiogame.core.contract import GameSpec, OptionSpec
from audiogame.core.narration import resolve
from audiogame.ui.setup import SetupScene

if TYPE_CHECKING:
    from audiogame.app.loop import App


@dataclass
class Seating:
    """A table as the player chose it: how many play, each bot's level, the options."""

    players: int
    #: the bots' levels, seat 1 onwards
    levels: list[str] = field(default_factory=list)
    #: the options' values, by ``OptionSpec.field``
    options: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def default(cls, spec: GameSpec) -> Seating:
        level = spec.bot_levels[len(spec.bot_levels) // 2] if spec.bot_levels else ""
        options = {option.field: option.default for option in spec.options}
        return cls(spec.min_seats, [level] * (spec.min_seats - 1), options)

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
        return seating

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "levels": list(self.levels), "options": self.options}

    def set_players(self, spec: GameSpec, players: int) -> None:
        default = Seating.default(spec).levels[:1] or [""]
        self.levels = (self.levels + default * players)[: players - 1]
        self.players = players

    def config(self, spec: GameSpec) -> dict[str, Any]:
        """The game's configuration for this seating; ``ValueError`` when it refuses it."""
        assert spec.table_config is not None, f"{spec.id} has no table_config"
        return spec.table_config(self.players, self.options)


class GameSetup(SetupScene):
    """The setup of a game that has no setup scene of its own."""

    keys_id = "keys-setup"

    def __init__(self, app: App, spec: GameSpec) -> None:
        self.game_id = spec.id
        self.rules_doc = spec.guide
        super().__init__(app)
        #: where the table returns: the scene that opened the setup (the main menu)
        self.home = app.top

    def where(self) -> str:
        return self.t("setup-title", game=self.t(self.spec.title_id))

    def start_id(self) -> str:
        return "setup-start"

    def load(self, saved: Any) -> None:
        self.seating = Seating.from_dict(self.spec, saved)

    def saved(self) -> dict[str, Any]:
        return self.seating.to_dict()

    def option_value(self, option: OptionSpec) -> Any:
        return self.seating.options[option.field]

    def set_option(self, option: OptionSpec, value: Any) -> None:
        self.seating.options[option.field] = value

    @property
    def players(self) -> int:
        return self.seating.players

    def set_players(self, players: int) -> None:
        self.seating.set_players(self.spec, players)

    def bot_name(self, bot: int) -> str:
        return self.t("bot-name", n=bot + 2)

    def bot_level(self, bot: int) -> str:
        return self.seating.levels[bot]

    def set_bot_level(self, bot: int, level: str) -> None:
        self.seating.levels[bot] = level

    def start(self) -> None:
        from audiogame.ui.game_table import GameTable
        from audiogame.ui.table import new_seed

        self.save()
        try:
            config = self.seating.config(self.spec)
        except ValueError:
            config = None
        problem = (
            None
            if self.spec.setup_problem is None or config is None
            else (self.spec.setup_problem(config))
        )
        if config is None or problem is not None:
            words = self.t("setup-refused") if problem is None else self.said(problem)
            self.app.announcer.say_text(words)
            self.cue("menu_error")
            return
        table = GameTable(self.app, self.spec, self.seating, new_seed(self.app), home=self.home)
        self.app.push(table)

    def said(self, message: Any) -> str:
        resolved = resolve(message, self.t)
        return self.t(resolved.msg_id, **resolved.args)
