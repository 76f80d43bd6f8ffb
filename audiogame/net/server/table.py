"""One table on the server: its seats, its master, its match, its log, its frames.

A ``Table`` owns its engine through the contract (wrapped in ``LoggedEngine``)
and runs it with a ``TableSession`` on game time over the loop's real clock;
it keeps the seat-to-player map, and it turns each batch of events into one
frame per seat (the events that seat may know, and what changed in its view)
and one for the spectators (public events only). Nothing leaves the table
another way: every frame, every reply, every notice is queued in order on
the table's outbox, whose task first appends the batch's log entries to the
store and only then publishes the frames on the bus. The seat of an action is
the player's seat here, never anything a message says.

A table comes back after a restart from its record and its log (``restore``):
the engine replays the log from the seed, the bots take their saved states,
game time goes on from the last entry, and every human seat waits
``grace`` seconds for its player before a bot covers it.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from audiogame.core.contract import Bot, GameSpec, Outcome, visible_to
from audiogame.core.gametime import GameScheduler
from audiogame.core.narration import Message
from audiogame.core.session import TableSession
from audiogame.net.protocol import messages as m
from audiogame.net.protocol.chat_text import clean_chat
from audiogame.net.protocol.game_codec import CodecError, GameCodec
from audiogame.net.protocol.match_log import (
    LogEntry,
    LoggedEngine,
    ReplayError,
    engine_seed,
    new_seed,
    replay,
    seed_hash,
)
from audiogame.net.protocol.names import alike
from audiogame.net.protocol.reasons import Reason
from audiogame.net.server.admission import admit, dismiss, may_enter
from audiogame.net.server.bus import Bus, Post
from audiogame.net.server.loop_clock import LoopScheduler
from audiogame.net.server.options import ServerOptions
from audiogame.net.server.quiet_log import QuietLog
from audiogame.net.server.store import (
    Fenced,
    MatchRecord,
    SavedTable,
    SeatRecord,
    Store,
    TableRecord,
)

log = logging.getLogger(__name__)
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

    def record(self) -> SeatRecord:
        return SeatRecord(
            kind=self.kind.value,
            player=self.player,
            name=self.name,
            level=self.level,
            covered=self.covered,
        )

    def wire(self) -> m.Seat:
        return m.Seat(
            kind=self.kind,
            name=self.name,
            level=self.level,
            connected=self.connected or self.kind is not HUMAN,
            covered=self.covered,
        )


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


class Table:
    def __init__(
        self,
        record: TableRecord,
        spec: GameSpec,
        codec: GameCodec,
        *,
        store: Store,
        bus: Bus,
        options: ServerOptions,
        on_closed: Callable[[Table], None],
        on_left: Callable[[Table, str], None],
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
        self.on_finished: Callable[[Table, MatchRecord, Outcome], Awaitable[None]] | None = None
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

    # -- what a client sees -------------------------------------------------------------
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

    def info(self) -> m.TableInfo:
        master = self.master_seat
        match = self.record.match
        return m.TableInfo(
            id=self.id,
            code=self.record.code,
            game=self.spec.id,
            config=self.record.config,
            private=self.record.private,
            stage=self.stage,
            master=master,
            master_name=self.name_of(self.record.master),
            seats=[s.wire() for s in self.seats],
            spectators=len(self.spectators),
            paused=self.record.paused,
            seed_hash="" if match is None else match.seed_hash,
            bot_levels=list(self.spec.bot_levels),
            match=self.record.matches_played,
            between_rounds=self.options.between_rounds,
        )

    def peek(self) -> m.TablePeek:
        """The table seen from outside: what a spectator would see, without joining."""
        match = self.match
        view = None
        if match is not None and self.stage is m.TableStage.PLAYING:
            view = self.codec.encode_view(match.engine.observation(None))
        return m.TablePeek(table=self.info(), view=view)

    def summary(self) -> m.TableSummary:
        return m.TableSummary(
            id=self.id,
            game=self.spec.id,
            seats=len(self.seats),
            seated=sum(1 for s in self.seats if s.kind is not EMPTY),
            spectators=len(self.spectators),
            stage=self.stage,
            master=self.name_of(self.record.master),
        )

    def narrate_for(self, seat: int | None, events: Sequence[Any]) -> list[Message]:
        """What the listener at ``seat`` hears of ``events`` (a batch), narrated here:
        for clients that do not narrate themselves (the web page of issue 18)."""
        if self.spec.narrate is None or self.match is None:
            return []
        heard = [e for e in events if visible_to(e, seat)]
        view = self.match.engine.observation(seat)
        return self.spec.narrate(heard, view, self.names())

    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def game_time(self) -> float | None:
        """The match's game time now (None between matches): a web page's "time left"."""
        return None if self.match is None else self.match.scheduler.clock.now()

    # -- joining and leaving ------------------------------------------------------------
    def join(
        self,
        player: str,
        name: str,
        seat: int | None,
        spectator: bool,
        upto: int | None = None,
        match: int | None = None,
        code: str = "",
    ) -> Reason | None:
        """Sit (or watch); ``upto``/``match``: a returning spectator's last event count;
        ``code``: the invite code's key the player gave (a private table's key)."""
        if self.has(player):
            return Reason.ALREADY_AT_TABLE
        refused = may_enter(self, player, code)
        if refused is not None:
            return refused
        others = [s.name for s in self.seats if s.kind is HUMAN] + list(self.spectators.values())
        if any(alike(name, other) for other in others):
            return Reason.NAME_AT_TABLE
        if spectator or self.stage is not m.TableStage.WAITING:
            # joining a running table watches it (as at the Salotto)
            if not spectator and seat is not None:
                return Reason.STARTED
            self.spectators[player] = name
            admit(self.record, player)
            self._notice(m.NoticeKind.WATCHING, None, name)
            self._changed()  # kept with the table: a restart still knows them
            self._send_snapshot(player, None, upto=upto, match=match)
            self._tell_unstored(player)
            return None
        if seat is None:
            seat = next((i for i, s in enumerate(self.seats) if s.kind is EMPTY), None)
            if seat is None:
                return Reason.TABLE_FULL
        elif not 0 <= seat < len(self.seats):
            return Reason.NO_SUCH_SEAT
        elif self.seats[seat].kind is not EMPTY:
            return Reason.SEAT_TAKEN
        self.seats[seat] = SeatState(HUMAN, player=player, name=name, connected=True)
        admit(self.record, player)
        if not self.record.master:
            self.record.master = player
        self._notice(m.NoticeKind.JOINED, seat, name)
        self._changed()
        self._tell_unstored(player)
        return None

    def leave(self, player: str, kicked: bool = False, on_purpose: bool = True) -> None:
        """The player goes for good: a bot takes a playing seat, a waiting seat empties.
        ``on_purpose`` False: their connection went (a private table lets them back in)."""
        if on_purpose:
            dismiss(self.record, player)
        if player in self.spectators:
            name = self.spectators.pop(player)
            self._notice(m.NoticeKind.LEFT, None, name)
            self._changed()
            return
        seat = self.seat_of(player)
        if seat is None:
            return
        state = self.seats[seat]
        _cancel(state.drop_timer)
        kind = m.NoticeKind.KICKED if kicked else m.NoticeKind.LEFT
        if self.stage is m.TableStage.PLAYING and self.match is not None:
            level = state.level or self._cover_level()
            self.seats[seat] = SeatState(BOT, name="", level=level)
            self._seat_bot(seat)
            self._notice(kind, seat, state.name)
            self._notice(m.NoticeKind.COVERED, seat, state.name)
        else:
            self.seats[seat] = SeatState()
            self._notice(kind, seat, state.name)
        if self.record.master == player:
            self._pass_master()
        self._changed()

    def dropped(self, player: str) -> None:
        """The player's connection went quiet: announced now, covered after the grace."""
        seat = self.seat_of(player)
        if seat is None:
            if player in self.spectators:
                self.leave(player, on_purpose=False)
            return
        state = self.seats[seat]
        if not state.connected:
            return
        state.connected = False
        _cancel(state.drop_timer)
        state.drop_timer = self.loop.call_later(self.options.grace, self._grace_over, player)
        self._notice(m.NoticeKind.DROPPED, seat, state.name)
        self._send_state()

    def returned(self, player: str, upto: int | None, match: int | None) -> bool:
        """The player is back on a new connection: their seat, their view, what they missed."""
        seat = self.seat_of(player)
        if seat is None:
            return False
        state = self.seats[seat]
        _cancel(state.drop_timer)
        state.drop_timer = None
        state.connected = True
        self._notice(self._reseat(seat), seat, state.name)
        if player in self.restored_for:
            self.restored_for.discard(player)
            self._post(m.Notice(what=m.NoticeKind.RESTORED), players=frozenset({player}))
        self._changed()
        self._send_snapshot(player, seat, upto=upto, match=match)
        return True

    def _reseat(self, seat: int) -> m.NoticeKind:
        """A returning player takes their seat back from the bot; what the table hears."""
        self._uncover(seat)
        return m.NoticeKind.BACK

    def _uncover(self, seat: int) -> None:
        state = self.seats[seat]
        if not state.covered:
            return
        state.covered = False
        state.bot = None
        if self.match is not None:
            self.match.session.set_bot(seat, None)
            self.match.bot_saved.pop(seat, None)

    def _grace_over(self, player: str) -> None:
        seat = self.seat_of(player)
        if seat is None or self.closed:
            return
        state = self.seats[seat]
        state.drop_timer = None
        if state.connected:
            return
        if self.stage is m.TableStage.PLAYING and self.match is not None:
            if self.spec.make_bot is None:
                return  # no bot to cover with: the seat waits for its player
            state.covered = True
            state.level = state.level or self._cover_level()
            self._seat_bot(seat)
            self._notice(m.NoticeKind.COVERED, seat, state.name)
            self._changed()
        else:
            self.leave(player, on_purpose=False)

    def _pass_master(self) -> None:
        humans = [s for s in self.seats if s.kind is HUMAN]
        humans.sort(key=lambda s: not s.connected)
        self.record.master = humans[0].player if humans else ""
        if humans:
            self._notice(m.NoticeKind.MASTER, self.seat_of(humans[0].player), humans[0].name)
        elif not self.spectators or self.stage is not m.TableStage.PLAYING:
            self.close()

    # -- the master's commands ----------------------------------------------------------
    def set_bot(self, player: str, seat: int, level: str | None) -> Reason | None:
        problem = self._master_waiting(player)
        if problem is not None:
            return problem
        if not 0 <= seat < len(self.seats):
            return Reason.NO_SUCH_SEAT
        state = self.seats[seat]
        if level is None:
            if state.kind is not BOT:
                return Reason.NO_SUCH_SEAT
            self.seats[seat] = SeatState()
            self._notice(m.NoticeKind.BOT_REMOVED, seat)
        else:
            if level not in self.spec.bot_levels or self.spec.make_bot is None:
                return Reason.NO_SUCH_LEVEL
            if state.kind is HUMAN:
                return Reason.SEAT_TAKEN
            self.seats[seat] = SeatState(BOT, level=level)
            self._notice(m.NoticeKind.BOT_ADDED, seat)
        self._changed()
        return None

    def set_options(self, player: str, config: dict[str, Any], seats: int) -> Reason | None:
        problem = self._master_waiting(player)
        if problem is not None:
            return problem
        if any(s.kind is HUMAN for s in self.seats[seats:]):
            return Reason.SEAT_TAKEN
        self.record.config = config
        self.seats = self.seats[:seats] + [SeatState() for _ in range(seats - len(self.seats))]
        self._notice(m.NoticeKind.OPTIONS)
        self._changed()
        return None

    def set_private(self, player: str, private: bool) -> Reason | None:
        if self.record.master != player:
            return Reason.NOT_MASTER
        self.record.private = private
        self._notice(m.NoticeKind.PRIVATE if private else m.NoticeKind.PUBLIC)
        self._changed()
        return None

    def hand_over(self, player: str, seat: int) -> Reason | None:
        if self.record.master != player:
            return Reason.NOT_MASTER
        if not 0 <= seat < len(self.seats) or self.seats[seat].kind is not HUMAN:
            return Reason.NO_SUCH_SEAT
        self.record.master = self.seats[seat].player
        self._notice(m.NoticeKind.MASTER, seat, self.seats[seat].name)
        self._changed()
        return None

    def kick(self, player: str, seat: int) -> tuple[Reason | None, str]:
        """The kicked player's id (the lobby closes their place at the table)."""
        if self.record.master != player:
            return Reason.NOT_MASTER, ""
        if not 0 <= seat < len(self.seats) or self.seats[seat].kind is not HUMAN:
            return Reason.NO_SUCH_SEAT, ""
        target = self.seats[seat].player
        if target == player:
            return Reason.NO_SUCH_SEAT, ""
        self.leave(target, kicked=True)
        self._post(m.Left(reason=Reason.KICKED.value), players=frozenset({target}))

        async def gone() -> None:
            self.on_left(self, target)

        self._queue(gone)
        return None, target

    def pause(self, player: str, paused: bool) -> Reason | None:
        if self.record.master != player:
            return Reason.NOT_MASTER
        self.record.paused = paused
        self._notice(m.NoticeKind.PAUSED if paused else m.NoticeKind.UNPAUSED)
        self._changed()
        if self.match is not None:
            if paused:
                _cancel_game(self.match.table_call)
                self.match.table_call = None
            else:
                self._plan_table_action(first=False)
        return None

    def start(self, player: str) -> Reason | None:
        if self.record.master != player:
            return Reason.NOT_MASTER
        if self.stage is m.TableStage.PLAYING:
            return Reason.STARTED
        if any(s.kind is EMPTY for s in self.seats):
            return Reason.SEATS_EMPTY
        assert self.spec.new_engine is not None
        seed = new_seed()
        number = self.record.matches_played + 1
        record = MatchRecord(number, seed, seed_hash(seed), dict(self.record.config), 0.0)
        record.players = [s.player if s.kind is HUMAN else "" for s in self.seats]
        record.levels = [s.level if s.kind is BOT else "" for s in self.seats]
        try:
            engine = self.spec.new_engine(record.config, engine_seed(seed), record.start)
        except (ValueError, TypeError, KeyError):
            return Reason.BAD_OPTIONS
        self.record.match = record
        self.record.matches_played = number
        self.stage = m.TableStage.PLAYING
        self._post(m.MatchBegins(seed_hash=record.seed_hash, config=record.config))
        self._notice(m.NoticeKind.STARTED)
        self._run(record, engine, [], {}, record.start)
        self._changed()
        for index, seat in enumerate(self.seats):
            if seat.kind is HUMAN and seat.connected:
                self._send_snapshot(seat.player, index, upto=0, match=number)
        if self.spectators:
            for spectator in self.spectators:
                self._send_snapshot(spectator, None, upto=0, match=number)
        assert self.match is not None
        self.match.session.start()
        self._plan_table_action(first=True)
        return None

    # -- play ---------------------------------------------------------------------------
    def act(
        self,
        player: str,
        data: Any,
        ref: int,
        at: float | None = None,
        arrived: float | None = None,
    ) -> Reason | None:
        """A seated player's action, applied now (``at``, the press time a real-time
        game's client sends, and ``arrived``, when its frame was read, mean nothing to a
        turn-based table)."""
        taken = self._action_of(player, data)
        if isinstance(taken, Reason):
            return taken
        seat, match, action = taken
        self._play(match, seat, player, action, ref)
        return None

    def _action_of(self, player: str, data: Any) -> tuple[int, _Match, Any] | Reason:
        """The seat, the match and the decoded action of a player's ``Act``, or why not."""
        seat = self.seat_of(player)
        if seat is None:
            return Reason.NOT_SEATED
        match = self.match
        if match is None or self.stage is not m.TableStage.PLAYING:
            return Reason.NOT_STARTED
        try:
            return seat, match, self.codec.decode_action(data)
        except CodecError:
            return Reason.BAD_ACTION

    def _play(
        self, match: _Match, seat: int, player: str, action: Any, ref: int, at: float | None = None
    ) -> None:
        """Apply ``action`` for ``seat`` (at game time ``at``, or now); a refusal goes
        back to its player only."""
        result = match.session.apply(seat, action, at=at)
        self._flush_pending()
        if result.refusal is not None:
            self._post(
                m.GameRefused(ref=ref, refusal=str(result.refusal.value)),
                players=frozenset({player}),
            )

    def say(
        self, player: str, text: str, to: int | None, skip: Sequence[str] = ()
    ) -> Reason | None:
        """A line to the table, or (``to``) to one seat; a line to the table never
        reaches the players in ``skip`` (those who blocked the writer)."""
        clean = clean_chat(text)
        if not clean:
            return Reason.CHAT_EMPTY
        name = self.name_of(player)
        seat = self.seat_of(player)
        if to is None:
            self._post(m.Chat(name=name, text=clean, seat=seat), players=self._all_but(skip))
            return None
        if not 0 <= to < len(self.seats) or self.seats[to].kind is not HUMAN:
            return Reason.NO_SUCH_PLAYER
        target = self.seats[to].player
        self._post(
            m.Chat(name=name, text=clean, seat=seat, private=True, to=to),
            players=frozenset({player, target}),
        )
        return None

    def _all_but(self, skip: Sequence[str]) -> frozenset[str] | None:
        """Everyone at the table (seated or watching) but ``skip`` (None: nobody skipped,
        so a post for the whole table)."""
        if not skip:
            return None
        here = {s.player for s in self.seats if s.kind is HUMAN and s.player}
        return frozenset((here | set(self.spectators)) - set(skip))

    def _master_waiting(self, player: str) -> Reason | None:
        if self.record.master != player:
            return Reason.NOT_MASTER
        if self.stage is m.TableStage.PLAYING:
            return Reason.STARTED
        return None

    # -- running a match ----------------------------------------------------------------
    def _run(
        self,
        record: MatchRecord,
        engine: Any,
        history: list[Any],
        bot_states: Mapping[int, Mapping[str, Any]],
        clock: float,
        log: list[LogEntry] | None = None,
    ) -> None:
        base = LoopScheduler(self.loop, on_error=self._failed)
        scheduler = self._scheduler(base, clock)
        logged = LoggedEngine(engine, self.codec, next_n=len(log or ()))
        session = self._session(logged, scheduler, base)
        self.match = _Match(record, logged, session, scheduler, history=history, log=log or [])
        for index, seat in enumerate(self.seats):
            if seat.kind is BOT or seat.covered:
                seat.level = seat.level or self._cover_level()
                self._seat_bot(index, bot_states.get(index))

    def _scheduler(self, base: LoopScheduler, clock: float) -> GameScheduler:
        """Game time for a match that stands at game time ``clock`` now."""
        return GameScheduler(base, offset=base.clock.now() - clock, start=clock)

    def _session(
        self, engine: LoggedEngine, scheduler: GameScheduler, base: LoopScheduler
    ) -> TableSession:
        return TableSession(engine, scheduler, listener=self._on_batch, idle=base.idle)

    def _seat_bot(self, seat: int, state: Mapping[str, Any] | None = None) -> None:
        match = self.match
        if match is None or self.spec.make_bot is None:
            return
        match.bot_count += 1
        level = self.seats[seat].level or self._cover_level()
        key = f"{match.record.seed}/bot/{seat}/{match.bot_count}"
        bot = self.spec.make_bot(
            seat, level, int(hashlib.sha256(key.encode()).hexdigest()[:15], 16)
        )
        if state is not None:
            bot.restore(state)
            match.bot_saved[seat] = dict(state)
        self.seats[seat].bot = bot
        match.session.set_bot(seat, bot)

    def _cover_level(self) -> str:
        levels = self.spec.bot_levels
        return levels[len(levels) // 2] if levels else ""

    def _on_batch(self, events: Sequence[Any]) -> None:
        match = self.match
        if match is None:
            return
        match.history.extend(events)
        upto = len(match.history)
        entries = match.engine.take()
        match.log.extend(entries)
        bots = self._changed_bots(match)
        if entries or bots:
            self._queue(_Write(entries, bots))
        for post in self._frames(match, events, upto):
            self._queue(post)
        if match.engine.is_over:
            self._finish(match)
        else:
            self._plan_table_action(first=False)

    def _flush_pending(self) -> None:
        match = self.match
        if match is not None and match.engine.pending:
            entries = match.engine.take()
            match.log.extend(entries)
            self._queue(_Write(entries, self._changed_bots(match)))

    def _changed_bots(self, match: _Match) -> dict[int, dict[str, Any]]:
        changed = {}
        for index, seat in enumerate(self.seats):
            if seat.bot is not None and (seat.kind is BOT or seat.covered):
                state = seat.bot.state()
                if state != match.bot_saved.get(index):
                    match.bot_saved[index] = state
                    changed[index] = state
        return changed

    def _frames(self, match: _Match, events: Sequence[Any], upto: int) -> list[Post]:
        encoded: dict[int, Any] = {}

        def enc(event: Any) -> Any:
            key = id(event)
            found = encoded.get(key)
            if found is None:
                found = encoded[key] = self.codec.encode_event(event)
            return found

        posts = []
        for index, seat in enumerate(self.seats):
            if seat.kind is not HUMAN or not seat.connected:
                continue
            heard = [enc(e) for e in events if visible_to(e, index)]
            if heard:
                frame = self._events_frame(match, index, heard, upto)
                posts.append(Post(self.id, frame, frozenset({index}), spectators=False))
        if self.spectators:
            heard = [enc(e) for e in events if visible_to(e, None)]
            if heard:
                frame = self._events_frame(match, None, heard, upto)
                posts.append(Post(self.id, frame, frozenset(), spectators=True))
        return posts

    def _events_frame(self, match: _Match, seat: int | None, heard: list[Any], upto: int) -> bytes:
        view = match.engine.observation(seat)
        old = match.views.get(seat)
        patch = self.codec.full_patch(view) if old is None else self.codec.view_patch(old, view)
        match.views[seat] = view
        match.views_upto[seat] = upto
        ahead = self._ahead(match, seat, view)
        return m.encode(
            m.Events(
                events=heard, view=patch, upto=upto, ahead=ahead, now=match.scheduler.clock.now()
            )
        )

    def _ahead(self, match: _Match, seat: int | None, view: Any) -> list[Any] | None:
        """A real-time game's happenings ahead for ``seat`` (``race_table``); none here."""
        return None

    def _plan_table_action(self, first: bool) -> None:
        """Deal the next round when the game waits for the table: at once for the
        first, after ``between_rounds`` for the others, never while paused."""
        match = self.match
        if match is None or match.engine.is_over or self.record.paused:
            return
        now = match.scheduler.clock.now()
        if not match.engine.legal_actions(None, now):
            return
        if match.table_call is not None and not match.table_call.cancelled:
            return
        delay = 0.0 if first else self.options.between_rounds
        match.table_call = match.scheduler.call_later(delay, self._table_act)

    def _table_act(self) -> None:
        match = self.match
        if match is None or self.closed:
            return
        match.table_call = None
        actions = match.engine.legal_actions(None, match.scheduler.clock.now())
        if actions:
            match.session.apply(None, actions[0])
            self._flush_pending()

    def _finish(self, match: _Match) -> None:
        match.session.stop()
        _cancel_game(match.table_call)
        record = match.record
        outcome = match.engine.outcome
        over = m.MatchOver(
            seed=record.seed,
            seed_hash=record.seed_hash,
            game=self.spec.id,
            config=record.config,
            start=record.start,
            log=[[e.at, e.seat, e.action] for e in match.log],
        )
        self._post(over)
        # a copy: the table's own record forgets the match below, before ``keep`` runs
        table_record = dataclasses.replace(self.record, match=record)
        outcome_data = {
            "winners": [] if outcome is None else list(outcome.winners),
            "ranks": [] if outcome is None else list(outcome.ranks),
            "sides": [] if outcome is None else list(outcome.sides),
            "names": self.names(),
        }
        finished = list(match.log)
        on_finished = self.on_finished

        async def keep() -> None:
            await self.store.finish_match(table_record, finished, outcome_data)
            if on_finished is not None and outcome is not None:
                try:
                    await on_finished(self, record, outcome)
                except Exception:  # ratings failing never stops the table
                    log.exception("table %s: rating the match failed", self.id)

        self._queue(keep)
        self.stage = m.TableStage.OVER
        for seat in self.seats:
            if seat.covered:  # a player who never came back: the seat is the bot's now
                seat.kind, seat.player, seat.name, seat.covered = BOT, "", "", False
        self.record.match = None
        self._changed()

    def _failed(self, exc: BaseException) -> None:
        log.error("table %s failed", self.id, exc_info=exc)
        self._post(m.Left(reason=Reason.TABLE_BROKEN.value))
        self.close()

    # -- after a restart ----------------------------------------------------------------
    def restore(self, saved: SavedTable) -> None:
        """Bring the match back from its log; every player is away until they return."""
        record = self.record.match
        if self.stage is m.TableStage.PLAYING and record is not None:
            replayed = replay(
                self.spec, self.codec, record.config, record.seed, record.start, saved.log
            )
            self._run(record, replayed.engine, replayed.events, saved.bots, replayed.clock)
            assert self.match is not None
            self.match.log = list(saved.log)
            self.match.engine.next_n = len(saved.log)
        for seat in self.seats:
            if seat.kind is HUMAN:
                seat.connected = True  # so that dropped() starts the grace
                self.dropped(seat.player)
                self.restored_for.add(seat.player)
        if self.match is not None:
            self.match.session.start()
            self._plan_table_action(first=not self.match.history)

    # -- sending ------------------------------------------------------------------------
    def _send_state(self) -> None:
        """Everyone's view of the table (their own seat in it) after a change."""
        info = self.info()
        for index, seat in enumerate(self.seats):
            if seat.kind is HUMAN:
                self._post(m.TableState(table=info, you=index), players=frozenset({seat.player}))
        if self.spectators:
            self._post(m.TableState(table=info, you=None), players=frozenset(self.spectators))

    def send_state_to(self, player: str) -> None:
        self._post(
            m.TableState(table=self.info(), you=self.seat_of(player)),
            players=frozenset({player}),
        )

    def _send_snapshot(
        self, player: str, seat: int | None, upto: int | None, match: int | None
    ) -> None:
        current = self.match
        self.send_state_to(player)
        if current is None:
            return
        history = current.history
        others = [p for p in self.spectators if p != player]
        if seat is None and others and None in current.views:
            # the spectators share one view: a newcomer starts from the one they have
            view, now = current.views[None], current.views_upto[None]
        else:
            view, now = current.engine.observation(seat), len(history)
            current.views[seat] = view
            current.views_upto[seat] = now
        since = upto if match == current.record.number and upto is not None else 0
        since = max(0, min(since, now), now - self.options.max_away)
        away = [self.codec.encode_event(e) for e in history[since:now] if visible_to(e, seat)]
        ahead = self._ahead(current, seat, view)
        snapshot = m.Snapshot(
            view=self.codec.encode_view(view),
            upto=now,
            away=away,
            ahead=ahead,
            now=current.scheduler.clock.now(),
        )
        self._post(snapshot, players=frozenset({player}))

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

    def _changed(self) -> None:
        """Seating or options changed: keep the record, tell everyone."""
        record = self.record
        record.seats = [s.record() for s in self.seats]
        record.stage = self.stage.value
        snapshot = dataclasses.replace(
            record, seats=list(record.seats), admitted=list(record.admitted)
        )

        async def save() -> None:
            if not self.closed:
                try:
                    await self.store.save_table(snapshot)
                except asyncio.CancelledError:
                    raise
                except Exception:
                    self._stored(False)
                    raise
                self._stored(True)

        self._queue(save)
        self._send_state()

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

    async def flushed(self) -> None:
        """Wait until everything queued so far is written and published (tests, shutdown)."""
        done = asyncio.Event()

        async def mark() -> None:
            done.set()

        self._outbox.put_nowait(mark)
        await done.wait()


def _seat_state(record: SeatRecord) -> SeatState:
    return SeatState(
        kind=m.SeatKind(record.kind),
        player=record.player,
        name=record.name,
        level=record.level,
        covered=record.covered,
    )


def _cancel(handle: asyncio.TimerHandle | None) -> None:
    if handle is not None:
        handle.cancel()


def _cancel_game(handle: Any) -> None:
    if handle is not None:
        handle.cancel()


__all__ = ["ReplayError", "SeatState", "Table"]
