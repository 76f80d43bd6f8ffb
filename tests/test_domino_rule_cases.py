"""Rule cases from the seed (seeds/000, the Salotto's domino page) that
tests/test_domino_rules.py did not state yet, each on the real engine through
its contract: ``apply``, ``legal_actions``, ``observation``, ``outcome``.

docs/rule-cases.md maps every rule of the seed and of spec/domino.md to the
test that states it; the cases here fill the gaps that map found.
"""

from __future__ import annotations

import pytest

from audiogame.games.domino import DominoConfig, DominoMatch, NextManche, Play
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
    TileDrawn,
    TilePlayed,
    TimeRanOut,
    TurnBegan,
)
from audiogame.games.domino.notation import fixed_deal
from audiogame.games.domino.tiles import SETS


def table(hands: list[str], boneyard: str = "", **options) -> DominoMatch:
    config = DominoConfig(seats=len(hands), **options)
    match = DominoMatch(config, 0)
    assert match.apply(None, fixed_deal(config, hands, boneyard)).ok
    return match


def play(match: DominoMatch, seat: int, text: str):
    x, y = sorted(int(n) for n in text.split("|"))
    tile = next(t for t in match.observation(seat).hand if (t.a, t.b) == (x, y))
    result = match.apply(seat, Play(tile.uid))
    assert result.ok, result.refusal
    return result.events


def of(events, kind):
    return [e for e in events if isinstance(e, kind)]


def started(events) -> MancheStarted:
    return of(events, MancheStarted)[0]


# -- dealing ----------------------------------------------------------------------------


@pytest.mark.parametrize("set_id", list(SETS))
def test_every_set_deals_each_player_count_its_hands_and_keeps_the_rest_as_boneyard(set_id):
    """Seed, "Distribuzione": 5 to 7 tiles each by players and set, the rest in the
    boneyard. [ruling] min(7, tiles // players): with the sets' player limits that is
    7 at every table this game allows (docs/rule-cases.md, ambiguity D1)."""
    size, most = SETS[set_id].size, SETS[set_id].max_players
    for seats in range(2, most + 1):
        match = DominoMatch(DominoConfig(set_id=set_id, seats=seats), seats)
        deal = started(match.apply(None, NextManche()).events)
        assert deal.hand_sizes == (7,) * seats
        assert deal.boneyard == size - 7 * seats == match.observation(None).boneyard


# Every tile of the double-6 set, seven each: seat 0 holds the highest double, seat 1 no 6.
FOUR_HANDS = [
    "6|6 0|0 0|1 0|2 0|3 0|4 0|5",
    "1|1 1|2 1|3 1|4 1|5 2|2 2|3",
    "0|6 1|6 2|6 3|6 4|6 5|6 2|4",
    "2|5 3|3 3|4 3|5 4|4 4|5 5|5",
]


def test_four_players_with_double_six_have_no_boneyard_and_a_stuck_player_passes():
    """Seed: at four with double-6 every tile is dealt and no boneyard is made; a
    player with nothing to attach and no boneyard simply passes (drawing is not
    forbidden here: there is nothing to draw)."""
    m = table(FOUR_HANDS)
    assert m.observation(None).boneyard == 0
    assert m.legal_actions(0) and DRAW not in m.legal_actions(0)
    events = play(m, 0, "6|6")
    assert [(p.seat, p.cause) for p in of(events, Passed)] == [(1, PassCause.STUCK)]
    assert of(events, TurnBegan)[-1].seat == 2
    assert m.legal_actions(1) == () and DRAW not in m.legal_actions(2)


# -- scoring ----------------------------------------------------------------------------


def test_the_double_zero_is_worth_zero_points():
    """Seed, "Calcolo dei punti": a tile is worth its two numbers, 0|0 included,
    which is worth 0. Blocked at once: 0 for the 0|0, 3 for 1|2."""
    m = table(["6|6 0|0", "1|2"], forbid_drawing=True)
    ended = of(play(m, 0, "6|6"), MancheEnded)[0]
    assert (ended.how, ended.pips, ended.points) == (MancheEnd.BLOCKED, (0, 3), (0, 3))


