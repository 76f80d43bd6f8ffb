"""Every rule of spec/domino.md, played on scripted deals."""

from __future__ import annotations

import pytest

from audiogame.games.domino import (
    DominoConfig,
    DominoMatch,
    End,
    NextManche,
    Phase,
    Play,
    Refusal,
)
from audiogame.games.domino.actions import DRAW, PASS
from audiogame.games.domino.events import (
    Blocked,
    Drew,
    Eliminated,
    MancheEnd,
    MancheEnded,
    MancheStarted,
    MatchEnd,
    MatchEnded,
    PassCause,
    Passed,
    StartReason,
    TileDrawn,
    TilePlayed,
    TimeRanOut,
    TurnBegan,
    WentOut,
)
from audiogame.games.domino.notation import fixed_deal


def table(hands: list[str], boneyard: str = "", seed: int = 0, **options) -> DominoMatch:
    config = DominoConfig(seats=len(hands), **options)
    match = DominoMatch(config, seed)
    assert match.apply(None, fixed_deal(config, hands, boneyard)).ok
    return match


def uid(match: DominoMatch, seat: int, text: str) -> int:
    x, y = sorted(int(n) for n in text.split("|"))
    return next(t.uid for t in match.observation(seat).hand if (t.a, t.b) == (x, y))


def play(match: DominoMatch, seat: int, text: str, end: End | None = None):
    return match.apply(seat, Play(uid(match, seat, text), end))


def of(events, kind):
    return [e for e in events if isinstance(e, kind)]


def test_the_seeds_example_chain():
    # 1|2 2|5 5|4: 4|6 goes right, 1|3 goes left and reads 3|1.
    m = table(["0|0 1|2 4|5 4|6 0|1", "2|5 1|3 0|4 0|5 0|6"], forbid_drawing=True)
    assert m.current_seat == 0  # the only double
    assert play(m, 0, "1|2").ok
    assert play(m, 1, "2|5").ok
    assert play(m, 0, "4|5").ok
    assert m.ends == (1, 4)
    result = play(m, 1, "1|3")  # fits the left end only: no end needed
    placed = of(result.events, TilePlayed)[0]
    assert (placed.end, placed.left, placed.right, placed.ends) == (End.LEFT, 3, 1, (3, 4))
    placed = of(play(m, 0, "4|6").events, TilePlayed)[0]
    assert (placed.end, placed.left, placed.right) == (End.RIGHT, 4, 6)
    chain = [(p.left, p.right) for p in m.observation(1).chain]
    assert chain == [(3, 1), (1, 2), (2, 5), (5, 4), (4, 6)]


def test_highest_double_starts_and_the_first_tile_need_not_be_a_double():
    m = table(["1|1 2|6", "5|5 0|6", "3|3 0|1"], forbid_drawing=True)
    started = of(m.observation(0).history, MancheStarted)[0]
    assert (started.starter, started.reason) == (1, StartReason.HIGHEST_DOUBLE)
    assert play(m, 1, "0|6").ok


def test_without_doubles_the_heaviest_tile_starts():
    m = table(["1|2 0|3", "4|6 0|1", "5|6 0|2"], forbid_drawing=True)
    started = of(m.observation(0).history, MancheStarted)[0]
    assert (started.starter, started.reason) == (2, StartReason.HEAVIEST_TILE)


def test_a_tile_fitting_both_ends_asks_which_end():
    m = table(["6|6 1|6 0|0", "2|6 1|2 0|5"], forbid_drawing=True)
    play(m, 0, "6|6")
    play(m, 1, "2|6", End.LEFT)  # ends 2, 6
    assert m.ends == (2, 6)
    m2 = table(["6|6 2|6 0|0", "1|6 1|2 0|5"], forbid_drawing=True)
    play(m2, 0, "6|6")
    play(m2, 1, "1|6")  # ends 6 and 1
    refused = play(m2, 0, "2|6")
    assert refused.refusal is None  # 2|6 fits only the 6
    m3 = table(["6|6 1|2 0|0", "1|6 2|6 0|5"], forbid_drawing=True)
    play(m3, 0, "6|6")
    play(m3, 1, "1|6", End.RIGHT)  # ends 6, 1
    play(m3, 0, "1|2")  # ends 6, 2
    assert play(m3, 1, "2|6").refusal is Refusal.CHOOSE_END
    assert play(m3, 1, "2|6", End.LEFT).ok
    assert m3.ends == (2, 2)


