"""A web page's connection: the protocol's checks and handlers, words instead of data.

``WebConnection`` is a ``Connection`` (the same size, rate, JSON, type, field
and order checks, the same strikes, the same handlers for every protocol
message) that also takes the page's own two messages, ``key`` and ``listen``,
and that never sends the page the table's game data: every frame meant for it
(a table's post, a reply) goes through its ``WebListener``, which narrates it
for the page's seat and language; only words, cues and the page's headings go
out. A key press becomes the protocol messages the listener asks for (an
``act``, a ``start``, a ``set-bot``), run through the very handlers a desktop
client's messages reach, each one counted against the same limits.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import msgspec
from websockets.asyncio.server import ServerConnection

from audiogame.games import registry
from audiogame.net.protocol import messages as m
from audiogame.net.protocol.reasons import Reason
from audiogame.net.server.connection import Connection
from audiogame.net.server.lobby import Lobby
from audiogame.net.web import messages as w
from audiogame.net.web.listener import WebListener

log = logging.getLogger(__name__)


class WebConnection(Connection):
    client_types = w.WEB_CLIENT_TYPES
    client_union: Any = w.WebClientMessage

    def __init__(self, ws: ServerConnection, lobby: Lobby) -> None:
        super().__init__(ws, lobby)
        self.listener = WebListener("", self._game_time, self.loop.time)
        self._handlers[w.KeyPress] = self._key
        self._handlers[w.RunCommand] = self._command
        self._handlers[w.Listen] = self._listen
        self._handlers[w.PageClock] = self._page_clock

    # -- frames out: words, never game data -----------------------------------------------
    def send_frame(self, frame: bytes) -> None:
        self._answered(frame)
        try:
            message = m.SERVER_DECODER.decode(frame)
        except msgspec.DecodeError:
            log.error("a frame for a page that is no server message")
            return
        self.listener.take(message)
        self._flush()

    def _flush(self) -> None:
        for item in self.listener.take_out():
            self._queue(w.WEB_ENCODER.encode(item))

    # -- the page's own messages ----------------------------------------------------------
    async def _hello(self, msg: m.Hello) -> Reason | None:
        if self.player is None and msg.lang:
            self.listener.listen(w.Listen(lang=msg.lang))
        return await super()._hello(msg)

    async def _key(self, msg: w.KeyPress) -> Reason | None:
        return await self._run(self.listener.key(msg))

    async def _command(self, msg: w.RunCommand) -> Reason | None:
        return await self._run(self.listener.command(msg))

    async def _run(self, commands: list[m.ClientMessage]) -> Reason | None:
        """The protocol messages a key or a button asked for, through the same handlers
        (and limits) as a desktop client's."""
        for command in commands:
            problem = self._handlers[type(command)](command)
            if asyncio.iscoroutine(problem):
                problem = await problem
            if problem is not None:
                # the key's own answer: said like any refusal, not counted as abuse
                # (the page only forwarded a key; the checks were ours)
                self.listener.take(m.Refused(reason=problem.value, of=m.tag_of(command)))
                break
        self._flush()
        return None

    def _listen(self, msg: w.Listen) -> Reason | None:
        if not self.listener.listen(msg):
            return Reason.BAD_FIELDS
        self._flush()
        return None

    def _page_clock(self, msg: w.PageClock) -> Reason | None:
        self.listener.page_clock(msg)
        return None

    async def _join(self, msg: m.JoinTable) -> Reason | None:
        """A page reloaded at its table comes back by its token, then its invite link
        asks for the same table again: it is there already, nothing to refuse."""
        player = self.player
        table = None if player is None else player.table
        if table is not None and not table.closed and not msg.spectator:
            if msg.table == table.id or (msg.code and msg.code == table.record.code):
                return None
        return await super()._join(msg)

    def _create(self, msg: m.CreateTable) -> Reason | m.OptionProblem | None:
        """The page's create form gives a number of seats only (no rule of any game
        lives in the page): the game's own table for that many seats, with its options'
        defaults, as the desktop's create-a-table rows make it (``GameSpec.table_config``)."""
        spec = registry.get(msg.game)
        config = msg.config
        if (
            spec is not None
            and spec.table_config is not None
            and type(config) is dict
            and set(config) == {"seats"}
            and type(config["seats"]) is int
        ):
            try:
                made = spec.table_config(config["seats"], {})
            except ValueError:
                return Reason.BAD_OPTIONS
            msg = m.CreateTable(game=msg.game, config=made, private=msg.private)
        return super()._create(msg)

    def _game_time(self, table_id: str) -> float | None:
        table = self.lobby.tables.get(table_id)
        return None if table is None else table.game_time()
