"""The pieces of a fair race over a network, alone: the clock estimate, the bound on a
dated press, a session that keeps every deadline and bot at its own time, and the
engine's look ahead (what it foresees is what then happens)."""

from __future__ import annotations

import math
import random

import pytest

from audiogame.core.clock import Scheduler, VirtualClock, run_virtual
from audiogame.core.gametime import GameScheduler
from audiogame.core.session import TableSession
from audiogame.games.tirapassa import TiraConfig
from audiogame.games.tirapassa.bots import TiraBot
from audiogame.games.tirapassa.engine import TiraGame
from audiogame.games.tirapassa.options import Control, Speed, Timing
from audiogame.games.tirapassa.race_online import foresee, horizon, on_time, settled
from audiogame.net.client.clock_sync import ClockSync
from audiogame.net.server.rtt import clamp_claim

# -- the clock estimate -------------------------------------------------------------------


def test_on_a_jittery_line_the_offset_is_off_by_half_the_difference_of_the_fastest_ways() -> None:
    """Each sample bounds the offset; together they meet where the fastest way out and the
    fastest way back put it: off by half their difference, whichever pings they were."""
    rng = random.Random(3)
    true_offset = 1234.567  # server = client + offset
    sync = ClockSync(window=64)
    client = 10.0
    ups, downs = [], []
    for n in range(40):
        # a line of 100 ms ± 30 ms each way, the two ways drawn apart: asymmetric trips
        up, down = rng.uniform(0.07, 0.13), rng.uniform(0.07, 0.13)
        ups.append(up)
        downs.append(down)
        server = client + up + true_offset
        sync.add(client, server, client + up + down)
        client += 1.0
        found = sync.estimate
        assert found is not None and abs(found.offset - true_offset) <= found.error + 1e-9
        if n == 0:  # one sample: its own middle, within half its round trip
            assert found.error == pytest.approx((up + down) / 2)
    assert found.samples == 40
    off = (min(ups) - min(downs)) / 2
    assert found.offset - true_offset == pytest.approx(off, abs=1e-9)
    assert abs(off) < 0.003  # 40 pings: both fastest ways within a few ms of 70 ms
    assert found.error == pytest.approx((min(ups) + min(downs)) / 2)
    assert found.error <= found.best_rtt / 2
    assert sync.server_time(5.0) == pytest.approx(5.0 + found.offset)
    assert sync.client_time(sync.server_time(5.0)) == pytest.approx(5.0)


def test_one_long_trip_does_not_move_the_estimate_and_old_samples_are_forgotten() -> None:
    sync = ClockSync(max_age=10.0)
    for i in range(5):
        sync.add(float(i), 100.0 + i + 0.001, i + 0.002)  # offset 100, 2 ms round trips
    before = sync.estimate
    assert before is not None and before.offset == pytest.approx(100.0)
    sync.add(6.0, 106.9, 7.0)  # one trip of a second, its server time skewed
    after = sync.estimate
    assert after is not None and after.offset == pytest.approx(100.0)
    # the server's clock moved by 50 ms (a drift, a restart): after max_age only the new
    for i in range(30, 36):
        sync.add(float(i), 100.05 + i + 0.001, i + 0.002)
    moved = sync.estimate
    assert moved is not None and moved.offset == pytest.approx(100.05)
    assert sync.add(50.0, 0.0, 49.0) == moved  # a pong before its ping: not a sample


# -- a dated press held within its bound (the bound: test_net_race_bound.py) --------------


def test_a_claim_is_believed_within_its_bound_and_clamped_outside() -> None:
    arrival, bound = 100.0, 0.095
    assert clamp_claim(99.95, arrival, bound) == 99.95
    assert clamp_claim(99.0, arrival, bound) == pytest.approx(arrival - bound)  # too early
    assert clamp_claim(100.5, arrival, bound) == arrival  # a press after its own arrival
    assert clamp_claim(None, arrival, bound) == arrival
    assert clamp_claim(math.nan, arrival, bound) == arrival
    assert clamp_claim(-math.inf, arrival, bound) == arrival


