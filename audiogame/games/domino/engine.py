"""``DominoMatch``: the pure rules engine on the games' contract (``core/contract.py``).

Usage::

    match = DominoMatch(config, seed=1234, start=0.0)
    result = match.apply(None, NextManche(), now)    # the table deals the first manche
    for event in result.events: ...                  # filter with core.contract.visible_to
    seat = match.current_seat
    match.legal_actions(seat, now)                   # what the seat on turn may do
    match.apply(seat, Play(uid, End.LEFT), now)      # result.refusal is None or a Refusal

The seat is named beside the action, never inside it; ``None`` is the table
itself, the only one that may deal (``NextManche``, ``Deal``). ``now`` is game
time in seconds (never the wall clock); leaving it out means "no time passed".

Lifecycle: the match starts in ``Phase.READY``; ``NextManche()`` deals a manche
(the first one also emits ``MatchStarted``). When a manche ends the engine emits
``MancheEnded`` (then ``Eliminated``/``MatchEnded``) and waits in
``Phase.BETWEEN`` until the table sends ``NextManche()`` again, so the table can
pause between manches.

Thinking time is the engine's deadline: each turn begins at a game time
(``turn_started``); with ``config.thinking_time`` the turn's deadline is that
plus the thinking time (``next_deadline()``). ``advance(now)`` makes a due
time-out happen (``TimeRanOut``, one tile drawn if drawing is possible, then
the turn passes); ``apply`` first runs any deadline due before ``now``.

Randomness comes only from the match's own ``random.Random(seed)``. The log is
timed: every accepted action with its time and seat, and every time-out, so
``to_dict()``/``from_dict()`` replay a match exactly, event by event.

A refused action returns its refusal and changes nothing. A seat that can
neither play nor draw passes by itself (a ``Passed`` event with cause "stuck",
no ``TurnBegan``); with ``DominoMatch(..., auto_pass=False)`` it gets the turn
instead and its only legal action is ``Pass()``. The manche is blocked when
every seat still playing has passed in a row.
"""

from __future__ import annotations

import copy
import random
from collections import deque
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from audiogame.core.contract import Audience, Outcome
from audiogame.games.domino import rules
from audiogame.games.domino.actions import (
    NEXT_MANCHE,
    Action,
    Deal,
    Draw,
    NextManche,
    Pass,
    Play,
    Refusal,
    action_from_dict,
    action_to_dict,
)
from audiogame.games.domino.events import (
    Blocked,
    Eliminated,
    Event,
    HandDealt,
    MancheEnd,
    MancheEnded,
    MancheStarted,
    MatchEnded,
    MatchStarted,
    TilePlayed,
    TurnBegan,
)
from audiogame.games.domino.manche import Manche, RawEvent
from audiogame.games.domino.observation import Observation, Phase, PlacedTile
from audiogame.games.domino.options import DominoConfig, SetupProblem, hand_size
from audiogame.games.domino.tiles import End, Tile, tile_set

# Enum members read through the class cost a lookup each time: hot paths use these.
_READY, _PLAYING, _BETWEEN, _OVER = Phase.READY, Phase.PLAYING, Phase.BETWEEN, Phase.OVER
_BLOCKED = MancheEnd.BLOCKED
LEFT = End.LEFT
RIGHT = End.RIGHT

#: One entry of the timed log: (game time, seat, action); action None: the seat's time ran out.
LogEntry = tuple[float, int | None, Action | None]
TIME_OUT = "time-out"
_TABLE_ACTIONS: tuple[Action, ...] = (NEXT_MANCHE,)


class Result:
    """What ``apply`` returns: the events, or the reason nothing happened
    (``events`` then holds only what fell due before the refused action).

    Events are built on first access: the engine records plain tuples while it
    plays, because building the event objects was most of an engine step's
    cost and a bot's search never reads them.
    """

    __slots__ = ("_raw", "_events", "_private", "refusal")

    def __init__(
        self, raw: list[RawEvent], refusal: Refusal | None, private: list[Audience]
    ) -> None:
        self._raw = raw
        self._events: list[Event] | None = None
        self._private = private
        self.refusal = refusal

    @property
    def ok(self) -> bool:
        return self.refusal is None

    @property
    def events(self) -> list[Event]:
        if self._events is None:
            private = self._private
            self._events = [_build(raw, private) for raw in self._raw]
        return self._events

    def __repr__(self) -> str:
        return f"Result(events={self.events!r}, refusal={self.refusal!r})"


