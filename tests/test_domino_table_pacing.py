"""Bots at the table's pace: the hard bot thinks in idle slices, never before its
pace is over plays, never stalls; the same seed plays the same match."""

from __future__ import annotations

from audiogame.games.domino import Phase
from audiogame.games.domino.bots import scaled_iterations
from audiogame.games.domino.bots.hard import BASE_SET_SIZE
from audiogame.games.domino.table_setup import DominoSetup
from audiogame.ui import table as table_module
from audiogame.ui.games.domino.table import DominoTable


def hard_table(h, pace: float = 1.5, iterations: int = 40) -> DominoTable:
    setup = DominoSetup(levels=["hard", "hard", "hard"], pace=pace)
    table = DominoTable(h.app, setup, 5, iterations=iterations)
    h.app.push(table)
    warm = h.app.idle_tasks.pop(0)  # the table's message warm-up, queued first: run it out
    while not warm():
        pass
    return table


def bots_turn(h, table: DominoTable) -> None:
    """Run frames, without idle work, until a hard bot's search is under way."""
    for _ in range(2000):
        if h.app.idle_tasks:
            return
        match = table.match
        if match.phase is Phase.PLAYING and match.current_seat == 0:
            table.apply(0, match.legal_actions(0)[0])
        elif match.phase is Phase.BETWEEN:
            table.rounds.next_round()
        h.clock.advance(0.05)
        h.app.step()
    raise AssertionError("no search started")


def test_the_search_runs_in_slices_and_waits_for_the_pace(harness_factory, monkeypatch):
    monkeypatch.setattr(table_module, "REST", 0.0)  # no rests: the whole search in one run
    h = harness_factory("it")
    table = hard_table(h, pace=1.5, iterations=40)
    bots_turn(h, table)
    moves = table.match.steps
    seat = table.match.current_seat
    task = h.app.idle_tasks.pop()
    calls = 1
    while not task():
        calls += 1
    assert calls > 1 and not table.session.thinking  # a search in slices
    assert table.bots[seat].pending  # decided, waiting for its pace
    # the search is over, but the pace is not: the move waits for it
    h.app.step()
    assert table.match.steps == moves
    h.clock.advance(1.6)
    h.app.step()
    assert table.match.steps == moves + 1 and not table.bots[seat].pending


def test_the_search_rests_between_bursts_so_the_loop_can_sleep(harness_factory):
    h = harness_factory("it")
    table = hard_table(h, pace=1.5, iterations=40)
    burst, rest = table_module.BURST, table_module.REST
    bots_turn(h, table)
    task = h.app.idle_tasks.pop()
    results = [task() for _ in range(burst)]
    assert results == [False] * (burst - 1) + [True]  # a burst, then off the list
    assert table.session.thinking and not h.app.idle_tasks
    h.clock.advance(rest)
    h.app.step()  # the rest is over: the search is back among the idle tasks
    assert len(h.app.idle_tasks) == 1
    slices, rests = 0, 0
    while table.session.thinking:
        while h.app.idle_tasks:
            task = h.app.idle_tasks.pop()
            slices += 1
            if not task():
                h.app.idle_tasks.append(task)
        h.clock.advance(rest)  # the loop sleeps through the rest
        h.app.step()
        rests += 1
    assert slices > 0 and rests == -(-slices // burst)  # a rest after every burst


def test_a_slow_search_plays_as_soon_as_it_ends_after_the_pace(harness_factory, monkeypatch):
    monkeypatch.setattr(table_module, "REST", 0.0)
    h = harness_factory("it")
    table = hard_table(h, pace=0.5, iterations=40)
    bots_turn(h, table)
    moves = table.match.steps
    task = h.app.idle_tasks.pop()
    h.clock.advance(1.0)
    h.app.step()  # the pace is over, the search is not: nothing is played yet
    assert table.match.steps == moves
    while not task():
        pass
    h.app.step()  # played from the scheduler, in the next frame
    assert table.match.steps == moves + 1


def test_leaving_drops_the_search(harness_factory):
    h = harness_factory("it")
    table = hard_table(h)
    bots_turn(h, table)
    task = h.app.idle_tasks.pop()
    moves = table.match.steps
    table.leave()
    assert task() is True  # a cancelled search stops at its next slice
    h.clock.advance(5)
    h.app.step()
    assert table.match.steps == moves


def test_the_same_seed_plays_the_same_match(harness_factory):
    played = []
    for _ in range(2):
        h = harness_factory("it")
        setup = DominoSetup(levels=["hard", "normal", "easy"], pace=0.5)
        setup.options["point-limit"] = 50
        table = DominoTable(h.app, setup, 11, iterations=15)
        h.start(table)
        while not table.match.is_over:
            match = table.match
            if match.phase is Phase.PLAYING and match.current_seat == 0:
                table.apply(0, match.legal_actions(0)[-1])
            elif match.phase is Phase.BETWEEN:
                h.press("enter")
            h.advance(0.25)
        played.append(table.match.log)
    assert played[0] == played[1]


def test_bigger_sets_get_fewer_deals():
    assert scaled_iterations(300, BASE_SET_SIZE) == 300
    assert scaled_iterations(300, 55) == 152
    assert scaled_iterations(300, 190) == 60  # never below a fifth
    assert scaled_iterations(12, 190) == 2
