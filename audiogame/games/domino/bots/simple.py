"""The easy and normal bots: one look at the legal moves, no memory.

easy: any legal move, uniformly at random.
normal: the heaviest playable tile first (doubles win ties), on the end that
leaves open the number it holds most of; it draws only when it must.
"""

from __future__ import annotations

import random
from collections import Counter

from audiogame.games.domino.actions import Action, Draw, Play
from audiogame.games.domino.observation import Observation
from audiogame.games.domino.tiles import End, Tile, tile_set


class EasyBot:
    level = "easy"

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        return rng.choice(observation.legal_actions())


class NormalBot:
    level = "normal"

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = observation.legal_actions()
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            return next((a for a in legal if isinstance(a, Draw)), legal[0])
        tiles = tile_set(observation.config.set_id)
        held = Counter(n for t in observation.hand for n in (t.a, t.b))

        def score(play: Play) -> tuple[int, bool, int]:
            tile = tiles[play.uid]
            return (tile.pips, tile.is_double, held[_left_open(tile, play.end, observation)])

        return max(plays, key=score)


def _left_open(tile: Tile, end: End | None, observation: Observation) -> int:
    """The number this play leaves open on its end."""
    ends = observation.ends
    if ends is None:
        return tile.b
    touching = ends[0] if end is End.LEFT else ends[1]
    return tile.other(touching) if tile.has(touching) else tile.b
