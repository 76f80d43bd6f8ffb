"""A player's line as the server measures it, and the lag compensation it allows.

A real-time table believes a press dated earlier than its arrival by at most
``bound = min(cap, floor / 2 + jitter)`` (docs/online-protocol.md, "What
bounds a claim", says why each part is there):

- ``floor``: the line's lowest round trip. The server times its own WebSocket
  pings; the lowest of the last ``keep`` is the line when nothing queued. A
  modified client can hold its pongs to look slow, so the floor is never above
  the operating system's own lowest TCP round trip for the connection plus
  ``AGREE`` (``ceiling``, from ``net.server.kernel_rtt``; or what a trusted proxy in
  front reported): holding pongs gains at most ``AGREE / 2``.
- ``jitter``: the allowance beyond the one-way delay, for a press whose packet
  queued on the way. It is what the pings show of the line's variation (the
  95th percentile of the round trips less their lowest), never less than
  ``GRAIN`` (the server's and the client's own timing) and never more than
  ``JITTER_SHARE`` of the floor (``JITTER_MIN_CAP`` on a short line) or the
  variation every line at the table shows (``shared``, the steadiest one's:
  a busy server's own, which no client can fake), whichever is larger: a
  client that fakes a jittery line by holding its pongs for varying times
  gains no more than that. An honest press sits at the bound only when its own
  packet queued as long as the line's worst; a client whose presses sit there
  far more often is ``held`` (``net.server.claim_watch``): its allowance is ``GRAIN``.
- Before the first pings (a player just seated) the floor is the ceiling when
  there is one; with neither the bound is the cap, so nobody is punished for
  joining.
"""

from __future__ import annotations

import math
import statistics
from collections import deque
from collections.abc import Sequence

#: the most a press may be dated before its arrival unless the server says otherwise
CAP = 0.150
#: the server's and the client's own timing: timers, loops, the client's clock estimate
GRAIN = 0.001
#: how much slower than the kernel's lowest round trip the lowest pong may honestly be:
#: the two programs' own handling of a ping, which the kernel does not see
AGREE = 0.002
#: the jitter allowance is at most this share of the floor, and at most this on a short line
JITTER_SHARE = 0.4
JITTER_MIN_CAP = 0.005
#: the pings' spread is read at this quantile, from this many of them at least
QUANTILE = 0.95
MIN_SAMPLES = 4
#: pongs slower than the ceiling are told (the log) only over this many of them
STRETCH_SAMPLES = 32
#: a line's spread counts for the table's shared variation once it rests on this many
#: pings (six seconds at the usual pace), read at a lower quantile: it then leaves out the
#: two or three pings a stall of the whole machine delayed
SHARED_SAMPLES = 24
SHARED_QUANTILE = 0.90
KEEP = 64


class LineMeter:
    def __init__(self, cap: float = CAP, keep: int = KEEP) -> None:
        self.cap = cap
        self._pongs: deque[float] = deque(maxlen=keep)
        #: the lowest round trip the system (or a trusted proxy) saw, plus AGREE
        self.ceiling: float | None = None
        #: the client's presses sat at their bound too often: no jitter allowance
        self.held = False
        #: the variation the steadiest line at the table shows (the table sets it)
        self.shared = 0.0

    def add(self, rtt: float, ceiling: float | None = None) -> None:
        """One ping's round trip, and the connection's ceiling as it stands."""
        if ceiling is not None and math.isfinite(ceiling) and ceiling >= 0.0:
            self.ceiling = ceiling + AGREE
        if math.isfinite(rtt) and rtt >= 0.0:  # NaN and nonsense are not samples
            self._pongs.append(rtt)

    @property
    def pongs(self) -> Sequence[float]:
        return tuple(self._pongs)

    @property
    def rtt(self) -> float | None:
        """The pings' median round trip (what the diagnostics say)."""
        return statistics.median(self._pongs) if self._pongs else None

    @property
    def floor(self) -> float | None:
        """The line's lowest round trip, never above the ceiling."""
        found = [x for x in (min(self._pongs, default=None), self.ceiling) if x is not None]
        return min(found) if found else None

    @property
    def stretched(self) -> float:
        """How much the lowest pong exceeds the ceiling (0: they agree, or too few pongs
        to tell: the first ones may all come while the machine is busy)."""
        if len(self._pongs) < STRETCH_SAMPLES or self.ceiling is None:
            return 0.0
        return max(0.0, min(self._pongs) - self.ceiling)

    def spread(self, least: int = MIN_SAMPLES, quantile: float = QUANTILE) -> float | None:
        """The pings' variation: their high quantile less their lowest (None: fewer than
        ``least`` pings)."""
        if len(self._pongs) < max(least, 1):
            return None
        ordered = sorted(self._pongs)
        return ordered[math.ceil(quantile * (len(ordered) - 1))] - ordered[0]

    def jitter(self) -> float:
        """The allowance beyond the one-way delay."""
        floor = self.floor
        most = max(JITTER_SHARE * (floor or 0.0), JITTER_MIN_CAP, self.shared)
        if self.held:
            return GRAIN
        spread = self.spread()
        return most if spread is None else min(max(spread, GRAIN), most)

    def tail(self, above: float) -> float:
        """The share of the pings whose spread reached ``above``: how often an honest
        press of this line queues that long (its packet's queuing is never more than
        a whole round trip's)."""
        if len(self._pongs) < MIN_SAMPLES:
            return 1.0
        lowest = min(self._pongs)
        return sum(1 for x in self._pongs if x - lowest >= above) / len(self._pongs)

    def bound(self) -> float:
        """How much earlier than its arrival a press may be dated."""
        floor = self.floor
        if floor is None:
            return self.cap
        return max(0.0, min(floor / 2 + self.jitter(), self.cap))


def clamp_claim(claimed: float | None, arrival: float, bound: float) -> float:
    """The press time the server believes: the claim held within
    [arrival - bound, arrival]; no claim (or one that is not a number) is the arrival."""
    if claimed is None or claimed != claimed or claimed in (float("inf"), float("-inf")):
        return arrival
    return min(max(claimed, arrival - bound), arrival)
