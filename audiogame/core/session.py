"""One engine running on a scheduler: its deadlines, its bots, its listeners.

``TableSession(engine, scheduler, bots, listener)`` is how any game of the
contract (``core.contract``) is played, offline at a table or on a server:

- it keeps one scheduler call at ``engine.next_deadline()`` and runs
  ``engine.advance`` there (a thinking time running out, dice landing);
- it asks each bot ``decide(observation)`` after every batch of events that
  may concern it, and plays the bot's ``Decision`` at its time; a bot that needs
  to think (``Thinking``) thinks in short slices given to ``idle`` (the app's
  background work), never holding the loop;
- every batch of events, whoever caused it, goes to ``listener``;
- ``apply(seat, action)`` is a human's action at the clock's now (``at``: at that
  game time instead, never before what the engine was last given).

``exact=True`` (a real-time table on a server): every deadline is advanced at
its own time and every bot acts at the time it chose, whenever the scheduler
actually ran the call, so a loop running late never merges two deadlines into
one batch, and a bot's pace does not depend on the server's load.

Time is the scheduler's clock: a ``GameScheduler`` (game time, which a
turn-based table pauses while a menu is open) or the app's own ``Scheduler``.
On a ``VirtualClock`` a whole game replays from its seed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from audiogame.core.contract import Bot, Decision, Engine, Result, Thinking

log = logging.getLogger(__name__)

Listener = Callable[[Sequence[Any]], None]
#: the seats whose bots may decide differently after a batch (None: every seat); asked
#: after every batch, an empty one too (a deadline that changed nothing): without the
#: hook every bot is asked again after every batch
Concerned = Callable[[Sequence[Any]], "set[int] | None"]
#: hands a background task (a step returning True when finished) to the loop
Idle = Callable[[Callable[[], bool]], None]


class _Handle(Protocol):
    @property
    def when(self) -> float: ...

    def cancel(self) -> None: ...


class _Clock(Protocol):
    def now(self) -> float: ...


class SchedulerLike(Protocol):
    @property
    def clock(self) -> _Clock: ...

    def call_at(self, when: float, callback: Callable[..., Any], *args: Any) -> Any: ...


def run_now(task: Callable[[], bool]) -> None:
    """An ``Idle`` that does the work at once (tests, servers without a frame to protect)."""
    while not task():
        pass


class TableSession:
    def __init__(
        self,
        engine: Engine,
        scheduler: SchedulerLike,
        bots: Mapping[int, Bot] | None = None,
        listener: Listener | None = None,
        *,
        idle: Idle = run_now,
        concerned: Concerned | None = None,
        exact: bool = False,
    ) -> None:
        self.engine = engine
        self.scheduler = scheduler
        self.bots: dict[int, Bot] = dict(bots or {})
        self.listener = listener
        self.idle = idle
        self.concerned = concerned
        self.exact = exact
        #: the latest time given to the engine: it never goes back
        self.last = float("-inf")
        self._engine_handle: _Handle | None = None
        self._bot_handles: dict[int, _Handle] = {}
        self._thinking: dict[int, Thinking] = {}
        self._stopped = False

    # -- the table's side ---------------------------------------------------------------
    def start(self) -> None:
        """Begin: schedule the engine's first deadline and ask every bot."""
        self._refresh((), None, everyone=True)

    def apply(self, seat: int | None, action: Any, at: float | None = None) -> Result:
        """A human's (or the table's) action at the clock's now, or at game time ``at``
        (no earlier than the last time the engine was given)."""
        now = self.scheduler.clock.now() if at is None else at
        result = self.engine.apply(seat, action, self._stamp(now))
        self._refresh(result.events, None)
        return result

    def _stamp(self, now: float) -> float:
        now = max(now, self.last)
        self.last = now
        return now

    def stop(self) -> None:
        """Cancel every pending call for good (leaving the table); safe from a listener."""
        self._stopped = True
        for handle in (self._engine_handle, *self._bot_handles.values()):
            if handle is not None:
                handle.cancel()
        self._engine_handle = None
        self._bot_handles.clear()
        self._thinking.clear()

    def set_bot(self, seat: int, bot: Bot | None) -> None:
        """A bot takes a seat (a player left) or gives it back (``None``)."""
        handle = self._bot_handles.pop(seat, None)
        if handle is not None:
            handle.cancel()
        self._thinking.pop(seat, None)
        if bot is None:
            self.bots.pop(seat, None)
        else:
            self.bots[seat] = bot
            self._replan(seat)

    @property
    def thinking(self) -> bool:
        """A bot's decision is being worked out in the background."""
        return bool(self._thinking)

    # -- what happens by itself ---------------------------------------------------------
    def _wake(self) -> None:
        handle = self._engine_handle
        self._engine_handle = None
        now = self.scheduler.clock.now()
        if self.exact and handle is not None:
            now = handle.when
        self._refresh(self.engine.advance(self._stamp(now)), None)

    def _bot_turn(self, seat: int) -> None:
        self._bot_handles.pop(seat, None)
        bot = self.bots.get(seat)
        if bot is None or self._stopped:
            return
        now = self.scheduler.clock.now()
        decision = bot.decide(self.engine.observation(seat))
        if not isinstance(decision, Decision) or decision.at > now:
            self._replan(seat)
            return
        result = self.engine.apply(
            seat, decision.action, self._stamp(decision.at if self.exact else now)
        )
        if result.refusal is not None:
            log.error("bot %d: %r refused (%s)", seat, decision.action, result.refusal.value)
        # A refused bot waits for the next change that concerns it, never spins at `now`.
        self._refresh(result.events, seat if result.refusal is not None else None)

    def _refresh(self, events: Sequence[Any], skip: int | None, everyone: bool = False) -> None:
        if events and self.listener is not None:
            self.listener(events)
        if self._stopped:
            return
        deadline = self.engine.next_deadline()
        handle = self._engine_handle
        if handle is None or handle.when != deadline:
            if handle is not None:
                handle.cancel()
            self._engine_handle = (
                None if deadline is None else self.scheduler.call_at(deadline, self._wake)
            )
        seats = None if self.concerned is None or everyone else self.concerned(events)
        for seat in list(self.bots):
            if seat != skip and (seats is None or seat in seats):
                self._replan(seat)

    def _replan(self, seat: int) -> None:
        decision = self.bots[seat].decide(self.engine.observation(seat))
        if decision is not None and not isinstance(decision, Decision):
            self._think(seat, decision)
            return
        self._thinking.pop(seat, None)
        self._schedule(seat, decision)

    def _schedule(self, seat: int, decision: Decision | None) -> None:
        handle = self._bot_handles.get(seat)
        when = None if decision is None else max(decision.at, self.scheduler.clock.now())
        if handle is not None and handle.when == when:
            return
        if handle is not None:
            handle.cancel()
            del self._bot_handles[seat]
        if when is not None:
            self._bot_handles[seat] = self.scheduler.call_at(when, self._bot_turn, seat)

    def _think(self, seat: int, thinking: Thinking) -> None:
        if self._thinking.get(seat) is thinking:
            return  # already under way
        self._thinking[seat] = thinking
        self._schedule(seat, None)

        def step() -> bool:
            if self._stopped or self._thinking.get(seat) is not thinking:
                return True  # the situation changed: this search is dropped
            if not thinking.step():
                return False
            del self._thinking[seat]
            self._schedule(seat, thinking.decision)
            return True

        self.idle(step)
