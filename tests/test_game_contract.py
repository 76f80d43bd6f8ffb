"""One conformance suite for every game: what the contract (``core/contract.py``) promises.

It runs over every game the registry finds (``registry.games()``) and over the
one-folder test game (``tests/games/hiddendie``), with no game-specific code:
everything goes through the ``GameSpec`` and the engine protocol.

- **Random playthroughs to the end**: random legal actions for every seat (and
  for the table, ``seat=None``), game time moved through ``next_deadline`` /
  ``advance``, bounded in steps. Every legal action is accepted; invariants
  (``spec.invariants``) hold after every step; every event is an immutable
  dataclass with an ``Audience`` naming real seats; ``outcome`` is None until
  the end and well formed at the end (ranks 1-based competition ranks of the
  sides, winners ranked 1, a side wins or loses whole, one score per side).
- **Replay**: the same (config, seed, inputs) on a new engine gives the same
  events, step by step; ``to_dict`` is plain JSON and ``engine_from_dict``
  rebuilds the same game.
- **Save → restore**: at random moments the game is saved (``to_dict`` through
  JSON) and restored (``engine_from_dict``); the restored game shows every seat
  the same observation and, fed the rest of the inputs, gives the same events.
- **Refusals**: actions that were legal elsewhere (another seat, another moment)
  are tried; ``why_not`` changes nothing, ``apply`` refuses with the same
  reason, returns no events and changes nothing (``to_dict``, every seat's and
  the spectator's observation, the next deadline). Every listed legal action
  passes ``why_not``. Each refusal has its message in both languages.
- **Hidden information**: see ``test_a_listener_knows_only_what_it_was_told``.
- **Narration**: every batch is narrated for every seat and for a spectator, and
  each message is formatted through the real ``Localizer`` in Italian and
  English (no missing message, no formatting error, no unknown cue or kind);
  every event type the engine emitted is narrated to someone. A spectator is
  never spoken to as a player: nothing told to it holds a second-person word
  ("you", "tu", "hai"…), in either language.
- **Bots**: each level plays through the real ``TableSession`` on a virtual
  clock; at its decisions a bot restored from its ``state()`` (through JSON)
  decides the same, asking again answers the same, and no decision is refused.

A check that fails here for a registered game is a bug in that game (or in the
contract): fix the game, never the check.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import random
import re
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from audiogame.app.reader import document_path
from audiogame.core.board import Board, Cell, Row
from audiogame.core.clock import Scheduler, VirtualClock
from audiogame.core.contract import Audience, Decision, GameSpec, Outcome, heard_by, visible_to
from audiogame.core.controls import Command, Reaction
from audiogame.core.cues import MENU_CUES
from audiogame.core.keys import Key
from audiogame.core.later import Later
from audiogame.core.narration import SYSTEM, Join, Message, Phrase
from audiogame.core.session import TableSession
from audiogame.games import registry
from audiogame.language.localizer import LANGUAGES, Localizer
from audiogame.resources import data_dir
from audiogame.store.settings import MESSAGE_KINDS
from audiogame.ui import games

TEST_GAMES = Path(__file__).resolve().parent / "games"
TEST_GAME = "hiddendie"
#: games start at a game time other than 0, as a resumed table's does
START = 1000.0
#: the longest a random playthrough may run, in engine calls
MAX_STEPS = 20_000
#: how often the random player acts rather than waiting for the next deadline
ACT = 0.85
#: the most game time that passes between two steps when nothing is due sooner
GAP = 1.5


# -- which games -----------------------------------------------------------------------------------


@contextmanager
def with_test_games() -> Iterator[None]:
    """The test games' folder on ``AUDIOGAME_GAMES`` while the block lasts.

    Never set globally: other tests count the main menu's items."""
    old = os.environ.get(registry.ENV_VAR)
    os.environ[registry.ENV_VAR] = os.pathsep.join(filter(None, [old, str(TEST_GAMES)]))
    registry.reset()
    try:
        yield
    finally:
        if old is None:
            del os.environ[registry.ENV_VAR]
        else:
            os.environ[registry.ENV_VAR] = old
        registry.reset()


with with_test_games():
    GAME_IDS = registry.ids()


@pytest.fixture(scope="module", autouse=True)
def _test_game_on_the_path() -> Iterator[None]:
    with with_test_games():
        yield


@pytest.fixture(params=GAME_IDS)
def spec(request: pytest.FixtureRequest) -> GameSpec:
    found = registry.get(request.param)
    assert found is not None, request.param
    return found


def need(spec: GameSpec, name: str) -> Any:
    """The spec's ``name`` (a callable), or a short failure saying it is missing."""
    found = getattr(spec, name)
    if found is None:
        pytest.fail(f"{spec.id}: its GameSpec has no {name}", pytrace=False)
    return found


def test_the_test_game_is_among_the_games() -> None:
    assert TEST_GAME in GAME_IDS
    assert len(GAME_IDS) >= 3, GAME_IDS


def cases(spec: GameSpec, label: str, count: int) -> list[tuple[dict[str, Any], int]]:
    """``count`` (config, seed) pairs, from the fewest seats to the most, then at random."""
    rng = random.Random(f"{label}/{spec.id}")
    need(spec, "random_config")
    seats = [spec.min_seats, spec.max_seats]
    seats += [rng.randint(spec.min_seats, spec.max_seats) for _ in range(count)]
    return [(spec.random_config(rng, n), rng.randrange(2**31)) for n in seats[:count]]


# -- driving an engine -----------------------------------------------------------------------------

ADVANCE = "advance"


@dataclass(frozen=True)
class Input:
    """One call to the engine: ``apply(seat, action, now)`` or ``advance(now)``."""

    kind: str  # "apply" or ADVANCE
    now: float
    seat: int | None = None
    action: Any = None


