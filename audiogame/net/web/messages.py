"""The frames only a web page sends or receives, beside the protocol's own.

A page speaks the web subprotocol (``audiogame.web.v1``). It sends the
protocol's client messages (``hello``, ``join-table``, ``say``...) checked by
the same union, limits and handlers as the desktop client's, plus its own:
``key`` (a key press, which the server turns into the game's answers and
actions), ``command`` (a button tapped: one of the commands it was shown),
``listen`` (the page's language and verbosity) and ``clock``. It receives words,
never game data: ``out`` (history lines, utterances for the announcer, cues
with their pans and volumes), ``at-table`` and ``lobby`` (what the page shows
as headings and lists, already in its language), ``board`` (the game's board in
large print, as the desktop window draws it), ``controls`` (what the seat may do
now, as labelled buttons), and a few of the protocol's
own messages passed through as they are (``welcome`` for the resume token,
``match-over`` for the record anybody may verify, ``goodbye``, ``pong``).
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from audiogame.net.protocol import messages as m

WEB_SUBPROTOCOL = f"audiogame.web.v{m.PROTOCOL}"

#: the longest key name a page may send (DOM key names: "ArrowDown", "PageUp", "a")
KEY_NAME = Annotated[str, msgspec.Meta(max_length=24)]
SHORT = Annotated[str, msgspec.Meta(max_length=16)]


class _WebClient(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="type"):
    pass


class _WebServer(msgspec.Struct, frozen=True, tag_field="type"):
    pass


#: a time on the server's clock, or a span of it, as a page may send it (seconds)
SERVER_TIME = Annotated[float, msgspec.Meta(ge=-1e12, le=1e12)]
SPAN = Annotated[float, msgspec.Meta(ge=0.0, le=1e6)]


class KeyPress(_WebClient, tag="key", frozen=True):
    """One key pressed in the page's table region (``KeyboardEvent.key`` and ``.code``).

    ``at``: when it was pressed, on the server's clock as the page estimates it (a
    race's presses are dated, as the desktop client's are; the table believes the
    claim only within its bound)."""

    key: KEY_NAME
    code: KEY_NAME = ""
    shift: bool = False
    ctrl: bool = False
    alt: bool = False
    at: SERVER_TIME | None = None


#: a command's id as a page may send it back (``core.controls.Command.id``)
COMMAND_ID = Annotated[str, msgspec.Meta(max_length=40)]


class RunCommand(_WebClient, tag="command", frozen=True):
    """One of the commands the page was shown (a button tapped): run as its keys are.

    ``at``: when it was tapped, on the server's clock as the page estimates it (a
    race's throws are dated as its key presses are)."""

    id: COMMAND_ID
    at: SERVER_TIME | None = None


class PageClock(_WebClient, tag="clock", frozen=True):
    """The page's estimate of the server's clock from its pings (server = page +
    ``offset``, within ``error``; ``rtt`` the median round trip of the samples kept):
    only said back to the player by the clock's key, never trusted for anything."""

    offset: SERVER_TIME
    error: SPAN
    rtt: SPAN
    samples: Annotated[int, msgspec.Meta(ge=0, le=100_000)]


class Listen(_WebClient, tag="listen", frozen=True):
    """The page's language and its verbosity per message kind (speak, sound, off)."""

    lang: SHORT = ""
    verbosity: Annotated[dict[SHORT, SHORT], msgspec.Meta(max_length=16)] = msgspec.field(
        default_factory=dict
    )


WebClientMessage = m.ClientMessage | KeyPress | RunCommand | Listen | PageClock

WEB_CLIENT_TYPES: frozenset[str] = m.CLIENT_TYPES | {"key", "command", "listen", "clock"}


class Line(msgspec.Struct, frozen=True):
    """One message for the history list: its words, its verbosity kind, its message id
    (the page may style by it), and whether it answers the player's own key."""

    text: str
    kind: str
    answer: bool = False
    id: str = ""


class Utterance(msgspec.Struct, frozen=True):
    """What the live regions say: assertive when it interrupts (answers to my keys),
    polite otherwise (others' moves, joined as the desktop speaks them)."""

    text: str
    interrupt: bool = False


class CuePlay(msgspec.Struct, frozen=True):
    cue: str
    pan: float = 0.0
    volume: float = 1.0
    #: seconds after the frame's moment (a train of sounds spaced out, the desktop's
    #: ``Later``: each die's symbol heard one after the other)
    delay: float = 0.0


