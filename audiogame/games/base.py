"""What every game event shares: who may know it.

Engines emit events (frozen dataclasses) that carry an ``audience``. Narration,
and one day a network server, only read the events a seat may see, so hidden
information (the tile you drew) cannot leak by construction.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Audience value meaning "every seat and every spectator".
EVERYONE: frozenset[int] | None = None


@dataclass(frozen=True)
class Audience:
    """Who may know an event: everyone (``seats is None``) or just these seats."""

    seats: frozenset[int] | None = None

    @classmethod
    def everyone(cls) -> Audience:
        return cls(None)

    @classmethod
    def only(cls, *seats: int) -> Audience:
        return cls(frozenset(seats))

    def includes(self, seat: int | None) -> bool:
        """True when ``seat`` may know the event; ``None`` is a spectator."""
        if self.seats is None:
            return True
        return seat is not None and seat in self.seats


PUBLIC = Audience.everyone()


def visible_to(event: object, seat: int | None) -> bool:
    """Whether a seat may know an event (events without an audience are public)."""
    audience = getattr(event, "audience", PUBLIC)
    return audience.includes(seat)