@dataclass
class Step:
    input: Input
    events: tuple[Any, ...]
    refusal: StrEnum | None = None


def feed(engine: Any, given: Input) -> Step:
    if given.kind == ADVANCE:
        return Step(given, tuple(engine.advance(given.now)))
    result = engine.apply(given.seat, given.action, given.now)
    return Step(given, tuple(result.events), result.refusal)


def observers(engine: Any) -> list[int | None]:
    """Every seat, and a spectator (None)."""
    return [*range(engine.seats), None]


def legal_moves(engine: Any, now: float) -> dict[int | None, list[Any]]:
    """Each seat's legal actions now, and the table's (``None``), where there are any."""
    moves = {}
    for seat in observers(engine):
        actions = list(engine.legal_actions(seat, now))
        if actions:
            moves[seat] = actions
    return moves


Watch = Callable[[Any, Step, float], None]


@dataclass
class Playthrough:
    spec: GameSpec
    config: dict[str, Any]
    seed: int
    engine: Any
    steps: list[Step] = field(default_factory=list)


def play(
    spec: GameSpec,
    config: dict[str, Any],
    seed: int,
    rng: random.Random,
    watch: Watch | None = None,
    new_engine: Callable[[], Any] | None = None,
    max_steps: int = MAX_STEPS,
    stop_after: int | None = None,
) -> Playthrough:
    """A random playthrough to the end: random legal actions, time through the deadlines.

    ``watch(engine, step, now)`` is called after every step. ``stop_after``: stop
    there, the end not reached (a check that needs no end)."""
    need(spec, "new_engine")
    engine = new_engine() if new_engine else spec.new_engine(config, seed, START)
    game = Playthrough(spec, config, seed, engine)
    where = f"{spec.id} config={config} seed={seed}"
    now = START
    while not engine.is_over and len(game.steps) != stop_after:
        assert len(game.steps) < max_steps, f"{where}: not over after {max_steps} steps"
        deadline = engine.next_deadline()
        if deadline is not None and deadline <= now:
            step = feed(engine, Input(ADVANCE, now))
            after = engine.next_deadline()
            assert after is None or after > now, (
                f"{where}: advance({now}) left a deadline at {after}: a scheduler would spin"
            )
        else:
            moves = legal_moves(engine, now)
            if not moves or (deadline is not None and rng.random() > ACT):
                assert deadline is not None, f"{where}: nobody can act and nothing is due"
                now = deadline if rng.random() < 0.5 else rng.uniform(now, deadline)
                continue
            seat = rng.choice(list(moves))
            action = rng.choice(moves[seat])
            step = feed(engine, Input("apply", now, seat, action))
            assert step.refusal is None, (
                f"{where}: seat {seat}'s legal action {action!r} refused ({step.refusal})"
            )
        game.steps.append(step)
        if watch is not None:
            watch(engine, step, now)
        if rng.random() < 0.5:
            later = now + rng.uniform(0, GAP)
            deadline = engine.next_deadline()
            now = later if deadline is None else max(now, min(later, deadline))
    return game


def views(engine: Any) -> tuple[Any, ...]:
    return tuple(engine.observation(seat) for seat in observers(engine))


def as_json(data: Any) -> Any:
    return json.loads(json.dumps(data))


def snapshot(engine: Any) -> tuple[Any, ...]:
    """All one can see of an engine from outside."""
    return (
        json.dumps(engine.to_dict(), sort_keys=True),
        views(engine),
        engine.next_deadline(),
        engine.is_over,
        engine.outcome,
    )


# -- the contract's shape --------------------------------------------------------------------------


def test_every_game_fills_in_what_the_contract_needs(spec: GameSpec) -> None:
    needed = (
        "new_engine",
        "engine_from_dict",
        "random_config",
        "make_bot",
        "narrate",
        "invariants",
        "controls",
        "table_config",
    )
    missing = [name for name in needed if getattr(spec, name) is None]
    assert missing == [], f"{spec.id}: GameSpec lacks {missing}"
    assert games.scenes(spec) is not None, f"{spec.id}: the app has no scene to open it"
    assert 1 <= spec.min_seats <= spec.max_seats
    assert spec.bot_levels, f"{spec.id}: no bot levels"


def test_every_function_a_spec_names_for_later_exists(spec: GameSpec) -> None:
    """A ``later(".module:name")`` is imported at its first call: a wrong name must
    fail here, not at a player's table."""
    named = [getattr(spec, f.name) for f in dataclasses.fields(spec)]
    found_scenes = games.scenes(spec)
    if found_scenes is not None:
        named += [getattr(found_scenes, f.name) for f in dataclasses.fields(found_scenes)]
    for found in named:
        if isinstance(found, Later):
            assert callable(found.resolve()), f"{spec.id}: {found!r}"


def test_names_options_guide_and_cues_exist_in_both_languages(spec: GameSpec) -> None:
    for lang in LANGUAGES:
        bundle = Localizer(lang, games=registry.message_folders).bundle(lang)
        ids = [spec.title_id, spec.name_message]
        for option in spec.options:
            base = f"{spec.id}-option-{option.id}"
            ids += [base, f"{base}-desc"]
            # each value as the setup says it (ui/choice_row.py): a choice by its id, a
            # number with its unit, unless it is only ever the 0 that means off
            if option.kind == "choice":
                ids += [f"{base}-{value}" for value in option.values]
            elif option.kind == "int" and any(
                v != 0 or not option.zero_means for v in option.values
            ):
                ids.append(f"{base}-value")
        missing = [msg_id for msg_id in ids if not bundle.has_message(msg_id)]
        assert missing == [], f"{spec.id} ({lang}): no message {missing}"
        # the name said inside sentences ("a table of …") is a name, not a credit line
        name = Localizer(lang, games=registry.message_folders)(spec.name_message)
        assert "," not in name and len(name) <= 30, f"{spec.id} ({lang}): name {name!r}"
        assert document_path(spec.guide, lang).is_file(), f"{spec.id}: no {lang} guide"
    for cue in spec.cues:
        assert cue.group == spec.id, cue
        folder = spec.sounds or data_dir("sounds")
        assert (folder / f"{cue.id}.wav").is_file(), f"{spec.id}: no sound file for {cue.id}"


