"""The easy and normal bots: one look at the legal moves, no memory.

easy: any legal move, uniformly at random.
normal: in team play it first plays for its partners when it has a choice
(``partners.py``): it leaves no partner both ends on numbers that partner has
shown it lacks, then keeps showing the number a partner left open; then the
heaviest playable tile (doubles win ties), on the end that leaves open the
number it holds most of; it draws only when it must.

Both answer at once: a ``Decision`` due at their pace after the turn began.
"""

from __future__ import annotations

import random
from collections import Counter

from audiogame.core.contract import Decision
from audiogame.games.domino.actions import Action, Draw, Play
from audiogame.games.domino.bots.partners import partner_view
from audiogame.games.domino.bots.seat import DominoBot
from audiogame.games.domino.observation import Observation
from audiogame.games.domino.tiles import End, Tile, tile_set


class EasyBot(DominoBot):
    level = "easy"

    def begin(self, observation: Observation, at: float) -> Decision:
        return Decision(at, easy_choice(observation, self.rng))


class NormalBot(DominoBot):
    level = "normal"

    def begin(self, observation: Observation, at: float) -> Decision:
        return Decision(at, normal_choice(observation))


def easy_choice(observation: Observation, rng: random.Random) -> Action:
    return rng.choice(observation.legal_actions())


def normal_choice(observation: Observation, *, for_partners: bool = True) -> Action:
    """The normal bot's move; ``for_partners=False`` is the same bot blind to its
    partners (how it played before it read them: the benchmark's yardstick)."""
    legal = observation.legal_actions()
    plays = [a for a in legal if isinstance(a, Play)]
    if not plays:
        return next((a for a in legal if isinstance(a, Draw)), legal[0])
    tiles = tile_set(observation.config.set_id)
    held = Counter(n for t in observation.hand for n in (t.a, t.b))
    partners = partner_view(observation) if for_partners else None

    def score(play: Play) -> tuple[int, int, int, bool, int]:
        tile = tiles[play.uid]
        shut, kept = 0, 0
        if partners is not None:
            ends = _ends_after(tile, play.end, observation)
            shut, kept = partners.shut_out(ends), partners.leads_kept(ends)
        opened = held[_left_open(tile, play.end, observation)]
        return (-shut, kept, tile.pips, tile.is_double, opened)

    return max(plays, key=score)


def _left_open(tile: Tile, end: End | None, observation: Observation) -> int:
    """The number this play leaves open on its end."""
    ends = observation.ends
    if ends is None:
        return tile.b
    touching = ends[0] if end is End.LEFT else ends[1]
    return tile.other(touching) if tile.has(touching) else tile.b


def _ends_after(tile: Tile, end: End | None, observation: Observation) -> tuple[int, int]:
    """The chain's two open ends after this play."""
    ends = observation.ends
    if ends is None:
        return (tile.a, tile.b)
    opened = _left_open(tile, end, observation)
    return (opened, ends[1]) if end is End.LEFT else (ends[0], opened)
