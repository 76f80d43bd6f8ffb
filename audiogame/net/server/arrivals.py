"""When each message reached the server, as the loop read it off the socket.

A connection's limits judge a client's pace (``limits.TokenBucket``,
``limits.AbuseMeter``). Judged by the time the connection got round to handling
each message, a busy server would see a person's calm keys as a burst (they
waited in the queue, then are handled back to back) and a flood as a trickle
(the bucket refills while the server works through it). ``StampedConnection``
notes the loop's clock as each read from the socket begins, before its messages
wait in the queue; the connection takes the stamps in the same order as the
messages. Messages one read brought came at one moment: stamped by the clock
as each was parsed, a starved process (or a traced one) would spread a burst
over milliseconds and refill the bucket between its messages.
"""

from __future__ import annotations

import collections
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.frames import DATA_OPCODES, Frame


class StampedConnection(ServerConnection):
    """A websockets server connection that stamps every message as it is read."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.arrivals: collections.deque[float] = collections.deque()
        self._read_at: float | None = None

    def data_received(self, data: bytes) -> None:
        self._read_at = self.loop.time()
        try:
            super().data_received(data)
        finally:
            self._read_at = None

    def process_event(self, event: Any) -> None:
        # a message is complete at its last frame (the server never splits its own)
        if isinstance(event, Frame) and event.opcode in DATA_OPCODES and event.fin:
            read_at = self._read_at
            self.arrivals.append(self.loop.time() if read_at is None else read_at)
        super().process_event(event)

    def arrived(self) -> float:
        """When the message just handed out was read (now, if it was never stamped)."""
        return self.arrivals.popleft() if self.arrivals else self.loop.time()