# -- a session at exact times ---------------------------------------------------------------


def _tira(seed: int = 4, controls: Control = Control.ASSISTED) -> TiraGame:
    config = TiraConfig(
        players=3,
        speed=Speed.FAST,
        controls=(controls,) * 3,
        timing=Timing(signal_delay=0.4, race_delay=0.3, calm_auto_delay=0.4, between_rounds=0.4),
    )
    return TiraGame(config, seed)


def _batches(exact: bool, seed: int = 4) -> list[list[float]]:
    clock = VirtualClock(0.0)
    app = Scheduler(clock)
    game = _tira(seed)
    batches: list[list[float]] = []
    session = TableSession(
        game,
        GameScheduler(app),
        _bots(game, seed),
        lambda events: batches.append(sorted({e.time for e in events})),
        exact=exact,
    )
    session.start()
    t = 0.0
    while not game.is_over and t < 600:
        t += 0.25  # a loop that wakes only every quarter of a second
        clock.set(t)
        app.run_due()
    return batches


def _bots(game: TiraGame, seed: int = 9) -> dict[int, TiraBot]:
    return {s: TiraBot(s, "hard", seed) for s in range(game.seats)}


def test_an_exact_session_keeps_each_deadline_in_a_batch_of_its_own_however_late_it_runs() -> None:
    # The lazy loop merges deadlines in some games only (about two in five: 3 of 8
    # seeds tried), so games are played until one shows it, each exact session checked.
    for seed in range(4, 34):
        exact = _batches(exact=True, seed=seed)
        assert all(len(times) == 1 for times in exact), seed  # one game time per batch
        if any(len(times) > 1 for times in _batches(exact=False, seed=seed)):
            return  # the lazy loop merged some, where the exact one kept them apart
    raise AssertionError("the lazy loop merged no deadlines in the games of seeds 4-33")


def test_apply_at_a_game_time_never_before_what_the_engine_was_given() -> None:
    clock = VirtualClock(0.0)
    app = Scheduler(clock)
    game = _tira()
    session = TableSession(game, GameScheduler(app), exact=True)
    session.start()
    run_virtual(clock, app, 0.8)  # the race started at 0.7
    result = session.apply(0, _throw(), at=0.75)
    assert result.ok and result.events[0].time == 0.75
    late = session.apply(1, _throw(), at=0.70)  # dated before the last: taken at 0.75
    assert late.ok and late.events[0].time == 0.75


def _throw() -> object:
    from audiogame.games.tirapassa.actions import Throw

    return Throw()


# -- the engine's look ahead -----------------------------------------------------------------


@pytest.mark.parametrize("controls", [Control.ASSISTED, Control.MANUAL])
def test_what_the_engine_foresees_is_what_then_happens_when_nobody_acts(controls) -> None:
    """Bots race; at every batch the engine foresees the next happenings. Run alone (no
    action in between), the game gives exactly the batches and views foreseen."""
    clock = VirtualClock(0.0)
    app = Scheduler(clock)
    game = _tira(seed=11, controls=controls)
    checked = 0

    def check(_events: object) -> None:
        nonlocal checked
        seen = foresee(game, [0, 1, None])
        twin = TiraGame.from_dict(game.to_dict())
        for at, events, views in seen:
            while True:
                when = twin.next_deadline()
                assert when is not None and when <= at
                got = twin.advance(when)
                if when == at:
                    break
                assert not on_time(got)  # nothing worth hearing was left out
            assert got == events
            assert {s: twin.observation(s) for s in (0, 1, None)} == views
            checked += 1

    session = TableSession(game, GameScheduler(app), _bots(game), check, exact=True)
    session.start()
    run_virtual(clock, app, 300.0)
    assert game.is_over and checked > 50
    assert settled(game.observation(None))
    assert horizon(game) == pytest.approx(0.4 + 0.7 + 0.5)  # a calm roll's wait and flight
