"""One client's connection on the server: its limits, its messages, its frames out.

Every text frame is checked in this order, each failure refused with a
``Reason`` id (and counted as abuse; enough abuse closes the connection):
size (16 KiB), rate (token bucket), JSON, a known ``type``, the message's
fields (``msgspec`` against the ``ClientMessage`` union), then its place in
the conversation (Hello first; a table command only at a table; the
master's commands only from the master). What passes is handed to the lobby
or to the player's table; the seat of an action is looked up from the player,
never read from the message.

Frames out go through a queue drained by the connection's own writer task:
a table never waits for a slow client, and a client that falls too far behind
is closed (it resumes with its token and gets a snapshot).
"""

from __future__ import annotations

import asyncio
import collections
import logging
import time
from collections.abc import Callable
from typing import Any

import msgspec
from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from audiogame.net.protocol import messages as m
from audiogame.net.protocol.chat_text import clean_chat
from audiogame.net.protocol.names import clean_name
from audiogame.net.protocol.reasons import Reason, refusal
from audiogame.net.server import forwarded, json_log
from audiogame.net.server.admission import may_enter
from audiogame.net.server.arrivals import StampedConnection
from audiogame.net.server.bus import Post
from audiogame.net.server.limits import AbuseMeter, TokenBucket
from audiogame.net.server.line_ground import Ground
from audiogame.net.server.lobby import Lobby, Player, code_key
from audiogame.net.server.moderation import moderation_handlers
from audiogame.net.server.quiet_log import QuietLog
from audiogame.net.server.records import SanctionRecord
from audiogame.net.server.social import social_handlers
from audiogame.net.server.table import Table

log = logging.getLogger(__name__)
_QUIET = QuietLog(log)

_RAW = msgspec.json.Decoder()
#: the frames that answer an action: its events, or the game's refusal of it
_ANSWERS = (b'{"type":"events"', b'{"type":"game-refused"')
#: round trips measured quickly at a real-time table just joined, before the usual pace
_PROBE_BURST = 8
_PROBE_BURST_EVERY = 0.05
#: the messages a connection may open with
_ENTRANCES = (m.Hello, m.Register, m.Login)


def _address_of(ws: ServerConnection, trusted: tuple[forwarded.Network, ...]) -> str:
    remote = ws.remote_address
    peer = str(remote[0]) if remote else ""
    request = ws.request
    if request is None:
        return peer
    return forwarded.client_address(peer, request.headers, trusted)


