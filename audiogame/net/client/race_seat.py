"""A seat at a real-time table, seen from the client: ``RaceSeat``, a ``SeatSession``
(``core.seat``) over the network, so a game's own table scene plays online unchanged.

The table (``TiraTable`` on ``ui.table.TableScene``) hears ``on_events(batch)`` and
reads ``view()`` as it does offline; what ``RaceSeat`` adds is *when*:

- **Happenings foreseen are heard at their time.** Every frame of a real-time
  table carries what the game will do by itself next (``Batch.ahead``: dice
  landing with what they cause, the big die, "go!"). The seat schedules each on
  the app's scheduler at its game time on the server's clock (the match's
  ``RaceClock.origin``, and the offset ``ClockSync`` estimates from pings), and
  delivers it then, its view with it: every client hears a landing at the same
  moment, however late its frames come (below a throw's flight). A throw, a die
  sent by hand, an automatic calm roll is delivered when its frame arrives:
  nobody can know it sooner.
- **The server has the last word.** When the batch itself arrives, each part of
  it (its events at one game time) is compared with what was delivered ahead, by
  what the game's narrator makes of both: the same words, nothing more is
  delivered; other words (a die sent by hand called Stop just before the
  landing, and its frame came too late), the right part is delivered at once
  and the mistake noted (``mistakes``); a part foreseen that never happened is
  noted too. ``parts`` keeps every part of every batch with its view and how it
  was heard ("ahead", "arrived", "corrected"): narrated, it is what the offline
  narration of the same seed and actions says.
- **Presses are dated.** ``act(action)`` sends the action with the moment it was
  pressed on the server's clock; the table applies it at that moment (within
  its bound), so a slow line is not a slow hand. Refusals come back to
  ``on_refusal`` with the action.
- **Coming back mid-match** (a snapshot after events were played): the view is
  the one of now, nothing is replayed; ``on_resync(view, mid_match)`` lets the
  screen say where the race stands (the game's ``RealTime.situation``).

``time`` is the match's game time on this machine (the server's clock as
estimated, less the origin): ``clock.now()``, ``call_at``, ``call_later``.
Online time never stops: ``pause``/``resume`` do nothing, and the server deals
the next round by itself (``next_round`` does nothing). ``diagnostics()`` says
the clock's estimate (offset, its error, round trip) and the table's
compensation: the race screen's diagnostics key.

The seat pumps its ``RemoteSession`` itself every ``pump_every`` seconds on the
scheduler (the screen may pump it too: whoever pumps first delivers).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from audiogame.core.contract import GameSpec
from audiogame.core.narration import Message, Narrate
from audiogame.net.client.game_client import Ahead, Batch, Resync
from audiogame.net.client.remote_session import RemoteSession
from audiogame.net.protocol import messages as m

#: a foreseen part whose time passed this long ago when it arrived is not delivered ahead:
#: the server's own frame is near, and it is surely right
TOO_LATE = 0.25
#: how often the seat pumps its session (seconds)
PUMP_EVERY = 0.004


class _Clock(Protocol):
    def now(self) -> float: ...


class _Scheduler(Protocol):
    """What the seat needs of the app's ``Scheduler``."""

    @property
    def clock(self) -> _Clock: ...

    def call_at(self, when: float, callback: Callable[..., Any], *args: Any) -> Any: ...


class _Listener(Protocol):
    def on_events(self, batch: Sequence[Any]) -> None: ...

    def on_refusal(self, action: Any, refusal: str) -> None: ...


@dataclass(frozen=True, slots=True)
class Part:
    """One part of a batch the server sent: its events at game time ``at``, the view
    after the batch, and how the listener heard it: "ahead" (delivered at its time, the
    server agreed), "arrived" (delivered when its frame came), "corrected" (delivered
    ahead wrongly, then delivered right)."""

    upto: int
    at: float | None
    events: tuple[Any, ...]
    view: Any
    how: str


@dataclass(frozen=True, slots=True)
class Mistake:
    """A part delivered ahead that the server told otherwise (``right`` None: it never
    happened)."""

    at: float
    said: tuple[Any, ...]
    right: tuple[Any, ...] | None


@dataclass(slots=True)
class _Delivered:
    events: tuple[Any, ...]
    view: Any


class _Placeholders(Sequence[str]):
    """Names for comparing two narrations: the same word for a seat on both sides."""

    def __init__(self, seats: int) -> None:
        self.seats = seats

    def __len__(self) -> int:
        return self.seats

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [f"#{i}" for i in range(self.seats)][index]
        if not -self.seats <= index < self.seats:
            raise IndexError(index)
        return f"#{index % self.seats}"


