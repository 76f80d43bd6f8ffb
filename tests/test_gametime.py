"""Game time: shifted from the app's clock, standing still while paused."""

from audiogame.app.clock import Scheduler, VirtualClock, run_virtual
from audiogame.app.gametime import GameScheduler


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
