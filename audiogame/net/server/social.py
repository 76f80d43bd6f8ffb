"""The lobby's commands of a public server: people, friends, privacy, messages, ratings.

``social_handlers(connection)`` gives the ``Connection`` one handler per
message type, as its own table commands are: each returns a ``Reason`` to
refuse, or None (its answer, if any, already sent). Friends, blocks, privacy,
ratings and records belong to accounts (a guest is told
``accounts-only``); who is online, private messages, the lobby's room,
invitations and following someone to their table work for guests too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from audiogame.net.protocol import messages as m
from audiogame.net.protocol.chat_text import clean_chat
from audiogame.net.protocol.names import clean_name
from audiogame.net.protocol.reasons import Reason
from audiogame.net.protocol.relations import PRIVACY_TOPICS, Privacy, Relation
from audiogame.net.server import json_log
from audiogame.net.server.accounts import name_key
from audiogame.net.server.ratings import LEADERBOARD_MIN, spread
from audiogame.net.server.records import MAX_BLOCKED, MAX_FRIENDS

if TYPE_CHECKING:
    from audiogame.net.server.connection import Connection
    from audiogame.net.server.lobby import Player

STATUSES = frozenset({"available", "busy"})
RELATIONS = frozenset(r.value for r in Relation)
PRIVACIES = frozenset(p.value for p in Privacy)
MAX_LEADERBOARD = 50
MAX_RECORD = 100


def social_handlers(connection: Connection) -> dict[type, Callable[[Any], Any]]:
    social = Social(connection)
    return {
        m.WatchPeople: social.people,
        m.SetStatus: social.set_status,
        m.SetRelation: social.set_relation,
        m.GetRelations: social.relations,
        m.SetPrivacy: social.set_privacy,
        m.GetPrivacy: social.privacy,
        m.Whisper: social.whisper,
        m.LobbySay: social.lobby_say,
        m.Invite: social.invite,
        m.JoinPlayer: social.join_player,
        m.GetRating: social.rating,
        m.GetLeaderboard: social.leaderboard,
        m.GetRecord: social.record,
        m.GetMatch: social.match,
    }


class Social:
    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self.lobby = connection.lobby
        self.store = connection.lobby.store
        self.directory = connection.lobby.people

    def _me(self) -> Player:
        player = self.connection.player
        assert player is not None  # a welcome comes first: checked before any handler
        return player

    def _account(self) -> tuple[Player, str] | Reason:
        player = self._me()
        if player.account is None:
            return Reason.ACCOUNTS_ONLY
        return player, player.account.id

    # -- who is online ----------------------------------------------------------------------
    async def people(self, msg: m.WatchPeople) -> Reason | None:
        player = self._me()
        relations = {} if player.account is None else await self.store.relations(player.id)
        self.connection.send(m.People(people=self.directory.listing(relations)))
        self.directory.watch(self.connection, msg.watch)
        return None

    def set_status(self, msg: m.SetStatus) -> Reason | None:
        if msg.status not in STATUSES:
            return Reason.BAD_FIELDS
        self.directory.set_busy(self._me(), msg.status == "busy")
        return None

    # -- friends, favourites, blocks ------------------------------------------------------
    async def set_relation(self, msg: m.SetRelation) -> Reason | None:
        found = self._account()
        if isinstance(found, Reason):
            return found
        player, me = found
        if msg.relation is not None and msg.relation not in RELATIONS:
            return Reason.BAD_FIELDS
        name, problem = clean_name(msg.name)
        other = None if problem else await self.store.account_by_key(name_key(name))
        if other is None:
            return Reason.NO_SUCH_ACCOUNT
        if other.id == me:
            return Reason.YOURSELF
        relations = await self.store.relations(me)
        if msg.relation is not None and relations.get(other.id) != msg.relation:
            blocked = msg.relation == Relation.BLOCKED.value
            count = sum(1 for r in relations.values() if (r == Relation.BLOCKED.value) == blocked)
            if count >= (MAX_BLOCKED if blocked else MAX_FRIENDS):
                return Reason.TOO_MANY_LISTED
        await self.store.set_relation(me, other.id, msg.relation)
        return await self.relations(m.GetRelations(), changed=msg.name)

    async def relations(self, _msg: m.GetRelations, changed: str = "") -> Reason | None:
        found = self._account()
        if isinstance(found, Reason):
            return found
        _, me = found
        relations = await self.store.relations(me)
        accounts = await self.store.accounts_by_id(list(relations))
        listed = [
            m.Listed(
                name=accounts[other].name,
                relation=relation,
                online=other in self.directory.online,
            )
            for other, relation in relations.items()
            if other in accounts
        ]
        listed.sort(key=lambda item: (item.relation, item.name.casefold()))
        self.connection.send(m.Relations(people=listed, changed=changed))
        return None

    async def set_privacy(self, msg: m.SetPrivacy) -> Reason | None:
        found = self._account()
        if isinstance(found, Reason):
            return found
        player, me = found
        assert player.account is not None
        asked = {"invite": msg.invite, "message": msg.message, "join": msg.join}
        if any(value and value not in PRIVACIES for value in asked.values()):
            return Reason.BAD_FIELDS
        privacy = dict(player.account.privacy)
        privacy.update({topic: value for topic, value in asked.items() if value})
        player.account.privacy = privacy
        await self.store.set_privacy(me, privacy)
        return await self.privacy(m.GetPrivacy())

    async def privacy(self, _msg: m.GetPrivacy) -> Reason | None:
        found = self._account()
        if isinstance(found, Reason):
            return found
        player, _ = found
        assert player.account is not None
        chosen = {t: player.account.privacy.get(t, Privacy.EVERYONE.value) for t in PRIVACY_TOPICS}
        self.connection.send(m.PrivacyState(**chosen))
        return None

    # -- reaching someone ---------------------------------------------------------------------
    async def _reachable(self, topic: str, name: str) -> tuple[Player, str] | Reason:
        player = self._me()
        target = self.directory.find(name)
        if target is None:
            return Reason.NOT_ONLINE
        if target == player.id:
            return Reason.YOURSELF
        if not await self.directory.allows(topic, player, target):
            return Reason.PRIVACY
        return player, target

    async def whisper(self, msg: m.Whisper) -> Reason | None:
        text = clean_chat(msg.text)
        if not text:
            return Reason.CHAT_EMPTY
        paced = self.lobby.moderation.may_chat(self._me())
        if paced is not None:
            return paced
        found = await self._reachable("message", msg.to)
        if isinstance(found, Reason):
            return found
        player, target = found
        to_name = self.directory.online[target][0].name
        message = m.WhisperFrom(name=player.name, to=to_name, text=text)
        await self.directory.send_to(target, message)
        self.connection.send(message)  # the writer hears it went
        return None

    async def lobby_say(self, msg: m.LobbySay) -> Reason | None:
        """A line to the lobby's room, on every process; never to those who blocked the
        writer (the writer hears it went)."""
        text = clean_chat(msg.text)
        if not text:
            return Reason.CHAT_EMPTY
        player = self._me()
        paced = self.lobby.moderation.may_chat(player)
        if paced is not None:
            return paced
        blocked_by = await self.directory.blocked_by(player)
        message = m.LobbyChat(name=player.name, text=text, account=player.account is not None)
        await self.directory.to_lobby(message, skip=[player.id, *blocked_by])
        json_log.chat_line("lobby", player.id, player.name, text)
        self.connection.send(message)
        return None

    async def invite(self, msg: m.Invite) -> Reason | None:
        player = self._me()
        table = player.table
        if table is None:
            return Reason.NOT_AT_TABLE
        if table.record.master != player.id:
            return Reason.NOT_MASTER
        found = await self._reachable("invite", msg.name)
        if isinstance(found, Reason):
            return found
        _, target = found
        await self.directory.send_to(
            target,
            m.Invited(name=player.name, table=table.id, code=table.record.code, game=table.spec.id),
        )
        return None

    async def join_player(self, msg: m.JoinPlayer) -> Reason | None:
        player = self._me()
        if player.table is not None:
            return Reason.ALREADY_AT_TABLE
        found = await self._reachable("join", msg.name)
        if isinstance(found, Reason):
            return found
        _, target = found
        table_id = self.directory.table_of(target)
        if not table_id:
            return Reason.NO_SUCH_TABLE
        return await self.connection._join(m.JoinTable(table=table_id, spectator=msg.spectator))

    # -- ratings and records ------------------------------------------------------------------
    async def _account_named(self, name: str) -> tuple[str, str] | Reason:
        """(account id, name) of ``name``, or mine when it is ""."""
        if not name:
            found = self._account()
            if isinstance(found, Reason):
                return found
            player, me = found
            return me, player.name
        clean, problem = clean_name(name)
        account = None if problem else await self.store.account_by_key(name_key(clean))
        if account is None:
            return Reason.NO_SUCH_ACCOUNT
        return account.id, account.name

    async def rating(self, msg: m.GetRating) -> Reason | None:
        if self.lobby.game(msg.game) is None:
            return Reason.NO_SUCH_GAME
        found = await self._account_named(msg.name)
        if isinstance(found, Reason):
            return found
        account, name = found
        record = await self.lobby.ratings.rating(msg.game, account)
        place = await self.lobby.ratings.place(msg.game, account)
        self.connection.send(
            m.Rating(
                name=name,
                game=msg.game,
                mu=record.mu,
                sigma=record.sigma,
                spread=spread(record.sigma),
                matches=record.matches,
                place=place,
            )
        )
        return None

    async def leaderboard(self, msg: m.GetLeaderboard) -> Reason | None:
        if self.lobby.game(msg.game) is None:
            return Reason.NO_SUCH_GAME
        limit = max(1, min(msg.limit, MAX_LEADERBOARD))
        board = await self.store.leaderboard(msg.game, limit, LEADERBOARD_MIN)
        rows = [
            m.LeaderRow(
                place=place,
                name=name,
                mu=record.mu,
                spread=spread(record.sigma),
                matches=record.matches,
            )
            for place, (name, record) in enumerate(board, 1)
        ]
        self.connection.send(m.Leaderboard(game=msg.game, rows=rows))
        return None

    async def record(self, msg: m.GetRecord) -> Reason | None:
        found = await self._account_named(msg.name)
        if isinstance(found, Reason):
            return found
        account, name = found
        results = await self.store.results_of(account, max(1, min(msg.limit, MAX_RECORD)))
        items = [
            m.ResultItem(
                game=r.game,
                table="" if r.private else r.table,  # a private table's id stays private
                match=r.match,
                finished=r.finished,
                rank=r.rank,
                players=r.players,
                seed=r.seed,
                before=r.mu_before,
                after=r.mu_after,
            )
            for r in results
        ]
        self.connection.send(m.Record(name=name, results=items))
        return None

    async def match(self, msg: m.GetMatch) -> Reason | None:
        found = await self.store.finished_match(msg.table, msg.match)
        if found is None:
            return Reason.NO_SUCH_MATCH
        match = found["match"]
        if found.get("private") and self._me().id not in match.get("players", ()):
            return Reason.NO_SUCH_MATCH  # a private table's match: for those who sat there
        self.connection.send(
            m.MatchOver(
                seed=match["seed"],
                seed_hash=match["seed_hash"],
                game=found["game"],
                config=match["config"],
                start=match["start"],
                log=found["log"],
            )
        )
        return None
