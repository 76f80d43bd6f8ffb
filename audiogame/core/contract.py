"""The contract every game meets: one vocabulary for the app, the server and the tests.

An engine is pure: it owns its state and a seeded ``random.Random``, made
when the engine is (all its chance comes from that generator: the conformance
suite changes its draws to build other possible games, and checks that a seat
sees only what it was told); time is an input (game-clock seconds, never the
wall clock); actions go in and events come out, each event with the
``Audience`` that may know it.

- ``apply(seat, action, now) -> Result``: the seat is named by the caller
  (a server takes it from the connection, never from the message); ``None`` is
  the table itself (dealing the next manche). First every happening due
  before ``now`` runs, then the action; ``Result.events`` holds both. A refused
  action changes nothing and says why (``Result.refusal``, a ``StrEnum`` whose
  values are stable ids: the message ``<game>-refusal-<value>``).
- ``why_not(seat, action, now)``: the refusal ``apply`` would give, changing nothing.
- ``legal_actions(seat, now)``: what the seat may do now. ``None`` asks for
  the table's own actions (``NextManche`` when the next manche waits to be
  dealt), empty for most games: a server, the conformance suite and a table
  learn from it when the table must act.
- ``observation(seat)``: an immutable snapshot of what the seat may know
  (``None``: a spectator, who sees only what is public).
- ``next_deadline()`` / ``advance(now)``: when the game changes by itself next
  (a thinking time runs out, dice land), and making it happen. A scheduler keeps
  one call at ``next_deadline()``.
- ``is_over`` / ``outcome``; ``to_dict`` / ``from_dict`` (plain JSON data: the
  configuration, the seed and the timed log of accepted actions; replaying it
  gives the same game, event by event).

Bots decide from an observation only (``Bot``); narration is a pure function
of a batch of events and the listener's observation (``Narrate``). A game is
registered once, by a ``GameSpec`` in its folder's ``spec.py``
(``audiogame.games.registry`` finds it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum, StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from audiogame.core.controls import Controls
from audiogame.core.narration import Narrate

if TYPE_CHECKING:
    import random

    from audiogame.core.board import BoardOf
    from audiogame.core.cues import Cue
    from audiogame.core.narration import Message


# -- who may know an event ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Audience:
    """Who may know an event: everyone (``seats is None``) or just these seats."""

    seats: frozenset[int] | None = None

    @classmethod
    def everyone(cls) -> Audience:
        return cls(None)

    @classmethod
    def only(cls, *seats: int) -> Audience:
        return cls(frozenset(seats))

    def includes(self, seat: int | None) -> bool:
        """True when ``seat`` may know the event; ``None`` is a spectator."""
        if self.seats is None:
            return True
        return seat is not None and seat in self.seats


#: Audience value meaning "every seat and every spectator".
PUBLIC = Audience.everyone()
EVERYONE: frozenset[int] | None = None


def visible_to(event: object, seat: int | None) -> bool:
    """Whether a seat may know an event (events without an audience are public)."""
    audience = getattr(event, "audience", PUBLIC)
    return bool(audience.includes(seat))


def heard_by(events: Sequence[Any], seat: int | None) -> list[Any]:
    """The events of a batch that ``seat`` may know, in order."""
    return [e for e in events if visible_to(e, seat)]


# -- what apply returns, and how a game ends -------------------------------------------


class Result(Protocol):
    """What ``Engine.apply`` returns: the events in order, or why nothing happened.

    ``events`` may still hold happenings that fell due before a refused action
    (dice landing): narrate them all.
    """

    @property
    def events(self) -> Sequence[Any]: ...

    @property
    def refusal(self) -> StrEnum | None: ...

    @property
    def ok(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended, in the terms every game shares.

    ``ranks[seat]`` is the seat's place (1 is best; equal places are ties);
    ``sides[seat]`` is who the seat shares its result with (its team, or its
    own index in individual play): what ratings and a results list need.
    """

    winners: tuple[int, ...]
    ranks: tuple[int, ...]
    sides: tuple[int, ...]
    #: each side's final score, in the game's own unit (points, coasters); per side
    scores: tuple[int, ...] = ()

    @property
    def shared(self) -> bool:
        return len({self.sides[s] for s in self.winners}) > 1


