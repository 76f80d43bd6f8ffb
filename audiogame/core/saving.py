"""A saved match's one envelope, the same for every game: built, checked, decoded.

What a table's autosave writes (``seal``)::

    {"kind": "<game>-match", "version": N,
     "setup": the table the player chose (the game's setup as plain data),
     "seed": the match's seed (the next match of the evening takes the next one),
     "engine": the engine's to_dict (config, seed, start time, timed log),
     "bots": {"<seat>": that bot's state()},
     "view": the table's own: the player's cursor, sort order... (the game's)}

Each game supplies its parts (its setup's and its view's to/from data, its
engine, its bots) and its schema (``save_schema.py``: every field typed and
bounded, decoded by ``read_state`` before anything is rebuilt). ``open_envelope``
checks what every game's save must hold and hands the parts back;
``restore_bots`` gives each bot of the table its saved state, and refuses
a save whose bots are not the table's. ``BotStates`` keeps each bot's state
as JSON text until it changes: a snapshot is taken after every action.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, TypeVar

import msgspec

from audiogame.core.contract import Bot
from audiogame.core.jsonlog import RawJson, dump


class OtherVersion(ValueError):
    """A snapshot written by another version of the save format (or of a game's)."""


FIELDS = frozenset({"kind", "version", "setup", "seed", "engine", "bots", "view"})


def seal(
    kind: str,
    version: int,
    setup: Any,
    seed: int | str,
    engine: Any,
    bots: Mapping[str, Any],
    view: Mapping[str, Any],
) -> dict[str, Any]:
    """The envelope of one snapshot (``engine`` and ``bots`` may hold ``RawJson``)."""
    return {
        "kind": kind,
        "version": version,
        "setup": setup,
        "seed": seed,
        "engine": engine,
        "bots": dict(bots),
        "view": dict(view),
    }


@dataclass(frozen=True)
class Envelope:
    """A saved match's parts, checked for what every game's save must hold."""

    setup: Any
    seed: int | str
    engine: Mapping[str, Any]
    bots: dict[int, Mapping[str, Any]]
    view: Mapping[str, Any]


def open_envelope(state: Any, kind: str, version: int) -> Envelope:
    """The parts of a saved match; ``OtherVersion`` for another version's,
    ``ValueError`` for anything that is not a ``kind`` match."""
    if not isinstance(state, Mapping) or state.get("kind") != kind:
        raise ValueError(f"not a {kind}")
    if state.get("version") != version:
        raise OtherVersion(f"a {kind} from another version")
    # a snapshot straight from a table holds RawJson pieces: plain data first
    plain = json.loads(dump(dict(state)))
    if set(plain) != FIELDS:
        raise ValueError(f"a {kind} with other parts: {sorted(plain)}")
    seed, engine, bots, view = plain["seed"], plain["engine"], plain["bots"], plain["view"]
    if type(seed) not in (int, str) or not isinstance(engine, dict) or engine.get("seed") != seed:
        raise ValueError("bad seed")
    if not isinstance(bots, dict) or not isinstance(view, dict):
        raise ValueError("the bots or the view are not tables")
    seats: dict[int, Mapping[str, Any]] = {}
    for seat, data in bots.items():
        if not (isinstance(seat, str) and seat.isdigit() and len(seat) <= 2):
            raise ValueError("a bot at a seat that is not one")
        if not isinstance(data, dict):
            raise ValueError("a bot's state is not a mapping")
        seats[int(seat)] = data
    return Envelope(plain["setup"], seed, engine, seats, view)


R = TypeVar("R")


def restore(state: Any, kind: str, version: int, build: Callable[[Envelope], R]) -> R:
    """``build`` the match from its opened envelope; anything missing or of the wrong
    shape inside becomes ``ValueError`` (the menu then refuses the save)."""
    try:
        return build(open_envelope(state, kind, version))
    except (KeyError, TypeError, AttributeError, IndexError) as exc:
        raise ValueError(f"not a {kind}: {exc!r}") from exc


B = TypeVar("B", bound=Bot)


def restore_bots(bots: Mapping[int, B], saved: Mapping[int, Mapping[str, Any]]) -> dict[int, B]:
    """Each bot of the table back to its saved state; ``ValueError`` when the saved
    bots are not the table's, or a state is not its bot's."""
    if set(saved) != set(bots):
        raise ValueError("the bots do not match the table")
    for seat, bot in bots.items():
        bot.restore(saved[seat])
    return dict(bots)


@dataclass
class BotStates:
    """Each bot's ``state()`` as JSON text, encoded again only when it changed."""

    _cache: dict[int, tuple[dict[str, Any], RawJson]] = field(default_factory=dict)

    def of(self, bots: Mapping[int, Bot]) -> dict[str, RawJson]:
        states: dict[str, RawJson] = {}
        for seat, bot in sorted(bots.items()):
            state = bot.state()
            cached = self._cache.get(seat)
            if cached is None or cached[0] != state:
                text = json.dumps(state, separators=(",", ":"))
                cached = self._cache[seat] = (state, RawJson(text))
            states[str(seat)] = cached[1]
        return states


# -- the schema's shared pieces -------------------------------------------------------------

#: a number seed is at most 2**64 - 1 (``--seed``'s bound: msgspec bounds stop at
#: 2**63, so ``check_seeds`` checks the top)
Seed = Annotated[int, msgspec.Meta(ge=0)] | Annotated[str, msgspec.Meta(max_length=64)]
SEED_MAX = 2**64 - 1
#: a bot's place at the table, as the envelope's keys write it
BotSeat = Annotated[str, msgspec.Meta(pattern=r"^[0-9]{1,2}$")]
#: ``random.Random.getstate()`` as ``base.random_state_to_data`` writes it: version 3,
#: 625 words, the Gaussian spare
RngWords = Annotated[
    list[Annotated[int, msgspec.Meta(ge=0, le=2**32 - 1)]],
    msgspec.Meta(min_length=625, max_length=625),
]
Rng = tuple[Literal[3], RngWords, float | None]


def check_seeds(*seeds: int | str) -> None:
    if any(isinstance(seed, int) and seed > SEED_MAX for seed in seeds):
        raise ValueError("a seed past 2**64 - 1")


def check_streams(streams: Iterable[Rng]) -> None:
    """Bots' random generators: a Gaussian spare that is not a finite number is not one."""
    for _version, _words, gauss in streams:
        if gauss is not None and not math.isfinite(gauss):
            raise ValueError("a random stream that is not one")


class _Stamp(msgspec.Struct):
    kind: Any = None
    version: Any = None


S = TypeVar("S", bound=msgspec.Struct)


def read_state(body: bytes, schema: type[S], kind: str, version: int, name: str) -> dict[str, Any]:
    """The state part of a save file, decoded by the game's ``schema`` and checked whole
    before anything is built; plain data as the game's restore takes it.
    ``OtherVersion``, or ``ValueError`` with the reason, when it is not a ``name``
    this version can rebuild."""
    try:
        stamp = msgspec.json.decode(body, type=_Stamp)
    except (msgspec.DecodeError, RecursionError) as exc:
        raise ValueError(f"not a {name}: {exc}") from exc
    if stamp.kind != kind:
        raise ValueError(f"not a {name}")
    if stamp.version != version:
        raise OtherVersion(f"a {name} from another version")
    try:
        msgspec.json.decode(body, type=schema)
        plain: dict[str, Any] = msgspec.json.decode(body)
    except (msgspec.DecodeError, RecursionError) as exc:
        raise ValueError(f"not a {name}: {exc}") from exc
    return plain  # as written (each log entry with its own keys), now known sound


def describe(summary: Any, schema: type[S], msg_id: str) -> tuple[str, dict[str, Any]]:
    """The main menu's resume item for a saved match's summary: its numbers checked by
    ``schema`` before they are spoken; ``ValueError`` when they are not a match's."""
    try:
        args = msgspec.convert(summary.get("args"), schema, strict=True)
    except (msgspec.ValidationError, AttributeError) as exc:
        raise ValueError(f"not a {msg_id} summary: {exc}") from exc
    built: dict[str, Any] = msgspec.to_builtins(args)
    return msg_id, built
