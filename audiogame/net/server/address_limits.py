"""How much one network address may take of a public server: ``AddressGate``.

Two bounds, both per address (time is passed in), counted in this process's memory,
or for every server process at once when they share Redis (``shared_limits``):

- open connections at once (``per_address``): a household behind one router
  may bring a few players and a couple of spare connections; a script opening
  thousands to fill the server (``max_connections``) is stopped at the count;
- new guests in a window (``guests``: a bucket of that many, refilled over
  ``guest_window`` seconds): a guest costs the server a player it remembers
  for a while; a person who comes back resumes with their token and makes
  none, a script making guests in a loop runs out at once.

Loopback is exempt unless told otherwise (``limit_loopback``): a LAN host's
own app joins its server over loopback, the tests run every client from
127.0.0.1, and whoever connects from this machine already holds the machine.
(A server behind a proxy on the same machine believes its forwarded-for with
``--trusted-proxy``; otherwise it sees every player as loopback.)
"""

from __future__ import annotations

import ipaddress
from collections import Counter
from dataclasses import dataclass
from typing import Protocol

from audiogame.net.server.login_limits import CounterFactory, memory_counters


@dataclass(frozen=True, slots=True)
class AddressLimits:
    #: connections open at once from one address
    per_address: int = 16
    #: new guests one address may make in ``guest_window`` seconds (a burst of as many)
    guests: float = 10.0
    guest_window: float = 600.0
    #: apply the bounds to connections from this machine too
    limit_loopback: bool = False
    max_keys: int = 100_000


def is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:  # not an address (a Unix socket, a test's stand-in): not loopback
        return False


class SharedConnections(Protocol):
    """Connections open per address, counted for every server process (Redis)."""

    async def connect(self, address: str, bound: int) -> bool | None:
        """True: counted; False: over ``bound``; None: could not count (let through)."""
        ...

    async def disconnect(self, address: str) -> None: ...


class AddressGate:
    def __init__(
        self,
        limits: AddressLimits | None = None,
        *,
        counters: CounterFactory = memory_counters,
        shared: SharedConnections | None = None,
    ) -> None:
        """``counters`` and ``shared``: where new guests and open connections are counted
        (this process's memory by default; Redis when several processes share it)."""
        self.limits = limits = limits or AddressLimits()
        self.open: Counter[str] = Counter()
        self.shared = shared
        refill = limits.guests / limits.guest_window
        self.new_guests = counters("guest", limits.guests, refill, limits.max_keys)
        self._swept = 0.0

    def exempt(self, address: str) -> bool:
        return not self.limits.limit_loopback and is_loopback(address)

    async def connect(self, address: str) -> bool | None:
        """A connection opens from ``address``: True when it may stay and is counted
        (until ``disconnect``), None when it may stay uncounted (exempt, or the shared
        count could not be made), False when it must go."""
        if self.exempt(address):
            return None
        if self.shared is not None:
            return await self.shared.connect(address, self.limits.per_address)
        if self.open[address] >= self.limits.per_address:
            return False
        self.open[address] += 1
        return True

    async def disconnect(self, address: str) -> None:
        """A connection ``connect`` counted has closed."""
        if self.shared is not None:
            await self.shared.disconnect(address)
            return
        if address not in self.open:
            return
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]

    async def new_guest(self, address: str, now: float) -> bool:
        """A guest is about to be made for ``address``: True when it may (and counted)."""
        if self.exempt(address):
            return True
        if now - self._swept > self.limits.guest_window:
            self._swept = now
            await self.new_guests.sweep(now)
        if not await self.new_guests.allows(address, now):
            return False
        await self.new_guests.take(address, now)
        return True
