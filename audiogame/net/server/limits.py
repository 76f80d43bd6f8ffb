"""How much one connection may send: a token bucket, and a tally of refused frames.

A player pressing keys sends a few messages a second; a burst (a key held
down, a paste into the chat line) is allowed up to ``burst``. Past the rate
each frame is refused (``Reason.SLOW_DOWN``) and counts as abuse, and so does
every malformed, unknown, oversized or out-of-order frame. Abuse points fade
with time (``forgive_per_second``), so a client that trips once now and then
is never cut off; one that keeps at it reaches ``close_at`` and is closed.
Time is passed in (seconds on any monotonic clock): the limits are pure.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Limits:
    rate: float = 20.0  # frames per second, sustained
    burst: float = 40.0
    forgive_per_second: float = 1.0
    close_at: float = 20.0


class TokenBucket:
    __slots__ = ("rate", "burst", "tokens", "at")

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.at = now

    def take(self, now: float) -> bool:
        """One frame at ``now``: True when within the limit."""
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class AbuseMeter:
    __slots__ = ("limits", "points", "at")

    def __init__(self, limits: Limits, now: float) -> None:
        self.limits = limits
        self.points = 0.0
        self.at = now

    def strike(self, now: float, weight: float = 1.0) -> bool:
        """Count one refused frame; True when the connection must now be closed."""
        self.points = max(0.0, self.points - (now - self.at) * self.limits.forgive_per_second)
        self.at = now
        self.points += weight
        return self.points >= self.limits.close_at
