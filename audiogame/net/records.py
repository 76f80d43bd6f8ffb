"""What a public server keeps about people: accounts, sessions, relations, ratings, results.

Plain records, shared by every ``Store`` (SQLite, PostgreSQL). A password is
kept only as its argon2id hash, a session token only as its SHA-256 (a token
is 256 random bits: a fast hash is enough, and a stolen database holds no
token that works).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Relation(StrEnum):
    FRIEND = "friend"
    FAVOURITE = "favourite"  # a friend marked as one of the closest
    BLOCKED = "blocked"


class Privacy(StrEnum):
    """Who may invite me, message me, or join the table I am at (the Salotto's choices)."""

    EVERYONE = "everyone"  # all but the blocked
    FRIENDS_OF_FRIENDS = "friends-of-friends"
    FRIENDS = "friends"
    FAVOURITES = "favourites"
    NOBODY = "nobody"


PRIVACY_TOPICS = ("invite", "message", "join")

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
