"""A seat at a match played on a server, as a table scene drives it: ``OnlineSeat``.

The table scenes talk to their game through ``core.seat.SeatSession``; this is
that interface over the network, on top of a ``RemoteSession`` (the client's
table, pumped once a frame by the player's connection, ``ui.online.link``):

- ``act(action)`` sends the action and never answers; the server's answer comes
  back later as a batch (``listener.on_events``) or as the game's refusal
  (``listener.on_refusal(action, refusal)``: the action is found again by the
  reference it was sent with);
- ``view()`` is the seat's observation as of the batch being delivered (the
  server sends it with every batch): exactly what a local table would read;
- ``time`` is the match's game time on the server's clock as estimated here:
  each frame says the game time it happened at, and the app's own clock counts
  on from there (a turn's last seconds tick at the right moment; answers about
  the time left are right to a frame and the line's delay);
- ``next_round``, ``pause`` and ``resume`` do nothing: the server deals the next
  round on its own schedule, and online time never stops for one player's menu;
- ``stop()`` stops the deliveries (the connection stays: the table's people,
  chat and the next match go on without this scene).

The connection feeds it with ``deliver``/``refused``; nothing here touches the
network or the scenes.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from audiogame.core.seat import SeatListener
from audiogame.net.client.remote_session import RemoteSession

#: acts remembered for their refusal (older ones were answered long ago)
REMEMBERED = 64


class _Clock(Protocol):
    def now(self) -> float: ...


class _Handle(Protocol):
    def cancel(self) -> None: ...


class _Scheduler(Protocol):
    """What ``RemoteTime`` needs of the app's scheduler."""

    @property
    def clock(self) -> _Clock: ...

    def call_at(self, when: float, callback: Callable[..., Any], *args: Any) -> _Handle: ...


class _GameClock:
    def __init__(self, time: RemoteTime) -> None:
        self._time = time

    def now(self) -> float:
        return self._time.now()


class RemoteTime:
    """The server's game time, kept here from the last frame's word and the app's clock."""

    def __init__(self, base: _Scheduler) -> None:
        self.base = base
        self.clock = _GameClock(self)
        self._game = 0.0
        self._local = base.clock.now()

    def sync(self, game_now: float | None) -> None:
        """A frame said the match's game time was ``game_now`` (just now, give or
        take the line's delay)."""
        if game_now is not None:
            self._game = game_now
            self._local = self.base.clock.now()

    def now(self) -> float:
        return self._game + (self.base.clock.now() - self._local)

    def call_at(self, when: float, callback: Callable[..., Any], *args: Any) -> _Handle:
        return self.base.call_at(self.base.clock.now() + (when - self.now()), callback, *args)

    def call_later(self, delay: float, callback: Callable[..., Any], *args: Any) -> _Handle:
        return self.base.call_at(self.base.clock.now() + delay, callback, *args)


class OnlineSeat:
    def __init__(self, remote: RemoteSession, scheduler: _Scheduler) -> None:
        self.remote = remote
        self._time = RemoteTime(scheduler)
        self._time.sync(remote.game_now)
        self._listener: SeatListener | None = None
        self._view: Any = remote.view
        self._sent: OrderedDict[int, Any] = OrderedDict()

    # -- SeatSession ---------------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        return self.remote.seat

    @property
    def time(self) -> RemoteTime:
        return self._time

    def start(self, listener: SeatListener) -> None:
        self._listener = listener

    @property
    def line_up(self) -> bool:
        return self.remote.client.connected

    def act(self, action: Any) -> None:
        ref = self.remote.act(action)
        self._sent[ref] = action
        while len(self._sent) > REMEMBERED:
            self._sent.popitem(last=False)

    def next_round(self) -> None:
        """The server deals the next round on its own schedule."""

    def view(self) -> Any:
        return self._view

    def pause(self) -> None:
        """Online, game time never stops for one player."""

    def resume(self) -> None:
        """Online, game time never stopped."""

    def stop(self) -> None:
        self._listener = None

    # -- what the connection hands over --------------------------------------------------
    @property
    def listening(self) -> bool:
        return self._listener is not None

    def deliver(self, events: Sequence[Any], view: Any, game_now: float | None) -> None:
        """One batch this seat may know, with its view after it."""
        self._view = view
        self._time.sync(game_now)
        if self._listener is not None:
            self._listener.on_events(events)

    def resynced(self, view: Any, game_now: float | None) -> None:
        """The whole view again (back after a drop): what the table reads from now on."""
        self._view = view
        self._time.sync(game_now)

    def refused(self, ref: int, refusal: str) -> None:
        action = self._sent.pop(ref, None)
        if self._listener is not None:
            self._listener.on_refusal(action, refusal)