# -- playthroughs ----------------------------------------------------------------------------------


def check_events(engine: Any, events: Sequence[Any], where: str) -> list[str]:
    problems = []
    for event in events:
        if not dataclasses.is_dataclass(event) or not event.__dataclass_params__.frozen:  # type: ignore[attr-defined]
            problems.append(f"{where}: {type(event).__name__} is not a frozen dataclass")
        audience = getattr(event, "audience", None)
        if not isinstance(audience, Audience):
            problems.append(f"{where}: {type(event).__name__} has no Audience")
        elif audience.seats is not None and not audience.seats <= set(range(engine.seats)):
            problems.append(f"{where}: {event!r} is for seats that are not at the table")
    return problems


def check_outcome(outcome: Any, seats: int) -> list[str]:
    if not isinstance(outcome, Outcome):
        return [f"the game is over but its outcome is {outcome!r}"]
    problems = []
    ranks, sides, winners = outcome.ranks, outcome.sides, outcome.winners
    if len(ranks) != seats or len(sides) != seats:
        problems.append(f"{outcome}: one rank and one side per seat expected")
        return problems
    if not winners or len(set(winners)) != len(winners):
        problems.append(f"{outcome}: winners must be some seats, each once")
    if any(not 0 <= seat < seats for seat in winners):
        problems.append(f"{outcome}: a winner is not a seat")
        return problems
    if {s for s in range(seats) if ranks[s] == 1} != set(winners):
        problems.append(f"{outcome}: the winners must be exactly the seats ranked 1")
    by_side: dict[int, set[int]] = {}
    for seat, side in enumerate(sides):
        by_side.setdefault(side, set()).add(ranks[seat])
    if any(len(found) != 1 for found in by_side.values()):
        problems.append(f"{outcome}: a side has seats at different ranks")
        return problems
    # competition ranks of the sides: a side's rank is 1 + how many sides did strictly better
    side_ranks = [found.pop() for found in by_side.values()]
    if any(rank != 1 + sum(1 for other in side_ranks if other < rank) for rank in side_ranks):
        problems.append(f"{outcome}: ranks are not 1-based competition ranks of the sides")
    if outcome.scores:
        names = sorted(set(sides))
        if names != list(range(len(names))) or len(outcome.scores) != len(names):
            problems.append(f"{outcome}: one score per side, sides numbered from 0")
    return problems


class Watcher:
    """Checks a playthrough after every step: invariants, events, no outcome before the end."""

    def __init__(self, spec: GameSpec, where: str) -> None:
        need(spec, "invariants")
        self.invariants = spec.invariants
        self.where = where
        self.steps = 0
        self.problems: list[str] = []

    def __call__(self, engine: Any, step: Step, now: float) -> None:
        self.steps += 1
        at = f"{self.where} step {self.steps}"
        self.problems += [f"{at}: invariant: {p}" for p in self.invariants(engine)]
        self.problems += check_events(engine, step.events, at)
        if not engine.is_over and engine.outcome is not None:
            self.problems.append(f"{at}: an outcome before the end")


def test_random_playthroughs_reach_a_well_formed_end(spec: GameSpec) -> None:
    for config, seed in cases(spec, "end", 5):
        where = f"{spec.id} config={config} seed={seed}"
        watcher = Watcher(spec, where)
        engine = play(spec, config, seed, random.Random(seed), watcher).engine
        problems = watcher.problems + check_outcome(engine.outcome, engine.seats)
        assert problems == [], problems[:10]
        assert engine.next_deadline() is None, f"{where}: a deadline after the end"
        assert not legal_moves(engine, START + 1e6), f"{where}: moves after the end"


def test_the_same_inputs_replay_the_same_game_and_to_dict_rebuilds_it(spec: GameSpec) -> None:
    need(spec, "new_engine")
    need(spec, "engine_from_dict")
    for config, seed in cases(spec, "replay", 3):
        where = f"{spec.id} config={config} seed={seed}"
        game = play(spec, config, seed, random.Random(seed))
        twin = spec.new_engine(as_json(config), seed, START)
        for k, step in enumerate(game.steps):
            again = feed(twin, step.input)
            assert again == step, f"{where}: step {k} differs on replay"
        data = as_json(game.engine.to_dict())
        rebuilt = spec.engine_from_dict(data)
        assert snapshot(rebuilt) == snapshot(game.engine), where