def test_a_blocked_manche_has_no_closer_and_each_keeps_their_own_pips():
    """Seed: blocked when a full turn of the table passes with nobody able to
    attach and no boneyard; then every player takes the pips left in hand. With
    four players all four must pass: three passes are not yet a block."""
    hands = ["6|6 0|1", "2|3", "1|4", "2|5"]
    m = table(hands, forbid_drawing=True)
    events = play(m, 0, "6|6")  # seats 1, 2, 3 pass; seat 0 passes too: four in a row
    assert [p.seat for p in of(events, Passed)] == [1, 2, 3, 0]
    ended = of(events, MancheEnded)[0]
    assert (ended.how, ended.closer, ended.closing_side) == (MancheEnd.BLOCKED, None, None)
    assert ended.points == (1, 5, 5, 7) and of(events, Blocked)[0].ends == (6, 6)
    # Passes in a row do not block while a seat can still attach.
    m = table(["6|6 0|1", "2|3", "1|4", "2|6"], forbid_drawing=True)
    events = play(m, 0, "6|6")
    assert [p.seat for p in of(events, Passed)] == [1, 2]
    assert of(events, MancheEnded) == [] and of(events, TurnBegan)[-1].seat == 3


def test_with_three_teams_the_partners_malus_goes_to_every_other_team():
    """Seed, "Gioco a squadre": the tiles left with the partners of the player who
    closed count as a malus for *all* the other teams. Six players in three teams
    of two (double-9): seat 0 closes, its partner seat 3 keeps 4|4 (8 points)."""
    hands = ["9|9 1|9", "1|2", "0|3", "4|4", "2|3", "0|6"]
    m = table(hands, set_id="double-9", teams=(0, 1, 2, 0, 1, 2), forbid_drawing=True)
    play(m, 0, "9|9")  # everybody else passes: five passes, no block among six
    ended = of(play(m, 0, "1|9"), MancheEnded)[0]
    # team 1: 3 + 5 + 8; team 2: 3 + 6 + 8
    assert (ended.how, ended.closing_side, ended.points) == (MancheEnd.OUT, 0, (0, 16, 17))


def test_team_finish_mode_blocked_after_one_partner_went_out_charges_no_malus():
    """Seed, "Modalità di conclusione per squadra" and "Calcolo dei punti": the malus
    is for play without team finish. Seat 0 goes out at once; in team finish mode
    its partner stays in, the others cannot attach, the manche blocks and each team
    takes its own pips (5 and 10). Without the mode seat 0 closes the manche and
    team 1 takes its 10 plus the partner's 5."""
    hands = ["6|6", "0|1", "2|3", "4|5"]
    teams = (0, 1, 0, 1)
    m = table(hands, teams=teams, team_finish=True, forbid_drawing=True)
    ended = of(play(m, 0, "6|6"), MancheEnded)[0]
    assert (ended.how, ended.closer, ended.points) == (MancheEnd.BLOCKED, None, (5, 10))
    m = table(hands, teams=teams, forbid_drawing=True)
    ended = of(play(m, 0, "6|6"), MancheEnded)[0]
    assert (ended.how, ended.closer, ended.points) == (MancheEnd.OUT, 0, (0, 15))


# -- the point limit and elimination --------------------------------------------------------

# The double-5 tiles hold 105 pips: without 0|5 they are exactly 100.
HUNDRED = " ".join(f"{a}|{b}" for a in range(6) for b in range(a, 6) if (a, b) != (0, 5))


def test_exactly_the_proposed_hundred_points_eliminates():
    """Seed: whoever reaches the point limit is eliminated; the limit is proposed at
    100. Seat 1 is left with exactly 100 pips in a blocked manche: out, and seat 0,
    the last one in, wins."""
    m = table(["6|6 0|5", HUNDRED], forbid_drawing=True)
    assert m.config.point_limit == 100
    events = play(m, 0, "6|6")  # seat 1 holds no 6, seat 0 only 0|5: blocked
    assert [(e.side, e.total) for e in of(events, Eliminated)] == [(1, 100)]
    end = of(events, MatchEnded)[0]
    assert (end.winners, end.reason, end.totals) == ((0,), MatchEnd.LAST_STANDING, (5, 100))
    assert m.outcome is not None and (m.outcome.winners, m.outcome.ranks) == ((0,), (1, 2))


