"""What the others' choices of tile suggest about their hands.

A pass says for certain what a seat lacks (``inference.py``); a play says less,
but not nothing: players lean to their heavier tiles (they count against them
if the manche ends), so a seat that played a light tile while it could have
played a heavy one probably held no heavy one that fitted. The hard bot weighs
each deal it imagines by how likely the plays it heard would have been from
those hands: with the tiles that fitted then, each tile chosen with odds
growing ``exp(bias * pips)`` (``bias`` 0: every fitting tile alike, nothing
learnt; very large: always the heaviest).

A partner is read otherwise: it searches as this bot does, and a searching
bot's choices barely lean to heavy tiles (with the heavy bias its own plays were
less likely than with none). Its plays are read by ``SEARCHER``, a conditional
logit fitted on the hard bot's own choices in 1,191 decisions of team games,
hands known; on 3,557 decisions of other games it gives the choice made -0.73
nats each, a uniform pick -0.95, the heavy bias -1.21 (and -0.74, -0.94, -1.18
on 1,968 more: ``benchmarks/domino_partner_model.py`` fits it again and checks
these numbers against this code). Above all a searching bot leaves open a
number it holds more of, and one the table already shows often.

An opponent may be either kind of player, and which one shows in its plays:
``kinds`` reads each opponent's plays both ways, as a heavy-tile player's (its
heaviest fitting tile, but for a rare lapse: ``heavy_log``) and as a searcher's
(``searcher_log``), and weighs a deal by the mixture of the two. So a deal that
fits the plays under either reading keeps its weight, and on each deal the bot
knows how likely each opponent is to be the heavy-tile player. On our pair's
decisions in 50 games against each, the truth's share of the deals rose from
0.400 to 0.411 against ``bota_gorda`` and from 0.396 to 0.406 against the
package's searcher: better than either reading alone against the player it does
not describe (``benchmarks/domino_inference.py --deals 25 --seed 31``, reading
"kinds learnt"). It won no more games, so the hard bot does not read so
(``hard.KINDS``).

Only plays made since the seat's last draw count: before a draw its hand held
tiles the bot cannot place. The opening tile counts for nothing (often forced).
Everything comes from the observation's public history.
"""

from __future__ import annotations

import math
from collections.abc import Container, Sequence
from typing import NamedTuple

from audiogame.games.domino.events import Drew, MancheStarted, TilePlayed
from audiogame.games.domino.observation import Observation
from audiogame.games.domino.tiles import SETS, End, Tile


class Choice(NamedTuple):
    """One play heard: who, the ends it faced, the tile, and the tiles that seat has
    played since (so its hand then is its hand now plus these); the number the tile
    left open, and how many tiles on the table then showed each number."""

    seat: int
    ends: tuple[int, int]
    tile: Tile
    since: tuple[Tile, ...]
    opened: int = 0
    shown: tuple[int, ...] = ()


def choices_heard(observation: Observation) -> list[Choice]:
    """The other seats' plays that tell something, oldest first."""
    me = observation.seat
    plays: list[tuple[int, tuple[int, int], Tile, int, tuple[int, ...]]] = []
    shown = [0] * (SETS[observation.config.set_id].top + 1)
    for event in observation.history:
        if isinstance(event, MancheStarted):
            plays = []
            shown = [0] * len(shown)
        elif isinstance(event, Drew):
            plays = [p for p in plays if p[0] != event.seat]  # its hand then is unknown
        elif isinstance(event, TilePlayed):
            if event.seat != me and not event.opens:
                after = event.ends
                left = event.end is End.LEFT
                before = (event.right, after[1]) if left else (after[0], event.left)
                opened = after[0] if left else after[1]
                plays.append((event.seat, before, event.tile, opened, tuple(shown)))
            shown[event.tile.a] += 1
            if event.tile.b != event.tile.a:
                shown[event.tile.b] += 1
    out = []
    for i, (seat, ends, tile, opened, before_shown) in enumerate(plays):
        since = tuple(p[2] for p in plays[i:] if p[0] == seat)
        out.append(Choice(seat, ends, tile, since, opened, before_shown))
    return out


