"""An online table's game and options: creating one, or the master changing them.

Rows, each a ``ChoiceRow`` (Left/Right change it, it says its value and one
line on what it does): the game (creating only: the games this app can seat
online), how many players, one row per option of the game (its
``OptionSpec``s, ``ChoiceRow.for_option``), public or private (a private table
is not in the list: friends join it by its code), and, when hosting, who can
reach the table: this computer only, or the home network. Enter on any row
creates the table (or applies the change); Escape goes back without doing so.

A change that leaves the table one the game refuses (a set too small for the
players, no limit at all) is made, and the game's reason said at once after the
new value, as the setup on this computer says it; Enter still refuses such a
table, with the same reason. The value is not refused at the arrows: walking past
it may be the way to one that fits.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from audiogame.core import keys
from audiogame.core.contract import GameSpec, OptionSpec
from audiogame.core.keys import Key
from audiogame.core.narration import Message, resolve_args
from audiogame.games import registry
from audiogame.ui import games
from audiogame.ui.choice_row import ChoiceRow
from audiogame.ui.menu import MenuItem, MenuScene
from audiogame.ui.online import words

if TYPE_CHECKING:
    from audiogame.app.loop import App

ENTER = (keys.RETURN, keys.KP_ENTER)


def online_games() -> list[GameSpec]:
    """The games this app can seat a player at online."""
    return [
        s
        for s in registry.games()
        if s.wire is not None and games.online_table(s) is not None and s.table_config is not None
    ]


@dataclass(frozen=True, slots=True)
class TableChoice:
    game: str
    config: dict[str, Any]
    private: bool
    lan: bool


class TableOptionsScene(MenuScene):
    title_id = "online-options-title"
    keys_id = "keys-online-options"
    rules_doc = "online"  # Ctrl+F1: the guide to playing online

    def __init__(
        self,
        app: App,
        spec: GameSpec,
        players: int,
        config: Mapping[str, Any],
        private: bool,
        apply: Callable[[dict[str, Any], bool], None],
    ) -> None:
        super().__init__(app)
        self.spec = spec
        self.players = players
        self.values = words.option_values(spec, config)
        self.private = private
        self.apply = apply
        self.rebuild()

    def rows(self) -> list[ChoiceRow]:
        t, spec = self.t, self.spec
        rows = [
            ChoiceRow(
                lambda: t("online-option-players"),
                tuple(range(spec.min_seats, spec.max_seats + 1)),
                lambda: self.players,
                self.set_players,
                lambda v: str(v),
                description=lambda: t("online-option-players-desc"),
            )
        ]
        rows += [self.option_row(option) for option in spec.options if not option.per_seat]
        rows.append(
            ChoiceRow(
                lambda: t("online-option-private"),
                (False, True),
                lambda: self.private,
                self.set_private,
                lambda v: t("online-private" if v else "online-public"),
                description=lambda: t("online-option-private-desc"),
            )
        )
        return rows

    def option_row(self, option: OptionSpec) -> ChoiceRow:
        def put(value: Any) -> None:
            self.values[option.field] = value

        return ChoiceRow.for_option(
            option,
            self.spec.id,
            self.t,
            lambda: self.values.get(option.field, option.default),
            put,
        )

    def set_players(self, players: int) -> None:
        self.players = players

    def set_private(self, private: bool) -> None:
        self.private = private

    def rebuild(self) -> None:
        self.items = [row.item(self, self.problem_now) for row in self.rows()]
        self.items.append(MenuItem(lambda: self.t("online-options-apply"), self.done))

    def problem(self) -> Message | None:
        """Why the game refuses the table as the rows stand (None: it takes it): in the
        game's own words when it has them, as its setup here says them."""
        spec = self.spec
        assert spec.table_config is not None
        try:
            config = spec.table_config(self.players, self.values)
            problem = spec.setup_problem(config) if spec.setup_problem is not None else None
            if problem is None and spec.new_engine is not None:
                spec.new_engine(config, 0, 0.0)  # the game's own checks
        except (ValueError, TypeError, KeyError):
            return Message("net-reason-bad-options")
        return problem

    def problem_now(self) -> str | None:
        """After a change: the game's reason to refuse the table now, said after the
        new value (the ``changed`` of every row)."""
        problem = self.problem()
        if problem is None:
            return None
        self.cue("menu_error")
        return self.t(problem.msg_id, **resolve_args(problem.args, self.t))

    def config(self) -> dict[str, Any] | None:
        """The table's configuration, or None (and why, said) when the game refuses it."""
        problem = self.problem()
        if problem is not None:
            self.app.announcer.say(problem.msg_id, cue="menu_error", **problem.args)
            return None
        assert self.spec.table_config is not None
        return self.spec.table_config(self.players, self.values)

    def done(self) -> None:
        config = self.config()
        if config is None:
            return
        self.app.pop(self, resume=False)
        self.apply(config, self.private)

    def on_key(self, key: Key) -> bool:
        if key.key in ENTER:
            self.cue("menu_select")
            self.done()
            return True
        return super().on_key(key)


class CreateTableScene(TableOptionsScene):
    """A new table: its game first; hosting, also who can reach it."""

    title_id = "online-create-title"

    def __init__(
        self,
        app: App,
        create: Callable[[TableChoice], None],
        *,
        hosting: bool,
    ) -> None:
        games = online_games()
        self.games = games
        self.hosting = hosting
        self.lan = False
        self.create = create
        spec = games[0]
        super().__init__(app, spec, self._default_players(spec), {}, False, self._apply)

    @staticmethod
    def _default_players(spec: GameSpec) -> int:
        return min(max(4, spec.min_seats), spec.max_seats)

    def rows(self) -> list[ChoiceRow]:
        t = self.t
        game = ChoiceRow(
            lambda: t("online-option-game"),
            tuple(s.id for s in self.games),
            lambda: self.spec.id,
            self.set_game,
            lambda v: words.short_game_name(v, t),
        )
        rows = [game, *super().rows()]
        if self.hosting:
            rows.append(
                ChoiceRow(
                    lambda: t("online-option-reach"),
                    (False, True),
                    lambda: self.lan,
                    self.set_lan,
                    lambda v: t("online-reach-lan" if v else "online-reach-here"),
                    description=lambda: t("online-option-reach-desc"),
                )
            )
        return rows

    def rebuild(self) -> None:
        super().rebuild()
        self.items[-1] = MenuItem(lambda: self.t("online-create-go"), self.done)

    def set_game(self, game: str) -> None:
        spec = registry.get(game)
        if spec is None:
            return
        self.spec = spec
        self.players = self._default_players(spec)
        self.values = words.option_values(spec, {})
        index = self.index
        self.rebuild()
        self.index = index

    def set_lan(self, lan: bool) -> None:
        self.lan = lan

    def _apply(self, config: dict[str, Any], private: bool) -> None:
        self.create(TableChoice(self.spec.id, config, private, self.lan))
