"""The hard bot's simulator and the engine agree: from random positions of random
tables, a manche played out by the simulator ends exactly as the engine ends it
when every seat follows the same greedy policy (same closer, same hands left,
same way of ending). Both run on ``rules.Manche``; this checks the turn order,
drawing, passing, blocking and going out that each builds around it."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from audiogame.games.domino import DominoConfig, DominoMatch, NextManche, Phase, Play
from audiogame.games.domino.actions import DRAW, PASS
from audiogame.games.domino.bots.playout import run
from audiogame.games.domino.events import MancheEnd, MancheEnded
from audiogame.games.domino.rules import Manche, TableFacts
from audiogame.games.domino.spec import random_config
from audiogame.games.domino.tiles import End


def any_config(rng: random.Random) -> DominoConfig:
    """The spec's random table (every option, teams or not) for 2 to 6 players."""
    return DominoConfig.from_dict(random_config(rng, rng.randint(2, 6)))


def greedy(match: DominoMatch, seat: int) -> object:
    """The simulator's policy written out on the engine's terms: the heaviest tile
    that fits (a tile fitting the left end is taken there), else draw, else pass."""
    obs = match.observation(seat)
    ends = obs.ends
    if ends is None:
        best = max(obs.hand, key=lambda t: t.pips)
        return Play(best.uid)
    chosen, pips = None, -1
    for tile in obs.hand:
        if tile.has(ends[0]):
            if tile.pips > pips:
                chosen, pips = Play(tile.uid, End.LEFT), tile.pips
        elif tile.has(ends[1]) and tile.pips > pips:
            chosen, pips = Play(tile.uid, End.RIGHT), tile.pips
    if chosen is not None:
        return chosen
    legal = match.legal_actions(seat)
    return DRAW if DRAW in legal else PASS


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=30))
def test_the_simulator_ends_a_manche_as_the_engine_does(seed, moves):
    rng = random.Random(seed)
    config = any_config(rng)
    match = DominoMatch(config, seed, auto_pass=rng.random() < 0.8)
    match.apply(None, NextManche())
    for _ in range(moves):  # a random position somewhere in the manche
        seat = match.current_seat
        if seat is None:
            return
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    if match.phase is not Phase.PLAYING:
        return
    view = match.omniscient_view()
    manche = Manche(
        TableFacts.of(config),
        [list(h) for h in view["hands"]],
        list(view["boneyard"]),
        list(view["playing"]),
        view["ends"],
    )
    manche.stuck = view["stuck"]
    closer = run(manche, match.current_seat)

    events = []
    while match.phase is Phase.PLAYING:
        seat = match.current_seat
        result = match.apply(seat, greedy(match, seat))
        assert result.ok, result.refusal
        events += result.events
    ended = next(e for e in events if isinstance(e, MancheEnded))
    assert ended.closer == closer
    assert (ended.how is MancheEnd.BLOCKED) == (closer is None)
    assert list(ended.hands) == [tuple(h) for h in manche.hands]
