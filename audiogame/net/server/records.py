"""What a public server keeps about people: accounts, sessions, relations, ratings, results.

Plain records, shared by every ``Store`` (SQLite, PostgreSQL). A password is
kept only as its argon2id hash, a session token only as its SHA-256 (a token
is 256 random bits: a fast hash is enough, and a stolen database holds no
token that works).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from audiogame.net.protocol.relations import PRIVACY_TOPICS, Privacy

#: how many friends (favourites included) one account may list, and how many blocks
MAX_FRIENDS = 200
MAX_BLOCKED = 500


def default_privacy() -> dict[str, str]:
    return {topic: Privacy.EVERYONE.value for topic in PRIVACY_TOPICS}


@dataclass(slots=True)
class AccountRecord:
    id: str
    name: str
    key: str  # the name as compared (casefolded): one account per key
    password_hash: str
    created: float
    privacy: dict[str, str] = field(default_factory=default_privacy)


@dataclass(frozen=True, slots=True)
class SessionRecord:
    token_hash: str
    account: str
    created: float
    expires: float
    revoked: bool = False


@dataclass(frozen=True, slots=True)
class RatingRecord:
    account: str
    game: str
    mu: float
    sigma: float
    matches: int = 0


@dataclass(frozen=True, slots=True)
class ResultRecord:
    """One account's finished match: where it placed, how its rating moved, and what
    replays the match (the table, the match's number, the seed)."""

    account: str
    game: str
    table: str
    match: int
    finished: float
    seat: int
    rank: int
    players: int
    seed: str
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float
    #: a private table's match: its record says no table (``Social.record``)
    private: bool = False


# -- keeping the room civil (issue 30) ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SanctionRecord:
    """A mute or a ban of ``player`` (an account's id or a guest's), and for a guest the
    address it came from (a new guest from there is banned too); ``until`` None: for
    good. ``id`` 0 until the store gives it one."""

    player: str
    kind: str  # "mute" or "ban"
    reason: str
    note: str
    moderator: str
    at: float
    until: float | None
    address: str = ""
    id: int = 0


@dataclass(frozen=True, slots=True)
class ReportRecord:
    """A player's report of another, with the public lines heard where the reporter was
    (JSON: [[at, name, text], ...]); ``place``: "table" or "lobby"."""

    at: float
    reporter: str
    reporter_name: str
    reported: str
    reported_name: str
    reason: str
    text: str
    place: str
    lines: list[list[Any]]
    id: int = 0


@dataclass(frozen=True, slots=True)
class AuditRecord:
    """One moderator's (or operator's) action, kept for good."""

    at: float
    moderator: str
    moderator_name: str
    action: str
    target: str
    target_name: str
    reason: str = ""
    note: str = ""
    minutes: int = 0
    report: int = 0
