"""What must hold of a domino match after every step, whatever the players did.

``check(match) -> list[str]``: the invariants the match breaks now (empty when
all hold): every tile in exactly one place, pips conserved, the chain joined
number to number with its ends where the engine says, scores never negative
and eliminations where the point limit puts them, a turn only for a seat in
play with a deadline only when the table has a thinking time, and an outcome
whose winners are the seats ranked first. It reads the referee's view
(``omniscient_view``) and public queries, so the fuzzer can call it after every
key and the property tests after every engine step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from audiogame.games.domino import rules
from audiogame.games.domino.engine import DominoMatch
from audiogame.games.domino.observation import Phase
from audiogame.games.domino.tiles import tile_set

View = dict[str, Any]
Rule = Callable[[DominoMatch, View], list[str]]


def check(match: DominoMatch) -> list[str]:
    """Every invariant ``match`` violates now, each as a short sentence."""
    view = match.omniscient_view()
    return [problem for rule in RULES for problem in rule(match, view)]


def check_places(match: DominoMatch, view: View | None = None) -> list[str]:
    """Every tile of the set in exactly one place (a hand, the boneyard, the chain)."""
    view = view or match.omniscient_view()
    everything = tile_set(match.config.set_id)
    places = [t for h in view["hands"] for t in h] + view["boneyard"] + view["chain"]
    problems = []
    if sorted(t.uid for t in places) != list(range(len(everything))):
        problems.append("a tile is missing, doubled or unknown")
    if sum(t.pips for t in places) != sum(t.pips for t in everything):
        problems.append("pips are not conserved")
    return problems


def _places(match: DominoMatch, view: View) -> list[str]:
    return check_places(match, view)


def _chain(match: DominoMatch, _view: View) -> list[str]:
    chain = match.observation(0).chain
    problems = []
    for placed in chain:
        if sorted((placed.left, placed.right)) != [placed.tile.a, placed.tile.b]:
            problems.append(f"tile {placed.tile.uid} shows numbers it does not have")
    for before, after in zip(chain, chain[1:], strict=False):
        if before.right != after.left:
            problems.append(f"tiles {before.tile.uid} and {after.tile.uid} do not match")
    ends = (chain[0].left, chain[-1].right) if chain else None
    if match.ends != ends:
        problems.append(f"ends {match.ends} but the chain reads {ends}")
    return problems


def _scores(match: DominoMatch, _view: View) -> list[str]:
    totals = match.totals
    limit = match.config.point_limit
    eliminating = rules.eliminates(limit, match.config.manche_limit)
    problems = []
    if len(totals) != max(match.sides) + 1:
        problems.append("one total per side is wanted")
    if min(totals) < 0:
        problems.append("a negative score")
    for seat, side in enumerate(match.sides):
        if match.is_eliminated(seat) != (eliminating and totals[side] >= limit):
            problems.append(f"seat {seat}: elimination and score {totals[side]} disagree")
    if limit and not eliminating and not match.is_over and max(totals) >= limit:
        problems.append(f"a total reached the point limit {limit} and the match goes on")
    outcome, final = match.outcome, match.final
    if match.is_over != (outcome is not None) or match.is_over != (final is not None):
        problems.append("match over and outcome disagree")
    elif outcome is not None and final is not None:
        if outcome.scores != totals or final.totals != totals:
            problems.append("the final totals differ from the match's")
        firsts = tuple(s for s, rank in enumerate(outcome.ranks) if rank == 1)
        if firsts != outcome.winners or outcome.winners != final.winners:
            problems.append(f"winners {outcome.winners} but first places {firsts}")
    return problems


def _turn(match: DominoMatch, view: View) -> list[str]:
    seat = match.current_seat
    if match.phase is not Phase.PLAYING:
        if match.next_deadline() is not None:
            return ["a deadline outside a manche"]
        return [] if seat is None else [f"seat {seat} has the turn outside a manche"]
    problems = []
    deadline = match.next_deadline()
    if (deadline is not None) != bool(match.thinking_time):
        problems.append(f"deadline {deadline} with thinking time {match.thinking_time}")
    if seat is None or not 0 <= seat < match.config.seats:
        problems.append(f"no valid seat to play: {seat}")
    elif match.is_eliminated(seat):
        problems.append(f"eliminated seat {seat} has the turn")
    for other, hand in enumerate(view["hands"]):
        if match.is_eliminated(other) and hand:
            problems.append(f"eliminated seat {other} holds tiles")
    return problems


RULES: tuple[Rule, ...] = (_places, _chain, _scores, _turn)
