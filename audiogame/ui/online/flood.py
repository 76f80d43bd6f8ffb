"""How much of what other people say reaches the player's speech: ``SpeechGate``.

Chat, private messages and the table's notices are spoken as they come. A
server that floods them (a broken one, a hostile one, a room gone wild) would
keep the player's screen reader busy for minutes and bury the game under it.
The gate lets a burst through (``burst`` lines) and then ``per_second``; once a
line is over the limit the flood is said once, and nothing more is spoken until
the bucket is full again (a quiet moment): every line still goes to the history,
where the player reads it at their pace. Time is passed in: the gate is pure.
"""

from __future__ import annotations

#: lines spoken at once, then lines a second (far above what people type: a server
#: of ours holds each writer to a few lines a second)
BURST = 20.0
PER_SECOND = 3.0


class SpeechGate:
    __slots__ = ("burst", "per_second", "tokens", "at", "flooding")

    def __init__(self, burst: float = BURST, per_second: float = PER_SECOND) -> None:
        self.burst = burst
        self.per_second = per_second
        self.tokens = burst
        self.at: float | None = None
        #: over the limit: said once, silent until the bucket fills again
        self.flooding = False

    def admit(self, now: float) -> str:
        """``"speak"``, ``"warn"`` (the first line over: say the flood), or ``"keep"``
        (into the history only)."""
        if self.at is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.at) * self.per_second)
        self.at = now
        if self.flooding and self.tokens >= self.burst:
            self.flooding = False
        if self.flooding:  # a flood that goes on keeps the bucket empty
            self.tokens = max(0.0, self.tokens - 1.0)
            return "keep"
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return "speak"
        self.flooding = True
        return "warn"
