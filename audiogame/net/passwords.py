"""Passwords: argon2id hashes made and checked off the event loop, a few at a time.

Hashing a password is deliberately slow and hungry for memory; done on the
loop it would stall every table while it runs (the anchor's server did that).
``Hasher`` hands each hash to a small pool of threads (argon2-cffi's C code
releases the GIL), never more than ``concurrent`` at once, so at most that
many cores and ``concurrent × memory`` are ever spent on it; the loop's own
core stays free for the tables. Past ``queue_limit`` waiting logins a new one
is turned away at once (``Busy``) rather than queued for ever: a storm of
logins slows logins, never the games.

The parameters are OWASP's first choice for argon2id (19 MiB, two passes, one
lane: about 25 ms here). They are written inside each hash, so raising them
later only makes the next login of each account rehash (``needs_rehash``).
"""

from __future__ import annotations

import asyncio
import os
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class HashCost:
    time_cost: int = 2
    memory_kib: int = 19 * 1024
    parallelism: int = 1


class Busy(Exception):
    """Too many logins are waiting for a hash: try again in a moment."""


def default_concurrency() -> int:
    """One hash at a time per spare core, leaving one core to the loop."""
    return max(1, (os.cpu_count() or 2) - 1)


def _yield_to_the_loop() -> None:
    """A hashing thread runs at a lower priority than the loop's, where the system lets a
    thread have its own (Linux): when both want a core, the tables' events go first.
    Elsewhere the bound on concurrent hashes is the protection."""
    setpriority = getattr(os, "setpriority", None)
    native_id = getattr(threading, "get_native_id", None)
    if setpriority is None or native_id is None or not sys.platform.startswith("linux"):
        return
    try:
        setpriority(os.PRIO_PROCESS, native_id(), 10)
    except OSError:
        pass


class Hasher:
    def __init__(
        self,
        cost: HashCost | None = None,
        *,
        concurrent: int | None = None,
        queue_limit: int = 256,
    ) -> None:
        cost = cost or HashCost()
        self._argon = PasswordHasher(
            time_cost=cost.time_cost,
            memory_cost=cost.memory_kib,
            parallelism=cost.parallelism,
            type=Type.ID,
        )
        self.concurrent = concurrent or default_concurrency()
        self.queue_limit = queue_limit
        self._pool = ThreadPoolExecutor(
            self.concurrent, thread_name_prefix="argon2", initializer=_yield_to_the_loop
        )
        self._waiting = 0
        # a hash of nothing in particular: checking an unknown name costs as much as a
        # known one, so the time of an answer does not tell which names exist
        self._decoy = self._argon.hash("audiogame decoy password")

    @property
    def waiting(self) -> int:
        return self._waiting

    async def hash(self, password: str) -> str:
        return await self._run(self._make, password)

    def _make(self, password: str) -> str:
        """In a worker thread: the hash itself."""
        return self._argon.hash(password)

    async def verify(self, hashed: str | None, password: str) -> tuple[bool, bool]:
        """(the password matches, the hash should be remade with today's parameters)."""
        return await self._run(self._check, hashed, password)

    def _check(self, hashed: str | None, password: str) -> tuple[bool, bool]:
        try:
            self._argon.verify(hashed or self._decoy, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False, False
        if hashed is None:
            return False, False
        return True, self._argon.check_needs_rehash(hashed)

    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        if self._waiting >= self.queue_limit:
            raise Busy
        self._waiting += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)
        finally:
            self._waiting -= 1

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
