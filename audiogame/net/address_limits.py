"""How much one network address may take of a public server: ``AddressGate``.

Two bounds, both per address, both pure (time is passed in):

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
(A server behind a proxy on the same machine sees every player as loopback:
such a server turns ``limit_loopback`` on, or limits at the proxy.)
"""

from __future__ import annotations

import ipaddress
from collections import Counter
from dataclasses import dataclass

from audiogame.net.login_limits import Buckets


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


class AddressGate:
    def __init__(self, limits: AddressLimits | None = None) -> None:
        self.limits = limits = limits or AddressLimits()
        self.open: Counter[str] = Counter()
        refill = limits.guests / limits.guest_window
        self.new_guests = Buckets(limits.guests, refill, limits.max_keys)
        self._swept = 0.0

    def exempt(self, address: str) -> bool:
        return not self.limits.limit_loopback and is_loopback(address)

    def connect(self, address: str) -> bool:
        """A connection opens from ``address``: True when it may stay (then counted
        until ``disconnect``)."""
        if self.exempt(address):
            return True
        if self.open[address] >= self.limits.per_address:
            return False
        self.open[address] += 1
        return True

    def disconnect(self, address: str) -> None:
        if self.exempt(address) or address not in self.open:
            return
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]

    def new_guest(self, address: str, now: float) -> bool:
        """A guest is about to be made for ``address``: True when it may (and counted)."""
        if self.exempt(address):
            return True
        if now - self._swept > self.limits.guest_window:
            self._swept = now
            self.new_guests.forget_full(now)
        if not self.new_guests.allows(address, now):
            return False
        self.new_guests.take(address, now)
        return True
