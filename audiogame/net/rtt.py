"""A player's round trip as the server measures it, and the lag compensation it allows.

A real-time table believes a press dated earlier than its arrival by at most
``min(rtt / 2 + margin, cap)`` (issue 15: 20 ms and 150 ms). The round trip is
the server's own measurement (WebSocket pings it sends and times, never a
number the client reports), the median of the last few: jitter is covered, a
single slow ping is not taken for the line. Before any measurement the bound is
the cap, so a player is never punished for joining; a client that delays its
pongs to look slow gains at most the cap, which is what the cap is for.
"""

from __future__ import annotations

import statistics
from collections import deque

#: issue 15's bound: [arrival - min(rtt / 2 + MARGIN, CAP), arrival]
MARGIN = 0.020
CAP = 0.150


class RttMeter:
    def __init__(self, keep: int = 8, margin: float = MARGIN, cap: float = CAP) -> None:
        self.margin = margin
        self.cap = cap
        self._samples: deque[float] = deque(maxlen=keep)

    def add(self, rtt: float) -> None:
        if rtt >= 0.0:  # NaN and nonsense are not samples
            self._samples.append(rtt)

    @property
    def rtt(self) -> float | None:
        return statistics.median(self._samples) if self._samples else None

    def bound(self) -> float:
        """How much earlier than its arrival a press may be dated."""
        rtt = self.rtt
        return self.cap if rtt is None else min(rtt / 2 + self.margin, self.cap)


def clamp_claim(claimed: float | None, arrival: float, bound: float) -> float:
    """The press time the server believes: the claim held within
    [arrival - bound, arrival]; no claim (or one that is not a number) is the arrival."""
    if claimed is None or claimed != claimed or claimed in (float("inf"), float("-inf")):
        return arrival
    return min(max(claimed, arrival - bound), arrival)
