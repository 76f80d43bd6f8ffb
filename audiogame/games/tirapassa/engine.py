"""The Tira & Passa engine: pure rules, time as input, on the games' contract.

``TiraGame(config, seed, start_at=0.0)`` owns a seeded ``random.Random`` (coaster
pile, big die, every die face) and a private timeline of happenings (round
start, start signal, race start, dice landing, automatic calm rolls, Stop
judging, next round). It never reads a clock. It meets ``core.contract.Engine``:

- ``apply(seat, action, now) -> Result`` first runs every happening due before
  ``now`` (and those at ``now`` except Stop judging), then applies the action
  for ``seat`` (named by the caller: actions carry no seat; ``None``, the table
  itself, has nothing to do in this game). ``Result.events`` holds both, in
  game-clock order; ``Result.refusal`` says why a refused action changed nothing.
- ``why_not(seat, action, now)`` / ``legal_actions(seat, now)``: the refusal
  ``apply`` would give, and what the seat may do, at ``now``, changing nothing.
- ``advance(now) -> list[event]`` runs every happening due at or before
  ``now``, in game-clock order.
- ``next_deadline() -> float | None``: when to call ``advance`` next
  (``scheduler.call_at(game.next_deadline(), ...)``); None when nothing is
  pending (game over).
- ``observation(seat | None)`` (None: a spectator), ``phase``, ``winners``,
  ``is_over``, ``outcome`` (ranked by coasters won).

Ordering at one instant [the spec's table]: Stop is judged after everything
else at that instant, so a die arriving at the same instant as a hand empties
wins (arrival before stop), and two players emptying at the same instant both
call Stop. Actions at an instant come before the Stop judging of that instant:
the judging runs in ``advance``, which the table schedules at
``next_deadline()`` (the same instant).

After Stop no die moves: dice still in the air land "frozen" (faces reported,
nothing placed), then the three calm rolls start. [ruling] In the calm rolls
supreme dice go to the tray by themselves in both control modes, and a calm
roll not made within ``Timing.calm_auto_delay`` is made for the player.

Replay: the engine logs every accepted action (with its seat) and every
state-changing ``advance``; ``to_dict()`` gives plain data and
``TiraGame.from_dict`` rebuilds the same game from (config, seed, timed log),
refusing a log that does not replay.
"""

from __future__ import annotations

import copy
import heapq
import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from audiogame.core.contract import Outcome, ranks_from_scores
from audiogame.core.jsonlog import JsonLog
from audiogame.games.tirapassa import events as ev
from audiogame.games.tirapassa.actions import (
    Action,
    Refusal,
    Result,
    Send,
    Throw,
    action_from_dict,
    action_to_dict,
)
from audiogame.games.tirapassa.coasters import COASTERS_BY_NUMBER, EDITION_COASTERS, Coaster
from audiogame.games.tirapassa.observation import Phase, TiraObservation
from audiogame.games.tirapassa.options import Control, TiraConfig
from audiogame.games.tirapassa.rules import (
    CALM_ROLLS,
    DICE_PER_PLAYER,
    OPPOSITE,
    Destination,
    EndReason,
    destination_for,
    game_winners,
    neighbour,
)
from audiogame.games.tirapassa.symbols import SYMBOLS, Symbol

# Priorities of happenings at the same instant: landings (and the passes they
# cause) first, Stop judging last.
_PRIO_LAND = 0
_PRIO_CALM = 1
_PRIO_FLOW = 2
_PRIO_JUDGE = 9

_LAND, _CALM_AUTO, _BEGIN, _SIGNAL, _RACE, _JUDGE = range(6)

Events = list[ev.TiraEvent]
#: (game time, seat, action, judges): an action of a seat, or (seat and action
#: None) happenings run at that time, with or without the Stop judging at it
LogEntry = tuple[float, int | None, Action | None, bool]
#: (when, priority, order of scheduling, kind, seat, the seat's token then)
Happening = tuple[float, int, int, int, int, int]
#: (game time, the events of ``advance`` there, the views of the seats asked after them)
Foreseen = tuple[float, list[ev.TiraEvent], dict[int | None, TiraObservation]]


