"""Every message of the protocol: one JSON text frame each, a ``type`` naming it.

The messages are ``msgspec`` Structs in two tagged unions, ``ClientMessage``
(what a client may send) and ``ServerMessage``. ``msgspec`` validates a whole
frame against the union in one C pass (docs/online-protocol.md says why it was
chosen over pydantic and hand-written checks). A game's own values (an action,
events, a view) travel as plain JSON data inside these messages and are
decoded by the game's ``GameCodec``, never by the message layer.

The WebSocket subprotocol carries the version (``audiogame.v1``); a client of
another version is refused during the handshake with ``Reason.VERSION``.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any

import msgspec

PROTOCOL = 1
SUBPROTOCOL = f"audiogame.v{PROTOCOL}"
SUBPROTOCOL_PREFIX = "audiogame.v"
#: the port a server listens on unless told otherwise (and a client tries first)
DEFAULT_PORT = 47470

#: the largest frame a server reads (larger ones are refused)
MAX_FRAME = 16 * 1024
#: the largest frame a client reads (a finished match's log can be long)
MAX_SERVER_FRAME = 4 * 1024 * 1024


#: a whole number a client sends (a seat, a count, a reference): within what a
#: page's JavaScript and the server's SQLite both hold exactly, so a number of
#: a hundred digits is refused as a bad field, never reaches a table or a query
Whole = Annotated[int, msgspec.Meta(ge=-(2**53), le=2**53)]
#: a time a client claims (seconds on the server's clock)
Moment = Annotated[float, msgspec.Meta(ge=-1e12, le=1e12)]


class _Client(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="type"):
    pass


class _Server(msgspec.Struct, frozen=True, tag_field="type"):
    pass


# -- client to server -------------------------------------------------------------------


class Hello(_Client, tag="hello", frozen=True):
    """The first message. ``token`` resumes a player (and their seat) after a drop."""

    name: str
    token: str | None = None
    lang: str = ""
    #: resuming: the table this client was at (a spectator watches it again), and
    #: the last event count and match number it had there
    table: str = ""
    upto: Whole = 0
    match: Whole = 0


class ListTables(_Client, tag="list-tables", frozen=True):
    pass


class CreateTable(_Client, tag="create-table", frozen=True):
    game: str
    config: dict[str, Any] = msgspec.field(default_factory=dict)
    private: bool = False


class JoinTable(_Client, tag="join-table", frozen=True):
    """Join by the table's id or its invite code; a player takes ``seat`` (or the
    first free one), a spectator only watches."""

    table: str = ""
    code: str = ""
    spectator: bool = False
    seat: Whole | None = None


class LeaveTable(_Client, tag="leave-table", frozen=True):
    pass


class SetBot(_Client, tag="set-bot", frozen=True):
    """The master puts a bot of ``level`` in an empty seat, or (``None``) removes it."""

    seat: Whole
    level: str | None = None


class SetOptions(_Client, tag="set-options", frozen=True):
    config: dict[str, Any]


class SetSeatOption(_Client, tag="set-seat-option", frozen=True):
    """My seat's own value of a per-seat option (Tira's controls), by the option's id:
    taken while the table waits, kept with the seat, fixed once the match starts."""

    option: str
    value: Any


class SetPrivate(_Client, tag="set-private", frozen=True):
    private: bool


class HandOver(_Client, tag="hand-over", frozen=True):
    seat: Whole


class Kick(_Client, tag="kick", frozen=True):
    seat: Whole


class Start(_Client, tag="start", frozen=True):
    pass


class Pause(_Client, tag="pause", frozen=True):
    """The master holds (or lets go) the next round between rounds."""

    paused: bool


class Act(_Client, tag="act", frozen=True):
    """A game action (the game's own data); the seat is the connection's.

    ``at``: in a real-time game, when the player pressed the key, on the server's
    clock as the client estimates it; the server believes it only within its
    compensation bound (docs/online-protocol.md, "A race over the network")."""

    action: Any
    ref: Whole = 0
    at: Moment | None = None


class Say(_Client, tag="say", frozen=True):
    """Chat: to the table, or privately to the player at seat ``to``."""

    text: str
    to: Whole | None = None


class Ping(_Client, tag="ping", frozen=True):
    id: Whole


# -- accounts, people, ratings (issue 16) -----------------------------------------------------


class Register(_Client, tag="register", frozen=True):
    """Instead of ``hello``: make an account and enter with it."""

    name: str
    password: str
    lang: str = ""


class Login(_Client, tag="login", frozen=True):
    """Instead of ``hello``: enter with an account (``Hello.token`` resumes it later)."""

    name: str
    password: str
    lang: str = ""


class Logout(_Client, tag="logout", frozen=True):
    """Close this session (or every session of the account); the connection closes."""

    everywhere: bool = False


class ChangePassword(_Client, tag="change-password", frozen=True):
    old: str
    new: str


class WatchPeople(_Client, tag="people", frozen=True):
    """Who is online, once now and (``watch``) each change after it."""

    watch: bool = True


class SetStatus(_Client, tag="set-status", frozen=True):
    """``available`` or ``busy`` (``absent`` comes by itself after 5 idle minutes)."""

    status: str


class SetRelation(_Client, tag="set-relation", frozen=True):
    """List ``name`` as a friend, a favourite or blocked (None: not at all)."""

    name: str
    relation: str | None = None


class GetRelations(_Client, tag="relations", frozen=True):
    pass


class SetPrivacy(_Client, tag="set-privacy", frozen=True):
    """Who may invite me, message me, join my table ("" leaves one as it is)."""

    invite: str = ""
    message: str = ""
    join: str = ""


class GetPrivacy(_Client, tag="privacy", frozen=True):
    pass


class Whisper(_Client, tag="whisper", frozen=True):
    """A private message to a player anywhere on the server."""

    to: str
    text: str


class LobbySay(_Client, tag="lobby-say", frozen=True):
    """A line to the lobby's room: everyone on the server who watches who is online."""

    text: str


class Invite(_Client, tag="invite", frozen=True):
    """The master invites a player to the table (the Salotto's Ctrl+I)."""

    name: str


class JoinPlayer(_Client, tag="join-player", frozen=True):
    """Join the table where ``name`` is (as a player when a seat is free)."""

    name: str
    spectator: bool = False


class GetRating(_Client, tag="rating", frozen=True):
    game: str
    name: str = ""  # "" : mine


class GetLeaderboard(_Client, tag="leaderboard", frozen=True):
    game: str
    limit: Whole = 10


class GetRecord(_Client, tag="record", frozen=True):
    """A player's finished matches, newest first (``name`` "": mine)."""

    name: str = ""
    limit: Whole = 20


class GetMatch(_Client, tag="get-match", frozen=True):
    """A finished match's seed and log (answered with ``match-over``: it replays offline)."""

    table: str
    match: Whole


class PeekTable(_Client, tag="peek-table", frozen=True):
    """A public table's options and, when a match is under way, where it stands,
    without joining it (the Salotto's Applications key on the table list)."""

    table: str


# -- keeping the room civil (issue 30) ------------------------------------------------------


class Report(_Client, tag="report", frozen=True):
    """Tell the moderators about a player (``reason``: one of ``REPORT_REASONS``). The
    server attaches the last public lines where the reporter is (never a private one)."""

    name: str
    reason: str
    text: str = ""


class Moderate(_Client, tag="moderate", frozen=True):
    """A moderator's action on a player (``action``: one of ``MODERATOR_ACTIONS``):
    ``minutes`` for a mute (and a ban: 0 is for good), ``reason`` one of
    ``REPORT_REASONS``, the player hears both in their language, and ``note`` as
    written; ``report``: the report this action settles ("dismiss": settles it alone)."""

    name: str
    action: str
    reason: str = ""
    note: str = ""
    minutes: Whole = 0
    report: Whole = 0


class SetRole(_Client, tag="set-role", frozen=True):
    """An operator makes an account a moderator or an operator ("": neither)."""

    name: str
    role: str


class GetReports(_Client, tag="reports", frozen=True):
    """The reports not settled yet, newest first (moderators)."""


class GetAudit(_Client, tag="audit", frozen=True):
    """The moderators' actions, newest first (moderators)."""

    limit: Whole = 50


ClientMessage = (
    Hello
    | ListTables
    | CreateTable
    | JoinTable
    | LeaveTable
    | SetBot
    | SetOptions
    | SetSeatOption
    | SetPrivate
    | HandOver
    | Kick
    | Start
    | Pause
    | Act
    | Say
    | Ping
    | Register
    | Login
    | Logout
    | ChangePassword
    | WatchPeople
    | SetStatus
    | SetRelation
    | GetRelations
    | SetPrivacy
    | GetPrivacy
    | Whisper
    | LobbySay
    | Invite
    | JoinPlayer
    | GetRating
    | GetLeaderboard
    | GetRecord
    | GetMatch
    | PeekTable
    | Report
    | Moderate
    | SetRole
    | GetReports
    | GetAudit
)

CLIENT_TYPES: frozenset[str] = frozenset(
    cls.__struct_config__.tag for cls in ClientMessage.__args__
)


# -- server to client -------------------------------------------------------------------


class SeatKind(StrEnum):
    EMPTY = "empty"
    HUMAN = "human"
    BOT = "bot"


class TableStage(StrEnum):
    WAITING = "waiting"  # seating, options
    PLAYING = "playing"
    OVER = "over"  # the match ended; the master may start another


class Seat(msgspec.Struct, frozen=True):
    kind: SeatKind
    name: str = ""  # a human's name; bots are named by each client in its language
    level: str = ""  # a bot's level, or the level of the bot covering a dropped human
    connected: bool = True
    covered: bool = False  # a bot plays for the human who dropped or left
    #: the seat's value of each per-seat option (by the option's id, plain data): a
    #: player's own, a bot's by the game's rule (``OptionSpec.bots_follow``), the
    #: match's own once it started
    options: dict[str, Any] = msgspec.field(default_factory=dict)


class TableSummary(msgspec.Struct, frozen=True):
    """One line of the table list: "Domino, 2 in attesa su 4" is said by the client."""

    id: str
    game: str
    seats: int
    seated: int
    spectators: int
    stage: TableStage
    master: str


class TableInfo(msgspec.Struct, frozen=True):
    id: str
    code: str
    game: str
    config: dict[str, Any]
    private: bool
    stage: TableStage
    master: int | None  # the master's seat (None: a spectator, or nobody)
    master_name: str
    seats: list[Seat]
    spectators: int
    paused: bool
    seed_hash: str  # the match's commitment ("" before the first start)
    bot_levels: list[str]
    match: int  # matches started at this table (the one in play, or the last)
    between_rounds: float  # seconds before the next round starts by itself


class TablePeek(_Server, tag="table-peek", frozen=True):
    """A table seen from outside: its info, and the public view of its match (None
    when none is under way), as a spectator would see it."""

    table: TableInfo
    view: Any = None


class Welcome(_Server, tag="welcome", frozen=True):
    player: str
    token: str
    name: str
    games: list[str]
    protocol: int = PROTOCOL
    account: bool = False  # entered with an account (a guest otherwise)
    role: str = ""  # "moderator", "operator", or "" (a player)


class OptionProblem(msgspec.Struct, frozen=True):
    """Why a table's options were refused (``bad-options``), for the client to say in
    its own language: the option at fault (its id in ``game``'s options; "" when the
    reason names it itself) and the reason's message id with its arguments (a
    phrase inside as ``{"phrase": id, "args": {...}}``)."""

    game: str
    problem: str
    option: str = ""
    args: dict[str, Any] = msgspec.field(default_factory=dict)


class Refused(_Server, tag="refused", frozen=True):
    reason: str
    of: str = ""  # the refused message's type
    ref: int | None = None
    #: a refused table configuration: which option, and why
    options: OptionProblem | None = None


class TableList(_Server, tag="tables", frozen=True):
    tables: list[TableSummary]


class TableState(_Server, tag="table", frozen=True):
    table: TableInfo
    you: int | None  # your seat (None: watching)


class Snapshot(_Server, tag="snapshot", frozen=True):
    """Your view now (the game's observation), the table's event count, and the
    events you missed since ``Hello``'s resume (``away``)."""

    view: Any
    upto: int
    away: list[Any] = msgspec.field(default_factory=list)
    #: a real-time game's next happenings as they stand (see ``Events.ahead``)
    ahead: list[Any] | None = None
    #: the match's game time when the snapshot was taken (a client keeps time by it)
    now: float | None = None


class Events(_Server, tag="events", frozen=True):
    """One batch of the game's events you may know, and what changed in your view.

    ``ahead`` (real-time games): what the game will do by itself next if nobody
    acts meanwhile (dice landing, the start of the race), each item
    ``{"at": game time, "events": [...], "view": patch}`` with the view after it
    patched from the one before; the client plays each at its time on the
    server's clock. None: unchanged since the last frame."""

    events: list[Any]
    view: dict[str, Any]
    upto: int
    ahead: list[Any] | None = None
    #: the match's game time when the batch happened (a client keeps time by it)
    now: float | None = None


class GameRefused(_Server, tag="game-refused", frozen=True):
    ref: int
    refusal: str  # the game's Refusal value


class NoticeKind(StrEnum):
    JOINED = "joined"
    LEFT = "left"
    WATCHING = "watching"
    DROPPED = "dropped"  # the connection went quiet
    COVERED = "covered"  # a bot now plays the seat
    BACK = "back"
    KICKED = "kicked"
    MASTER = "master"  # the master role went to seat/name
    BOT_ADDED = "bot-added"
    BOT_REMOVED = "bot-removed"
    OPTIONS = "options"
    #: the player at ``seat`` changed their seat's own option (``Seat.options`` says it)
    SEAT_OPTION = "seat-option"
    PRIVATE = "private"
    PUBLIC = "public"
    #: the table changed its invite code (someone was sent away): the new one is in the
    #: table's state sent just before
    NEW_CODE = "new-code"
    STARTED = "started"
    PAUSED = "paused"
    UNPAUSED = "unpaused"
    RESTORED = "restored"  # the server restarted and the table is back
    #: a real-time game: you are back, and take your seat from its bot when the round ends
    RETURNING = "returning"
    #: a real-time game: your chat reaches the table when the round ends
    CHAT_HELD = "chat-held"
    #: the server cannot write the table (a full disk, a read-only folder): it plays on in
    #: memory, and a crash would lose it; STORING: it writes again
    NOT_STORING = "not-storing"
    STORING = "storing"


class Notice(_Server, tag="notice", frozen=True):
    what: NoticeKind
    seat: int | None = None
    name: str = ""


class Chat(_Server, tag="chat", frozen=True):
    name: str
    text: str
    seat: int | None = None  # the writer's seat (None: a spectator)
    private: bool = False
    to: int | None = None  # a private message's addressee's seat


class MatchBegins(_Server, tag="match-begins", frozen=True):
    """The seed's commitment: sha256 of the seed, revealed at the end."""

    seed_hash: str
    config: dict[str, Any]


class MatchOver(_Server, tag="match-over", frozen=True):
    """The seed and the whole log: the match replays offline (docs/online-protocol.md)."""

    seed: str
    seed_hash: str
    game: str
    config: dict[str, Any]
    start: float
    log: list[Any]


class Left(_Server, tag="left", frozen=True):
    """You are no longer at the table (``reason``: kicked, table-closed, or "" when you
    left yourself)."""

    reason: str = ""


class Pong(_Server, tag="pong", frozen=True):
    id: int
    time: float  # the server's clock (issue 15 agrees clocks from these)


class Goodbye(_Server, tag="goodbye", frozen=True):
    reason: str


# -- accounts, people, ratings (issue 16) -----------------------------------------------------


class Person(msgspec.Struct, frozen=True):
    name: str
    status: str  # "available", "absent", "busy"
    account: bool
    game: str = ""  # the game of the public table they are at ("" : none)
    table: str = ""  # that table's id when it is public
    playing: bool = False  # seated at a match in play, at a public table
    #: at a private table: nothing more of it is said (not its game, id or match)
    private: bool = False
    relation: str = ""  # how *you* list them: "friend", "favourite", "blocked", ""
    role: str = ""  # "moderator", "operator", or "" (a player)


class People(_Server, tag="people", frozen=True):
    people: list[Person]


class Presence(_Server, tag="presence", frozen=True):
    """Someone came, changed, or (``online`` False) left."""

    person: Person
    online: bool = True


class Listed(msgspec.Struct, frozen=True):
    name: str
    relation: str
    online: bool


class Relations(_Server, tag="relations", frozen=True):
    """My lists; ``changed``: the name whose change (SetRelation) this answers, so the
    answer is told apart from a plain GetRelations' that was still on its way."""

    people: list[Listed]
    changed: str = ""


class PrivacyState(_Server, tag="privacy", frozen=True):
    invite: str
    message: str
    join: str


class WhisperFrom(_Server, tag="whisper", frozen=True):
    """A private message: ``name`` wrote it to ``to`` (you, or the one you wrote to)."""

    name: str
    to: str
    text: str


class LobbyChat(_Server, tag="lobby-chat", frozen=True):
    """A line said in the lobby's room by ``name`` (``account``: a registered name)."""

    name: str
    text: str
    account: bool = False


class Invited(_Server, tag="invited", frozen=True):
    """``name`` invites you to their table (join it with ``join-table``)."""

    name: str
    table: str
    code: str
    game: str


class Rating(_Server, tag="rating", frozen=True):
    """A rating as the player hears it: ``mu`` plus or minus ``spread`` (two sigmas)."""

    name: str
    game: str
    mu: float
    sigma: float
    spread: float
    matches: int
    place: int = 0  # on the leaderboard (0: not on it yet)


class LeaderRow(msgspec.Struct, frozen=True):
    place: int
    name: str
    mu: float
    spread: float
    matches: int


class Leaderboard(_Server, tag="leaderboard", frozen=True):
    game: str
    rows: list[LeaderRow]


class ResultItem(msgspec.Struct, frozen=True):
    game: str
    table: str
    match: int
    finished: float
    rank: int
    players: int
    seed: str
    before: float
    after: float


class Record(_Server, tag="record", frozen=True):
    name: str
    results: list[ResultItem]


class Done(_Server, tag="done", frozen=True):
    """A command with nothing else to answer went through (``of``: its type)."""

    of: str


#: why a player is reported or sanctioned (each said in every language: net-why-<id>)
REPORT_REASONS = ("spam", "insults", "cheating", "flooding", "name", "other")
#: what a moderator may do to a player
MODERATOR_ACTIONS = ("warn", "mute", "unmute", "kick", "ban", "unban", "dismiss")
ROLES = ("moderator", "operator")


class Sanctioned(_Server, tag="sanctioned", frozen=True):
    """A moderator's action on you: ``kind`` (warn, mute, unmute, kick, ban), why
    (``reason``, said in your language; ``note``, as the moderator wrote it) and until
    when (wall-clock seconds; None: for good, or nothing to last)."""

    kind: str
    reason: str = ""
    note: str = ""
    until: float | None = None


class HeardLine(msgspec.Struct, frozen=True):
    at: float  # wall-clock seconds
    name: str
    text: str


class ReportItem(msgspec.Struct, frozen=True):
    id: int
    at: float
    reporter: str
    reported: str
    reason: str
    text: str
    where: str  # "table" or "lobby": where the lines were heard
    lines: list[HeardLine]


class Reports(_Server, tag="reports", frozen=True):
    reports: list[ReportItem]


class ReportFiled(_Server, tag="report-filed", frozen=True):
    """To the moderators online: a new report about ``reported``."""

    id: int
    reported: str
    reason: str


class AuditItem(msgspec.Struct, frozen=True):
    at: float
    moderator: str
    action: str
    target: str
    reason: str = ""
    note: str = ""
    minutes: int = 0
    report: int = 0


class Audit(_Server, tag="audit", frozen=True):
    items: list[AuditItem]


class RaceClock(_Server, tag="race-clock", frozen=True):
    """A real-time match's clock: game time ``g`` happens at server time ``g + origin``.

    ``hold``: how far behind the server's clock the table applies actions (the
    compensation window, the largest of the seated players' bounds); ``bound``:
    how much earlier than its arrival your own press may be dated. Sent when the
    match begins, on (re)joining, and when they change."""

    origin: float
    hold: float
    bound: float


ServerMessage = (
    Welcome
    | Refused
    | TableList
    | TableState
    | Snapshot
    | Events
    | GameRefused
    | Notice
    | Chat
    | MatchBegins
    | MatchOver
    | Left
    | Pong
    | Goodbye
    | People
    | Presence
    | Relations
    | PrivacyState
    | WhisperFrom
    | LobbyChat
    | Invited
    | Rating
    | Leaderboard
    | Record
    | Done
    | RaceClock
    | TablePeek
    | Sanctioned
    | Reports
    | ReportFiled
    | Audit
)

ENCODER = msgspec.json.Encoder()
CLIENT_DECODER: msgspec.json.Decoder[ClientMessage] = msgspec.json.Decoder(ClientMessage)
SERVER_DECODER: msgspec.json.Decoder[ServerMessage] = msgspec.json.Decoder(ServerMessage)


def encode(message: msgspec.Struct) -> bytes:
    return ENCODER.encode(message)


def tag_of(message: msgspec.Struct) -> str:
    return str(type(message).__struct_config__.tag)
