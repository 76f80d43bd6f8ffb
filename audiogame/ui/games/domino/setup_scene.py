"""The domino table setup: the players and each bot's level, the teams, every option.

A ``SetupScene`` (``ui/setup.py``) gives the rows: the first starts the match,
then the players (you, then each bot by the spec's names: Left/Right change its
level), the options of the spec and the bots' pace (the spec's ``bot_pace``).
What is Domino's own: the teams row and Shift+R (random teams, dealt again on
every press and spoken), B and Shift+B said with the teams they keep or break,
each set's size said with it, the options another choice makes meaningless or
refuses, and Enter's check of the set against the players. The setup is kept in
``settings.setups["domino"]``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from audiogame.core.contract import OptionSpec
from audiogame.core.keys import Key
from audiogame.core.narration import resolve_value
from audiogame.games.domino.narrate import Seating, team_list
from audiogame.games.domino.options import MAX_PLAYERS, MIN_PLAYERS, seats_for
from audiogame.games.domino.table_setup import BOT_NAMES, HUMAN, DominoSetup
from audiogame.games.domino.tiles import SETS
from audiogame.ui.choice_row import ChoiceRow
from audiogame.ui.games.domino.table import GAME_ID, DominoTable
from audiogame.ui.setup import SetupScene
from audiogame.ui.table import new_seed

if TYPE_CHECKING:
    from audiogame.app.loop import App


class DominoSetupScene(SetupScene):
    setup: DominoSetup
    game_id = GAME_ID
    title_id = "domino-setup-title"
    keys_id = "keys-domino-setup"
    rules_doc = "domino"
    letters_are_commands = True
    adds_bots = True

    def __init__(self, app: App) -> None:
        self.rng = random.Random(new_seed(app))
        super().__init__(app)

    def read(self, saved: Any) -> DominoSetup:
        setup = DominoSetup.from_dict(saved)
        setup.drop_unavailable()  # a setup kept before such options were refused
        return setup

    def seat_team(self, seat: int) -> int | None:
        teams = self.setup.teams
        return None if teams is None else teams[seat] + 1

    # -- its own rows -----------------------------------------------------------------
    def option_row(self, option: OptionSpec) -> ChoiceRow:
        row = super().option_row(option)
        if option.id == "set":  # each set says how many tiles it has and whom it seats
            plain = row.describe

            def with_info(set_id: Any) -> str:
                info = self.t("domino-set-info", tiles=SETS[set_id].size, max=seats_for(set_id))
                return self.t("domino-value-with-info", value=plain(set_id), info=info)

            row.describe = with_info
        return row

    def rows_before_options(self) -> list[ChoiceRow]:
        t, setup = self.t, self.setup
        teams = ChoiceRow(
            name=lambda: t("domino-setup-teams"),
            values=setup.team_counts(),
            get=lambda: setup.team_count,
            put=setup.set_team_count,
            describe=self.teams_value,
            description=lambda: t("domino-setup-teams-desc"),
            said=self.teams_said,
        )
        return [teams]

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

    # -- keys -------------------------------------------------------------------------
    def on_key(self, key: Key) -> bool:
        if key.letter == "r" and key.shift:
            self.random_teams()
            return True
        return super().on_key(key)

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
        self.said_after_seating(text, cue)

    def random_teams(self) -> None:
        if not self.setup.shuffle_teams(self.rng):
            self.say("domino-no-teams", cue="menu_error", players=self.setup.players)
            return
        self.rebuild()
        self.cue("shuffle")
        self.app.announcer.say_text(self.t("domino-random-teams", teams=self.team_list()))
        self.save()

    # -- start ------------------------------------------------------------------------
    def start(self) -> None:
        config = self.setup.config()
        problem = config.problem_message()
        if problem is not None:
            self.say(problem.msg_id, cue="menu_error", **problem.args)
            return
        self.save()
        self.app.push(DominoTable(self.app, self.setup, new_seed(self.app), home=self))
