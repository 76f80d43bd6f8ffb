"""Instant players: everybody acts the moment they can, in lock step.

Used by the tests (thousands of cheap games) and to compute the round-length
figures in ``docs/tira-engine.md``: with every throw lasting the same time and
nobody hesitating, all players land at the same instants, so a round is a
sequence of simultaneous throws. Manual seats send every die that can go, then
throw. No scheduler is needed: the driver jumps from deadline to deadline.
"""

from __future__ import annotations

from collections.abc import Callable

from audiogame.games.tirapassa.actions import Refusal, Send, Throw
from audiogame.games.tirapassa.engine import TiraGame
from audiogame.games.tirapassa.events import RoundEnded, TiraEvent
from audiogame.games.tirapassa.observation import Phase
from audiogame.games.tirapassa.options import Control


def act_instantly(game: TiraGame, seat: int, now: float) -> list[TiraEvent]:
    """Whatever ``seat`` can do at ``now``: send what can go (manual), then throw."""
    events: list[TiraEvent] = []
    throw = Throw()
    if game.why_not(seat, throw, now) not in (None, Refusal.SUPREME_IN_HAND):
        return events  # not my moment (dice in the air, no dice, not racing...)
    if game.config.control_of(seat) is Control.MANUAL and game.phase is Phase.RACING:
        for index, dest in reversed(game.observation(seat).sendable()):
            events.extend(game.apply(seat, Send(index, dest), now).events)
    if game.why_not(seat, throw, now) is None:
        events.extend(game.apply(seat, throw, now).events)
    return events


def play_instantly(
    game: TiraGame,
    max_rounds: int | None = None,
    on_step: Callable[[TiraGame, list[TiraEvent]], None] | None = None,
) -> list[TiraEvent]:
    """Play ``game`` to its end (or ``max_rounds`` rounds); return the events.

    ``on_step(game, events_of_this_step)`` runs after every instant.
    """
    now = game.start_at
    everything: list[TiraEvent] = []
    rounds = 0
    while True:
        step = game.advance(now)
        if not game.is_over:
            for seat in range(game.config.players):
                step.extend(act_instantly(game, seat, now))
        everything.extend(step)
        if on_step is not None:
            on_step(game, step)
        rounds += sum(1 for e in step if isinstance(e, RoundEnded))
        deadline = game.next_deadline()
        if deadline is None or (max_rounds is not None and rounds >= max_rounds):
            return everything
        now = max(now, deadline)
