"""Keeping the room civil: roles, reports, moderators' actions, chat paced, the audit log.

- **Roles.** An operator (``--operator NAME`` on the command line, or made one by
  another operator) gives and takes the moderator's role (``set-role``); a
  moderator acts on players, an operator on moderators too. Roles belong to
  accounts; nobody acts on someone of their own rank or above.
- **Reports.** Any player reports another with a reason (``report``); the server
  attaches the last public lines heard where the reporter is (their table's chat,
  or the lobby's room: never a private line, which this module never sees) and
  tells the moderators online.
- **Actions.** A warning, a mute for a time, a kick from a table, a ban for a time or
  for good (a guest's ban holds for its address too), and their undoing; each with a
  reason from a fixed list that the player hears in their own language, and a note.
  Mutes and bans are kept in the store (they hold on every process and after a
  restart); the process that holds the player applies them at once (lobby news).
- **Chat paced.** Every chat line (a table's, the lobby's, a private one) takes a
  token: a new account or a guest in its first hour has fewer (``ChatLimits``).
- **The audit log.** Every action and every role given or taken, for good.
"""

from __future__ import annotations

import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import msgspec

from audiogame.net.protocol import messages as m
from audiogame.net.protocol.chat_text import clean_chat
from audiogame.net.protocol.names import clean_name
from audiogame.net.protocol.reasons import Reason
from audiogame.net.server.accounts import name_key
from audiogame.net.server.limits import TokenBucket
from audiogame.net.server.records import AuditRecord, ReportRecord, SanctionRecord

if TYPE_CHECKING:
    from audiogame.net.server.bus import Post
    from audiogame.net.server.connection import Connection
    from audiogame.net.server.lobby import Lobby, Player

RANK = {"": 0, "moderator": 1, "operator": 2}
LOBBY = "lobby"
#: the public lines a report carries: the last ones, from the last ten minutes
LINES_KEPT = 30
LINES_FRESH = 600.0
#: places (tables, the lobby) whose lines a process keeps at once
PLACES_KEPT = 2000
NOTE_CHARS = 200
#: the longest mute, and the longest ban that is not for good (minutes)
MAX_MUTE = 60 * 24 * 30
MAX_BAN = 60 * 24 * 365 * 10
REPORTS_LISTED = 50
AUDIT_LISTED = 200
#: reports one player may file at once, then one every this many seconds
REPORT_BURST = 3.0
REPORT_EVERY = 120.0
NEWS = "moderation"
FILED = "report-filed"


@dataclass(frozen=True, slots=True)
class ChatLimits:
    """Chat lines (and reports) a player may send: ``burst`` at once, then one every
    ``every`` seconds; an account or a guest younger than ``new_for`` seconds has the
    ``new_*`` pair instead (spam comes from accounts made a minute ago)."""

    burst: float = 8.0
    every: float = 1.5
    new_burst: float = 3.0
    new_every: float = 10.0
    new_for: float = 3600.0


