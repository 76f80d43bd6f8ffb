"""Sets, tiles, options as data, and the setup's refusals."""

from __future__ import annotations

import random

import pytest

from audiogame.games.domino import (
    OPTIONS,
    SETS,
    DominoConfig,
    DominoMatch,
    End,
    NextManche,
    SetupProblem,
    alternating_teams,
    hand_size,
    orient,
    random_teams,
    tile_set,
)
from audiogame.games.domino.events import MancheStarted
from audiogame.games.domino.notation import parse_tiles

EXPECTED = {
    "double-6": (28, 4),
    "double-9": (55, 6),
    "double-12": (91, 9),
    "double-15": (136, 10),
    "double-18": (190, 12),
    "2x-double-6": (56, 6),
    "2x-double-9": (110, 10),
    "2x-double-12": (182, 12),
}


@pytest.mark.parametrize("set_id", list(EXPECTED))
def test_every_set_holds_every_pair_with_its_own_identities(set_id):
    tiles = tile_set(set_id)
    size, most = EXPECTED[set_id]
    assert len(tiles) == size and SETS[set_id].max_players == most
    assert [t.uid for t in tiles] == list(range(size))
    assert all(t.a <= t.b for t in tiles)
    pairs = {(t.a, t.b) for t in tiles}
    top = SETS[set_id].top
    assert pairs == {(a, b) for a in range(top + 1) for b in range(a, top + 1)}
    assert len(tiles) == SETS[set_id].copies * len(pairs)


def test_twin_tiles_of_a_multiplied_set_are_two_tiles():
    twins = parse_tiles("2x-double-6", "3|5 5|3")
    assert twins[0].numbers == twins[1].numbers and twins[0].uid != twins[1].uid
    assert twins[0] != twins[1]


def test_orienting_a_tile_on_an_end():
    tile = parse_tiles("double-6", "1|3")[0]
    assert orient(tile, End.LEFT, 1) == (3, 1)
    assert orient(tile, End.RIGHT, 1) == (1, 3)
    assert orient(tile, End.RIGHT, 3) == (3, 1)
    assert orient(tile, End.LEFT, None) == (1, 3)
    with pytest.raises(ValueError):
        orient(tile, End.LEFT, 6)


def test_pips_and_doubles():
    zero, six = parse_tiles("double-6", "0|0 6|6")
    assert (zero.pips, six.pips, zero.is_double) == (0, 12, True)


@pytest.mark.parametrize("set_id", list(EXPECTED))
def test_each_set_seats_two_to_its_maximum_and_refuses_more(set_id):
    size, most = EXPECTED[set_id]
    for seats in range(2, most + 1):
        config = DominoConfig(set_id=set_id, seats=seats)
        assert config.validate() is None
        assert 5 <= hand_size(set_id, seats) == min(7, size // seats)
    if most < 12:
        assert DominoConfig(set_id=set_id, seats=most + 1).validate() is SetupProblem.SET_TOO_SMALL


def test_double_six_for_four_deals_everything():
    match = DominoMatch(DominoConfig(seats=4), 3)
    started = next(
        e for e in match.apply(None, NextManche()).events if isinstance(e, MancheStarted)
    )
    assert started.hand_sizes == (7, 7, 7, 7) and started.boneyard == 0
    match = DominoMatch(DominoConfig(seats=3), 3)
    started = next(
        e for e in match.apply(None, NextManche()).events if isinstance(e, MancheStarted)
    )
    assert started.hand_sizes == (7, 7, 7) and started.boneyard == 7


def test_player_counts_outside_two_to_twelve_are_refused():
    assert DominoConfig(seats=1).validate() is SetupProblem.BAD_PLAYER_COUNT
    assert DominoConfig(set_id="double-18", seats=13).validate() is SetupProblem.BAD_PLAYER_COUNT


def test_an_invalid_config_cannot_start_a_match():
    with pytest.raises(ValueError):
        DominoMatch(DominoConfig(seats=5), 0)


def test_options_are_data_with_stable_ids_defaults_and_values():
    ids = [o.id for o in OPTIONS]
    assert ids == [
        "set",
        "forbid-drawing",
        "draw-with-playable",
        "draw-until-fits",
        "team-finish",
        "thinking-time",
        "manche-limit",
        "point-limit",
    ]
    default = DominoConfig()
    for option in OPTIONS:
        assert getattr(default, option.field) == option.default
        assert option.default in option.values
    by_id = {o.id: o for o in OPTIONS}
    assert by_id["thinking-time"].values == (0, 10, 20, 30, 60)
    assert by_id["manche-limit"].values == (0, *range(1, 51))
    assert by_id["point-limit"].values[:2] == (0, 25) and by_id["point-limit"].values[-1] == 500
    assert by_id["point-limit"].zero_means == "off"
    assert default.point_limit == 100


def test_option_values_outside_their_lists_are_refused():
    assert DominoConfig(point_limit=7).validate() is SetupProblem.BAD_OPTION_VALUE
    assert DominoConfig(thinking_time=15).validate() is SetupProblem.BAD_OPTION_VALUE
    assert DominoConfig(set_id="double-7").validate() is SetupProblem.BAD_OPTION_VALUE
    assert DominoConfig().with_option("manche-limit", 50).validate() is None


def test_the_point_limit_may_be_off_only_with_a_manche_limit():
    assert DominoConfig(point_limit=0).validate() is SetupProblem.NO_LIMIT
    assert DominoConfig(point_limit=0, manche_limit=1).validate() is None
    assert DominoConfig(point_limit=0, manche_limit=0).validate() is SetupProblem.NO_LIMIT


def test_team_layouts():
    assert alternating_teams(6, 3) == (0, 1, 2, 0, 1, 2)
    assert alternating_teams(4, 0) is None
    assert DominoConfig(seats=4, teams=(0, 1, 0, 1)).validate() is None
    twelve = DominoConfig(set_id="double-18", seats=12, teams=alternating_teams(12, 6))
    assert twelve.validate() is None
    assert DominoConfig(seats=4, teams=(0, 1, 0)).validate() is SetupProblem.BAD_TEAM_LAYOUT
    assert DominoConfig(seats=4, teams=(0, 2, 0, 2)).validate() is SetupProblem.BAD_TEAM_LAYOUT
    assert DominoConfig(seats=4, teams=(0, 0, 0, 0)).validate() is SetupProblem.BAD_TEAM_COUNT
    assert DominoConfig(seats=3, teams=(0, 1, 0)).validate() is SetupProblem.UNEQUAL_TEAMS
    assert DominoConfig(seats=4, teams=(0, 1, 2, 3)).validate() is SetupProblem.BAD_TEAM_SIZE


def test_random_teams_keep_equal_sizes_and_reshuffle():
    rng = random.Random(5)
    layouts = {random_teams(6, 2, rng) for _ in range(20)}
    assert len(layouts) > 1
    assert all(sorted(layout) == [0, 0, 0, 1, 1, 1] for layout in layouts)


def test_config_round_trips_through_plain_data():
    config = DominoConfig(set_id="double-9", seats=6, teams=(0, 1, 2, 0, 1, 2), team_finish=True)
    assert DominoConfig.from_dict(config.to_dict()) == config
