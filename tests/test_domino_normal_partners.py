"""The normal bot plays for its partner in team play (``bots/partners.py``): it does
not shut the partner out when it has a choice, and keeps the partner's lead.

Each situation is played on the real engine from a fixed deal; the same bot blind
to its partner (``for_partners=False``, how it played before) is asked too, to show
that the situation is one where reading the partner changes the move.
"""

from __future__ import annotations

import random

from audiogame.games.domino import DominoConfig, DominoMatch, NextManche, Play
from audiogame.games.domino.bots import decide_now, make_bot
from audiogame.games.domino.bots.partners import partner_view
from audiogame.games.domino.bots.simple import normal_choice
from audiogame.games.domino.events import Passed
from audiogame.games.domino.notation import fixed_deal, parse_tiles

TEAMS = DominoConfig(seats=4, teams=(0, 1, 0, 1), forbid_drawing=True)


def tile(text: str) -> int:
    return parse_tiles("double-6", text)[0].uid


def play(match: DominoMatch, seat: int, text: str) -> set[int]:
    """The seat lays this tile (on the only end it fits); the seats that then had
    nothing that fits, and so passed (the engine passes for them)."""
    result = match.apply(seat, Play(tile(text)))
    assert result.ok
    return {e.seat for e in result.events if isinstance(e, Passed)}


def test_the_normal_bot_does_not_shut_out_a_partner_that_passed():
    match = DominoMatch(TEAMS, 0)
    hands = ["6|6 5|5 0|6 2|2", "5|6 1|1 1|3", "0|2 2|3 3|3", "0|1 1|2 3|4"]
    match.apply(None, fixed_deal(TEAMS, hands))
    assert play(match, 0, "6|6") == set()
    # the ends show 6 and 5: the partner passes (no 6, no 5), and so does seat 3
    assert play(match, 1, "5|6") == {2, 3}
    seen = match.observation(0)
    view = partner_view(seen)
    assert view is not None and view.lacks == ((1 << 6) | (1 << 5),)
    # 5|5, the heaviest tile, would leave 6 and 5 again: the partner would pass for sure
    blind = normal_choice(seen, for_partners=False)
    assert isinstance(blind, Play) and blind.uid == tile("5|5")
    reading = decide_now(make_bot(0, "normal", 0), seen)
    assert isinstance(reading, Play) and reading.uid == tile("0|6")
    passed = {e.seat for e in match.apply(0, reading).events if isinstance(e, Passed)}
    assert passed == {1}  # the ends show 0 and 5: seat 1 has neither
    assert match.current_seat == 2  # the partner has a 0 and plays


def test_the_normal_bot_keeps_the_number_its_partner_left_open():
    match = DominoMatch(TEAMS, 0)
    hands = ["6|6 3|5 1|6", "0|0 0|1 1|2", "3|6 3|3 2|3", "0|2 4|4 4|5"]
    match.apply(None, fixed_deal(TEAMS, hands))
    assert play(match, 0, "6|6") == {1}  # seat 1 has no 6
    # the partner leaves its 3 open (it holds three of them); seat 3 has no 6, no 3
    assert play(match, 2, "3|6") == {3}
    seen = match.observation(0)
    view = partner_view(seen)
    assert view is not None and view.leads == (3,)
    # 3|5 is heavier, but it covers the partner's 3
    blind = normal_choice(seen, for_partners=False)
    assert isinstance(blind, Play) and blind.uid == tile("3|5")
    reading = decide_now(make_bot(0, "normal", 0), seen)
    assert isinstance(reading, Play) and reading.uid == tile("1|6")
    assert match.apply(0, reading).ok
    assert match.observation(0).ends == (1, 3)


def test_without_partners_the_normal_bot_plays_as_before():
    """Individual play: nobody to read, the same moves."""
    for config in (DominoConfig(seats=2), DominoConfig(seats=4), DominoConfig(seats=3)):
        for seed in range(3):
            match = DominoMatch(config, seed)
            rng = random.Random(seed)
            while not match.is_over and match.manche <= 2:
                seat = match.current_seat
                if seat is None:
                    match.apply(None, NextManche())
                    continue
                seen = match.observation(seat)
                assert partner_view(seen) is None
                assert normal_choice(seen) == normal_choice(seen, for_partners=False)
                match.apply(seat, rng.choice(match.legal_actions(seat)))