def test_a_tile_that_does_not_fit_is_refused():
    m = table(["6|6 0|0", "1|2 0|6"], forbid_drawing=True)
    play(m, 0, "6|6")
    assert play(m, 1, "1|2").refusal is Refusal.DOES_NOT_FIT
    assert play(m, 1, "0|6", End.LEFT).ok


def test_a_player_who_cannot_play_must_draw_and_may_play_the_drawn_tile():
    m = table(["6|6 1|1", "3|4 0|0"], boneyard="5|6 2|2")
    play(m, 0, "6|6")
    assert m.apply(1, PASS).refusal is Refusal.MUST_DRAW
    assert play(m, 1, "3|4").refusal is Refusal.DOES_NOT_FIT
    result = m.apply(1, DRAW)
    drawn = of(result.events, TileDrawn)
    assert [str(e.tile) for e in drawn] == ["5|6"] and drawn[0].fits
    assert drawn[0].audience.seats == frozenset({1})
    assert of(result.events, Drew)[0].count == 1 and m.current_seat == 1
    assert m.apply(1, PASS).refusal is Refusal.MUST_PLAY_DRAWN
    assert m.apply(1, DRAW).refusal is Refusal.MUST_PLAY_DRAWN
    assert play(m, 1, "5|6").ok


def test_a_drawn_tile_that_does_not_fit_ends_the_turn():
    m = table(["6|6 1|1", "3|4 0|0"], boneyard="0|1 2|2")
    play(m, 0, "6|6")
    result = m.apply(1, DRAW)
    assert of(result.events, Passed)[0].cause is PassCause.DRAWN_TILE_DOES_NOT_FIT
    assert of(result.events, TurnBegan)[0].seat == 0


def test_drawing_with_a_playable_tile_needs_the_option():
    m = table(["6|6 1|1", "1|6 0|0"], boneyard="0|1 2|2")
    play(m, 0, "6|6")
    assert m.apply(1, DRAW).refusal is Refusal.MAY_NOT_DRAW
    m = table(["6|6 1|1", "1|6 0|0"], boneyard="0|1 2|2", draw_with_playable=True)
    play(m, 0, "6|6")
    assert DRAW in m.legal_actions(1)
    result = m.apply(1, DRAW)  # 0|1 does not fit: the turn ends though 1|6 fits
    assert of(result.events, Passed)[0].cause is PassCause.DRAWN_TILE_DOES_NOT_FIT
    assert m.current_seat == 0


def test_after_a_fitting_draw_with_the_option_one_may_draw_again():
    m = table(["6|6 1|1", "3|4 0|0"], boneyard="2|6 0|1", draw_with_playable=True)
    play(m, 0, "6|6")
    m.apply(1, DRAW)
    assert m.current_seat == 1 and DRAW in m.legal_actions(1)
    assert m.apply(1, DRAW).ok and m.current_seat == 0


def test_draw_until_a_tile_fits_draws_several_with_one_action():
    m = table(["6|6 1|1", "3|4 0|0"], boneyard="0|1 1|3 2|6 2|2", draw_until_fits=True)
    play(m, 0, "6|6")
    result = m.apply(1, DRAW)
    assert [str(e.tile) for e in of(result.events, TileDrawn)] == ["0|1", "1|3", "2|6"]
    drew = of(result.events, Drew)[0]
    assert (drew.count, drew.hand_count) == (3, 5)
    assert m.current_seat == 1 and play(m, 1, "2|6").ok


