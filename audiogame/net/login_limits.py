"""How often logins may be tried: per address, and per account.

Two kinds of bucket, both pure (time is passed in):

- per network address, every attempt (logins and registrations): a person
  typing a password is well inside ``per_address`` a minute; a script trying
  passwords, or making accounts, is not;
- per account name, failed attempts only: after ``account_failures`` wrong
  passwords the account takes one try per ``account_refill`` seconds, from any
  address (guessing one player's password from many machines gets nowhere),
  while its owner, who types it right, is never slowed by their own logins.

An attempt over a limit is refused before any hashing: it costs the server
nothing. Buckets that have filled up again are forgotten, so memory stays
bounded by the addresses and names seen in the last few minutes (and by
``max_keys`` whatever happens).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class LoginLimits:
    #: attempts a minute from one address (a burst of as many)
    per_address: float = 20.0
    #: failed attempts on one account before it is slowed down
    account_failures: float = 5.0
    #: then one more try every this many seconds
    account_refill: float = 30.0
    max_keys: int = 100_000


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

    def forget_full(self, now: float) -> None:
        full = [k for k in self._levels if self.level(k, now) >= self.size]
        for key in full:
            del self._levels[key]

    def __len__(self) -> int:
        return len(self._levels)


class LoginGate:
    def __init__(self, limits: LoginLimits | None = None) -> None:
        self.limits = limits = limits or LoginLimits()
        self.addresses = Buckets(limits.per_address, limits.per_address / 60.0, limits.max_keys)
        self.accounts = Buckets(
            limits.account_failures, 1.0 / limits.account_refill, limits.max_keys
        )
        self._swept = 0.0

    def attempt(self, address: str, account: str, now: float) -> str | None:
        """Count an attempt; None when it may go on, else which limit stopped it
        (``"address"`` or ``"account"``)."""
        if now - self._swept > 60.0:
            self._swept = now
            self.addresses.forget_full(now)
            self.accounts.forget_full(now)
        if not self.addresses.allows(address, now):
            return "address"
        self.addresses.take(address, now)
        if account and not self.accounts.allows(account, now):
            return "account"
        return None

    def failed(self, account: str, now: float) -> None:
        """A wrong password for ``account`` (its name's key)."""
        self.accounts.take(account, now)