class _Seat:
    """One player's mutable state. Dice are ids; faces live in ``TiraGame._faces``."""

    __slots__ = (
        "coaster",
        "won",
        "hand",
        "air",
        "waiting",
        "lands_at",
        "token",
        "stopped",
        "emptied",
        "calm_left",
        "rolling",
        "idle_since",
        "last_move_at",
    )

    def __init__(self, coaster: Coaster | None) -> None:
        self.coaster = coaster
        self.won: list[Coaster] = []
        self.hand: list[int] = []
        self.air: list[int] = []
        self.waiting: list[int] = []
        self.lands_at: float | None = None
        self.token = 0  # bumped by every throw: stale landings and auto rolls are ignored
        self.stopped = False
        self.emptied = False
        self.calm_left = 0
        self.rolling = False
        self.idle_since: float | None = None
        self.last_move_at: float | None = None

    def total(self) -> int:
        return len(self.hand) + len(self.air) + len(self.waiting)

    def copy(self) -> _Seat:
        twin = copy.copy(self)
        twin.won, twin.hand = list(self.won), list(self.hand)
        twin.air, twin.waiting = list(self.air), list(self.waiting)
        return twin


def _log_entry(entry: LogEntry) -> list[Any]:
    t, seat, action, judges = entry
    return [t, seat, None if action is None else action_to_dict(action), judges]