def test_after_an_elimination_the_next_manche_deals_the_others_by_the_same_rule():
    """Spec: each new manche is dealt for the players still in, by the same rule. At
    four, double-6 deals all 28 tiles; once seat 1 is out (31 of 25), the three
    left get 7 each and 7 tiles make a boneyard; seat 1 is never on turn again."""
    m = table(["6|6 0|1", "4|5 3|5 3|4 2|5", "1|2", "0|2"], forbid_drawing=True, point_limit=25)
    events = play(m, 0, "6|6")  # nobody else holds a 6: blocked
    assert [(e.side, e.total) for e in of(events, Eliminated)] == [(1, 31)]
    assert m.observation(1).eliminated == (False, True, False, False)
    deal = started(m.apply(None, NextManche()).events)
    assert deal.players == (0, 2, 3) and deal.hand_sizes == (7, 0, 7, 7) and deal.boneyard == 7
    assert m.observation(1).hand == () and m.legal_actions(1) == ()


def test_a_team_reaching_the_limit_is_eliminated_whole_and_the_other_team_wins():
    """Seed: scores are kept per team; a team that reaches the limit is out with both
    partners. Team 1 (seats 1 and 3) is left with 13 + 12 = 25 of 25."""
    hands = ["6|6 0|0", "4|4 0|5", "0|1 0|2", "5|5 1|1"]
    m = table(hands, teams=(0, 1, 0, 1), forbid_drawing=True, point_limit=25)
    events = play(m, 0, "6|6")
    assert [(e.side, e.seats, e.total) for e in of(events, Eliminated)] == [(1, (1, 3), 25)]
    end = of(events, MatchEnded)[0]
    assert (end.winners, end.winning_sides, end.reason) == ((0, 2), (0,), MatchEnd.LAST_STANDING)
    assert m.outcome is not None and m.outcome.ranks == (1, 2, 1, 2)


# -- who starts, and team sizes ----------------------------------------------------------------


def test_equal_weights_without_doubles_go_to_the_higher_number_and_twins_to_the_first_seat():
    """Spec [ruling]: without doubles the heaviest tile starts. The spec does not say
    how equal weights part (docs/rule-cases.md, ambiguity D2): the higher number
    starts (2|6 before 3|5, both 8), and of two twin tiles of a multiplied set the
    one in the lower seat."""
    m = table(["0|1 3|5", "0|2 2|6"], forbid_drawing=True)
    begun = of(m.observation(None).history, MancheStarted)[0]
    assert begun.starter == 1 and m.legal_actions(1) and m.legal_actions(0) == ()
    m = table(["0|1 6|6", "0|2 6|6"], set_id="2x-double-6", forbid_drawing=True)
    assert of(m.observation(None).history, MancheStarted)[0].starter == 0


@pytest.mark.parametrize(
    ("teams", "size"), [(t, s) for t in range(2, 7) for s in range(2, 7) if t * s <= 12]
)
def test_teams_of_two_to_six_players_in_two_to_six_teams_up_to_twelve(teams, size):
    """Seed: individually or up to 12 players in teams of 2, 3, 4, 5 or 6 forming 2 to 6
    teams; [ruling] partners sit alternately. Each layout is dealt by the engine."""
    seats = teams * size
    set_id = next(s for s, spec in SETS.items() if spec.max_players >= seats)
    layout = tuple(seat % teams for seat in range(seats))
    m = DominoMatch(DominoConfig(set_id=set_id, seats=seats, teams=layout), 1)
    deal = started(m.apply(None, NextManche()).events)
    assert deal.players == tuple(range(seats))
    assert m.observation(0).sides == layout and len(m.observation(0).totals) == teams


# -- a referee: the seed's turn rules, written out apart from the engine -------------------


def seed_choices(config: DominoConfig, hand, ends, boneyard: int) -> tuple[set[int], bool, bool]:
    """What the seed lets the seat on turn do: the tiles it may attach, whether it may
    draw, whether it can only pass. The first tile may be any; later a tile needs a
    number equal to an open end. Drawing needs a chain, a boneyard, the option not
    forbidding it and no tile to attach (unless drawing with one is allowed)."""
    if ends is None:
        playable = {t.uid for t in hand}
    else:
        playable = {t.uid for t in hand if t.a in ends or t.b in ends}
    may_draw = (
        not config.forbid_drawing
        and ends is not None
        and boneyard > 0
        and (config.draw_with_playable or not playable)
    )
    return playable, may_draw, not playable and not may_draw