class Connection:
    #: the message types and the union a frame is checked against (a web page's
    #: connection adds its own two)
    client_types: frozenset[str] = m.CLIENT_TYPES
    client_union: Any = m.ClientMessage

    def __init__(self, ws: ServerConnection, lobby: Lobby) -> None:
        self.ws = ws
        self.lobby = lobby
        self.options = lobby.options
        loop = asyncio.get_running_loop()
        self.loop = loop
        limits = self.options.limits
        now = loop.time()
        self.bucket = TokenBucket(limits.rate, limits.burst, now)
        self.abuse = AbuseMeter(limits, now)
        self.player: Player | None = None
        self.metrics = lobby.metrics
        #: where the client is: the peer's address, or behind a trusted proxy the client's
        #: it names (``forwarded``); every limit per address counts this
        self.address = _address_of(ws, self.options.trusted_proxies)
        #: when this player's last action arrived, until its answer goes out (the
        #: action -> delivery latency)
        self._act_at: float | None = None
        self._out: collections.deque[bytes] = collections.deque()
        self._wake = asyncio.Event()
        self._closing = False
        #: the task writing this connection's frames out; it ends once the goodbye (and
        #: every frame before it) is out and the line closed (``GameServer.close`` waits)
        self.writer: asyncio.Task[None] | None = None
        self._slowed_at = -1.0
        #: when the frame being handled arrived (``_arrived``)
        self._frame_at = now
        #: closes a connection that never says who it is (set going by ``run``)
        self._hello_timer: asyncio.Handle | None = None
        self._handlers: dict[type, Callable[[Any], Any]] = {
            m.Hello: self._hello,
            m.ListTables: self._list,
            m.CreateTable: self._create,
            m.JoinTable: self._join,
            m.LeaveTable: self._leave,
            m.SetBot: self._set_bot,
            m.SetOptions: self._set_options,
            m.SetSeatOption: self._set_seat_option,
            m.SetPrivate: self._set_private,
            m.HandOver: self._hand_over,
            m.Kick: self._kick,
            m.Start: self._start,
            m.Pause: self._pause,
            m.Act: self._act,
            m.Say: self._say,
            m.Ping: self._ping,
            m.Register: self._register,
            m.Login: self._login,
            m.Logout: self._logout,
            m.ChangePassword: self._change_password,
            m.PeekTable: self._peek,
        }
        self._handlers.update(social_handlers(self))
        self._handlers.update(moderation_handlers(self))

    # -- the connection's life ------------------------------------------------------------
    async def run(self) -> None:
        writer = self.writer = self.loop.create_task(self._write())
        probe = self.loop.create_task(self._probe())
        self._hello_timer = self.loop.call_later(self.options.hello_timeout, self._hello_late)
        try:
            async for frame in self.ws:
                await self._frame(frame)
                if self._closing:
                    break
        except ConnectionClosed:
            pass
        finally:
            if self._hello_timer is not None:
                self._hello_timer.cancel()
            probe.cancel()
            self._gone()
            self._closing = True
            self._wake.set()
            try:
                await asyncio.wait_for(writer, timeout=1.0)
            except (TimeoutError, asyncio.CancelledError):
                writer.cancel()

    async def _probe(self) -> None:
        """The round trip of this connection for a real-time table (its lag
        compensation): the server's own pings, and what the system (or a trusted proxy
        in front) says the client cannot stretch (``net.server.line_ground``). A burst when
        the player arrives at a table, then every ``probe_every`` while they stay."""
        remote = self.ws.remote_address
        peer = str(remote[0]) if remote else ""
        ground = Ground.of(peer, _headers(self.ws), self.options.trusted_proxies)
        sock = self.ws.transport.get_extra_info("socket") if self.ws.transport else None
        measuring: Any = None
        taken = 0
        while not self._closing:
            burst = taken < _PROBE_BURST
            await asyncio.sleep(_PROBE_BURST_EVERY if burst else self.options.probe_every)
            player = self.player
            table = None if player is None else player.table
            take = getattr(table, "rtt_sample", None)
            if player is None or take is None:
                continue
            if table is not measuring:
                measuring, taken = table, 0
            try:
                waiter = await self.ws.ping()
                rtt = await asyncio.wait_for(waiter, 2.0)
            except (ConnectionClosed, TimeoutError):
                continue
            if player.table is table and self.player is player:
                taken += 1
                take(player.id, rtt, ground.ceiling(sock))

    def _hello_late(self) -> None:
        if self.player is not None:
            return
        ws = self.ws
        if isinstance(ws, StampedConnection) and ws.arrivals:
            # a message was read off the socket in time and waits for a busy loop to get
            # to it: the server's delay, not the client's. Looked at again once it has
            # been handled (an entrance cancels this, a refusal gives the time again)
            self._hello_timer = self.loop.call_soon(self._hello_late)
            return
        self.close(Reason.TIMEOUT)

    def _gone(self) -> None:
        # this connection watches no more, whoever it was (a replaced one too): kept in
        # the watchers, every closed connection that ever listed the people stayed alive
        self.lobby.people.watch(self, False)
        player = self.player
        if player is None:
            return
        self.player = None
        if player.connection is not self:
            return
        player.connection = None
        player.gone_at = time.monotonic()
        self.lobby.guest_left(player)
        self.lobby.people.gone(player)
        table = player.table
        if table is not None:
            self.lobby.bus.unsubscribe(table.id, self)
            if table.seat_of(player.id) is None:
                player.table = None  # a spectator who drops has left
            table.dropped(player.id)

    def close(self, reason: Reason) -> None:
        """Say goodbye with ``reason`` and close once the frames before it are out."""
        if self._closing:
            return
        self.send(m.Goodbye(reason=reason.value))
        self._closing = True
        self._wake.set()

    async def _write(self) -> None:
        ws = self.ws
        out = self._out
        try:
            while True:
                while out:
                    await ws.send(out.popleft(), text=True)
                if self._closing:
                    break
                self._wake.clear()
                await self._wake.wait()
            await ws.close(1008 if self.abuse.points else 1000)
        except ConnectionClosed:
            pass

    # -- frames out ---------------------------------------------------------------------
    def send(self, message: msgspec.Struct) -> None:
        self.send_frame(m.encode(message))

    def send_frame(self, frame: bytes) -> None:
        self._answered(frame)
        self._queue(frame)

    def _queue(self, frame: bytes) -> None:
        if self._closing:
            return
        self.metrics.frames_out.inc()
        self._out.append(frame)
        self._wake.set()
        if len(self._out) > self.options.max_backlog:
            self._out.clear()
            self.close(Reason.SLOW_DOWN)

    def _answered(self, frame: bytes) -> None:
        """An action's answer (the batch of events it made, or the game's refusal) on its
        way to its player: the latency from the action's arrival."""
        if self._act_at is not None and frame.startswith(_ANSWERS):
            self.metrics.action_delivery.observe(self.loop.time() - self._act_at)
            self._act_at = None

    def deliver(self, post: Post) -> None:
        player = self.player
        if player is None:
            return
        self.lobby.moderation.heard.delivered(post)
        table = player.table
        seat = None if table is None else table.seat_of(player.id)
        if post.reaches(seat, player.id):
            self.send_frame(post.frame)

    def replaced(self) -> None:
        """The same player connected again elsewhere: this connection goes quietly."""
        self.player = None
        self.close(Reason.REPLACED)

    # -- frames in ----------------------------------------------------------------------
    def _arrived(self) -> float:
        """When the frame being handled reached us: a client's pace is judged by when its
        frames came, not by when a busy server got round to them (``arrivals``)."""
        ws = self.ws
        return ws.arrived() if isinstance(ws, StampedConnection) else self.loop.time()

    async def _frame(self, frame: str | bytes) -> None:
        now = self._frame_at = self._arrived()
        self.metrics.frames_in.inc()
        if not self.bucket.take(now):
            self.metrics.refused.labels(Reason.SLOW_DOWN.value).inc()
            if now - self._slowed_at >= 1.0:  # one refusal a second, not one per frame
                self._slowed_at = now
                self.send(m.Refused(reason=Reason.SLOW_DOWN.value))
            self._strike(now)
            return
        if not isinstance(frame, str):
            self._refuse(Reason.NOT_TEXT, "")
            return
        if len(frame) > m.MAX_FRAME:
            self._refuse(Reason.TOO_BIG, "")
            return
        try:
            raw = _RAW.decode(frame)
        except (msgspec.DecodeError, RecursionError):  # nested past msgspec's depth
            self._refuse(Reason.MALFORMED, "")
            return
        kind = raw.get("type") if type(raw) is dict else None
        if type(kind) is not str:
            self._refuse(Reason.MALFORMED, "")
            return
        if kind not in self.client_types:
            self._refuse(Reason.UNKNOWN_TYPE, kind[:32])
            return
        try:
            message = msgspec.convert(raw, self.client_union)
        except msgspec.ValidationError:
            self._refuse(Reason.BAD_FIELDS, kind)
            return
        if self.player is None and not isinstance(message, _ENTRANCES):
            self._refuse(Reason.HELLO_FIRST, kind)
            return
        if self.player is not None and not isinstance(message, m.Ping):
            self.lobby.people.active(self.player, now)
        entering = self.player is None
        if entering and self._hello_timer is not None:
            # the client has said who it is: a login waiting its turn for a hash is the
            # server's delay, bounded by the hashing queue, never a reason to close
            self._hello_timer.cancel()
        try:
            problem = self._handlers[type(message)](message)
            if asyncio.iscoroutine(problem):
                problem = await problem
        except Exception:
            # a failure of ours: the client still hears an answer (it may be waiting
            # for one), and the log gets the trace once a minute, however often it comes
            _QUIET.exception(kind, "handling %s failed", kind)
            problem = Reason.BAD_FIELDS
        if entering and self.player is None and not self._closing:
            # refused: the client has the same time again to enter, not for ever
            self._hello_timer = self.loop.call_later(self.options.hello_timeout, self._hello_late)
        if problem is not None:
            self._refuse(problem, kind, getattr(message, "ref", None))

    def _refuse(self, reason: Reason | m.OptionProblem, of: str, ref: int | None = None) -> None:
        said = refusal(reason, of, ref)
        self.metrics.refused.labels(said.reason).inc()
        self.send(said)
        self._strike(self._frame_at)

    def _strike(self, now: float) -> None:
        if self.abuse.strike(now):
            self.close(Reason.ABUSE)

    # -- the messages -------------------------------------------------------------------
    async def _hello(self, msg: m.Hello) -> Reason | None:
        if self.player is not None:
            return Reason.ALREADY_WELCOMED
        name, problem = clean_name(msg.name)
        if problem is not None:
            return problem
        if msg.token is None:  # a new guest: a guest's ban holds for their address
            banned = await self.lobby.moderation.address_banned(self.address)
            if banned is not None:
                self._banned(banned)
                return None
        found = await self.lobby.player_for(name, msg.token, self.address)
        kind = "guest" if msg.token is None else "resume"
        self.metrics.entered(kind, found.value if isinstance(found, Reason) else "ok")
        if found is Reason.TOO_MANY_GUESTS:  # asking again would only be refused again
            self.close(found)
            return None
        if isinstance(found, Reason):
            return found
        player, token = found
        return await self._enter(
            player, token, msg.table, msg.upto, msg.match, msg.token is not None
        )

    async def _enter(
        self, player: Player, token: str, table_id: str, upto: int, match: int, resumed: bool
    ) -> Reason | None:
        """Welcome ``player`` on this connection (and back to their table, if any)."""
        if self._closing:
            return None
        banned = await self.lobby.moderation.entering(player, self.address)
        if banned is not None:
            self._banned(banned)
            return None
        old = player.connection
        if isinstance(old, Connection) and old is not self:
            old.replaced()
            if player.table is not None:
                self.lobby.bus.unsubscribe(player.table.id, old)
        player.connection = self
        player.gone_at = None
        self.player = player
        self.send(
            m.Welcome(
                player=player.id,
                token=token,
                name=player.name,
                games=self.lobby.online_games(),
                account=player.account is not None,
                role=player.role,
            )
        )
        table = player.table
        if table is not None:
            self.lobby.bus.subscribe(table.id, self)
            if not table.returned(player.id, upto, match):
                self.lobby.bus.unsubscribe(table.id, self)
                player.table = None
        if player.table is None and table_id and resumed:
            # a spectator whose connection dropped (or whose server restarted) watches again;
            # a player whose table another server process runs (or took over) sits again
            watched = await self.lobby.find_anywhere(table_id, "")
            resume = getattr(watched, "resume", None)
            barred = None if watched is None else may_enter(watched, player.id, "")
            if watched is None or getattr(watched, "closed", False):
                # the table went while they were away (its players all gone, its match
                # over): said, as it was to those there, not a silent table that never plays
                self.send(m.Left(reason=Reason.TABLE_CLOSED.value))
            elif barred is not None:  # a private table's id opens nothing: only its code,
                self.send(m.Left(reason=barred.value))  # or a pass kept
            elif resume is not None:
                self.lobby.bus.subscribe(watched.id, self)
                player.table = watched
                resume(player.id, player.name, upto, match)
            else:
                if watched.seat_of(player.id) is not None:
                    self.lobby.bus.subscribe(watched.id, self)
                    player.table = watched
                    watched.returned(player.id, upto, match)
                else:
                    self._sit(player, watched, None, True, upto, match)
        self.lobby.people.arrived(player)
        return None

    def _banned(self, ban: SanctionRecord) -> None:
        """A ban in force: the player hears why and until when, and goes."""
        self.send(m.Sanctioned(kind="ban", reason=ban.reason, note=ban.note, until=ban.until))
        self.close(Reason.BANNED)

    async def _register(self, msg: m.Register) -> Reason | None:
        if self.player is not None:
            return Reason.ALREADY_WELCOMED
        name, problem = clean_name(msg.name)
        alike = None if problem else self.lobby.alike_present(name, "")
        if alike is not None:  # a look-alike of someone here: never an account's
            return alike
        entry = await self.lobby.accounts.register(msg.name, msg.password, self.address)
        self.metrics.entered("register", entry.value if isinstance(entry, Reason) else "ok")
        if isinstance(entry, Reason):
            return entry
        return await self._enter(self.lobby.enter(entry), entry.token, "", 0, 0, False)

    async def _login(self, msg: m.Login) -> Reason | None:
        if self.player is not None:
            return Reason.ALREADY_WELCOMED
        entry = await self.lobby.accounts.login(msg.name, msg.password, self.address)
        self.metrics.entered("login", entry.value if isinstance(entry, Reason) else "ok")
        if isinstance(entry, Reason):
            return entry
        return await self._enter(self.lobby.enter(entry), entry.token, "", 0, 0, True)

    async def _logout(self, msg: m.Logout) -> Reason | None:
        player = self._me()
        if player.account is None:
            return Reason.ACCOUNTS_ONLY
        await self.lobby.store.revoke_sessions(
            player.account.id, None if msg.everywhere else player.session
        )
        if player.table is not None:
            self._leave(m.LeaveTable())
        self.close(Reason.LOGGED_OUT)
        return None

    async def _change_password(self, msg: m.ChangePassword) -> Reason | None:
        player = self._me()
        if player.account is None:
            return Reason.ACCOUNTS_ONLY
        problem = await self.lobby.accounts.change_password(
            player.account, msg.old, msg.new, player.session, self.address
        )
        if problem is None:
            self.send(m.Done(of="change-password"))
        return problem

    def _list(self, _msg: m.ListTables) -> Reason | None:
        self.send(m.TableList(tables=self.lobby.public_tables()))
        return None

    def _peek(self, msg: m.PeekTable) -> Reason | None:
        table = self.lobby.tables.get(msg.table)
        if table is None or table.closed or table.record.private:
            return Reason.NO_SUCH_TABLE
        self.send(table.peek())
        return None

    def _create(self, msg: m.CreateTable) -> Reason | m.OptionProblem | None:
        player = self._me()
        if player.table is not None:
            return Reason.ALREADY_AT_TABLE
        table = self.lobby.create_table(player, msg.game, msg.config, msg.private)
        if not isinstance(table, Table):
            return table
        return self._sit(player, table, None, False, code=table.record.code)

    async def _join(self, msg: m.JoinTable) -> Reason | None:
        player = self._me()
        if player.table is not None:
            return Reason.ALREADY_AT_TABLE
        table = await self.lobby.find_anywhere(msg.table, msg.code)
        if player.table is not None:  # joined meanwhile
            return Reason.ALREADY_AT_TABLE
        if table is None or table.closed:
            return Reason.NO_SUCH_TABLE
        code = (code_key(msg.code) or "") if msg.code else ""
        return self._sit(player, table, msg.seat, msg.spectator, code=code)

    def _sit(
        self,
        player: Player,
        table: Table,
        seat: int | None,
        spectator: bool,
        upto: int | None = None,
        match: int | None = None,
        code: str = "",
    ) -> Reason | None:
        """Every way to a table ends here: the admission rule first, before a frame of
        the table can reach this connection (``code``: the invite code's key given)."""
        refused = may_enter(table, player.id, code)
        if refused is not None:
            return refused
        self.lobby.bus.subscribe(table.id, self)
        player.table = table
        problem = table.join(player.id, player.name, seat, spectator, upto, match, code)
        if problem is not None:
            player.table = None
            self.lobby.bus.unsubscribe(table.id, self)
            if not any(s.kind is m.SeatKind.HUMAN for s in table.seats) and not table.spectators:
                table.close()  # a table its creator could not even sit at
        return problem

    def _leave(self, _msg: m.LeaveTable) -> Reason | None:
        player, table = self._at_table()
        if table is None:
            return Reason.NOT_AT_TABLE
        table.leave(player.id)
        self.lobby.bus.unsubscribe(table.id, self)
        player.table = None
        self.send(m.Left(reason=""))
        return None

    def _set_bot(self, msg: m.SetBot) -> Reason | None:
        player, table = self._at_table()
        if table is None:
            return Reason.NOT_AT_TABLE
        return table.set_bot(player.id, msg.seat, msg.level)

    def _set_options(self, msg: m.SetOptions) -> Reason | m.OptionProblem | None:
        player, table = self._at_table()
        if table is None:
            return Reason.NOT_AT_TABLE
        if table.record.master != player.id:
            return Reason.NOT_MASTER
        checked = self.lobby.check_config(table.spec, msg.config)
        if not isinstance(checked, tuple):
            return checked
        return table.set_options(player.id, *checked)

    def _set_seat_option(self, msg: m.SetSeatOption) -> Reason | m.OptionProblem | None:
        player, table = self._at_table()
        if table is None:
            return Reason.NOT_AT_TABLE
        return table.set_seat_option(player.id, msg.option, msg.value)

    def _set_private(self, msg: m.SetPrivate) -> Reason | None:
        player, table = self._at_table()
        return Reason.NOT_AT_TABLE if table is None else table.set_private(player.id, msg.private)

    def _hand_over(self, msg: m.HandOver) -> Reason | None:
        player, table = self._at_table()
        return Reason.NOT_AT_TABLE if table is None else table.hand_over(player.id, msg.seat)

    def _kick(self, msg: m.Kick) -> Reason | None:
        player, table = self._at_table()
        if table is None:
            return Reason.NOT_AT_TABLE
        return table.kick(player.id, msg.seat)[0]

    def _start(self, _msg: m.Start) -> Reason | None:
        player, table = self._at_table()
        return Reason.NOT_AT_TABLE if table is None else table.start(player.id)

    def _pause(self, msg: m.Pause) -> Reason | None:
        player, table = self._at_table()
        return Reason.NOT_AT_TABLE if table is None else table.pause(player.id, msg.paused)

    def _act(self, msg: m.Act) -> Reason | None:
        player, table = self._at_table()
        if table is None:
            return Reason.NOT_AT_TABLE
        problem = table.act(player.id, msg.action, msg.ref, at=msg.at, arrived=self._frame_at)
        if problem is None:
            self._act_at = self._frame_at
        return problem

    async def _say(self, msg: m.Say) -> Reason | None:
        player, table = self._at_table()
        if table is None:
            return Reason.NOT_AT_TABLE
        paced = self.lobby.moderation.may_chat(player)
        if paced is not None:
            return paced
        target = "" if msg.to is None else table.player_at(msg.to)
        if target:
            # a private message at the table is a private message: blocks and the
            # addressee's privacy hold here as they do for a whisper
            if target == player.id:
                return Reason.YOURSELF
            if not await self.lobby.people.allows("message", player, target):
                return Reason.PRIVACY
            return table.say(player.id, msg.text, msg.to)
        # a line to the table skips those who blocked the writer, as the lobby's room does
        problem = table.say(player.id, msg.text, None, await self.lobby.people.blocked_by(player))
        if problem is None:
            json_log.chat_line(f"table {table.id}", player.id, player.name, clean_chat(msg.text))
        return problem

    def _ping(self, msg: m.Ping) -> Reason | None:
        self.send(m.Pong(id=msg.id, time=self.loop.time()))
        return None

    def _me(self) -> Player:
        assert self.player is not None  # Hello first: checked before any handler
        return self.player

    def _at_table(self) -> tuple[Player, Table | None]:
        player = self._me()
        return player, player.table


def _headers(ws: Any) -> Any:
    """The WebSocket request's headers (None for a connection without one)."""
    request = getattr(ws, "request", None)
    return None if request is None else request.headers
