"""How often logins may be tried: limits that slow a guesser, never the owner.

Three kinds of bucket (OWASP's Authentication Cheat Sheet: count failures by
account and by where they come from, and never let a stranger lock an owner
out), each a token bucket, pure (time is passed in):

- per network address, every attempt (logins, registrations, password
  changes): a person typing is well inside ``per_address`` a minute; a script
  trying passwords on many accounts, or making accounts, is not;
- per account and address, failed attempts only: after ``pair_failures`` wrong
  passwords for one account from one address, one more try every
  ``pair_refill`` seconds from there. The owner at home who mistyped waits half
  a minute; a stranger guessing from elsewhere never slows the owner;
- per account, failed attempts from anywhere, only far beyond the others:
  ``account_failures`` (a hundred) before one try every ``account_refill``
  seconds. Only guessing from many addresses at once reaches it; it caps what
  a botnet learns about one password, and even then a live session token (the
  app's "stay logged in") resumes the account: it is never counted here.

A success forgets its (account, address) failures. An attempt over a limit is
refused before any hashing: it costs the server nothing. The counting is behind
``Counter`` (``MemoryCounter`` here): a counter shared by several server
processes (Redis) takes its place without touching the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol


@dataclass(frozen=True, slots=True)
class LoginLimits:
    #: attempts a minute from one address (a burst of as many)
    per_address: float = 20.0
    #: failed attempts on one account from one address before it is slowed there
    pair_failures: float = 5.0
    #: then one more try from there every this many seconds
    pair_refill: float = 30.0
    #: failed attempts on one account from everywhere before every address is slowed
    account_failures: float = 100.0
    #: then one more try (from anywhere) every this many seconds
    account_refill: float = 10.0
    max_keys: int = 100_000


class Stopped(StrEnum):
    """Which limit refused an attempt."""

    ADDRESS = "address"  # too many attempts from this address
    PAIR = "pair"  # too many wrong passwords for this account from here
    ACCOUNT = "account"  # too many wrong passwords for this account from everywhere


class Counter(Protocol):
    """Token buckets by key; what a shared store (Redis) would implement."""

    async def allows(self, key: str, now: float) -> bool: ...

    async def take(self, key: str, now: float) -> None: ...

    async def forget(self, key: str) -> None: ...

    async def sweep(self, now: float) -> None:
        """Forget the buckets that have filled up again (memory stays bounded)."""
        ...


class Buckets:
    """Token buckets by key: ``size`` tokens, ``rate`` tokens a second."""

    __slots__ = ("size", "rate", "max_keys", "_levels")

    def __init__(self, size: float, rate: float, max_keys: int) -> None:
        self.size = size
        self.rate = rate
        self.max_keys = max_keys
        self._levels: dict[str, tuple[float, float]] = {}  # key -> (tokens, at)

    def level(self, key: str, now: float) -> float:
        tokens, at = self._levels.get(key, (self.size, now))
        return min(self.size, tokens + (now - at) * self.rate)

    def allows(self, key: str, now: float) -> bool:
        return self.level(key, now) >= 1.0

    def take(self, key: str, now: float) -> None:
        tokens = self.level(key, now) - 1.0
        if len(self._levels) >= self.max_keys and key not in self._levels:
            self.forget_full(now)
            if len(self._levels) >= self.max_keys:
                self._levels.pop(next(iter(self._levels)))  # the oldest key
        self._levels[key] = (tokens, now)

    def forget(self, key: str) -> None:
        self._levels.pop(key, None)

    def forget_full(self, now: float) -> None:
        full = [k for k in self._levels if self.level(k, now) >= self.size]
        for key in full:
            del self._levels[key]

    def __len__(self) -> int:
        return len(self._levels)


class MemoryCounter:
    """``Counter`` in this process's memory."""

    def __init__(self, size: float, rate: float, max_keys: int) -> None:
        self.buckets = Buckets(size, rate, max_keys)

    async def allows(self, key: str, now: float) -> bool:
        return self.buckets.allows(key, now)

    async def take(self, key: str, now: float) -> None:
        self.buckets.take(key, now)

    async def forget(self, key: str) -> None:
        self.buckets.forget(key)

    async def sweep(self, now: float) -> None:
        self.buckets.forget_full(now)


#: makes a counter: (what it counts, size, rate a second, most keys)
CounterFactory = Callable[[str, float, float, int], Counter]


def memory_counters(_name: str, size: float, rate: float, max_keys: int) -> Counter:
    return MemoryCounter(size, rate, max_keys)


class LoginGate:
    def __init__(
        self, limits: LoginLimits | None = None, counters: CounterFactory = memory_counters
    ) -> None:
        self.limits = limits = limits or LoginLimits()
        keys = limits.max_keys
        self.addresses = counters("address", limits.per_address, limits.per_address / 60, keys)
        self.pairs = counters("pair", limits.pair_failures, 1.0 / limits.pair_refill, keys)
        self.accounts = counters(
            "account", limits.account_failures, 1.0 / limits.account_refill, keys
        )
        self._swept = 0.0

    async def attempt(self, address: str, account: str, now: float) -> Stopped | None:
        """Count an attempt (``account``: its name's key, "" for none); None when it
        may go on, else which limit stopped it."""
        if now - self._swept > 60.0:
            self._swept = now
            for counter in (self.addresses, self.pairs, self.accounts):
                await counter.sweep(now)
        if not await self.addresses.allows(address, now):
            return Stopped.ADDRESS
        await self.addresses.take(address, now)
        if not account:
            return None
        if not await self.pairs.allows(_pair(account, address), now):
            return Stopped.PAIR
        if not await self.accounts.allows(account, now):
            return Stopped.ACCOUNT
        return None

    async def failed(self, account: str, address: str, now: float) -> None:
        """A wrong password for ``account`` (its name's key) from ``address``."""
        await self.pairs.take(_pair(account, address), now)
        await self.accounts.take(account, now)

    async def succeeded(self, account: str, address: str) -> None:
        """The right password: this address's failures on the account are forgotten."""
        await self.pairs.forget(_pair(account, address))


def _pair(account: str, address: str) -> str:
    return f"{account}\n{address}"
