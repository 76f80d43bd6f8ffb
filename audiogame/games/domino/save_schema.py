"""A saved domino match's shape, every field typed and bounded (``msgspec``).

``read_state`` decodes the state part of a save file straight into these
types, so nothing unbounded is ever built: seats, tile ids, counts and times
are checked while decoding, before ``saving.restore_match`` replays anything.
Bounds are generous against real play and tight against hostile files: the
longest logs measured (12 players, doubled double-12 set, 500 points) hold
about 2,700 entries and replay in 30 ms; ``MAX_LOG`` allows seven times
that, so resuming the worst file this accepts stays well under a second.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from audiogame.core import saving
from audiogame.core.saving import BotSeat, Rng, Seed, check_seeds, check_streams

KIND = "domino-match"
#: 2: the log is timed (time-outs are the engine's, not the table's actions);
#: 3: each bot saves its own state() (its stream inside {"rng": ...});
#: 4: the envelope every game shares (``core.saving``: engine, bots, view);
#: 5: the app's view (``core.match_save``: clock, the controls' state, the table's own)
VERSION = 5

MAX_SEATS = 12
#: more than any set holds (the doubled double-18 has 380 tiles)
MAX_TILE = 1000
MAX_LOG = 20_000
#: the hard bot's budget of deals per decision: ten times the table's own
MAX_ITERATIONS = 3_000
#: game times are seconds on the app's clock; a match is not played for a year
MAX_TIME = 1e10
MAX_SPAN = 365 * 86_400.0

Seat = Annotated[int, msgspec.Meta(ge=0, lt=MAX_SEATS)]
Tile = Annotated[int, msgspec.Meta(ge=0, lt=MAX_TILE)]
Time = Annotated[float, msgspec.Meta(ge=0.0, le=MAX_TIME)]
Name = Annotated[str, msgspec.Meta(max_length=32)]
Level = Literal["easy", "normal", "hard", "expert"]
OptionValue = bool | Annotated[int, msgspec.Meta(ge=0, le=10_000)] | Name


class Setup(msgspec.Struct, forbid_unknown_fields=True):
    levels: Annotated[list[Level], msgspec.Meta(min_length=1, max_length=MAX_SEATS - 1)]
    teams: Annotated[list[Seat], msgspec.Meta(max_length=MAX_SEATS)] | None
    options: Annotated[dict[Name, OptionValue], msgspec.Meta(max_length=16)]
    pace: Annotated[float, msgspec.Meta(ge=0.0, le=60.0)]


class Config(msgspec.Struct, forbid_unknown_fields=True):
    set_id: Name
    seats: Annotated[int, msgspec.Meta(ge=2, le=MAX_SEATS)]
    teams: Annotated[list[Seat], msgspec.Meta(max_length=MAX_SEATS)] | None
    forbid_drawing: bool
    draw_with_playable: bool
    draw_until_fits: bool
    team_finish: bool
    thinking_time: Annotated[int, msgspec.Meta(ge=0, le=3_600)]
    manche_limit: Annotated[int, msgspec.Meta(ge=0, le=1_000)]
    point_limit: Annotated[int, msgspec.Meta(ge=0, le=10_000)]


class Entry(msgspec.Struct, forbid_unknown_fields=True):
    """One log entry: an action (``kind``) by a seat (None: the table) at time ``t``."""

    t: Time
    seat: Seat | None
    kind: Literal["play", "draw", "pass", "next-manche", "deal", "time-out"]
    uid: Tile | None = None
    end: Literal["left", "right"] | None = None
    hands: (
        Annotated[
            list[Annotated[list[Tile], msgspec.Meta(max_length=MAX_TILE)]],
            msgspec.Meta(max_length=MAX_SEATS),
        ]
        | None
    ) = None
    boneyard: Annotated[list[Tile], msgspec.Meta(max_length=MAX_TILE)] | None = None


class Match(msgspec.Struct, forbid_unknown_fields=True):
    config: Config
    seed: Seed
    auto_pass: bool
    start: Time
    log: Annotated[list[Entry], msgspec.Meta(max_length=MAX_LOG)]

    def __post_init__(self) -> None:
        last = self.start
        for entry in self.log:
            if not (last <= entry.t <= self.start + MAX_SPAN):
                raise ValueError("a log entry outside the match's span")
            if entry.seat is not None and entry.seat >= self.config.seats:
                raise ValueError("a log entry by a seat not at the table")
            last = entry.t


class BotState(msgspec.Struct, forbid_unknown_fields=True):
    """A bot's ``state()``: its random stream as it was before its pending decision."""

    rng: Rng


class Cursor(msgspec.Struct, forbid_unknown_fields=True):
    """The controls' ``state()``: the player's sort order, cursor and group."""

    order: Name
    focus: Tile | None
    group: Annotated[int, msgspec.Meta(ge=0, le=MAX_TILE)]


class Own(msgspec.Struct, forbid_unknown_fields=True):
    """The table's own: the hard bots' budget, the pause asked between manches."""

    iterations: Annotated[int, msgspec.Meta(ge=1, le=MAX_ITERATIONS)]
    pause: bool


class View(msgspec.Struct, forbid_unknown_fields=True):
    """The app's view of a saved match (``core.match_save``)."""

    clock: Time
    controls: Cursor
    table: Own


class State(msgspec.Struct, forbid_unknown_fields=True):
    """The envelope every game saves in (``core.saving``), with Domino's parts."""

    kind: Literal["domino-match"]
    version: Literal[5]
    setup: Setup
    seed: Seed
    engine: Match
    bots: Annotated[dict[BotSeat, BotState], msgspec.Meta(max_length=MAX_SEATS - 1)]
    view: View

    def __post_init__(self) -> None:
        check_parts(self.setup, self.seed, self.engine, self.bots)


def check_parts(setup: Setup, seed: int | str, engine: Match, bots: dict[str, BotState]) -> None:
    """What the fields' types cannot say: the seeds, the seats and the bots agree."""
    check_seeds(seed, engine.seed)
    if len(setup.levels) + 1 != engine.config.seats:
        raise ValueError("the setup and the match seat different tables")
    if any(int(seat) not in range(1, engine.config.seats) for seat in bots):
        raise ValueError("a bot at a seat not at the table")
    check_streams(bot.rng for bot in bots.values())


def read_state(body: bytes) -> dict[str, Any]:
    """The state of a saved domino match of this version, decoded and checked; plain
    data as ``saving.restore_match`` takes it. ``OtherVersion``, or ``ValueError``
    with the reason, when it is not a match of this version (``save_versions`` reads
    the older ones this code still migrates)."""
    return saving.read_state(body, State, KIND, VERSION, "domino match")


class Summary(msgspec.Struct, forbid_unknown_fields=True):
    """What the main menu says: numbers checked before they are spoken."""

    manche: Annotated[int, msgspec.Meta(ge=1, le=1_000)]
    players: Annotated[int, msgspec.Meta(ge=2, le=MAX_SEATS)]
    score: Annotated[int, msgspec.Meta(ge=0, le=100_000)]


def describe(summary: Any) -> tuple[str, dict[str, Any]]:
    """The resume item's message; ``ValueError`` when the numbers are not a match's."""
    return saving.describe(summary, Summary, "domino-saved-match")
