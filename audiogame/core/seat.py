"""One seat at a match, as a table scene drives it: ``SeatSession``, local or remote.

A table scene (``ui.table.TableScene``) talks to its game through this one
small interface and nothing else, so the same table plays a match run here
(``LocalSeat``, over a ``TableSession``) or on a server (the online client's
session implements it over the network). Actions go out; events and refusals
come back through the table's two callbacks, maybe in the same call, maybe a
frame or a round trip later: a table never expects an answer from ``act``.

What a session implements (``SeatSession``)::

    seat: int | None        the listener's seat (None: a spectator)
    time: GameTime          the match's game time: clock.now(), call_at, call_later
                            (the table's own timers: ticks, the gap between rounds)
    start(listener)         begin delivering to the table (a SeatListener); a
                            resumed match's first batch may come at once
    act(action)             the seat's action; its answer comes later as a batch
                            (listener.on_events) or a refusal (listener.on_refusal)
    next_round()            the table's own step when the game waits for it (deal
                            the next manche): offline the first of the engine's
                            legal_actions(None); online the server deals on its own
                            schedule and this does nothing
    view()                  the seat's observation now (the game's Observation
                            type): what the table reads to answer a question
    pause() / resume()      stop and restart game time while a menu covers a
                            turn-based table (offline); online time never stops
                            and these do nothing
    stop()                  leaving: no more deliveries, nothing pending

What the table implements (``SeatListener``)::

    on_events(batch)            one batch of events this seat may know, in order
                                (one apply or one deadline); view() is already the
                                state after it
    on_refusal(action, refusal) ``action`` (as passed to act) was refused: the
                                refusal's stable id (the game's refusal StrEnum
                                offline, its value as a str online: the table turns
                                either into its own enum with ``Refusal(refusal)``)

Events come before the refusal when both result from one act (dice that
landed before a refused throw). Nothing here saves: a local table saves its
``LocalSeat``'s engine and bots (``core.saving``); a remote one has nothing
to save.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from audiogame.core.contract import Bot, Engine, heard_by
from audiogame.core.narration import Message
from audiogame.core.session import Concerned, Idle, SchedulerLike, TableSession, run_now

log = logging.getLogger(__name__)


class TimerHandle(Protocol):
    def cancel(self) -> None: ...


class GameTime(SchedulerLike, Protocol):
    """Game time as a table uses it (``core.gametime.GameScheduler`` offline)."""

    def call_later(self, delay: float, callback: Callable[..., Any], *args: Any) -> Any: ...


class PausableTime(GameTime, Protocol):
    def pause(self) -> None: ...

    def resume(self) -> None: ...


class SeatListener(Protocol):
    """The table's side: see the module docstring."""

    def on_events(self, batch: Sequence[Any]) -> None: ...

    def on_refusal(self, action: Any, refusal: str) -> None: ...


@runtime_checkable
class ClockReport(Protocol):
    """A seat at a real-time table on a server: it can say how its clock agrees with
    the server's and how early a press may count (the table's diagnostics key)."""

    def diagnostics(self) -> Message: ...


@runtime_checkable
class LineReport(Protocol):
    """A seat at a table on a server: whether its line is up now. An action made while
    it is down is not sent (it would be stale once back): the table says so instead."""

    @property
    def line_up(self) -> bool: ...


class SeatSession(Protocol):
    """The session's side: see the module docstring."""

    @property
    def seat(self) -> int | None: ...

    @property
    def time(self) -> GameTime: ...

    def start(self, listener: SeatListener) -> None: ...

    def act(self, action: Any) -> None: ...

    def next_round(self) -> None: ...

    def view(self) -> Any: ...

    def pause(self) -> None: ...

    def resume(self) -> None: ...

    def stop(self) -> None: ...


class LocalSeat(TableSession):
    """A match run here, seen from one seat: a ``TableSession`` that meets ``SeatSession``.

    Its engine and bots stay reachable (``engine``, ``bots``) for saving and for
    checks; the table itself goes through the interface only.
    """

    def __init__(
        self,
        engine: Engine,
        time: PausableTime,
        bots: Mapping[int, Bot] | None = None,
        *,
        seat: int | None,
        idle: Idle = run_now,
        concerned: Concerned | None = None,
    ) -> None:
        super().__init__(engine, time, bots, self._deliver, idle=idle, concerned=concerned)
        self._seat = seat
        self._time = time
        self._table: SeatListener | None = None

    @property
    def seat(self) -> int | None:
        return self._seat

    @property
    def time(self) -> PausableTime:
        return self._time

    def start(self, listener: SeatListener | None = None) -> None:
        self._table = listener
        super().start()

    def act(self, action: Any) -> None:
        result = self.apply(self._seat, action)
        if result.refusal is not None and self._table is not None:
            self._table.on_refusal(action, result.refusal)

    def next_round(self) -> None:
        actions = self.engine.legal_actions(None, self.scheduler.clock.now())
        if actions:
            self.apply(None, actions[0])

    def view(self) -> Any:
        return self.engine.observation(self._seat)

    def pause(self) -> None:
        self._time.pause()

    def resume(self) -> None:
        self._time.resume()

    def _deliver(self, batch: Sequence[Any]) -> None:
        if self._table is not None:
            # a batch of happenings only others may know still changed the match
            # (the table saves it): it comes, empty
            self._table.on_events(heard_by(batch, self._seat))
