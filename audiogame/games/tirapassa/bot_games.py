"""Whole games of bots alone, on a virtual clock: what tests and benchmarks play.

``run_bots_game(config, seed)`` seats a bot everywhere (the level
``config.bots`` gives, NORMAL where it gives none) and plays the game to its
end on ``core.session.TableSession`` driven by a ``VirtualClock``: the same
wiring as the table, jumping from one scheduled instant to the next, so a
game of minutes takes milliseconds and replays exactly from its seed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from audiogame.core.clock import Scheduler, VirtualClock
from audiogame.core.session import TableSession
from audiogame.games.tirapassa.bots import bots_for, seats_concerned
from audiogame.games.tirapassa.engine import TiraGame
from audiogame.games.tirapassa.events import TiraEvent
from audiogame.games.tirapassa.options import Difficulty, TiraConfig


def bots_session(
    config: TiraConfig,
    seed: int | str,
    scheduler: Scheduler,
    listener: Callable[[Sequence[TiraEvent]], None] | None = None,
) -> TableSession:
    """A game starting at the scheduler's now with a bot in every seat."""
    game = TiraGame(config, seed, start_at=scheduler.clock.now())
    bots = bots_for(config, seed, default=Difficulty.NORMAL)
    return TableSession(game, scheduler, bots, listener, concerned=seats_concerned)


def run_bots_game(
    config: TiraConfig,
    seed: int | str,
    max_time: float = 24 * 3600.0,
    on_step: Callable[[TableSession], None] | None = None,
) -> list[TiraEvent]:
    """Play a whole game with bots in every seat on a virtual clock; return its events.

    ``on_step`` is called after each scheduler step (every distinct instant).
    """
    clock = VirtualClock()
    scheduler = Scheduler(clock)
    events: list[TiraEvent] = []
    session = bots_session(config, seed, scheduler, events.extend)
    session.start()
    while not session.engine.is_over:
        when = scheduler.next_time()
        if when is None or when > max_time:
            break
        clock.set(max(clock.now(), when))
        scheduler.run_due()
        if on_step is not None:
            on_step(session)
    session.stop()
    return events
