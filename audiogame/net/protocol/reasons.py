"""Why the server refused a message, closed a connection or turned a name down.

Each value is a stable id: the client says the message ``net-reason-<value>``
in its player's language. A game's own refusals (not your turn, the tile does
not fit) are not here: they travel as the game's ``Refusal`` values.
"""

from __future__ import annotations

from enum import StrEnum

from audiogame.net.protocol import messages as m


class Reason(StrEnum):
    # the frame itself
    VERSION = "version"  # the client speaks another version of the protocol
    TOO_BIG = "too-big"  # over 16 KiB
    NOT_TEXT = "not-text"  # a binary frame
    MALFORMED = "malformed"  # not JSON, or not a JSON object with a "type"
    UNKNOWN_TYPE = "unknown-type"
    BAD_FIELDS = "bad-fields"  # a known type with missing, unknown or wrong fields
    SLOW_DOWN = "slow-down"  # over the rate limit
    ABUSE = "abuse"  # too many refused frames: the connection is closed
    # order
    HELLO_FIRST = "hello-first"
    ALREADY_WELCOMED = "already-welcomed"
    NOT_AT_TABLE = "not-at-table"
    ALREADY_AT_TABLE = "already-at-table"
    NOT_MASTER = "not-master"
    NOT_SEATED = "not-seated"
    STARTED = "started"  # the match is under way: not now
    NOT_STARTED = "not-started"
    NOT_BETWEEN_ROUNDS = "not-between-rounds"
    # names
    NAME_EMPTY = "name-empty"
    NAME_TOO_LONG = "name-too-long"
    NAME_CHARACTERS = "name-characters"
    NAME_AT_TABLE = "name-at-table"  # someone at the table already has it
    NAME_ALIKE = "name-alike"  # it looks like a name already registered or present
    UNKNOWN_TOKEN = "unknown-token"  # a resume token this server does not know
    # tables
    NO_SUCH_GAME = "no-such-game"
    NO_SUCH_TABLE = "no-such-table"
    NO_SUCH_SEAT = "no-such-seat"
    SEAT_TAKEN = "seat-taken"
    TABLE_FULL = "table-full"
    BAD_OPTIONS = "bad-options"
    SEATS_EMPTY = "seats-empty"  # start: a seat has nobody, human or bot
    NO_SUCH_LEVEL = "no-such-level"
    BAD_ACTION = "bad-action"  # not an action of this game
    TOO_MANY_TABLES = "too-many-tables"
    PRIVATE_TABLE = "private-table"  # a private table: only its code opens it
    BARRED = "barred"  # this table sent you away: it does not take you back
    # chat
    CHAT_EMPTY = "chat-empty"
    NO_SUCH_PLAYER = "no-such-player"
    # goodbyes
    KICKED = "kicked"
    TABLE_CLOSED = "table-closed"
    REPLACED = "replaced"  # the same player connected again elsewhere
    SHUTDOWN = "shutdown"
    SERVER_FULL = "server-full"
    TOO_MANY_CONNECTIONS = "too-many-connections"  # from this address, at once
    TOO_MANY_GUESTS = "too-many-guests"  # new guests from this address, for now
    TIMEOUT = "timeout"  # no Hello in time
    TABLE_BROKEN = "table-broken"  # the table's game failed: it was closed
    # accounts (issue 16)
    NAME_TAKEN = "name-taken"  # registering: an account has that name
    NAME_REGISTERED = "name-registered"  # a guest chose an account's name
    BAD_LOGIN = "bad-login"  # the name or the password is wrong (never says which)
    TOO_MANY_LOGINS = "too-many-logins"  # from this address, for now
    ACCOUNT_SLOWED = "account-slowed"  # too many wrong passwords for this account, from here
    ACCOUNT_GUARDED = "account-guarded"  # wrong passwords for it from many places at once
    PASSWORD_SHORT = "password-short"
    PASSWORD_LONG = "password-long"
    PASSWORD_CHARACTERS = "password-characters"
    PASSWORD_IS_NAME = "password-is-name"
    PASSWORD_COMMON = "password-common"
    SESSION_EXPIRED = "session-expired"
    ACCOUNT_NEEDED = "account-needed"  # this server welcomes accounts only
    ACCOUNTS_ONLY = "accounts-only"  # friends, ratings...: for players with an account
    BUSY = "busy"  # too many logins at once: try again in a moment
    LOGGED_OUT = "logged-out"  # the session was closed (here or from elsewhere)
    # people (issue 16)
    NOT_ONLINE = "not-online"  # nobody of that name is online
    PRIVACY = "privacy"  # they do not accept this from you
    NO_SUCH_ACCOUNT = "no-such-account"
    YOURSELF = "yourself"
    TOO_MANY_LISTED = "too-many-listed"  # 200 friends (or 500 blocked) already
    NO_SUCH_MATCH = "no-such-match"
    MOVED = "moved"  # the table moved to another server process: reconnecting
    # keeping the room civil (issue 30)
    MUTED = "muted"  # a moderator muted you: no chat for now
    BANNED = "banned"  # a moderator banned you (the goodbye; a sanctioned frame says why)
    NOT_MODERATOR = "not-moderator"
    NOT_OPERATOR = "not-operator"
    OUTRANKS = "outranks"  # that player is a moderator (or an operator) too
    NO_SUCH_REPORT = "no-such-report"
    BAD_REASON = "bad-reason"  # not one of the reasons a report or an action gives
    CHAT_TOO_FAST = "chat-too-fast"
    CHAT_TOO_FAST_NEW = "chat-too-fast-new"  # a new account's first hour: fewer lines


def refusal(reason: Reason | m.OptionProblem, of: str, ref: int | None = None) -> m.Refused:
    """The refusal a client hears: a table's options refused say which and why."""
    if isinstance(reason, m.OptionProblem):
        return m.Refused(reason=Reason.BAD_OPTIONS.value, of=of, ref=ref, options=reason)
    return m.Refused(reason=reason.value, of=of, ref=ref)
