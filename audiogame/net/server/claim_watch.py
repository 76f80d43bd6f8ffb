"""Whether a player's presses claim their whole bound more often than their line explains.

An honest client dates a press when the key went down; the server receives it
one way later. ``early = arrival - claimed`` is then half the line's lowest
round trip plus however long *this* packet queued on the way, so it reaches
the bound only when the packet queued about as long as the line's worst
(``net.server.rtt``: the bound is half the floor plus the pings' 95th-percentile
spread). A modified client that dates every press as early as it may ("I
pressed 10 s ago", or exactly its bound) sits there every time.

``ClaimWatch.judge`` notes, for each dated press, whether it *sat at the
bound* (``early >= bound - band``), and compares how many of the last
``window`` presses did with how many an honest player's would. That rate is the
larger of the share of the server's own pings whose spread reached the same
height (``LineMeter.tail``; one packet's queuing is never more than a whole
round trip's) and the share of the steadiest other player at the table (a busy
machine delays every press of a busy moment at once, which the pings taken
between the presses do not show), taken ``MARGIN`` larger, and never less than
``BASE_RATE``. When the count is one that an honest player would reach with a
probability under ``ALPHA`` (a binomial tail), the player is caught: the table
holds them to their line's own delay (no jitter allowance) and logs it for the
operator. At ``BASE_RATE`` that is 7 presses in a row at the bound, or 12 of
the last 24.
"""

from __future__ import annotations

import math
from collections import deque

from audiogame.net.server.rtt import LineMeter

#: an honest line is assumed to put a press at its bound at least this often
BASE_RATE = 0.1
#: the honest line's share, read from a few dozen pings, is taken this much larger
MARGIN = 1.5
#: how near its bound a press counts as at it: this share of the jitter allowance
BAND_SHARE = 0.1
#: a count whose chance on an honest line is below this is a client that claims too much
ALPHA = 1e-6
WINDOW = 24
#: another player's share at the bound counts once it rests on this many presses
MIN_SHARE = 8


def tail_chance(n: int, k: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p)."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    return math.fsum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1))


class ClaimWatch:
    def __init__(self, window: int = WINDOW, alpha: float = ALPHA) -> None:
        self.alpha = alpha
        self._sat: deque[bool] = deque(maxlen=window)
        self.caught = False
        #: the presses judged and those that sat at their bound (for the operator's log)
        self.judged = 0
        self.sat = 0

    @property
    def window(self) -> tuple[bool, ...]:
        """Whether each of the last presses sat at its bound."""
        return tuple(self._sat)

    def judge(self, early: float | None, bound: float, band: float, honest: float) -> bool:
        """One press: ``early`` how much before its arrival it was dated (None: not
        dated, or from the future), ``bound`` what it was allowed, ``band`` how near
        the bound counts as at it, ``honest`` how often the line itself reaches there.
        True when this press catches the player (once)."""
        if self.caught or early is None or not math.isfinite(early) or early < 0.0:
            return False
        sits = early >= bound - band
        self._sat.append(sits)
        self.judged += 1
        self.sat += sits
        rate = min(1.0, max(BASE_RATE, honest * MARGIN))
        count = sum(self._sat)
        if rate < 1.0 and tail_chance(len(self._sat), count, rate) < self.alpha:
            self.caught = True
            return True
        return False

    @property
    def share(self) -> float | None:
        """How often the last presses sat at their bound (None: too few to tell)."""
        return sum(self._sat) / len(self._sat) if len(self._sat) >= MIN_SHARE else None

    def judge_line(
        self, meter: LineMeter, early: float | None, bound: float, others: float = 0.0
    ) -> bool:
        """``judge`` against the player's line: at the bound within a tenth of its
        jitter allowance, as often as its pings' own spread reaches that height, or as
        the steadiest other player at the table sits there (``others``: what a busy
        machine does to every press at once, which the pings taken between the presses
        do not see)."""
        jitter = meter.jitter()
        band = jitter * BAND_SHARE  # a tenth of the allowance: a grain earns a tenth of one
        return self.judge(early, bound, band, max(meter.tail(jitter - band), others))