class RaceTime:
    """The match's game time on this machine: the server's clock as estimated, less the
    match's origin (what a table's own timers run on)."""

    def __init__(self, seat: RaceSeat) -> None:
        self._seat = seat
        self.clock = self

    def now(self) -> float:
        found = self._seat.game_now()
        return 0.0 if found is None else found

    def call_at(self, when: float, callback: Callable[..., Any], *args: Any) -> Any:
        scheduler = self._seat.scheduler
        return scheduler.call_at(self._seat.local_time(when), callback, *args)

    def call_later(self, delay: float, callback: Callable[..., Any], *args: Any) -> Any:
        scheduler = self._seat.scheduler
        return scheduler.call_at(scheduler.clock.now() + max(0.0, delay), callback, *args)


class RaceSeat:
    def __init__(
        self,
        session: RemoteSession,
        scheduler: _Scheduler,
        spec: GameSpec,
        *,
        pump_every: float | None = PUMP_EVERY,
    ) -> None:
        if spec.narrate is None or spec.realtime is None:
            raise ValueError(f"{spec.id} is not a game against the clock")
        self.session = session
        self.client = session.client
        self.scheduler = scheduler
        self.narrate: Narrate = spec.narrate
        self.pump_every = pump_every
        self._time = RaceTime(self)
        #: the screen's hooks: (view, mid_match) on joining or coming back; after every
        #: part delivered (events, view, foreseen), for a scripted player
        self.on_resync: Callable[[Any, bool], None] | None = None
        self.on_part: Callable[[Sequence[Any], Any, bool], None] | None = None
        self.clock: m.RaceClock | None = None
        self.server_view: Any = None
        self.parts: list[Part] = []
        self.mistakes: list[Mistake] = []
        #: (game time, when it was delivered, when it was meant to be) of each part
        #: delivered ahead, on this machine's monotonic clock: the aim is where the clock
        #: estimate puts the game time; the delivery is the aim plus the loop's lateness
        self.on_time: list[tuple[float, float, float]] = []
        self._listener: _Listener | None = None
        self._ahead: tuple[Ahead, ...] = ()
        self._handles: list[Any] = []
        self._delivered: dict[float, _Delivered] = {}
        self._upto_time = float("-inf")  # the latest game time the server's frames told
        self._acts: dict[int, Any] = {}
        self._delivering: Any = None  # the view of the part being delivered
        self._pumping: Any = None
        self._stopped = False
        #: the session's hooks before this seat took them (``detach`` gives them back)
        self._before = (
            session.on_batch_item,
            session.on_resync_item,
            session.on_race_clock,
            session.on_game_refused,
        )
        session.on_batch_item = self._batch
        session.on_resync_item = self._resync
        session.on_race_clock = self._clock
        session.on_game_refused = self._refused

    # -- SeatSession ----------------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        return self.client.seat

    @property
    def time(self) -> RaceTime:
        return self._time

    def start(self, listener: _Listener | None = None) -> None:
        self._listener = listener
        was_stopped, self._stopped = self._stopped, False
        if was_stopped:  # a table opened again (the next match): what is foreseen, on time
            self._plan()
        if self.pump_every is not None and self._pumping is None:
            self._pump()

    def act(self, action: Any) -> None:
        """The player's key, dated now on the server's clock."""
        ref = self.session.act(action, self.server_now())
        self._acts[ref] = action
        if len(self._acts) > 256:  # answers that never came: forget the oldest
            for old in sorted(self._acts)[:128]:
                del self._acts[old]

    def next_round(self) -> None:
        """The server deals the next round on its own schedule."""

    def view(self) -> Any:
        """The seat's view as heard: the part being delivered, else the latest part
        delivered ahead, else the server's latest."""
        if self._delivering is not None:
            return self._delivering
        if self._delivered:
            latest = max(self._delivered)
            if latest > self._upto_time:
                return self._delivered[latest].view
        return self.server_view

    def pause(self) -> None:
        """A race never stops."""

    def resume(self) -> None:
        """A race never stops."""

    def stop(self) -> None:
        self._stopped = True
        self._cancel()
        if self._pumping is not None:
            self._pumping.cancel()
            self._pumping = None

    def detach(self) -> None:
        """Stopped for good (the player left the table): the session's frames go back
        to whoever heard them before this seat."""
        self.stop()
        session = self.session
        (
            session.on_batch_item,
            session.on_resync_item,
            session.on_race_clock,
            session.on_game_refused,
        ) = self._before

    # -- the race's clock -----------------------------------------------------------------
    def server_now(self) -> float:
        return self.client.server_time(time.monotonic())

    def game_now(self) -> float | None:
        """The match's game time now, as heard here (None before its clock is known)."""
        clock = self.clock
        return None if clock is None else self.server_now() - clock.origin

    def local_time(self, game_time: float) -> float:
        """A game time on the scheduler's clock (before the match's clock: now)."""
        clock = self.clock
        now = self.scheduler.clock.now()
        if clock is None:
            return now
        local = self.client.sync.client_time(game_time + clock.origin)
        return now + (local - time.monotonic())

    @property
    def line_up(self) -> bool:
        return self.client.connected

    def diagnostics(self) -> Message:
        """The clock's estimate and the table's compensation, in the player's words."""
        found = self.client.clock_estimate()
        if found is None:
            return Message("net-clock-unknown", interrupt=True)
        clock = self.clock
        args = {
            "offset": _ms(found.offset),
            "error": _ms(found.error),
            "rtt": _ms(found.median_rtt),
            "hold": _ms(0.0 if clock is None else clock.hold),
            "bound": _ms(0.0 if clock is None else clock.bound),
        }
        return Message("net-clock", args, interrupt=True)

    # -- the server's frames --------------------------------------------------------------
    def _pump(self) -> None:
        self._pumping = None
        if self._stopped or self.pump_every is None:
            return
        self.session.pump()
        self._pumping = self.scheduler.call_at(
            self.scheduler.clock.now() + self.pump_every, self._pump
        )

    def _clock(self, clock: m.RaceClock) -> None:
        moved = self.clock is None or self.clock.origin != clock.origin
        self.clock = clock
        if moved:
            self._plan()

    def _refused(self, refused: m.GameRefused) -> None:
        action = self._acts.pop(refused.ref, None)
        if action is not None and self._listener is not None:
            self._listener.on_refusal(action, refused.refusal)

    def _resync(self, item: Resync) -> None:
        self._cancel()
        self._delivered.clear()
        self.server_view = item.view
        self._upto_time = getattr(item.view, "time", float("-inf"))
        if self.on_resync is not None:
            # mid-match: events came before this snapshot (whether or not any were
            # missed: a player back between two happenings still hears where it stands)
            self.on_resync(item.view, item.upto > 0)
        if item.ahead is not None:
            self._ahead = item.ahead
        self._plan()

    def _batch(self, item: Batch) -> None:
        latest = self._upto_time
        for at, events in _parts(item.events):
            delivered = None if at is None else self._delivered.pop(at, None)
            if at is None or delivered is None:
                how = "arrived"
            elif self._same(delivered.events, delivered.view, events, item.view):
                how = "ahead"
            else:
                how = "corrected"
                self.mistakes.append(Mistake(at, delivered.events, events))
            self.parts.append(Part(item.upto, at, events, item.view, how))
            if how != "ahead":
                self._deliver(events, item.view, foreseen=False)
            if at is not None:
                latest = max(latest, at)
        for at in [a for a in self._delivered if a < latest]:
            self.mistakes.append(Mistake(at, self._delivered.pop(at).events, None))
        self._upto_time = latest
        self.server_view = item.view
        if item.ahead is not None:
            self._ahead = item.ahead
        self._plan()

    def _same(
        self, said: tuple[Any, ...], said_view: Any, right: tuple[Any, ...], view: Any
    ) -> bool:
        if said == right:
            return True
        names = _Placeholders(len(self.client.table.seats) if self.client.table else 0)
        return self.narrate(said, said_view, names) == self.narrate(right, view, names)

    # -- delivering what is foreseen at its time ------------------------------------------
    def _plan(self) -> None:
        self._cancel()
        if self.clock is None or self._stopped:
            return
        now = self.scheduler.clock.now()
        for ahead in self._ahead:
            if ahead.at <= self._upto_time or ahead.at in self._delivered:
                continue
            when = self.local_time(ahead.at)
            if when < now - TOO_LATE:
                continue
            self._handles.append(self.scheduler.call_at(when, self._play, ahead))

    def _play(self, ahead: Ahead) -> None:
        if self._stopped or ahead.at <= self._upto_time or ahead.at in self._delivered:
            return
        origin = 0.0 if self.clock is None else self.clock.origin
        aimed = self.client.sync.client_time(ahead.at + origin)
        self.on_time.append((ahead.at, time.monotonic(), aimed))
        self._delivered[ahead.at] = _Delivered(ahead.events, ahead.view)
        self._deliver(ahead.events, ahead.view, foreseen=True)

    def _deliver(self, events: Sequence[Any], view: Any, foreseen: bool) -> None:
        self._delivering = view
        try:
            if self._listener is not None:
                self._listener.on_events(events)
        finally:
            self._delivering = None
        if self.on_part is not None:
            self.on_part(events, view, foreseen)

    def _cancel(self) -> None:
        for handle in self._handles:
            handle.cancel()
        self._handles.clear()


def _parts(events: Sequence[Any]) -> list[tuple[float | None, tuple[Any, ...]]]:
    """A batch as its parts: runs of events at one game time, in order."""
    parts: list[tuple[float | None, list[Any]]] = []
    for event in events:
        at = getattr(event, "time", None)
        if parts and parts[-1][0] == at:
            parts[-1][1].append(event)
        else:
            parts.append((at, [event]))
    return [(at, tuple(found)) for at, found in parts]


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f}"
