"""What a seat can infer about hidden hands from what it heard.

Each other seat's hand is tracked as groups of tiles ("slots") with the numbers
those tiles are known to lack: a seat that passes, or has to draw, while the
ends show 3 and 5 holds no 3 and no 5 at that moment; tiles it draws later are
unknown again. A play removes one tile from the newest group it could have come
from. Only the observation's public history is read, so nothing hidden leaks.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from audiogame.games.domino.events import (
    Drew,
    MancheStarted,
    PassCause,
    Passed,
    TilePlayed,
)
from audiogame.games.domino.observation import Observation


@dataclass
class Slots:
    """One seat's hidden hand: groups of ``[count, mask of numbers lacked]``."""

    groups: list[list[int]] = field(default_factory=list)

    def lack(self, ends: tuple[int, int] | None, newest_only: bool = False) -> None:
        if ends is None:
            return
        bits = (1 << ends[0]) | (1 << ends[1])
        for group in self.groups[-1:] if newest_only else self.groups:
            group[1] |= bits

    def add(self, count: int) -> None:
        self.groups.append([count, 0])

    def remove(self, a: int, b: int) -> None:
        bits = (1 << a) | (1 << b)
        for group in reversed(self.groups):
            if group[0] and not group[1] & bits:
                group[0] -= 1
                break
        else:  # our bookkeeping was too strict: take it from any group
            for group in reversed(self.groups):
                if group[0]:
                    group[0] -= 1
                    break
        self.groups = [g for g in self.groups if g[0] > 0]


def infer(observation: Observation) -> dict[int, Slots]:
    """Slots for every other seat dealt into this manche."""
    me = observation.seat
    forced_draws = not observation.config.draw_with_playable
    slots: dict[int, Slots] = {}
    for event in observation.history:
        seat = getattr(event, "seat", None)
        if isinstance(event, MancheStarted):
            slots = {s: Slots([[n, 0]]) for s, n in enumerate(event.hand_sizes) if s != me and n}
        elif seat == me or seat not in slots:
            continue
        elif isinstance(event, TilePlayed):
            slots[event.seat].remove(event.tile.a, event.tile.b)
        elif isinstance(event, Drew):
            if forced_draws:
                slots[event.seat].lack(event.ends)
            slots[event.seat].add(event.count)
        elif isinstance(event, Passed):
            if event.cause is PassCause.STUCK:
                slots[event.seat].lack(event.ends)
            elif event.cause is PassCause.DRAWN_TILE_DOES_NOT_FIT:
                slots[event.seat].lack(event.ends, newest_only=not forced_draws)
    _check_counts(slots, observation)
    return slots


def _check_counts(slots: dict[int, Slots], observation: Observation) -> None:
    """Trust the public hand counts over our bookkeeping if they ever differ."""
    for seat, s in slots.items():
        count = observation.hand_counts[seat]
        have = sum(g[0] for g in s.groups)
        if have != count:
            s.groups = [[count, 0]] if count else []
