"""A server's tunable times and limits, in one place (the command line sets them)."""

from __future__ import annotations

from dataclasses import dataclass, field

from audiogame.net.server.address_limits import AddressLimits
from audiogame.net.server.forwarded import Network
from audiogame.net.server.limits import Limits
from audiogame.net.server.login_limits import LoginLimits
from audiogame.net.server.moderation import ChatLimits
from audiogame.net.server.passwords import HashCost

#: a pong may come this many heartbeats after its ping before its peer is taken for gone
PONG_WAIT = 3
#: what the closing handshake of a peer taken for gone is given (seconds)
CLOSE_WAIT = 0.5


@dataclass(frozen=True, slots=True)
class ServerOptions:
    #: a dropped player's seat waits this long before a bot covers it
    grace: float = 30.0
    #: the next round starts this long after one ends, unless the master pauses
    between_rounds: float = 15.0
    #: keepalive: a ping every ``heartbeat`` seconds, a drop when its pong has not come
    #: ``PONG_WAIT`` heartbeats later: a silent drop is noticed within 4 × heartbeat +
    #: 0.5 s, and a pong held up that long (a phone's line, a busy machine) drops nobody
    heartbeat: float = 1.0
    #: a connection that sends no Hello within this is closed
    hello_timeout: float = 10.0
    max_tables: int = 1000
    max_connections: int = 4000
    #: frames queued for one slow connection before it is closed (it can resume)
    max_backlog: int = 2000
    #: the "while you were away" events sent on a resume, at most
    max_away: int = 300
    #: a real-time table measures each seated player's round trip this often (seconds)
    probe_every: float = 0.25
    #: a real-time table: chat written during a race reaches the table when the round
    #: ends, so speech never masks a landing (``--chat-during-races`` turns it off)
    hold_chat: bool = True
    #: a real-time table: the most a press may be dated before its arrival (seconds;
    #: 0 turns lag compensation off: actions count when they arrive)
    compensation_cap: float = 0.150
    limits: Limits = field(default_factory=Limits)
    # -- a public server (issue 16) --
    #: players without an account may enter (a LAN host: yes; a public server: its choice)
    guests: bool = True
    #: a session token resumes its account for this many days
    session_days: float = 30.0
    login_limits: LoginLimits = field(default_factory=LoginLimits)
    hash_cost: HashCost = field(default_factory=HashCost)
    #: password hashes at once (None: one per core but one)
    hash_concurrency: int | None = None
    #: where the hashes run: "process" (workers at the lowest priority: the server
    #: command's default) or "thread" (a server inside another program, as the app's
    #: LAN host or a test's, starts no processes of its own)
    hash_workers: str = "thread"
    #: a player who sends nothing for this long is "absent"
    absent_after: float = 300.0
    #: connections at once and new guests per network address (loopback exempt)
    address_limits: AddressLimits = field(default_factory=AddressLimits)
    #: a guest gone this long (no connection, no seat held) is forgotten: a guest has
    #: no account, nothing of theirs is worth keeping past the resume of a drop
    guest_keep: float = 3600.0
    #: proxies whose forwarded-for headers are believed (``--trusted-proxy``)
    trusted_proxies: tuple[Network, ...] = ()
    #: web origins, besides the server's own, whose pages may connect (a public server
    #: behind another name: ``--origin https://games.example.org``; ``web.origin``)
    origins: tuple[str, ...] = ()
    #: accounts given a role on the command line (``--operator``, ``--moderator``)
    operators: tuple[str, ...] = ()
    moderators: tuple[str, ...] = ()
    #: chat lines a player may send, and fewer in a new account's first hour (None: only
    #: the frames' rate: a LAN host among friends; the server command sets them)
    chat_limits: ChatLimits | None = None

    @property
    def pong_wait(self) -> float:
        """How long after its ping a pong may come before its peer is taken for gone."""
        return PONG_WAIT * self.heartbeat

    @property
    def drop_noticed_within(self) -> float:
        """A peer gone silent is taken for gone this soon at the latest (seconds): the
        last pong, the next ping a heartbeat later, its wait, the closing handshake's."""
        return self.heartbeat + self.pong_wait + CLOSE_WAIT
