"""A landing foreseen by the server reaches a race's client two ways: the client's own
timer plays it at its time on the server's clock, or the server's frame with it arrives
first (a line with no delay, a client a busy machine ran late: under Wine at load 8 it
was 18 of 105 landings). Which comes first is the machine's; what the player hears must
not be: the landing once, the same words, nothing corrected. Both orders forced here, on
a virtual clock, with a real Tira game's landing.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from audiogame.core.clock import Scheduler, VirtualClock
from audiogame.games import registry
from audiogame.games.tirapassa.engine import TiraGame
from audiogame.games.tirapassa.events import Landed
from audiogame.games.tirapassa.options import TiraConfig
from audiogame.games.tirapassa.simulate import play_instantly
from audiogame.net.client.game_client import Ahead, Batch, Resync
from audiogame.net.client.race_seat import RaceSeat
from audiogame.net.client.remote_session import RemoteSession
from audiogame.net.protocol import messages as m

#: how far ahead of the test's start the landing is, on the real clock
AHEAD = 60.0


class SameClock:
    """The server's clock is this machine's monotonic clock (offset 0)."""

    def client_time(self, server: float) -> float:
        return server


class Client:
    seat = 0
    table = None
    sync = SameClock()

    def server_time(self, local: float) -> float:
        return local

    def clock_estimate(self) -> None:
        return None


class Ears:
    def __init__(self) -> None:
        self.heard: list[tuple[Any, ...]] = []

    def on_events(self, batch: Any) -> None:
        self.heard.append(tuple(batch))

    def on_refusal(self, action: Any, refusal: str) -> None:
        raise AssertionError(refusal)


def first_landing() -> tuple[float, tuple[Any, ...], Any, Any]:
    """A real game's first landing: its time, its events, seat 0's view before and after."""
    found: list[tuple[float, tuple[Any, ...], Any, Any]] = []
    before: list[Any] = []
    game = TiraGame(TiraConfig(players=2), 3)

    def step(game: TiraGame, events: list[Any]) -> None:
        landed = [e for e in events if isinstance(e, Landed)]
        if landed and not found:
            at = landed[0].time
            part = tuple(e for e in events if getattr(e, "time", None) == at)
            found.append((at, part, before[-1], game.observation(0)))
        before.append(game.observation(0))

    before.append(game.observation(0))
    play_instantly(game, max_rounds=1, on_step=step)
    return found[0]


@pytest.mark.parametrize("first", ["timer", "frame"])
def test_a_landing_is_heard_once_whichever_comes_first_the_timer_or_the_frame(first):
    at, events, view_before, view_after = first_landing()
    spec = registry.get("tira")
    clock = VirtualClock(1000.0)
    scheduler = Scheduler(clock)
    session = RemoteSession(Client())  # type: ignore[arg-type]
    seat = RaceSeat(session, scheduler, spec, pump_every=None)
    ears = Ears()
    seat.start(ears)
    # the match's clock: the landing a minute from now on the server's clock (this
    # machine's). Its timer goes on the virtual clock by how far ahead it still is when
    # the resync comes, and a part already 0.25 s late is never timed: half a second
    # ahead, a stall of 0.75 s before the resync failed the timer's order; a minute
    # ahead, no stall of the machine does. The virtual clock then passes it
    origin = time.monotonic() + AHEAD - at
    assert session.on_race_clock is not None
    session.on_race_clock(m.RaceClock(origin=origin, hold=0.02, bound=0.02))
    assert session.on_resync_item is not None and session.on_batch_item is not None
    session.on_resync_item(Resync(view_before, (), 5, (Ahead(at, events, view_after),)))
    frame = Batch(events, view_after, 6)
    if first == "timer":
        clock.set(1000.0 + AHEAD + 1.0)  # past the landing's time: the timer plays it
        scheduler.run_due()
        assert ears.heard == [events]
        session.on_batch_item(frame)  # the server's own frame, after: nothing more
    else:
        session.on_batch_item(frame)  # the frame first: said as it arrives
        assert ears.heard == [events]
        clock.set(1000.0 + AHEAD + 1.0)  # the timer's moment passes: not said again
        scheduler.run_due()
    assert ears.heard == [events]
    assert [part.how for part in seat.parts] == ["ahead" if first == "timer" else "arrived"]
    assert seat.mistakes == []
    assert seat.view() == view_after
