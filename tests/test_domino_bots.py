"""Bots choose legal moves from an observation alone."""

from __future__ import annotations

import gc
import random

import pytest

from audiogame.games.domino import DominoConfig, DominoMatch, NextManche, Play
from audiogame.games.domino.bots import LEVELS, HardBot, make_bot
from audiogame.games.domino.bots.inference import infer
from audiogame.games.domino.notation import fixed_deal, parse_tiles

CONFIGS = [
    DominoConfig(seats=2),
    DominoConfig(seats=4, teams=(0, 1, 0, 1)),
    DominoConfig(seats=3, draw_with_playable=True, draw_until_fits=True),
    DominoConfig(set_id="double-9", seats=6, teams=(0, 1, 2, 0, 1, 2), team_finish=True),
    DominoConfig(set_id="2x-double-6", seats=3, forbid_drawing=True),
]


def fast(level: str):
    return make_bot(level, time_budget=None, iterations=8) if level == "hard" else make_bot(level)


@pytest.mark.parametrize("level", LEVELS)
def test_every_bot_plays_legal_moves_under_every_rule(level):
    bot = fast(level)
    for i, config in enumerate(CONFIGS):
        rng = random.Random(i)
        match = DominoMatch(config, i)
        while not match.is_over and match.manche <= 2:
            seat = match.current_seat
            if seat is None:
                match.apply(None, NextManche())
                continue
            action = bot.choose(match.observation(seat), rng)
            assert action in match.legal_actions(seat)
            assert match.apply(seat, action).ok


def reachable(root: object, limit: int = 20000) -> list[object]:
    """Every object reachable from ``root`` through references."""
    seen, stack, out = set(), [root], []
    while stack and len(out) < limit:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen.add(id(obj))
        out.append(obj)
        stack.extend(gc.get_referents(obj))
    return out


def test_an_observation_reaches_nothing_hidden():
    match = DominoMatch(DominoConfig(seats=3), 5)
    match.apply(None, NextManche())
    for _ in range(6):
        seat = match.current_seat
        match.apply(seat, match.legal_actions(seat)[0])
    observation = match.observation(0)
    objects = reachable(observation)
    hidden = match.omniscient_view()
    others = {t.uid for s in (1, 2) for t in hidden["hands"][s]} | {
        t.uid for t in hidden["boneyard"]
    }
    assert not any(isinstance(o, DominoMatch) for o in objects)
    manche = match._m  # noqa: SLF001
    assert not any(o is manche.hands or o is manche.boneyard for o in objects)
    assert not {getattr(o, "uid", None) for o in objects if type(o).__name__ == "Tile"} & others


def two_deals_that_look_alike() -> tuple[DominoMatch, DominoMatch]:
    """Seat 0's view is the same; seat 1's hand and the boneyard differ."""
    config = DominoConfig(seats=3)
    mine = "6|6 1|6 2|5 0|3 4|4 1|1 0|5"
    a = ["1|2 2|3 3|4 4|5 0|1 0|2 2|2", "0|0 0|4 0|6 1|3 1|4 1|5 2|4"]
    b = ["0|0 0|4 0|6 1|3 1|4 1|5 2|4", "1|2 2|3 3|4 4|5 0|1 0|2 2|2"]
    matches = []
    for other in (a, b):
        match = DominoMatch(config, 1)
        assert match.apply(None, fixed_deal(config, [mine, *other])).ok
        matches.append(match)
    return matches[0], matches[1]


@pytest.mark.parametrize("level", LEVELS)
def test_no_bot_can_see_hidden_tiles(level):
    first, second = two_deals_that_look_alike()
    assert first.observation(0) == second.observation(0)
    bot = fast(level)
    choices = [bot.choose(m.observation(0), random.Random(3)) for m in (first, second)]
    assert choices[0] == choices[1]


def test_the_normal_bot_plays_its_heaviest_tile():
    config = DominoConfig(seats=2, forbid_drawing=True)
    match = DominoMatch(config, 0)
    match.apply(None, fixed_deal(config, ["6|6 0|1", "0|6 5|6 1|2"]))
    match.apply(0, match.legal_actions(0)[0])
    action = make_bot("normal").choose(match.observation(1), random.Random(0))
    heavy = parse_tiles("double-6", "5|6")[0]
    assert isinstance(action, Play) and action.uid == heavy.uid


def test_inference_learns_what_a_passing_player_lacks():
    config = DominoConfig(seats=3, forbid_drawing=True)
    match = DominoMatch(config, 0)
    match.apply(None, fixed_deal(config, ["6|6 1|6 2|6", "0|1 2|3 4|5", "0|0 3|6 1|1"]))
    match.apply(0, match.legal_actions(0)[0])  # 6|6: seat 1 has no 6 and passes
    slots = infer(match.observation(0))
    assert slots[1].groups == [[3, 1 << 6]]
    assert slots[2].groups == [[3, 0]]  # nothing known yet
    three_six = parse_tiles("double-6", "3|6")[0]
    assert match.apply(2, Play(three_six.uid)).ok  # ends 6|3
    assert infer(match.observation(0))[2].groups == [[2, 0]]


def test_the_hard_bot_beats_the_easy_bot_over_seeded_matches():
    hard, easy = HardBot(time_budget=None, iterations=20), make_bot("easy")
    wins = 0
    for i in range(12):
        bots = [hard, easy] if i % 2 == 0 else [easy, hard]
        match = DominoMatch(DominoConfig(seats=2, point_limit=50), i)
        rng = random.Random(i)
        while not match.is_over:
            seat = match.current_seat
            if seat is None:
                match.apply(None, NextManche())
                continue
            match.apply(seat, bots[seat].choose(match.observation(seat), rng))
        wins += (i % 2) in match.outcome.winners
    assert wins >= 8


def test_the_hard_bot_thinks_in_slices():
    match = DominoMatch(DominoConfig(seats=4), 2)
    match.apply(None, NextManche())
    seat = match.current_seat
    search = HardBot().start(match.observation(seat), random.Random(0))
    for _ in range(5):
        search.step(2)
    assert search.decided or search.rounds == 10
    assert search.best() in match.legal_actions(seat)