class Saver:
    """Saves the game (``to_dict`` through JSON) at random moments of a playthrough."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.steps = 0
        self.saves: list[tuple[int, Any, tuple[Any, ...]]] = []

    def __call__(self, engine: Any, step: Step, now: float) -> None:
        self.steps += 1
        if self.steps == 1 or self.rng.random() < 0.04:
            self.saves.append((self.steps, as_json(engine.to_dict()), snapshot(engine)))


def test_save_and_restore_mid_game_gives_the_same_events_afterwards(spec: GameSpec) -> None:
    need(spec, "engine_from_dict")
    for config, seed in cases(spec, "restore", 3):
        where = f"{spec.id} config={config} seed={seed}"
        saver = Saver(seed)
        game = play(spec, config, seed, random.Random(seed + 1), saver)
        for done, data, seen in saver.saves[:: max(1, len(saver.saves) // 4)]:
            restored = spec.engine_from_dict(data)
            assert snapshot(restored) == seen, f"{where}: restored after step {done}"
            for k, step in enumerate(game.steps[done:], start=done):
                assert feed(restored, step.input) == step, f"{where}: restored, step {k}"
            assert snapshot(restored) == snapshot(game.engine), where


# -- refusals --------------------------------------------------------------------------------------


def test_a_refused_action_changes_nothing(spec: GameSpec) -> None:
    @settings(
        max_examples=8,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(
        seats=st.integers(spec.min_seats, spec.max_seats),
        seed=st.integers(0, 2**31 - 1),
        trials=st.integers(0, 2**31 - 1),
    )
    def refusals_change_nothing(seats: int, seed: int, trials: int) -> None:
        check_refusals(spec, seats, seed, trials)

    refusals_change_nothing()


class Refusals:
    """Tries misplaced actions after steps of a playthrough (see the module docstring)."""

    #: moments tried per playthrough, and misplaced actions tried at each
    MOMENTS = 10
    TRIES = 3

    def __init__(self, spec: GameSpec, trials: int) -> None:
        self.spec = spec
        self.rng = random.Random(trials)
        self.pool: dict[str, Any] = {}
        self.seen: set[str] = set()
        self.moments = 0

    def __call__(self, engine: Any, step: Step, now: float) -> None:
        moves = legal_moves(engine, now)
        for actions in moves.values():
            for action in actions:
                self.pool.setdefault(repr(action), action)
        deadline = engine.next_deadline()
        if deadline is not None and deadline <= now:
            return  # something falls due now: a refused action would still bring it
        if self.moments >= self.MOMENTS or not self.pool or self.rng.random() > 0.08:
            return
        self.moments += 1
        for seat, actions in moves.items():
            for action in actions:
                why = engine.why_not(seat, action, now)
                assert why is None, f"seat {seat}'s legal {action!r}: why_not says {why}"
        self.try_some(engine, now)

    def try_some(self, engine: Any, now: float) -> None:
        for _ in range(self.TRIES):
            self.try_one(engine, now)

    def try_one(self, engine: Any, now: float) -> None:
        seat = self.rng.choice(observers(engine))
        action = self.rng.choice(list(self.pool.values()))
        before = snapshot(engine)
        why = engine.why_not(seat, action, now)
        assert snapshot(engine) == before, f"why_not({seat}, {action!r}) changed the game"
        if why is None:
            if repr(action) not in {repr(a) for a in engine.legal_actions(seat, now)}:
                # not listed, yet allowed: a copy of the game must accept it
                assert self.spec.engine_from_dict is not None
                copy = self.spec.engine_from_dict(as_json(engine.to_dict()))
                result = copy.apply(seat, action, now)
                assert result.refusal is None, (
                    f"why_not({seat}, {action!r}) allowed what apply refused ({result.refusal})"
                )
            return
        assert isinstance(why, StrEnum), why
        result = engine.apply(seat, action, now)
        assert result.refusal == why, (seat, action, why, result.refusal)
        assert not result.ok
        assert tuple(result.events) == (), (seat, action, result.events)
        assert snapshot(engine) == before, f"refused {action!r} for {seat} changed the game"
        self.seen.add(why.value)


def check_refusals(spec: GameSpec, seats: int, seed: int, trials: int) -> None:
    need(spec, "random_config")
    config = spec.random_config(random.Random(seed), seats)
    refusals = Refusals(spec, trials)
    game = play(spec, config, seed, random.Random(seed), refusals)
    if refusals.pool:  # after the end, every action is refused and changes nothing
        refusals.try_some(game.engine, game.steps[-1].input.now)
    for lang in LANGUAGES:
        bundle = Localizer(lang, games=registry.message_folders).bundle(lang)
        missing = [r for r in refusals.seen if not bundle.has_message(f"{spec.id}-refusal-{r}")]
        assert missing == [], f"{spec.id} ({lang}): no message for refusals {missing}"


# -- hidden information ----------------------------------------------------------------------------

_Random = random.Random  # the real class, before any patching below


class Draws:
    """One world's random numbers: the engine's own stream, with some draws changed.

    ``swap`` exchanges two draws (two cards trade places in a shuffle, a die
    thrown now shows what a later one would have); ``replace`` puts a fresh
    value in place of a draw. Any sequence of numbers in [0, 1) is a stream
    the seeded generator could have given, so every such world is a real game.
    """

    def __init__(self, swap: tuple[int, int] | None = None, replace: Mapping[int, float] = {}):
        self.order = {} if swap is None else {swap[0]: swap[1], swap[1]: swap[0]}
        self.replace = dict(replace)
        self.generators = 0
        self.drawn = 0

    def generator(self) -> type[random.Random]:
        draws = self

        class Tapped(_Random):
            """A ``random.Random`` whose every number (``shuffle``, ``choice``,
            ``randint``... all go through ``random()`` in a subclass that
            defines only it) comes from the world's plan."""

            def __init__(self, x: Any = None) -> None:
                self._base: list[float] = []
                self._count = 0
                super().__init__(x)
                draws.generators += 1

            def random(self) -> float:
                k = self._count
                self._count += 1
                draws.drawn = max(draws.drawn, self._count)
                if k in draws.replace:
                    return draws.replace[k]
                index = draws.order.get(k, k)
                while len(self._base) <= index:
                    self._base.append(_Random.random(self))
                return self._base[index]

        return Tapped


def tapped_engine(spec: GameSpec, config: Mapping[str, Any], seed: int, draws: Draws) -> Any:
    """A new engine whose ``random.Random`` (created when the engine is) follows ``draws``."""
    need(spec, "new_engine")
    with mock.patch.object(random, "Random", draws.generator()):
        engine = spec.new_engine(config, seed, START)
    assert draws.generators >= 1, (
        f"{spec.id}: the engine made no random.Random when created: "
        "the contract wants its randomness from a seeded random.Random it owns"
    )
    return engine