def test_draw_until_a_tile_fits_stops_at_an_empty_boneyard():
    hands = ["6|6 " + " ".join(f"0|{n} 1|{n}" for n in range(1, 6)), "2|2 3|3 4|4 5|5"]
    m = table(hands, boneyard="", draw_until_fits=True)
    rest = 28 - 11 - 4
    play(m, 0, "6|6")  # seat 1 holds no 6; the boneyard holds the other 6s
    result = m.apply(1, DRAW)
    assert of(result.events, Drew)[0].count <= rest


def test_forbidden_drawing_makes_a_stuck_player_pass():
    m = table(["6|6 1|6", "3|4 0|0"], boneyard="2|6", forbid_drawing=True)
    result = play(m, 0, "6|6")
    passed = of(result.events, Passed)
    assert [(p.seat, p.cause) for p in passed] == [(1, PassCause.STUCK)]
    assert m.current_seat == 0


def test_explicit_passing_and_an_empty_boneyard():
    config = DominoConfig(seats=2, forbid_drawing=True)
    m = DominoMatch(config, 0, auto_pass=False)
    from audiogame.games.domino.notation import fixed_deal as deal

    m.apply(None, deal(config, ["6|6 1|6", "3|4 0|0"]))
    play(m, 0, "6|6")
    assert m.legal_actions(1) == (PASS,)
    assert m.apply(1, DRAW).refusal is Refusal.DRAWING_FORBIDDEN
    assert m.apply(1, PASS).ok
    assert m.apply(0, PASS).refusal is Refusal.MUST_PLAY


def test_the_boneyard_can_run_out():
    config = DominoConfig(seats=2)
    m = DominoMatch(config, 0, auto_pass=False)
    from audiogame.games.domino.notation import fixed_deal as deal

    everything = " ".join(f"{a}|{b}" for a in range(6) for b in range(a, 6))
    m.apply(None, deal(config, ["6|6 " + everything, "0|6 1|6 2|6 3|6 4|6 5|6"]))
    assert play(m, 0, "6|6").ok and play(m, 1, "0|6").ok
    assert m.observation(1).boneyard == 0
    assert m.apply(0, DRAW).refusal is Refusal.BONEYARD_EMPTY


def test_a_blocked_manche_charges_everyone_their_own_pips():
    m = table(["6|6 0|1", "1|2 3|4"], forbid_drawing=True)
    result = play(m, 0, "6|6")  # seat 1 passes, seat 0 passes: a full turn
    blocked = of(result.events, Blocked)[0]
    ended = of(result.events, MancheEnded)[0]
    assert blocked.pips == (1, 10)
    assert (ended.how, ended.points, ended.totals) == (MancheEnd.BLOCKED, (1, 10), (1, 10))
    assert m.phase is Phase.BETWEEN


def test_going_out_scores_nothing_and_the_others_add_their_pips():
    m = table(["6|6 1|6", "1|2 3|4", "0|2 5|5"], forbid_drawing=True)
    play(m, 0, "6|6")
    result = play(m, 0, "1|6")
    assert of(result.events, WentOut)[0].seat == 0
    ended = of(result.events, MancheEnded)[0]
    assert (ended.how, ended.closer, ended.points) == (MancheEnd.OUT, 0, (0, 10, 12))


TEAM_HANDS = ["6|6 1|6", "1|2 3|4", "0|2 5|5", "0|3 4|4"]


def test_team_scoring_charges_the_partners_malus_to_every_other_team():
    m = table(TEAM_HANDS, forbid_drawing=True, teams=(0, 1, 0, 1))
    play(m, 0, "6|6")
    ended = of(play(m, 0, "1|6").events, MancheEnded)[0]
    # team 1 holds 10 + 11, plus the 12 left with seat 0's partner
    assert (ended.by_team, ended.points, ended.totals) == (True, (0, 33), (0, 33))


