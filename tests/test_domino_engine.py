"""The engine's contract: audiences, observations, refusals, lifecycle, replay."""

from __future__ import annotations

import json
import random

import pytest

from audiogame.core.contract import visible_to
from audiogame.games.domino import (
    DominoConfig,
    DominoMatch,
    NextManche,
    Phase,
    Play,
    Refusal,
    Tile,
)
from audiogame.games.domino.bots import decide_now
from audiogame.games.domino.engine import entry_from_dict
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
    seat = match.current_seat
    if seat is None:
        return match.apply(None, NextManche())
    return match.apply(seat, rng.choice(match.legal_actions(seat)))


def test_the_first_manche_is_dealt_by_next_manche():
    match = DominoMatch(DominoConfig(seats=3), 1)
    assert match.phase is Phase.READY and match.current_seat is None
    events = match.apply(None, NextManche()).events
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
            spectator = match.observation(None)
            assert spectator.hand == () and tiles_in(spectator) <= chain
            assert spectator.history == tuple(e for e in spectator.history if visible_to(e, None))


def test_observations_are_independent_snapshots():
    match = DominoMatch(DominoConfig(seats=2), 4)
    match.apply(None, NextManche())
    before = match.observation(0)
    seat = match.current_seat
    match.apply(seat, match.legal_actions(seat)[0])
    assert len(before.chain) == 0 and match.observation(0).chain


def test_a_refused_action_changes_nothing():
    rng = random.Random(9)
    match = DominoMatch(DominoConfig(seats=4), 9)
    match.apply(None, NextManche())
    for _ in range(15):
        snapshot = (match.omniscient_view(), match.to_dict(), match.observation(0))
        other = (match.current_seat + 1) % 4
        tile = match.observation(other).hand[0]
        assert match.why_not(other, Play(tile.uid)) is Refusal.NOT_YOUR_TURN
        result = match.apply(other, Play(tile.uid))
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
    data = json.loads(json.dumps(match.to_dict()))
    restored = DominoMatch.from_dict(data)
    assert restored.outcome == match.outcome and restored.totals == match.totals
    assert restored.to_dict() == match.to_dict()
    other, _ = run(12)
    assert other != events


def test_manche_end_waits_for_next_manche():
    rng = random.Random(3)
    match = DominoMatch(DominoConfig(seats=2), 3)
    match.apply(None, NextManche())
    ended = []
    while not ended:
        ended = [e for e in random_step(match, rng).events if isinstance(e, MancheEnded)]
    assert match.phase is Phase.BETWEEN and match.current_seat is None
    assert match.legal_actions(0) == () and match.legal_actions(1) == ()
    assert match.legal_actions(None) == (NextManche(),)  # the table's move
    assert match.apply(None, NextManche()).ok and match.manche == 2
    assert match.legal_actions(None) == ()


def test_a_timed_log_replays_event_by_event():
    """Actions at their times and the time-outs between them: from_dict gives the
    same events, the same turn times and the same log."""
    rng = random.Random(5)
    config = DominoConfig(seats=3, thinking_time=10, point_limit=50)
    match = DominoMatch(config, 5, start=100.0)
    now, events = 100.0, []
    while not match.is_over:
        now += rng.choice((0.5, 3.0, 12.0, 25.0))  # some turns run out, some more than once
        seat = match.current_seat
        if seat is None:
            result = match.apply(None, NextManche(), now)
        elif rng.random() < 0.7 and match.legal_actions(seat, now):
            result = match.apply(seat, rng.choice(match.legal_actions(seat, now)), now)
        else:
            events.extend(match.advance(now))
            continue
        events.extend(result.events)
    assert any(entry[2] is None for entry in match.log)  # time-outs happened
    data = json.loads(json.dumps(match.to_dict()))
    replayed = DominoMatch(config, 5, start=100.0)
    again = [e for raw in data["log"] for e in replayed.replay_entry(*entry_from_dict(raw))]
    assert again == events
    assert DominoMatch.from_dict(data).to_dict() == match.to_dict()


def test_a_log_that_does_not_replay_is_refused():
    match = DominoMatch(DominoConfig(seats=2, thinking_time=10), 1)
    match.apply(None, NextManche(), 0.0)
    seat = match.current_seat
    match.apply(seat, match.legal_actions(seat)[0], 5.0)
    data = match.to_dict()
    late = dict(data, log=[*data["log"][:1], dict(data["log"][1], t=50.0)])
    with pytest.raises(ValueError):
        DominoMatch.from_dict(late)  # a time-out would have come first
    with pytest.raises(ValueError):
        DominoMatch.from_dict(dict(data, log=[dict(data["log"][1])]))  # a play before the deal


def test_the_outcome_ranks_by_totals_and_by_how_long_a_side_stayed_in():
    rng = random.Random(8)
    for seed in range(30):
        match = DominoMatch(DominoConfig(seats=4, point_limit=25), seed)
        while not match.is_over:
            random_step(match, rng)
        outcome, final = match.outcome, match.final
        assert outcome.winners == final.winners and outcome.sides == (0, 1, 2, 3)
        assert outcome.scores == match.totals
        assert {s for s, r in enumerate(outcome.ranks) if r == 1} == set(outcome.winners)
        assert outcome.shared == final.shared


def test_the_spec_makes_and_rebuilds_engines_of_the_contract():
    from audiogame.core.contract import Engine
    from audiogame.games import registry

    spec = registry.get("domino")
    assert spec is not None and spec.new_engine and spec.engine_from_dict and spec.invariants
    assert spec.make_bot and spec.narrate and spec.random_config
    config = spec.random_config(random.Random(4), 4)
    engine = spec.new_engine(config, 4, 50.0)
    assert isinstance(engine, Engine) and engine.seats == 4
    bots = {seat: spec.make_bot(seat, level, 4) for seat, level in enumerate(spec.bot_levels, 1)}
    said = []
    while not engine.is_over and engine.manche < 3:
        seat = engine.current_seat
        if seat in bots:
            action = decide_now(bots[seat], engine.observation(seat))
            events = engine.apply(seat, action).events
        else:
            events = random_step(engine, random.Random(engine.steps)).events
        said += spec.narrate(events, engine.observation(0), ("", "Marco", "Giulia", "Luca"))
        assert spec.invariants(engine) == []
    # the game's words, or a sound alone (the deal, a blocked table)
    assert said and all(m.msg_id.startswith("domino-") or (not m.msg_id and m.cue) for m in said)
    again = spec.engine_from_dict(json.loads(json.dumps(engine.to_dict())))
    assert again.to_dict() == engine.to_dict() and again.observation(None) == engine.observation(
        None
    )
