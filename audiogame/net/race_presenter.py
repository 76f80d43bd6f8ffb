"""A race heard on time: the client side of a real-time table (Tira & Passa online).

A race screen drives a ``RemoteSession`` through a ``RacePresenter``; the
presenter narrates every batch with the game's own narrator and hands the
messages to ``say`` (the screen posts them to the announcer), at the right
moment:

- **Happenings foreseen are heard at their time.** Every frame of a real-time
  table carries what the game will do by itself next (``Batch.ahead``: dice
  landing, "go!"). The presenter schedules each on the app's scheduler for its
  game time on the server's clock (``RaceClock.origin``, and the offset
  ``ClockSync`` estimates), so every client plays a landing at the same moment,
  however late its frames arrive (below a throw's flight). A throw is heard when
  its frame arrives: nobody can know it sooner.
- **The server has the last word.** When the batch itself arrives, each part of
  it (its events at one game time) is narrated with the view after it: if a part
  was already heard ahead and says the same, nothing more is said; if it says
  something else (a die sent by hand called Stop just before the landing, and the
  frame saying so came too late), the right version is said at once and the
  mistake is noted (``mistakes``). A foreseen part that never happened is noted
  too. So what the player heard of each batch is what the offline narration of
  the same seed and actions says, on time, save for the mistakes noted.
- **Presses are dated.** ``act(action)`` sends the action with the moment it was
  made on the server's clock: the table applies it at that moment (within its
  bound), so a slow line is not a slow hand.
- **Coming back mid-match** (a snapshot with events already played): the game's
  ``situation`` says where the race stands; no history is replayed.

``view`` is the seat's view as heard: the view after the last happening played
ahead, else the server's latest. ``diagnostics()`` says the clock's estimate
(offset, its error, round trip) and the table's compensation: the race screen's
diagnostics key. ``heard`` keeps what was said for each batch (tests compare it
with the offline narration); ``on_time`` the client-clock instant each foreseen
part was played at (the benchmark's landing skew).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from audiogame.games.base import GameSpec, RealTime
from audiogame.narration import Message
from audiogame.net import messages as m
from audiogame.net.client import Ahead, Batch, Resync
from audiogame.net.remote_session import RemoteSession

#: a foreseen part whose time passed this long ago when it arrived is not played ahead
#: any more: the server's own frame is near, and it is surely right
TOO_LATE = 0.25


class _Clock(Protocol):
    def now(self) -> float: ...


class _Scheduler(Protocol):
    """What the presenter needs of the app's ``Scheduler``."""

    @property
    def clock(self) -> _Clock: ...

    def call_at(self, when: float, callback: Callable[..., Any], *args: Any) -> Any: ...


@dataclass(frozen=True, slots=True)
class Heard:
    """What the listener heard of one part of a batch (its events at game time ``at``).

    ``how``: "ahead" (played at its time, the server agreed), "arrived" (said when
    the frame came: a throw, a chat-free moment nobody could foresee), "corrected"
    (heard ahead wrongly, then said right)."""

    upto: int
    at: float | None
    messages: tuple[Message, ...]
    how: str


@dataclass(frozen=True, slots=True)
class Mistake:
    """A part heard ahead that the server then told otherwise (``right`` empty: it
    never happened)."""

    at: float
    said: tuple[Message, ...]
    right: tuple[Message, ...]


@dataclass(slots=True)
class _Played:
    said: tuple[Message, ...]
    view: Any