def test_team_finish_mode_skips_players_out_and_has_no_malus():
    m = table(TEAM_HANDS, forbid_drawing=True, teams=(0, 1, 0, 1), team_finish=True)
    play(m, 0, "6|6")
    result = play(m, 0, "1|6")
    assert of(result.events, WentOut)[0].seat == 0 and m.current_seat == 1
    for seat, tile in [(1, "1|2"), (2, "0|2"), (3, "0|3")]:
        assert play(m, seat, tile).ok
    assert m.current_seat == 1  # seat 0 is skipped
    assert m.apply(0, Play(0)).refusal is Refusal.OUT_OF_MANCHE
    play(m, 1, "3|4")  # seat 2 cannot play 5|5 and passes
    result = play(m, 3, "4|4")
    ended = of(result.events, MancheEnded)[0]
    assert (ended.how, ended.closing_side, ended.points) == (MancheEnd.TEAM_OUT, 1, (10, 0))


def test_a_blocked_team_manche_charges_each_team_its_own_pips():
    m = table(["6|6 0|1", "1|2 3|4", "0|2 5|5", "0|3 4|4"], forbid_drawing=True, teams=(0, 1, 0, 1))
    ended = of(play(m, 0, "6|6").events, MancheEnded)[0]
    assert (ended.how, ended.points) == (MancheEnd.BLOCKED, (1 + 12, 10 + 11))


def test_reaching_the_point_limit_eliminates_and_the_last_one_in_wins():
    m = table(["6|6 1|6", "4|5 3|5 3|4 2|5", "0|1 0|2"], forbid_drawing=True, point_limit=25)
    play(m, 0, "6|6")
    result = play(m, 0, "1|6")
    assert [(e.side, e.total) for e in of(result.events, Eliminated)] == [(1, 31)]
    assert m.phase is Phase.BETWEEN and m.is_eliminated(1)
    assert m.apply(1, PASS).refusal is Refusal.ELIMINATED
    started = of(m.apply(None, NextManche()).events, MancheStarted)[0]
    assert started.players == (0, 2) and started.hand_sizes[1] == 0


def test_the_manche_limit_ends_the_match_and_the_lowest_score_wins():
    m = table(["6|6 0|1", "1|2 3|4"], forbid_drawing=True, manche_limit=1)
    end = of(play(m, 0, "6|6").events, MatchEnded)[0]
    assert (end.winners, end.shared, end.reason) == ((0,), False, MatchEnd.MANCHE_LIMIT)
    assert m.is_over and m.final == end
    assert (m.outcome.winners, m.outcome.ranks, m.outcome.scores) == ((0,), (1, 2), (1, 10))
    assert m.apply(None, NextManche()).refusal is Refusal.MATCH_OVER


def test_equal_lowest_scores_share_the_win():
    m = table(["6|6 0|5", "1|2 0|2"], forbid_drawing=True, manche_limit=1)
    end = of(play(m, 0, "6|6").events, MatchEnded)[0]
    assert (end.winners, end.shared) == ((0, 1), True)


def test_when_the_last_players_fall_together_the_lowest_score_wins():
    hands = ["6|6 5|5 4|4 3|3 2|3", "1|2 3|4 4|5 2|5 1|5 0|1"]
    m = table(hands, forbid_drawing=True, point_limit=25)
    end = of(play(m, 0, "6|6").events, MatchEnded)[0]
    assert end.totals == (29, 33)
    assert (end.winners, end.reason) == ((0,), MatchEnd.ALL_ELIMINATED)


def test_with_both_limits_reaching_the_point_limit_ends_the_match():
    """The seed: with a manche limit and a point limit the match ends as soon as
    either is reached. Marco reaches 31 of 25 in the first of 5 manches: nobody
    is eliminated, the match ends and the lowest score wins."""
    hands = ["6|6", "4|5 3|5 3|4 2|5", "0|1 0|2"]
    m = table(hands, forbid_drawing=True, point_limit=25, manche_limit=5)
    result = play(m, 0, "6|6")
    assert of(result.events, Eliminated) == []
    end = of(result.events, MatchEnded)[0]
    assert (end.winners, end.reason, end.totals) == ((0,), MatchEnd.POINT_LIMIT, (0, 31, 3))
    assert m.is_over and not any(m.is_eliminated(s) for s in range(3))
    assert m.outcome.ranks == (1, 3, 2)


