"""The server's clock as seen from a client: an offset estimated from ping/pong.

A race is heard on time only if every client knows the server's clock: a
landing at server time ``t`` is played when the client's own clock reads
``t - offset``. ``ClockSync`` estimates ``offset`` (server = client + offset)
from ping/pong exchanges. A ping leaves at client time ``sent``, the server
stamps its pong with its clock ``server``, the pong arrives at ``received``: the
server read its clock somewhere in between, so the true offset lies in
``[server - received, server - sent]``, whatever the two halves of the trip
took. Every sample is such an interval, and the offset lies in all of them: the
estimate is the middle of their intersection and its ``error`` half its width.
The lower end comes from the sample whose way back was the shortest, the upper
end from the one whose way out was; on a jittery line those are two different
pings, so many samples pin the offset far tighter than any one round trip
(100 ms ± 30 ms each way: within a few milliseconds after a few dozen pings),
and queueing delay only ever widens a sample, never moves the intersection.

The samples are taken from the newest back, as long as they agree (their
intervals still meet): a clock that drifts or jumps is followed, the older
samples that disagree with it set aside. At most ``window`` samples are kept,
none older than ``max_age`` seconds. Nothing here reads a clock or touches the
network: the client's network thread feeds ``add`` and the app's loop reads
``estimate``, an immutable value replaced whole.
"""

from __future__ import annotations

import math
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
    def __init__(self, window: int = 128, max_age: float = 120.0) -> None:
        if window < 1:
            raise ValueError("a window of at least one sample")
        self.window = window
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
        lower, upper = _meeting(samples)
        self.estimate = Estimate(
            offset=(lower + upper) / 2,
            error=(upper - lower) / 2,
            best_rtt=min(s.rtt for s in samples),
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


def _meeting(samples: deque[Sample]) -> tuple[float, float]:
    """Where the newest samples' offset intervals meet, taken back as long as they do."""
    lower, upper = -math.inf, math.inf
    for sample in reversed(samples):
        low = max(lower, sample.server - sample.received)
        high = min(upper, sample.server - sample.sent)
        if low > high:
            break
        lower, upper = low, high
    return lower, upper
