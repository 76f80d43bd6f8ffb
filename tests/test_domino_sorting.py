"""The eight sort orders, as pure functions of a hand and the open ends."""

from __future__ import annotations

from audiogame.games.domino.notation import parse_tiles
from audiogame.games.domino.sorting import (
    SORT_IDS,
    group_by_number,
    next_order,
    sort_hand,
)

HAND = parse_tiles("double-6", "0|4 3|3 5|5 4|6 0|2 1|2 0|3")


def names(tiles) -> list[str]:
    return [str(t) for t in tiles]


def test_there_are_eight_orders_with_stable_ids():
    assert SORT_IDS == (
        "arrival",
        "numbers-asc",
        "numbers-desc",
        "pips-asc",
        "pips-desc",
        "doubles-first",
        "playable-first",
        "grouped",
    )


def test_each_order():
    ends = (2, 5)
    expected = {
        "arrival": "0|4 3|3 5|5 4|6 0|2 1|2 0|3",
        "numbers-asc": "0|2 0|3 0|4 1|2 3|3 4|6 5|5",
        "numbers-desc": "5|5 4|6 3|3 1|2 0|4 0|3 0|2",
        "pips-asc": "0|2 0|3 1|2 0|4 3|3 4|6 5|5",
        "pips-desc": "4|6 5|5 3|3 0|4 0|3 1|2 0|2",
        "doubles-first": "3|3 5|5 0|2 0|3 0|4 1|2 4|6",
        "playable-first": "0|2 1|2 5|5 0|3 0|4 3|3 4|6",
        "grouped": "0|2 0|3 0|4 1|2 3|3 4|6 5|5",
    }
    for order_id, text in expected.items():
        assert names(sort_hand(order_id, HAND, ends)) == text.split(), order_id


def test_orders_are_pure_and_keep_every_tile():
    before = list(HAND)
    for order_id in SORT_IDS:
        for ends in (None, (0, 6), (3, 3)):
            assert sorted(sort_hand(order_id, HAND, ends)) == sorted(HAND)
    assert HAND == before


def test_playable_first_with_an_empty_chain_keeps_number_order():
    assert sort_hand("playable-first", HAND, None) == sort_hand("numbers-asc", HAND, None)


def test_twin_tiles_keep_their_arrival_order():
    twins = parse_tiles("2x-double-6", "3|5 1|1 5|3")
    ordered = sort_hand("numbers-asc", twins, None)
    assert [t.uid for t in ordered if t.pips == 8] == [twins[0].uid, twins[2].uid]


def test_groups_by_number_hold_a_tile_under_both_numbers():
    groups = {n: names(tiles) for n, tiles in group_by_number(HAND)}
    assert groups == {
        0: ["0|2", "0|3", "0|4"],
        1: ["1|2"],
        2: ["0|2", "1|2"],
        3: ["0|3", "3|3"],
        4: ["0|4", "4|6"],
        5: ["5|5"],
        6: ["4|6"],
    }


def test_shift_h_cycles_through_the_orders():
    order, seen = "arrival", []
    for _ in range(8):
        order = next_order(order)
        seen.append(order)
    assert seen[-1] == "arrival" and len(set(seen)) == 8