def test_with_both_limits_the_manche_limit_may_come_first():
    m = table(["6|6 0|1", "1|2 3|4"], forbid_drawing=True, manche_limit=1, point_limit=25)
    end = of(play(m, 0, "6|6").events, MatchEnded)[0]
    assert (end.winners, end.reason, end.totals) == ((0,), MatchEnd.MANCHE_LIMIT, (1, 10))


def test_both_limits_reached_together_the_point_limit_is_the_reason():
    m = table(["6|6", "4|5 3|5 3|4 2|5"], forbid_drawing=True, manche_limit=1, point_limit=25)
    end = of(play(m, 0, "6|6").events, MatchEnded)[0]
    assert (end.winners, end.reason) == ((0,), MatchEnd.POINT_LIMIT)


def test_at_the_point_limit_equal_lowest_scores_share_the_win():
    # blocked after the double 6: 5, 5 and 31 pips; Luca's 31 ends the match
    hands = ["6|6 0|5", "1|2 0|2", "4|5 3|5 3|4 2|5"]
    m = table(hands, forbid_drawing=True, manche_limit=3, point_limit=25)
    end = of(play(m, 0, "6|6").events, MatchEnded)[0]
    assert (end.winners, end.shared, end.reason) == ((0, 1), True, MatchEnd.POINT_LIMIT)
    assert m.outcome.ranks == (1, 1, 3)


def test_with_the_point_limit_off_only_the_manche_limit_ends_the_match():
    m = table(["6|6", "4|5 3|5 3|4 2|5"], forbid_drawing=True, manche_limit=2, point_limit=0)
    play(m, 0, "6|6")
    assert m.phase is Phase.BETWEEN and m.totals == (0, 31) and not m.is_eliminated(1)
    assert m.apply(None, NextManche()).ok
    while not m.is_over:
        seat = m.current_seat
        m.apply(seat, m.legal_actions(seat)[0])
    assert m.final.reason is MatchEnd.MANCHE_LIMIT and m.manche == 2


def test_thinking_time_expiry_draws_one_tile_then_passes():
    m = table(["6|6 1|1", "3|4 0|0"], boneyard="5|6 2|6", draw_until_fits=True, thinking_time=10)
    assert m.thinking_time == 10 and m.next_deadline() == 10.0
    m.apply(0, Play(uid(m, 0, "6|6")), 4.0)
    assert m.turn_started == 4.0 and m.next_deadline() == 14.0
    assert m.advance(13.9) == [] and m.current_seat == 1
    events = m.advance(14.0)
    kinds = [type(e).__name__ for e in events]
    assert kinds == ["TimeRanOut", "TileDrawn", "Drew", "Passed", "TurnBegan"]
    assert of(events, Passed)[0].cause is PassCause.TIME_EXPIRED
    assert m.hand_count(1) == 3 and m.current_seat == 0
    assert m.turn_started == 14.0  # the next turn begins when this one ran out
    assert m.log[-1] == (14.0, 1, None)  # the time-out is in the log


def test_an_action_after_a_deadline_first_runs_the_time_out():
    m = table(["6|6 1|1", "3|6 0|0", "2|6 4|5"], forbid_drawing=True, thinking_time=10)
    play(m, 0, "6|6")
    late = m.apply(1, Play(uid(m, 1, "3|6")), 12.0)  # seat 1's time ran out at 10
    assert late.refusal is Refusal.NOT_YOUR_TURN
    assert [type(e) for e in late.events] == [TimeRanOut, Passed, TurnBegan]
    assert m.current_seat == 2 and m.turn_started == 10.0 and m.next_deadline() == 20.0
    on_time = m.apply(2, Play(uid(m, 2, "2|6")), 20.0)  # at the deadline itself: in time
    assert on_time.ok and not of(on_time.events, TimeRanOut)


