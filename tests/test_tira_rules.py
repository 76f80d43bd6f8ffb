"""The data and pure rule functions: symbols, this edition's coasters, options."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from audiogame.games.tirapassa import (
    EDITION_COASTERS,
    OPTIONS,
    SYMBOLS,
    THROW_SECONDS,
    Control,
    Destination,
    Difficulty,
    EndReason,
    SetupProblem,
    Speed,
    Symbol,
    TiraConfig,
    Variant,
    destination_for,
    neighbour,
    symbol_for_key,
)
from audiogame.games.tirapassa.coasters import COASTERS_BY_NUMBER
from audiogame.games.tirapassa.rules import calm_destination, game_winners
from audiogame.games.tirapassa.spec import SPEC


def test_six_symbols_in_the_rulebook_order_with_stable_ids() -> None:
    assert [s.value for s in SYMBOLS] == ["clover", "pig", "cat", "penny", "horseshoe", "hamsa"]
    assert [symbol_for_key(n) for n in range(1, 7)] == list(SYMBOLS)
    assert symbol_for_key(0) is None and symbol_for_key(7) is None


def test_edition_coasters_are_balanced_and_distinct() -> None:
    assert len(EDITION_COASTERS) == 18
    assert [c.number for c in EDITION_COASTERS] == list(range(1, 19))
    assert all(c.left is not c.right for c in EDITION_COASTERS)
    assert len({(c.left, c.right) for c in EDITION_COASTERS}) == 18
    assert Counter(c.left for c in EDITION_COASTERS) == dict.fromkeys(SYMBOLS, 3)
    assert Counter(c.right for c in EDITION_COASTERS) == dict.fromkeys(SYMBOLS, 3)
    pairs = {frozenset((c.left, c.right)) for c in EDITION_COASTERS}
    assert pairs == {frozenset(p) for p in combinations(SYMBOLS, 2)}


def test_the_spec_table_rows() -> None:
    assert COASTERS_BY_NUMBER[1].left is Symbol.CLOVER and COASTERS_BY_NUMBER[1].right is Symbol.CAT
    assert COASTERS_BY_NUMBER[18].left is Symbol.HAMSA
    assert COASTERS_BY_NUMBER[18].right is Symbol.HORSESHOE


@pytest.mark.parametrize("supreme", SYMBOLS)
def test_a_die_has_at_most_one_destination_and_the_tray_wins(supreme: Symbol) -> None:
    for coaster in EDITION_COASTERS:
        for face in SYMBOLS:
            dest = destination_for(face, coaster, supreme)
            if face is supreme:
                assert dest is Destination.TRAY
            elif face is coaster.left:
                assert dest is Destination.LEFT
            elif face is coaster.right:
                assert dest is Destination.RIGHT
            else:
                assert dest is None
            assert calm_destination(face, supreme) is (
                Destination.TRAY if face is supreme else None
            )


def test_neighbours_go_clockwise_and_two_players_face_each_other() -> None:
    assert neighbour(0, Destination.LEFT, 4) == 1
    assert neighbour(0, Destination.RIGHT, 4) == 3
    assert neighbour(3, Destination.LEFT, 4) == 0
    assert neighbour(0, Destination.LEFT, 2) == neighbour(0, Destination.RIGHT, 2) == 1


def test_game_winners() -> None:
    first = Variant.FIRST_TO_THREE
    until = Variant.UNTIL_PILE_EXHAUSTED
    assert game_winners([2, 2, 1], first, False) is None
    assert game_winners([3, 2, 1], first, False) == ((0,), EndReason.THREE_COASTERS)
    assert game_winners([3, 3, 1], first, False) == ((0, 1), EndReason.THREE_COASTERS)
    assert game_winners([4, 3, 1], until, False) is None
    assert game_winners([4, 3, 4], until, True) == ((0, 2), EndReason.PILE_EXHAUSTED)
    assert game_winners([2, 1, 1], first, True) == ((0,), EndReason.PILE_EXHAUSTED)


def test_options_as_data_with_ordered_values() -> None:
    by_id = {o.id: o for o in OPTIONS}
    assert SPEC.options == OPTIONS
    assert (SPEC.min_seats, SPEC.max_seats) == (2, 6)
    assert by_id["speed"].values == (Speed.SLOW, Speed.NORMAL, Speed.FAST)
    assert [THROW_SECONDS[s] for s in Speed] == [1.6, 1.1, 0.7]
    assert by_id["variant"].default is Variant.FIRST_TO_THREE
    assert by_id["control"].per_seat and by_id["control"].default is Control.ASSISTED
    assert SPEC.bot_levels == (Difficulty.EASY, Difficulty.NORMAL, Difficulty.HARD)
    config = TiraConfig()
    for option in OPTIONS:
        assert option.default in option.values
        if option.per_seat:  # each seat's own, everybody's default when not given
            assert config.control_of(1) == option.default
        else:
            assert getattr(config, option.field) == option.default


def test_config_validation_and_round_trip() -> None:
    assert TiraConfig(players=7).validate() is SetupProblem.BAD_PLAYER_COUNT
    assert (
        TiraConfig(players=3, controls=(Control.MANUAL,)).validate() is SetupProblem.BAD_SEAT_LIST
    )
    assert TiraConfig(players=2, bots=("genius", None)).validate() is SetupProblem.BAD_OPTION_VALUE  # type: ignore[arg-type]
    config = TiraConfig(
        players=3,
        speed=Speed.FAST,
        variant=Variant.UNTIL_PILE_EXHAUSTED,
        controls=(Control.MANUAL, Control.ASSISTED, Control.MANUAL),
        bots=(None, Difficulty.HARD, Difficulty.PRACTICE),
    )
    assert config.validate() is None
    assert TiraConfig.from_dict(config.to_dict()) == config
    assert config.throw_seconds == 0.7
    assert config.control_of(2) is Control.MANUAL and config.bot_of(0) is None
    assert config.with_option("speed", Speed.SLOW).throw_seconds == 1.6


def test_seat_options_change_one_seat() -> None:
    config = TiraConfig(players=3)
    config = config.with_seat_option("control", 1, Control.MANUAL)
    assert config.controls == (Control.ASSISTED, Control.MANUAL, Control.ASSISTED)
    config = config.with_bot(2, Difficulty.HARD)
    assert config.bots == (None, None, Difficulty.HARD)
    assert config.validate() is None