def seats_after(seat: int, playing: tuple[bool, ...]):
    """The seats still playing, in turn order after ``seat``, round and round."""
    n = len(playing)
    while True:
        for step in range(1, n + 1):
            if playing[(seat + step) % n]:
                yield (seat + step) % n


def referee_config(rng, timed: bool) -> DominoConfig:
    set_id = rng.choice(["double-6", "double-9", "2x-double-6"])
    seats = rng.randint(2, SETS[set_id].max_players)
    teams = None
    if seats % 2 == 0 and seats >= 4 and rng.random() < 0.5:
        teams = tuple(s % 2 for s in range(seats))
    return DominoConfig(
        set_id=set_id,
        seats=seats,
        teams=teams,
        forbid_drawing=rng.random() < 0.2,
        draw_with_playable=rng.random() < 0.3,
        draw_until_fits=rng.random() < 0.3,
        team_finish=teams is not None and rng.random() < 0.5,
        thinking_time=10 if timed else 0,
        manche_limit=3,
        point_limit=rng.choice((0, 50, 100)),
    )


class TurnReferee:
    """Counts the turns passed in a row and checks what each batch of events says."""

    def __init__(self, match: DominoMatch) -> None:
        self.match = match
        self.stuck = 0  # turns passed in a row without a play or a draw
        self.absent = False  # one of those was a time-out (maybe holding a fitting tile)

    def time_out(self, seat: int, events) -> None:
        """Seed, "Tempo di riflessione": one tile drawn when there is one to draw
        (even with draw-until-fits), and the turn passes at once."""
        before = self.before
        assert isinstance(events[0], TimeRanOut) and events[0].seat == seat
        # a tile is drawn whenever drawing is allowed and the boneyard holds one, before
        # the first tile too (docs/rule-cases.md, D6)
        drawable = not self.match.config.forbid_drawing and before.boneyard > 0
        drew = of(events, Drew)
        assert [(d.seat, d.count) for d in drew] == ([(seat, 1)] if drawable else [])
        passed = of(events, Passed)[0]
        assert (passed.seat, passed.cause) == (seat, PassCause.TIME_EXPIRED)
        if not drawable:
            self.stuck += 1
            self.absent = True

    def batch(self, seat: int, events) -> None:
        match = self.match
        after = match.observation(None)
        if of(events, TilePlayed) or of(events, Drew):
            self.stuck, self.absent = 0, False
        ended = of(events, MancheEnded)
        for passed in of(events, Passed):
            if passed.cause is PassCause.STUCK:
                self.stuck += 1
                # nobody passes for being stuck while holding a tile that fits
                hand = ended[0].hands[passed.seat] if ended else None
                if hand is None:
                    hand = match.observation(passed.seat).hand
                assert not any(t.a in passed.ends or t.b in passed.ends for t in hand)
        # the turn goes to the next player still in the manche, passing the stuck ones
        began = of(events, TurnBegan)
        if began:
            others = [p.seat for p in of(events, Passed) if p.seat != seat]
            order = seats_after(seat, after.playing)
            assert [next(order) for _ in range(len(others) + 1)] == [*others, began[-1].seat]
        for block in of(events, Blocked):
            # blocked: nothing left to draw, a full turn passed, and nobody could attach
            # (but a time-out passes even with a tile that fits: spec [ruling])
            assert match.config.forbid_drawing or after.boneyard == 0
            hands = ended[0].hands
            assert self.stuck == sum(1 for s in ended[0].dealt if hands[s])
            # before the first tile any tile fits: only time-outs block an empty chain
            ends = block.ends
            fitting = any(ends is None or t.a in ends or t.b in ends for h in hands for t in h)
            assert not fitting or self.absent
        if ended:
            self.stuck, self.absent = 0, False


