"""What a seat's partners have shown at the table, for the normal bot's team play.

Two public facts, both from this manche's history only:

- the numbers a partner is known to lack (it passed, or had to draw, while they
  showed: ``inference.infer``). Ends that both show such numbers shut it out:
  it can play only if the opponent in between opens something else;
- the number a partner chose to leave open with its latest tile, while it still
  shows: its lead (the normal bot leaves open the number it holds most of, so
  its partner reads it as "I have more of these").

The normal bot first avoids shutting a partner out, then keeps its lead. A
softer rule, leaving no single end on a number a partner lacks, was measured
and dropped: it lost to the bot blind to its partner (43% of matches,
``benchmarks/domino_partners.py``, docs/domino-engine.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from audiogame.games.domino.bots.inference import infer
from audiogame.games.domino.events import TilePlayed
from audiogame.games.domino.observation import Observation
from audiogame.games.domino.tiles import End


@dataclass(frozen=True, slots=True)
class PartnerView:
    """Per partner still in the manche: the numbers it lacks (a mask), its lead (or None)."""

    lacks: tuple[int, ...]
    leads: tuple[int | None, ...]

    def shut_out(self, ends: tuple[int, int]) -> int:
        """How many partners these ends leave nothing to play on, as far as is known."""
        return sum(1 for lacked in self.lacks if all(lacked >> n & 1 for n in ends))

    def leads_kept(self, ends: tuple[int, int]) -> int:
        """How many of these ends show a partner's lead."""
        return sum(1 for lead in self.leads for n in ends if n == lead)


def partner_view(observation: Observation) -> PartnerView | None:
    """What this seat's partners still playing have shown; None in individual play."""
    partners = [p for p in observation.partners() if observation.playing[p]]
    if not partners:
        return None
    slots = infer(observation)
    lacks = []
    for partner in partners:
        groups = slots[partner].groups if partner in slots else []
        # a number is lacked by the whole hand only if every group of its tiles lacks it
        mask = -1 if groups else 0
        for _, lacked in groups:
            mask &= lacked
        lacks.append(mask)
    leads = [_lead(observation, p) for p in partners]
    # a lead the partner has since passed on is no longer one
    leads = [
        None if lead is None or lacked >> lead & 1 else lead
        for lead, lacked in zip(leads, lacks, strict=True)
    ]
    return PartnerView(tuple(lacks), tuple(leads))


def _lead(observation: Observation, partner: int) -> int | None:
    """The number the partner's latest tile left open, while it still shows."""
    for event in reversed(observation.history):
        if isinstance(event, TilePlayed) and event.seat == partner:
            if event.opens:
                return None  # the opening tile is often forced: no choice, no hint
            left = event.left if event.end is End.LEFT else event.right
            ends = observation.ends
            return left if ends is not None and left in ends else None
    return None