def _given(event: Event) -> Event:
    """For events built at once (rare ones): the raw record just carries them."""
    return event


def _build(raw: RawEvent, private: list[Audience]) -> Event:
    cls, args, seat = raw
    if seat is None:
        return cls(*args)  # type: ignore[no-any-return]
    return cls(*args, audience=private[seat])  # type: ignore[no-any-return]


@lru_cache(maxsize=64)
def _validated(config: DominoConfig) -> SetupProblem | None:
    return config.validate()


Handler = Callable[["DominoMatch", int, Any, list[RawEvent]], None]


class DominoMatch:
    """One match: a sequence of manches until a winner (or winners) is known."""

    __slots__ = (
        "config",
        "seed",
        "_auto_pass",
        "_built",
        "_dealt",
        "_facts",
        "_fallen_in",
        "_final",
        "_history",
        "_limit",
        "_log",
        "_m",
        "_manche",
        "_now",
        "_out_of_match",
        "_outcome",
        "_phase",
        "_private",
        "_rng",
        "_side_count",
        "_sides",
        "_start",
        "_tiles",
        "_totals",
        "_turn_started",
    )

    def __init__(
        self,
        config: DominoConfig,
        seed: int | str = 0,
        *,
        auto_pass: bool = True,
        start: float = 0.0,
    ) -> None:
        problem = _validated(config)
        if problem is not None:
            raise ValueError(f"invalid domino config: {problem.value}")
        self.config = config
        self.seed = seed
        self._auto_pass = auto_pass
        self._rng = random.Random(seed)
        self._tiles = tile_set(config.set_id)
        n = config.seats
        self._sides: tuple[int, ...] = config.teams if config.teams else tuple(range(n))
        self._side_count = max(self._sides) + 1
        self._private = [Audience.only(s) for s in range(n)]
        self._totals = [0] * self._side_count
        self._out_of_match = [False] * self._side_count
        self._fallen_in: list[int | None] = [None] * self._side_count
        self._phase = _READY
        self._manche = 0
        self._facts = rules.TableFacts.of(config)
        self._m = Manche(self._facts, [[] for _ in range(n)], [], [False] * n, auto_pass=auto_pass)
        self._dealt: tuple[int, ...] = ()
        self._log: list[LogEntry] = []
        self._history: list[RawEvent] = []  # this manche's events, not built yet
        self._built: list[Event] = []  # the first events of _history, built
        self._final: MatchEnded | None = None
        self._outcome: Outcome | None = None
        self._limit = config.thinking_time
        self._start = float(start)
        self._now = self._start
        self._turn_started: float | None = None

    # ----------------------------------------------------------------- queries

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def seats(self) -> int:
        return self.config.seats

    @property
    def current_seat(self) -> int | None:
        return self._m.current

    @property
    def is_over(self) -> bool:
        return self._phase is _OVER

    @property
    def outcome(self) -> Outcome | None:
        """How the match ended (``core.contract.Outcome``), once it is over."""
        return self._outcome

    @property
    def final(self) -> MatchEnded | None:
        """The ``MatchEnded`` event, once the match is over."""
        return self._final

    @property
    def manche(self) -> int:
        return self._manche

    @property
    def ends(self) -> tuple[int, int] | None:
        return self._m.ends

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(self._totals)

    @property
    def sides(self) -> tuple[int, ...]:
        return self._sides

    @property
    def thinking_time(self) -> int:
        """Seconds per turn (0: no limit)."""
        return self._limit

    @property
    def auto_pass(self) -> bool:
        return self._auto_pass

    @property
    def start(self) -> float:
        """The game time the match was created at."""
        return self._start

    @property
    def now(self) -> float:
        """The latest game time the match has seen."""
        return self._now

    @property
    def turn_started(self) -> float | None:
        """The game time the turn in play began (None outside a manche)."""
        return self._turn_started if self._phase is _PLAYING else None

    @property
    def log(self) -> tuple[LogEntry, ...]:
        """The timed log: with config and seed, a full replay."""
        return tuple(self._log)

    @property
    def steps(self) -> int:
        """Entries in the log so far: grows with every change of the match."""
        return len(self._log)

    def hand_count(self, seat: int) -> int:
        return len(self._m.hands[seat])

    def is_eliminated(self, seat: int) -> bool:
        return self._out_of_match[self._sides[seat]]

    def next_deadline(self) -> float | None:
        """When the thinking time of the turn in play runs out (None: no limit)."""
        if self._limit and self._phase is _PLAYING and self._turn_started is not None:
            return self._turn_started + self._limit
        return None

    def legal_actions(self, seat: int | None, now: float | None = None) -> tuple[Action, ...]:
        """The seat's legal actions at ``now`` (empty unless it is its turn in a manche);
        for ``None``, the table's: ``NextManche()`` while the next manche waits to be dealt."""
        if self._limit and now is not None and self._due_before(now):
            return self._peek(now).legal_actions(seat)
        if seat is None or seat != self._m.current or self._phase is not _PLAYING:
            if seat is None and (self._phase is _READY or self._phase is _BETWEEN):
                return _TABLE_ACTIONS
            return ()
        return tuple(self._m.legal_actions())

    def why_not(self, seat: int | None, action: Any, now: float | None = None) -> Refusal | None:
        """The refusal ``apply`` would give now, changing nothing."""
        if now is not None and self._due_before(now):
            return self._peek(now).why_not(seat, action)
        if type(action) not in _HANDLERS:
            return Refusal.NOT_AN_ACTION
        return self._refusal(seat, action)

    def observation(self, seat: int | None) -> Observation:
        """An independent snapshot of what ``seat`` may know (None: a spectator)."""
        if seat is not None and not 0 <= seat < self.config.seats:
            raise ValueError(f"no seat {seat}")
        m = self._m
        deadline = self.next_deadline()
        return Observation(
            seat=seat,
            config=self.config,
            phase=self._phase,
            manche=self._manche,
            current_seat=m.current,
            hand=() if seat is None else tuple(m.hands[seat]),
            chain=tuple(PlacedTile(t, a, b) for t, a, b in self._chain()),
            ends=m.ends,
            hand_counts=tuple(len(h) for h in m.hands),
            boneyard=len(m.boneyard),
            playing=tuple(m.playing),
            eliminated=tuple(self._out_of_match[s] for s in self._sides),
            sides=self._sides,
            totals=tuple(self._totals),
            drew_fitting=m.drew_fitting and seat == m.current,
            history=tuple(self._heard(seat)),
            turn_started=self.turn_started,
            turn_deadline=deadline,
            step=len(self._log),
            step_time=self._log[-1][0] if self._log else self._start,
        )

    def _chain(self) -> deque[tuple[Tile, int, int]]:
        """The chain, left to right, as this manche's plays built it: (tile, left, right).

        Kept only in the history (a play's event says where the tile went), so a
        play costs no second record; observations rebuild it.
        """
        chain: deque[tuple[Tile, int, int]] = deque()
        for cls, args, _ in self._history:
            if cls is TilePlayed:
                _, tile, end, left, right, _, _, opens = args
                if end is LEFT and not opens:
                    chain.appendleft((tile, left, right))
                else:
                    chain.append((tile, left, right))
        return chain

    def _heard(self, seat: int | None) -> list[Event]:
        """This manche's events that ``seat`` may know, built once and kept."""
        built, raw = self._built, self._history
        for i in range(len(built), len(raw)):
            built.append(_build(raw[i], self._private))
        return [e for e, r in zip(built, raw, strict=True) if r[2] is None or r[2] == seat]

    # ----------------------------------------------------------------- time

    def _due_before(self, now: float) -> bool:
        deadline = self.next_deadline()
        return deadline is not None and deadline < now

    def _peek(self, now: float) -> DominoMatch:
        """A copy brought to ``now``: what ``apply`` would find there (rare: the
        scheduler normally runs a deadline before anyone asks past it)."""
        ahead = copy.deepcopy(self)
        ahead._run_due(now, [], strict=True)
        ahead._now = now
        return ahead

    def advance(self, now: float) -> list[Event]:
        """Run every time-out due at or before ``now``: its events, in order."""
        self._check_time(now)
        events: list[RawEvent] = []
        self._run_due(now, events, strict=False)
        self._now = now
        return [_build(raw, self._private) for raw in events]

    def _check_time(self, now: float) -> None:
        if now < self._now:
            raise ValueError(f"time went back: {now} < {self._now}")

    def _run_due(self, now: float, events: list[RawEvent], strict: bool) -> None:
        while True:
            deadline = self.next_deadline()
            if deadline is None or deadline > now or (strict and deadline == now):
                return
            self._now = deadline  # the next turn begins when this one ran out
            mark = len(events)
            self._time_out(events)
            self._history.extend(events[mark:])

    def _time_out(self, events: list[RawEvent]) -> None:
        self._log.append((self._now, self._m.current, None))
        self._m.act(None, events)
        self._moved(events)

    # ----------------------------------------------------------------- actions

    def apply(self, seat: int | None, action: Any, now: float | None = None) -> Result:
        """Bring the match to ``now``, then apply ``action`` for ``seat`` (or refuse it)."""
        events: list[RawEvent] = []
        if now is not None and now != self._now:
            self._check_time(now)
            if self._limit:
                self._run_due(now, events, strict=True)
            self._now = now
        mark = len(events)
        # An action taken from the legal list of the seat on turn needs no checking.
        m = self._m
        legal = m.legal
        if legal is not None and seat == m.current and seat is not None:
            for candidate in legal:
                if candidate is action:
                    m.act(action, events)
                    # _moved and _accepted written out: this is the path that runs most
                    if m.current is None:
                        self._end_manche(events)
                    elif not m.drew_fitting:
                        self._turn_started = self._now
                    self._log.append((self._now, seat, action))
                    self._history.extend(events[mark:] if mark else events)
                    return Result(events, None, self._private)
        handler = _HANDLERS.get(type(action))
        if handler is None:
            return Result(events, Refusal.NOT_AN_ACTION, self._private)
        refusal = self._refusal(seat, action)
        if refusal is not None:
            return Result(events, refusal, self._private)
        handler(self, seat, action, events)  # type: ignore[arg-type]
        return self._accepted(seat, action, events, mark)

    def _accepted(
        self, seat: int | None, action: Action, events: list[RawEvent], mark: int
    ) -> Result:
        self._log.append((self._now, seat, action))
        self._history.extend(events[mark:] if mark else events)
        return Result(events, None, self._private)

    def _moved(self, events: list[RawEvent]) -> None:
        """After a move of the manche: score it if it ended, else note when the turn
        began (a tile drawn that fits goes on with the same turn)."""
        m = self._m
        if m.current is None:
            self._end_manche(events)
        elif not m.drew_fitting:
            self._turn_started = self._now

    def _refusal(self, seat: int | None, action: Action) -> Refusal | None:
        """Why ``seat`` may not do ``action`` now, or None."""
        if self._phase is _OVER:
            return Refusal.MATCH_OVER
        if isinstance(action, (NextManche, Deal)):
            if seat is not None:
                return Refusal.TABLE_ONLY
            if self._phase is _PLAYING:
                return Refusal.MANCHE_IN_PROGRESS
            return self._deal_problem(action) if isinstance(action, Deal) else None
        if type(seat) is not int or not 0 <= seat < self.config.seats:
            return Refusal.NO_SUCH_SEAT
        if self._out_of_match[self._sides[seat]]:
            return Refusal.ELIMINATED
        if self._phase is not _PLAYING:
            return Refusal.MANCHE_OVER
        m = self._m
        if not m.playing[seat]:
            return Refusal.OUT_OF_MANCHE
        if seat != m.current:
            return Refusal.NOT_YOUR_TURN
        hand = m.hands[seat]
        if isinstance(action, Play):
            uid = action.uid
            tile = self._tiles[uid] if type(uid) is int and 0 <= uid < len(self._tiles) else None
            if tile is None or tile not in hand:
                return Refusal.NOT_IN_HAND
            end = rules.resolve_end(tile, action.end, m.ends)
            return end if isinstance(end, Refusal) else None
        args = (self.config, hand, m.ends, len(m.boneyard), m.drew_fitting)
        if isinstance(action, Draw):
            return rules.draw_refusal(*args)
        return rules.pass_refusal(*args)

    # A checked action (the trusted ones go through ``Manche.act``).
    def _play(self, seat: int, action: Play, events: list[RawEvent]) -> None:
        m = self._m
        tile = self._tiles[action.uid]
        m.play(tile, rules.resolve_end(tile, action.end, m.ends), events)  # type: ignore[arg-type]
        self._moved(events)

    def _draw(self, seat: int, action: Draw, events: list[RawEvent]) -> None:
        self._m.draw(events)
        self._moved(events)

    def _pass(self, seat: int, action: Pass, events: list[RawEvent]) -> None:
        self._m.pass_(events)
        self._moved(events)

    # ---------------------------------------------------------- manche ends

    def _end_manche(self, events: list[RawEvent]) -> None:
        m = self._m
        how, closer = m.ended, m.closer
        assert how is not None
        pips = m.pips()
        if how is _BLOCKED:
            events.append((Blocked, (m.ends, tuple(pips)), None))
        closing_side = None if closer is None else self._sides[closer]
        malus = self.config.teams is not None and not self.config.team_finish
        points = rules.manche_points(
            pips, self._sides, self._side_count, self._dealt, closing_side, malus
        )
        for side, gained in enumerate(points):
            self._totals[side] += gained
        hands = tuple(tuple(h) for h in m.hands)
        by_team = self.config.teams is not None
        ended = (self._manche, how, closer, closing_side, hands, tuple(pips), tuple(points))
        events.append((MancheEnded, (*ended, tuple(self._totals), by_team, self._dealt), None))
        m.playing = [False] * self.config.seats
        self._settle_match(events)

    def _settle_match(self, events: list[RawEvent]) -> None:
        config = self.config
        limit = config.point_limit
        reached = [
            side
            for side in range(self._side_count)
            if limit and not self._out_of_match[side] and self._totals[side] >= limit
        ]
        # without a manche limit the point limit eliminates; with one it ends the match
        fallen = reached if rules.eliminates(limit, config.manche_limit) else []
        for side in fallen:
            self._out_of_match[side] = True
            self._fallen_in[side] = self._manche
            events.append((Eliminated, (side, self._seats_of(side), self._totals[side]), None))
        standing = [s for s in range(self._side_count) if not self._out_of_match[s]]
        manches_done = 0 < config.manche_limit <= self._manche
        points_reached = bool(reached) and not fallen
        result = rules.match_result(self._totals, standing, fallen, manches_done, points_reached)
        if result is None:
            self._phase = _BETWEEN
            return
        sides, reason = result
        winners = tuple(sorted(s for side in sides for s in self._seats_of(side)))
        totals = tuple(self._totals)
        ranks = rules.side_ranks(totals, self._fallen_in)
        self._final = MatchEnded(winners, sides, len(sides) > 1, reason, totals, ranks)
        events.append((_given, (self._final,), None))
        self._outcome = Outcome(
            winners=winners,
            ranks=tuple(ranks[side] for side in self._sides),
            sides=self._sides,
            scores=totals,
        )
        self._phase = _OVER

    def _seats_of(self, side: int) -> tuple[int, ...]:
        return tuple(s for s, sd in enumerate(self._sides) if sd == side)

    # ---------------------------------------------------------- manche starts

    def _next_manche(self, seat: int, action: NextManche, events: list[RawEvent]) -> None:
        dealt = self._in_match()
        size = hand_size(self.config.set_id, len(dealt))
        # Sorting by random keys is a uniform shuffle, 3x faster than rng.shuffle here.
        rand = self._rng.random
        order = sorted(self._tiles, key=lambda _tile: rand())
        hands: list[list[Tile]] = [[] for _ in range(self.config.seats)]
        for i, s in enumerate(dealt):
            hands[s] = order[i * size : (i + 1) * size]
        self._start_manche(dealt, hands, order[len(dealt) * size :], events)

    def _in_match(self) -> list[int]:
        """The seats still in the match: the next manche deals them in."""
        out = self._out_of_match
        return [seat for seat, side in enumerate(self._sides) if not out[side]]

    def _deal_problem(self, action: Deal) -> Refusal | None:
        n, tiles = self.config.seats, self._tiles
        dealt = self._in_match()
        try:
            uids = [u for h in action.hands for u in h] + list(action.boneyard)
            ok = (
                len(action.hands) == n
                and sorted(uids) == list(range(len(tiles)))
                and all(bool(action.hands[s]) == (s in dealt) for s in range(n))
            )
        except TypeError:
            ok = False
        return None if ok else Refusal.BAD_DEAL

    def _fixed_deal(self, seat: int, action: Deal, events: list[RawEvent]) -> None:
        tiles = self._tiles
        hands = [[tiles[u] for u in h] for h in action.hands]
        self._start_manche(self._in_match(), hands, [tiles[u] for u in action.boneyard], events)

    def _start_manche(
        self,
        dealt: list[int],
        hands: list[list[Tile]],
        boneyard: list[Tile],
        events: list[RawEvent],
    ) -> None:
        n = self.config.seats
        if self._phase is _READY:
            events.append((MatchStarted, (self.config,), None))
        self._history = []
        self._built = []
        self._manche += 1
        playing = [False] * n
        for seat in dealt:
            playing[seat] = True
        start, reason = rules.starter(self.config.set_id, hands, dealt)
        self._m = Manche(
            self._facts, hands, boneyard, playing, current=start, auto_pass=self._auto_pass
        )
        self._dealt = tuple(dealt)
        self._phase = _PLAYING
        sizes = tuple(map(len, hands))
        started = (self._manche, self._dealt, sizes, len(boneyard), start, reason)
        events.append((MancheStarted, started, None))
        for seat in dealt:
            events.append((HandDealt, (seat, tuple(hands[seat])), seat))
        self._turn_started = self._now
        events.append((TurnBegan, (start, None), None))

    def omniscient_view(self) -> dict[str, Any]:
        """Where every tile is, hidden ones included: for referees, tests and
        benchmarks only, never for a player, a bot or the narrator."""
        m = self._m
        return {
            "hands": [list(h) for h in m.hands],
            "boneyard": list(m.boneyard),
            "chain": [t for t, _, _ in self._chain()],
            "ends": m.ends,
            "current": m.current,
            "totals": list(self._totals),
            "phase": self._phase,
            "stuck": m.stuck,
            "drew_fitting": m.drew_fitting,
            "playing": list(m.playing),
            "turn_started": self.turn_started,
        }

    # ---------------------------------------------------------- saving

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON-ready) from which ``from_dict`` rebuilds this match."""
        return {
            "config": self.config.to_dict(),
            "seed": self.seed,
            "auto_pass": self._auto_pass,
            "start": self._start,
            "log": [entry_to_dict(entry) for entry in self._log],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DominoMatch:
        """The match ``to_dict`` wrote, replayed entry by entry; ``ValueError`` when
        the data is not a match or its log does not replay to itself."""
        try:
            config = DominoConfig.from_dict(dict(data["config"]))
            seed, auto_pass, start = data["seed"], data["auto_pass"], data["start"]
            if type(seed) not in (int, str) or type(auto_pass) is not bool:
                raise ValueError("bad seed or auto_pass")
            if type(start) not in (int, float):
                raise ValueError("bad start time")
            match = cls(config, seed, auto_pass=auto_pass, start=start)
            entries = data["log"]
            if not isinstance(entries, list):
                raise ValueError("the log is not a list")
            for raw in entries:
                match.replay_entry(*entry_from_dict(raw))
        except (KeyError, TypeError, AttributeError, IndexError) as exc:
            raise ValueError(f"not a domino match: {exc!r}") from exc
        if len(match._log) != len(entries):
            raise ValueError("the log ran a time-out it does not record")
        return match

    def replay_entry(self, when: float, seat: int | None, action: Action | None) -> list[Event]:
        """Play one entry of a log again (``ValueError`` if it does not fit here)."""
        if action is not None:
            result = self.apply(seat, action, when)
            if result.refusal is not None:
                raise ValueError(f"the log replays a refused action: {result.refusal.value}")
            return result.events
        if self.next_deadline() != when or self._m.current != seat:
            raise ValueError("the log has a time-out where no deadline falls")
        return self.advance(when)


def entry_to_dict(entry: LogEntry) -> dict[str, Any]:
    when, seat, action = entry
    if action is None:
        return {"t": when, "seat": seat, "kind": TIME_OUT}
    return {"t": when, "seat": seat, **action_to_dict(action)}


def entry_from_dict(data: Mapping[str, Any]) -> LogEntry:
    when, seat = data["t"], data["seat"]
    if type(when) not in (int, float) or not (seat is None or type(seat) is int):
        raise ValueError("bad log entry")
    action = None if data.get("kind") == TIME_OUT else action_from_dict(data)
    return float(when), seat, action


_HANDLERS: dict[type, Handler] = {
    Play: DominoMatch._play,
    Draw: DominoMatch._draw,
    Pass: DominoMatch._pass,
    NextManche: DominoMatch._next_manche,
    Deal: DominoMatch._fixed_deal,
}