def embedded_events(value: Any, depth: int = 0) -> Iterator[Any]:
    """Events held inside an observation (a history, the last trick...)."""
    if depth > 6 or isinstance(value, str | bytes | int | float | bool | type(None) | StrEnum):
        return
    if isinstance(getattr(value, "audience", None), Audience):
        yield value
        return
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from embedded_events(getattr(value, f.name), depth + 1)
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from embedded_events(item, depth + 1)
    elif isinstance(value, tuple | list | frozenset | set):
        for item in value:
            yield from embedded_events(item, depth + 1)


def differing_fields(one: Any, two: Any) -> list[str]:
    if dataclasses.is_dataclass(one) and type(one) is type(two):
        names = [f.name for f in dataclasses.fields(one)]
        return [n for n in names if getattr(one, n) != getattr(two, n)]
    return ["(whole value)"]


@dataclass
class Heard:
    """What one listener got from one step, and what it could see after it."""

    events: tuple[Any, ...]
    view: Any
    moves: list[str]


def listen(
    engine: Any, step: Step, now: float, who: Sequence[int | None]
) -> dict[int | None, Heard]:
    return {
        one: Heard(
            tuple(heard_by(step.events, one)),
            engine.observation(one),
            sorted(repr(a) for a in engine.legal_actions(one, now)),
        )
        for one in who
    }


@dataclass
class Leak:
    game: str
    config: Mapping[str, Any]
    seed: int
    plan: str
    step: int
    listener: int | None
    what: list[str]

    def __str__(self) -> str:
        who = "the spectator" if self.listener is None else f"seat {self.listener}"
        return (
            f"{self.game} config={dict(self.config)} seed={self.seed}, draws {self.plan}: after "
            f"step {self.step} {who} heard the same events in both worlds but {self.what} differ"
        )


#: playthroughs per game, the steps of each (the end is not needed), other worlds of
#: each, and the seats followed in each world (besides the spectator)
HIDDEN_CASES = 3
HIDDEN_STEPS = 200
WORLDS = 12
FOLLOWED = 2
#: how many comparisons must have been made while the worlds differed unseen
MIN_INFORMATIVE = 150


def test_a_listener_knows_only_what_it_was_told(spec: GameSpec) -> None:
    """Noninterference: what a seat (or a spectator) sees depends only on what it was told.

    The method, for any game, with no game-specific code:

    1. Hidden information comes from chance: the engine's seeded ``random.Random``
       (the contract). The suite builds *coupled worlds*: the same game, the same
       seed, the same inputs (every ``apply`` and ``advance`` at the same game
       times), but in one world the engine's random stream has two draws swapped
       or one replaced. Two tiles change hands, a die under a cup shows another
       value, the boneyard's order changes: a different but perfectly possible game.
    2. A listener (each seat, and the spectator ``None``) is told things only by
       the events whose audience includes it. While a listener has heard exactly
       the same events in both worlds, it cannot tell them apart; so its
       ``observation``, its ``legal_actions`` and everything narrated to it must
       be equal in both. Any difference is information that reached it by
       another road: another seat's hand in its observation, the next card of
       the deck, a die still in the air, an event in its history it never heard.
       The spectator hears only public events, so its observation must depend on
       public events alone.
    3. Events held inside an observation (a history) must be ones the listener
       may know.

    The comparison stops for a listener at the first step where what it heard
    differs: from then on it knows the worlds apart, legitimately (it drew
    another tile, the dice landed, the cups were lifted). Which facts are
    public is the game's rule, declared by each event's audience: the suite
    cannot know that a drawn domino is private while a landed die is public.
    What it proves is that nothing reaches a listener except through the events
    addressed to it. The check counts the comparisons made while the two worlds
    really differed in something the listener had not heard (another listener
    already knew them apart, or this one learned it later) and fails if there
    were too few to mean anything.
    """
    leaks: list[Leak] = []
    informative = 0
    for config, seed in cases(spec, "hidden", HIDDEN_CASES):
        plain = Draws()
        recorder = Recorder(spec)
        play(
            spec,
            config,
            seed,
            random.Random(seed),
            recorder,
            new_engine=lambda c=config, s=seed, d=plain: tapped_engine(spec, c, s, d),
            stop_after=HIDDEN_STEPS,
        )
        assert plain.drawn > 0, f"{spec.id}: the game drew no random number"
        rng = random.Random(seed)
        for _ in range(WORLDS):
            i = rng.randrange(plain.drawn)
            if rng.random() < 0.7 and i + 1 < plain.drawn:
                j = rng.randint(i + 1, min(plain.drawn - 1, i + 40))
                world, plan = Draws(swap=(i, j)), f"{i}<->{j}"
            else:
                world, plan = Draws(replace={i: rng.random()}), f"{i}:=fresh"
            other = tapped_engine(spec, as_json(config), seed, world)
            seats = rng.sample(range(other.seats), min(FOLLOWED, other.seats))
            found, count = compare(spec, recorder, other, [*seats, None])
            leaks += [Leak(spec.id, config, seed, plan, k, who, what) for k, who, what in found]
            informative += count
    assert [str(leak) for leak in leaks[:5]] == []
    assert informative >= MIN_INFORMATIVE, (
        f"{spec.id}: only {informative} comparisons while the worlds differed unseen"
    )


