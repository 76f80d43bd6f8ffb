"""What a password-hashing process runs: argon2id, at the lowest priority the system gives.

``passwords.Hasher`` starts these processes (``concurrent.futures``, spawned the
same way on every system) and hands them each hash. A process of its own means
the hash never shares the server's interpreter lock, and its priority is its own:

- Linux: the idle scheduling class (``SCHED_IDLE``): the kernel runs it only
  when nothing of normal priority wants that core, and a waking table event
  takes the core from it at once; niceness 19 where that class is refused;
- Windows: ``IDLE_PRIORITY_CLASS`` through ``SetPriorityClass``;
- elsewhere (macOS, BSD): niceness 19.

Logins then wait when the machine is busy, and the games never do. A worker
ends with its server, however the server ended (``_exit_with_parent``).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.connection
import os
import sys
import threading
from typing import Any

from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

#: Windows' priority class for "run only when the system is otherwise idle"
IDLE_PRIORITY_CLASS = 0x00000040

#: how long a worker waits at the warm-up for the others to start
GATHERING_BOUND = 60.0

_argon: PasswordHasher | None = None
_gathering: Any = None  # the pool's warm-up barrier, until this worker has passed it


def start(
    time_cost: int, memory_kib: int, parallelism: int, lower: bool = True, gathering: Any = None
) -> None:
    """A worker's first call: its priority lowered, its hasher made once; ``gathering``
    (a ``multiprocessing`` barrier of the pool's size) holds its warm-up answer."""
    global _argon, _gathering
    _gathering = gathering
    # the watcher first: on Linux the idle class is the calling thread's and threads
    # started later inherit it, so a watcher started after would wait for idle CPU to
    # notice its server died (on a busy machine, for many seconds)
    _exit_with_parent()
    if lower:
        lower_priority()
    _argon = PasswordHasher(
        time_cost=time_cost, memory_cost=memory_kib, parallelism=parallelism, type=Type.ID
    )


def _exit_with_parent() -> None:
    """A worker ends when its server does, however the server ended (killed with -9,
    a crash): a pool's worker waiting for work would otherwise wait for ever."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def lower_priority() -> None:
    """This process steps aside for everything else on the machine (best effort)."""
    if sys.platform == "win32":
        import ctypes

        kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined,unused-ignore]
        kernel32.SetPriorityClass(kernel32.GetCurrentProcess(), IDLE_PRIORITY_CLASS)
        return
    idle = getattr(os, "SCHED_IDLE", None)
    if idle is not None:
        try:
            os.sched_setscheduler(0, idle, os.sched_param(0))
            return
        except (OSError, AttributeError):
            pass
    with contextlib.suppress(OSError, AttributeError):
        os.nice(19 - os.nice(0))


def _hasher() -> PasswordHasher:
    if _argon is None:
        raise RuntimeError("hash_worker.start was not called in this process")
    return _argon


def make(password: str) -> str:
    return _hasher().hash(password)


def check(hashed: str, password: str, known: bool) -> tuple[bool, bool]:
    """(the password matches, the hash should be remade); ``known`` False: ``hashed`` is
    the decoy, checked only so an unknown name costs the same time."""
    argon = _hasher()
    try:
        argon.verify(hashed, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False, False
    if not known:
        return False, False
    return True, argon.check_needs_rehash(hashed)


def where() -> tuple[int, int, int]:
    """(this process's id, its scheduling policy (-1: not told), its niceness): for tests
    and the pool's warm-up, which asks each worker once: the first answer of each worker
    waits at the pool's barrier until every worker holds one of the questions, so that a
    worker that started early cannot take a late one's too (a pause would only make that
    unlikely: a worker spawned at the lowest priority on a busy machine starts late)."""
    global _gathering
    gathering, _gathering = _gathering, None
    if gathering is not None:
        with contextlib.suppress(threading.BrokenBarrierError):  # one never came: answer
            gathering.wait(GATHERING_BOUND)
    getpolicy = getattr(os, "sched_getscheduler", None)
    policy = getpolicy(0) if getpolicy is not None else -1
    nice = getattr(os, "nice", None)
    return os.getpid(), policy, nice(0) if nice is not None else 0
