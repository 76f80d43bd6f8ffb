"""The client's network side: a thread that talks to the server, a queue the loop drains.

``GameClient`` runs an asyncio loop in a thread of its own; the app's loop
calls ``poll()`` once a frame, which never blocks, and ``send()``/``act()``,
which hand a message to the thread and return at once. Everything the server
sends arrives decoded: the messages as ``messages`` Structs, and a table's game
data as the game's own values, already applied to the seat's view:

- ``Batch(events, view, upto)``: one batch of events this seat may know, and
  the seat's view (the game's observation) after it: exactly what a local
  table hands its narrator;
- ``Resync(view, away, upto)``: the view on joining or coming back, and the
  events missed meanwhile ("while you were away");
- ``Connected(fingerprint)``, ``Connecting(attempt, delay)``,
  ``Disconnected(reason, final, waiting)``: the connection's own news, for the app to say.

When the connection drops the thread reconnects by itself with backoff
(0.5 s doubling to 8 s, with jitter), sends ``Hello`` with the resume token and
the last event count it had, and the server puts the player back in their seat.
A refused entrance is not retried blindly: a name that can never be one stops the
client at once (``ENTRANCE_FINAL``), a refusal the player must answer waits for the
app's next entrance, and only a refusal for now is tried again (``ENTRANCE_TRANSIENT``).

TLS: ``wss://`` addresses are checked against the system's authorities
(``verify=True``, a public server) or pinned: ``pin`` is the certificate's
SHA-256 (hex) the player accepted; without one, the first certificate seen is
reported in ``Connected.fingerprint`` (to read aloud as words) and pinned for
the rest of the session.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import queue
import random
import ssl
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus, WebSocketException
from websockets.typing import Subprotocol

from audiogame.games import registry
from audiogame.net.client.chat_kinds import Said, said
from audiogame.net.client.clock_sync import ClockSync, Estimate
from audiogame.net.protocol import messages as m
from audiogame.net.protocol import tls
from audiogame.net.protocol.game_codec import CodecError, GameCodec
from audiogame.net.protocol.reasons import Reason

log = logging.getLogger(__name__)

#: goodbyes after which reconnecting would only be refused again
FINAL = frozenset(
    {
        Reason.VERSION.value,
        Reason.REPLACED.value,
        Reason.ABUSE.value,
        "pin-mismatch",
        "no-answer",
        "garbled",
        "unstable",
        Reason.TOO_MANY_CONNECTIONS.value,
        Reason.TOO_MANY_GUESTS.value,
        # the server closed for good, or this session was ended: the player hears why
        # and is back in a menu; joining again from there is theirs to choose
        Reason.SHUTDOWN.value,
        Reason.LOGGED_OUT.value,
        Reason.SERVER_FULL.value,
        Reason.TABLE_CLOSED.value,
        Reason.BANNED.value,
    }
)
#: goodbyes a server of ours says (a reason id the player hears as ``net-reason-<id>``)
SERVER_GOODBYES = frozenset(r.value for r in Reason)
#: the messages that enter a server (the first on a connection)
ENTRANCES = frozenset({"hello", "login", "register"})
#: an entrance refused for a reason no new attempt can change (the name itself is not
#: a name): the client closes at once and stops, ``Disconnected(reason, final=True)``
ENTRANCE_FINAL = frozenset(
    {
        Reason.NAME_EMPTY.value,
        Reason.NAME_TOO_LONG.value,
        Reason.NAME_CHARACTERS.value,
        Reason.BANNED.value,
    }
)
#: an entrance refused for now: the same one may pass in a moment, so when the server
#: gives the connection up the client tries again by itself, with backoff. Every other
#: refusal of an entrance waits for the player (another name, a password): the client
#: does not enter again by itself, only with the next entrance the app sends
ENTRANCE_TRANSIENT = frozenset(
    {
        Reason.SLOW_DOWN.value,
        Reason.BAD_FIELDS.value,  # a failure of the server's
        Reason.TOO_MANY_LOGINS.value,
        Reason.ACCOUNT_SLOWED.value,
        Reason.ACCOUNT_GUARDED.value,
        Reason.BUSY.value,
    }
)


@dataclass(frozen=True, slots=True)
class Connected:
    """Welcomed by the server; ``fingerprint`` of its certificate when pinned (hex)."""

    fingerprint: str | None
    resumed: bool


@dataclass(frozen=True, slots=True)
class Connecting:
    attempt: int
    delay: float


@dataclass(frozen=True, slots=True)
class Disconnected:
    reason: str
    final: bool  # no more attempts: the app must say so and offer a way out
    #: the entrance was refused and the player must answer (a password, another name): the
    #: client tries nothing by itself, it waits for the app's next entrance
    waiting: bool = False


@dataclass(frozen=True, slots=True)
class Ahead:
    """A happening a real-time game will bring by itself at game time ``at`` (dice
    landing, the race starting), its events and the seat's view after it, as they
    stand now: what a client plays at its time (``net.client.race_seat``)."""

    at: float
    events: tuple[Any, ...]
    view: Any


@dataclass(frozen=True, slots=True)
class Batch:
    events: tuple[Any, ...]
    view: Any
    upto: int
    #: a real-time game's next happenings (None: unchanged)
    ahead: tuple[Ahead, ...] | None = None
    #: the match's game time when it happened, on the server (None: not said)
    now: float | None = None


@dataclass(frozen=True, slots=True)
class Resync:
    view: Any
    away: tuple[Any, ...]
    upto: int
    ahead: tuple[Ahead, ...] | None = None
    now: float | None = None


Incoming = (
    Connected
    | Connecting
    | Disconnected
    | Batch
    | Resync
    | m.Welcome
    | m.Refused
    | m.TableList
    | m.TableState
    | m.GameRefused
    | m.Notice
    | m.Chat
    | m.MatchBegins
    | m.MatchOver
    | m.Left
    | m.Pong
    | m.Goodbye
    | m.People
    | m.Presence
    | m.Relations
    | m.PrivacyState
    | m.WhisperFrom
    | m.LobbyChat
    | m.Invited
    | m.Rating
    | m.Leaderboard
    | m.Record
    | m.Done
    | m.RaceClock
    | m.TablePeek
    | m.Sanctioned
    | m.Reports
    | m.ReportFiled
    | m.Audit
)

#: clock pings: a burst when connected (so the first estimate is good at once),
#: then one every ``SYNC_EVERY`` seconds for as long as the connection lasts. On a
#: jittery line only the few shortest round trips are right to a few milliseconds, so
#: many samples are kept (``SYNC_WINDOW``: half a minute of them)
SYNC_BURST = 20
SYNC_BURST_GAP = 0.03
SYNC_EVERY = 0.25
SYNC_WINDOW = 128
#: clock pings carry ids from here up (ids below are the app's own pings)
SYNC_IDS = 1 << 40
#: keepalive: a ping every ``KEEPALIVE`` seconds, the connection given up (and tried
#: again) when its pong takes ``PONG_WAIT`` times longer (a server gone silent is left
#: within about 4 s; a pong held up 3 s on a mobile line or a busy machine leaves
#: nothing). Read at each connection: a harness whose processes a loaded machine may
#: stall for seconds, and which is not about drops, lengthens it
KEEPALIVE = 1.0
PONG_WAIT = 3
#: a server that takes the connection must say something readable within this many
#: seconds of the client's hello (else "no-answer": a server that accepts and never
#: answers would leave the player at "connecting" for good). Long: a server of ours
#: answers a hello at once, but a machine under heavy load may stall it for seconds
ANSWER_WAIT = 30.0
#: frames the client cannot read on one connection before it gives the server up
#: ("garbled"): one now and then is logged and skipped, a stream of them is no server
UNREADABLE = 50
#: how the server closed when it sent what no server of ours sends (a protocol error,
#: bad UTF-8, a frame over ``MAX_SERVER_FRAME``): "garbled"
GARBLED_CLOSES = frozenset({1002, 1007, 1009})
#: connections in a row that drop within ``SHORT_LIVED`` seconds of their welcome before
#: the client stops trying ("unstable"): a server that welcomes and cuts the line, again
#: and again, must not keep the player hearing "lost / back" for ever
UNSTABLE_AFTER = 5
SHORT_LIVED = 10.0


class GameClient:
    def __init__(
        self,
        url: str,
        name: str,
        *,
        token: str | None = None,
        lang: str = "",
        pin: str | None = None,
        verify: bool = False,
        reconnect: bool = True,
        on_message: Callable[[], None] | None = None,
        password: str | None = None,
        register: bool = False,
        also: Sequence[str] = (),
    ) -> None:
        self.url = url
        #: the same server's other processes (a public server behind Redis): when the
        #: one in use cannot be reached, the next attempt tries the next address
        self.urls = [url, *also]
        self.name = name
        self.token = token
        #: with a password the first message logs in (or registers) instead of ``hello``;
        #: once welcomed it is forgotten: the session token resumes the account
        self.password = password
        self.register = register
        self.lang = lang
        self.pin = pin
        self.verify = verify
        self.reconnect = reconnect
        #: called (from the network thread) after each message is queued: a
        #: loop that sleeps may use it to wake up
        self.on_message = on_message
        self.inbox: queue.SimpleQueue[Incoming] = queue.SimpleQueue()
        # what a reader took from a poll and handed back unused: read first next time
        self._unread: list[Incoming] = []
        # the table as this client knows it (written by the network thread only)
        self.player = ""
        self.table: m.TableInfo | None = None
        self.seat: int | None = None
        self.codec: GameCodec | None = None
        self.view: Any = None
        self.upto = 0
        self.match = 0
        self._synced = False
        self._refs = itertools.count(1)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._outbox: asyncio.Queue[bytes | None] | None = None
        self._thread: threading.Thread | None = None
        self._stopping = False
        #: when this connection was welcomed (None: not yet), to tell a line that keeps
        #: dropping at once from one that dropped once
        self._welcomed_at: float | None = None
        #: a connection was had and lost (or never made): what is sent from then until
        #: the next one opens is stale; before the first, it waits for it
        self._dropped = False
        #: why the server refused this connection's last entrance ("" : it did not)
        self._entrance_refused = ""
        self._ws: ClientConnection | None = None
        #: the server's clock (``clock_estimate``), fed by this client's pings
        self.sync = ClockSync(window=SYNC_WINDOW)
        self._sync_ids = itertools.count(SYNC_IDS)
        self._sync_sent: dict[int, float] = {}
        #: a real-time match's clock (origin, hold, bound), as the server last said
        self.race_clock: m.RaceClock | None = None

    # -- the app's side -----------------------------------------------------------------
    def start(self) -> None:
        ready = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(ready,), name="net", daemon=True)
        self._thread.start()
        ready.wait(5.0)

    def poll(self) -> list[Incoming]:
        """Everything that arrived since the last call (never blocks)."""
        out, self._unread = self._unread, []
        inbox = self.inbox
        while True:
            try:
                out.append(inbox.get_nowait())
            except queue.Empty:
                return out

    def put_back(self, items: Sequence[Incoming]) -> None:
        """Hand back items a reader polled but did not use: the next poll returns
        them first, in order (a reader waiting for one item must not lose the rest)."""
        self._unread = [*items, *self._unread]

    @property
    def connected(self) -> bool:
        """The line is open and the server has welcomed it: what is sent now goes."""
        return self._ws is not None and self._welcomed_at is not None and not self._stopping

    def send(self, message: msgspec.Struct) -> None:
        """Queue a message for the server: sent once the first connection is open, and
        after a drop dropped until the next one is (the app's state is resent on
        resume, and a stale command must not arrive late)."""
        self._push(m.encode(message))

    def act(self, action: Any, at: float | None = None) -> int:
        """Send a game action of the table's game; returns its reference. ``at``: when
        the key was pressed, on the server's clock (``server_time``), for a real-time
        game's lag compensation."""
        if self.codec is None:
            raise RuntimeError("not at a table")
        ref = next(self._refs)
        data = self.codec.encode_action(action)
        self._push(m.encode(m.Act(action=data, ref=ref, at=at)))
        return ref

    # -- accounts, people, ratings (issue 16): each sends one message --------------------
    def login(self, name: str, password: str, register: bool = False) -> None:
        """Enter with an account on a connection that is not welcomed yet (a server for
        accounts only refused the guest ``hello``)."""
        entrance = m.Register if register else m.Login
        self.send(entrance(name=name, password=password, lang=self.lang))

    def logout(self, everywhere: bool = False) -> None:
        self.send(m.Logout(everywhere=everywhere))

    def change_password(self, old: str, new: str) -> None:
        self.send(m.ChangePassword(old=old, new=new))

    def watch_people(self, watch: bool = True) -> None:
        """``people`` now, and (``watch``) a ``presence`` for each change after."""
        self.send(m.WatchPeople(watch=watch))

    def set_status(self, busy: bool) -> None:
        self.send(m.SetStatus(status="busy" if busy else "available"))

    def set_relation(self, name: str, relation: str | None) -> None:
        """``friend``, ``favourite``, ``blocked``, or None to take ``name`` off the lists."""
        self.send(m.SetRelation(name=name, relation=relation))

    def relations(self) -> None:
        self.send(m.GetRelations())

    def set_privacy(self, invite: str = "", message: str = "", join: str = "") -> None:
        """Each: ``everyone``, ``friends-of-friends``, ``friends``, ``favourites``,
        ``nobody`` ("" leaves it as it is)."""
        self.send(m.SetPrivacy(invite=invite, message=message, join=join))

    def privacy(self) -> None:
        self.send(m.GetPrivacy())

    def whisper(self, to: str, text: str) -> None:
        """A private message to ``to``, by name, wherever on the server they are (their
        privacy and blocks decide: else ``not-online`` or ``privacy`` comes back)."""
        self.send(m.Whisper(to=to, text=text))

    # -- chat, in its channels (chat_kinds): table, private, lobby --------------------------
    def say(self, text: str, to: int | None = None) -> None:
        """To the whole table, or (``to``) privately to the player at that seat."""
        self.send(m.Say(text=text, to=to))

    def lobby_say(self, text: str) -> None:
        """A line in the lobby's room (it reaches everyone watching who is online)."""
        self.send(m.LobbySay(text=text))

    def said(self, item: object) -> Said | None:
        """``item``'s channel and words if it is something someone said (table chat, a
        private message, the lobby's room) or the server's words to me; else None."""
        return said(item, self.name, self.table, self.seat)

    def invite(self, name: str) -> None:
        self.send(m.Invite(name=name))

    def join_player(self, name: str, spectator: bool = False) -> None:
        self.send(m.JoinPlayer(name=name, spectator=spectator))

    def rating(self, game: str, name: str = "") -> None:
        self.send(m.GetRating(game=game, name=name))

    def leaderboard(self, game: str, limit: int = 10) -> None:
        self.send(m.GetLeaderboard(game=game, limit=limit))

    def record(self, name: str = "", limit: int = 20) -> None:
        self.send(m.GetRecord(name=name, limit=limit))

    def get_match(self, table: str, match: int) -> None:
        """A finished match's seed and log, as a ``MatchOver`` (``audiogame verify``)."""
        self.send(m.GetMatch(table=table, match=match))

    def clock_estimate(self) -> Estimate | None:
        """The server's clock as estimated so far (offset, error, round trips)."""
        return self.sync.estimate

    def server_time(self, client_time: float) -> float:
        """A time of this machine's monotonic clock on the server's clock."""
        return self.sync.server_time(client_time)

    def close(self, timeout: float = 2.0) -> None:
        self._stopping = True
        loop = self._loop
        if loop is not None and self._outbox is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # it closed meanwhile: nothing to stop
                loop.call_soon_threadsafe(self._outbox.put_nowait, None)
        if self._thread is not None:
            self._thread.join(timeout)

    def _push(self, frame: bytes) -> None:
        loop, box = self._loop, self._outbox
        if loop is None or box is None or self._stopping or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # the thread ended (a final disconnection)
            loop.call_soon_threadsafe(box.put_nowait, frame)

    def _left_table(self) -> None:
        """No table any more: what this client knew of it is forgotten."""
        self.table, self.seat, self.codec, self.view = None, None, None, None
        self.upto, self._synced = 0, False
        self.race_clock = None

    def _queue(self, item: Incoming) -> None:
        self.inbox.put(item)
        if self.on_message is not None:
            self.on_message()

    # -- the network thread -------------------------------------------------------------
    def _run(self, ready: threading.Event) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        self._outbox = asyncio.Queue()
        ready.set()
        try:
            loop.run_until_complete(self._main())
            # the frames' iterator of a connection left mid-way ends here, not unfinished
            loop.run_until_complete(loop.shutdown_asyncgens())
        finally:
            loop.close()

    async def _main(self) -> None:
        attempt = 0
        short_lived = 0
        entrance: bytes | None = None
        while not self._stopping:
            self._welcomed_at = None
            self._entrance_refused = ""
            reason = await self._session(entrance)
            entrance = None
            self._dropped = True
            if self._stopping:
                break
            welcomed = self._welcomed_at
            if welcomed is not None and time.monotonic() - welcomed < SHORT_LIVED:
                short_lived += 1
                if short_lived >= UNSTABLE_AFTER and reason not in FINAL:
                    reason = "unstable"
            elif welcomed is not None:
                short_lived = 0
                attempt = 0  # a connection that lasted: the next drop starts the backoff anew
            refused = self._entrance_refused if welcomed is None else ""
            if refused in ENTRANCE_FINAL:
                reason = refused
            final = reason in FINAL or refused in ENTRANCE_FINAL or not self.reconnect
            waiting = not final and bool(refused) and refused not in ENTRANCE_TRANSIENT
            self._queue(Disconnected(reason, final, waiting))
            if final:
                break
            if waiting:
                # the player has to answer (another name, a password): entering again by
                # itself would be refused again, every time the server gives up waiting
                entrance = await self._next_entrance()
                if entrance is None:
                    break
                continue
            if reason in ("unreachable", "connection-lost") and len(self.urls) > 1:
                self.url = self.urls[(self.urls.index(self.url) + 1) % len(self.urls)]
            attempt += 1
            delay = min(8.0, 0.5 * 2 ** min(attempt - 1, 4)) * random.uniform(0.8, 1.2)
            self._queue(Connecting(attempt, delay))
            if await self._wait_or_stop(delay):
                break

    async def _next_entrance(self) -> bytes | None:
        """The next entrance the app sends (None: ``close()``); anything else meanwhile is
        dropped, as it is whenever the client is not connected."""
        assert self._outbox is not None
        while True:
            frame = await self._outbox.get()
            if frame is None:
                return None
            try:
                kind = msgspec.json.decode(frame).get("type")
            except (msgspec.DecodeError, AttributeError):
                continue
            if kind in ENTRANCES:
                return frame

    async def _wait_or_stop(self, delay: float) -> bool:
        assert self._outbox is not None
        try:
            item = await asyncio.wait_for(self._outbox.get(), delay)
        except TimeoutError:
            return False
        return item is None  # None: close() was called

    def _context(self) -> ssl.SSLContext | None:
        if not self.url.startswith("wss://"):
            return None
        return tls.verified_client_context() if self.verify else tls.pinned_client_context()

    async def _session(self, entrance: bytes | None = None) -> str:
        """One connection, from handshake to close; returns why it ended. ``entrance``:
        the app's own first message (a login after a refusal), instead of ``hello``."""
        try:
            ws = await connect(
                self.url,
                subprotocols=[Subprotocol(m.SUBPROTOCOL)],
                ssl=self._context(),
                compression=None,
                max_size=m.MAX_SERVER_FRAME,
                open_timeout=5.0,
                ping_interval=KEEPALIVE,
                ping_timeout=PONG_WAIT * KEEPALIVE,
                close_timeout=1.0,
            )
        except InvalidStatus as exc:
            body = bytes(exc.response.body or b"").decode("utf-8", "replace")
            return body.split()[0] if body.split() else "refused"
        except (OSError, WebSocketException, TimeoutError) as exc:
            log.info("connecting failed: %s", exc)
            return "unreachable"
        fingerprint = None
        if self.url.startswith("wss://") and not self.verify:
            fingerprint = _peer_fingerprint(ws)
            if self.pin is None:
                self.pin = fingerprint  # trusted on first use, for this session
            elif fingerprint != self.pin:
                await ws.close()
                return "pin-mismatch"
        self._ws = ws
        self._synced = False
        try:
            return await self._converse(ws, fingerprint, entrance)
        finally:
            self._ws = None

    async def _converse(
        self, ws: ClientConnection, fingerprint: str | None, opening: bytes | None = None
    ) -> str:
        assert self._outbox is not None
        box = self._outbox
        if self._dropped:
            while not box.empty():  # what was typed while away is stale
                if box.get_nowait() is None:
                    await ws.close()
                    return "closed"
        hello: msgspec.Struct = m.Hello(
            name=self.name,
            token=self.token,
            lang=self.lang,
            table="" if self.table is None else self.table.id,
            upto=self.upto,
            match=self.match,
        )
        if self.token is None and self.password is not None:
            entrance = m.Register if self.register else m.Login
            hello = entrance(name=self.name, password=self.password, lang=self.lang)
        first = m.encode(hello) if opening is None else opening
        with contextlib.suppress(ConnectionClosed):  # closed at once: its goodbye is read below
            await ws.send(first, text=True)
        resumed = self.token is not None
        goodbye = "connection-lost"

        async def pump() -> None:
            while True:
                frame = await box.get()
                if frame is None:
                    await ws.close()
                    return
                await ws.send(frame, text=True)

        writer = asyncio.get_running_loop().create_task(pump())
        syncing: asyncio.Task[None] | None = None
        answered = False
        unreadable = 0
        frames = aiter(ws)
        try:
            while True:
                try:
                    if answered:
                        frame = await anext(frames)
                    else:
                        frame = await asyncio.wait_for(anext(frames), ANSWER_WAIT)
                except StopAsyncIteration:
                    break
                except TimeoutError:
                    await _close_now(ws)
                    return "no-answer"
                received = time.monotonic()
                try:
                    message = m.SERVER_DECODER.decode(frame)
                except (msgspec.DecodeError, RecursionError):  # a hostile host nests deep
                    log.warning("a frame the client cannot read")
                    unreadable += 1
                    if unreadable >= UNREADABLE:
                        await _close_now(ws)
                        return "garbled"
                    continue
                answered = True
                if isinstance(message, m.Pong) and message.id >= SYNC_IDS:
                    sent = self._sync_sent.pop(message.id, None)
                    if sent is not None:
                        self.sync.add(sent, message.time, received)
                    continue
                if isinstance(message, m.Welcome):
                    if syncing is None:  # after the welcome: the server reads pings at once
                        syncing = asyncio.get_running_loop().create_task(self._sync(ws))
                    # welcomed as someone else (a server that forgot the session takes
                    # me as a new guest): the table I sat at is not mine there
                    forgotten = self.table is not None and message.player != self.player
                    self._welcomed_at = received
                    self.token = message.token
                    self.player = message.player
                    self.name = message.name
                    self.password = None
                    if forgotten:
                        self._left_table()
                    self._queue(Connected(fingerprint, resumed))
                    if forgotten:  # no seat waits there: the app hears why it is not
                        self._queue(m.Left(reason=Reason.UNKNOWN_TOKEN.value))
                if isinstance(message, m.Goodbye):
                    goodbye = message.reason
                self._take(message)
                if self._welcomed_at is None and _entrance_refusal(message):
                    assert isinstance(message, m.Refused)
                    self._entrance_refused = message.reason
                    if message.reason in ENTRANCE_FINAL:
                        await ws.close()  # no other entrance can pass: gone at once
                        return message.reason
        except ConnectionClosed as closed:
            if closed.sent is not None and closed.sent.code in GARBLED_CLOSES:
                return "garbled"
        finally:
            writer.cancel()
            if syncing is not None:
                syncing.cancel()
        return "closed" if self._stopping else goodbye

    async def _sync(self, ws: ClientConnection) -> None:
        """Clock pings, stamped as they leave: a burst, then one a second."""
        with contextlib.suppress(ConnectionClosed):
            count = 0
            while True:
                ping_id = next(self._sync_ids)
                if len(self._sync_sent) > 64:  # pongs that never came: forget the oldest
                    for old in sorted(self._sync_sent)[:32]:
                        del self._sync_sent[old]
                self._sync_sent[ping_id] = time.monotonic()
                await ws.send(m.encode(m.Ping(id=ping_id)), text=True)
                count += 1
                await asyncio.sleep(SYNC_BURST_GAP if count < SYNC_BURST else SYNC_EVERY)

    def _take(self, message: m.ServerMessage) -> None:
        """Keep the table's state, decode the game's data, queue it for the app."""
        if isinstance(message, m.TableState):
            self._table(message)
            self._queue(message)
        elif isinstance(message, m.Snapshot):
            self._snapshot(message)
        elif isinstance(message, m.Events):
            self._events(message)
        elif isinstance(message, m.MatchBegins):
            self.upto, self.view, self._synced = 0, None, False
            self._queue(message)
        elif isinstance(message, m.Left):
            self._left_table()
            self._queue(message)
        elif isinstance(message, m.RaceClock):
            self.race_clock = message
            self._queue(message)
        else:
            self._queue(message)

    def _table(self, message: m.TableState) -> None:
        info = message.table
        if self.codec is None or self.table is None or self.table.game != info.game:
            spec = registry.get(info.game)
            self.codec = None if spec is None or spec.wire is None else GameCodec(spec.wire())
        if self.table is None or self.table.id != info.id or self.match != info.match:
            self.upto, self.view, self._synced = 0, None, False
        self.table, self.seat, self.match = info, message.you, info.match

    def _snapshot(self, message: m.Snapshot) -> None:
        codec = self.codec
        if codec is None:
            return
        try:
            view = codec.decode_view(message.view)
            away = tuple(codec.decode_event(e) for e in message.away)
            ahead = _ahead(codec, view, message.ahead)
        except CodecError:
            log.exception("a snapshot this client cannot read")
            return
        self.view, self.upto, self._synced = view, message.upto, True
        self._queue(Resync(view, away, message.upto, ahead, message.now))

    def _events(self, message: m.Events) -> None:
        codec = self.codec
        if codec is None or not self._synced or message.upto <= self.upto:
            return  # before this connection's snapshot, or already in it
        try:
            events = tuple(codec.decode_event(e) for e in message.events)
            view = codec.apply_patch(self.view, message.view)
            ahead = _ahead(codec, view, message.ahead)
        except CodecError:
            log.exception("events this client cannot read")
            return
        self.view, self.upto = view, message.upto
        self._queue(Batch(events, view, message.upto, ahead, message.now))


