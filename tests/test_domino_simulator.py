"""The engine's two modes agree: a manche played in simulation mode (``Manche`` with
no events, no checks: the bots' play-outs) goes exactly as the table plays it
(``DominoMatch``, its events and checks around the same moves).

- From random positions of random tables (every option, teams or not, auto-pass
  or not, thinking time or not), both modes take the same random actions and
  time-outs: at every step they offer the same legal actions to the same seat
  with the same ends and hands, and they end the manche the same way, with the
  same hands left and the same points. The table is sometimes sent a fresh copy
  of the action, so its checked path is compared too, not only its trusted one.
- The hard bot's play-out (``bots/playout.run``: everyone greedy, or some seats
  playing to leave the next seat stuck) ends a manche as the engine does when
  every seat follows the same policy written on the engine's terms.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from audiogame.games.domino import DominoConfig, DominoMatch, NextManche, Phase, Play
from audiogame.games.domino.actions import DRAW, PASS, Draw, Pass
from audiogame.games.domino.bots.playout import run
from audiogame.games.domino.events import MancheEnd, MancheEnded
from audiogame.games.domino.manche import Manche
from audiogame.games.domino.rules import TableFacts, manche_points
from audiogame.games.domino.spec import random_config
from audiogame.games.domino.tiles import End


def any_config(rng: random.Random) -> DominoConfig:
    """The spec's random table (every option, teams or not) for 2 to 6 players."""
    return DominoConfig.from_dict(random_config(rng, rng.randint(2, 6)))


def dealt_match(seed: int, moves: int) -> tuple[DominoMatch, random.Random] | None:
    """A random table at a random position of its first manche (None: it ended)."""
    rng = random.Random(seed)
    config = any_config(rng)
    match = DominoMatch(config, seed, auto_pass=rng.random() < 0.8)
    match.apply(None, NextManche(), 0.0)
    for _ in range(moves):
        if match.phase is not Phase.PLAYING:
            return None
        step(match, None, rng)
    return (match, rng) if match.phase is Phase.PLAYING else None


def simulation_of(match: DominoMatch) -> Manche:
    """A new manche in simulation mode where the match stands (its own lists)."""
    view = match.omniscient_view()
    sim = Manche(
        TableFacts.of(match.config),
        [list(h) for h in view["hands"]],
        list(view["boneyard"]),
        list(view["playing"]),
        view["ends"],
        current=view["current"],
        auto_pass=match.auto_pass,
    )
    sim.stuck = view["stuck"]
    sim.drew_fitting = view["drew_fitting"]
    return sim


def fresh(action: object) -> object:
    """An equal action that is not the engine's own object (its checked path)."""
    if isinstance(action, Play):
        return Play(action.uid, action.end)
    return Draw() if isinstance(action, Draw) else Pass()


def step(match: DominoMatch, sim: Manche | None, rng: random.Random) -> list:
    """One random move (or a time-out, when the table has a thinking time) in both."""
    seat = match.current_seat
    deadline = match.next_deadline()
    if deadline is not None and rng.random() < 0.15:
        events = match.advance(deadline)
        if sim is not None:
            sim.time_out()
        return events
    action = rng.choice(match.legal_actions(seat))
    sent = fresh(action) if rng.random() < 0.3 else action
    result = match.apply(seat, sent, match.now)
    assert result.ok, result.refusal
    if sim is not None:
        sim.act(action)
    return result.events


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=30))
def test_simulation_and_table_modes_play_a_manche_alike(seed, moves):
    start = dealt_match(seed, moves)
    if start is None:
        return
    match, rng = start
    sim = simulation_of(match)
    events: list = []
    while match.phase is Phase.PLAYING:
        seat = match.current_seat
        assert sim.current == seat
        assert list(sim.legal_actions()) == list(match.legal_actions(seat))
        assert (
            sim.ends == match.ends and sim.drew_fitting == match.omniscient_view()["drew_fitting"]
        )
        events += step(match, sim, rng)
        assert sim.hands == match.omniscient_view()["hands"] or match.phase is not Phase.PLAYING
    ended = next(e for e in events if isinstance(e, MancheEnded))
    assert sim.current is None and sim.legal_actions() == ()
    assert (sim.ended, sim.closer) == (ended.how, ended.closer)
    assert [tuple(h) for h in sim.hands] == list(ended.hands)
    config = match.config
    sides = TableFacts.of(config).sides
    closing = None if sim.closer is None else sides[sim.closer]
    malus = config.teams is not None and not config.team_finish
    points = manche_points(sim.pips(), sides, max(sides) + 1, ended.dealt, closing, malus)
    assert tuple(points) == ended.points


def greedy(match: DominoMatch, seat: int) -> object:
    """The play-outs' policy written out on the engine's terms: the heaviest tile
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


def blocking(
    match: DominoMatch, seat: int, block: int, targets: list[bool] | None = None
) -> object | None:
    """The play-outs' blocking policy on the engine's terms, where nothing can be
    drawn: the fitting tile worth most, its pips plus ``block`` when the next seat
    still playing is one aimed at (``targets``; None: any of another side) and
    could then play nothing (the first such play in the table's order of legal
    actions); None where a draw is possible."""
    view = match.omniscient_view()
    ends, hands = view["ends"], view["hands"]
    if ends is None or (view["boneyard"] and not match.config.forbid_drawing):
        return None
    legal = match.legal_actions(seat)
    seats = len(hands)
    after = next(s % seats for s in range(seat + 1, seat + seats + 1) if view["playing"][s % seats])
    sides = TableFacts.of(match.config).sides
    best, most = legal[0], -1
    for action in legal:
        if not isinstance(action, Play):
            continue
        tile = next(t for t in hands[seat] if t.uid == action.uid)
        on = ends[0] if action.end is End.LEFT else ends[1]
        shown = {tile.b if tile.a == on else tile.a, ends[1] if action.end is End.LEFT else ends[0]}
        aimed = sides[after] != sides[seat] if targets is None else targets[after]
        stuck = aimed and not any(t.a in shown or t.b in shown for t in hands[after])
        value = tile.pips + block * stuck
        if value > most:
            best, most = action, value
    return best


@settings(max_examples=150, deadline=None)
@given(
    st.integers(min_value=0, max_value=2**32),
    st.integers(min_value=0, max_value=30),
    st.sampled_from([0, 3, 8]),
    st.booleans(),
)
def test_the_playout_ends_a_manche_as_the_engine_does(seed, moves, block, aim):
    """``aim``: the blockers aim at some seats only (the hard bot shuts out only the
    opponents it takes for heavy-tile players), else at every seat of another side."""
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
    manche = simulation_of(match)
    blockers = [rng.random() < 0.5 for _ in manche.hands]
    targets = [rng.random() < 0.5 for _ in manche.hands] if aim else None
    closer = run(manche, blockers, block, targets)

    events = []
    while match.phase is Phase.PLAYING:
        seat = match.current_seat
        chosen = blocking(match, seat, block, targets) if block and blockers[seat] else None
        result = match.apply(seat, chosen or greedy(match, seat))
        assert result.ok, result.refusal
        events += result.events
    ended = next(e for e in events if isinstance(e, MancheEnded))
    assert ended.closer == closer
    assert (ended.how is MancheEnd.BLOCKED) == (closer is None)
    assert list(ended.hands) == [tuple(h) for h in manche.hands]
