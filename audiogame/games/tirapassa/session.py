"""Wiring a ``TiraGame`` to the app's ``Scheduler``: engine deadlines and bots.

``TiraSession(game, scheduler, bots, listener)`` keeps one scheduler call at
``game.next_deadline()`` (dice landing, timers, Stop judging) and one per bot at
the time its decision is due. Every batch of events goes to ``listener`` (the
narrator, a log). Human actions go through ``session.apply(action)`` at the
clock's now. On a ``VirtualClock`` the whole game replays from the seed:
``run_bots_game(config, seed)`` plays one with bots in every seat.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from audiogame.app.clock import Handle, Scheduler, VirtualClock
from audiogame.app.gametime import GameHandle, GameScheduler
from audiogame.games.tirapassa.actions import Action, Result
from audiogame.games.tirapassa.bots import TiraBot
from audiogame.games.tirapassa.engine import TiraGame
from audiogame.games.tirapassa.events import (
    CalmEmptied,
    CalmFinished,
    DiePassed,
    DieToTray,
    Landed,
    Thrown,
    TiraEvent,
)
from audiogame.games.tirapassa.options import Difficulty, TiraConfig

Listener = Callable[[Sequence[TiraEvent]], None]


class TiraSession:
    def __init__(
        self,
        game: TiraGame,
        scheduler: Scheduler | GameScheduler,
        bots: Mapping[int, TiraBot] | None = None,
        listener: Listener | None = None,
    ) -> None:
        self.game = game
        self.scheduler = scheduler
        self.bots = dict(bots or {})
        self.listener = listener
        self._engine_handle: Handle | GameHandle | None = None
        self._bot_handles: dict[int, Handle | GameHandle] = {}
        self._stopped = False

    @classmethod
    def for_config(
        cls,
        config: TiraConfig,
        seed: int | str,
        scheduler: Scheduler,
        listener: Listener | None = None,
        everyone_a_bot: bool = False,
    ) -> TiraSession:
        """A game starting at the clock's now, with the bots ``config.bots`` asks for.

        ``everyone_a_bot``: seats without a difficulty get a NORMAL bot too.
        """
        game = TiraGame(config, seed, start_at=scheduler.clock.now())
        bots = {}
        for seat in range(config.players):
            difficulty = config.bot_of(seat)
            if difficulty is None and everyone_a_bot:
                difficulty = Difficulty.NORMAL
            if difficulty is not None:
                bots[seat] = TiraBot(seat, difficulty, seed)
        return cls(game, scheduler, bots, listener)

    def start(self) -> None:
        self._refresh(())
        for seat in self.bots:
            self._replan(seat)

    def apply(self, action: Action) -> Result:
        """A human action, at the clock's now."""
        result = self.game.apply(action, self.scheduler.clock.now())
        self._refresh(result.events)
        return result

    def stop(self) -> None:
        """Cancel every pending call for good (leaving the table); safe from a listener."""
        self._stopped = True
        for handle in (self._engine_handle, *self._bot_handles.values()):
            if handle is not None:
                handle.cancel()
        self._engine_handle = None
        self._bot_handles.clear()

    def _wake(self) -> None:
        self._engine_handle = None
        self._refresh(self.game.advance(self.scheduler.clock.now()))

    def _bot_turn(self, seat: int) -> None:
        del self._bot_handles[seat]
        now = self.scheduler.clock.now()
        decision = self.bots[seat].decide(self.game.observation(seat))
        if decision is None or decision.at > now:
            self._replan(seat)
            return
        result = self.game.apply(decision.action, now)
        # A refused bot waits for the next change that concerns it, never spins at `now`.
        self._refresh(result.events, skip=seat if result.refusal is not None else None)

    def _refresh(self, events: Sequence[TiraEvent], skip: int | None = None) -> None:
        if events and self.listener is not None:
            self.listener(events)
        if self._stopped:
            return
        deadline = self.game.next_deadline()
        handle = self._engine_handle
        if handle is None or handle.when != deadline:
            if handle is not None:
                handle.cancel()
            self._engine_handle = (
                None if deadline is None else self.scheduler.call_at(deadline, self._wake)
            )
        concerned = _seats_concerned(events)
        for seat in self.bots:
            if seat != skip and (concerned is None or seat in concerned):
                self._replan(seat)

    def _replan(self, seat: int) -> None:
        decision = self.bots[seat].decide(self.game.observation(seat))
        handle = self._bot_handles.get(seat)
        when = None if decision is None else max(decision.at, self.scheduler.clock.now())
        if handle is not None and handle.when == when:
            return
        if handle is not None:
            handle.cancel()
            del self._bot_handles[seat]
        if when is not None:
            self._bot_handles[seat] = self.scheduler.call_at(when, self._bot_turn, seat)


_SEAT_EVENTS = (Thrown, Landed, DieToTray, CalmEmptied, CalmFinished)


def _seats_concerned(events: Sequence[TiraEvent]) -> set[int] | None:
    """Seats whose bots may decide differently after ``events`` (None: all).

    A bot's decision depends on its own seat and the phase only, so a batch of
    dice moves needs only the seats it names; anything else (a phase change)
    concerns everyone. This keeps a scheduler step cheap with six bots.
    """
    seats: set[int] = set()
    for event in events:
        if isinstance(event, _SEAT_EVENTS):
            seats.add(event.seat)
        elif isinstance(event, DiePassed):
            seats.add(event.from_seat)
            seats.add(event.to_seat)
        else:
            return None
    return seats


def run_bots_game(
    config: TiraConfig,
    seed: int | str,
    max_time: float = 24 * 3600.0,
    on_step: Callable[[TiraSession], None] | None = None,
) -> list[TiraEvent]:
    """Play a whole game with bots in every seat on a virtual clock; return its events.

    ``on_step`` is called after each scheduler step (every distinct instant).
    """
    clock = VirtualClock()
    scheduler = Scheduler(clock)
    events: list[TiraEvent] = []
    session = TiraSession.for_config(config, seed, scheduler, events.extend, everyone_a_bot=True)
    session.start()
    while not session.game.is_over:
        when = scheduler.next_time()
        if when is None or when > max_time:
            break
        clock.set(max(clock.now(), when))
        scheduler.run_due()
        if on_step is not None:
            on_step(session)
    session.stop()
    return events