class Out(_WebServer, tag="out", frozen=True):
    lines: list[Line] = msgspec.field(default_factory=list)
    speech: list[Utterance] = msgspec.field(default_factory=list)
    cues: list[CuePlay] = msgspec.field(default_factory=list)
    #: the cues' master volume (0..1) when it changed (F7/F8)
    volume: float | None = None
    #: the table's event count this page has heard up to (sent back when resuming)
    upto: int | None = None


class Timed(msgspec.Struct, frozen=True):
    """A happening of a race foreseen by the table (dice landing, the start), narrated
    ahead: the page says and plays it when its estimate of the server's clock reads
    ``at``. ``key``: its game time, which names it in later plans."""

    key: float
    at: float
    lines: list[Line] = msgspec.field(default_factory=list)
    speech: list[Utterance] = msgspec.field(default_factory=list)
    cues: list[CuePlay] = msgspec.field(default_factory=list)


class Plan(_WebServer, tag="plan", frozen=True):
    """What a race will bring if nobody acts meanwhile, as it now stands: ``drop`` the
    timed items not played yet that no longer hold, then schedule ``items`` (an item
    whose key the page has played already is not played again)."""

    items: list[Timed] = msgspec.field(default_factory=list)
    drop: list[float] = msgspec.field(default_factory=list)


class AtTable(_WebServer, tag="at-table", frozen=True):
    """The table as the page shows it, in the page's language."""

    id: str
    game: str
    title: str
    code: str  # the invite code's number form, for the link (/t/<code>)
    code_words: str  # the same code said in the page's language
    seats: list[str]
    stage: str
    master: bool
    watching: bool
    status: str  # one line: who is missing, or whether the next round waits
    match: int  # matches started at the table (sent back when resuming)
    cues: list[str]  # the cues this table may play, for the page to load early
    #: my seat's own values of the game's per-seat options (Tira's controls; empty:
    #: watching, or none): the page keeps my last choice and brings it to my next seat
    mine: dict[str, Any] = msgspec.field(default_factory=dict)


class Run(msgspec.Struct, frozen=True):
    """A piece of a board's line in one style: title, label, value, or mark (the cursor)."""

    text: str
    style: str


class BoardView(_WebServer, tag="board", frozen=True):
    """The game's board as the desktop window shows it above the messages (whose
    turn, the ends, my hand with the cursor, the counts, the scores), already in the
    page's language, line by line; no lines: no board to show."""

    lines: list[list[Run]] = msgspec.field(default_factory=list)


class Button(msgspec.Struct, frozen=True):
    """One command as a button: its id (sent back to run it), its label in the page's
    language, and whether the keys' cursor is on it (the tile, the die)."""

    id: str
    label: str
    current: bool = False


class Group(msgspec.Struct, frozen=True):
    """The commands of one kind (the hand, the moves, the questions, the table's), under
    a heading in the page's language."""

    id: str
    title: str
    buttons: list[Button]


class ControlsView(_WebServer, tag="controls", frozen=True):
    """Everything the page's seat may do now, by touch: the game's controls'
    ``commands`` and the table's own, already in the page's language. Sent again
    whenever it changes; no groups: nothing to do here."""

    groups: list[Group] = msgspec.field(default_factory=list)


class LobbyLine(msgspec.Struct, frozen=True):
    id: str
    text: str


class LobbyGame(msgspec.Struct, frozen=True):
    """A game a page may open a table of: its title and the seats its tables may have."""

    id: str
    text: str
    min_seats: int
    max_seats: int
    #: the number the create form offers first
    seats: int


class Lobby(_WebServer, tag="lobby", frozen=True):
    """Not at a table: the public tables and the games one may open."""

    tables: list[LobbyLine]
    games: list[LobbyGame]


class PersonLine(msgspec.Struct, frozen=True):
    """Someone online as the page lists them: their name, and the line said of them."""

    name: str
    text: str
    account: bool = False
    role: str = ""


class PeopleList(_WebServer, tag="people", frozen=True):
    """Who is online (the server's people), each as a line in the page's language."""

    people: list[PersonLine]


class ReportLine(msgspec.Struct, frozen=True):
    """An open report, for a moderator: who, why, what it says, the lines heard there."""

    id: int
    reported: str
    text: str
    lines: list[str]


class ReportsList(_WebServer, tag="reports", frozen=True):
    reports: list[ReportLine]


class AuditList(_WebServer, tag="audit", frozen=True):
    lines: list[str]


WEB_ENCODER = msgspec.json.Encoder()
