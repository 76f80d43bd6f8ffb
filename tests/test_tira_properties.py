"""Invariants over thousands of random games on the virtual clock.

An independent ledger re-counts every die from the events alone: the 3 × players
dice are always all somewhere, nobody holds a negative count, nothing moves
after Stop, Stop only fires for a player with no dice at all, the coasters add
up, and the game ends as the rules say. The same seed gives the same events.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable

from hypothesis import given, settings
from hypothesis import strategies as st

from audiogame.core.clock import Scheduler, VirtualClock, run_virtual
from audiogame.core.session import TableSession
from audiogame.games.tirapassa import (
    EDITION_COASTERS,
    CalmEmptied,
    CalmFinished,
    CalmStarted,
    CoasterDrawn,
    CoasterWon,
    Control,
    Destination,
    DiePassed,
    DieToTray,
    Difficulty,
    EndReason,
    GameEnded,
    GameStarted,
    Landed,
    Refusal,
    RoundEnded,
    RoundStarted,
    Send,
    Speed,
    StopCalled,
    Symbol,
    Throw,
    Thrown,
    TiraConfig,
    TiraEvent,
    TiraGame,
    Variant,
    invariants,
    run_bots_game,
)
from audiogame.games.tirapassa.bot_games import bots_session
from audiogame.games.tirapassa.simulate import play_instantly


class Ledger:
    """Replays the events on its own counts and checks every rule it can see."""

    def __init__(self) -> None:
        self.players = 0
        self.time = float("-inf")
        self.over = False

    def feed_all(self, events: Iterable[TiraEvent]) -> None:
        for event in events:
            self.feed(event)

    def feed(self, e: TiraEvent) -> None:
        assert not self.over, "no event after the game ended"
        assert e.time >= self.time, "events come in game-clock order"
        self.time = e.time
        getattr(self, "on_" + type(e).__name__)(e)
        if self.players:
            assert min(self.dice) >= 0
            assert sum(self.dice) + self.tray == 3 * self.players

    def on_GameStarted(self, e: GameStarted) -> None:
        self.players = e.players
        self.coasters: list = list(e.coasters)
        self.pile = e.pile_size
        self.won: list[list] = [[] for _ in range(e.players)]
        self.variant = e.variant
        self.round = 0
        self.dice = [3] * e.players
        self.tray = 0
        self.check_coasters()

    def on_RoundStarted(self, e: RoundStarted) -> None:
        assert not getattr(self, "short", False), "the game ends in the round the pile ran short"
        assert e.round == self.round + 1
        self.round = e.round
        self.supreme = e.supreme
        self.dice = [3] * self.players
        self.tray = 0
        self.stopped: set[int] = set()
        self.emptied: set[int] = set()
        self.calm = False
        self.racing = False
        self.in_air = [False] * self.players
        assert list(e.coasters) == self.coasters and None not in self.coasters
        assert e.won_counts == tuple(len(w) for w in self.won)

    def on_StartSignal(self, e: TiraEvent) -> None:
        assert not self.racing

    def on_RaceStarted(self, e: TiraEvent) -> None:
        self.racing = True

    def on_Thrown(self, e: Thrown) -> None:
        assert self.racing or self.calm
        assert not self.in_air[e.seat]
        assert e.dice == self.dice[e.seat] > 0, "a throw takes every die I have"
        assert e.seat not in self.stopped
        assert (e.calm_roll > 0) == self.calm
        self.in_air[e.seat] = True

    def on_Landed(self, e: Landed) -> None:
        assert self.in_air[e.seat]
        self.in_air[e.seat] = False
        assert e.frozen == (bool(self.stopped) and not self.calm)

    def on_DieToTray(self, e: DieToTray) -> None:
        assert e.symbol is self.supreme
        assert self.racing or self.calm
        self.dice[e.seat] -= 1
        self.tray += 1
        assert (e.dice_left, e.tray) == (self.dice[e.seat], self.tray)

    def on_DiePassed(self, e: DiePassed) -> None:
        assert self.racing and not self.stopped, "no die moves after Stop"
        coaster = self.coasters[e.from_seat]
        step = 1 if e.side is Destination.LEFT else -1
        assert e.to_seat == (e.from_seat + step) % self.players
        assert e.symbol is (coaster.left if e.side is Destination.LEFT else coaster.right)
        assert e.symbol is not self.supreme
        self.dice[e.from_seat] -= 1
        self.dice[e.to_seat] += 1
        assert (e.sender_left, e.receiver_total) == (self.dice[e.from_seat], self.dice[e.to_seat])

    def on_StopCalled(self, e: StopCalled) -> None:
        assert self.dice[e.seat] == 0, "Stop only with hand and coaster empty"
        assert e.seat in e.together
        self.stopped.add(e.seat)
        self.racing = False

    def on_CalmStarted(self, e: CalmStarted) -> None:
        assert not any(self.in_air), "dice in flight land before the calm rolls"
        assert set(e.stoppers) == self.stopped
        assert e.rolling == tuple(s for s in range(self.players) if self.dice[s] > 0)
        self.calm = True

    def on_CalmEmptied(self, e: CalmEmptied) -> None:
        assert self.dice[e.seat] == 0 and 1 <= e.roll <= 3
        self.emptied.add(e.seat)

    def on_CalmFinished(self, e: CalmFinished) -> None:
        assert e.dice_left == self.dice[e.seat] > 0

    def on_RoundEnded(self, e: RoundEnded) -> None:
        assert e.winners == tuple(sorted(self.stopped | self.emptied))
        assert e.dice_left == tuple(self.dice)
        assert all((self.dice[s] == 0) == (s in e.winners) for s in range(self.players))
        for seat in e.winners:
            self.won[seat].append(self.coasters[seat])
            self.coasters[seat] = None  # turned face down
        self.check_coasters()
        assert e.won_counts == tuple(len(w) for w in self.won)
        self.calm = False
        self.last_winners = e.winners
        self.short = False

    def on_CoasterWon(self, e: CoasterWon) -> None:
        assert self.won[e.seat][-1] == e.coaster and e.won_count == len(self.won[e.seat])

    def on_CoasterDrawn(self, e: CoasterDrawn) -> None:
        assert e.seat in self.last_winners
        if e.coaster is None:
            assert self.pile == 0
            self.short = True
        else:
            self.pile -= 1
        assert e.pile_size == self.pile
        self.coasters[e.seat] = e.coaster
        self.check_coasters()

    def on_GameEnded(self, e: GameEnded) -> None:
        counts = [len(w) for w in self.won]
        assert e.won_counts == tuple(counts)
        if self.variant is Variant.FIRST_TO_THREE:
            # 18 coasters are enough for everyone to win two before anyone wins three.
            assert e.reason is EndReason.THREE_COASTERS
        if e.reason is EndReason.THREE_COASTERS:
            assert self.variant is Variant.FIRST_TO_THREE
            assert e.winners == tuple(s for s in range(self.players) if counts[s] == 3)
            assert max(counts) == 3
        else:
            assert self.short
            assert e.winners == tuple(s for s in range(self.players) if counts[s] == max(counts))
        assert e.shared == (len(e.winners) > 1)
        self.over = True

    def check_coasters(self) -> None:
        in_front = [c for c in self.coasters if c is not None]
        won = [c for w in self.won for c in w]
        assert len(set(in_front + won)) == len(in_front) + len(won), "no coaster twice"
        assert len(in_front) + len(won) + self.pile == len(EDITION_COASTERS)


configs = st.builds(
    lambda players, speed, variant, controls, bots: TiraConfig(
        players=players,
        speed=speed,
        variant=variant,
        controls=tuple(controls[:players]),
        bots=tuple(bots[:players]),
    ),
    st.integers(2, 6),
    st.sampled_from(Speed),
    st.sampled_from(Variant),
    st.lists(st.sampled_from(Control), min_size=6, max_size=6),
    st.lists(st.sampled_from(Difficulty), min_size=6, max_size=6),
)


def check_engine(session: TableSession) -> None:
    game = session.engine
    assert invariants.check(game) == []
    # the table part of observations is kept between changes: never stale
    seen = [game.observation(s) for s in (None, *range(game.seats))]
    game._table = None
    assert [game.observation(s) for s in (None, *range(game.seats))] == seen


@settings(max_examples=80, deadline=None)
@given(config=configs, seed=st.integers(0, 2**32))
def test_bot_games_keep_every_invariant(config: TiraConfig, seed: int) -> None:
    ledger = Ledger()
    events = run_bots_game(config, seed, on_step=check_engine)
    ledger.feed_all(events)
    assert ledger.over


@settings(max_examples=40, deadline=None)
@given(config=configs, seed=st.integers(0, 2**32))
def test_the_same_seed_gives_the_same_events(config: TiraConfig, seed: int) -> None:
    assert run_bots_game(config, seed) == run_bots_game(config, seed)


@settings(max_examples=25, deadline=None)
@given(config=configs, seed=st.integers(0, 2**32), stop_at=st.floats(0.0, 120.0))
def test_a_saved_game_replays_from_config_seed_and_log(
    config: TiraConfig, seed: int, stop_at: float
) -> None:
    clock = VirtualClock()
    scheduler = Scheduler(clock)
    session = bots_session(config, seed, scheduler)
    session.start()
    run_virtual(clock, scheduler, stop_at)
    game = session.engine
    data = json.loads(json.dumps(game.to_dict()))
    copy = TiraGame.from_dict(data)
    players = config.players
    assert [copy.observation(s) for s in range(players)] == [
        game.observation(s) for s in range(players)
    ]
    assert copy.next_deadline() == game.next_deadline()


def test_thousands_of_instant_games_keep_every_invariant() -> None:
    rng = random.Random(2024)
    endings = set()
    for seed in range(800):
        players = rng.randint(2, 6)
        config = TiraConfig(
            players=players,
            variant=rng.choice(list(Variant)),
            controls=tuple(rng.choice(list(Control)) for _ in range(players)),
        )
        ledger = Ledger()
        ledger.feed_all(play_instantly(TiraGame(config, seed)))
        assert ledger.over
        endings.add((ledger.variant, max(len(w) for w in ledger.won) > 3))
    # The variant really does go on past three coasters.
    assert (Variant.UNTIL_PILE_EXHAUSTED, True) in endings


def test_shared_victories_happen_and_are_shared() -> None:
    shared = []
    for seed in range(120):
        events = play_instantly(TiraGame(TiraConfig(players=6), seed))
        end = events[-1]
        assert isinstance(end, GameEnded)
        if end.shared:
            shared.append(end)
    assert shared
    assert all(all(end.won_counts[s] == 3 for s in end.winners) for end in shared)


# A random player: any seat (or none), any action (or something else), any die, any
# destination, at random times; sometimes the game is brought to that time first,
# sometimes the action finds dice due to land.
seats = st.one_of(st.integers(-1, 6), st.none())
actions = st.one_of(
    st.just(Throw()),
    st.builds(
        Send,
        st.one_of(st.integers(-1, 4), st.sampled_from(Symbol), st.just("pig")),
        st.one_of(st.none(), st.sampled_from(Destination), st.just("left")),
    ),
    st.sampled_from(["throw", None, 3]),
)


@settings(max_examples=150, deadline=None)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 1000),
    manual=st.booleans(),
    steps=st.lists(st.tuples(st.floats(0.0, 2.0), st.booleans(), seats, actions), max_size=80),
)
def test_random_actions_refused_change_nothing(
    players: int, seed: int, manual: bool, steps: list[tuple[float, bool, int | None, object]]
) -> None:
    controls = (Control.MANUAL if manual else Control.ASSISTED,) * players
    game = TiraGame(TiraConfig(players=players, controls=controls), seed)
    ledger = Ledger()
    now = 4.5
    ledger.feed_all(game.advance(now))

    def table() -> list:
        return [game.observation(s) for s in (None, *range(players))]

    for gap, catch_up, seat, action in steps:
        now += gap
        if catch_up:
            ledger.feed_all(game.advance(now))
        before, log = table(), game.log_length
        predicted = game.why_not(seat, action, now)
        legal = game.legal_actions(seat, now) if seat in range(players) else ()
        assert table() == before and game.log_length == log  # asking changes nothing
        assert all(game.why_not(seat, a, now) is None for a in legal)
        result = game.apply(seat, action, now)
        assert result.refusal == predicted
        if result.refusal is not None:
            assert isinstance(result.refusal, Refusal)
            if catch_up:
                assert result.events == ()
                assert table() == before
        else:
            # legal_actions names each send by index and destination; the other
            # spellings (by symbol, "where it belongs") mean one of those
            canonical = not isinstance(action, Send) or (
                type(action.die) is int and action.to is not None
            )
            assert action in legal or not canonical
        ledger.feed_all(result.events)
    data = game.to_dict()
    assert TiraGame.from_dict(data).to_dict() == data
