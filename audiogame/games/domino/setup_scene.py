"""The domino table setup: the players and each bot's level, the teams, every option.

A menu: the first row starts the match, then the players (you, then each bot:
Left/Right change its level), the teams, the options of the spec and the bots'
pace (Left/Right change a value). Every row says its value and a one-line
description. B adds a bot, Shift+B removes the last one, Shift+R deals random
teams (again on every press) and speaks them; Enter, on any row, starts. A set
that cannot seat the players is refused with the reason. The setup is saved to
``settings.setups["domino"]`` on every change and restored next time.
The main menu opens it through the spec (``spec.open_setup``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from audiogame.announce import resolve_value
from audiogame.app.keys import Key
from audiogame.games.domino.bots import hard
from audiogame.games.domino.narrate import Seating, team_list
from audiogame.games.domino.options import MAX_PLAYERS, MIN_HAND, MIN_PLAYERS, OPTIONS, OptionSpec
from audiogame.games.domino.table import DominoTable
from audiogame.games.domino.table_setup import BOT_LEVELS, BOT_NAMES, BOT_PACES, HUMAN, DominoSetup
from audiogame.games.domino.tiles import SETS
from audiogame.ui.menu import MenuItem, MenuScene
from audiogame.ui.table import new_seed

if TYPE_CHECKING:
    from audiogame.app.loop import App

SETUP_KEY = "domino"


def seats_for(set_id: str) -> int:
    """The most players a set can seat (each needs at least ``MIN_HAND`` tiles)."""
    spec = SETS[set_id]
    return max(n for n in range(MIN_PLAYERS, spec.max_players + 1) if spec.size // n >= MIN_HAND)


class DominoSetupScene(MenuScene):
    title_id = "domino-setup-title"
    keys_id = "keys-domino-setup"
    rules_doc = "domino"
    letters_are_commands = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.setup = DominoSetup.from_dict(app.settings.setups.get(SETUP_KEY))
        self.rng = random.Random(new_seed(app))
        self.descriptions: list[Callable[[], str]] = []
        self.rebuild()

    # -- rows -------------------------------------------------------------------------
    def rebuild(self) -> None:
        t = self.t
        self.items, self.descriptions = [], []
        self.row(MenuItem(lambda: t("domino-setup-start"), self.start), "domino-setup-start-desc")
        self.row(MenuItem(lambda: t("domino-seat-you")), "domino-seat-you-desc")
        for seat in range(1, self.setup.players):
            self.row(self.bot_item(seat), "domino-seat-bot-desc")
        self.row(self.teams_item(), "domino-desc-teams")
        for option in OPTIONS:
            self.row(self.option_item(option), f"domino-desc-{option.id}")
        pace = self.choice(
            "domino-opt-pace",
            BOT_PACES,
            lambda: self.setup.pace,
            lambda v: setattr(self.setup, "pace", v),
            lambda v: t("domino-seconds", n=v),
        )
        self.row(pace, "domino-desc-pace")
        self.index = min(self.index, len(self.items) - 1)

    def row(self, item: MenuItem, desc_id: str) -> None:
        self.items.append(item)
        self.descriptions.append(lambda: self.t(desc_id))

    def item_text(self, index: int) -> str:
        return f"{super().item_text(index)}. {self.descriptions[index]()}"

    def bot_item(self, seat: int) -> MenuItem:
        levels = self.setup.levels

        def label() -> str:
            level = self.t(f"bot-level-{levels[seat - 1]}")
            return self.t("domino-seat-bot", name=BOT_NAMES[seat - 1], level=level)

        def put(value: str) -> None:
            levels[seat - 1] = value

        return self.adjustable(label, BOT_LEVELS, lambda: levels[seat - 1], put, label)

    def teams_item(self) -> MenuItem:
        setup = self.setup
        return self.choice(
            "domino-opt-teams",
            setup.team_counts(),
            lambda: setup.team_count,
            setup.set_team_count,
            self.teams_value,
            said=self.teams_said,
        )

    def teams_value(self, count: int) -> str:
        return self.t("domino-teams-count", n=count) if count else self.t("domino-teams-none")

    def teams_said(self) -> str:
        value = self.teams_value(self.setup.team_count)
        if self.setup.teams is None:
            return value
        return f"{value}. {self.team_words()}"

    def team_list(self) -> str:
        seating = Seating(HUMAN, self.setup.names(), self.setup.teams)
        return str(resolve_value(team_list(seating), self.t))

    def team_words(self) -> str:
        return self.t("domino-teams", teams=self.team_list())

    def option_item(self, option: OptionSpec) -> MenuItem:
        options = self.setup.options

        def put(value: Any) -> None:
            options[option.id] = value

        return self.choice(
            f"domino-opt-{option.id}",
            option.values,
            lambda: options[option.id],
            put,
            lambda v: self.describe(option, v),
        )

    def describe(self, option: OptionSpec, value: Any) -> str:
        t = self.t
        if option.kind == "bool":
            return t("domino-yes" if value else "domino-no")
        if option.id == "set":
            name = t(f"domino-set-{value}")
            info = t("domino-set-info", tiles=SETS[value].size, max=seats_for(value))
            return t("domino-value-with-info", value=name, info=info)
        if value == 0 and option.zero_means:
            return t("domino-off" if option.zero_means == "off" else "domino-unlimited")
        unit = {"thinking-time": "domino-seconds", "manche-limit": "domino-manches"}
        return t(unit.get(option.id, "domino-points"), n=value)

    def choice(
        self,
        label_id: str,
        values: Sequence[Any],
        get: Callable[[], Any],
        put: Callable[[Any], None],
        describe: Callable[[Any], str],
        said: Callable[[], str] | None = None,
    ) -> MenuItem:
        def label() -> str:
            return self.t("option-value", label=self.t(label_id), value=describe(get()))

        return self.adjustable(label, values, get, put, said or (lambda: describe(get())))

    def adjustable(
        self,
        label: Callable[[], str],
        values: Sequence[Any],
        get: Callable[[], Any],
        put: Callable[[Any], None],
        said: Callable[[], str],
    ) -> MenuItem:
        def adjust(delta: int) -> None:
            current = get()
            index = (list(values).index(current) if current in values else 0) + delta
            if not 0 <= index < len(values):
                self.cue("menu_edge")
                self.app.announcer.say_text(said(), record=False)
                return
            put(values[index])
            self.cue("toggle")
            self.app.announcer.say_text(said())
            self.save()

        return MenuItem(label, adjust=adjust)

    # -- keys -------------------------------------------------------------------------
    def on_key(self, key: Key) -> bool:
        if key.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.cue("menu_select")
            self.start()
        elif key.letter == "b" and key.plain:
            self.add_bot()
        elif key.letter == "b" and key.shift:
            self.remove_bot()
        elif key.letter == "r" and key.shift:
            self.random_teams()
        else:
            return super().on_key(key)
        return True

    def add_bot(self) -> None:
        had_teams = self.setup.teams is not None
        if not self.setup.add_bot():
            self.say("domino-table-full", cue="menu_error", n=MAX_PLAYERS)
            return
        seat = self.setup.players - 1
        level = self.t(f"bot-level-{self.setup.levels[-1]}")
        text = self.t(
            "domino-bot-added", name=BOT_NAMES[seat - 1], level=level, players=self.setup.players
        )
        self.after_seating(text, had_teams, "menu_select")

    def remove_bot(self) -> None:
        had_teams = self.setup.teams is not None
        name = BOT_NAMES[self.setup.players - 2]
        if not self.setup.remove_bot():
            self.say("domino-too-few", cue="menu_error", n=MIN_PLAYERS)
            return
        text = self.t("domino-bot-removed", name=name, players=self.setup.players)
        self.after_seating(text, had_teams, "menu_back")

    def after_seating(self, text: str, had_teams: bool, cue: str) -> None:
        if had_teams and self.setup.teams is None:
            text += " " + self.t("domino-teams-dropped", players=self.setup.players)
        elif self.setup.teams is not None:
            text += " " + self.team_words()
        self.rebuild()
        self.cue(cue)
        self.app.announcer.say_text(text)
        self.save()

    def random_teams(self) -> None:
        if not self.setup.shuffle_teams(self.rng):
            self.say("domino-no-teams", cue="menu_error", players=self.setup.players)
            return
        self.rebuild()
        self.cue("shuffle")
        self.app.announcer.say_text(self.t("domino-random-teams", teams=self.team_list()))
        self.save()

    # -- start ------------------------------------------------------------------------
    def save(self) -> None:
        self.app.settings.setups[SETUP_KEY] = self.setup.to_dict()
        self.app.save_settings()

    def start(self) -> None:
        config = self.setup.config()
        problem = config.validate()
        if problem is not None:
            self.say(
                f"domino-problem-{problem.value}",
                cue="menu_error",
                set=self.t(f"domino-set-{config.set_id}"),
                players=config.seats,
                max=seats_for(config.set_id),
            )
            return
        self.save()
        table = DominoTable(
            self.app,
            self.setup,
            new_seed(self.app),
            home=self,
            iterations=hard.HARD_ITERATIONS,  # read now: tests make it smaller
        )
        self.app.push(table)
