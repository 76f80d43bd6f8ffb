"""Game time: shifted from the app's clock, standing still while paused."""

from audiogame.core.clock import Scheduler, VirtualClock, run_virtual
from audiogame.core.gametime import GameScheduler


def test_a_paused_game_stands_still_and_its_calls_move_with_the_pause() -> None:
    clock = VirtualClock(100.0)
    app = Scheduler(clock)
    game = GameScheduler(app)
    ran: list[tuple[str, float, float]] = []
    game.call_at(105.0, lambda: ran.append(("timeout", clock.now(), game.clock.now())))
    run_virtual(clock, app, 102.0)
    game.pause()
    run_virtual(clock, app, 200.0)  # a menu open for 98 s: nothing happens
    assert ran == [] and game.clock.now() == 102.0
    game.resume()
    assert game.clock.now() == 102.0
    run_virtual(clock, app, 202.0)
    assert ran == []
    run_virtual(clock, app, 203.0)
    assert ran == [("timeout", 203.0, 105.0)]


def test_a_call_cancelled_while_paused_never_runs() -> None:
    clock = VirtualClock(0.0)
    app = Scheduler(clock)
    game = GameScheduler(app)
    ran: list[int] = []
    handle = game.call_later(1.0, ran.append, 1)
    game.pause()
    handle.cancel()
    game.resume()
    run_virtual(clock, app, 10.0)
    assert ran == [] and handle.cancelled


def test_a_larger_offset_holds_game_time_still_and_a_smaller_one_brings_calls_forward() -> None:
    clock = VirtualClock(100.0)
    app = Scheduler(clock)
    game = GameScheduler(app, offset=100.0)  # game time 0 at app time 100
    ran: list[tuple[float, float]] = []
    game.call_at(1.0, lambda: ran.append((clock.now(), game.clock.now())))
    run_virtual(clock, app, 100.5)
    game.set_offset(100.2)  # 0.2 s further behind: game time stands at 0.5 meanwhile
    assert game.clock.now() == 0.5
    run_virtual(clock, app, 100.6)
    assert game.clock.now() == 0.5  # never back, even though 100.6 - 100.2 = 0.4
    run_virtual(clock, app, 101.1)
    assert ran == []
    run_virtual(clock, app, 101.2)
    assert ran == [(101.2, 1.0)]
    game.call_at(2.0, lambda: ran.append((clock.now(), game.clock.now())))
    game.set_offset(100.0)  # back to no delay: the call comes 0.2 s sooner on the app's clock
    run_virtual(clock, app, 102.0)
    assert ran[-1] == (102.0, 2.0)