class TiraGame:
    """One game of Tira & Passa. See the module docstring for the contract."""

    def __init__(
        self,
        config: TiraConfig,
        seed: int | str,
        start_at: float = 0.0,
        *,
        pile: Sequence[Coaster] | None = None,
        faces: Sequence[Symbol] = (),
    ) -> None:
        """``pile`` (draw order, first drawn first) and ``faces`` (the big die and the
        dice, in the order they are rolled; the seed takes over when they run out)
        script a game for tests and tutorials."""
        problem = config.validate()
        if problem is not None:
            raise ValueError(f"invalid configuration: {problem.value}")
        if type(seed) not in (int, str):
            raise ValueError("a seed is a whole number or a string")
        if not math.isfinite(start_at):
            raise ValueError("the start time is not a time")
        self.config = config
        self.seed = seed
        self.start_at = start_at
        self._rng = random.Random(seed)
        self._script = (tuple(pile) if pile is not None else None, tuple(faces))
        self._faces_ahead = list(reversed(faces))
        self._throw_seconds = config.throw_seconds
        self._timing = config.timing
        self._controls = tuple(config.control_of(s) for s in range(config.players))
        if pile is None:
            self._pile = list(EDITION_COASTERS)
            self._rng.shuffle(self._pile)
        else:
            self._pile = list(reversed(pile))  # popped from the end
        self._seats = [_Seat(self._pile.pop()) for _ in range(config.players)]
        self._faces: list[Symbol | None] = [None] * (DICE_PER_PLAYER * config.players)
        self._tray: list[int] = []
        self._phase = Phase.SETUP
        self._round = 0
        self._supreme: Symbol | None = None
        self._winners: tuple[int, ...] | None = None
        self._now = start_at
        self._timeline: list[Happening] = []
        self._scheduled = 0  # happenings scheduled so far: the tie-break at one instant
        self._judge_at: float | None = None
        self._log: list[LogEntry] = []
        self._log_json: JsonLog | None = None  # the log as JSON, kept for the autosave
        #: the public part of every observation, built once per change of state
        self._table: tuple[Any, ...] | None = None
        self._schedule(start_at, _PRIO_FLOW, _BEGIN)

    # ----------------------------------------------------------------- public

    @property
    def seats(self) -> int:
        return self.config.players

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def now(self) -> float:
        """The latest game-clock time the engine was given."""
        return self._now

    @property
    def round(self) -> int:
        return self._round

    @property
    def supreme(self) -> Symbol | None:
        return self._supreme

    @property
    def winners(self) -> tuple[int, ...] | None:
        """The game's winners once it is over (several when shared)."""
        return self._winners

    @property
    def is_over(self) -> bool:
        return self._phase is Phase.GAME_OVER

    @property
    def outcome(self) -> Outcome | None:
        """Once over: ranked by coasters won (more is better, ties share a place)."""
        if self._winners is None:
            return None
        won = self._won_counts()
        return Outcome(
            winners=self._winners,
            ranks=ranks_from_scores(won, lower_is_better=False),
            sides=tuple(range(len(self._seats))),
            scores=won,
        )

    def next_deadline(self) -> float | None:
        return self._timeline[0][0] if self._timeline else None

    def next_round_at(self) -> float | None:
        """The game time the next round's big die is rolled at (None: not scheduled)."""
        begins = [h[0] for h in self._timeline if h[3] == _BEGIN]
        return min(begins, default=None)

    def advance(self, now: float) -> list[ev.TiraEvent]:
        """Run every happening due at or before ``now``, in game-clock order."""
        self._check_time(now)
        events, ran = self._run_until(now, judges_at_now=True)
        if ran:
            self._log.append((now, None, None, True))
        return events

    def apply(self, seat: int | None, action: Any, now: float) -> Result:
        """Bring the game to ``now``, then apply ``seat``'s ``action`` (or refuse it)."""
        self._check_time(now)
        events, ran = self._run_until(now, judges_at_now=False)
        refusal = self._refusal(seat, action)
        if refusal is None:
            assert seat is not None
            self._log.append((now, seat, action, False))
            self._perform(seat, action, now, events)
        elif ran:
            self._log.append((now, None, None, False))
        return Result(tuple(events), refusal)

    def why_not(self, seat: int | None, action: Any, now: float) -> Refusal | None:
        """Why ``apply(seat, action, now)`` would refuse ``action`` (None: allowed).

        Changes nothing: what falls due before ``now`` is run on a copy.
        """
        return self._at(now)._refusal(seat, action)

    def legal_actions(self, seat: int | None, now: float) -> tuple[Action, ...]:
        """What ``seat`` may do at ``now``: a Throw when allowed, then one Send
        (by index, to its destination) per landed die that can go somewhere.
        The table (``None``) has nothing to do: rounds follow by themselves."""
        if seat is None:
            return ()
        game = self._at(now)
        if not game._is_seat(seat):
            return ()
        found: list[Action] = [Throw()] if game._refusal(seat, Throw()) is None else []
        if game._phase is Phase.RACING:  # dice in the air are in no hand: none to send
            found += [Send(i, dest) for i, dest in game.observation(seat).sendable()]
        return tuple(found)

    def foresee(
        self,
        until: float,
        seats: Sequence[int | None],
        keep: Callable[[Sequence[ev.TiraEvent]], bool] | None = None,
        limit: int = 64,
    ) -> list[Foreseen]:
        """What this game will do by itself up to ``until`` if nobody acts meanwhile:
        for each deadline on its timeline, the events ``advance`` would give there and
        the views of ``seats`` after them (``keep``: only the batches it accepts).
        Changes nothing: it runs on a copy. A server sends this ahead so that every
        client plays a landing at its very time (``net.server.race_table``)."""
        twin = self._copy()
        found: list[Foreseen] = []
        for _ in range(4 * limit):
            when = twin.next_deadline()
            if when is None or when > until or len(found) >= limit:
                break
            events = twin.advance(max(when, twin._now))
            if events and (keep is None or keep(events)):
                found.append((when, events, {seat: twin.observation(seat) for seat in seats}))
        return found

    def observation(self, seat: int | None) -> TiraObservation:
        """What ``seat`` sees now; ``None``: a spectator (the table, all public)."""
        table = self._table
        if table is None:
            table = self._table = self._table_now()
        if seat is None:
            return TiraObservation(None, self._now, 0, None, None, None, 0, *table)
        if not self._is_seat(seat):
            raise ValueError(f"no seat {seat!r} at this table")
        me = self._seats[seat]
        return TiraObservation(
            seat,
            self._now,
            len(me.air),
            me.lands_at,
            me.idle_since,
            me.last_move_at,
            me.calm_left if me.rolling else 0,
            *table,
        )

    def _table_now(self) -> tuple[Any, ...]:
        """The table as everyone sees it, in ``TiraObservation``'s field order."""
        seats = self._seats
        face = self._faces.__getitem__
        return (
            self._phase,
            self._round,
            self._supreme,
            self._controls,
            self._throw_seconds,
            tuple([tuple(map(face, s.hand)) for s in seats]),
            tuple([len(s.hand) + len(s.air) + len(s.waiting) for s in seats]),
            tuple([len(s.waiting) for s in seats]),
            tuple([s.coaster for s in seats]),
            tuple([tuple(s.won) for s in seats]),
            tuple([s.stopped for s in seats]),
            len(self._tray),
            len(self._pile),
            self._winners,
            tuple([tuple(map(face, s.waiting)) for s in seats]),
        )

    def dice_places(self) -> dict[str, int]:
        """Where the dice are (for invariant checks): hand, air, coasters, tray."""
        seats = self._seats
        return {
            "hand": sum(len(s.hand) for s in seats),
            "air": sum(len(s.air) for s in seats),
            "coasters": sum(len(s.waiting) for s in seats),
            "tray": len(self._tray),
        }

    # ------------------------------------------------------ save and replay

    def to_dict(self, *, raw_log: bool = False) -> dict[str, Any]:
        """Plain data: (config, seed, start time, timed log) rebuilds this game.

        ``raw_log``: the log as already-encoded JSON (``saves.RawJson``), encoded
        one new entry at a time: what the autosave wants after every action.
        """
        pile, faces = self._script
        data: dict[str, Any] = {
            "config": self.config.to_dict(),
            "seed": self.seed,
            "start_at": self.start_at,
            "pile": None if pile is None else [c.number for c in pile],
            "faces": [f.value for f in faces],
        }
        if raw_log:
            if self._log_json is None:
                self._log_json = JsonLog()
            data["log"] = self._log_json.raw(self._log, _log_entry)
        else:
            data["log"] = [_log_entry(entry) for entry in self._log]
        return data

    @property
    def log_length(self) -> int:
        """How many entries the replay log holds: grows with every change of state."""
        return len(self._log)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TiraGame:
        """The game ``to_dict`` described, its log replayed.

        ``ValueError`` (or ``KeyError``/``TypeError`` on data of the wrong shape)
        when it cannot be: a log entry the game refuses is not this game's.
        """
        pile = data.get("pile")
        faces = data.get("faces", ())
        if not isinstance(faces, list | tuple) or not isinstance(pile, list | tuple | None):
            raise ValueError("pile or faces not a list")
        game = cls(
            TiraConfig.from_dict(data["config"]),
            data["seed"],
            _time(data["start_at"]),
            pile=None if pile is None else [COASTERS_BY_NUMBER[n] for n in pile],
            faces=[Symbol(f) for f in faces],
        )
        log = data["log"]
        if not isinstance(log, list | tuple):
            raise ValueError("the log is not a list")
        for entry in log:
            t, seat, action, judges = entry
            t = _time(t)
            if action is None:
                if seat is not None or type(judges) is not bool:
                    raise ValueError(f"bad log entry {entry!r}")
                game._check_time(t)
                game._run_until(t, judges_at_now=judges)
                game._log.append((t, None, None, judges))
            else:
                if judges is not False:
                    raise ValueError(f"bad log entry {entry!r}")
                refusal = game.apply(seat, action_from_dict(action), t).refusal
                if refusal is not None:
                    raise ValueError(f"log entry {entry!r} refused: {refusal.value}")
        return game

    # --------------------------------------------------------------- timeline

    def _check_time(self, now: float) -> None:
        if not now >= self._now:  # NaN too
            raise ValueError(f"time went back: {now} < {self._now}")

    def _schedule(self, when: float, prio: int, kind: int, seat: int = -1, token: int = 0) -> None:
        self._scheduled += 1
        heapq.heappush(self._timeline, (when, prio, self._scheduled, kind, seat, token))

    def _run_until(self, now: float, judges_at_now: bool) -> tuple[Events, int]:
        events: Events = []
        timeline = self._timeline
        ran = 0
        while timeline:
            when, prio, _, kind, seat, token = timeline[0]
            if when > now or (when == now and prio == _PRIO_JUDGE and not judges_at_now):
                break
            heapq.heappop(timeline)
            self._now = when
            self._table = None
            _HANDLERS[kind](self, when, seat, token, events)
            ran += 1
        self._now = now
        return events, ran

    def _at(self, now: float) -> TiraGame:
        """This game as ``apply`` at ``now`` would find it: itself when nothing is due
        before then, else a throwaway copy brought to ``now``."""
        self._check_time(now)
        timeline = self._timeline
        if not timeline:
            return self
        when, prio = timeline[0][:2]
        if when > now or (when == now and prio == _PRIO_JUDGE):
            return self
        twin = self._copy()
        twin._run_until(now, judges_at_now=False)
        return twin

    def _copy(self) -> TiraGame:
        """A copy sharing nothing mutable, and no log: for looking ahead only."""
        twin = copy.copy(self)
        twin._rng = random.Random()
        twin._rng.setstate(self._rng.getstate())
        twin._faces_ahead = list(self._faces_ahead)
        twin._pile = list(self._pile)
        twin._seats = [s.copy() for s in self._seats]
        twin._faces = list(self._faces)
        twin._tray = list(self._tray)
        twin._timeline = list(self._timeline)
        twin._log, twin._log_json = [], None
        return twin

    def _want_judge(self, when: float) -> None:
        if self._judge_at != when:
            self._judge_at = when
            self._schedule(when, _PRIO_JUDGE, _JUDGE)

    # ------------------------------------------------------------ round flow

    def _on_begin(self, t: float, _seat: int, _token: int, events: Events) -> None:
        if self._round == 0:
            events.append(
                ev.GameStarted(
                    time=t,
                    players=len(self._seats),
                    coasters=self._coasters(),
                    pile_size=len(self._pile),
                    variant=self.config.variant,
                    speed=self.config.speed,
                    controls=self._controls,
                )
            )
        self._round += 1
        self._supreme = self._roll_face()
        self._deal()
        self._phase = Phase.ANNOUNCING
        signal_at = t + self._timing.signal_delay
        race_at = signal_at + self._timing.race_delay
        events.append(
            ev.RoundStarted(
                time=t,
                round=self._round,
                supreme=self._supreme,
                coasters=self._coasters(),
                won_counts=self._won_counts(),
                signal_at=signal_at,
                race_at=race_at,
            )
        )
        self._schedule(signal_at, _PRIO_FLOW, _SIGNAL)
        self._schedule(race_at, _PRIO_FLOW, _RACE)

    def _deal(self) -> None:
        """Everybody takes 3 dice again; the tray is emptied."""
        self._tray.clear()
        for index, s in enumerate(self._seats):
            first = index * DICE_PER_PLAYER
            s.hand = list(range(first, first + DICE_PER_PLAYER))
            s.air, s.waiting = [], []
            s.lands_at = None
            s.token += 1
            s.stopped = s.emptied = s.rolling = False
            s.calm_left = 0
            s.idle_since = s.last_move_at = None
        self._faces = [None] * len(self._faces)

    def _on_signal(self, t: float, _seat: int, _token: int, events: Events) -> None:
        events.append(ev.StartSignal(time=t, race_at=t + self._timing.race_delay))

    def _on_race(self, t: float, _seat: int, _token: int, events: Events) -> None:
        self._phase = Phase.RACING
        for s in self._seats:
            s.idle_since = s.last_move_at = t
        events.append(ev.RaceStarted(time=t))

    # ---------------------------------------------------------------- actions

    def _is_seat(self, seat: object) -> bool:
        return type(seat) is int and 0 <= seat < len(self._seats)

    def _refusal(self, seat: int | None, action: Any) -> Refusal | None:
        """Why ``action`` would be refused in the current state (None: allowed)."""
        if not self._is_seat(seat):
            return Refusal.NO_SUCH_SEAT
        assert seat is not None
        if not isinstance(action, Throw | Send):
            return Refusal.NOT_AN_ACTION
        early = _PHASE_REFUSALS.get(self._phase)
        if early is not None:
            return early
        if isinstance(action, Throw):
            return self._throw_refusal(self._seats[seat])
        return self._send_refusal(seat, action)

    def _throw_refusal(self, s: _Seat) -> Refusal | None:
        if self._phase is Phase.FREEZING:
            return Refusal.NOT_IN_RACE
        if s.air:
            return Refusal.DICE_IN_THE_AIR
        if s.total() == 0:
            return Refusal.NO_DICE
        if self._phase is Phase.CALM and not s.rolling:
            return Refusal.NO_CALM_ROLLS_LEFT
        if self._phase is Phase.RACING and self._supreme in map(self._faces.__getitem__, s.hand):
            # the rulebook: supreme dice "vanno sistemati sempre sul vassoio", never thrown again
            return Refusal.SUPREME_IN_HAND
        return None

    def _send_refusal(self, seat: int, action: Send) -> Refusal | None:
        if self._phase is not Phase.RACING:
            return Refusal.NOT_IN_RACE
        s = self._seats[seat]
        if s.air:
            return Refusal.DICE_IN_THE_AIR
        index = self._find_die(s, action.die)
        if index is None:
            return Refusal.NO_SUCH_DIE
        dest = self._destination(s, s.hand[index])
        if dest is None:
            return Refusal.NOWHERE_TO_GO if action.to is None else Refusal.CANNOT_GO_THERE
        if action.to is not None and action.to is not dest:
            return Refusal.CANNOT_GO_THERE
        return None

    def _find_die(self, s: _Seat, die: object) -> int | None:
        """Index in hand of a landed die (by index, or the first showing a symbol)."""
        faces = self._faces
        if isinstance(die, Symbol):
            for index, d in enumerate(s.hand):
                if faces[d] is die:
                    return index
            return None
        if type(die) is int and 0 <= die < len(s.hand) and faces[s.hand[die]] is not None:
            return die
        return None

    def _destination(self, s: _Seat, die: int) -> Destination | None:
        face = self._faces[die]
        if face is None or self._supreme is None:
            return None
        return destination_for(face, s.coaster, self._supreme)

    def _perform(self, seat: int, action: Action, now: float, events: Events) -> None:
        self._table = None
        if isinstance(action, Throw):
            self._throw(seat, now, events, auto=False)
            return
        s = self._seats[seat]
        index = self._find_die(s, action.die)
        assert index is not None  # _refusal checked it
        dest = self._destination(s, s.hand[index])
        assert dest is not None
        s.last_move_at = now
        self._move(seat, index, dest, now, False, events)

    def _throw(self, seat: int, now: float, events: Events, auto: bool) -> None:
        s = self._seats[seat]
        joined = len(s.waiting)
        dice = s.hand + s.waiting
        s.hand, s.waiting, s.air = [], [], dice
        for die in dice:
            self._faces[die] = self._roll_face()
        s.token += 1
        s.lands_at = now + self._throw_seconds
        s.idle_since = None
        calm_roll = CALM_ROLLS - s.calm_left + 1 if self._phase is Phase.CALM else 0
        self._schedule(s.lands_at, _PRIO_LAND, _LAND, seat, s.token)
        events.append(
            ev.Thrown(
                time=now,
                seat=seat,
                dice=len(dice),
                joined=joined,
                lands_at=s.lands_at,
                calm_roll=calm_roll,
                auto=auto,
            )
        )

    def _roll_face(self) -> Symbol:
        if self._faces_ahead:
            return self._faces_ahead.pop()
        return SYMBOLS[int(self._rng.random() * 6)]

    # ---------------------------------------------------------------- landing

    def _on_land(self, t: float, seat: int, token: int, events: Events) -> None:
        s = self._seats[seat]
        if token != s.token or not s.air:
            return
        s.hand, s.air = s.air, []
        s.lands_at = None
        s.idle_since = s.last_move_at = t
        faces = tuple([self._rolled(d) for d in s.hand])
        phase = self._phase
        if phase is Phase.RACING:
            events.append(ev.Landed(time=t, seat=seat, faces=faces))
            if self._controls[seat] is Control.ASSISTED:
                self._place_all(seat, t, events)
        elif phase is Phase.FREEZING:
            s.idle_since = None  # nothing to do until the calm rolls
            events.append(ev.Landed(time=t, seat=seat, faces=faces, frozen=True))
            if not any(other.air for other in self._seats):
                self._start_calm(t, events)
        elif phase is Phase.CALM:
            roll = CALM_ROLLS - s.calm_left + 1
            events.append(ev.Landed(time=t, seat=seat, faces=faces, calm_roll=roll))
            self._calm_landed(seat, roll, t, events)

    def _rolled(self, die: int) -> Symbol:
        face = self._faces[die]
        assert face is not None  # a die that landed was rolled
        return face

    def _place_all(self, seat: int, t: float, events: Events) -> None:
        """Assisted mode: every die that can go goes, the tray first."""
        s = self._seats[seat]
        dests = [self._destination(s, d) for d in s.hand]
        order = [i for i, dest in enumerate(dests) if dest is Destination.TRAY]
        order += [i for i, dest in enumerate(dests) if dest is not None and i not in order]
        moving = [(s.hand[i], dests[i]) for i in order]
        for die, dest in moving:
            assert dest is not None
            self._move(seat, s.hand.index(die), dest, t, True, events)

    def _move(
        self, seat: int, index: int, dest: Destination, t: float, auto: bool, events: Events
    ) -> None:
        s = self._seats[seat]
        die = s.hand.pop(index)
        face = self._faces[die]
        assert face is not None
        if dest is Destination.TRAY:
            self._tray.append(die)
            events.append(
                ev.DieToTray(
                    time=t,
                    seat=seat,
                    symbol=face,
                    die=die,
                    dice_left=s.total(),
                    tray=len(self._tray),
                    auto=auto,
                )
            )
        else:
            to_seat = neighbour(seat, dest, len(self._seats))
            receiver = self._seats[to_seat]
            receiver.waiting.append(die)
            events.append(
                ev.DiePassed(
                    time=t,
                    from_seat=seat,
                    to_seat=to_seat,
                    side=dest,
                    arrives_from=OPPOSITE[dest],
                    symbol=face,
                    die=die,
                    sender_left=s.total(),
                    receiver_waiting=len(receiver.waiting),
                    receiver_total=receiver.total(),
                    auto=auto,
                )
            )
        if self._phase is Phase.RACING and s.total() == 0:
            self._want_judge(t)

    # ------------------------------------------------------------------- stop

    def _on_judge(self, t: float, _seat: int, _token: int, events: Events) -> None:
        self._judge_at = None
        if self._phase is not Phase.RACING:
            return
        stoppers = tuple(i for i, s in enumerate(self._seats) if s.total() == 0)
        if not stoppers:
            return
        for seat in stoppers:
            self._seats[seat].stopped = True
            self._seats[seat].idle_since = None
        events.extend(ev.StopCalled(time=t, seat=seat, together=stoppers) for seat in stoppers)
        self._phase = Phase.FREEZING
        for s in self._seats:
            s.idle_since = None
        if not any(s.air for s in self._seats):
            self._start_calm(t, events)

    # ------------------------------------------------------------- calm rolls

    def _start_calm(self, t: float, events: Events) -> None:
        self._phase = Phase.CALM
        rolling = tuple(i for i, s in enumerate(self._seats) if s.total() > 0)
        delay = self._timing.calm_auto_delay
        for seat in rolling:
            s = self._seats[seat]
            s.rolling = True
            s.calm_left = CALM_ROLLS
            s.idle_since = s.last_move_at = t
            self._schedule(t + delay, _PRIO_CALM, _CALM_AUTO, seat, s.token)
        stoppers = tuple(i for i, s in enumerate(self._seats) if s.stopped)
        events.append(
            ev.CalmStarted(
                time=t, stoppers=stoppers, rolling=rolling, rolls=CALM_ROLLS, auto_after=delay
            )
        )
        if not rolling:
            self._end_round(t, events)

    def _on_calm_auto(self, t: float, seat: int, token: int, events: Events) -> None:
        s = self._seats[seat]
        if self._phase is Phase.CALM and s.rolling and token == s.token and not s.air:
            self._throw(seat, t, events, auto=True)

    def _calm_landed(self, seat: int, roll: int, t: float, events: Events) -> None:
        s = self._seats[seat]
        supreme = self._supreme
        for die in [d for d in s.hand if self._faces[d] is supreme]:
            self._move(seat, s.hand.index(die), Destination.TRAY, t, True, events)
        s.calm_left -= 1
        if s.total() == 0:
            s.emptied = True
            s.rolling = False
            s.idle_since = None
            events.append(ev.CalmEmptied(time=t, seat=seat, roll=roll))
        elif s.calm_left == 0:
            s.rolling = False
            s.idle_since = None
            events.append(ev.CalmFinished(time=t, seat=seat, dice_left=s.total()))
        else:
            delay = self._timing.calm_auto_delay
            self._schedule(t + delay, _PRIO_CALM, _CALM_AUTO, seat, s.token)
        if not any(other.rolling for other in self._seats):
            self._end_round(t, events)

    # -------------------------------------------------------------- round end

    def _end_round(self, t: float, events: Events) -> None:
        self._phase = Phase.BETWEEN_ROUNDS
        winners = tuple(i for i, s in enumerate(self._seats) if s.stopped or s.emptied)
        for seat in winners:
            s = self._seats[seat]
            assert s.coaster is not None
            s.won.append(s.coaster)
            s.coaster = None  # turned face down: won, no longer in front of the player
        events.append(
            ev.RoundEnded(
                time=t,
                round=self._round,
                winners=winners,
                dice_left=tuple(s.total() for s in self._seats),
                won_counts=self._won_counts(),
            )
        )
        for seat in winners:
            s = self._seats[seat]
            events.append(ev.CoasterWon(time=t, seat=seat, coaster=s.won[-1], won_count=len(s.won)))
        outcome = game_winners(self._won_counts(), self.config.variant, False)
        if outcome is None:
            short = self._draw_coasters(winners, t, events)
            if short:
                outcome = game_winners(self._won_counts(), self.config.variant, True)
        if outcome is None:
            self._schedule(t + self._timing.between_rounds, _PRIO_FLOW, _BEGIN)
            return
        self._end_game(outcome, t, events)

    def _draw_coasters(self, winners: tuple[int, ...], t: float, events: Events) -> bool:
        """Each round winner draws a new coaster; True when the pile ran short."""
        short = False
        for seat in winners:
            coaster = self._pile.pop() if self._pile else None
            short = short or coaster is None
            self._seats[seat].coaster = coaster
            events.append(
                ev.CoasterDrawn(time=t, seat=seat, coaster=coaster, pile_size=len(self._pile))
            )
        return short

    def _end_game(
        self, outcome: tuple[tuple[int, ...], EndReason], t: float, events: Events
    ) -> None:
        winners, reason = outcome
        self._phase = Phase.GAME_OVER
        self._winners = winners
        self._timeline.clear()
        events.append(
            ev.GameEnded(
                time=t,
                winners=winners,
                won_counts=self._won_counts(),
                reason=reason,
                shared=len(winners) > 1,
            )
        )

    # ---------------------------------------------------------------- helpers

    def _coasters(self) -> tuple[Coaster | None, ...]:
        return tuple(s.coaster for s in self._seats)

    def _won_counts(self) -> tuple[int, ...]:
        return tuple(len(s.won) for s in self._seats)


_PHASE_REFUSALS: dict[Phase, Refusal] = {
    Phase.SETUP: Refusal.NOT_STARTED,
    Phase.ANNOUNCING: Refusal.NOT_STARTED,
    Phase.BETWEEN_ROUNDS: Refusal.ROUND_OVER,
    Phase.GAME_OVER: Refusal.GAME_OVER,
}

_Handler = Callable[[TiraGame, float, int, int, Events], None]

#: what each kind of happening does, by its number on the timeline
_HANDLERS: dict[int, _Handler] = {
    _LAND: TiraGame._on_land,
    _CALM_AUTO: TiraGame._on_calm_auto,
    _BEGIN: TiraGame._on_begin,
    _SIGNAL: TiraGame._on_signal,
    _RACE: TiraGame._on_race,
    _JUDGE: TiraGame._on_judge,
}


def _time(value: Any) -> float:
    """A game time read from saved data: a finite number, or ``ValueError``."""
    if type(value) not in (int, float) or not math.isfinite(value):
        raise ValueError(f"not a time: {value!r}")
    return float(value)
