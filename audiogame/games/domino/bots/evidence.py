"""What the others' choices of tile suggest about their hands.

A pass says for certain what a seat lacks (``inference.py``); a play says less,
but not nothing: players lean to their heavier tiles (they count against them
if the manche ends), so a seat that played a light tile while it could have
played a heavy one probably held no heavy one that fitted. The hard bot weighs
each deal it imagines by how likely the plays it heard would have been from
those hands: with the tiles that fitted then, each tile chosen with odds
growing ``exp(bias * pips)`` (``bias`` 0: every fitting tile alike, nothing
learnt; very large: always the heaviest).

Only plays made since the seat's last draw count: before a draw its hand held
tiles the bot cannot place. The opening tile counts for nothing (often forced).
Everything comes from the observation's public history.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from audiogame.games.domino.events import Drew, MancheStarted, TilePlayed
from audiogame.games.domino.observation import Observation
from audiogame.games.domino.tiles import End, Tile


class Choice(NamedTuple):
    """One play heard: who, the ends it faced, the tile, and the tiles that seat has
    played since (so its hand then is its hand now plus these)."""

    seat: int
    ends: tuple[int, int]
    tile: Tile
    since: tuple[Tile, ...]


def choices_heard(observation: Observation) -> list[Choice]:
    """The other seats' plays that tell something, oldest first."""
    me = observation.seat
    plays: list[tuple[int, tuple[int, int], Tile]] = []
    for event in observation.history:
        if isinstance(event, MancheStarted):
            plays = []
        elif isinstance(event, Drew):
            plays = [p for p in plays if p[0] != event.seat]  # its hand then is unknown
        elif isinstance(event, TilePlayed) and event.seat != me and not event.opens:
            after = event.ends
            before = (event.right, after[1]) if event.end is End.LEFT else (after[0], event.left)
            plays.append((event.seat, before, event.tile))
    out = []
    for i, (seat, ends, tile) in enumerate(plays):
        since = tuple(t for s, _, t in plays[i:] if s == seat)
        out.append(Choice(seat, ends, tile, since))
    return out


def weight(choices: Sequence[Choice], hands: Sequence[Sequence[Tile]], bias: float) -> float:
    """How likely the plays heard were, had the seats held ``hands`` (up to a factor
    the same for every deal)."""
    log = 0.0
    for seat, (left, right), chosen, since in choices:
        total = 0.0
        for held in (hands[seat], since):
            for _, a, b in held:
                if a == left or b == left or a == right or b == right:
                    total += math.exp(bias * (a + b - chosen[1] - chosen[2]))
        log -= math.log(total)
    return math.exp(log)
