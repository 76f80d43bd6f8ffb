"""A person playing by hand, each key 0.8–1.2 s after the last move, wins about a fair
share of the races against medium bots (which play by hand too, as the table seats
them): within 10 points of 1/players over at least 500 races."""

from __future__ import annotations

import pytest

from audiogame.games.tirapassa.fair_share import PERSON_KEY, KeyPlayer, race_shares
from audiogame.games.tirapassa.options import Control, Difficulty

RACES = 500


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_person_by_hand_wins_a_fair_share_against_medium_bots(players: int) -> None:
    shares = race_shares(players, Difficulty.NORMAL, RACES)
    assert shares.races >= RACES
    assert abs(shares.share - shares.fair) <= 0.10, shares


def test_against_bots_placing_their_dice_at_once_the_same_person_falls_short() -> None:
    """What issue 13 heard: with assisted medium bots a player by hand is left behind.
    The count tells the two tables apart. Over 500 races the share is 0.116 on average
    with a spread of 0.012 (30 other ranges of seeds: 0.096-0.147), too near the 0.15
    line; over 2,000 it is 0.101-0.125 (10 ranges, spread 0.007), 5 spreads below."""
    shares = race_shares(4, Difficulty.NORMAL, 4 * RACES, bot_control=Control.ASSISTED)
    assert shares.share < shares.fair - 0.10, shares


def test_the_model_presses_each_key_within_its_range_and_sends_before_throwing() -> None:
    from audiogame.games.tirapassa import Send, Throw, TiraConfig, TiraGame

    game = TiraGame(TiraConfig(players=2, controls=(Control.MANUAL,) * 2), 3)
    game.advance(4.5)
    person = KeyPlayer(0, 3)
    first = person.decide(game.observation(0))
    assert first is not None and first.action == Throw()
    assert 4.5 + PERSON_KEY[0] <= first.at <= 4.5 + PERSON_KEY[1]
    assert person.decide(game.observation(0)) == first  # asked again: the same key
    game.apply(0, Throw(), first.at)
    game.advance(first.at + game.config.throw_seconds)
    obs = game.observation(0)
    move = person.decide(obs)
    assert move is not None
    expected = Send(*obs.sendable()[0]) if obs.sendable() else Throw()
    assert move.action == expected


def test_the_model_can_be_put_aside_and_taken_up_again() -> None:
    from audiogame.games.tirapassa import TiraConfig, TiraGame

    game = TiraGame(TiraConfig(players=2, controls=(Control.MANUAL,) * 2), 4)
    game.advance(4.5)
    person = KeyPlayer(0, 4)
    person.decide(game.observation(0))
    twin = KeyPlayer(0, "another")
    twin.restore(person.state())
    assert twin.decide(game.observation(0)) == person.decide(game.observation(0))
    assert twin._rng.random() == person._rng.random()