def referee_match(seed: int, timed: bool = False) -> DominoMatch:
    import random

    rng = random.Random(seed)
    config = referee_config(rng, timed)
    match = DominoMatch(config, seed, auto_pass=rng.random() < 0.5)
    referee = TurnReferee(match)
    for _ in range(3000):
        if match.is_over:
            return match
        seat = match.observation(None).current_seat
        now = match.now + 0.01  # well inside any thinking time
        if seat is None:
            match.apply(None, NextManche(), now)
            continue
        mine = match.observation(seat)
        referee.before = mine
        deadline = match.next_deadline()
        if deadline is not None and rng.random() < 0.1:
            events = match.advance(deadline)  # the player lets the time run out
            referee.time_out(seat, events)
            referee.batch(seat, events)
            continue
        playable, may_draw, only_pass = seed_choices(config, mine.hand, mine.ends, mine.boneyard)
        legal = match.legal_actions(seat, now)
        assert {a.uid for a in legal if isinstance(a, Play)} == playable
        assert (DRAW in legal) == may_draw
        assert (legal == (PASS,)) == only_pass
        result = match.apply(seat, rng.choice(legal), now)
        assert result.ok
        referee.batch(seat, result.events)
    raise AssertionError("the match did not end")


def test_a_referee_written_from_the_seed_agrees_with_every_turn_of_random_matches():
    """Seed, "Svolgimento" and "Opzioni", as an independent referee over 150 random
    matches (every option but thinking time, teams and team finish, explicit or
    automatic passing): at every turn the engine's legal actions are the seed's,
    no player passes holding a tile that fits, the turn goes round in order over
    the players still in, and a manche blocks only with nothing to draw, nothing to
    attach and a full turn of passes."""
    manches = 0
    for seed in range(150):
        manches += referee_match(seed).manche
    assert manches >= 150


def test_the_referee_agrees_when_players_let_their_thinking_time_run_out():
    """Seed, "Tempo di riflessione", in the same referee over 100 random matches with
    10 s to think where one turn in ten runs out: exactly one tile is drawn when
    there is one to draw (even with draw-until-fits, and on the empty chain: D6)
    and the turn passes at once; a time-out that draws nothing counts as a turn
    without a play, so absent players cannot hold a manche open (spec [ruling])."""
    manches = 0
    for seed in range(100):
        manches += referee_match(seed, timed=True).manche
    assert manches >= 100


def test_an_opener_whose_time_runs_out_draws_a_tile_and_the_next_player_opens():
    """Seed, "Tempo di riflessione": when the time runs out a tile is drawn and the turn
    passes at once; on the empty chain too (D6). Seat 0 holds the highest double
    but lets its time run out: it draws one tile (23 left), and seat 1 opens with
    any tile of its hand."""
    m = table(["6|6 1|1", "3|4 0|0"], thinking_time=10)
    events = m.advance(10.0)
    assert [type(e) for e in events] == [TimeRanOut, TileDrawn, Drew, Passed, TurnBegan]
    assert (of(events, Drew)[0].count, m.observation(0).boneyard) == (1, 23)
    assert len(m.observation(0).hand) == 3 and m.observation(1).ends is None
    assert {a.uid for a in m.legal_actions(1, 10.5)} == {t.uid for t in m.observation(1).hand}
    assert of(play(m, 1, "3|4"), TilePlayed)[0].opens


def test_absent_players_block_a_manche_only_once_the_boneyard_is_empty():
    """Seed: blocked means nobody can attach *and* the boneyard is empty; spec [ruling]:
    a time-out that draws nothing counts as a turn without a play. Two players who
    never move: their time-outs draw the 24 tiles of the boneyard one by one, then
    one more turn each passes with nothing to draw, and the manche blocks."""
    m = table(["6|6 1|1", "3|4 0|0"], thinking_time=10)
    events: list = []
    while not of(events, MancheEnded):
        deadline = m.next_deadline()
        assert deadline is not None
        events += m.advance(deadline)
    assert len(of(events, Drew)) == 24 and m.observation(None).boneyard == 0
    last_draw = max(i for i, e in enumerate(events) if isinstance(e, Drew))
    after = [(type(e).__name__, getattr(e, "seat", None)) for e in events[last_draw + 1 :]]
    assert after[:6] == [
        ("Passed", 1),
        ("TurnBegan", 0),
        ("TimeRanOut", 0),
        ("Passed", 0),
        ("TurnBegan", 1),
        ("TimeRanOut", 1),
    ]
    assert of(events, Blocked)[0].ends is None
