"""Bots choose legal moves from an observation alone, once per situation, and
save and restore their whole state as plain data."""

from __future__ import annotations

import gc
import json
import math
import random

import pytest

from audiogame.core.contract import Decision
from audiogame.games.domino import DominoConfig, DominoMatch, NextManche, Play
from audiogame.games.domino.bots import LEVELS, Budget, Search, decide_now, level_budget, make_bot
from audiogame.games.domino.bots.evidence import Choice, heavy_log, kinds, searcher_log, weight
from audiogame.games.domino.bots.inference import infer
from audiogame.games.domino.notation import fixed_deal, parse_tiles

CONFIGS = [
    DominoConfig(seats=2),
    DominoConfig(seats=4, teams=(0, 1, 0, 1)),
    DominoConfig(seats=3, draw_with_playable=True, draw_until_fits=True),
    DominoConfig(set_id="double-9", seats=6, teams=(0, 1, 2, 0, 1, 2), team_finish=True),
    DominoConfig(set_id="2x-double-6", seats=3, forbid_drawing=True),
]


def bots_for(config: DominoConfig, level: str, seed: int, pace: float = 1.0) -> dict:
    return {s: make_bot(s, level, seed, pace=pace, iterations=8) for s in range(config.seats)}


@pytest.mark.parametrize("level", LEVELS)
def test_every_bot_plays_legal_moves_under_every_rule(level):
    for i, config in enumerate(CONFIGS):
        bots = bots_for(config, level, i)
        match = DominoMatch(config, i)
        while not match.is_over and match.manche <= 2:
            seat = match.current_seat
            if seat is None:
                match.apply(None, NextManche())
                continue
            action = decide_now(bots[seat], match.observation(seat))
            assert action in match.legal_actions(seat)
            assert match.apply(seat, action).ok


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_answers_at_its_pace_and_only_on_its_turn(level):
    config = DominoConfig(seats=3)
    match = DominoMatch(config, 2, start=40.0)
    match.apply(None, NextManche(), 41.0)
    bots = bots_for(config, level, 2, pace=1.5)
    seat = match.current_seat
    others = [s for s in range(3) if s != seat]
    assert all(bots[s].decide(match.observation(s)) is None for s in others)
    decide_now(bots[seat], match.observation(seat))
    answer = bots[seat].decide(match.observation(seat))
    assert isinstance(answer, Decision) and answer.at == 41.0 + 1.5
    assert answer.action in match.legal_actions(seat)


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_asked_again_answers_the_same_without_drawing_again(level):
    config = DominoConfig(seats=4, teams=(0, 1, 0, 1))
    match = DominoMatch(config, 6)
    match.apply(None, NextManche())
    bots = bots_for(config, level, 6)
    for _ in range(12):
        seat = match.current_seat
        if seat is None:
            break
        bot = bots[seat]
        first = decide_now(bot, match.observation(seat))
        stream = bot.rng.getstate()
        for _ in range(3):
            assert decide_now(bot, match.observation(seat)) is first
        assert bot.rng.getstate() == stream  # no new draw for the same situation
        match.apply(seat, first)
        for s, other in bots.items():  # after the move every bot hears of it
            other.decide(match.observation(s))


@pytest.mark.parametrize("level", LEVELS)
def test_a_restored_bot_decides_as_the_original_would_have(level):
    config = DominoConfig(seats=3, draw_until_fits=True)
    match = DominoMatch(config, 9)
    match.apply(None, NextManche())
    for _ in range(4):
        seat = match.current_seat
        match.apply(seat, match.legal_actions(seat)[0])
    seat = match.current_seat
    original = make_bot(seat, level, 9, iterations=20)
    original.rng.random()  # somewhere along its stream
    answer = original.decide(match.observation(seat))  # a decision begun...
    if not isinstance(answer, Decision):
        answer.step()
    saved = json.loads(json.dumps(original.state()))  # ...and saved while pending
    wanted = decide_now(original, match.observation(seat))
    again = make_bot(seat, level, "another seed", iterations=20)
    again.restore(saved)
    assert decide_now(again, match.observation(seat)) == wanted
    assert again.rng.getstate() == original.rng.getstate()