class Recorder:
    """Records one world's inputs and what every listener heard and saw after each step."""

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec
        self.inputs: list[Input] = []
        self.heard: list[dict[int | None, Heard]] = []

    def __call__(self, engine: Any, step: Step, now: float) -> None:
        self.inputs.append(step.input)
        heard = listen(engine, step, now, observers(engine))
        self.heard.append(heard)
        if len(self.heard) % 5 and not engine.is_over:
            return  # a history keeps what it holds: looking every few steps is enough
        for who, got in heard.items():
            wrong = [e for e in embedded_events(got.view) if not visible_to(e, who)]
            assert wrong == [], f"{self.spec.id}: observation({who}) holds {wrong[:2]}"


def compare(
    spec: GameSpec, recorded: Recorder, other: Any, listeners: list[int | None]
) -> tuple[list[tuple[int, int | None, list[str]]], int]:
    """Feeds ``other`` the recorded inputs; returns the differences a listener could
    not have been told (step, listener, what), and how many comparisons were informative
    (made while another listener already knew the worlds apart, or this one would later)."""
    need(spec, "narrate")
    names = [f"P{seat}" for seat in range(spec.max_seats)]
    apart: dict[int | None, int] = {}  # the step at which each listener knew the worlds apart
    compared: dict[int | None, list[int]] = {who: [] for who in listeners}
    found = []
    for k, call in enumerate(recorded.inputs):
        step = feed(other, call)
        heard = listen(other, step, call.now, [who for who in listeners if who not in apart])
        for who, b in heard.items():
            a = recorded.heard[k][who]
            if a.events != b.events:
                apart[who] = k
                continue
            what = differing_fields(a.view, b.view) if a.view != b.view else []
            if a.moves != b.moves:
                what.append("legal_actions")
            if a.events and (
                spec.narrate(a.events, a.view, names) != spec.narrate(b.events, b.view, names)
            ):
                what.append("narration")
            if what:
                found.append((k, who, what))
                apart[who] = k
            compared[who].append(k)
        if len(apart) == len(listeners):
            break
    first = min(apart.values(), default=None)
    informative = sum(
        1
        for who, steps in compared.items()
        for k in steps
        if (who in apart and k < apart[who]) or (first is not None and first <= k)
    )
    return found, informative


# -- narration -------------------------------------------------------------------------------------


class Formatter:
    """Formats messages through the real Localizer in every language, noting problems."""

    def __init__(self, spec: GameSpec) -> None:
        self.localizers = {
            lang: Localizer(lang, games=registry.message_folders) for lang in LANGUAGES
        }
        self.cues = {cue.id for cue in MENU_CUES} | {cue.id for cue in spec.cues}
        self.tried: Counter[str] = Counter()
        self.problems: list[str] = []

    def check(self, message: Message) -> None:
        if message.kind != SYSTEM and message.kind not in MESSAGE_KINDS:
            self.problems.append(f"{message.msg_id}: unknown kind {message.kind!r}")
        if message.cue is not None and message.cue not in self.cues:
            self.problems.append(f"{message.msg_id}: unknown cue {message.cue!r}")
        if not message.msg_id or self.tried[message.msg_id] >= 4:
            return
        self.tried[message.msg_id] += 1
        for lang, localizer in self.localizers.items():
            text = self.text(localizer, lang, message.msg_id, message.args)
            if "{" in text or "}" in text:
                self.problems.append(f"{lang}/{message.msg_id}: {text!r}")

    def text(self, localizer: Localizer, lang: str, msg_id: str, args: Mapping[str, Any]) -> str:
        bundle = localizer.bundle(lang)
        if not bundle.has_message(msg_id):
            self.problems.append(f"{lang}: no message {msg_id}")
            return ""
        values = {name: self.value(localizer, lang, value) for name, value in args.items()}
        pattern = bundle.get_message(msg_id).value
        if pattern is None:
            self.problems.append(f"{lang}/{msg_id}: no text")
            return ""
        text, errors = bundle.format_pattern(pattern, values)
        if errors:
            self.problems.append(f"{lang}/{msg_id}: {errors}")
        if not text.strip():
            self.problems.append(f"{lang}/{msg_id}: empty")
        return str(text)

    def value(self, localizer: Localizer, lang: str, value: Any) -> Any:
        if isinstance(value, Phrase):
            return self.text(localizer, lang, value.msg_id, value.args)
        if isinstance(value, Join):
            parts = (str(self.value(localizer, lang, part)) for part in value.parts)
            return value.separator.join(parts)
        return value


def test_every_event_is_narrated_in_both_languages(spec: GameSpec) -> None:
    need(spec, "narrate")
    narrate = spec.narrate
    formatter = Formatter(spec)
    emitted: set[str] = set()
    narrated: set[str] = set()
    for config, seed in cases(spec, "narrate", 3):
        names = [f"P{seat}" for seat in range(spec.max_seats)]

        def watch(engine: Any, step: Step, now: float, names: list[str] = names) -> None:
            emitted.update(type(e).__name__ for e in step.events)
            for who in observers(engine):
                heard = heard_by(step.events, who)
                if not heard:
                    continue
                view = engine.observation(who)
                for message in narrate(heard, view, names):
                    assert isinstance(message, Message), message
                    formatter.check(message)
                said = None
                for index, event in enumerate(heard):
                    if type(event).__name__ in narrated:
                        continue
                    if narrate([event], view, names):
                        narrated.add(type(event).__name__)
                        continue
                    # Some events are told only through their batch (Domino's drawn tile,
                    # in the "you draw" its Drew sums up): one that changes what its batch
                    # says is heard too. Only deals where somebody draws emit them.
                    said = narrate(heard, view, names) if said is None else said
                    if narrate([*heard[:index], *heard[index + 1 :]], view, names) != said:
                        narrated.add(type(event).__name__)

        play(spec, config, seed, random.Random(seed), watch)
    assert formatter.problems[:10] == []
    assert sorted(emitted - narrated) == [], f"{spec.id}: events nobody hears a word or cue of"