class RacePresenter:
    def __init__(
        self,
        session: RemoteSession,
        scheduler: _Scheduler,
        spec: GameSpec,
        names: Callable[[], Sequence[str]],
        say: Callable[[Sequence[Message]], None],
    ) -> None:
        if spec.narrate is None or spec.realtime is None:
            raise ValueError(f"{spec.id} is not a game against the clock")
        self.session = session
        self.client = session.client
        self.scheduler = scheduler
        self.narrate = spec.narrate
        self.hooks: RealTime = spec.realtime()
        self.names = names
        self.say = say
        #: called after a part was heard (events, view, foreseen): a screen moves its
        #: cursor, a scripted player plans its next key
        self.on_heard: Callable[[Sequence[Any], Any, bool], None] | None = None
        self.clock: m.RaceClock | None = None
        self.server_view: Any = None
        self.heard: list[Heard] = []
        self.mistakes: list[Mistake] = []
        #: (game time, this machine's monotonic clock when it was played)
        self.on_time: list[tuple[float, float]] = []
        self._ahead: tuple[Ahead, ...] = ()
        self._handles: list[Any] = []
        self._played: dict[float, _Played] = {}
        self._upto_time = float("-inf")  # the latest game time the server's frames told
        session.on_batch_item = self._batch
        session.on_resync_item = self._resync
        session.on_race_clock = self._clock

    # -- what the screen uses -----------------------------------------------------------
    @property
    def view(self) -> Any:
        """The seat's view as heard so far."""
        if self._played:
            latest = max(self._played)
            if latest > self._upto_time:
                return self._played[latest].view
        return self.server_view

    def act(self, action: Any) -> int:
        """The player's key, dated now on the server's clock."""
        return self.session.act(action, self.client.server_time(time.monotonic()))

    def server_now(self) -> float:
        return self.client.server_time(time.monotonic())

    def game_now(self) -> float | None:
        """The match's game time now, as heard here (None before its clock is known)."""
        clock = self.clock
        return None if clock is None else self.server_now() - clock.origin

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

    def close(self) -> None:
        self._cancel()

    # -- the server's frames ------------------------------------------------------------
    def _clock(self, clock: m.RaceClock) -> None:
        moved = self.clock is None or self.clock.origin != clock.origin
        self.clock = clock
        if moved:
            self._plan()

    def _resync(self, item: Resync) -> None:
        self._cancel()
        self._played.clear()
        self.server_view = item.view
        self._upto_time = getattr(item.view, "time", float("-inf"))
        if item.upto > 0 and item.away:  # coming back mid-match: where it stands
            said = tuple(self.hooks.situation(item.view, self.names()))
            self.say(said)
        if item.ahead is not None:
            self._ahead = item.ahead
        self._plan()

    def _batch(self, item: Batch) -> None:
        latest = self._upto_time
        for at, events in _parts(item.events):
            said = tuple(self.narrate(events, item.view, self.names()))
            played = None if at is None else self._played.pop(at, None)
            if at is None or played is None:
                self.say(said)
                self.heard.append(Heard(item.upto, at, said, "arrived"))
                self._heard(events, item.view, False)
            elif played.said == said:
                self.heard.append(Heard(item.upto, at, said, "ahead"))
            else:
                self.say(said)
                self.mistakes.append(Mistake(at, played.said, said))
                self.heard.append(Heard(item.upto, at, said, "corrected"))
                self._heard(events, item.view, False)
            if at is not None:
                latest = max(latest, at)
        for at in [a for a in self._played if a < latest]:
            self.mistakes.append(Mistake(at, self._played.pop(at).said, ()))
        self._upto_time = latest
        self.server_view = item.view
        if item.ahead is not None:
            self._ahead = item.ahead
        self._plan()

    # -- playing what is foreseen at its time -------------------------------------------
    def _plan(self) -> None:
        self._cancel()
        clock = self.clock
        if clock is None:
            return
        now = time.monotonic()
        for ahead in self._ahead:
            if ahead.at <= self._upto_time or ahead.at in self._played:
                continue
            local = self.client.sync.client_time(ahead.at + clock.origin)
            if local < now - TOO_LATE:
                continue
            when = self.scheduler.clock.now() + (local - now)
            self._handles.append(self.scheduler.call_at(when, self._play, ahead))

    def _play(self, ahead: Ahead) -> None:
        if ahead.at <= self._upto_time or ahead.at in self._played:
            return
        said = tuple(self.narrate(ahead.events, ahead.view, self.names()))
        self.on_time.append((ahead.at, time.monotonic()))
        self._played[ahead.at] = _Played(said, ahead.view)
        self.say(said)
        self._heard(ahead.events, ahead.view, True)

    def _heard(self, events: Sequence[Any], view: Any, foreseen: bool) -> None:
        if self.on_heard is not None:
            self.on_heard(events, view, foreseen)

    def _cancel(self) -> None:
        for handle in self._handles:
            handle.cancel()
        self._handles.clear()


def _parts(events: Sequence[Any]) -> list[tuple[float | None, list[Any]]]:
    """A batch as its parts: runs of events at one game time, in order."""
    parts: list[tuple[float | None, list[Any]]] = []
    for event in events:
        at = getattr(event, "time", None)
        if parts and parts[-1][0] == at:
            parts[-1][1].append(event)
        else:
            parts.append((at, [event]))
    return parts


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f}"
