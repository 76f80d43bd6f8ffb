"""The player's connection to a game server, for as long as they play there: ``Link``.

A ``Link`` owns the client's network side (``GameClient``: a thread feeding a
queue) and the ``RemoteSession`` over it, and pumps it once a frame from the
app's loop (``app.pumps``), whatever scene is on top: a match goes on while a
menu or the chat line covers the table. The thread wakes the loop when
something arrives (``app.wake``), so a move is heard within a frame of its
frame arriving, not at the end of the loop's sleep.

What arrives is placed where it belongs:

- the table's seating (``TableState``): the seating scene (``RoomScene``)
  opens when the player sits or watches, and every open view of the table is
  told; the game's table hears its players' names again;
- the match: on the first view (``Resync``) the game's own table scene opens
  over the seating (``GameSpec.online_table``), driven by an ``OnlineSeat``;
  every batch goes to it; a refusal of the game comes back to it by reference;
  coming back after a drop, a short "while you were away" at the player's
  verbosity and where the match stands. A game against the clock
  (``GameSpec.realtime``) is driven by a ``RaceSeat`` instead, made as soon as
  the player is at such a table, before any view: it hears the match's clock
  and its happenings ahead, and opens the table on its first view; coming back
  mid-race it says where the race stands (no moves replayed);
- the people (``Notice``) and chat (``Chat``, its own message kind): said as
  they come, with their sounds; private messages remembered for "@ reply";
- the server's people (``directory.Directory``): who is online, watched from
  the welcome on; a friend's presence, a private message from anywhere and an
  invitation said on the "private" channel with their own cues; my lists kept
  (an account's); a change to my lists said when the server confirms it;
  another player's rating said as it comes;
- the connection itself: "connection lost, trying again…" once when it drops
  (the client tries again by itself, with backoff), "back at the table" when it
  is back, and a way out when it cannot come back. On the first connection to
  a host over TLS whose certificate is not pinned yet, its fingerprint is read
  as six words and the player accepts (the pin is kept) or leaves.

Scenes that want the lobby's news (the table list, a table peeked at, a
refusal) register in ``views`` and get ``news(item)`` first.
"""

from __future__ import annotations

import atexit
import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from audiogame.app.scene import Scene
from audiogame.core.narration import Message
from audiogame.games import registry
from audiogame.net.client import server_words
from audiogame.net.client.game_client import (
    SERVER_GOODBYES,
    Connected,
    Connecting,
    Disconnected,
    GameClient,
    Incoming,
)
from audiogame.net.client.host import HostedServer
from audiogame.net.client.online_seat import OnlineSeat
from audiogame.net.client.race_seat import RaceSeat
from audiogame.net.client.remote_session import Link as LinkNews
from audiogame.net.client.remote_session import RemoteSession
from audiogame.net.protocol import messages as m
from audiogame.net.protocol import option_words, race_return, tls
from audiogame.ui import games
from audiogame.ui.online import kept, moderation, words
from audiogame.ui.online.chat import Correspondents
from audiogame.ui.online.directory import Directory, key
from audiogame.ui.online.flood import SpeechGate
from audiogame.ui.table import TableScene

if TYPE_CHECKING:
    from audiogame.app.loop import App
    from audiogame.core.contract import GameSpec

log = logging.getLogger(__name__)

#: "while you were away": at most this many of the missed moves are said (the rest
#: are in the history)
AWAY_SAID = 8
#: notices about myself that I do not need to hear (I did it)
#: (coming back to a race, the summary says it in my own words: ``net.protocol.race_return``)
MINE_UNSAID = frozenset(
    {m.NoticeKind.JOINED, m.NoticeKind.WATCHING, m.NoticeKind.BACK, m.NoticeKind.RETURNING}
)