#: words that speak to the listener, per language: a spectator has no seat, so nothing
#: said to them may be "you" (whole words, any case; numbers are said as digits, so
#: "sei" is never six). Second-person verbs are too many to list: the common ones are.
SECOND_PERSON: dict[str, frozenset[str]] = {
    "en": frozenset(
        "you your yours yourself yourselves".split(),
    ),
    "it": frozenset(
        "tu tuo tua tuoi tue ti te hai sei puoi devi vuoi sai "
        "voi vostro vostra vostri vostre".split()
    ),
}
#: a spectator's names in the check: none of them one of the words above
WATCHED_NAMES = ("Marco", "Zoë", "Giulia", "Bot 2", "Anna", "Luca", "Sara", "Paolo")


def watched_name(seat: int) -> str:
    """ "Marco", … "Paolo", then "Marco 2", …: names as players choose them."""
    name, lap = WATCHED_NAMES[seat % len(WATCHED_NAMES)], seat // len(WATCHED_NAMES)
    return f"{name} {lap + 1}" if lap else name


def second_person(text: str, lang: str) -> list[str]:
    return [w for w in re.findall(r"\w+", text.casefold()) if w in SECOND_PERSON[lang]]


def test_a_spectator_is_never_spoken_to_as_a_player(spec: GameSpec) -> None:
    """Random playthroughs told to a spectator (``observation(None)``, public events
    only) in every language: third person and names, never "you"; nor a race's
    situation (``RealTime.situation``, said on joining mid-race) or where a match
    stands (``standing``, read from the table list). The same words told to seat 0
    do say "you" in every language, so the word lists catch what they must."""
    need(spec, "narrate")
    narrate = spec.narrate
    situation = None if spec.realtime is None else spec.realtime().situation
    formatter = Formatter(spec)
    found: dict[str, str] = {}  # lang/message id -> the first text said
    seated: Counter[str] = Counter()
    for config, seed in cases(spec, "spectator", 3):
        names = [watched_name(seat) for seat in range(spec.max_seats)]

        def watch(engine: Any, step: Step, now: float, names: list[str] = names) -> None:
            for who in (None, 0):
                heard = heard_by(step.events, who)
                if not heard:
                    continue
                view, seated_names = engine.observation(who), names[: engine.seats]
                said = narrate(heard, view, seated_names)
                if situation is not None:
                    said += situation(view, seated_names)
                if spec.standing is not None and who is None:  # only ever a spectator's
                    said += spec.standing(view, seated_names)
                for message in said:
                    if not message.msg_id:
                        continue
                    for lang, localizer in formatter.localizers.items():
                        text = formatter.text(localizer, lang, message.msg_id, message.args)
                        words = second_person(text, lang)
                        if who is not None:
                            seated[lang] += bool(words)
                        elif words:
                            found.setdefault(f"{lang}/{message.msg_id}", text)

        play(spec, config, seed, random.Random(seed), watch)
    assert not any(second_person(name, lang) for name in names for lang in SECOND_PERSON)
    assert formatter.problems[:10] == []
    told = "\n".join(f"{key}: {text!r}" for key, text in sorted(found.items()))
    assert not found, f"{spec.id}: a spectator is told 'you':\n{told}"
    assert all(seated[lang] for lang in SECOND_PERSON), f"{spec.id}: seat 0 never hears 'you'"


# -- the window's board ----------------------------------------------------------------------------


def test_every_game_shows_a_board_in_both_languages(spec: GameSpec) -> None:
    """``spec.board(view, names, focus)`` for every seat and a spectator along random
    games: a ``Board`` of plain data (the same view gives an equal board: the window
    redraws only when it changes), every word formatted in Italian and English."""
    need(spec, "board")
    board_of = spec.board
    formatter = Formatter(spec)
    shown = 0

    def check(words: Any) -> None:
        for lang, localizer in formatter.localizers.items():
            text = str(formatter.value(localizer, lang, words))
            if "{" in text or "}" in text:
                formatter.problems.append(f"{spec.id}/{lang}: {text!r}")

    for config, seed in cases(spec, "board", 2):
        names = [f"P{seat}" for seat in range(spec.max_seats)]

        def watch(engine: Any, step: Step, now: float, names: list[str] = names) -> None:
            nonlocal shown
            if len(step.events) == 0:
                return
            for who in observers(engine):
                view = engine.observation(who)
                board = board_of(view, names, None)
                assert isinstance(board, Board), board
                assert board == board_of(engine.observation(who), names, None)
                check(board.title)
                for row in board.rows:
                    assert isinstance(row, Row) and all(isinstance(c, Cell) for c in row.cells)
                    check(row.label)
                    for cell in row.cells:
                        check(cell.text)
                shown += 1

        play(spec, config, seed, random.Random(seed), watch, stop_after=300)
    assert shown > 0
    assert formatter.problems[:10] == []


# -- bots ------------------------------------------------------------------------------------------


