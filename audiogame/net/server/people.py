"""Who is online, how they are (available, absent, busy), and what may reach whom.

``People`` keeps one ``Person`` per online player, whichever server process
holds their connection: each process announces its own players' changes on a
``Relay`` (in one process, straight back to itself; behind Redis, pub/sub to
every process) and every process keeps the same map from what it hears. A
frame for one player (a private message, an invitation) travels the same way
and is sent by the process that holds the player's connection.

Presence: ``available`` until the player has sent nothing for
``absent_after`` (5 minutes, as at the Salotto), then ``absent`` until they
do; ``busy`` when they say so. A sweep once a second also notices a player
sitting down or leaving a table. Watchers (``people`` with ``watch``) get each
change as one shared ``presence`` frame, and the lobby's room (``to_lobby``):
its lines reach every watcher on every process but those who blocked the writer.

Privacy: an account chooses, for invitations, messages and joining their
table, who may (everyone but the blocked, friends of friends, friends,
favourites, nobody); a blocked account never reaches them. Guests have no
lists: anyone may reach a guest, and a guest reaches only those who accept
everyone. The lists are read from the store when asked (any process answers
the same).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import msgspec

from audiogame.net.protocol import messages as m
from audiogame.net.protocol.names import alike
from audiogame.net.protocol.relations import Privacy, Relation
from audiogame.net.server.store import Store

if TYPE_CHECKING:
    from audiogame.net.server.lobby import Player

log = logging.getLogger(__name__)

AVAILABLE, ABSENT, BUSY = "available", "absent", "busy"
FRIENDLY = (Relation.FRIEND.value, Relation.FAVOURITE.value)


class Relay(Protocol):
    """Lobby news between server processes: (kind, data) to every process, this one too."""

    async def broadcast(self, kind: str, data: dict[str, Any]) -> None: ...

    def listen(self, handler: Callable[[str, dict[str, Any]], None]) -> None: ...


class LocalRelay:
    """One process: news goes straight back to its own listener."""

    def __init__(self) -> None:
        self._handler: Callable[[str, dict[str, Any]], None] | None = None

    async def broadcast(self, kind: str, data: dict[str, Any]) -> None:
        if self._handler is not None:
            self._handler(kind, data)

    def listen(self, handler: Callable[[str, dict[str, Any]], None]) -> None:
        self._handler = handler


@dataclass(slots=True)
class _Here:
    """What this process knows of one of its own players."""

    player: Player
    active_at: float
    busy: bool = False
    sent: tuple[Any, ...] = ()  # the presence last announced


_PERSON = msgspec.json.Decoder(m.Person)


class People:
    def __init__(
        self,
        store: Store,
        relay: Relay,
        *,
        absent_after: float = 300.0,
        clock: Callable[[], float] = time.monotonic,
        origin: str = "",
    ) -> None:
        self.store = store
        self.relay = relay
        self.absent_after = absent_after
        self.clock = clock
        #: this process's name on the relay (its players' presence carries it)
        self.origin = origin
        #: every online player, whichever process holds them: id -> (person, table id)
        self.online: dict[str, tuple[m.Person, str, str]] = {}
        self.here: dict[str, _Here] = {}
        self.watchers: set[Any] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._sweeper: asyncio.Task[None] | None = None
        #: other lobby news, by kind (the moderators' actions), and each line of the
        #: lobby's room as this process hears it
        self.news: dict[str, Callable[[dict[str, Any]], None]] = {}
        self.on_lobby_line: Callable[[bytes], None] | None = None
        relay.listen(self._heard)

    # -- this process's players -----------------------------------------------------------
    def arrived(self, player: Player) -> None:
        self.here[player.id] = _Here(player, self.clock())
        self._announce(player.id)
        self._ensure_sweeper()

    def gone(self, player: Player) -> None:
        if self.here.pop(player.id, None) is not None:
            self._spawn(self.relay.broadcast("gone", {"id": player.id}))
        self.watchers.discard(player.connection)

    def active(self, player: Player, now: float | None = None) -> None:
        here = self.here.get(player.id)
        if here is None:
            return
        was_absent = self._status(here, here.active_at) == ABSENT
        here.active_at = self.clock() if now is None else now
        if was_absent:
            self._announce(player.id)

    def set_busy(self, player: Player, busy: bool) -> None:
        here = self.here.get(player.id)
        if here is not None:
            here.busy = busy
            self._announce(player.id)

    def status_of(self, player_id: str) -> str:
        found = self.online.get(player_id)
        return "" if found is None else found[0].status

    def watch(self, connection: Any, on: bool) -> None:
        if on:
            self.watchers.add(connection)
        else:
            self.watchers.discard(connection)

    def find(self, name: str) -> str | None:
        """The id of an online player with this name (an account's first)."""
        found = [pid for pid, (p, _, _) in self.online.items() if alike(p.name, name)]
        found.sort(key=lambda pid: not self.online[pid][0].account)
        return found[0] if found else None

    def table_of(self, player_id: str) -> str:
        """The table an online player is at (public or not; "" : none)."""
        found = self.online.get(player_id)
        return "" if found is None else found[1]

    def listing(self, relations: dict[str, str]) -> list[m.Person]:
        """Everyone online, each with how the asker lists them."""
        out = []
        for pid, (person, _, _) in sorted(self.online.items(), key=lambda i: i[1][0].name):
            relation = relations.get(pid, "")
            out.append(msgspec.structs.replace(person, relation=relation) if relation else person)
        return out

    # -- what may reach whom -------------------------------------------------------------
    async def allows(self, topic: str, sender: Player, target: str) -> bool:
        """May ``sender`` invite / message / join ``target`` (``topic``)?"""
        account = await self.store.account_by_id(target)
        if account is None:  # a guest accepts everyone
            return True
        relations = await self.store.relations(target)
        mine = relations.get(sender.id)
        if mine == Relation.BLOCKED.value:
            return False
        level = account.privacy.get(topic, Privacy.EVERYONE.value)
        if level == Privacy.EVERYONE.value:
            return True
        if level == Privacy.FAVOURITES.value:
            return mine == Relation.FAVOURITE.value
        if level == Privacy.FRIENDS.value:
            return mine in FRIENDLY
        if level == Privacy.FRIENDS_OF_FRIENDS.value:
            if mine in FRIENDLY:
                return True
            friends = {other for other, r in relations.items() if r in FRIENDLY}
            return bool(friends & set(await self.store.listed_by(sender.id, FRIENDLY)))
        return False  # nobody

    async def blocked_by(self, player: Player) -> list[str]:
        """The accounts that blocked ``player`` (a guest is on nobody's list)."""
        if player.account is None:
            return []
        return await self.store.listed_by(player.id, (Relation.BLOCKED.value,))

    async def send_to(self, player_id: str, message: msgspec.Struct) -> None:
        """One frame to one online player, on whichever process holds them."""
        frame = m.encode(message).decode()
        await self.relay.broadcast("deliver", {"to": player_id, "frame": frame})

    async def to_lobby(self, message: msgspec.Struct, skip: list[str]) -> None:
        """One frame to everyone who watches who is online, on every process, but the
        players in ``skip`` (the writer, and whoever blocked them)."""
        frame = m.encode(message).decode()
        await self.relay.broadcast("lobby", {"frame": frame, "skip": skip})

    # -- the relay ------------------------------------------------------------------------
    def _heard(self, kind: str, data: dict[str, Any]) -> None:
        try:
            if kind == "presence":
                person = _PERSON.decode(data["person"].encode())
                self.online[data["id"]] = (person, data.get("at", ""), data.get("origin", ""))
                self._tell_watchers(m.Presence(person=person))
            elif kind == "gone":
                found = self.online.pop(data["id"], None)
                if found is not None and data["id"] not in self.here:
                    self._tell_watchers(m.Presence(person=found[0], online=False))
                elif found is not None:  # back on this process meanwhile
                    self._announce(data["id"])
            elif kind == "deliver":
                here = self.here.get(data["to"])
                if here is not None and here.player.connection is not None:
                    deliver = getattr(here.player.connection, "send_frame", None)
                    if deliver is not None:
                        deliver(data["frame"].encode())
            elif kind == "lobby":
                skip = set(data["skip"])
                frame = data["frame"].encode()
                if self.on_lobby_line is not None:
                    self.on_lobby_line(frame)
                for connection in list(self.watchers):
                    player = getattr(connection, "player", None)
                    if player is not None and player.id not in skip:
                        connection.send_frame(frame)
            elif kind == "sync":  # a process that may have missed news asks for ours again
                if data.get("origin") != self.origin:
                    self.reannounce()
            elif kind == "origin-gone":  # another process died: its players are gone
                for pid in [p for p, (_, _, o) in self.online.items() if o == data["origin"]]:
                    if pid not in self.here:
                        person = self.online.pop(pid)[0]
                        self._tell_watchers(m.Presence(person=person, online=False))
            elif kind in self.news:
                self.news[kind](data)
        except (KeyError, TypeError, ValueError, msgspec.DecodeError):
            log.warning("lobby news this server cannot read: %s", kind)

    def _tell_watchers(self, message: msgspec.Struct) -> None:
        if not self.watchers:
            return
        frame = m.encode(message)
        for connection in list(self.watchers):
            connection.send_frame(frame)

    # -- presence -------------------------------------------------------------------------
    def _status(self, here: _Here, active_at: float) -> str:
        if here.busy:
            return BUSY
        return ABSENT if self.clock() - active_at >= self.absent_after else AVAILABLE

    def _presence(self, here: _Here) -> tuple[m.Person, str]:
        player = here.player
        table = player.table
        at = "" if table is None else table.id
        person = m.Person(
            name=player.name,
            status=self._status(here, here.active_at),
            account=player.account is not None,
            role=player.role,
        )
        if table is None:
            return person, at
        if table.record.private:
            # a private table says only that it is one: its game, id and match would let
            # anyone follow a player there, or tell who plays what with whom
            return msgspec.structs.replace(person, private=True), at
        playing = table.seat_of(player.id) is not None and table.stage is m.TableStage.PLAYING
        return msgspec.structs.replace(
            person, game=table.spec.id, table=table.id, playing=playing
        ), at

    def _announce(self, player_id: str) -> None:
        here = self.here.get(player_id)
        if here is None:
            return
        person, at = self._presence(here)
        key = (person, at)
        if key == here.sent:
            return
        here.sent = key
        # known here at once: behind Redis the relay's echo comes a moment later, and a
        # player just welcomed must already be found by name and listed on their own
        # process (a message to them in that moment was refused as to nobody online)
        self.online[player_id] = (person, at, self.origin)
        data = {"id": player_id, "person": m.encode(person).decode(), "at": at}
        data["origin"] = self.origin
        self._spawn(self.relay.broadcast("presence", data))

    def reannounce(self) -> None:
        """Announce every player of this process again, changed or not: for a process
        that has just started or that missed news (its subscription dropped), and after
        this process's own heartbeat lapsed (the others took its players for gone)."""
        for here in self.here.values():
            here.sent = ()
        self.sweep()

    def ask_again(self) -> None:
        """Ask every other process to announce its players again (this one missed news)."""
        self._spawn(self.relay.broadcast("sync", {"origin": self.origin}))

    def sweep(self) -> None:
        """Announce what changed by itself: idle players now absent, tables joined or left."""
        for player_id in list(self.here):
            self._announce(player_id)

    def _ensure_sweeper(self) -> None:
        if self._sweeper is None or self._sweeper.done():
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def _sweep_forever(self) -> None:
        while self.here:
            await asyncio.sleep(1.0)
            try:
                self.sweep()
            except Exception:  # a sweep that fails never stops the next
                log.exception("presence sweep failed")

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
