"""Tiles written as text ("1|2 2|5 5|4"), for scripted deals in tutorials and tests.

``fixed_deal(config, hands, boneyard)`` turns text hands into a ``Deal`` action;
tiles not named anywhere go to the bottom of the boneyard (drawn last), in uid
order. In a multiplied set each mention of a pair takes the next unused copy.
"""

from __future__ import annotations

from collections.abc import Sequence

from audiogame.games.domino.actions import Deal
from audiogame.games.domino.options import DominoConfig
from audiogame.games.domino.tiles import Tile, tile_set


def parse_tiles(set_id: str, text: str, used: set[int] | None = None) -> list[Tile]:
    """The tiles named in ``text``; ``used`` uids are skipped (and updated)."""
    used = set() if used is None else used
    out = []
    for word in text.split():
        x, y = (int(n) for n in word.split("|"))
        a, b = min(x, y), max(x, y)
        tile = next(t for t in tile_set(set_id) if (t.a, t.b) == (a, b) and t.uid not in used)
        used.add(tile.uid)
        out.append(tile)
    return out


def fixed_deal(config: DominoConfig, hands: Sequence[str], boneyard: str = "") -> Deal:
    """A ``Deal`` from text: ``hands[seat]``; ``boneyard`` lists the first draws first."""
    used: set[int] = set()
    dealt = tuple(tuple(t.uid for t in parse_tiles(config.set_id, h, used)) for h in hands)
    top = [t.uid for t in parse_tiles(config.set_id, boneyard, used)]
    rest = [t.uid for t in tile_set(config.set_id) if t.uid not in used]
    # The engine draws from the end of the boneyard: named tiles go last, first one on top.
    return Deal(dealt, tuple(rest + top[::-1]))
