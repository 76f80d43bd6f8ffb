"""A server table's state and its storage: the record, the seats, the outbox.

``TableStorage`` holds what every job of a table reads (its record, its seats
and spectators, its match), finds a player's seat, and owns the outbox: every
frame, reply and notice is queued in order, and the outbox's task first
appends the batch's log entries to the store and only then publishes the
frames on the bus (``_drain``). A write that fails (a full disk, a read-only
folder) leaves the table playing in memory, what was not written kept for the
next batch; the players hear it once each way.

The other jobs build on it: what each seat is sent (``table_frames``), the
match (``table_match``), and the seating and the master's commands
(``table``, whose ``Table`` is the whole).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import msgspec

from audiogame.core.contract import Bot, GameSpec, Outcome, seat_values
from audiogame.core.gametime import GameScheduler
from audiogame.core.session import TableSession
from audiogame.net.protocol import messages as m
from audiogame.net.protocol.game_codec import GameCodec
from audiogame.net.protocol.match_log import (
    LogEntry,
    LoggedEngine,
)
from audiogame.net.protocol.reasons import Reason
from audiogame.net.server.bus import Bus, Post
from audiogame.net.server.options import ServerOptions
from audiogame.net.server.quiet_log import QuietLog
from audiogame.net.server.store import (
    Fenced,
    MatchRecord,
    SeatRecord,
    Store,
    TableRecord,
)

log = logging.getLogger("audiogame.net.server.table")
_QUIET = QuietLog(log)
#: writes must work this long (seconds) before the players hear that the table is safe
STEADY = 3.0

EMPTY, HUMAN, BOT = m.SeatKind.EMPTY, m.SeatKind.HUMAN, m.SeatKind.BOT


@dataclass(slots=True)
class SeatState:
    kind: m.SeatKind = EMPTY
    player: str = ""
    name: str = ""
    level: str = ""
    covered: bool = False
    connected: bool = False
    bot: Bot | None = None
    drop_timer: asyncio.TimerHandle | None = None
    #: the player's own values of the game's per-seat options (``SeatRecord.options``)
    options: dict[str, Any] = field(default_factory=dict)

    def record(self) -> SeatRecord:
        return SeatRecord(
            kind=self.kind.value,
            player=self.player,
            name=self.name,
            level=self.level,
            covered=self.covered,
            options=dict(self.options),
        )

    def wire(self, options: dict[str, Any] | None = None) -> m.Seat:
        """The seat as everyone sees it; ``options``: its per-seat options' values
        (a bot's too), as the table worked them out."""
        return m.Seat(
            kind=self.kind,
            name=self.name,
            level=self.level,
            connected=self.connected or self.kind is not HUMAN,
            covered=self.covered,
            options={} if self.kind is EMPTY else dict(options or {}),
        )

    def chosen(self) -> dict[str, Any] | None:
        """The player's choices for ``seat_values`` (None: a bot's seat, or nobody's)."""
        return self.options if self.kind is HUMAN else None


@dataclass(slots=True)
class _Write:
    entries: list[LogEntry]
    bots: dict[int, dict[str, Any]]


_Job = Callable[[], Awaitable[None]]


@dataclass(slots=True)
class _Match:
    record: MatchRecord
    engine: LoggedEngine
    session: TableSession
    scheduler: GameScheduler
    history: list[Any] = field(default_factory=list)
    log: list[LogEntry] = field(default_factory=list)
    views: dict[int | None, Any] = field(default_factory=dict)
    #: the event count each view was taken at
    views_upto: dict[int | None, int] = field(default_factory=dict)
    bot_saved: dict[int, dict[str, Any]] = field(default_factory=dict)
    table_call: Any = None
    bot_count: int = 0
    #: the end (seed revealed, whole log), once the match is over: sent again to whoever
    #: comes to the table after it, with their snapshot
    over: m.MatchOver | None = None


class TableStorage:
    def __init__(
        self,
        record: TableRecord,
        spec: GameSpec,
        codec: GameCodec,
        *,
        store: Store,
        bus: Bus,
        options: ServerOptions,
        # called with the table itself (a ``Table``, built on this class)
        on_closed: Callable[[Any], None],
        on_left: Callable[[Any, str], None],
    ) -> None:
        self.record = record
        self.id = record.id
        self.spec = spec
        self.codec = codec
        self.store = store
        self.bus = bus
        self.options = options
        self.on_closed = on_closed
        self.on_left = on_left
        self.loop = asyncio.get_running_loop()
        self.seats = [_seat_state(s) for s in record.seats]
        self.spectators: dict[str, str] = {}  # player id -> name
        self.stage = m.TableStage(record.stage)
        self.match: _Match | None = None
        self.closed = False
        #: players seated when the table came back after a restart, not yet told so
        self.restored_for: set[str] = set()
        #: called (awaited, after the match is kept) when a match ends: ratings
        self.on_finished: Callable[[Any, MatchRecord, Outcome], Awaitable[None]] | None = None
        #: gives the table a new invite code (the lobby's: it files codes, one per table)
        self.recode: Callable[[Any], None] | None = None
        #: this process's owner epoch for the table (``Store.claim_table``): claimed
        #: before the first write (a takeover sets it first, before reading the log)
        self.epoch: int | None = None
        #: another process took the table over: nothing more is written or sent
        self.fenced = False
        #: the store refused the last write (a full disk, a read-only data folder): the
        #: table plays on in memory, what was not written kept to be written with the
        #: next batch (the log never has a hole); its players told so once, and told
        #: again once writes have worked for ``STEADY`` seconds (a disk that frees a
        #: page now and then never makes them hear it come and go)
        self.unstored = False
        self._told_unstored = False
        self._steady: asyncio.TimerHandle | None = None
        self._unwritten: list[LogEntry] = []
        self._unwritten_bots: dict[int, dict[str, Any]] = {}
        self._unwritten_match = -1
        self._outbox: asyncio.Queue[_Write | Post | _Job] = asyncio.Queue()
        self._drainer = self.loop.create_task(self._drain(), name=f"table {self.id}")

    def seat_options(self) -> list[dict[str, Any]]:
        """Each seat's values of the game's per-seat options (by option id): the
        match's own while one is under way (its seats may have changed hands since),
        else from the seats as they are (a player's own choice, a bot's by the game's
        rule: ``core.contract.seat_values``)."""
        match = self.record.match
        by_option = seat_values(self.spec.options, [s.chosen() for s in self.seats])
        if match is not None:
            for option in self.spec.options:
                started = match.config.get(option.field)
                if option.per_seat and isinstance(started, list):
                    by_option[option.id] = list(started)
        return [
            {option: values[seat] for option, values in by_option.items() if seat < len(values)}
            for seat in range(len(self.seats))
        ]

    @property
    def master_seat(self) -> int | None:
        return self.seat_of(self.record.master)

    def seat_of(self, player: str) -> int | None:
        if not player:
            return None
        for index, seat in enumerate(self.seats):
            if seat.kind is HUMAN and seat.player == player:
                return index
        return None

    def player_at(self, seat: int) -> str:
        """The human player at ``seat`` ("" : none, or no such seat)."""
        if not 0 <= seat < len(self.seats) or self.seats[seat].kind is not HUMAN:
            return ""
        return self.seats[seat].player

    def has(self, player: str) -> bool:
        return self.seat_of(player) is not None or player in self.spectators

    def name_of(self, player: str) -> str:
        seat = self.seat_of(player)
        if seat is not None:
            return self.seats[seat].name
        return self.spectators.get(player, "")

    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def game_time(self) -> float | None:
        """The match's game time now (None between matches): a web page's "time left"."""
        return None if self.match is None else self.match.scheduler.clock.now()

    # -- the outbox: written, then sent ----------------------------------------------------
    def _notice(self, what: m.NoticeKind, seat: int | None = None, name: str = "") -> None:
        self._post(m.Notice(what=what, seat=seat, name=name))

    def _post(
        self,
        message: msgspec.Struct,
        *,
        players: frozenset[str] | None = None,
    ) -> None:
        self._queue(Post(self.id, m.encode(message), players=players))

    def _queue(self, item: _Write | Post | _Job) -> None:
        if not self.closed or isinstance(item, Post):
            self._outbox.put_nowait(item)

    async def _drain(self) -> None:
        """Write, then publish: the outbox in order, a batch at a time."""
        queue = self._outbox
        while True:
            first = await queue.get()
            items = [first]
            while not queue.empty():
                items.append(queue.get_nowait())
            match = self.record.match
            number = self.record.matches_played if match is None else match.number
            # what a failed write did not store goes first (of the same match): the
            # log stays whole
            entries: list[LogEntry] = []
            bots: dict[int, dict[str, Any]] = {}
            if self._unwritten_match == number:
                entries, bots = self._unwritten, self._unwritten_bots
            self._unwritten, self._unwritten_bots = [], {}
            for item in items:
                if isinstance(item, _Write):
                    entries.extend(item.entries)
                    bots.update(item.bots)
            try:
                if not self.fenced:
                    if self.epoch is None:
                        self.epoch = await self.store.claim_table(self.id)
                    if entries or bots:
                        await self.store.append(self.id, number, entries, bots, epoch=self.epoch)
                        self._stored(True)
            except asyncio.CancelledError:
                raise
            except Fenced:
                # this process stalled past the lease and another runs the table now:
                # what this batch would have said was never written, so it is not sent
                log.warning("table %s: taken over by another process; not writing", self.id)
                self.fenced = True
            except Exception:
                # a full disk, a database gone read-only: the match plays on (what was
                # not stored is lost only if the server stops before it recovers), and
                # the log says so once a minute, not once an action
                _QUIET.exception(f"store {self.id}", "table %s: storing failed", self.id)
                self._unwritten, self._unwritten_bots = entries, bots
                self._unwritten_match = number
                self._stored(False)
            for item in () if self.fenced else items:
                # one failing (a record not stored) never holds the rest
                try:
                    if isinstance(item, Post):
                        await self.bus.publish(item)
                    elif not isinstance(item, _Write):
                        await item()
                except asyncio.CancelledError:
                    raise
                except Exception:
                    _QUIET.exception(
                        f"send {self.id}", "table %s: storing or sending failed", self.id
                    )
            if self.closed and queue.empty():
                return

    def _stored(self, ok: bool) -> None:
        """A write worked or failed: the table's players hear a change (and the host's
        log says it), once each way, never once an action."""
        self.unstored = not ok
        if not ok:
            if self._steady is not None:
                self._steady.cancel()
                self._steady = None
            if not self._told_unstored:
                self._told_unstored = True
                log.error(
                    "table %s: not storing (a full disk, a read-only folder?): it plays on "
                    "in memory, and a crash or stop now would lose what is not stored",
                    self.id,
                )
                self._notice(m.NoticeKind.NOT_STORING)
        elif self._told_unstored and self._steady is None:
            self._steady = self.loop.call_later(STEADY, self._storing_again)

    def _storing_again(self) -> None:
        self._steady = None
        if self.closed or self.unstored:
            return
        self._told_unstored = False
        log.warning("table %s: storing works again; the table is safe again", self.id)
        self._notice(m.NoticeKind.STORING)

    def _tell_unstored(self, player: str) -> None:
        """Someone arriving while the store cannot write is told, as those already here were."""
        if self.unstored:
            self._post(m.Notice(what=m.NoticeKind.NOT_STORING), players=frozenset({player}))

    async def flushed(self) -> None:
        """Wait until everything queued so far is written and published (tests, shutdown).

        Ends too when nothing more will be written: a table another process took over
        (its outbox is no longer written), or one whose outbox ended (closed, or failed):
        a server's shutdown must never wait for a writer that is gone."""
        drainer = self._drainer
        if drainer.done() or self.fenced:
            return
        done = asyncio.Event()

        async def mark() -> None:
            done.set()

        self._outbox.put_nowait(mark)
        waiting = self.loop.create_task(done.wait())
        try:
            # whichever comes first (the default waits for both: the drainer runs on, so
            # every flush took the whole second); the time-out looks at ``fenced`` again
            while not done.is_set() and not drainer.done() and not self.fenced:
                await asyncio.wait(
                    {waiting, drainer}, timeout=1.0, return_when=asyncio.FIRST_COMPLETED
                )
        finally:
            waiting.cancel()
        if drainer.done() and not drainer.cancelled() and drainer.exception() is not None:
            log.error("table %s: its writer ended", self.id, exc_info=drainer.exception())

    # -- closing ----------------------------------------------------------------------------
    def close(self) -> None:
        """The table goes away (nobody left): its record is dropped from the store."""
        if self.closed:
            return
        if self.match is not None:
            self.match.session.stop()
            _cancel_game(self.match.table_call)
        for seat in self.seats:
            _cancel(seat.drop_timer)
        _cancel(self._steady)
        self._post(m.Left(reason=Reason.TABLE_CLOSED.value))

        async def drop() -> None:
            await self.store.close_table(self.id)
            self.on_closed(self)

        self._outbox.put_nowait(drop)
        self.closed = True

    def stop(self) -> None:
        """The server is shutting down: stop the clock and the outbox (the store keeps
        the table; it comes back on the next start)."""
        if self.match is not None:
            self.match.session.stop()
        for seat in self.seats:
            _cancel(seat.drop_timer)
        _cancel(self._steady)
        self._drainer.cancel()


def _seat_state(record: SeatRecord) -> SeatState:
    return SeatState(
        kind=m.SeatKind(record.kind),
        player=record.player,
        name=record.name,
        level=record.level,
        covered=record.covered,
        # a stored row someone edited: only a small mapping of plain values is kept
        # (each value is checked against the game's again when the match starts)
        options=_plain_options(record.options),
    )


def _plain_options(options: Any) -> dict[str, Any]:
    if not isinstance(options, dict):
        return {}
    return {
        str(k): v for k, v in list(options.items())[:16] if isinstance(v, str | int | float | bool)
    }


def _cancel(handle: asyncio.TimerHandle | None) -> None:
    if handle is not None:
        handle.cancel()


def _cancel_game(handle: Any) -> None:
    if handle is not None:
        handle.cancel()