#: connections tried before a first one that never comes up is given up (about 8 s when
#: refused at once: the client waits 0.5, 1, 2 and 4 s between them)
FIRST_TRIES = 5
#: after a drop, tries in a row that reach no server before the link is given up (about
#: two minutes: a server that crashed and restarts is back long before)
LOST_TRIES = 16


class LinkView(Protocol):
    """A scene that follows the link: the table changed; the lobby's news."""

    def table_changed(self) -> None: ...

    def news(self, item: Incoming) -> bool:
        """True when the item was this view's to handle (nothing more is said)."""
        ...

    def back_online(self) -> None:
        """The line is back after a drop: an answer lost with it is asked for again."""
        ...


class Link:
    def __init__(
        self,
        app: App,
        url: str,
        name: str,
        *,
        address: str = "",
        pin: str | None = None,
        hosted: HostedServer | None = None,
        token: str | None = None,
        password: str | None = None,
        register: bool = False,
    ) -> None:
        self.app = app
        self.url = url
        #: the host as the player gave it ("192.168.1.5:47470"): its pin is kept by it
        self.address = address
        self.hosted = hosted
        self.client = GameClient(
            url,
            name,
            lang=app.localizer.lang,
            pin=pin,
            on_message=app.wake,
            token=token,
            password=password,
            register=register,
        )
        #: welcomed with an account (a guest otherwise); set by the server's welcome
        self.account = False
        #: "moderator", "operator" or "" : the welcome says it, an operator changes it
        self.role = ""
        self.remote = RemoteSession(self.client)
        #: connected, retrying, waiting (for the player's answer to a refusal), lost, closed
        self.state = "connecting"
        self.views: list[LinkView] = []
        #: where leaving a table returns (the lobby), and where losing the link does
        self.home: Scene | None = None
        self.origin: Scene | None = None
        self.room: Scene | None = None
        self.seat_session: OnlineSeat | RaceSeat | None = None
        #: the seat of a game against the clock, from sitting (or watching) until leaving
        self.race: RaceSeat | None = None
        #: a bot plays my seat, as the table's frames heard so far in their order say
        #: (``table`` is the connection's latest, which may be ahead of a notice)
        self.covered = False
        self.game_table: TableScene | None = None
        self.people = Correspondents()
        #: what others say, bounded in speech (a flood goes to the history)
        self.gate = SpeechGate()
        #: the server's people as this player knows them
        self.directory = Directory(me=name, lang=app.localizer.lang)
        #: the games the server plays (its welcome says them)
        self.games: list[str] = []
        #: a change to my lists waiting for the server's answer (the name)
        self.relating = ""
        self.tables: list[m.TableSummary] = []
        self.last_over: m.MatchOver | None = None
        #: the seed's commitment heard when the match began ("" : not heard here)
        self.committed = ""
        #: called with each game table as it opens, before its first batch (checks,
        #: benchmarks: they watch the match from its first event)
        self.on_table_opened: list[Callable[[TableScene], None]] = []
        #: what to do once first connected (and trusted): list, create, join
        self.on_ready: list[Callable[[], None]] = []
        #: called on the first connection with the certificate's fingerprint, when it
        #: is not pinned yet; it answers by calling ``trust`` or ``close``
        self.ask_trust: Callable[[str], None] | None = None
        self._ever_connected = False
        #: back on the line after a drop, at a table the server has not confirmed yet (it
        #: may have closed meanwhile): "back at the table" waits for its word
        self._returning = False
        #: the table the player left while the line was down ("" : none): left again, on
        #: the server, once it gives the seat back
        self._leaving = ""
        self._leave_sent = False
        #: the table whose seat took my own per-seat options ("" : none yet)
        self._seated_at = ""
        self._first_failures = 0
        #: connections tried in a row, and not reached, since the link dropped
        self._lost_tries = 0
        #: the certificate's fingerprint this link was told to expect (checked by the client)
        self.pin = pin
        self._wire()

    # -- life -----------------------------------------------------------------------------
    def _wire(self) -> None:
        r = self.remote
        r.on_batch = self._batch
        r.on_resync = self._resync
        r.on_game_refused = self._game_refused
        r.on_table = self._table
        r.on_notice = self._notice
        r.on_chat = self._chat
        r.on_over = self._over
        r.on_begins = self._begins
        r.on_left = self._left
        r.on_link = self._link
        r.on_server_refused = self._refused
        r.on_other = self._other

    def start(self) -> None:
        self.client.start()
        self.app.pumps.append(self.pump)
        # quitting the app (the window closed, Control+C) stops a server hosted here too
        atexit.register(self.close)

    def pump(self) -> None:
        self.remote.pump()

    def close(self) -> None:
        """Leave the server: the connection closes, a hosted server stops (on its own
        time: the player is back in the menu at once)."""
        if self.state == "closed":
            return
        self.state = "closed"
        atexit.unregister(self.close)
        if self.pump in self.app.pumps:
            self.app.pumps.remove(self.pump)
        if self.seat_session is not None:
            self.seat_session.stop()
        self.client.close()
        if self.hosted is not None:
            self.hosted.stop_soon()

    @property
    def name(self) -> str:
        return self.client.name

    @property
    def table(self) -> m.TableInfo | None:
        return self.remote.table

    @property
    def seat(self) -> int | None:
        return self.remote.seat

    @property
    def is_master(self) -> bool:
        table = self.table
        return table is not None and table.master is not None and table.master == self.seat

    def send(self, message: m.ClientMessage) -> None:
        self.remote.send(message)

    def ask(self, message: m.ClientMessage) -> bool:
        """What the player asks of the server by a key: sent, or, the line down, not
        (it would be stale once back) and the player hears so instead of silence."""
        if not self.client.connected:
            self.say("online-not-connected", cue="menu_error")
            return False
        self.send(message)
        return True

    def names(self) -> list[str]:
        table = self.table
        return [] if table is None else words.seat_names(table, self.app.localizer)

    def trust(self, fingerprint: str) -> None:
        """The player accepted the host's fingerprint: pinned, and on we go."""
        if self.address:
            self.app.settings.online_pins[self.address] = fingerprint
            self.app.save_settings()
        self._ready()

    def say(self, msg_id: str, *, cue: str | None = None, **args: Any) -> None:
        self.app.announcer.post(Message(msg_id, args, cue=cue))

    def note(self, msg_id: str, **args: Any) -> None:
        """Into the history, unsaid (a seed's fingerprint is for reading, not hearing)."""
        self.app.announcer.history.add(self.app.localizer(msg_id, **args), "tips")

    # -- where the player goes ------------------------------------------------------------
    def to_room(self) -> None:
        """From the game's table back to the seating (the match is over)."""
        self._close_game()
        if self.room is not None and self.room in self.app.scenes:
            self.app.pop_to(self.room)

    def leave_table(self) -> None:
        """The player leaves their table. The line down, the server cannot hear it yet:
        back on the line it gives the seat back, and the link leaves it then, unseen,
        instead of pulling the player back to a table they left."""
        info = self.table
        if self.client.connected or info is None:
            self.send(m.LeaveTable())
        else:
            self._leaving, self._leave_sent = info.id, False
        self._back_home()

    def _back_home(self) -> None:
        self._seated_at = ""  # sitting there again brings my options again
        self._close_game()
        if self.race is not None:
            self.race.detach()
            self.race = None
        self.room = None
        if self.home is not None and self.home in self.app.scenes:
            self.app.pop_to(self.home)

    def _close_game(self) -> None:
        if self.seat_session is not None:
            self.seat_session.stop()
        self.seat_session = None
        table, self.game_table = self.game_table, None
        if table is not None and table in self.app.scenes:
            # pop the table and whatever covers it, the scene below stays quiet
            while table in self.app.scenes:
                self.app.pop(resume=False)

    def _lost(self) -> None:
        """The link cannot come back: everything online closes, back where it began."""
        self.close()
        self._close_game()
        origin = self.origin
        if origin is not None and origin in self.app.scenes:
            while self.app.top is not origin:
                self.app.pop(resume=False)

    # -- the connection -------------------------------------------------------------------
    def _link(self, item: LinkNews) -> None:
        if isinstance(item, Connected):
            self._lost_tries = 0
            first = not self._ever_connected
            self._ever_connected = True
            was = self.state
            self.state = "connected"
            if first:
                fingerprint = item.fingerprint
                if fingerprint and self.pin is None and self.ask_trust is not None:
                    self.ask_trust(fingerprint)
                    return
                self._ready()
            elif was == "retrying" and self.table is not None:
                self._returning = not self._leaving
            elif was == "retrying":
                self.say("online-back", cue="link_back")
            if not first and was == "retrying":
                for view in list(self.views):
                    view.back_online()
        elif isinstance(item, Connecting):
            if self.state != "retrying":
                self.state = "retrying"
                self.say("online-reconnecting", cue="link_lost")
        elif isinstance(item, Disconnected) and item.waiting:
            # refused, and the player answers (the login screen, or another name): nothing
            # is tried meanwhile, and the state says so rather than "trying again"
            self.state = "waiting"
        elif isinstance(item, Disconnected) and item.final:
            self.state = "lost"
            if item.reason in SERVER_GOODBYES:  # the server's own words, in mine
                self.say(f"net-reason-{item.reason}", cue="link_lost")
                self.say("online-back-in-menu")
            elif item.reason == "pin-mismatch":
                self.say("online-pin-mismatch", cue="menu_error")
            elif item.reason == "unreachable" and not self._ever_connected:
                self.say("online-unreachable", cue="menu_error", url=self.url)
            else:
                reason = words.reason_words(item.reason, self.app.localizer)
                self.say("online-lost", cue="link_lost", reason=reason)
            self._lost()
        elif isinstance(item, Disconnected) and self._ever_connected:
            if item.reason in SERVER_GOODBYES:  # a goodbye it comes back from ("moved")
                self.say(f"net-reason-{item.reason}", cue="link_lost")
            self._lost_tries = self._lost_tries + 1 if item.reason == "unreachable" else 0
            if self._lost_tries >= LOST_TRIES:  # gone for good, it seems: say so, go back
                self.state = "lost"
                self.say("online-lost-gave-up", cue="menu_error")
                self._lost()
        elif isinstance(item, Disconnected) and not self._ever_connected:
            if item.reason == "timeout":
                # the server waited for a login while the player typed: quietly again
                self.state = "retrying"
                return
            # the first connection never came up: say so once and keep trying a while (a
            # friend may be starting the host), then give up aloud: a wrong address must
            # not leave the player in an empty, silent lobby
            self._first_failures += 1
            if self._first_failures >= FIRST_TRIES:
                self.state = "lost"
                self.say("online-unreachable-gave-up", cue="menu_error", url=self.url)
                self._lost()
            elif self.state != "retrying":
                self.say("online-unreachable-retrying", cue="menu_error", url=self.url)
                self.state = "retrying"

    def _ready(self) -> None:
        pending, self.on_ready = self.on_ready, []
        for step in pending:
            step()

    def where_words(self) -> str:
        """The connection's state, when it is not simply up."""
        if self.state == "retrying":
            return self.app.localizer("online-state-retrying")
        if self.state == "lost":
            return self.app.localizer("online-state-lost")
        if self.state == "waiting":
            return self.app.localizer("online-state-waiting")
        return ""

    # -- the table -------------------------------------------------------------------------
    def _table(self, info: m.TableInfo, you: int | None) -> None:
        if self._leaving == info.id:
            if not self._leave_sent:  # its Left ends the matter; nothing is said
                self._leave_sent = True
                self.send(m.LeaveTable())
            return
        self._leaving = ""
        if self._returning:
            self._returning = False
            self.say("online-back-table", cue="link_back")
        self.covered = race_return.covered(info, you)
        spec = registry.get(info.game)
        if spec is None:  # a game this version does not know: no room to sit in
            self.say("online-game-unknown", cue="menu_error")
            self.send(m.LeaveTable())
            return
        self._bring_seat_options(info, you, spec)
        if self.race is None and spec is not None and spec.realtime is not None:
            # before any view: the race's clock and first snapshot come right after
            self.race = RaceSeat(self.remote, self.app.scheduler, spec)
            self.race.on_resync = self._race_resync
        if self.room is None or self.room not in self.app.scenes:
            from audiogame.ui.online.room import RoomScene

            self.room = RoomScene(self.app, self)
            self.app.push(self.room)
        if self.game_table is not None:
            self.game_table.rename(self.names())
        for view in list(self.views):
            view.table_changed()

    def _bring_seat_options(self, info: m.TableInfo, you: int | None, spec: GameSpec) -> None:
        """Sitting at a table (once per table): my seat takes my own setup's values of
        the game's per-seat options (Tira's controls, as I play them here), the same
        saved values the game's setup on this machine edits."""
        if you is None or self._seated_at == info.id or info.stage is m.TableStage.PLAYING:
            return
        self._seated_at = info.id
        saved = self.app.settings.setups.get(info.game, {})
        for option in option_words.seat_options(spec):
            value = saved.get(option.id)
            if option.offers(value) and value != option_words.seat_value(option, info.seats[you]):
                self.send(m.SetSeatOption(option=option.id, value=value))

    def _begins(self, begins: m.MatchBegins) -> None:
        # a new match at this table: a finished one's table closes (the new one opens
        # with its first view)
        if self.game_table is not None:
            self.to_room()
        self.committed = begins.seed_hash
        self.note("online-seed-sealed", fingerprint=begins.seed_hash[:12])

    def _resync(self, view: Any, away: Sequence[Any]) -> None:
        if view is None or self._leaving:  # a table being left opens nothing
            return
        table, seat = self.game_table, self.seat_session
        if table is None or table not in self.app.scenes or seat is None:
            self._open_game()
            return
        if isinstance(seat, OnlineSeat):  # a race seat hears its views itself
            seat.resynced(view, self.remote.game_now)
            self._while_away(table, view, away)

    def _race_resync(self, view: Any, mid_match: bool) -> None:
        """A race's view, first or again: its table opens (the app started again while
        its seat raced), and coming back mid-match it says where the race stands."""
        if self._leaving:  # a table being left opens nothing
            return
        table = self.game_table
        if table is None or table not in self.app.scenes or self.seat_session is None:
            self._open_game()
            table = self.game_table
        info = self.table
        spec = None if info is None else registry.get(info.game)
        if not mid_match or table is None or table not in self.app.scenes:
            return
        for message in race_return.comeback(spec, view, self.names(), self.seat, self.covered):
            table.post(message)
        table.follow(view)  # a race over: its keys

    def _open_game(self) -> None:
        info = self.table
        spec = None if info is None else registry.get(info.game)
        open_table = None if spec is None else games.online_table(spec)
        if open_table is None:
            self.say("online-game-unknown", cue="menu_error")
            return
        seat: OnlineSeat | RaceSeat = self.race or OnlineSeat(self.remote, self.app.scheduler)
        scene = open_table(self.app, seat, self.names())
        assert isinstance(scene, TableScene)
        from audiogame.ui.online.beside import OnlineBeside

        scene.beside = OnlineBeside(self, scene)
        self.seat_session, self.game_table = seat, scene
        for watcher in self.on_table_opened:
            watcher(scene)
        self.app.push(scene)

    def _while_away(self, table: TableScene, view: Any, away: Sequence[Any]) -> None:
        """Back after a drop: what happened meanwhile, short, at the player's verbosity;
        then where the match stands, or, when it ended meanwhile, the end's keys (the
        end itself is the last of what happened: the table is finished, as it is for
        those who stayed)."""
        info = self.table
        spec = None if info is None else registry.get(info.game)
        over = table.controls.over(view)
        if not away or spec is None or spec.narrate is None:
            self.say("online-away-nothing")
        else:
            messages = spec.narrate(away, view, self.names())
            self.say("online-away", n=len(away))
            earlier, recent = messages[:-AWAY_SAID], messages[-AWAY_SAID:]
            announcer = self.app.announcer
            for message in earlier:  # kept in the history, not said
                text = self.app.localizer(message.msg_id, **_resolved(message, self.app))
                announcer.history.add(text, message.kind)
            for message in recent:
                table.post(message)
            if not over:
                for message in table.situation():
                    table.post(message)
        if over:
            table.follow(view)

    def _batch(self, events: Sequence[Any], view: Any) -> None:
        seat = self.seat_session
        if isinstance(seat, OnlineSeat) and seat.listening:
            seat.deliver(events, view, self.remote.game_now)

    def _game_refused(self, refused: m.GameRefused) -> None:
        seat = self.seat_session
        if isinstance(seat, OnlineSeat):
            seat.refused(refused.ref, refused.refusal)

    def _over(self, over: m.MatchOver) -> None:
        if self._leaving:
            return
        last = self.last_over
        if last is not None and last.seed_hash == over.seed_hash:
            return  # the end again, with the snapshot of a return: kept already
        self.last_over = over
        info = self.table
        committed = self.committed or ("" if info is None else info.seed_hash)
        if not kept.seed_kept(committed, over):  # the table changed its deal: said aloud
            self.say("online-seed-broken", cue="menu_error")
            return
        path = kept.keep_match(self.app.data_dir, over)
        if path is not None:
            self.note("online-seed-revealed", file=str(path))

    def _left(self, reason: str) -> None:
        self._returning = False  # the table did not wait: its reason is said instead
        if self._leaving:  # the table left while the line was down: left now, quietly
            self._leaving = ""
            for view in list(self.views):
                view.table_changed()
            return
        if reason:
            self.say(
                "online-left-because",
                cue="menu_error",
                reason=words.reason_words(reason, self.app.localizer),
            )
        self._back_home()
        for view in list(self.views):
            view.table_changed()

    # -- people and chat -------------------------------------------------------------------
    def _notice(self, notice: m.Notice) -> None:
        info = self.table
        mine = notice.seat is not None and notice.seat == self.seat
        mine = mine or notice.name == self.name
        if mine and notice.what is m.NoticeKind.BACK and self.covered:
            self.app.announcer.post(race_return.back_from_bot())
            return
        if mine and notice.what is m.NoticeKind.SEAT_OPTION:
            value = words.seat_option_words(info, notice.seat, self.app.localizer)
            self.say("online-seat-option-mine", cue="toggle", value=value)
            return
        if notice.what in MINE_UNSAID and mine:
            return
        text = words.notice_words(notice, info, self.app.localizer, self.app.localizer.lang)
        self._said_by_others(Message("online-said", {"text": text}, cue="notice"))

    def _chat(self, chat: m.Chat) -> None:
        from audiogame.net.protocol.chat_text import clean_chat

        text = clean_chat(chat.text)
        name = chat.name
        mine = name == self.name and chat.seat == self.seat
        if chat.private:
            if mine:
                target = self._seat_name(chat.to)
                self.people.last_to = target
                msg = Message(
                    "online-chat-private-to",
                    {"name": target, "text": text},
                    kind="chat",
                    cue="chat_private",
                )
            else:
                self.people.last_from = name
                msg = Message(
                    "online-chat-private-from",
                    {"name": name, "text": text},
                    kind="chat",
                    cue="chat_private",
                )
        else:
            msg = Message("online-chat-line", {"name": name, "text": text}, kind="chat", cue="chat")
        if mine:  # I know what I wrote: the history keeps it, a sound says it went out
            self.app.announcer.cue(msg.cue or "chat")
            self.app.announcer.history.add(self.app.localizer(msg.msg_id, **msg.args), "chat")
            return
        self._said_by_others(msg)

    def _said_by_others(self, message: Message) -> None:
        """Another's words or news: spoken, unless a flood of them is on (then kept in
        the history, the flood said once)."""
        verdict = self.gate.admit(self.app.clock.now())
        if verdict == "speak":
            self.app.announcer.post(message)
            return
        text = self.app.localizer(message.msg_id, **_resolved(message, self.app))
        self.app.announcer.history.add(text, message.kind)
        if verdict == "warn":
            self.say("online-flood", cue="menu_error")

    def _seat_name(self, seat: int | None) -> str:
        info = self.table
        if info is None or seat is None or not 0 <= seat < len(info.seats):
            return ""
        return info.seats[seat].name

    # -- the rest ---------------------------------------------------------------------------
    def _refused(self, refused: m.Refused) -> None:
        for view in list(self.views):
            if view.news(refused):
                return
        reason = words.refused_words(refused, self.app.localizer)
        self.app.announcer.post(Message("online-said", {"text": reason}, cue="menu_error"))

    def _other(self, item: Incoming) -> None:
        if isinstance(item, m.TableList):
            self.tables = list(item.tables)
        elif isinstance(item, m.Welcome):
            self.welcomed(item)
        elif isinstance(item, m.Rating) and item.name != self.name:
            if not any(view.news(item) for view in list(self.views)):
                for message in server_words.rating(item):
                    self.app.announcer.post(message)
            return
        elif isinstance(item, m.WhisperFrom | m.Invited | m.People | m.Presence | m.Relations):
            self._lobby_news(item)
        for view in list(self.views):
            if view.news(item):
                return
        moderation.heard(self, item)

    # -- the server's people ----------------------------------------------------------------
    def welcomed(self, welcome: m.Welcome) -> None:
        """In (again): who is online from now on, and my lists when I have an account."""
        self.account = welcome.account
        self.role = welcome.role
        self.games = list(welcome.games)
        self.directory.me = welcome.name
        self.send(m.WatchPeople(watch=True))
        if welcome.account:
            self.send(m.GetRelations())

    def _lobby_news(self, item: Incoming) -> None:
        said = self.directory.took(item)
        if isinstance(item, m.WhisperFrom) and self.directory.mine(item):
            # I know what I wrote: the history keeps it, a sound says it went out
            for message in said:
                self.app.announcer.cue(message.cue or "whisper")
                text = self.app.localizer(message.msg_id, **message.args)
                self.app.announcer.history.add(text, message.kind)
            return
        for message in said:
            self._said_by_others(message)
        if (
            isinstance(item, m.Relations)
            and self.relating
            and key(item.changed) == key(self.relating)
        ):
            name, self.relating = self.relating, ""
            relation = self.directory.relation(name)
            if relation:
                relation_words = self.app.localizer(f"online-relation-{relation}")
                self.say("online-relation-now", cue="toggle", name=name, relation=relation_words)
            else:
                self.say("online-relation-gone", cue="toggle", name=name)

    def relate(self, name: str, relation: str | None) -> None:
        """List ``name`` as a friend or blocked (None: off my lists); said once done."""
        self.relating = name
        self.send(m.SetRelation(name=name, relation=relation))


def _resolved(message: Message, app: App) -> dict[str, Any]:
    from audiogame.core.narration import resolve

    return dict(resolve(message, app.announcer.words).args)


def fingerprint_words(fingerprint: str, lang: str) -> str:
    return tls.fingerprint_words(fingerprint, lang)
