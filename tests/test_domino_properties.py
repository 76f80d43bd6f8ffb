"""Invariants over many random matches across every option (Hypothesis + a seed sweep)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from audiogame.games.domino import (
    OPTIONS_BY_ID,
    SETS,
    DominoConfig,
    DominoMatch,
    Draw,
    End,
    NextManche,
    Pass,
    Play,
    alternating_teams,
    invariants,
    tile_set,
)
from audiogame.games.domino.events import MancheEnd, MancheEnded, MatchEnded

SET_IDS = list(SETS)


def random_config(rng: random.Random) -> DominoConfig:
    set_id = rng.choice(SET_IDS)
    seats = rng.randint(2, SETS[set_id].max_players)
    team_counts = [k for k in range(2, 7) if seats % k == 0 and 2 <= seats // k <= 6]
    teams = None
    if team_counts and rng.random() < 0.5:
        teams = alternating_teams(seats, rng.choice(team_counts))
    manche_limit = rng.choice((0, 1, 2, 3))
    # the point limit may be off only with a manche limit
    point_limits = (25, 50, 100, 0) if manche_limit else (25, 50, 100)
    return DominoConfig(
        set_id=set_id,
        seats=seats,
        teams=teams,
        forbid_drawing=rng.random() < 0.25,
        draw_with_playable=rng.random() < 0.3,
        draw_until_fits=rng.random() < 0.3,
        team_finish=rng.random() < 0.5,
        thinking_time=rng.choice(OPTIONS_BY_ID["thinking-time"].values),
        manche_limit=manche_limit,
        point_limit=rng.choice(point_limits),
    )


def expected_points(config: DominoConfig, ended: MancheEnded, dealt: tuple[int, ...]) -> list:
    """The spec's arithmetic, written out independently of the engine."""
    pips = [sum(t.a + t.b for t in hand) for hand in ended.hands]
    if config.teams is None:
        return [pips[s] if s in dealt else 0 for s in range(config.seats)]
    teams = config.teams
    own = [sum(pips[s] for s in dealt if teams[s] == t) for t in range(max(teams) + 1)]
    playing = {teams[s] for s in dealt}
    if ended.how is MancheEnd.BLOCKED:
        return own
    closing = teams[ended.closer]
    malus = own[closing] if ended.how is MancheEnd.OUT else 0
    return [0 if t == closing else own[t] + malus if t in playing else 0 for t in range(len(own))]


def check_places(match: DominoMatch) -> None:
    assert invariants.check(match) == []


def illegal_candidates(match: DominoMatch, rng: random.Random) -> list:
    """(seat, action) pairs, mostly refused: any seat (or the table), any tile."""
    seats = match.config.seats
    seat = rng.choice([None, *range(seats + 1)])
    uid = rng.randrange(len(tile_set(match.config.set_id)) + 2)
    actions = [Play(uid), Play(uid, rng.choice(list(End))), Draw(), Pass(), NextManche(), "draw"]
    return [(seat, action) for action in actions]


def count_places(match: DominoMatch) -> None:
    view = match.omniscient_view()
    held = sum(len(h) for h in view["hands"]) + len(view["boneyard"]) + len(view["chain"])
    assert held == len(tile_set(match.config.set_id))


def check_events(config: DominoConfig, events: list, match: DominoMatch, thorough: bool) -> None:
    if thorough or match.current_seat is None:
        check_places(match)
    else:
        count_places(match)
    for event in events:
        if isinstance(event, MatchEnded):
            assert event.winners and event.shared == (len(event.winning_sides) > 1)


def play_match(
    seed: int, config: DominoConfig, max_steps: int = 4000, thorough: bool = True
) -> DominoMatch:
    rng = random.Random(seed)
    match = DominoMatch(config, seed)
    totals = [0] * (max(config.teams) + 1 if config.teams else config.seats)
    dealt: tuple[int, ...] = ()
    now = 0.0
    for _ in range(max_steps):
        if match.is_over:
            break
        seat = match.current_seat
        deadline = match.next_deadline()
        if deadline is not None and rng.random() < 0.05:
            now = deadline  # a turn runs out
            events = match.advance(now)
        else:
            events = step(match, seat, now, rng, thorough)
            if events is None:
                continue
        check_events(config, events, match, thorough)
        for event in events:
            if hasattr(event, "players"):
                dealt = event.players
            if isinstance(event, MancheEnded):
                assert event.dealt == dealt
                points = expected_points(config, event, dealt)
                assert list(event.points) == points
                totals = [a + b for a, b in zip(totals, points, strict=True)]
                assert list(event.totals) == totals
    return match


def step(match: DominoMatch, seat: int | None, now: float, rng: random.Random, thorough: bool):
    """One action, mostly legal: its events, or None when it was refused (and changed nothing)."""
    if seat is None:
        actor, action = None, NextManche()
    elif rng.random() < 0.15:
        actor, action = rng.choice(illegal_candidates(match, rng))
    else:
        legal = match.legal_actions(seat, now)
        if thorough:
            assert list(legal) == match.observation(seat).legal_actions()
        actor, action = seat, rng.choice(legal)
    legal = actor is not None and action in match.legal_actions(actor, now)
    table = actor is None and isinstance(action, NextManche) and match.current_seat is None
    before = None if legal or table else (match.omniscient_view(), match.steps)
    why = match.why_not(actor, action, now)
    result = match.apply(actor, action, now)
    assert why is result.refusal
    if result.refusal is not None:
        assert before is not None and result.events == []
        assert (match.omniscient_view(), match.steps) == before
        return None
    return result.events


@settings(max_examples=80, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_random_matches_keep_every_invariant(seed):
    config = random_config(random.Random(seed))
    match = play_match(seed, config)
    replayed = DominoMatch.from_dict(match.to_dict())
    assert replayed.to_dict() == match.to_dict()
    assert replayed.omniscient_view() == match.omniscient_view()
    assert replayed.observation(0) == match.observation(0)


def test_thousands_of_manches_conserve_tiles_and_score_by_the_spec():
    rng = random.Random(2024)
    manches = 0
    for seed in range(1200):
        config = random_config(rng)
        config = DominoConfig.from_dict({**config.to_dict(), "manche_limit": 1})
        match = play_match(seed, config, thorough=False)
        assert match.is_over
        manches += match.manche
    assert manches == 1200


def test_the_same_seed_gives_the_same_events():
    for seed in range(30):
        config = random_config(random.Random(seed))
        runs = []
        for _ in range(2):
            rng = random.Random(seed)
            match = DominoMatch(config, seed)
            events = []
            while not match.is_over and match.manche <= 2:
                seat = match.current_seat
                action = NextManche() if seat is None else rng.choice(match.legal_actions(seat))
                events.extend(match.apply(seat, action).events)
            runs.append(events)
        assert runs[0] == runs[1]