def test_a_bot_state_that_is_not_one_is_refused_and_changes_nothing():
    bot = make_bot(1, "easy", 3)
    before = bot.rng.getstate()
    state = bot.state()
    for bad in (
        {},
        {"rng": [3, [1, 2], None]},
        {"rng": state["rng"], "more": 1},
        {"rng": [3, [*state["rng"][1][:-1], 10_000], None]},
        {"rng": [3, ["x"] * 625, None]},
    ):
        with pytest.raises(ValueError):
            bot.restore(bad)
        assert bot.rng.getstate() == before


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
    manche = match._m  # noqa: SLF001
    assert not any(isinstance(o, DominoMatch) for o in objects)
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
    choices = [
        decide_now(make_bot(0, level, 3, iterations=8), m.observation(0)) for m in (first, second)
    ]
    assert choices[0] == choices[1]


def test_the_normal_bot_plays_its_heaviest_tile():
    config = DominoConfig(seats=2, forbid_drawing=True)
    match = DominoMatch(config, 0)
    match.apply(None, fixed_deal(config, ["6|6 0|1", "0|6 5|6 1|2"]))
    match.apply(0, match.legal_actions(0)[0])
    action = decide_now(make_bot(1, "normal", 0), match.observation(1))
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


def test_a_partners_play_is_read_as_a_searching_bots():
    """A partner that left 4 open is believed to hold more 4s: read as a heavy
    player's, two hands with the same tiles fitting weigh alike."""
    chosen, other, *rest = parse_tiles("double-6", "3|4 0|5 4|6 1|4 2|6 1|2")
    fours, no_fours = [other, *rest[:2]], [other, *rest[2:]]
    # seat 2 covered the 3 of ends 3|5 with 3|4 (4 left open), nothing else on the table
    choice = Choice(2, (3, 5), chosen, (chosen,), 4, (0,) * 7)
    assert searcher_log(choice, fours) > searcher_log(choice, no_fours)

    def weighs(hand, read):
        hands = [[], [], hand, []]
        return weight([choice], hands, 0.5, searchers={2}, read=read)

    assert weighs(fours, 0.0) == pytest.approx(weighs(no_fours, 0.0))
    assert weighs(fours, 1.0) > 1.5 * weighs(no_fours, 1.0)
    assert weight([choice], [[], [], fours, []], 0.5, searchers={0}, read=1.0) == pytest.approx(
        weighs(fours, 0.0)
    )


def test_an_opponent_is_read_as_a_heavy_tile_player_or_a_searcher_by_its_plays():
    """Seat 1 played 4|5 on ends 3|5, then 3|3 on 3|4: as a heavy-tile player
    would, had it kept 0|3; had it kept 5|6 (11 pips, it fitted the 5) it chose
    otherwise, so it is more likely a searcher."""
    first, second, light, heavy = parse_tiles("double-6", "4|5 3|3 0|3 5|6")
    choices = [
        Choice(1, (3, 5), first, (first, second), 4, (0,) * 7),
        Choice(1, (3, 4), second, (second,), 3, (0,) * 7),
    ]
    kept_light, kept_heavy = [light], [heavy]
    assert heavy_log(choices[0], kept_light) > -0.05  # its heaviest: as expected
    assert heavy_log(choices[0], kept_heavy) < math.log(0.02)  # a heavier one fitted
    for hand in (kept_light, kept_heavy):  # the searcher's reading is the same model
        assert kinds(choices[:1], [[], hand, [], []], {1}, 0.0)[0] == pytest.approx(
            math.exp(searcher_log(choices[0], hand))
        )

    def read(hand, prior=0.5):
        return kinds(choices, [[], hand, [], []], {1}, prior)

    (likely_light, seen_light), (likely_heavy, seen_heavy) = read(kept_light), read(kept_heavy)
    assert seen_light[1] > 0.7 and seen_heavy[1] < 0.1
    assert likely_light > likely_heavy  # the deal that fits both readings weighs more
    assert read(kept_light, prior=0.1)[1][1] < seen_light[1]  # the prior counts
    assert kinds(choices, [[], kept_light, [], []], {3}, 0.5) == (1.0, {})  # not read


