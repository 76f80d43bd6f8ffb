"""A saved Tira & Passa match's shape, every field typed and bounded (``msgspec``).

``read_state`` decodes the state part of a save file into these types before
``saving.restore_match`` replays anything: seats, dice, coasters (each at most
once in the pile), faces, times (finite, in order, within the match's span),
the bots' random generators and the log's length are checked while decoding.
The longest games measured (six players until the pile is exhausted) log
about 500 entries and replay in a few milliseconds; ``MAX_LOG`` allows forty
times that.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from audiogame.core import saving
from audiogame.core.saving import Rng, Seed, check_seeds, check_streams

KIND = "tira-match"
#: 2: actions beside their seat in the log, bots' generators as their words;
#: 3: the generators' words packed (``bots.TiraBot.state``);
#: 4: a throw with a supreme die in hand is refused, bots play with the human's
#: controls and wait a "key" delay by hand (a version-3 log may not replay);
#: 5: the envelope every game shares (``core.saving``: engine, bots, view), the
#: bots' generators as ``core.contract.random_state_to_data`` writes them
VERSION = 5

MAX_PLAYERS = 6
#: three dice each, every die may end up in one hand
MAX_DICE = 3 * MAX_PLAYERS
COASTERS = 18
MAX_LOG = 20_000
MAX_FACES = 10_000
MAX_TIME = 1e10
#: a match is not played for a year (clock and log times from its start)
MAX_SPAN = 365 * 86_400.0
#: the game time of a snapshot after the last thing that happened in it
MAX_IDLE = 86_400.0

Seat = Annotated[int, msgspec.Meta(ge=0, lt=MAX_PLAYERS)]
Time = Annotated[float, msgspec.Meta(ge=0.0, le=MAX_TIME)]
SymbolId = Literal["clover", "pig", "cat", "penny", "horseshoe", "hamsa"]
Level = Literal["practice", "easy", "normal", "hard"]
Speed = Literal["slow", "normal", "fast"]
Variant = Literal["first-to-three", "until-pile-exhausted"]
Control = Literal["assisted", "manual"]
Delay = Annotated[float, msgspec.Meta(ge=0.0, le=600.0)]


class Setup(msgspec.Struct, forbid_unknown_fields=True):
    players: Annotated[int, msgspec.Meta(ge=2, le=MAX_PLAYERS)]
    speed: Speed
    variant: Variant
    control: Control
    levels: Annotated[list[Level], msgspec.Meta(max_length=MAX_PLAYERS - 1)]


class Timing(msgspec.Struct, forbid_unknown_fields=True):
    signal_delay: Delay
    race_delay: Delay
    calm_auto_delay: Delay
    between_rounds: Delay


class Config(msgspec.Struct, forbid_unknown_fields=True):
    players: Annotated[int, msgspec.Meta(ge=2, le=MAX_PLAYERS)]
    speed: Speed
    variant: Variant
    controls: Annotated[list[Control], msgspec.Meta(max_length=MAX_PLAYERS)] | None
    bots: Annotated[list[Level | None], msgspec.Meta(max_length=MAX_PLAYERS)] | None
    timing: Timing


class Throw(msgspec.Struct, tag="throw", tag_field="kind", forbid_unknown_fields=True):
    pass


class Send(msgspec.Struct, tag="send", tag_field="kind", forbid_unknown_fields=True):
    die: Annotated[int, msgspec.Meta(ge=0, lt=MAX_DICE)] | SymbolId
    to: Literal["tray", "left", "right"] | None


#: (game time, seat or None for the table, action or None, judges-at-now)
Entry = tuple[Time, Seat | None, Throw | Send | None, bool]


class Game(msgspec.Struct, forbid_unknown_fields=True):
    config: Config
    seed: Seed
    start_at: Time
    pile: (
        Annotated[
            list[Annotated[int, msgspec.Meta(ge=0, lt=COASTERS)]], msgspec.Meta(max_length=COASTERS)
        ]
        | None
    )
    faces: Annotated[list[SymbolId], msgspec.Meta(max_length=MAX_FACES)]
    log: Annotated[list[Entry], msgspec.Meta(max_length=MAX_LOG)]

    def __post_init__(self) -> None:
        if self.pile is not None and len(set(self.pile)) != len(self.pile):
            raise ValueError("a coaster twice in the pile")
        last = self.start_at
        for t, seat, _action, _judges in self.log:
            if not (last <= t <= self.start_at + MAX_SPAN):
                raise ValueError("a log entry outside the match's span")
            if seat is not None and seat >= self.config.players:
                raise ValueError("a log entry by a seat not at the table")
            last = t

    @property
    def last_time(self) -> float:
        return self.log[-1][0] if self.log else self.start_at


class Bot(msgspec.Struct, forbid_unknown_fields=True):
    rng: Rng
    memo: dict[Literal["react", "key"], tuple[Time, Delay]]


class View(msgspec.Struct, forbid_unknown_fields=True):
    """The table's own: the game time of the snapshot, the die my arrows are on."""

    clock: Time
    cursor: Annotated[int, msgspec.Meta(ge=0, lt=MAX_DICE)]


class State(msgspec.Struct, forbid_unknown_fields=True):
    """The envelope every game saves in (``core.saving``), with Tira & Passa's parts."""

    kind: Literal["tira-match"]
    version: Literal[5]
    setup: Setup
    seed: Seed
    engine: Game
    bots: Annotated[
        dict[Literal["1", "2", "3", "4", "5"], Bot], msgspec.Meta(max_length=MAX_PLAYERS - 1)
    ]
    view: View

    def __post_init__(self) -> None:
        check_seeds(self.seed, self.engine.seed)
        if self.setup.players != self.engine.config.players:
            raise ValueError("the setup and the game seat different tables")
        last = self.engine.last_time
        if not last <= self.view.clock <= last + MAX_IDLE:
            raise ValueError("the clock is outside the match's span")
        if any(int(seat) >= self.engine.config.players for seat in self.bots):
            raise ValueError("a bot at a seat not at the table")
        check_streams(bot.rng for bot in self.bots.values())


def read_state(body: bytes) -> dict[str, Any]:
    """The state of a saved Tira & Passa match, decoded and checked; plain data as
    ``saving.restore_match`` takes it. ``OtherVersion``, or ``ValueError`` with
    the reason, when it is not a match this version can rebuild."""
    return saving.read_state(body, State, KIND, VERSION, "Tira & Passa match")


class Summary(msgspec.Struct, forbid_unknown_fields=True):
    """What the main menu says: numbers checked before they are spoken."""

    round: Annotated[int, msgspec.Meta(ge=1, le=1_000)]
    players: Annotated[int, msgspec.Meta(ge=2, le=MAX_PLAYERS)]
    won: Annotated[int, msgspec.Meta(ge=0, le=COASTERS)]


def describe(summary: Any) -> tuple[str, dict[str, Any]]:
    """The resume item's message; ``ValueError`` when the numbers are not a match's."""
    return saving.describe(summary, Summary, "tira-saved-match")
