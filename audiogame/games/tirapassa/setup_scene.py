"""The Tira & Passa setup: players, each bot's level, speed, controls, variant.

A menu whose first item starts the game; every other row is an option that
Left/Right (or Enter) change. The setup is saved to
``settings.setups["tira"]`` on every change and restored next time.
The main menu opens it through the spec (``spec.open_setup``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from audiogame.games.tirapassa.briefing import BriefingScene
from audiogame.games.tirapassa.options import MAX_PLAYERS, MIN_PLAYERS, Control, Speed, Variant
from audiogame.games.tirapassa.table_setup import BOT_LEVELS, BOT_NAMES, TableSetup
from audiogame.ui.menu import MenuItem, MenuScene
from audiogame.ui.table import new_seed

if TYPE_CHECKING:
    from audiogame.app.loop import App

SETUP_KEY = "tira"
PLAYER_COUNTS: tuple[int, ...] = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))


class TiraSetupScene(MenuScene):
    title_id = "tira-setup-title"
    keys_id = "keys-tira-setup"
    rules_doc = "tira"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.home = app.top  # where leaving the table returns: the main menu
        self.table = TableSetup.from_dict(app.settings.setups.get(SETUP_KEY))
        self.items = self.build_items()

    def build_items(self) -> list[MenuItem]:
        t, table = self.t, self.table
        items = [
            MenuItem(lambda: t("tira-setup-start"), self.start),
            self.option(
                lambda: t("tira-opt-players", n=table.players),
                PLAYER_COUNTS,
                lambda: table.players,
                self.set_players,
            ),
        ]
        for seat in range(1, table.players):
            items.append(self.bot_item(seat))
        items += [
            self.option(
                lambda: t("tira-opt-speed", value=t(f"tira-speed-{table.speed.value}")),
                tuple(Speed),
                lambda: table.speed,
                lambda v: setattr(table, "speed", v),
            ),
            self.option(
                lambda: t("tira-opt-control", value=t(f"tira-control-{table.control.value}")),
                tuple(Control),
                lambda: table.control,
                lambda v: setattr(table, "control", v),
            ),
            self.option(
                lambda: t("tira-opt-variant", value=t(f"tira-variant-{table.variant.value}")),
                tuple(Variant),
                lambda: table.variant,
                lambda v: setattr(table, "variant", v),
            ),
        ]
        return items

    def bot_item(self, seat: int) -> MenuItem:
        levels = self.table.levels

        def label() -> str:
            level = self.t(f"bot-level-{levels[seat - 1].value}")
            return self.t("tira-opt-bot", name=BOT_NAMES[seat - 1], level=level)

        def put(value: Any) -> None:
            levels[seat - 1] = value

        return self.option(label, BOT_LEVELS, lambda: levels[seat - 1], put)

    def option(
        self,
        label: Callable[[], str],
        values: Sequence[Any],
        get: Callable[[], Any],
        put: Callable[[Any], None],
    ) -> MenuItem:
        def adjust(delta: int) -> None:
            index = list(values).index(get()) + delta
            if not 0 <= index < len(values):
                self.cue("menu_edge")
                self.app.announcer.say_text(label(), record=False)
                return
            put(values[index])
            self.cue("toggle")
            self.app.announcer.say_text(label())
            self.save()

        return MenuItem(label, adjust=adjust)

    def set_players(self, players: int) -> None:
        self.table.players = players
        self.items = self.build_items()

    def save(self) -> None:
        self.app.settings.setups[SETUP_KEY] = self.table.to_dict()
        self.app.save_settings()

    def start(self) -> None:
        self.save()
        self.app.push(BriefingScene(self.app, self.table, new_seed(self.app), home=self.home))