def weight(
    choices: Sequence[Choice],
    hands: Sequence[Sequence[Tile]],
    bias: float,
    searchers: Container[int] = (),
    read: float = 0.0,
) -> float:
    """How likely the plays heard were, had the seats held ``hands`` (up to a factor
    the same for every deal). The plays of ``searchers`` (seats known to play as
    this bot does: its partners) are read by ``searcher_log`` at strength ``read``
    (0: as any other seat's)."""
    log = 0.0
    for choice in choices:
        seat, (left, right), chosen, since = choice[:4]
        if read and seat in searchers:
            log += read * searcher_log(choice, hands[seat])
            continue
        total = 0.0
        for held in (hands[seat], since):
            for _, a, b in held:
                if a == left or b == left or a == right or b == right:
                    total += math.exp(bias * (a + b - chosen[1] - chosen[2]))
        log -= math.log(total)
    return math.exp(log)


#: how a searching bot's choice of tile leans (a conditional logit fitted on its own
#: plays in team games; ``searcher_log``): per pip, a double, per tile of the hand
#: left holding the number opened, the other end's, the number covered, both ends
#: alike, per tile on the table showing the number opened
SEARCHER = (0.063, 0.398, 0.842, 0.05, -0.521, 0.487, 0.576)


def searcher_log(choice: Choice, hand_now: Sequence[Tile]) -> float:
    """The log-likelihood of a searching bot's play, had it held ``hand_now`` plus the
    tiles it played since: a softmax over every play that fitted then."""
    _, (left, right), chosen, since, opened, shown = choice
    pips, double, hold_open, hold_other, hold_covered, alike, dead = SEARCHER
    hand = [*hand_now, *since]
    count = [0] * len(shown)  # tiles of the hand showing each number
    for _, a, b in hand:
        count[a] += 1
        if b != a:
            count[b] += 1
    chosen_value = None
    values = []
    for uid, a, b in hand:
        if not (a == left or b == left or a == right or b == right):
            continue
        own = pips * (a + b) + double * (a == b)
        for covered, other in ((left, right), (right, left)):
            if a == covered or b == covered:
                out = b if a == covered else a
                # the counts in the hand left: this tile shows ``covered`` and ``out``
                value = (
                    own
                    + hold_open * (count[out] - 1)
                    + hold_other * (count[other] - (a == other or b == other))
                    + hold_covered * (count[covered] - 1)
                    + alike * (out == other)
                    + dead * shown[out]
                )
                values.append(value)
                if uid == chosen[0] and out == opened and chosen_value is None:
                    chosen_value = value
            if left == right:
                break
    if chosen_value is None:  # not a play this hand could make: no evidence
        return 0.0
    top = max(values)
    return chosen_value - top - math.log(sum(math.exp(v - top) for v in values))


#: how often a heavy-tile player is believed to play other than its heaviest fitting
#: tile (``heavy_log``): a slip, or a rule of its own the model does not know
LAPSE = 0.02


def heavy_log(choice: Choice, hand_now: Sequence[Tile]) -> float:
    """The log-likelihood of a heavy-tile player's play (``bota_gorda``, the normal
    bot), had it held ``hand_now`` plus the tiles it played since: its heaviest
    fitting tile, any of equal weight alike, anything else only by a lapse."""
    _, (left, right), chosen, since = choice[:4]
    weights = [
        a + b
        for held in (hand_now, since)
        for _, a, b in held
        if a == left or b == left or a == right or b == right
    ]
    if not weights:  # not a play this hand could make: no evidence
        return 0.0
    top = max(weights)
    slip = LAPSE / len(weights)
    if chosen[1] + chosen[2] == top:
        return math.log((1 - LAPSE) / weights.count(top) + slip)
    return math.log(slip)


def kinds(
    choices: Sequence[Choice], hands: Sequence[Sequence[Tile]], seats: Container[int], prior: float
) -> tuple[float, dict[int, float]]:
    """The plays of ``seats`` read as from one of two kinds of player, each seat
    its own: a heavy-tile player (``heavy_log``; ``prior``, the chance of that
    before any play) or a searcher (``searcher_log``). How likely their plays
    heard were, had they held ``hands`` (as ``weight``), and for each seat heard
    the chance, on these hands, that it is the heavy-tile player."""
    logs: dict[int, list[float]] = {}
    for choice in choices:
        if choice.seat in seats:
            hand = hands[choice.seat]
            pair = logs.setdefault(choice.seat, [0.0, 0.0])
            pair[0] += heavy_log(choice, hand)
            pair[1] += searcher_log(choice, hand)
    likely = 1.0
    heavy: dict[int, float] = {}
    for seat, (as_heavy, as_searcher) in logs.items():
        a = prior * math.exp(as_heavy)
        b = (1 - prior) * math.exp(as_searcher)
        likely *= a + b
        heavy[seat] = a / (a + b) if a + b else prior
    return likely, heavy