def _ahead(codec: GameCodec, view: Any, data: list[Any] | None) -> tuple[Ahead, ...] | None:
    """The happenings ahead, each view patched from the one before (the first from
    ``view``, the one the same frame brought)."""
    if data is None:
        return None
    out = []
    for item in data:
        if type(item) is not dict or set(item) != {"at", "events", "view"}:
            raise CodecError("not a happening ahead")
        at = item["at"]
        if type(at) not in (int, float):
            raise CodecError("a happening ahead with no time")
        events = item["events"]
        if type(events) is not list:
            raise CodecError("a happening ahead with no events")
        view = codec.apply_patch(view, item["view"])
        out.append(Ahead(float(at), tuple(codec.decode_event(e) for e in events), view))
    return tuple(out)


async def _close_now(ws: ClientConnection) -> None:
    """Close without waiting long for a server that may never answer the close."""
    try:
        await asyncio.wait_for(ws.close(), 1.0)
    except Exception:  # it never answered the close either: the line is cut
        ws.transport.abort()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(ws.wait_closed(), 1.0)


def _peer_fingerprint(ws: ClientConnection) -> str:
    ssl_object = ws.transport.get_extra_info("ssl_object")
    der = ssl_object.getpeercert(binary_form=True) if ssl_object is not None else None
    return tls.fingerprint(der) if der else ""


def _entrance_refusal(message: object) -> bool:
    return isinstance(message, m.Refused) and message.of in ENTRANCES
