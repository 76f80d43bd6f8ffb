"""Passwords: argon2id hashes made and checked off the event loop, a few at a time.

Hashing a password is deliberately slow and hungry for memory; done on the
loop it would stall every table while it runs (the anchor's server did that).
``Hasher`` hands each hash to a small pool of worker processes
(``hash_worker``), never more than ``concurrent`` at once (one per core but
one), so at most that many cores and ``concurrent × memory`` are ever spent on
it. A process rather than a thread: it never takes the interpreter's lock from
the loop, and it runs at the system's lowest priority (``hash_worker.
lower_priority``), so a table's event takes the core from a hash at once
(benchmarks/login_storm.py measures it): the server command's choice.
``workers="thread"`` keeps the hashes in threads of this process (a lower
niceness on Linux only): a server inside another program (the app's LAN host,
a test) starts no processes of its own. Past
``queue_limit`` waiting logins a new one is turned away at once (``Busy``)
rather than queued for ever: a storm of logins slows logins, never the games.

The parameters are OWASP's first choice for argon2id (19 MiB, two passes, one
lane: about 25 ms here). They are written inside each hash, so raising them
later only makes the next login of each account rehash (``needs_rehash``).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import sys
import threading
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, TypeVar

from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from audiogame.net.server import hash_worker

T = TypeVar("T")
log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class HashCost:
    time_cost: int = 2
    memory_kib: int = 19 * 1024
    parallelism: int = 1


#: where the hashes run: worker processes (the default), or threads of the server's own
WORKERS = ("process", "thread")


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
        workers: str = "thread",
    ) -> None:
        self.cost = cost = cost or HashCost()
        self._argon = PasswordHasher(
            time_cost=cost.time_cost,
            memory_cost=cost.memory_kib,
            parallelism=cost.parallelism,
            type=Type.ID,
        )
        self.concurrent = concurrent or default_concurrency()
        self.queue_limit = queue_limit
        if workers not in WORKERS:
            raise ValueError(f"workers: one of {WORKERS}, not {workers!r}")
        self.workers = workers
        self._pool: Executor | None = None
        self._waiting = 0
        #: a worker has answered at least once (a pool that breaks later lost a worker;
        #: one that never answered cannot start processes here)
        self._answered = False
        # a hash of nothing in particular: checking an unknown name costs as much as a
        # known one, so the time of an answer does not tell which names exist
        self._decoy = self._argon.hash("audiogame decoy password")

    def _executor(self) -> Executor:
        """The pool, made on the first hash (a server of guests never starts one)."""
        if self._pool is None:
            if self.workers == "thread":
                self._pool = ThreadPoolExecutor(
                    self.concurrent, thread_name_prefix="argon2", initializer=_yield_to_the_loop
                )
            else:
                cost = self.cost
                # the same on every system, and never a fork of a process with threads
                spawn = multiprocessing.get_context("spawn")
                gathering = spawn.Barrier(self.concurrent)  # the warm-up reaches every worker
                self._pool = ProcessPoolExecutor(
                    self.concurrent,
                    mp_context=spawn,
                    initializer=hash_worker.start,
                    initargs=(cost.time_cost, cost.memory_kib, cost.parallelism, True, gathering),
                )
        return self._pool

    async def warm_up(self) -> list[tuple[int, int, int]]:
        """Start every worker now (a server's start), not during its first logins; each
        worker's (process id, scheduling policy, niceness)."""
        if self.workers == "thread":
            return []
        loop = asyncio.get_running_loop()
        pool = self._executor()
        try:
            found = await asyncio.gather(
                *(loop.run_in_executor(pool, hash_worker.where) for _ in range(self.concurrent))
            )
        except (BrokenProcessPool, OSError):
            log.warning("password hashing: no worker process started; using threads")
            self._pool = None
            pool.shutdown(wait=False, cancel_futures=True)
            self.workers = "thread"
            return []
        self._answered = True
        return list(found)

    @property
    def waiting(self) -> int:
        return self._waiting

    async def hash(self, password: str) -> str:
        return await self._run(self._make, hash_worker.make, password)

    def _make(self, password: str) -> str:
        """In a worker thread: the hash itself."""
        return self._argon.hash(password)

    async def verify(self, hashed: str | None, password: str) -> tuple[bool, bool]:
        """(the password matches, the hash should be remade with today's parameters)."""
        return await self._run(
            self._check, hash_worker.check, hashed or self._decoy, password, hashed is not None
        )

    def _check(self, hashed: str, password: str, known: bool) -> tuple[bool, bool]:
        try:
            self._argon.verify(hashed, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False, False
        if not known:
            return False, False
        return True, self._argon.check_needs_rehash(hashed)

    async def _run(
        self, in_thread: Callable[..., T], in_process: Callable[..., T], *args: Any
    ) -> T:
        if self._waiting >= self.queue_limit:
            raise Busy
        self._waiting += 1
        try:
            loop = asyncio.get_running_loop()
            pool = self._executor()
            fn = in_thread if self.workers == "thread" else in_process
            try:
                result = await loop.run_in_executor(pool, fn, *args)
            except (BrokenProcessPool, OSError):
                if self._pool is pool:
                    self._pool = None
                    pool.shutdown(wait=False, cancel_futures=True)
                if self._answered:
                    # a worker died (the system killed it for memory, say): the logins
                    # it held try again, and the next one starts a fresh pool
                    raise Busy from None
                # no worker ever answered: processes cannot be started here (a frozen
                # build, a sandbox); the hashes run in threads from now on
                log.warning("password hashing: no worker process started; using threads")
                self.workers = "thread"
                result = await loop.run_in_executor(self._executor(), in_thread, *args)
            self._answered = True
            return result
        finally:
            self._waiting -= 1

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
