"""The engine's contract: audiences, observations, refusals, lifecycle, replay."""

from __future__ import annotations

import json
import random

from audiogame.games.base import visible_to
from audiogame.games.domino import (
    DominoConfig,
    DominoMatch,
    NextManche,
    Phase,
    Play,
    Refusal,
    Tile,
)
from audiogame.games.domino.events import (
    HandDealt,
    MancheEnded,
    MancheStarted,
    MatchStarted,
    TileDrawn,
    TurnBegan,
)


def tiles_in(value) -> set[int]:
    """Every tile uid mentioned anywhere inside a value (events, tuples, dataclasses)."""
    if isinstance(value, Tile):
        return {value.uid}
    if isinstance(value, (tuple, list)):
        return set().union(*(tiles_in(v) for v in value)) if value else set()
    if hasattr(value, "__dataclass_fields__"):
        return tiles_in([getattr(value, f) for f in value.__dataclass_fields__])
    return set()


def random_step(match: DominoMatch, rng: random.Random):
    if match.current_seat is None:
        return match.apply(NextManche())
    return match.apply(rng.choice(match.legal_actions(match.current_seat)))


def test_the_first_manche_is_dealt_by_next_manche():
    match = DominoMatch(DominoConfig(seats=3), 1)
    assert match.phase is Phase.READY and match.current_seat is None
    events = match.apply(NextManche()).events
    assert isinstance(events[0], MatchStarted) and isinstance(events[1], MancheStarted)
    dealt = [e for e in events if isinstance(e, HandDealt)]
    assert [e.audience.seats for e in dealt] == [frozenset({s}) for s in range(3)]
    assert isinstance(events[-1], TurnBegan) and events[-1].seat == match.current_seat


def test_a_drawn_tile_is_known_to_its_drawer_alone_and_hands_never_leak():
    rng = random.Random(2)
    for seed in range(40):
        match = DominoMatch(DominoConfig(seats=3), seed)
        while not match.is_over and match.manche < 3:
            result = random_step(match, rng)
            for event in result.events:
                if isinstance(event, (TileDrawn, HandDealt)):
                    assert event.audience.seats == frozenset({event.seat})
                    assert not visible_to(event, (event.seat + 1) % 3)
                    assert not visible_to(event, None)
            if match.phase is not Phase.PLAYING:
                continue
            view = match.omniscient_view()
            chain = {t.uid for t in view["chain"]}
            for seat in range(3):
                obs = match.observation(seat)
                own = {t.uid for t in view["hands"][seat]}
                assert {t.uid for t in obs.hand} == own
                assert tiles_in(obs) <= own | chain


def test_observations_are_independent_snapshots():
    match = DominoMatch(DominoConfig(seats=2), 4)
    match.apply(NextManche())
    before = match.observation(0)
    seat = match.current_seat
    match.apply(match.legal_actions(seat)[0])
    assert len(before.chain) == 0 and match.observation(0).chain


def test_a_refused_action_changes_nothing():
    rng = random.Random(9)
    match = DominoMatch(DominoConfig(seats=4), 9)
    match.apply(NextManche())
    for _ in range(15):
        snapshot = (match.omniscient_view(), match.to_dict(), match.observation(0))
        other = (match.current_seat + 1) % 4
        tile = match.observation(other).hand[0]
        result = match.apply(Play(other, tile.uid))
        assert result.refusal is Refusal.NOT_YOUR_TURN and result.events == []
        assert (match.omniscient_view(), match.to_dict(), match.observation(0)) == snapshot
        random_step(match, rng)


def test_the_same_seed_replays_the_same_match():
    def run(seed: int) -> tuple[list, DominoMatch]:
        rng = random.Random(seed)
        match = DominoMatch(DominoConfig(seats=2, point_limit=50), seed)
        events = []
        while not match.is_over:
            events.extend(random_step(match, rng).events)
        return events, match

    events, match = run(11)
    again, _ = run(11)
    assert events == again
    replayed = DominoMatch.replay(match.config, match.seed, list(match.actions))
    assert replayed.outcome == match.outcome
    data = json.loads(json.dumps(match.to_dict()))
    restored = DominoMatch.from_dict(data)
    assert restored.outcome == match.outcome and restored.totals == match.totals
    other, _ = run(12)
    assert other != events


def test_manche_end_waits_for_next_manche():
    rng = random.Random(3)
    match = DominoMatch(DominoConfig(seats=2), 3)
    match.apply(NextManche())
    ended = []
    while not ended:
        ended = [e for e in random_step(match, rng).events if isinstance(e, MancheEnded)]
    assert match.phase is Phase.BETWEEN and match.current_seat is None
    assert match.legal_actions(0) == () and match.legal_actions(1) == ()
    assert match.start_next_manche().ok and match.manche == 2