def test_legal_actions_and_why_not_look_past_a_due_deadline_without_changing_anything():
    m = table(["6|6 1|1", "3|6 0|0", "2|6 4|5"], forbid_drawing=True, thinking_time=10)
    play(m, 0, "6|6")
    before = (m.omniscient_view(), m.to_dict())
    assert m.legal_actions(1, 12.0) == () and m.legal_actions(2, 12.0)
    assert m.why_not(1, Play(uid(m, 1, "3|6")), 12.0) is Refusal.NOT_YOUR_TURN
    assert m.why_not(1, Play(uid(m, 1, "3|6")), 5.0) is None
    assert (m.omniscient_view(), m.to_dict()) == before


def test_without_thinking_time_there_is_no_deadline():
    m = table(["6|6 1|1", "3|4 0|0"], boneyard="5|6")
    assert m.next_deadline() is None and m.advance(10_000.0) == []
    assert m.current_seat == 0


def test_thinking_time_expiry_without_a_boneyard_just_passes():
    m = table(["6|6 1|1", "3|6 0|0", "2|6 4|5"], forbid_drawing=True, thinking_time=10)
    play(m, 0, "6|6")
    events = m.advance(10.0)
    assert [type(e) for e in events] == [TimeRanOut, Passed, TurnBegan]
    assert m.current_seat == 2 and m.hand_count(1) == 2


def test_a_player_whose_time_keeps_running_out_cannot_hold_the_manche_open():
    # Seat 0 holds 1|6, which fits, but lets the time run out; the others are stuck.
    # A full turn of the table without a play blocks the manche.
    m = table(["6|6 1|6 1|1", "3|4 0|0"], forbid_drawing=True, thinking_time=10)
    play(m, 0, "6|6")  # seat 1 is stuck and passes by itself
    events = m.advance(10.0)
    assert [type(e) for e in events] == [TimeRanOut, Passed, Blocked, MancheEnded]
    assert of(events, MancheEnded)[0].how is MancheEnd.BLOCKED
    assert m.next_deadline() is None


def test_time_never_goes_back():
    m = table(["6|6 1|1", "3|4 0|0"], boneyard="5|6", thinking_time=10)
    m.apply(0, Play(uid(m, 0, "6|6")), 5.0)
    with pytest.raises(ValueError):
        m.apply(1, DRAW, 4.0)


def test_ordinary_refusals():
    m = table(["6|6 1|1", "3|4 0|0"], boneyard="5|6")
    assert m.apply(1, Play(uid(m, 1, "3|4"))).refusal is Refusal.NOT_YOUR_TURN
    assert m.apply(0, Play(uid(m, 1, "3|4"))).refusal is Refusal.NOT_IN_HAND
    assert m.apply(0, Play(999)).refusal is Refusal.NOT_IN_HAND
    assert m.apply(0, DRAW).refusal is Refusal.MUST_PLAY  # the first tile
    assert m.apply(7, DRAW).refusal is Refusal.NO_SUCH_SEAT
    assert m.apply(None, NextManche()).refusal is Refusal.MANCHE_IN_PROGRESS
    assert m.apply(None, DRAW).refusal is Refusal.NO_SUCH_SEAT  # the table does not play
    assert m.apply(0, "draw").refusal is Refusal.NOT_AN_ACTION
    fresh = DominoMatch(DominoConfig(seats=2), 0)
    assert fresh.apply(0, DRAW).refusal is Refusal.MANCHE_OVER
    assert fresh.apply(0, NextManche()).refusal is Refusal.TABLE_ONLY  # a player does not deal


def test_turn_began_names_the_next_seat():
    m = table(["6|6 1|6", "1|2 0|6", "0|2 5|6"], forbid_drawing=True)
    result = play(m, 0, "6|6")
    assert of(result.events, TurnBegan)[0].seat == 1


def test_an_end_may_be_given_as_its_stable_string():
    m = table(["6|6 1|6 0|0", "2|6 1|2 0|5"], forbid_drawing=True)
    play(m, 0, "6|6")
    assert play(m, 1, "2|6", "left").ok and m.ends == (2, 6)
    assert play(m, 0, "1|6", "up").refusal is Refusal.DOES_NOT_FIT
