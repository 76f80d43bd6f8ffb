"""A table played through the network, seen from the table scene: ``RemoteSession``.

A local table drives a ``TableSession``: an action applied now, a refusal known
at once, each batch of events handed to its listener with the engine beside it
for the seat's view. Online, actions go out and refusals and events come back
later; ``RemoteSession`` gives the scene the same shape with the answers
arriving through callbacks, called from ``pump()`` on the app's loop (once a
frame: it never blocks and never holds a frame for long):

- ``act(action)`` sends the seat's action (the seat is the connection's);
  ``on_refused(refusal_id)`` brings the game's refusal back;
- ``on_batch(events, view)``: one batch of events the seat may know and its view
  after them (the game's observation): what a narrator needs;
- ``on_resync(view, away)``: on joining or coming back, the view and what was
  missed ("while you were away");
- ``on_table``, ``on_notice``, ``on_chat``, ``on_over``, ``on_link``: the table's
  seating, its people's comings and goings, chat, the end of the match (seed and
  log), and the connection's own state (connected, trying again, lost).

A real-time game (Tira & Passa) is played through ``net.client.race_seat.RaceSeat``,
which takes the whole ``Batch``/``Resync`` items (``on_batch_item`` and
``on_resync_item``: their happenings ahead too), the match's clock
(``on_race_clock``) and the refusals with their references (``on_game_refused``);
when the first two are set, ``on_batch``/``on_resync`` are not called.

``names()`` gives each seat's name for narration: a human's own, a bot's in the
listener's language (the caller supplies how: ``bot_name(seat, level)``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from audiogame.net.client.game_client import (
    Batch,
    Connected,
    Connecting,
    Disconnected,
    GameClient,
    Incoming,
    Resync,
)
from audiogame.net.protocol import messages as m

Link = Connected | Connecting | Disconnected


def _ignore(*_args: Any) -> None:
    pass


class RemoteSession:
    #: at most this long spent delivering in one ``pump`` (the rest waits for the next frame)
    BUDGET = 0.002

    def __init__(self, client: GameClient) -> None:
        self.client = client
        self.on_batch: Callable[[Sequence[Any], Any], None] = _ignore
        self.on_resync: Callable[[Any, Sequence[Any]], None] = _ignore
        self.on_refused: Callable[[str], None] = _ignore
        self.on_table: Callable[[m.TableInfo, int | None], None] = _ignore
        self.on_notice: Callable[[m.Notice], None] = _ignore
        self.on_chat: Callable[[m.Chat], None] = _ignore
        self.on_over: Callable[[m.MatchOver], None] = _ignore
        self.on_begins: Callable[[m.MatchBegins], None] = _ignore
        self.on_left: Callable[[str], None] = _ignore
        self.on_link: Callable[[Link], None] = _ignore
        self.on_server_refused: Callable[[m.Refused], None] = _ignore
        self.on_batch_item: Callable[[Batch], None] | None = None
        self.on_resync_item: Callable[[Resync], None] | None = None
        self.on_race_clock: Callable[[m.RaceClock], None] = _ignore
        #: the refusal with its reference (which action it answers), before ``on_refused``
        self.on_game_refused: Callable[[m.GameRefused], None] = _ignore
        #: everything else the server says (the table list, a table peeked at...)
        self.on_other: Callable[[Incoming], None] = _ignore
        self.view: Any = None
        #: the match's game time on the server when the last batch or snapshot happened
        self.game_now: float | None = None
        self._backlog: list[Incoming] = []

    # -- what the scene reads ---------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        return self.client.seat

    @property
    def table(self) -> m.TableInfo | None:
        return self.client.table

    def names(self, bot_name: Callable[[int, str], str]) -> list[str]:
        table = self.client.table
        if table is None:
            return []
        return [
            s.name if s.kind is m.SeatKind.HUMAN else bot_name(index, s.level)
            for index, s in enumerate(table.seats)
        ]

    # -- what the scene does ----------------------------------------------------------------
    def act(self, action: Any, at: float | None = None) -> int:
        """Send the seat's action (``at``: when it was pressed, on the server's clock);
        the answer comes as a batch or a refusal."""
        return self.client.act(action, at)

    def send(self, message: m.ClientMessage) -> None:
        """A table command (start, bots, chat...): answers come through the callbacks."""
        self.client.send(message)

    def pump(self) -> int:
        """Deliver what arrived (from the app's loop, once a frame); returns how many."""
        self._backlog.extend(self.client.poll())
        if not self._backlog:
            return 0
        deadline = time.perf_counter() + self.BUDGET
        done = 0
        while self._backlog and (done == 0 or time.perf_counter() < deadline):
            self._deliver(self._backlog.pop(0))
            done += 1
        return done

    def close(self) -> None:
        self.client.close()

    def _deliver(self, item: Incoming) -> None:
        if isinstance(item, Batch | Resync):
            self.game_now = item.now if item.now is not None else self.game_now
        if isinstance(item, Batch):
            self.view = item.view
            if self.on_batch_item is not None:
                self.on_batch_item(item)
            else:
                self.on_batch(item.events, item.view)
        elif isinstance(item, Resync):
            self.view = item.view
            if self.on_resync_item is not None:
                self.on_resync_item(item)
            else:
                self.on_resync(item.view, item.away)
        elif isinstance(item, m.RaceClock):
            self.on_race_clock(item)
        elif isinstance(item, m.GameRefused):
            self.on_game_refused(item)
            self.on_refused(item.refusal)
        elif isinstance(item, m.TableState):
            self.on_table(item.table, item.you)
        elif isinstance(item, m.Notice):
            self.on_notice(item)
        elif isinstance(item, m.Chat):
            self.on_chat(item)
        elif isinstance(item, m.MatchOver):
            self.on_over(item)
        elif isinstance(item, m.MatchBegins):
            self.view = None
            self.on_begins(item)
        elif isinstance(item, m.Left):
            self.view = None
            self.on_left(item.reason)
        elif isinstance(item, Connected | Connecting | Disconnected):
            self.on_link(item)
        elif isinstance(item, m.Refused):
            self.on_server_refused(item)
        else:
            self.on_other(item)
