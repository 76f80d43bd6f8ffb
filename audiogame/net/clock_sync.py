"""The server's clock as seen from a client: an offset estimated from ping/pong.

A race is heard on time only if every client knows the server's clock: a
landing at server time ``t`` is played when the client's own clock reads
``t - offset``. ``ClockSync`` estimates ``offset`` (server = client + offset)
from ping/pong exchanges, NTP's way: a ping leaves at client time ``sent``, the
server stamps its pong with its clock ``server``, the pong arrives at
``received``; the round trip is ``received - sent`` and, if the two halves of
the trip took as long, the server read its clock at ``(sent + received) / 2``
on the client's clock. The true offset lies within half the round trip of that
estimate whatever the halves were, so the samples with the shortest round trips
are the ones to believe: queueing delay and jitter only ever lengthen a trip.

The estimate keeps the last ``window`` samples (and none older than
``max_age`` seconds, so a drifting clock is followed), takes the ``best``
ones by round trip and uses their median offset; its ``error`` is half the
shortest round trip (the bound on the true offset). Nothing here reads a clock
or touches the network: the client's network thread feeds ``add`` and the
app's loop reads ``estimate``, an immutable value replaced whole.
"""

from __future__ import annotations

import statistics
from collections import deque
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Sample:
    sent: float
    server: float
    received: float

    @property
    def rtt(self) -> float:
        return self.received - self.sent

    @property
    def offset(self) -> float:
        return self.server - (self.sent + self.received) / 2


@dataclass(frozen=True, slots=True)
class Estimate:
    """Server time = client time + ``offset``; the true offset lies within ``error``."""

    offset: float
    error: float
    #: the shortest round trip among the samples kept, and the median of all of them
    best_rtt: float
    median_rtt: float
    samples: int


class ClockSync:
    def __init__(self, window: int = 32, best: int = 4, max_age: float = 120.0) -> None:
        if window < 1 or best < 1:
            raise ValueError("a window and a best count of at least one sample")
        self.window = window
        self.best = best
        self.max_age = max_age
        self._samples: deque[Sample] = deque(maxlen=window)
        self.estimate: Estimate | None = None

    def add(self, sent: float, server: float, received: float) -> Estimate | None:
        """One ping's answer; returns the new estimate (a sample that cannot be right,
        a pong before its ping, is ignored)."""
        if not received >= sent:  # NaN too
            return self.estimate
        samples = self._samples
        samples.append(Sample(sent, server, received))
        while samples and received - samples[0].received > self.max_age:
            samples.popleft()
        ranked = sorted(samples, key=lambda s: s.rtt)
        chosen = ranked[: self.best]
        self.estimate = Estimate(
            offset=statistics.median(s.offset for s in chosen),
            error=ranked[0].rtt / 2,
            best_rtt=ranked[0].rtt,
            median_rtt=statistics.median(s.rtt for s in samples),
            samples=len(samples),
        )
        return self.estimate

    def server_time(self, client_time: float) -> float:
        """``client_time`` on the server's clock (the client's own before any sample)."""
        found = self.estimate
        return client_time if found is None else client_time + found.offset

    def client_time(self, server_time: float) -> float:
        found = self.estimate
        return server_time if found is None else server_time - found.offset
