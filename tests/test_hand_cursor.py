"""The hand cursor, as plain data: it follows an item by its key through a re-sort,
stays in place when its item goes, and never moves past either end."""

from __future__ import annotations

from audiogame.core.hand_cursor import HandCursor, Landing


def test_it_starts_on_the_first_item_and_stops_at_the_ends() -> None:
    cursor: HandCursor[str] = HandCursor()
    hand = ["a", "b", "c"]
    assert cursor.index(hand) == 0
    assert cursor.step(hand, -1) == Landing(0, edge=True)
    assert cursor.step(hand, 1) == Landing(1, edge=False)
    assert cursor.focus == "b"
    assert cursor.go(hand, 10_000) == Landing(2, edge=True)
    assert cursor.step(hand, 1) == Landing(2, edge=True)
    assert cursor.go(hand, 0) == Landing(0, edge=False)


def test_it_follows_its_item_when_the_hand_is_sorted_again() -> None:
    cursor: HandCursor[str] = HandCursor()
    cursor.go(["a", "b", "c"], 1)
    assert cursor.index(["c", "b", "a"]) == 1
    assert cursor.index(["b", "c", "a"]) == 0
    assert cursor.step(["c", "a", "b"], -1) == Landing(1, edge=False)
    assert cursor.focus == "a"


def test_when_its_item_goes_it_stays_in_its_place() -> None:
    cursor: HandCursor[str] = HandCursor()
    cursor.go(["a", "b", "c", "d"], 1)  # on "b"
    assert cursor.pin(["a", "c", "d"]) == "c"  # "b" played: the one now in its place
    cursor.go(["a", "c", "d"], 2)  # on "d", the last
    assert cursor.pin(["a", "c"]) == "c"  # "d" played: the last there is


def test_an_empty_hand_has_nowhere_to_go() -> None:
    cursor: HandCursor[int] = HandCursor()
    assert cursor.step([], 1) is None
    assert cursor.go([], 0) is None
    assert cursor.pin([]) is None
    assert cursor.index([]) == 0


def test_places_as_keys_for_items_without_identity() -> None:
    """Dice have no identity: their places are the keys, and a cursor past the end
    of a shorter hand stands on its last die."""
    cursor: HandCursor[int] = HandCursor(3, at=3)
    assert cursor.index(range(2)) == 1
    assert cursor.step(range(5), -1) == Landing(2, edge=False)
    cursor.reset()
    assert cursor.focus is None and cursor.index(range(4)) == 0
