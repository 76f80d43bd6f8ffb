"""The setup: how many play, the bots' level, the points to win, the thinking time.

A menu of the project's ``ChoiceRow``s: the game's two options come from its
``OptionSpec``s, the players and the bots' level are rows of their own. The
first item starts the game; on the others Left/Right change the value. The
choice is kept in ``settings.setups["hiddendie"]`` for next time.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from audiogame.ui.choice_row import ChoiceRow
from audiogame.ui.menu import MenuItem, MenuScene

from .bot import LEVELS
from .config import GAME_ID, MAX_PLAYERS, MIN_PLAYERS, OPTIONS, Config

PLAYERS: tuple[int, ...] = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))


@dataclass
class Setup:
    players: int = 2
    level: str = "normal"
    target: int = 3
    think: int = 20

    def config(self) -> Config:
        return Config(self.players, self.target, self.think)

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "level": self.level, **self.config().to_dict()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> Setup:
        """The saved setup, or the defaults where it is missing or makes no sense."""
        setup = cls()
        allowed = {"level": LEVELS, "players": PLAYERS}
        allowed.update({option.field: option.values for option in OPTIONS})
        for name, values in allowed.items():
            value = (data or {}).get(name)
            if value in values:
                setattr(setup, name, value)
        return setup


class HiddenDieSetup(MenuScene):
    title_id = "hiddendie-setup-title"
    keys_id = "keys-hiddendie-setup"
    rules_doc = GAME_ID

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.home = app.top  # where the table returns: the main menu
        self.setup = Setup.from_dict(app.settings.setups.get(GAME_ID))
        t, setup = self.t, self.setup
        rows = [
            ChoiceRow(
                name=lambda: t("hiddendie-setup-players"),
                values=PLAYERS,
                get=lambda: setup.players,
                put=lambda n: setattr(setup, "players", n),
                describe=str,
            ),
            ChoiceRow(
                name=lambda: t("hiddendie-setup-bots"),
                values=LEVELS,
                get=lambda: setup.level,
                put=lambda level: setattr(setup, "level", level),
                describe=lambda level: t(f"hiddendie-level-{level}"),
            ),
        ]
        rows += [
            ChoiceRow.for_option(option, GAME_ID, t, *self.field(option.field))
            for option in OPTIONS
        ]
        self.items = [
            MenuItem(lambda: t("hiddendie-setup-start"), self.start),
            *(row.item(self, self.keep) for row in rows),
        ]

    def field(self, name: str) -> tuple[Callable[[], Any], Callable[[Any], None]]:
        """How a row reads and writes one field of the setup."""

        def get() -> Any:
            return getattr(self.setup, name)

        def put(value: Any) -> None:
            setattr(self.setup, name, value)

        return get, put

    def keep(self) -> None:
        self.app.settings.setups[GAME_ID] = self.setup.to_dict()
        self.app.save_settings()

    def start(self) -> None:
        from audiogame.ui.table import new_seed

        from .table import HiddenDieTable

        self.app.push(HiddenDieTable(self.app, self.setup, new_seed(self.app), self.home))
