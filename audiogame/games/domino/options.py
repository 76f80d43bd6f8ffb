"""Match configuration: the table's options as data, and ``DominoConfig``.

``OPTIONS`` lists every option the setup offers, in order, as the contract's
``OptionSpec`` (``core.contract``): a stable id, the ``DominoConfig`` field it
sets, its kind, its default and its allowed values in order. The spec hands
them to the app (``GameSpec.options``): the setup builds its option rows from
them and ``describe_options`` says them. The number
of players (``seats``) and the team layout (``teams``) are set by the seating UI;
``TEAM_COUNTS`` and ``alternating_teams``/``random_teams`` help it.

``DominoConfig.validate()`` returns a ``SetupProblem`` (a stable string enum the
UI can say) or None; a set that cannot seat the players is refused, never
silently changed.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, fields
from enum import StrEnum
from typing import Any

from audiogame.core.contract import OptionSpec
from audiogame.core.narration import Message, Phrase
from audiogame.games.domino.tiles import SET_IDS, SETS

MIN_PLAYERS = 2
MAX_PLAYERS = 12
MIN_HAND = 5
MAX_HAND = 7
#: How many teams a table may have (0 means individual play).
TEAM_COUNTS: tuple[int, ...] = (0, 2, 3, 4, 5, 6)
#: the bots' levels, the weakest first: what the setups offer (each named by the
#: message ``bot-level-<level>``, which both games share), saves and servers accept
BOT_LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "expert")
MIN_TEAM_SIZE = 2
MAX_TEAM_SIZE = 6


OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("set", "set_id", "choice", "double-6", SET_IDS),
    OptionSpec("forbid-drawing", "forbid_drawing", "bool", False, (False, True)),
    OptionSpec("draw-with-playable", "draw_with_playable", "bool", False, (False, True)),
    OptionSpec("draw-until-fits", "draw_until_fits", "bool", False, (False, True)),
    OptionSpec("team-finish", "team_finish", "bool", False, (False, True)),
    OptionSpec("thinking-time", "thinking_time", "int", 0, (0, 10, 20, 30, 60), "off"),
    OptionSpec("manche-limit", "manche_limit", "int", 0, (0, *range(1, 51)), "unlimited"),
    # 0 (off) only with a manche limit: a match must be able to end (``validate``)
    OptionSpec("point-limit", "point_limit", "int", 100, (0, *range(25, 501, 25)), "off"),
)

OPTIONS_BY_ID: dict[str, OptionSpec] = {o.id: o for o in OPTIONS}


class SetupProblem(StrEnum):
    """Why a configuration is refused. Values are stable message ids."""

    BAD_PLAYER_COUNT = "bad-player-count"
    SET_TOO_SMALL = "set-too-small"
    BAD_OPTION_VALUE = "bad-option-value"
    BAD_TEAM_LAYOUT = "bad-team-layout"
    BAD_TEAM_COUNT = "bad-team-count"
    BAD_TEAM_SIZE = "bad-team-size"
    UNEQUAL_TEAMS = "unequal-teams"
    NO_LIMIT = "no-limit"  # neither a point limit nor a manche limit: no end


def hand_size(set_id: str, players: int) -> int:
    """Tiles dealt to each player ([ruling] ``min(7, tiles // players)``)."""
    return min(MAX_HAND, SETS[set_id].size // players)


def seats_for(set_id: str) -> int:
    """The most players a set can seat (each needs at least ``MIN_HAND`` tiles)."""
    spec = SETS[set_id]
    return max(n for n in range(MIN_PLAYERS, spec.max_players + 1) if spec.size // n >= MIN_HAND)


@dataclass(frozen=True, slots=True)
class DominoConfig:
    """Everything that defines a match. ``teams[seat]`` is the seat's team index.

    ``thinking_time`` is in seconds (0: off); ``manche_limit`` 0 is unlimited;
    ``point_limit`` 0 is off, allowed only with a manche limit. With both limits
    the match ends at the first one reached (``rules.match_result``).
    The engine never reads a clock: a turn's deadline is its start (game time,
    given with each action) plus ``thinking_time``.
    """

    set_id: str = "double-6"
    seats: int = 4
    teams: tuple[int, ...] | None = None
    forbid_drawing: bool = False
    draw_with_playable: bool = False
    draw_until_fits: bool = False
    team_finish: bool = False
    thinking_time: int = 0
    manche_limit: int = 0
    point_limit: int = 100

    def validate(self) -> SetupProblem | None:
        """The reason this table cannot be played, or None when it can."""
        for check in (self._seat_problem, self._option_problem, self._team_problem):
            problem = check()
            if problem is not None:
                return problem
        return None

    def problem_message(self) -> Message | None:
        """Why this table cannot be played, as the player hears it (None: it can);
        the setup here and an online table's creation say the same."""
        problem = self.validate()
        if problem is None:
            return None
        known = self.set_id in SETS
        args = {
            "set": Phrase(f"domino-option-set-{self.set_id}") if known else self.set_id,
            "players": self.seats,
            "max": seats_for(self.set_id) if known else 0,
        }
        return Message(f"domino-problem-{problem.value}", args)

    def _seat_problem(self) -> SetupProblem | None:
        if not MIN_PLAYERS <= self.seats <= MAX_PLAYERS:
            return SetupProblem.BAD_PLAYER_COUNT
        if self.set_id not in SETS:
            return SetupProblem.BAD_OPTION_VALUE
        if self.seats > SETS[self.set_id].max_players:
            return SetupProblem.SET_TOO_SMALL
        if hand_size(self.set_id, self.seats) < MIN_HAND:
            return SetupProblem.SET_TOO_SMALL
        return None

    def _option_problem(self) -> SetupProblem | None:
        for option in OPTIONS:
            value = getattr(self, option.field)
            if type(value) is not type(option.default) or value not in option.values:
                return SetupProblem.BAD_OPTION_VALUE
        if not self.point_limit and not self.manche_limit:
            return SetupProblem.NO_LIMIT
        return None

    def _team_problem(self) -> SetupProblem | None:
        if self.teams is None:
            return None
        if len(self.teams) != self.seats:
            return SetupProblem.BAD_TEAM_LAYOUT
        count = max(self.teams, default=-1) + 1
        if sorted(set(self.teams)) != list(range(count)):
            return SetupProblem.BAD_TEAM_LAYOUT
        if count not in TEAM_COUNTS or count == 0:
            return SetupProblem.BAD_TEAM_COUNT
        sizes = {self.teams.count(t) for t in range(count)}
        if len(sizes) != 1:
            return SetupProblem.UNEQUAL_TEAMS
        if not MIN_TEAM_SIZE <= sizes.pop() <= MAX_TEAM_SIZE:
            return SetupProblem.BAD_TEAM_SIZE
        return None

    @property
    def team_count(self) -> int:
        return 0 if self.teams is None else max(self.teams) + 1

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["teams"] = None if self.teams is None else list(self.teams)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DominoConfig:
        known = {f.name for f in fields(cls)}
        kwargs = {k: v for k, v in data.items() if k in known}
        if kwargs.get("teams") is not None:
            kwargs["teams"] = tuple(kwargs["teams"])
        return cls(**kwargs)

    def with_option(self, option_id: str, value: Any) -> DominoConfig:
        """A copy with one option (by its stable id) changed."""
        data = self.to_dict()
        data[OPTIONS_BY_ID[option_id].field] = value
        return DominoConfig.from_dict(data)


def alternating_teams(seats: int, team_count: int) -> tuple[int, ...] | None:
    """[ruling] Partners sit alternately: A B C A B C ... (None for individual play)."""
    if team_count == 0:
        return None
    return tuple(seat % team_count for seat in range(seats))


def random_teams(seats: int, team_count: int, rng: random.Random) -> tuple[int, ...] | None:
    """Players dealt into random teams of equal size (Shift+R in the setup)."""
    layout = alternating_teams(seats, team_count)
    if layout is None:
        return None
    shuffled = list(layout)
    rng.shuffle(shuffled)
    return tuple(shuffled)