def ranks_from_scores(scores: Sequence[int], lower_is_better: bool) -> tuple[int, ...]:
    """Competition ranks (1, 2, 2, 4) of the given scores."""
    sign = 1 if lower_is_better else -1
    return tuple(1 + sum(1 for other in scores if sign * other < sign * v) for v in scores)


# -- the engine ---------------------------------------------------------------------


@runtime_checkable
class Engine(Protocol):
    """One game in progress. See the module docstring."""

    @property
    def seats(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def outcome(self) -> Outcome | None: ...

    def apply(self, seat: int | None, action: Any, now: float) -> Result: ...

    def why_not(self, seat: int | None, action: Any, now: float) -> StrEnum | None: ...

    def legal_actions(self, seat: int | None, now: float) -> Sequence[Any]: ...

    def observation(self, seat: int | None) -> Any: ...

    def next_deadline(self) -> float | None: ...

    def advance(self, now: float) -> Sequence[Any]: ...

    def to_dict(self) -> dict[str, Any]: ...


# -- bots ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Decision:
    """A bot's answer: ``action`` at game time ``at`` (its reaction, its pace)."""

    at: float
    action: Any


class Thinking(Protocol):
    """A decision that takes work: the session runs ``step`` in short slices between
    frames until it returns True, then reads ``decision``. Once it has finished,
    the bot's ``decide`` in the same situation answers that ``Decision``."""

    def step(self) -> bool: ...

    @property
    def decision(self) -> Decision | None: ...


class Bot(Protocol):
    """One seat played by the computer, deciding from its observation only.

    ``decide`` may be asked again and again in the same situation and must answer
    the same (a bot draws its delays once per situation). Its whole state,
    random generator included, goes through ``state``/``restore`` as plain data,
    so a resumed bot decides exactly as it would have.
    """

    seat: int
    level: str

    def decide(self, observation: Any) -> Decision | Thinking | None: ...

    def state(self) -> dict[str, Any]: ...

    def restore(self, data: Mapping[str, Any]) -> None: ...


#: words of a Mersenne Twister's state (``random.Random``), before its index
_MT_WORDS = 624


def random_state_to_data(state: tuple[Any, ...]) -> list[Any]:
    """``random.Random.getstate()`` as plain JSON data, for a bot's ``state()``."""
    version, words, gauss = state
    return [version, list(words), gauss]


def random_state_from_data(data: Any) -> tuple[Any, ...]:
    """The ``random.Random`` state ``random_state_to_data`` wrote, checked word by word;
    ``ValueError`` when it is not one (for a bot's ``restore``)."""
    import math
    import random

    if not isinstance(data, list | tuple) or len(data) != 3:
        raise ValueError("not a random generator's state")
    version, words, gauss = data
    if type(version) is not int or not isinstance(words, list | tuple):
        raise ValueError("not a random generator's state")
    if len(words) != _MT_WORDS + 1 or any(type(w) is not int for w in words):
        raise ValueError("not a random generator's state")
    if any(not 0 <= w < 2**32 for w in words[:-1]) or not 0 <= words[-1] <= _MT_WORDS:
        raise ValueError("not a random generator's state")
    if gauss is not None and (type(gauss) is not float or not math.isfinite(gauss)):
        raise ValueError("not a random generator's state")
    state = (version, tuple(words), gauss)
    try:
        random.Random().setstate(state)  # the generator's own checks, on a spare one
    except (ValueError, TypeError, OverflowError) as exc:
        raise ValueError("not a random generator's state") from exc
    return state


# -- options ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a game's setup, as data: every setup screen and the
    server's table options are built from these.

    ``kind``: "bool", "choice" (stable string ids) or "int"; ``values`` in the
    order the setup offers them. For "int", ``zero_means`` says what 0 stands
    for ("off", "unlimited" or ""). ``per_seat``: one value per seat.
    The option's name and description are the messages
    ``<game>-option-<id>`` and ``<game>-option-<id>-desc``.

    A ``per_seat`` option at a table of several people (online): each player's seat
    has its own value, and a bot's seat takes the first of ``bots_follow`` that any
    player's seat has, else the default (the game's rule, as data: the server knows
    no game).
    """

    id: str
    field: str
    kind: str
    default: Any
    values: tuple[Any, ...]
    zero_means: str = ""
    per_seat: bool = False
    bots_follow: tuple[Any, ...] = ()

    def offers(self, value: Any) -> bool:
        """``value`` as plain data (an enum's value) is one this option offers: of the
        default's very type (a ``True`` is no 1), and among ``values``."""
        return type(value) is type(plain_value(self.default)) and value in self.values

    def after(self, value: Any) -> Any:
        """The value after ``value`` (plain data), round again after the last."""
        values = [plain_value(v) for v in self.values]
        return values[(values.index(value) + 1) % len(values)] if value in values else values[0]

    def for_bots(self, players: Sequence[Any]) -> Any:
        """A bot seat's value, from the values of the players' seats (plain data)."""
        found = (plain_value(v) for v in self.bots_follow if v in players)
        return next(found, plain_value(self.default))


def plain_value(value: Any) -> Any:
    """An option's value as it travels and is kept (an enum's value)."""
    return value.value if isinstance(value, Enum) else value


def seat_values(
    options: Sequence[OptionSpec], chosen: Sequence[Mapping[str, Any] | None]
) -> dict[str, list[Any]]:
    """Each per-seat option's value at every seat, by option id, as plain data:
    ``chosen[seat]`` is a player's choices (a value missing or not offered: the
    default), None a seat a bot plays (``OptionSpec.for_bots``) or nobody."""
    values: dict[str, list[Any]] = {}
    for option in options:
        if not option.per_seat:
            continue
        default = plain_value(option.default)
        players = [
            c[option.id] if option.offers(c.get(option.id)) else default
            for c in chosen
            if c is not None
        ]
        bots = option.for_bots(players)
        it = iter(players)
        values[option.id] = [bots if c is None else next(it) for c in chosen]
    return values


@dataclass(frozen=True, slots=True)
class BotPace:
    """The seconds a game's bots may wait before their moves, so a listener can follow
    them: the setup offers ``values`` (a row of its own, "Bot pace") and the bots are
    made with the one chosen (``make_bot(..., pace=seconds)``)."""

    values: tuple[float, ...]
    default: float


# -- what crosses the network ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class WireTypes:
    """The types a game sends over the network, for ``audiogame.net``'s generic codec:
    its actions, its events and its observation (frozen dataclasses whose fields
    are scalars, enums, named tuples, tuples, frozensets, unions and other such
    dataclasses). Nothing else of a game is ever decoded from a connection."""

    actions: tuple[type, ...]
    events: tuple[type, ...]
    observation: type
    #: actions only the table itself makes (seat ``None``: dealing the next round):
    #: kept in a match's log, never accepted from a connection
    table_actions: tuple[type, ...] = ()


# -- a game against the clock ---------------------------------------------------------------

#: (game time, the events the engine gives there by itself, each asked seat's view after
#: them): one happening a real-time game will bring if nobody acts meanwhile
Foreseen = tuple[float, Sequence[Any], Mapping[int | None, Any]]


@dataclass(frozen=True, slots=True)
class RealTime:
    """What a server and its clients need of a game played against the clock (a race),
    beyond the contract: such a table applies each action at the time it was pressed
    and lets every client hear the game's own happenings at their very time
    (docs/online-protocol.md, "A race over the network")."""

    #: (engine, seats) -> the happenings ahead worth hearing on time (dice landing, the
    #: race starting), with each seat's view after them (None: a spectator's)
    foresee: Callable[[Engine, Sequence[int | None]], list[Foreseen]]
    #: (a spectator's observation) -> no race is under way: a player who came back takes
    #: their seat from the bot now, and chat held during the race is delivered
    settled: Callable[[Any], bool]
    #: (a seat's observation, names) -> where the race stands, said to a player coming
    #: back mid-match (no history replayed: a race moves too fast for it)
    situation: Callable[[Any, Sequence[str]], list[Message]]


# -- a game, registered once ----------------------------------------------------------------


@dataclass(frozen=True)
class GameSpec:
    """Everything the app, the server, saving, the fuzzer and the tests need of a game.

    Heavy parts (engine, scenes) are reached through the callables, which import
    them when first called: the main menu reads titles without loading a game.
    """

    #: stable id: saves, settings and the network name the game by it
    id: str
    #: message id of its name on the main menu (and in the guides' headings)
    title_id: str
    #: where it stands on the main menu (lower first)
    order: int
    #: ``docs/<guide>.<lang>.md``, read with Ctrl+F1
    guide: str
    #: a new set of the table's controls over one seat's view (``core.controls``): the
    #: one key map of the desktop table, the terminal, the server's web keys and a
    #: touch page. Required: a game gives its keys as data, and every client seats a
    #: player from them
    controls: Callable[[], Controls]
    #: its Fluent files (``<lang>/*.ftl``) when they live in the game's folder
    locales: Path | None = None
    #: the folder of its sound files, when they live in the game's folder
    sounds: Path | None = None
    #: the folder of its guide (``<guide>.<lang>.md``), when it lives in the game's folder
    docs: Path | None = None
    #: its sound cues
    cues: tuple[Cue, ...] = ()
    #: its setup options (table-wide and per seat)
    options: tuple[OptionSpec, ...] = ()
    #: the bot levels the setup offers, weakest first
    bot_levels: tuple[str, ...] = ()
    #: seats a table may have
    min_seats: int = 2
    max_seats: int = 2
    #: (config as plain data, seed, start time) -> a new engine
    new_engine: Callable[[Mapping[str, Any], int | str, float], Engine] | None = None
    #: the engine's ``to_dict`` back to an engine (replaying its log)
    engine_from_dict: Callable[[Mapping[str, Any]], Engine] | None = None
    #: a random valid configuration (plain data) with this many seats
    random_config: Callable[[random.Random, int], dict[str, Any]] | None = None
    #: (seat, level, seed, **settings) -> a bot; ``settings``: the table's bot settings
    #: as plain data (the pace the setup chose, the game's ``bot_settings``), none when
    #: the game has neither
    make_bot: Callable[..., Bot] | None = None
    #: () -> what a new match's bots are made with beside their level and pace, read as
    #: the match starts (Domino: the hard bots' budget of deals, which tests make
    #: smaller): plain data, kept in the saved match
    bot_settings: Callable[[], Mapping[str, Any]] | None = None
    #: the bots' names, seat 1 first, said by the setup and the table (empty: "Bot 2",
    #: "Bot 3"… in the player's language)
    bot_names: tuple[str, ...] = ()
    #: the bots' pace the setup offers (None: the game's bots keep their own)
    bot_pace: BotPace | None = None
    narrate: Narrate | None = None
    #: ``(view, names, focus) -> Board``: the table in large print for the window
    #: (``core.board``); None: the window shows the table's name and whose turn
    board: BoardOf | None = None
    #: broken invariants of an engine (empty when all hold): tests and the fuzzer
    invariants: Callable[[Engine], list[str]] | None = None
    #: what the main menu says of a saved match (``ValueError``: numbers not a match's,
    #: then the game's name alone is said)
    describe_save: Callable[[Mapping[str, Any]], tuple[str, dict[str, Any]]] | None = None
    #: the state bytes of a save file -> plain data, decoded and checked by the game's
    #: schema (every field typed and bounded) before anything is rebuilt; raises
    #: ``OtherVersion`` or ``ValueError``. None: plain JSON, checked by ``resume`` alone
    read_save: Callable[[bytes], Any] | None = None
    #: the types that cross the network (imported when first called); None: not
    #: playable online
    wire: Callable[[], WireTypes] | None = None
    #: a game against the clock (None: turn-based); imported when first called
    realtime: Callable[[], RealTime] | None = None
    #: a table of this many seats with these option values (by ``OptionSpec.field``),
    #: as the plain data ``new_engine`` takes: what an online table's creator asks for
    table_config: Callable[[int, Mapping[str, Any]], dict[str, Any]] | None = None
    #: why a configuration (the plain data ``new_engine`` takes) cannot be played, as
    #: the game's own setup says it (None: it can); an online table's creator hears it.
    #: None: the game has no such words, and a refusal is said in general terms
    setup_problem: Callable[[Mapping[str, Any]], Message | None] | None = None
    #: where a match stands, from a spectator's view and the seats' names (the
    #: scores, the round): what the online table list says of a table without joining
    standing: Callable[[Any, Sequence[str]], list[Message]] | None = None
    #: message id of its short name, said inside sentences ("a table of Tira e
    #: Passa", "the table setup of …"); empty: the title is short enough already
    name_id: str = ""

    @property
    def name_message(self) -> str:
        """The message id that names the game inside a sentence."""
        return self.name_id or self.title_id
