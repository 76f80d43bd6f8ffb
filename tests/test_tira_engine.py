"""Every rule and ruling of the Tira & Passa spec, on scripted games.

Scripted games fix the coaster pile and the faces rolled (big die first, then
each throw's dice in throw order); everything else is the real engine. Times
are game-clock seconds: the race starts at 4.5 (2.5 s to the start signal,
2.0 s more to "via!"); a normal-speed throw lasts 1.1 s.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import replace
from typing import TypeVar

import pytest

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
    GameStarted,
    Landed,
    Phase,
    RaceStarted,
    Refusal,
    RoundEnded,
    RoundStarted,
    Send,
    Speed,
    StartSignal,
    StopCalled,
    Symbol,
    Throw,
    Thrown,
    TiraConfig,
    TiraGame,
    Variant,
)
from audiogame.games.tirapassa.coasters import COASTERS_BY_NUMBER

CLOVER, PIG, CAT, PENNY, HORSESHOE, HAMSA = (
    Symbol.CLOVER,
    Symbol.PIG,
    Symbol.CAT,
    Symbol.PENNY,
    Symbol.HORSESHOE,
    Symbol.HAMSA,
)
E = TypeVar("E")
RACE = 4.5
THROW = 1.1


def scripted(
    faces: list[Symbol],
    players: int = 3,
    coasters: tuple[int, ...] = (1, 3, 5),
    controls: tuple[Control, ...] | None = None,
    speed: Speed = Speed.NORMAL,
) -> TiraGame:
    """Seat i gets coaster number coasters[i] (#1 clover|cat, #3 pig|cat, #5 cat|horseshoe)."""
    first = [COASTERS_BY_NUMBER[n] for n in coasters]
    pile = first + [c for c in EDITION_COASTERS if c not in first]
    config = TiraConfig(players=players, controls=controls, speed=speed)
    game = TiraGame(config, seed=0, pile=pile, faces=faces)
    game.advance(RACE)
    assert game.phase is Phase.RACING
    return game


def of(kind: type[E], events: Iterable[object]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


def snapshot(game: TiraGame) -> list:
    return [replace(game.observation(s), time=0.0) for s in range(game.config.players)]


# ------------------------------------------------------------------ setup


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_three_dice_and_one_coaster_each(players: int) -> None:
    game = TiraGame(TiraConfig(players=players), seed=players)
    events = game.advance(0.0)
    started = of(GameStarted, events)[0]
    assert started.players == players
    assert started.pile_size == 18 - players
    assert len(set(started.coasters)) == players
    for seat in range(players):
        obs = game.observation(seat)
        assert obs.hand == (None, None, None)
        assert obs.coaster == started.coasters[seat]
        assert obs.dice_counts == (3,) * players


@pytest.mark.parametrize("players", [0, 1, 7])
def test_two_to_six_players_only(players: int) -> None:
    with pytest.raises(ValueError):
        TiraGame(TiraConfig(players=players), seed=1)


def test_round_flow_big_die_signal_then_race() -> None:
    game = TiraGame(TiraConfig(players=3), seed=0, faces=[PENNY])
    assert game.next_deadline() == 0.0
    first = game.advance(0.0)
    assert [type(e) for e in first] == [GameStarted, RoundStarted]
    assert first[1].supreme is PENNY and first[1].race_at == RACE
    assert game.apply(0, Throw(), 1.0).refusal is Refusal.NOT_STARTED
    assert game.next_deadline() == 2.5
    signal = game.advance(2.5)
    assert signal == [StartSignal(time=2.5, race_at=RACE)]
    assert game.apply(0, Throw(), 3.0).refusal is Refusal.NOT_STARTED
    assert game.advance(RACE) == [RaceStarted(time=RACE)]
    assert game.apply(0, Throw(), RACE).ok


@pytest.mark.parametrize(("speed", "seconds"), [("slow", 1.6), ("normal", 1.1), ("fast", 0.7)])
def test_a_throw_lasts_the_game_speed(speed: str, seconds: float) -> None:
    game = scripted([HAMSA, PIG, PIG, PENNY], speed=Speed(speed))
    thrown = of(Thrown, game.apply(1, Throw(), 5.0).events)[0]
    assert thrown.lands_at == 5.0 + seconds
    assert game.next_deadline() == 5.0 + seconds
    assert game.advance(5.0 + seconds - 0.01) == []
    landed = of(Landed, game.advance(5.0 + seconds))
    assert landed[0].faces == (PIG, PIG, PENNY) and landed[0].time == 5.0 + seconds


def test_throw_while_dice_in_the_air_is_refused_and_changes_nothing() -> None:
    game = scripted([HAMSA, PENNY, PENNY, PENNY])
    game.apply(0, Throw(), 5.0)
    before = snapshot(game)
    result = game.apply(0, Throw(), 5.5)
    assert result.refusal is Refusal.DICE_IN_THE_AIR and result.events == ()
    assert snapshot(game) == before
    assert game.observation(0).in_the_air == 3 and game.observation(0).hand == ()


def test_time_never_goes_back() -> None:
    game = scripted([HAMSA])
    with pytest.raises(ValueError):
        game.apply(0, Throw(), 1.0)


def test_no_such_seat() -> None:
    game = scripted([HAMSA])
    assert game.apply(3, Throw(), 5.0).refusal is Refusal.NO_SUCH_SEAT


# ---------------------------------------------------------- getting rid of dice


def test_supreme_goes_to_the_tray_even_when_on_my_coaster() -> None:
    # Seat 0's coaster #1 shows cat on the right; cat is supreme: the tray wins.
    game = scripted([CAT, CAT, CLOVER, PENNY])
    game.apply(0, Throw(), 5.0)
    events = game.advance(5.0 + THROW)
    tray = of(DieToTray, events)
    assert [(e.seat, e.symbol, e.tray) for e in tray] == [(0, CAT, 1)]
    passed = of(DiePassed, events)
    assert [(e.from_seat, e.to_seat, e.symbol) for e in passed] == [(0, 1, CLOVER)]
    assert game.observation(0).hand == (PENNY,)
    assert game.observation(0).tray == 1


def test_left_symbol_goes_to_the_next_seat_right_symbol_to_the_previous() -> None:
    game = scripted([HAMSA, CLOVER, CAT, PENNY])
    game.apply(0, Throw(), 5.0)
    passed = of(DiePassed, game.advance(5.0 + THROW))
    assert [(e.to_seat, e.side, e.arrives_from) for e in passed] == [
        (1, Destination.LEFT, Destination.RIGHT),
        (2, Destination.RIGHT, Destination.LEFT),
    ]
    assert passed[0].receiver_waiting == 1 and passed[0].receiver_total == 4
    assert passed[1].sender_left == 1
    assert game.observation(0).waiting_counts == (0, 1, 1)


def test_tray_dice_are_placed_before_passes() -> None:
    game = scripted([HAMSA, CLOVER, HAMSA, PENNY])
    game.apply(0, Throw(), 5.0)
    moves = [e for e in game.advance(5.0 + THROW) if isinstance(e, DieToTray | DiePassed)]
    assert [type(e) for e in moves] == [DieToTray, DiePassed]


def test_with_two_players_both_sides_go_to_the_other() -> None:
    game = scripted([HAMSA, CLOVER, CAT, PIG], players=2, coasters=(1, 3))
    game.apply(0, Throw(), 5.0)
    passed = of(DiePassed, game.advance(5.0 + THROW))
    assert [(e.to_seat, e.side) for e in passed] == [(1, Destination.LEFT), (1, Destination.RIGHT)]
    assert game.observation(1).waiting == 2


def test_incoming_dice_wait_on_the_coaster_and_join_the_next_throw() -> None:
    # Seat 0 passes a clover to seat 1 while seat 1's dice are rolling.
    game = scripted([HAMSA, CLOVER, PENNY, PENNY, HAMSA, HAMSA, HAMSA, PIG])
    game.apply(0, Throw(), 5.0)
    game.apply(1, Throw(), 5.5)
    game.advance(5.0 + THROW)
    assert game.observation(1).waiting == 1 and game.observation(1).in_the_air == 3
    events = game.advance(5.5 + THROW)
    assert len(of(DieToTray, events)) == 3
    # Hand empty but a die waits on the coaster: no Stop.
    assert of(StopCalled, events) == [] and game.phase is Phase.RACING
    thrown = of(Thrown, game.apply(1, Throw(), 7.0).events)[0]
    assert (thrown.dice, thrown.joined) == (1, 1)
    assert game.observation(1).waiting == 0


# ----------------------------------------------------------------------- stop


def test_stop_when_hand_and_coaster_are_empty() -> None:
    game = scripted([HAMSA, HAMSA, HAMSA, HAMSA])
    game.apply(0, Throw(), 5.0)
    events = game.advance(5.0 + THROW)
    stops = of(StopCalled, events)
    assert [(e.seat, e.together) for e in stops] == [(0, (0,))]
    calm = of(CalmStarted, events)[0]
    assert calm.stoppers == (0,) and calm.rolling == (1, 2)
    assert game.phase is Phase.CALM


def test_a_die_arriving_at_the_same_instant_comes_before_stop() -> None:
    # Seat 1 empties its hand at the very instant seat 0's clover lands on its coaster.
    game = scripted([HAMSA, HAMSA, HAMSA, HAMSA, CLOVER, PENNY, PENNY])
    game.apply(1, Throw(), 5.0)
    game.apply(0, Throw(), 5.0)
    events = game.advance(5.0 + THROW)
    assert of(StopCalled, events) == []
    assert game.observation(1).waiting == 1 and game.phase is Phase.RACING


def test_two_players_emptying_at_the_same_instant_both_stop_and_win() -> None:
    faces = [HAMSA] + [HAMSA] * 6 + [PIG, CAT, PENNY] * 3
    game = scripted(faces)
    game.apply(0, Throw(), 5.0)
    game.apply(1, Throw(), 5.0)
    events = game.advance(5.0 + THROW)
    assert [(e.seat, e.together) for e in of(StopCalled, events)] == [(0, (0, 1)), (1, (0, 1))]
    assert of(CalmStarted, events)[0].rolling == (2,)
    for t in (7.0, 9.0, 11.0):
        game.apply(2, Throw(), t)
        events = game.advance(t + THROW)
    assert of(CalmFinished, events)[0].dice_left == 3
    ended = of(RoundEnded, events)[0]
    assert ended.winners == (0, 1) and ended.won_counts == (1, 1, 0)
    won = of(CoasterWon, events)
    assert [(e.seat, e.coaster.number) for e in won] == [(0, 1), (1, 3)]
    drawn = of(CoasterDrawn, events)
    pile_order = [c for c in EDITION_COASTERS if c.number not in (1, 3, 5)]
    assert [(e.seat, e.coaster) for e in drawn] == [(0, pile_order[0]), (1, pile_order[1])]
    assert drawn[-1].pile_size == 13
    # The loser keeps their coaster; winners' new ones are in front of them.
    assert game.observation(0).coasters == (pile_order[0], pile_order[1], COASTERS_BY_NUMBER[5])
    assert game.observation(0).won == ((COASTERS_BY_NUMBER[1],), (COASTERS_BY_NUMBER[3],), ())


def test_dice_in_flight_at_stop_land_frozen_then_calm_rolls_start() -> None:
    # Seat 2 throws a cat (its left symbol) and a hamsa (supreme) just before seat 0 stops.
    game = scripted([HAMSA, HAMSA, HAMSA, HAMSA, CAT, HAMSA, PIG])
    game.apply(0, Throw(), 5.0)
    game.apply(2, Throw(), 5.2)
    events = game.advance(5.0 + THROW)
    assert len(of(StopCalled, events)) == 1 and of(CalmStarted, events) == []
    assert game.phase is Phase.FREEZING
    assert game.apply(1, Throw(), 6.15).refusal is Refusal.NOT_IN_RACE
    events = game.advance(5.2 + THROW)
    landed = of(Landed, events)[0]
    assert landed.frozen and landed.faces == (CAT, HAMSA, PIG)
    assert of(DieToTray, events) == [] and of(DiePassed, events) == []
    assert game.observation(2).hand == (CAT, HAMSA, PIG)
    calm = of(CalmStarted, events)[0]
    assert calm.time == 5.2 + THROW and calm.rolling == (1, 2)


# ----------------------------------------------------------------- calm rolls


def stopped_by_seat_0(extra: list[Symbol]) -> TiraGame:
    game = scripted([HAMSA, HAMSA, HAMSA, HAMSA, *extra])
    game.apply(0, Throw(), 5.0)
    game.advance(5.0 + THROW)
    assert game.phase is Phase.CALM
    return game


def test_in_calm_rolls_only_the_supreme_symbol_counts() -> None:
    # Seat 1's coaster is pig|cat: in a calm roll those stay, only hamsa goes.
    game = stopped_by_seat_0([PIG, CAT, HAMSA])
    thrown = of(Thrown, game.apply(1, Throw(), 7.0).events)[0]
    assert thrown.calm_roll == 1
    events = game.advance(7.0 + THROW)
    assert of(DiePassed, events) == []
    assert [e.symbol for e in of(DieToTray, events)] == [HAMSA]
    obs = game.observation(1)
    assert obs.hand == (PIG, CAT) and obs.calm_rolls_left == 2
    assert obs.sendable() == ()
    assert game.apply(1, Send(0), 8.5).refusal is Refusal.NOT_IN_RACE


def test_three_calm_rolls_then_no_more() -> None:
    game = stopped_by_seat_0([PIG] * 30)
    for roll, t in enumerate((7.0, 9.0, 11.0), start=1):
        thrown = of(Thrown, game.apply(1, Throw(), t).events)[0]
        assert thrown.calm_roll == roll
        events = game.advance(t + THROW)
    assert of(CalmFinished, events) == [CalmFinished(time=11.0 + THROW, seat=1, dice_left=3)]
    assert game.apply(1, Throw(), 13.0).refusal is Refusal.NO_CALM_ROLLS_LEFT
    assert game.apply(0, Throw(), 13.0).refusal is Refusal.NO_DICE


def test_emptying_in_the_calm_rolls_wins_the_coaster() -> None:
    game = stopped_by_seat_0([HAMSA, HAMSA, HAMSA] + [PIG] * 12)
    game.apply(1, Throw(), 7.0)
    game.apply(2, Throw(), 7.0)
    events = game.advance(7.0 + THROW)
    assert of(CalmEmptied, events) == [CalmEmptied(time=7.0 + THROW, seat=1, roll=1)]
    for t in (9.0, 11.0):
        game.apply(2, Throw(), t)
        events = game.advance(t + THROW)
    assert of(RoundEnded, events)[0].winners == (0, 1)


def test_a_calm_roll_not_made_is_made_automatically() -> None:
    game = stopped_by_seat_0([PIG] * 18)
    start = 5.0 + THROW
    assert game.next_deadline() == start + 3.0
    events = game.advance(start + 3.0)
    auto = of(Thrown, events)
    assert [(e.seat, e.calm_roll, e.auto) for e in auto] == [(1, 1, True), (2, 1, True)]
    events = game.advance(100.0)
    assert len(of(Thrown, events)) == 4
    ended = of(RoundEnded, events)[0]
    assert ended.winners == (0,) and ended.dice_left == (0, 3, 3)


def test_next_round_rolls_the_big_die_again_and_deals_three_dice() -> None:
    game = stopped_by_seat_0([PIG] * 18 + [PENNY])
    events = game.advance(100.0)
    end = of(RoundEnded, events)[0]
    started = of(RoundStarted, events)[-1]
    assert started.round == 2 and started.time == end.time + 5.0
    assert started.supreme is PENNY and started.won_counts == (1, 0, 0)
    obs = game.observation(1)
    assert obs.dice_counts == (3, 3, 3) and obs.tray == 0 and obs.hand == (None,) * 3


# ----------------------------------------------------------------- manual mode

MANUAL = (Control.MANUAL,) * 3


def manual_landed(faces: list[Symbol], supreme: Symbol = HAMSA) -> TiraGame:
    game = scripted([supreme, *faces], controls=MANUAL)
    game.apply(0, Throw(), 5.0)
    events = game.advance(5.0 + THROW)
    assert of(DiePassed, events) == [] and of(DieToTray, events) == []
    return game


def test_manual_dice_stay_in_hand_until_sent() -> None:
    game = manual_landed([CLOVER, CAT, HAMSA])
    obs = game.observation(0)
    assert obs.hand == (CLOVER, CAT, HAMSA)
    assert obs.sendable() == ((0, Destination.LEFT), (1, Destination.RIGHT), (2, Destination.TRAY))
    result = game.apply(0, Send(2), 7.0)
    assert [type(e) for e in result.events] == [DieToTray]
    result = game.apply(0, Send(Symbol.CLOVER, Destination.LEFT), 7.5)
    assert of(DiePassed, result.events)[0].to_seat == 1 and not result.events[0].auto
    assert game.observation(0).hand == (CAT,)


def test_manual_supreme_cannot_go_to_the_coaster_side() -> None:
    game = manual_landed([CAT, PENNY, PENNY], supreme=CAT)
    before = snapshot(game)
    result = game.apply(0, Send(0, Destination.RIGHT), 7.0)
    assert result.refusal is Refusal.CANNOT_GO_THERE and result.events == ()
    assert snapshot(game) == before
    assert game.apply(0, Send(0, Destination.TRAY), 7.0).ok


@pytest.mark.parametrize(
    ("send", "refusal"),
    [
        (Send(1), Refusal.NOWHERE_TO_GO),
        (Send(1, Destination.LEFT), Refusal.CANNOT_GO_THERE),
        (Send(0, Destination.TRAY), Refusal.CANNOT_GO_THERE),
        (Send(3), Refusal.NO_SUCH_DIE),
        (Send(-1), Refusal.NO_SUCH_DIE),
        (Send(Symbol.PIG), Refusal.NO_SUCH_DIE),
    ],
)
def test_manual_refusals_change_nothing(send: Send, refusal: Refusal) -> None:
    game = manual_landed([CLOVER, PENNY, PENNY])
    before = snapshot(game)
    result = game.apply(0, send, 7.0)
    assert result.refusal is refusal and result.events == ()
    assert snapshot(game) == before


def test_manual_send_refused_before_rolling_and_while_rolling() -> None:
    game = scripted([HAMSA, CLOVER, CLOVER, CLOVER], controls=MANUAL)
    assert game.apply(0, Send(0), 5.0).refusal is Refusal.NO_SUCH_DIE
    game.apply(0, Throw(), 5.0)
    assert game.apply(0, Send(0), 5.5).refusal is Refusal.DICE_IN_THE_AIR


def test_manual_throw_refused_while_a_supreme_die_is_in_hand() -> None:
    game = manual_landed([CAT, HAMSA, HAMSA])
    before = snapshot(game)
    result = game.apply(0, Throw(), 7.0)
    assert result.refusal is Refusal.SUPREME_IN_HAND and result.events == ()
    assert snapshot(game) == before
    game.apply(0, Send(Symbol.HAMSA), 7.2)
    assert game.apply(0, Throw(), 7.4).refusal is Refusal.SUPREME_IN_HAND  # one still there
    game.apply(0, Send(1, Destination.TRAY), 7.6)
    thrown = of(Thrown, game.apply(0, Throw(), 7.8).events)
    assert thrown[0].dice == 1  # the cat, which I chose to keep, flies again


def test_manual_throw_rethrows_dice_not_sent() -> None:
    game = manual_landed([CLOVER, PENNY, PENNY])
    thrown = of(Thrown, game.apply(0, Throw(), 7.0).events)[0]
    assert thrown.dice == 3 and game.observation(1).waiting == 0


def test_manual_last_die_sent_calls_stop_at_that_instant() -> None:
    game = manual_landed([HAMSA, HAMSA, CLOVER])
    game.apply(0, Send(0), 7.0)
    game.apply(0, Send(0), 7.2)
    result = game.apply(0, Send(0), 7.4)
    assert of(StopCalled, result.events) == []
    assert game.next_deadline() == 7.4
    assert [e.seat for e in of(StopCalled, game.advance(7.4))] == [0]


def test_manual_die_sent_at_the_same_instant_arrives_before_stop() -> None:
    # Seat 1 sends its last die at 7.4; seat 0 sends one onto seat 1's coaster at 7.4 too.
    game = scripted(
        [HAMSA, HAMSA, HAMSA, CLOVER, PIG, HAMSA, HAMSA], controls=MANUAL, coasters=(1, 3, 5)
    )
    game.apply(0, Throw(), 5.0)
    game.apply(1, Throw(), 5.0)
    game.advance(5.0 + THROW)
    assert game.observation(1).hand == (PIG, HAMSA, HAMSA)
    game.apply(1, Send(0), 7.0)
    game.apply(1, Send(0), 7.2)
    game.apply(1, Send(0), 7.4)
    game.apply(0, Send(Symbol.CLOVER), 7.4)
    assert of(StopCalled, game.advance(7.4)) == []
    assert game.observation(1).waiting == 1


# ----------------------------------------------------------- save and replay


def test_save_and_replay_give_the_same_game() -> None:
    game = manual_landed([CLOVER, PENNY, HAMSA])
    game.apply(0, Send(0), 7.0)
    game.apply(0, Send(3), 7.1)  # refused: not logged
    game.apply(1, Throw(), 7.2)
    game.advance(9.0)
    data = json.loads(json.dumps(game.to_dict()))
    copy = TiraGame.from_dict(data)
    assert snapshot(copy) == snapshot(game)
    assert copy.to_dict() == game.to_dict()
    later = [game.apply(0, Throw(), 10.0), copy.apply(0, Throw(), 10.0)]
    assert later[0] == later[1]
    assert game.advance(30.0) == copy.advance(30.0)


def test_a_player_whose_dice_land_frozen_cannot_act_until_the_calm_rolls() -> None:
    game = scripted([HAMSA, HAMSA, HAMSA, HAMSA, PIG, PIG, PIG, PIG, PIG, PIG])
    game.apply(0, Throw(), 5.0)
    game.apply(2, Throw(), 5.2)
    game.apply(1, Throw(), 5.3)
    game.advance(5.2 + THROW)
    obs = game.observation(2)
    assert game.phase is Phase.FREEZING and obs.hand == (PIG, PIG, PIG)
    assert obs.idle_since is None
    assert game.apply(2, Throw(), 6.35).refusal is Refusal.NOT_IN_RACE
    game.advance(5.3 + THROW)
    assert game.phase is Phase.CALM and game.observation(2).idle_since == 5.3 + THROW


def test_coasters_won_in_the_last_round_are_no_longer_in_front() -> None:
    # Found by the key fuzzer: at game over the winners' last coasters were
    # both won and still in front of them (a coaster in two places).
    from audiogame.games.tirapassa.invariants import check
    from audiogame.games.tirapassa.simulate import play_instantly

    game = TiraGame(TiraConfig(players=3), 7)
    play_instantly(game)
    assert game.is_over
    obs = game.observation(0)
    assert all(obs.coasters[seat] is None for seat in game.winners or ())
    assert check(game) == []


# ------------------------------------------------------------ the games' contract


def test_the_table_itself_and_things_that_are_not_actions_are_refused() -> None:
    game = scripted([HAMSA])
    before, log = snapshot(game), game.log_length
    assert game.apply(None, Throw(), 5.0).refusal is Refusal.NO_SUCH_SEAT
    assert game.apply(True, Throw(), 5.0).refusal is Refusal.NO_SUCH_SEAT
    for thing in ("throw", None, {"kind": "throw"}, Throw):
        assert game.apply(0, thing, 5.0).refusal is Refusal.NOT_AN_ACTION
    assert game.apply(0, Send("pig"), 5.0).refusal is Refusal.NO_SUCH_DIE
    assert snapshot(game) == before and game.log_length == log


def test_why_not_and_legal_actions_look_at_now_and_change_nothing() -> None:
    game = scripted([HAMSA, CLOVER, CAT, HAMSA], controls=MANUAL)
    assert game.legal_actions(0, RACE) == (Throw(),)
    game.apply(0, Throw(), 5.0)
    assert game.legal_actions(0, 5.5) == ()
    assert game.why_not(0, Throw(), 5.5) is Refusal.DICE_IN_THE_AIR
    before, log = snapshot(game), game.log_length
    # at the landing instant the dice are in hand, though the game has not been told
    landed = 5.0 + THROW
    assert game.why_not(0, Send(2, Destination.TRAY), landed) is None
    # the hamsa (the supreme symbol) must go to the tray: no throw until it has
    assert game.why_not(0, Throw(), landed) is Refusal.SUPREME_IN_HAND
    assert game.legal_actions(0, landed) == (
        Send(0, Destination.LEFT),
        Send(1, Destination.RIGHT),
        Send(2, Destination.TRAY),
    )
    assert snapshot(game) == before and game.log_length == log and game.now == 5.0
    assert game.apply(0, Send(2, Destination.TRAY), landed).ok
    assert game.legal_actions(0, landed)[0] == Throw()
    assert game.legal_actions(3, landed) == () and game.legal_actions(None, landed) == ()


def test_a_spectator_sees_the_table_and_no_seat_of_its_own() -> None:
    game = manual_landed([CLOVER, PENNY, HAMSA])
    table = game.observation(None)
    assert table.seat is None and table.hand == () and table.my_dice == 0
    assert table.coaster is None and table.idle_since is None and table.sendable() == ()
    mine = game.observation(0)
    assert table.hands[0] == mine.hand == (CLOVER, PENNY, HAMSA)
    assert (table.coasters, table.dice_counts, table.won) == (
        mine.coasters,
        mine.dice_counts,
        mine.won,
    )
    with pytest.raises(ValueError):
        game.observation(3)


def test_the_outcome_ranks_by_coasters_won() -> None:
    from audiogame.games.tirapassa.simulate import play_instantly

    game = TiraGame(TiraConfig(players=4, variant=Variant.UNTIL_PILE_EXHAUSTED), 3)
    assert game.outcome is None
    play_instantly(game)
    outcome = game.outcome
    assert outcome is not None
    won = game.observation(None).won_counts
    assert outcome.scores == won and outcome.sides == (0, 1, 2, 3)
    assert outcome.winners == game.winners
    assert {s for s in range(4) if outcome.ranks[s] == 1} == set(outcome.winners)
    for a in range(4):
        for b in range(4):
            assert (won[a] > won[b]) == (outcome.ranks[a] < outcome.ranks[b])


def test_a_log_that_does_not_replay_is_refused() -> None:
    game = manual_landed([CLOVER, PENNY, HAMSA])
    game.apply(0, Send(0), 7.0)
    data = json.loads(json.dumps(game.to_dict()))
    assert TiraGame.from_dict(data).to_dict() == data
    acted = next(i for i, entry in enumerate(data["log"]) if entry[2] is not None)

    def broken(change) -> dict:
        log = [list(entry) for entry in data["log"]]
        change(log[acted])
        return dict(data, log=log)

    bad = [
        broken(lambda e: e.__setitem__(1, 5)),  # nobody sits there
        broken(lambda e: e.__setitem__(0, -1.0)),  # time going back
        broken(lambda e: e.__setitem__(0, float("nan"))),
        broken(lambda e: e.__setitem__(2, {"kind": "stop"})),
        broken(lambda e: e.__setitem__(2, {"kind": "send", "die": 9})),  # refused
        broken(lambda e: e.__setitem__(3, True)),
        dict(data, seed=1.5),
        dict(data, start_at="now"),
    ]
    for data_bad in bad:
        with pytest.raises((ValueError, TypeError, KeyError)):
            TiraGame.from_dict(data_bad)


def test_the_game_is_registered_with_what_the_contract_needs() -> None:
    import random

    from audiogame.core.contract import Bot, Decision, Engine
    from audiogame.games import registry

    spec = registry.get("tira")
    assert spec is not None
    assert spec.new_engine and spec.engine_from_dict and spec.make_bot and spec.narrate
    assert spec.random_config and spec.invariants
    config = spec.random_config(random.Random(4), 5)
    engine = spec.new_engine(config, 9, 2.0)
    assert isinstance(engine, Engine) and engine.seats == 5
    events = engine.advance(2.0 + 4.5)
    copy = spec.engine_from_dict(json.loads(json.dumps(engine.to_dict())))
    assert copy.observation(2) == engine.observation(2)
    bot: Bot = spec.make_bot(2, "hard", 9)
    decision = bot.decide(engine.observation(2))
    assert isinstance(decision, Decision) and decision.action == Throw()
    said = spec.narrate(events, engine.observation(0), ("", "a", "b", "c", "d"))
    assert [m.msg_id for m in said][:2] == ["tira-game-start", "tira-round"]
    assert spec.invariants(engine) == []
