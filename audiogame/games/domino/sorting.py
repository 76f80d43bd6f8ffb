"""The eight sort orders of the hand (Ctrl+1 ... Ctrl+8, Shift+H cycles).

Each order is a pure function ``(hand, ends) -> list[Tile]``; ``ends`` is the
chain's ``(left, right)`` or None. ``SORT_ORDERS`` lists them in key order with
stable ids (the UI maps ids to localized names). Sorting is stable, so equal
tiles keep their arrival order, and a multiplied set's twin tiles stay apart by
uid.

Order 8 ("grouped") lists each tile once, under its lower number;
``group_by_number`` gives the groups Left/Right jump between, where a tile with
two numbers belongs to both groups.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from audiogame.games.domino.events import Ends
from audiogame.games.domino.tiles import Tile

SortFunction = Callable[[Sequence[Tile], Ends], list[Tile]]


def _fits(tile: Tile, ends: Ends) -> bool:
    return ends is None or tile.has(ends[0]) or tile.has(ends[1])


def arrival(hand: Sequence[Tile], ends: Ends) -> list[Tile]:
    return list(hand)


def numbers_ascending(hand: Sequence[Tile], ends: Ends) -> list[Tile]:
    return sorted(hand, key=lambda t: (t.a, t.b))


def numbers_descending(hand: Sequence[Tile], ends: Ends) -> list[Tile]:
    return sorted(hand, key=lambda t: (-t.a, -t.b))


def pips_ascending(hand: Sequence[Tile], ends: Ends) -> list[Tile]:
    return sorted(hand, key=lambda t: (t.pips, t.a))


def pips_descending(hand: Sequence[Tile], ends: Ends) -> list[Tile]:
    return sorted(hand, key=lambda t: (-t.pips, -t.b))


def doubles_first(hand: Sequence[Tile], ends: Ends) -> list[Tile]:
    return sorted(hand, key=lambda t: (not t.is_double, t.a, t.b))


def playable_first(hand: Sequence[Tile], ends: Ends) -> list[Tile]:
    return sorted(hand, key=lambda t: (not _fits(t, ends), t.a, t.b))


def grouped(hand: Sequence[Tile], ends: Ends) -> list[Tile]:
    return [t for number, group in group_by_number(hand) for t in group if t.a == number]


def group_by_number(hand: Sequence[Tile]) -> list[tuple[int, list[Tile]]]:
    """Non-empty groups ``(number, tiles with that number)``, numbers ascending.

    Within a group tiles are ordered by their other number; 2|5 is in groups 2 and 5.
    """
    numbers = sorted({n for t in hand for n in (t.a, t.b)})
    return [(n, sorted((t for t in hand if t.has(n)), key=_other_than(n))) for n in numbers]


def _other_than(number: int) -> Callable[[Tile], int]:
    def other(tile: Tile) -> int:
        return tile.other(number)

    return other


@dataclass(frozen=True, slots=True)
class SortOrder:
    id: str
    sort: SortFunction


SORT_ORDERS: tuple[SortOrder, ...] = (
    SortOrder("arrival", arrival),
    SortOrder("numbers-asc", numbers_ascending),
    SortOrder("numbers-desc", numbers_descending),
    SortOrder("pips-asc", pips_ascending),
    SortOrder("pips-desc", pips_descending),
    SortOrder("doubles-first", doubles_first),
    SortOrder("playable-first", playable_first),
    SortOrder("grouped", grouped),
)

SORT_IDS: tuple[str, ...] = tuple(o.id for o in SORT_ORDERS)
_BY_ID = {o.id: o for o in SORT_ORDERS}


def sort_hand(order_id: str, hand: Sequence[Tile], ends: Ends) -> list[Tile]:
    return _BY_ID[order_id].sort(hand, ends)


def next_order(order_id: str) -> str:
    """The order after this one (Shift+H), wrapping around."""
    return SORT_IDS[(SORT_IDS.index(order_id) + 1) % len(SORT_IDS)]
