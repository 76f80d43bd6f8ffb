"""When each message reached the server, as the loop read it off the socket.

A connection's limits judge a client's pace (``limits.TokenBucket``,
``limits.AbuseMeter``). Judged by the time the connection got round to handling
each message, a busy server would see a person's calm keys as a burst (they
waited in the queue, then are handled back to back) and a flood as a trickle
(the bucket refills while the server works through it). ``StampedConnection``
notes the loop's clock as each complete message is read, before it waits in
the queue; the connection takes the stamps in the same order as the messages.
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

    def process_event(self, event: Any) -> None:
        # a message is complete at its last frame (the server never splits its own)
        if isinstance(event, Frame) and event.opcode in DATA_OPCODES and event.fin:
            self.arrivals.append(self.loop.time())
        super().process_event(event)

    def arrived(self) -> float:
        """When the message just handed out was read (now, if it was never stamped)."""
        return self.arrivals.popleft() if self.arrivals else self.loop.time()