class HeardLines:
    """The public lines this process has delivered, per place (a table's id, or the
    lobby): what a report made here carries."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self._places: OrderedDict[str, deque[m.HeardLine]] = OrderedDict()
        self._last: object = None

    def heard(self, place: str, name: str, text: str) -> None:
        lines = self._places.get(place)
        if lines is None:
            lines = self._places[place] = deque(maxlen=LINES_KEPT)
            if len(self._places) > PLACES_KEPT:
                self._places.popitem(last=False)
        else:
            self._places.move_to_end(place)
        lines.append(m.HeardLine(at=self.clock(), name=name, text=text))

    def delivered(self, post: Post) -> None:
        """A table's post on its way to this process's connections: its chat line, once
        (every connection at the table is handed the same post), if public."""
        if post is self._last or not post.frame.startswith(b'{"type":"chat"'):
            return
        self._last = post
        chat = msgspec.json.decode(post.frame, type=m.Chat)
        if not chat.private:
            self.heard(post.table, chat.name, chat.text)

    def lobby_line(self, frame: bytes) -> None:
        line = msgspec.json.decode(frame, type=m.LobbyChat)
        self.heard(LOBBY, line.name, line.text)

    def lines(self, place: str) -> list[m.HeardLine]:
        since = self.clock() - LINES_FRESH
        return [line for line in self._places.get(place, ()) if line.at >= since]


class Moderation:
    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.store = lobby.store
        self.people = lobby.people
        options = lobby.options
        self.limits: ChatLimits | None = options.chat_limits
        #: roles given on the command line, by name key (they hold whatever the store says)
        self.given = {name_key(n): "operator" for n in options.operators}
        for name in options.moderators:
            self.given.setdefault(name_key(name), "moderator")
        self.wall: Callable[[], float] = time.time
        self.heard = HeardLines(lambda: self.wall())
        self.people.news[NEWS] = self._apply
        self.people.news[FILED] = self._filed
        self.people.on_lobby_line = self.heard.lobby_line

    # -- who may do what ---------------------------------------------------------------------
    async def role_of(self, account: str, name: str) -> str:
        stored = await self.store.role(account)
        given = self.given.get(name_key(name), "")
        return stored if RANK.get(stored, 0) > RANK[given] else given

    async def entering(self, player: Player, address: str) -> SanctionRecord | None:
        """Read a player's role and mute as they enter; a ban in force, if any."""
        account = player.account
        player.role = "" if account is None else await self.role_of(account.id, account.name)
        found = await self.store.sanctions(
            player.id, address if account is None else "", self.wall()
        )
        mutes = [s.until for s in found if s.kind == "mute" and s.until is not None]
        player.muted_until = max(mutes) if mutes else None
        return next((s for s in found if s.kind == "ban"), None)

    async def address_banned(self, address: str) -> SanctionRecord | None:
        """A new guest from ``address``: a guest's ban in force there, if any."""
        found = await self.store.sanctions("", address, self.wall())
        return next((s for s in found if s.kind == "ban"), None)

    def may_chat(self, player: Player) -> Reason | None:
        """Whether ``player`` may send a chat line now (taking one of its tokens)."""
        now = self.wall()
        if player.muted_until is not None:
            if player.muted_until > now:
                return Reason.MUTED
            player.muted_until = None
        limits = self.limits
        if limits is None:
            return None
        new = now - player.made < limits.new_for
        if player.chat is None or player.chat[0] != new:
            burst, every = (
                (limits.new_burst, limits.new_every) if new else (limits.burst, limits.every)
            )
            player.chat = (new, TokenBucket(1.0 / every, burst, now))
        if not player.chat[1].take(now):
            return Reason.CHAT_TOO_FAST_NEW if new else Reason.CHAT_TOO_FAST
        return None

    # -- the players' commands ------------------------------------------------------------
    async def report(self, me: Player, msg: m.Report) -> Reason | None:
        if msg.reason not in m.REPORT_REASONS:
            return Reason.BAD_REASON
        target = await self._target(msg.name)
        if isinstance(target, Reason):
            return target
        target_id, target_name = target
        if target_id == me.id:
            return Reason.YOURSELF
        now = self.wall()
        if me.reports is None:  # nobody floods the moderators
            me.reports = TokenBucket(1.0 / REPORT_EVERY, REPORT_BURST, now)
        if not me.reports.take(now):
            return Reason.CHAT_TOO_FAST
        place = LOBBY if me.table is None else "table"
        lines = self.heard.lines(LOBBY if me.table is None else me.table.id)
        report = ReportRecord(
            at=self.wall(),
            reporter=me.id,
            reporter_name=me.name,
            reported=target_id,
            reported_name=target_name,
            reason=msg.reason,
            text=clean_chat(msg.text)[: NOTE_CHARS * 2],
            place=place,
            lines=[[line.at, line.name, line.text] for line in lines],
        )
        number = await self.store.add_report(report)
        await self.people.relay.broadcast(
            FILED, {"id": number, "reported": target_name, "reason": msg.reason}
        )
        return None

    async def reports(self, me: Player) -> m.Reports | Reason:
        if RANK.get(me.role, 0) < RANK["moderator"]:
            return Reason.NOT_MODERATOR
        found = await self.store.open_reports(REPORTS_LISTED)
        return m.Reports(reports=[_report_item(r) for r in found])

    async def audit(self, me: Player, limit: int) -> m.Audit | Reason:
        if RANK.get(me.role, 0) < RANK["moderator"]:
            return Reason.NOT_MODERATOR
        found = await self.store.audit(max(1, min(limit, AUDIT_LISTED)))
        return m.Audit(items=[_audit_item(a) for a in found])

    async def moderate(self, me: Player, msg: m.Moderate) -> Reason | None:
        if RANK.get(me.role, 0) < RANK["moderator"]:
            return Reason.NOT_MODERATOR
        if msg.action not in m.MODERATOR_ACTIONS:
            return Reason.BAD_FIELDS
        if msg.action == "dismiss":
            return await self._dismiss(me, msg)
        if msg.reason not in m.REPORT_REASONS and msg.action not in ("unmute", "unban"):
            return Reason.BAD_REASON
        minutes = msg.minutes
        if msg.action == "mute" and not 0 < minutes <= MAX_MUTE:
            return Reason.BAD_FIELDS
        if msg.action == "ban" and not 0 <= minutes <= MAX_BAN:
            return Reason.BAD_FIELDS
        target = await self._target(msg.name)
        if isinstance(target, Reason):
            return target
        target_id, target_name = target
        if target_id == me.id:
            return Reason.YOURSELF
        if RANK[await self._rank_of(target_id, target_name)] >= RANK[me.role]:
            return Reason.OUTRANKS
        online = target_id in self.people.online
        if msg.action in ("warn", "kick") and not online:
            return Reason.NOT_ONLINE
        now = self.wall()
        until = None if minutes == 0 else now + minutes * 60.0
        note = clean_chat(msg.note)[:NOTE_CHARS]
        if msg.action in ("mute", "ban"):
            await self.store.add_sanction(
                SanctionRecord(target_id, msg.action, msg.reason, note, me.id, now, until)
            )
        elif msg.action in ("unmute", "unban"):
            await self.store.lift_sanctions(target_id, msg.action[2:], now)
        if msg.report and not await self.store.settle_report(msg.report, me.id, msg.action, now):
            return Reason.NO_SUCH_REPORT
        await self.store.add_audit(
            AuditRecord(
                now,
                me.id,
                me.name,
                msg.action,
                target_id,
                target_name,
                msg.reason,
                note,
                minutes,
                msg.report,
            )
        )
        news = {"to": target_id, "kind": msg.action, "reason": msg.reason, "note": note}
        await self.people.relay.broadcast(NEWS, {**news, "until": until})
        return None

    async def set_role(self, me: Player, msg: m.SetRole) -> Reason | None:
        if me.role != "operator":
            return Reason.NOT_OPERATOR
        if msg.role and msg.role not in m.ROLES:
            return Reason.BAD_FIELDS
        name, problem = clean_name(msg.name)
        account = None if problem else await self.store.account_by_key(name_key(name))
        if account is None:
            return Reason.NO_SUCH_ACCOUNT
        if account.id == me.id:
            return Reason.YOURSELF
        if RANK[await self.role_of(account.id, account.name)] >= RANK["operator"]:
            return Reason.OUTRANKS
        now = self.wall()
        await self.store.set_role(account.id, msg.role, me.id, now)
        await self.store.add_audit(
            AuditRecord(now, me.id, me.name, f"role:{msg.role}", account.id, account.name)
        )
        role = await self.role_of(account.id, account.name)
        await self.people.relay.broadcast(NEWS, {"to": account.id, "kind": "role", "role": role})
        return None

    async def _dismiss(self, me: Player, msg: m.Moderate) -> Reason | None:
        now = self.wall()
        if not await self.store.settle_report(msg.report, me.id, "dismiss", now):
            return Reason.NO_SUCH_REPORT
        await self.store.add_audit(
            AuditRecord(now, me.id, me.name, "dismiss", "", "", report=msg.report)
        )
        return None

    async def _target(self, raw: str) -> tuple[str, str] | Reason:
        """(id, name) of an online player by name, else of an account."""
        name, problem = clean_name(raw)
        if problem is not None:
            return Reason.NO_SUCH_PLAYER
        online = self.people.find(name)
        if online is not None:
            return online, self.people.online[online][0].name
        account = await self.store.account_by_key(name_key(name))
        if account is None:
            return Reason.NOT_ONLINE
        return account.id, account.name

    async def _rank_of(self, player: str, name: str) -> str:
        account = await self.store.account_by_id(player)
        return "" if account is None else await self.role_of(account.id, account.name)

    # -- on the process that holds the player -------------------------------------------------
    def _apply(self, data: dict[str, Any]) -> None:
        here = self.people.here.get(str(data["to"]))
        if here is None:
            return
        player = here.player
        connection = player.connection
        kind = str(data["kind"])
        if kind == "role":
            player.role = str(data["role"])
            self.people.reannounce()
            self._tell(connection, m.Sanctioned(kind="role", reason=player.role))
            return
        until = data.get("until")
        told = m.Sanctioned(
            kind=kind, reason=str(data["reason"]), note=str(data["note"]), until=until
        )
        if kind == "mute" and until is not None:
            player.muted_until = float(until)
        elif kind == "unmute":
            player.muted_until = None
        if kind in ("kick", "ban"):
            self._off_the_table(player)
        self._tell(connection, told)
        if kind == "ban":
            self.lobby.spawn(self._banned(player, connection, told))

    async def _banned(self, player: Player, connection: Any, told: m.Sanctioned) -> None:
        """The banned player goes; a guest's ban holds for the address they came from
        (written before they go: a new guest from there a moment later is turned away)."""
        if player.account is None:
            try:
                await self._ban_address(player, connection, told)
            finally:
                _close(connection)
        else:
            _close(connection)

    def _off_the_table(self, player: Player) -> None:
        table = player.table
        if table is None:
            return
        table.leave(player.id, kicked=True)
        if player.connection is not None:
            self.lobby.bus.unsubscribe(table.id, player.connection)
        player.table = None
        self._tell(player.connection, m.Left(reason=Reason.KICKED.value))

    async def _ban_address(self, player: Player, connection: Any, told: m.Sanctioned) -> None:
        """A guest's ban holds for the address they came from (a new guest is free)."""
        address = getattr(connection, "address", "")
        # loopback is every player of a LAN host (and of a server behind a proxy not
        # trusted): banned there only when the bounds per address count it too
        if address and not self.lobby.addresses.exempt(address):
            await self.store.add_sanction(
                SanctionRecord(
                    player.id, "ban", told.reason, told.note, "", self.wall(), told.until, address
                )
            )

    def _filed(self, data: dict[str, Any]) -> None:
        filed = m.ReportFiled(
            id=int(data["id"]), reported=str(data["reported"]), reason=str(data["reason"])
        )
        for here in self.people.here.values():
            if RANK.get(here.player.role, 0) >= RANK["moderator"]:
                self._tell(here.player.connection, filed)

    @staticmethod
    def _tell(connection: Any, message: msgspec.Struct) -> None:
        send = getattr(connection, "send", None)
        if send is not None:
            send(message)


