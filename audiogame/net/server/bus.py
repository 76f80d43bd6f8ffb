"""How a table's frames reach the connections at it, behind one small interface.

A table publishes ``Post``s: one encoded frame and who may receive it (some
seats, the spectators, or named players). Each connection at the table
subscribes and takes the posts meant for it. ``LocalBus`` does this inside
one process; issue 16 puts Redis behind the same two calls, so connections on
another server process receive the same posts (the frames are already bytes,
the audience plain data).

Whoever subscribes decides from the post's audience; a frame is never
rebuilt per recipient here, so hidden information is filtered once, where the
table builds each seat's frame.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Protocol

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Post:
    table: str
    frame: bytes
    #: the seats that receive it (None: every seat)
    seats: frozenset[int] | None = None
    spectators: bool = True
    #: only these players, whatever their seat (a reply, a private message)
    players: frozenset[str] | None = None

    def reaches(self, seat: int | None, player: str) -> bool:
        if self.players is not None:
            return player in self.players
        if seat is None:
            return self.spectators
        return self.seats is None or seat in self.seats


class Subscriber(Protocol):
    def deliver(self, post: Post) -> None:
        """Take a post (never blocks: it queues the frame)."""
        ...


class Bus(Protocol):
    async def publish(self, post: Post) -> None: ...

    def subscribe(self, table: str, subscriber: Subscriber) -> None: ...

    def unsubscribe(self, table: str, subscriber: Subscriber) -> None: ...


class LocalBus:
    """Posts delivered to this process's subscribers, in the order published."""

    def __init__(self) -> None:
        self._subscribers: dict[str, list[Subscriber]] = {}

    async def publish(self, post: Post) -> None:
        self.deliver(post)

    def deliver(self, post: Post) -> None:
        for subscriber in self._subscribers.get(post.table, ()):
            try:
                subscriber.deliver(post)
            except Exception:  # one bad subscriber never stops the others
                log.exception("delivering a post failed")

    def subscribe(self, table: str, subscriber: Subscriber) -> None:
        found = self._subscribers.setdefault(table, [])
        if subscriber not in found:
            found.append(subscriber)

    def unsubscribe(self, table: str, subscriber: Subscriber) -> None:
        found = self._subscribers.get(table)
        if found is not None and subscriber in found:
            found.remove(subscriber)
            if not found:
                del self._subscribers[table]
