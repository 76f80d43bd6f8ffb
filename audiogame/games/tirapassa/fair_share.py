"""Does a person playing by hand win a fair share of the races against the bots?

``KeyPlayer`` models a person with manual controls: after each landing (and
when the race or the calm rolls start) they press one key at a time — Enter on
each die that can go (the cursor is on it), then Space — every key a uniformly
drawn 0.8–1.2 s after the previous move. It is written apart from the bots'
code on purpose, so the count below measures the bots rather than restating
them.

``race_shares(players, level, races)`` seats the model at seat 0 with manual
controls and bots of ``level`` in the other seats (by default with the model's
controls, as the table seats them), plays whole games on a virtual clock until
``races`` rounds have been raced, and counts the rounds in which each seat
called Stop (a shared Stop counts for each). A fair share is ``1 / players``.
``tests/test_tira_fair_share.py`` checks it and ``benchmarks/tira_fair_share.py``
prints the figures.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from audiogame.core.clock import Scheduler, VirtualClock
from audiogame.core.contract import Bot, Decision, random_state_from_data, random_state_to_data
from audiogame.core.session import TableSession
from audiogame.games.tirapassa.actions import Send, Throw
from audiogame.games.tirapassa.bots import TiraBot, seats_concerned
from audiogame.games.tirapassa.engine import TiraGame
from audiogame.games.tirapassa.events import RoundEnded, StopCalled, TiraEvent
from audiogame.games.tirapassa.observation import Phase, TiraObservation
from audiogame.games.tirapassa.options import Control, Difficulty, TiraConfig

#: seconds a person takes per key after a landing or a key, playing by hand
PERSON_KEY = (0.8, 1.2)


class KeyPlayer:
    """A person playing by hand: one key per move, ``key`` seconds apart."""

    level = "person"

    def __init__(self, seat: int, seed: int | str, key: tuple[float, float] = PERSON_KEY) -> None:
        self.seat = seat
        self.key = key
        self._rng = random.Random(f"key-player/{seed}/{seat}")
        self._drawn: tuple[float, float] | None = None  # (since, delay)

    def _after(self, since: float) -> float:
        """When the next key comes after a move at ``since`` (one draw per move)."""
        if self._drawn is None or self._drawn[0] != since:
            self._drawn = (since, self._rng.uniform(*self.key))
        return since + self._drawn[1]

    def state(self) -> dict[str, Any]:
        return {"rng": random_state_to_data(self._rng.getstate()), "drawn": self._drawn}

    def restore(self, data: Mapping[str, Any]) -> None:
        self._rng.setstate(random_state_from_data(data["rng"]))
        drawn = data["drawn"]
        self._drawn = None if drawn is None else (float(drawn[0]), float(drawn[1]))

    def decide(self, obs: TiraObservation) -> Decision | None:
        idle = obs.idle_since
        if idle is None or obs.in_the_air or obs.my_dice == 0:
            return None
        if obs.phase is Phase.CALM:
            return Decision(self._after(idle), Throw()) if obs.calm_rolls_left else None
        if obs.phase is not Phase.RACING:
            return None
        last = idle if obs.last_move_at is None else obs.last_move_at
        sendable = obs.sendable()
        if sendable:
            index, dest = sendable[0]
            return Decision(self._after(last), Send(index, dest))
        return Decision(self._after(last), Throw())


@dataclass(frozen=True)
class Shares:
    players: int
    races: int
    #: per seat: the races in which it called Stop
    stops: tuple[int, ...]
    games: int

    @property
    def share(self) -> float:
        """The model's (seat 0's) share of the races."""
        return self.stops[0] / self.races

    @property
    def fair(self) -> float:
        return 1 / self.players


def race_shares(
    players: int,
    level: Difficulty,
    races: int,
    *,
    bot_control: Control = Control.MANUAL,
    seed: int = 0,
) -> Shares:
    """Whole games until ``races`` rounds were raced: the model at seat 0, bots elsewhere."""
    stops = [0] * players
    counted = games = 0
    while counted < races:
        game_seed = seed + games
        games += 1
        config = TiraConfig(
            players=players,
            controls=(Control.MANUAL,) + (bot_control,) * (players - 1),
            bots=(None,) + (level,) * (players - 1),
        )
        clock = VirtualClock()
        scheduler = Scheduler(clock)
        game = TiraGame(config, game_seed)
        seated: dict[int, Bot] = {s: TiraBot(s, level, game_seed) for s in range(1, players)}
        seated[0] = KeyPlayer(0, game_seed)
        events: list[TiraEvent] = []
        session = TableSession(game, scheduler, seated, events.extend, concerned=seats_concerned)
        session.start()
        while not game.is_over:
            when = scheduler.next_time()
            if when is None:
                break
            clock.set(max(clock.now(), when))
            scheduler.run_due()
        session.stop()
        for event in events:
            if isinstance(event, StopCalled):
                stops[event.seat] += 1
            elif isinstance(event, RoundEnded):
                counted += 1
    return Shares(players, counted, tuple(stops), games)