def _close(connection: Any) -> None:
    closer = getattr(connection, "close", None)
    if closer is not None:
        closer(Reason.BANNED)


def _report_item(r: ReportRecord) -> m.ReportItem:
    return m.ReportItem(
        id=r.id,
        at=r.at,
        reporter=r.reporter_name,
        reported=r.reported_name,
        reason=r.reason,
        text=r.text,
        where=r.place,
        lines=[m.HeardLine(at=float(a), name=str(n), text=str(t)) for a, n, t in r.lines],
    )


def _audit_item(a: AuditRecord) -> m.AuditItem:
    return m.AuditItem(
        at=a.at,
        moderator=a.moderator_name,
        action=a.action,
        target=a.target_name,
        reason=a.reason,
        note=a.note,
        minutes=a.minutes,
        report=a.report,
    )


def moderation_handlers(connection: Connection) -> dict[type, Callable[[Any], Any]]:
    """The connection's handlers of the moderation messages."""
    moderation = connection.lobby.moderation

    def me() -> Player:
        player = connection.player
        assert player is not None  # a welcome comes first: checked before any handler
        return player

    async def done(of: str, problem: Reason | None) -> Reason | None:
        if problem is None:
            connection.send(m.Done(of=of))
        return problem

    async def report(msg: m.Report) -> Reason | None:
        return await done("report", await moderation.report(me(), msg))

    async def moderate(msg: m.Moderate) -> Reason | None:
        return await done("moderate", await moderation.moderate(me(), msg))

    async def set_role(msg: m.SetRole) -> Reason | None:
        return await done("set-role", await moderation.set_role(me(), msg))

    async def answer(found: msgspec.Struct | Reason) -> Reason | None:
        if isinstance(found, Reason):
            return found
        connection.send(found)
        return None

    async def reports(_msg: m.GetReports) -> Reason | None:
        return await answer(await moderation.reports(me()))

    async def audit(msg: m.GetAudit) -> Reason | None:
        return await answer(await moderation.audit(me(), msg.limit))

    return {
        m.Report: report,
        m.Moderate: moderate,
        m.SetRole: set_role,
        m.GetReports: reports,
        m.GetAudit: audit,
    }
