"""The domino table the player chose: who sits where, the teams, the options.

``DominoSetup`` is what the setup scene edits and the settings keep
(``settings.setups["domino"]``): plain data in, plain data out; anything
unreadable in a saved file falls back to its default rather than failing.
The human always sits at seat 0; bots take the next seats with the names of
``BOT_NAMES``, each with its own level.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from audiogame.core.contract import OptionSpec
from audiogame.games.domino.options import (
    BOT_LEVELS,
    MAX_PLAYERS,
    MAX_TEAM_SIZE,
    MIN_PLAYERS,
    MIN_TEAM_SIZE,
    OPTIONS,
    TEAM_COUNTS,
    DominoConfig,
    alternating_teams,
    random_teams,
)

HUMAN = 0
#: the bots' names, seat 1 first: short, easy for any synthesizer in both languages
BOT_NAMES: tuple[str, ...] = (
    "Marco",
    "Giulia",
    "Luca",
    "Sara",
    "Paolo",
    "Anna",
    "Franco",
    "Elena",
    "Giorgio",
    "Marta",
    "Piero",
)
#: seconds between two bots' moves, so a listener can follow them
BOT_PACES: tuple[float, ...] = (0.5, 1.0, 1.5, 2.0, 3.0)
DEFAULT_PACE = 1.5
DEFAULT_LEVEL = "normal"


#: options that mean nothing under another choice: (option, why, when). The setup
#: shows such an option as not available, says why when the arrows try it, and turns
#: it off when the other choice is made (so a saved setup never holds both)
UNAVAILABLE: tuple[tuple[str, str, Callable[[DominoSetup], bool]], ...] = (
    ("draw-with-playable", "drawing-forbidden", lambda s: bool(s.options["forbid-drawing"])),
    ("draw-until-fits", "drawing-forbidden", lambda s: bool(s.options["forbid-drawing"])),
    ("team-finish", "no-teams", lambda s: s.teams is None),
)

#: values an option may take only with another choice made: (option, value, why,
#: when). The setup refuses such a value the moment the arrows reach it and says why
#: (rather than at Enter), so the player's choices never make a match that cannot end
REFUSED: tuple[tuple[str, Any, str, Callable[[DominoSetup], bool]], ...] = (
    ("point-limit", 0, "point-limit-off", lambda s: not s.options["manche-limit"]),
    ("manche-limit", 0, "manche-limit-unlimited", lambda s: not s.options["point-limit"]),
)


def team_counts_for(players: int) -> tuple[int, ...]:
    """The team counts a table of ``players`` allows (0: individual play)."""
    return tuple(
        k
        for k in TEAM_COUNTS
        if k == 0 or (players % k == 0 and MIN_TEAM_SIZE <= players // k <= MAX_TEAM_SIZE)
    )


def _default_options() -> dict[str, Any]:
    return {option.id: option.default for option in OPTIONS}


@dataclass
class DominoSetup:
    #: one level per bot, seat 1 first: the table has ``len(levels) + 1`` players
    levels: list[str] = field(default_factory=lambda: [DEFAULT_LEVEL] * 3)
    #: ``teams[seat]`` is the seat's team index; None for individual play
    teams: tuple[int, ...] | None = None
    options: dict[str, Any] = field(default_factory=_default_options)
    pace: float = DEFAULT_PACE

    @property
    def players(self) -> int:
        return len(self.levels) + 1

    @property
    def team_count(self) -> int:
        return 0 if self.teams is None else max(self.teams) + 1

    def names(self) -> tuple[str, ...]:
        """Every seat's name; the human's is empty (the narrator says "you")."""
        return ("", *BOT_NAMES[: len(self.levels)])

    def config(self) -> DominoConfig:
        fields = {option.field: self.options[option.id] for option in OPTIONS}
        return DominoConfig(seats=self.players, teams=self.teams, **fields)

    def unavailable(self, option_id: str) -> str | None:
        """Why ``option_id`` means nothing at this table (a ``UNAVAILABLE`` reason), or None."""
        for option, why, when in UNAVAILABLE:
            if option == option_id and when(self):
                return why
        return None

    def refused(self, option_id: str, value: Any) -> str | None:
        """Why ``option_id`` cannot be ``value`` with the other choices made (a
        ``REFUSED`` reason), or None."""
        for option, refused, why, when in REFUSED:
            if option == option_id and value == refused and when(self):
                return why
        return None

    def drop_unavailable(self) -> list[str]:
        """Turn off the options this table makes meaningless; the ids of those turned off."""
        dropped = []
        for option, _why, when in UNAVAILABLE:
            if self.options[option] and when(self):
                self.options[option] = False
                dropped.append(option)
        return dropped

    @classmethod
    def of_config(cls, config: DominoConfig) -> DominoSetup:
        """The setup of a table configured elsewhere (online: the server's table)."""
        return cls(
            levels=[DEFAULT_LEVEL] * (config.seats - 1),
            teams=config.teams,
            options={option.id: getattr(config, option.field) for option in OPTIONS},
        )

    # -- what the setup's rows read and write (``ui.seating.TableChoices``) -------------
    def level(self, bot: int) -> str:
        return self.levels[bot]

    def set_level(self, bot: int, level: str) -> None:
        self.levels[bot] = level

    def option(self, option: OptionSpec) -> Any:
        return self.options[option.id]

    def set_option(self, option: OptionSpec, value: Any) -> None:
        self.options[option.id] = value

    def engine_config(self, spec: Any = None) -> dict[str, Any]:
        return self.config().to_dict()

    def bot_settings(self) -> dict[str, Any]:
        return {"pace": self.pace}

    def bot_pace(self) -> float | None:
        return self.pace

    def set_bot_pace(self, pace: float) -> None:
        self.pace = pace

    # -- changes the scene makes ------------------------------------------------------
    def add_bot(self, level: str = DEFAULT_LEVEL) -> bool:
        """One more bot; False when the table is full. Teams that no longer divide evenly go."""
        if self.players >= MAX_PLAYERS:
            return False
        self.levels.append(level)
        self._keep_teams()
        return True

    def remove_bot(self) -> bool:
        if self.players <= MIN_PLAYERS:
            return False
        self.levels.pop()
        self._keep_teams()
        return True

    def _keep_teams(self) -> None:
        count = self.team_count
        self.teams = alternating_teams(self.players, count if count in self.team_counts() else 0)

    def team_counts(self) -> tuple[int, ...]:
        return team_counts_for(self.players)

    def set_team_count(self, count: int) -> None:
        self.teams = alternating_teams(self.players, count)

    def shuffle_teams(self, rng: random.Random) -> bool:
        """Random teams of the current count (two, or the fewest possible, when
        playing individually); False when the players cannot form equal teams."""
        counts = [k for k in self.team_counts() if k]
        if not counts:
            return False
        count = self.team_count or (2 if 2 in counts else counts[0])
        self.teams = random_teams(self.players, count, rng)
        return True

    # -- saved data -------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "levels": list(self.levels),
            "teams": None if self.teams is None else list(self.teams),
            "options": dict(self.options),
            "pace": self.pace,
        }

    @classmethod
    def from_dict(cls, data: Any) -> DominoSetup:
        """A setup from saved data; each unreadable field keeps its default."""
        setup = cls()
        if not isinstance(data, dict):
            return setup
        levels = data.get("levels")
        if isinstance(levels, list) and MIN_PLAYERS - 1 <= len(levels) <= MAX_PLAYERS - 1:
            setup.levels = [v if v in BOT_LEVELS else DEFAULT_LEVEL for v in levels]
        options = data.get("options")
        if isinstance(options, dict):
            for option in OPTIONS:
                value = options.get(option.id)
                if type(value) is type(option.default) and value in option.values:
                    setup.options[option.id] = value
        if data.get("pace") in BOT_PACES:
            setup.pace = float(data["pace"])
        teams = data.get("teams")
        if isinstance(teams, list) and len(teams) == setup.players:
            candidate = setup.config_with_teams(tuple(teams))
            if candidate is not None:
                setup.teams = candidate
        return setup

    def config_with_teams(self, teams: tuple[int, ...]) -> tuple[int, ...] | None:
        """``teams`` when they form a valid layout for this table, else None."""
        if not all(type(t) is int for t in teams):
            return None
        # the biggest set seats anyone, so only the team layout can be refused here
        probe = DominoConfig(seats=self.players, teams=teams, set_id="double-18")
        return teams if probe.validate() is None else None