class CheckedBot:
    """A bot as the session sees it, checked at some of its decisions.

    At each checked decision: a twin restored from the state the bot had just
    before (through JSON) decides the same; asking the bot again answers the
    same; a twin restored from the state after decides the same too. A
    ``Thinking`` answer is worked out at once (tests play on an infinitely fast
    machine) and the bot, asked again, must answer its decision. ``budget`` is
    shared by the table's bots: the checks are spread over the seats, at most
    ``quota`` decisions each, until it runs out."""

    def __init__(self, spec: GameSpec, bot: Any, budget: list[int], quota: int) -> None:
        self.spec = spec
        self.bot = bot
        self.seat = bot.seat
        self.level = bot.level
        self.budget = budget
        self.quota = quota
        self.checked = 0
        self.decisions = 0

    def twin(self, state: Any) -> Any:
        assert self.spec.make_bot is not None
        twin = self.spec.make_bot(self.seat, self.level, "another seed")
        twin.restore(as_json(state))
        return twin

    def decide(self, observation: Any) -> Decision | None:
        checking = self.budget[0] > 0 and self.checked < self.quota
        before = as_json(self.bot.state()) if checking else None
        answer = worked_out(self.bot, observation)
        if answer is None:
            return None
        self.decisions += 1
        if checking:
            self.checked += 1
            self.budget[0] -= 1
            where = f"{self.spec.id} {self.level} bot, seat {self.seat}"
            assert worked_out(self.twin(before), observation) == answer, f"{where}: restored"
            assert worked_out(self.bot, observation) == answer, f"{where}: asked again"
            after = as_json(self.bot.state())
            assert worked_out(self.twin(after), observation) == answer, f"{where}: resumed"
        return answer

    def state(self) -> dict[str, Any]:
        return dict(self.bot.state())

    def restore(self, data: Mapping[str, Any]) -> None:
        self.bot.restore(data)


def worked_out(bot: Any, observation: Any) -> Decision | None:
    answer = bot.decide(observation)
    if answer is None or isinstance(answer, Decision):
        return answer
    for _ in range(10**6):
        if answer.step():
            break
    else:
        raise AssertionError(f"{bot.level} bot: thinking never finished")
    decided = answer.decision
    again = bot.decide(observation)
    assert again == decided, f"{bot.level} bot: asked again after thinking, answered {again!r}"
    return decided


#: decisions checked per level, and the most decisions a bots' game may take
BOT_CHECKS = 4
BOT_DECISIONS = 5000


def test_bots_restore_and_decide_the_same_through_the_session(
    spec: GameSpec, caplog: pytest.LogCaptureFixture
) -> None:
    """Every seat a bot of one level, on the real ``TableSession`` and a virtual clock;
    the table's own actions (``legal_actions(None, now)``) are taken as a server would."""
    need(spec, "make_bot")
    need(spec, "new_engine")
    need(spec, "random_config")
    rng = random.Random(f"bots/{spec.id}")
    for index, level in enumerate(spec.bot_levels):
        config = spec.random_config(rng, rng.randint(spec.min_seats, spec.max_seats))
        seed = rng.randrange(2**31)
        engine = spec.new_engine(config, seed, START)
        budget = [BOT_CHECKS]
        quota = -(-BOT_CHECKS // engine.seats)
        bots = {
            seat: CheckedBot(spec, spec.make_bot(seat, level, seed), budget, quota)
            for seat in range(engine.seats)
        }
        clock = VirtualClock(START)
        scheduler = Scheduler(clock)
        session = TableSession(engine, scheduler, bots)  # type: ignore[arg-type]
        where = f"{spec.id} {level} bots, config={config} seed={seed}"
        caplog.clear()
        with caplog.at_level(logging.ERROR, logger="audiogame.core.session"):
            session.start()
            # the weakest level plays to the end; the others until their checks are done
            to_the_end = index == 0
            while not engine.is_over and (to_the_end or budget[0] > 0):
                decisions = sum(bot.decisions for bot in bots.values())
                assert decisions < BOT_DECISIONS, f"{where}: {decisions} decisions, not over"
                table = engine.legal_actions(None, clock.now())
                if table:
                    assert session.apply(None, table[0]).refusal is None, where
                    continue
                when = scheduler.next_time()
                assert when is not None, f"{where}: the table stands still"
                clock.set(max(clock.now(), when))
                scheduler.run_due()
            session.stop()
        refused = [r.getMessage() for r in caplog.records]
        assert refused == [], f"{where}: {refused[:3]}"
        assert budget[0] < BOT_CHECKS, f"{where}: no decision"
        if to_the_end:
            assert check_outcome(engine.outcome, engine.seats) == [], where


# -- the controls' commands: what a touch page lists ---------------------------------------------


def test_every_game_lists_the_commands_a_seat_may_give_with_their_words(spec: GameSpec) -> None:
    """``controls().commands(view, names, now)`` along random games, for every seat: unique
    stable ids, each label a message formatted in Italian and English, every key one of
    ours; ``run`` does each listed command (answers, or an action the engine takes or
    refuses with a reason, never an error): what a touch page needs, no rule in it."""
    make = spec.controls
    formatter = Formatter(spec)
    listed = 0
    for config, seed in cases(spec, "commands", 2):
        names = [f"P{seat}" for seat in range(spec.max_seats)]
        controls: dict[int, Any] = {}

        def watch(
            engine: Any,
            step: Step,
            now: float,
            names: list[str] = names,
            controls: dict[int, Any] = controls,
        ) -> None:
            nonlocal listed
            if len(step.events) == 0:
                return
            for seat in range(engine.seats):
                own = controls.setdefault(seat, make())
                view = engine.observation(seat)
                found = own.commands(view, names, now)
                assert len({c.id for c in found}) == len(found), [c.id for c in found]
                for command in found:
                    assert isinstance(command, Command), command
                    assert all(isinstance(key, Key) and key.key for key in command.keys)
                    for lang, localizer in formatter.localizers.items():
                        text = str(formatter.value(localizer, lang, command.label))
                        assert text and "{" not in text, (spec.id, lang, command.id, text)
                    reaction = own.run(command.id, view, names, now)
                    assert isinstance(reaction, Reaction), (spec.id, command.id)
                    if reaction.action is not None:
                        engine.why_not(seat, reaction.action, now)  # refused or not: no error
                    for message in reaction.said:
                        formatter.check(message)
                    listed += 1

        play(spec, config, seed, random.Random(seed), watch, stop_after=60)
    assert formatter.problems[:10] == []
    assert listed > 0, f"{spec.id}: no command was ever listed"
