"""What the server keeps on disk, behind one small interface.

``Store`` is everything the server asks of storage: tables (their seating and
options, as one record), each match's log (appended action by action, before
the action's events go out), the bots' states, finished matches (seed and log:
any match replays offline), and players (a name and the hash of their resume
token; the token itself is never stored). ``SqliteStore`` is the embedded
default; issue 16 adds PostgreSQL behind the same methods.

The methods are coroutines so that a store on a network (PostgreSQL) never
blocks the loop; the SQLite store does its small writes inline, since a WAL
commit costs tens of microseconds.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from audiogame.net.protocol.match_log import LogEntry
from audiogame.net.server.records import (
    AccountRecord,
    AuditRecord,
    RatingRecord,
    ReportRecord,
    ResultRecord,
    SanctionRecord,
    SessionRecord,
)


@dataclass(slots=True)
class SeatRecord:
    kind: str  # "empty", "human", "bot"
    player: str = ""  # a human's player id (kept while a bot covers them)
    name: str = ""
    level: str = ""  # a bot's level
    covered: bool = False  # a bot plays for the human
    #: a player's own values of the game's per-seat options (by option id, plain data)
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class MatchRecord:
    number: int
    seed: str
    seed_hash: str
    config: dict[str, Any]
    start: float = 0.0  # the match's game time at its start
    #: who sat where when it began: a human's player id ("" for a bot), and each
    #: bot's level: a player who leaves mid-match still takes the seat's result
    players: list[str] = field(default_factory=list)
    levels: list[str] = field(default_factory=list)


@dataclass(slots=True)
class TableRecord:
    id: str
    game: str
    code: str  # the invite code's key ("12-3-97")
    config: dict[str, Any]
    private: bool
    master: str  # the master's player id ("" when none)
    seats: list[SeatRecord]
    stage: str
    paused: bool = False
    match: MatchRecord | None = None
    matches_played: int = 0
    #: players a private table let in, who may come back without its code
    #: (``admission``): a spectator who dropped, a player whose seat a bot took
    admitted: list[str] = field(default_factory=list)
    #: players the table sent away (the master's kick, a moderator's): never let in
    #: again, code or not, for the rest of the table's life (``admission``)
    barred: list[str] = field(default_factory=list)


@dataclass(slots=True)
class SavedTable:
    """A table as the store had it: its record, its match's log and its bots' states."""

    record: TableRecord
    log: list[LogEntry] = field(default_factory=list)
    bots: dict[int, dict[str, Any]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """A guest: their name and their token's hash; when the record was made and when
    any server process last saw them (wall-clock seconds), for the forget rule."""

    id: str
    name: str
    token_hash: str
    made: float = 0.0
    seen: float = 0.0


class Fenced(Exception):
    """An append from a process that no longer owns the table: another has claimed
    it since (a higher owner epoch). Nothing was written."""


class Store(Protocol):
    async def save_table(self, record: TableRecord) -> None:
        """Write a table's record (new or changed seating, options, stage)."""
        ...

    async def claim_table(self, table: str) -> int:
        """This process runs ``table`` from now on: its owner epoch, above every
        earlier one (the fencing token its appends show). A process taking a table
        over claims it before reading its log: what the old owner wrote before the
        claim is in what it reads, and whatever the old owner tries after is refused."""
        ...

    async def append(
        self,
        table: str,
        match: int,
        entries: Sequence[LogEntry],
        bots: Mapping[int, Mapping[str, Any]],
        epoch: int | None = None,
    ) -> None:
        """Append log entries and the bots' changed states, in one transaction;
        ``epoch`` (the writer's claim): refused with ``Fenced`` when the table's owner
        epoch is another, since another process took the table over."""
        ...

    async def finish_match(
        self, record: TableRecord, log: Sequence[LogEntry], outcome: Mapping[str, Any]
    ) -> None:
        """Keep a finished match (seed, configuration, log, outcome) for replays."""
        ...

    async def close_table(self, table: str) -> None:
        """The table is gone: its record and running log are dropped (finished
        matches stay)."""
        ...

    async def open_tables(self) -> list[SavedTable]:
        """Every table that was open, to bring back after a restart."""
        ...

    async def save_player(self, player: PlayerRecord) -> None:
        """A guest's record, new or renamed (a record kept keeps when it was made)."""
        ...

    async def player_by_token(self, token_hash: str) -> PlayerRecord | None: ...

    async def forget_player(self, player: str) -> None:
        """A guest gone for good: their record (and so their token) is dropped."""
        ...

    async def seen_players(self, players: Sequence[str], at: float) -> None:
        """These guests are here now (connected, or holding a seat) on this process."""
        ...

    async def forget_guests(self, seen_before: float) -> list[str]:
        """Drop every guest no process has seen since ``seen_before``; their ids."""
        ...

    async def finished_match(self, table: str, match: int) -> dict[str, Any] | None:
        """A finished match as ``finish_match`` kept it (None: not found)."""
        ...

    async def open_table(self, table: str) -> SavedTable | None:
        """One open table (another server process takes it over), or None."""
        ...

    # -- accounts (issue 16) --------------------------------------------------------------
    async def create_account(self, account: AccountRecord) -> bool:
        """False when an account already has that name's key."""
        ...

    async def account_by_key(self, key: str) -> AccountRecord | None: ...

    async def rekey_accounts(self, key: Callable[[str], str]) -> int:
        """Give every account the key ``key(name)`` where no other account holds it
        already (a look-alike registered earlier keeps its old key); returns how many
        changed."""
        ...

    async def account_by_id(self, account: str) -> AccountRecord | None: ...

    async def accounts_by_id(self, accounts: Sequence[str]) -> dict[str, AccountRecord]: ...

    async def set_password(self, account: str, password_hash: str) -> None: ...

    async def set_privacy(self, account: str, privacy: Mapping[str, str]) -> None: ...

    async def save_session(self, session: SessionRecord) -> None: ...

    async def session(self, token_hash: str) -> SessionRecord | None: ...

    async def revoke_sessions(self, account: str, token_hash: str | None = None) -> int:
        """Revoke one session (``token_hash``) or every session of the account."""
        ...

    # -- friends and blocks -----------------------------------------------------------------
    async def relations(self, account: str) -> dict[str, str]:
        """Everyone this account lists: their id -> ``Relation`` value."""
        ...

    async def set_relation(self, account: str, other: str, relation: str | None) -> None: ...

    async def listed_by(self, account: str, relations: Sequence[str]) -> list[str]:
        """The accounts that list ``account`` with one of ``relations``."""
        ...

    # -- ratings and results ----------------------------------------------------------------
    async def ratings(self, game: str, accounts: Sequence[str]) -> dict[str, RatingRecord]: ...

    async def record_results(
        self, results: Sequence[ResultRecord], ratings: Sequence[RatingRecord]
    ) -> list[str]:
        """A finished match's results and the ratings after it, in one transaction. A
        match is rated once: where an account's result for that match is already kept,
        the first one stands, and that account's rating is left as it is (a table taken
        over and finished again never moves anyone twice). The accounts written."""
        ...

    async def leaderboard(
        self, game: str, limit: int, min_matches: int
    ) -> list[tuple[str, RatingRecord]]:
        """(name, rating), best first by the rating's cautious estimate."""
        ...

    async def results_of(self, account: str, limit: int) -> list[ResultRecord]:
        """The account's newest finished matches first."""
        ...

    # -- keeping the room civil (issue 30) ------------------------------------------------
    async def role(self, account: str) -> str:
        """The role an operator gave the account ("" : none)."""
        ...

    async def set_role(self, account: str, role: str, given_by: str, at: float) -> None:
        """Give ``role`` ("" takes it away)."""
        ...

    async def add_sanction(self, sanction: SanctionRecord) -> int:
        """Keep a mute or a ban; its id."""
        ...

    async def sanctions(self, player: str, address: str, now: float) -> list[SanctionRecord]:
        """The mutes and bans in force now on ``player``, or (a guest's bans) on
        ``address`` ("" : none)."""
        ...

    async def lift_sanctions(self, player: str, kind: str, at: float) -> int:
        """End every ``kind`` in force on ``player`` now; how many."""
        ...

    async def add_report(self, report: ReportRecord) -> int: ...

    async def open_reports(self, limit: int) -> list[ReportRecord]:
        """The reports not settled, newest first."""
        ...

    async def settle_report(self, report: int, by: str, action: str, at: float) -> bool:
        """False when there is no such report not settled yet."""
        ...

    async def add_audit(self, entry: AuditRecord) -> None: ...

    async def audit(self, limit: int) -> list[AuditRecord]:
        """The newest first."""
        ...

    async def ping(self) -> None:
        """Answer when the store answers (readiness); raise when it does not."""
        ...

    def close(self) -> None: ...