def test_the_hard_bot_beats_the_easy_bot_over_seeded_matches():
    """40 matches, each bot at each seat in turn: the hard bot wins about 91% of them
    (91 of 100 on other seeds), so 28 holds on any seeds (4.6 standard deviations
    below), while a hard bot no better than the easy one would win about 20."""
    wins = 0
    for i in range(40):
        hard_seat = i % 2
        bots = {
            hard_seat: make_bot(hard_seat, "hard", i, iterations=20),
            1 - hard_seat: make_bot(1 - hard_seat, "easy", i),
        }
        match = DominoMatch(DominoConfig(seats=2, point_limit=50), i)
        while not match.is_over:
            seat = match.current_seat
            if seat is None:
                match.apply(None, NextManche())
                continue
            match.apply(seat, decide_now(bots[seat], match.observation(seat)))
        wins += hard_seat in match.outcome.winners
    assert wins >= 28, wins


def test_the_hard_bot_thinks_in_slices_then_answers_its_decision():
    match = DominoMatch(DominoConfig(seats=4), 2)
    match.apply(None, NextManche(), 7.0)
    seat = match.current_seat
    bot = make_bot(seat, "hard", 2, pace=0.5, iterations=10)
    thinking = bot.decide(match.observation(seat))
    assert isinstance(thinking, Search) and thinking.decision is None
    assert bot.decide(match.observation(seat)) is thinking  # the same search, not a new one
    steps = 1
    while not thinking.step():
        steps += 1
        assert thinking.decision is None
    assert steps > 1 and thinking.rounds == 10
    decision = bot.decide(match.observation(seat))
    assert decision == thinking.decision and decision.at == 7.5
    assert decision.action in match.legal_actions(seat)


@pytest.mark.parametrize("seed", range(6))
def test_the_hard_bot_decides_the_same_however_its_thinking_is_sliced(seed):
    """Slices of any size (one move of work, the table's, all at once) give the same
    search: the same deals, the same values, the same move."""
    config = DominoConfig(seats=4, teams=(0, 1, 0, 1)) if seed % 2 else DominoConfig(seats=3)
    match = DominoMatch(config, seed)
    match.apply(None, NextManche())
    rng = random.Random(seed)
    for _ in range(rng.randint(0, 12)):  # somewhere in the manche, on a seat with a choice
        seat = match.current_seat
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    seat = match.current_seat
    observation = match.observation(seat)
    budget = Budget(deals=40, work=6_000, depth=1, exact=10)
    searches = []
    for size in (1, 97, None):
        search = Search(observation, random.Random(seed), budget)
        if size is None:
            search.run()
        else:
            while not search.step(size):
                pass
        searches.append(search)
    assert len({(s.rounds, s.work, tuple(s.totals), s.best()) for s in searches}) == 1


def test_the_hard_bot_stops_at_its_budget_of_work():
    """The budget is a count of moves made: no new deal starts once it is spent."""
    match = DominoMatch(DominoConfig(seats=4, teams=(0, 1, 0, 1)), 4)
    match.apply(None, NextManche())
    observation = match.observation(match.current_seat)
    search = Search(
        observation, random.Random(4), Budget(deals=10_000, work=3_000, depth=1, exact=8)
    )
    search.run()
    assert 0 < search.rounds < 10_000
    assert search.work >= 3_000
    over = search.work - 3_000
    one_deal = search.work / search.rounds
    assert over <= 2 * one_deal  # at most the deal under way when the budget ran out


def test_the_expert_thinks_more_than_the_hard_bot_and_more_at_a_slower_table():
    """The expert's budget (more deals, more work, a longer search to the end) grows
    with the pace the table gives it to think while it speaks."""
    match = DominoMatch(DominoConfig(seats=4, teams=(0, 1, 0, 1)), 8)
    match.apply(None, NextManche())
    while len(match.legal_actions(match.current_seat)) < 3:  # a real choice
        seat = match.current_seat
        match.apply(seat, match.legal_actions(seat)[0])
    observation = match.observation(match.current_seat)
    hard, expert = level_budget("hard"), level_budget("expert")
    assert expert.at_pace(0.5).work < expert.at_pace(3.0).work
    assert hard.at_pace(3.0) == hard  # the hard bot's budget is the same at any pace
    searches = [Search(observation, random.Random(8), b) for b in (hard, expert.at_pace(1.5))]
    for search in searches:
        search.run()
    assert searches[1].work > 2 * searches[0].work
    assert searches[1].rounds > searches[0].rounds
    assert searches[1].best() in match.legal_actions(match.current_seat)
