"""The server's rooms: who is connected, which tables exist, how to find one.

The ``Lobby`` knows every player (a name, the hash of their resume token, the
connection they are on now, the table they sit at) and every table (by id and
by invite code). It creates tables from a game id and the game's own
configuration (checked against the game's options and by building a trial
engine: a configuration the game refuses is refused with ``BAD_OPTIONS``),
lists the public ones, and brings every open table back after a restart.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from audiogame.core.contract import GameSpec, Outcome
from audiogame.games import registry
from audiogame.net.protocol import messages as m
from audiogame.net.protocol import option_words, spoken_words
from audiogame.net.protocol.credentials import is_session_token
from audiogame.net.protocol.game_codec import GameCodec
from audiogame.net.protocol.names import MAX_LENGTH as MAX_NAME
from audiogame.net.protocol.names import alike, same_name
from audiogame.net.protocol.reasons import Reason
from audiogame.net.server.accounts import Accounts, Entry, session_hash
from audiogame.net.server.address_limits import AddressGate, SharedConnections
from audiogame.net.server.bus import Bus, Subscriber
from audiogame.net.server.login_limits import CounterFactory, LoginGate, memory_counters
from audiogame.net.server.metrics import ServerMetrics
from audiogame.net.server.moderation import Moderation
from audiogame.net.server.options import ServerOptions
from audiogame.net.server.passwords import Hasher
from audiogame.net.server.people import LocalRelay, People, Relay
from audiogame.net.server.quiet_log import QuietLog
from audiogame.net.server.race_table import RaceTable
from audiogame.net.server.ratings import Ratings
from audiogame.net.server.ratings import Seat as RatedSeat
from audiogame.net.server.records import AccountRecord
from audiogame.net.server.store import MatchRecord, PlayerRecord, SeatRecord, Store, TableRecord
from audiogame.net.server.table import Table

log = logging.getLogger(__name__)
_QUIET = QuietLog(log)

#: why an option was refused (``option_words``: every client reads them back)
NOT_OFFERED = option_words.NOT_OFFERED
SEATS = option_words.SEATS
#: bounds on a table's configuration before the game even sees it
MAX_CONFIG_ITEMS = 64
MAX_CONFIG_TEXT = 64
MAX_CONFIG_INT = 1_000_000


@dataclass(slots=True, eq=False)
class Player:
    id: str
    name: str
    token_hash: str
    connection: Subscriber | None = None
    table: Table | None = None
    #: the account this player entered with (None: a guest)
    account: AccountRecord | None = None
    #: the session token's hash (an account's), to log this session out
    session: str = ""
    #: when their last connection closed (monotonic seconds; None: connected now)
    gone_at: float | None = None
    #: when the account (or the guest) was made, wall-clock seconds: new ones chat less
    made: float = 0.0
    #: "moderator", "operator" or "" (a player): read when they enter
    role: str = ""
    #: a moderator's mute in force until then (wall-clock seconds; None: none)
    muted_until: float | None = None
    #: their chat lines, paced (``moderation.Moderation.may_chat``), and their reports
    chat: Any = None
    reports: Any = None


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Lobby:
    def __init__(
        self,
        store: Store,
        bus: Bus,
        options: ServerOptions,
        *,
        relay: Relay | None = None,
        metrics: ServerMetrics | None = None,
        counters: CounterFactory = memory_counters,
        connections: SharedConnections | None = None,
    ) -> None:
        """``counters`` and ``connections``: where the limits on logins, new guests and
        open connections are counted (this process's memory; with several processes,
        Redis, so a client gets no more by spreading over them)."""
        self.store = store
        #: what the server counts for whoever watches it (``/metrics``)
        self.metrics = metrics or ServerMetrics()
        self.bus = bus
        self.options = options
        self.players: dict[str, Player] = {}
        self._by_token: dict[str, str] = {}  # token hash -> player id
        self.tables: dict[str, Table] = {}
        self.codes: dict[str, str] = {}  # code key -> table id
        self._codecs: dict[str, GameCodec] = {}
        #: called with a player whose table went away or who was sent away from it
        self.on_left: Callable[[Player, Table], None] | None = None
        self.accounts = Accounts(
            store,
            Hasher(
                options.hash_cost,
                concurrent=options.hash_concurrency,
                workers=options.hash_workers,
            ),
            LoginGate(options.login_limits, counters),
            session_days=options.session_days,
        )
        #: called with each table this lobby opens, and each it closes
        self.on_table: Callable[[Table], None] | None = None
        self.on_table_closed: Callable[[Table], None] | None = None
        #: tables other server processes run (``cluster.RedisCluster``): by id or code
        #: key, and the public ones for the list
        self.remote_find: Callable[[str, str], Any] | None = None
        #: the same, asking the cluster itself (a table made a moment ago elsewhere)
        self.remote_lookup: Callable[[str, str], Awaitable[Any]] | None = None
        self.remote_tables: Callable[[], list[m.TableSummary]] | None = None
        self.people = People(store, relay or LocalRelay(), absent_after=options.absent_after)
        #: connections and new guests per network address
        self.addresses = AddressGate(options.address_limits, counters=counters, shared=connections)
        self.ratings = Ratings(store)
        #: roles, reports, moderators' actions, chat paced
        self.moderation = Moderation(self)
        #: wall-clock seconds (what the store keeps: several processes, one clock)
        self.wall: Callable[[], float] = time.time
        self._tasks: set[asyncio.Task[None]] = set()

    # -- games ----------------------------------------------------------------------------
    def online_games(self) -> list[str]:
        return [s.id for s in registry.games() if _playable(s)]

    def game(self, game_id: str) -> tuple[GameSpec, GameCodec] | None:
        spec = registry.get(game_id)
        if spec is None or not _playable(spec):
            return None
        codec = self._codecs.get(game_id)
        if codec is None:
            assert spec.wire is not None
            codec = self._codecs[game_id] = GameCodec(spec.wire())
        return spec, codec

    def check_config(
        self, spec: GameSpec, config: Any
    ) -> tuple[dict[str, Any], int] | Reason | m.OptionProblem:
        """The configuration and its number of seats, or why the game cannot use it:
        which option and why (``OptionProblem``) when that can be told, the bare
        reason for data no client of ours sends."""
        if not _small_plain(config, depth=3) or type(config) is not dict:
            return Reason.BAD_OPTIONS
        for option in spec.options:
            # a per-seat option is each seat's own (``SetSeatOption``): whatever the
            # configuration says of it, the match takes the seats' values
            if option.field in config and not option.per_seat:
                # an option whose values are an enum's travels as the enum's value
                if not option.offers(config[option.field]):
                    return m.OptionProblem(spec.id, NOT_OFFERED, option=option.id)
        problem = None
        if spec.setup_problem is not None:
            try:
                problem = spec.setup_problem(config)
            except Exception:  # whatever the game raises reading a configuration
                problem = None
        if problem is not None:
            return m.OptionProblem(spec.id, problem.msg_id, args=option_words.plain(problem.args))
        assert spec.new_engine is not None
        try:
            engine = spec.new_engine(config, 0, 0.0)
        except Exception:  # whatever the game raises for a configuration it refuses
            return Reason.BAD_OPTIONS
        seats = engine.seats
        if not spec.min_seats <= seats <= spec.max_seats:
            low, high = spec.min_seats, spec.max_seats
            return m.OptionProblem(spec.id, SEATS, args={"min": low, "max": high})
        return dict(config), seats

    # -- players --------------------------------------------------------------------------
    async def player_for(
        self, name: str, token: str | None, address: str = ""
    ) -> tuple[Player, str] | Reason:
        """The player a Hello names (a new one without a token), and their token;
        ``address``: where the Hello came from (new guests are bounded per address)."""
        if is_session_token(token):
            assert token is not None
            account = await self.accounts.resume(token)
            if isinstance(account, Reason):
                return account
            return self.enter(Entry(account, token)), token
        if not self.options.guests:
            return Reason.ACCOUNT_NEEDED
        if token is None:
            taken = await self._guest_name_problem(name, "")
            if taken is not None:
                return taken
            if not await self.addresses.new_guest(address, time.monotonic()):
                return Reason.TOO_MANY_GUESTS
            token = secrets.token_urlsafe(24)
            name = await self.free_name(name, "")
            player = Player(secrets.token_hex(8), name, token_hash(token), made=self.wall())
            self.players[player.id] = player
            self._by_token[player.token_hash] = player.id
            await self._keep_player(player)
            return player, token
        hashed = token_hash(token)
        known = self.players.get(self._by_token.get(hashed, ""))
        if known is None:
            record = await self.store.player_by_token(hashed)
            if record is None:
                return Reason.UNKNOWN_TOKEN
            # a player brought back with their table after a restart is already here
            known = self.players.get(record.id) or Player(record.id, record.name, hashed)
            known.token_hash = hashed
            known.made = record.made
            self.players[known.id] = known
            self._by_token[hashed] = known.id
        player = known
        if player.name != name:
            taken = await self._guest_name_problem(name, player.id)
            if taken is not None:
                return taken
            name = await self.free_name(name, player.id)
        if player.name != name:
            player.name = name
            await self._keep_player(player)
        return player, token

    async def _guest_name_problem(self, name: str, me: str) -> Reason | None:
        """Why a guest cannot go by ``name``: an account holds it (or a look-alike of
        it), or someone here goes by a look-alike (the very same name is told apart
        as "Anna 2" instead: ``free_name``)."""
        held = await self.accounts.holder(name)
        if held is not None:
            return Reason.NAME_REGISTERED if held is Reason.NAME_TAKEN else held
        return self.alike_present(name, me)

    def alike_present(self, name: str, me: str) -> Reason | None:
        """``name-alike`` when someone here (connected, seated, or online on another
        process) goes by a look-alike of ``name`` that is not the same name."""
        present = [
            p.name
            for p in self.players.values()
            if p.id != me and (p.connection is not None or p.table is not None)
        ]
        present += [person.name for pid, (person, _, _) in self.people.online.items() if pid != me]
        if any(alike(other, name) and not same_name(other, name) for other in present):
            return Reason.NAME_ALIKE
        return None

    async def _keep_player(self, player: Player) -> None:
        """A guest's record, for their token to work after a restart; a store that cannot
        write (a full disk, a read-only folder) never keeps anyone out: they play, and
        only a restart meanwhile would forget them."""
        now = self.wall()
        try:
            await self.store.save_player(
                PlayerRecord(player.id, player.name, player.token_hash, player.made or now, now)
            )
        except Exception:
            _QUIET.exception("store players", "cannot store player %s", player.id)

    async def free_name(self, name: str, me: str) -> str:
        """``name``, or when another guest here uses it (a second copy of the game on one
        computer starts with the same name as the first), the first of "Anna 2",
        "Anna 3"... that nobody online uses and no account holds: the welcome carries
        it, and the client tells its player. A name clash at a table it could not
        understand never happens."""
        if not self._name_used(name, me):
            return name
        for n in range(2, 100):
            suffix = f" {n}"
            candidate = name[: MAX_NAME - len(suffix)].rstrip() + suffix
            if not self._name_used(candidate, me) and not await self.accounts.registered(candidate):
                return candidate
        return name

    def _name_used(self, name: str, me: str) -> bool:
        """Someone else here, connected or holding a seat, or online elsewhere, has it."""
        for player in self.players.values():
            if player.id != me and alike(player.name, name):
                if player.connection is not None or player.table is not None:
                    return True
        found = self.people.find(name)
        return found is not None and found != me

    async def forget_guests(self, now: float) -> int:
        """The forget rule, shared by every server process through the store: each marks
        its guests who are here (connected, or holding a seat at a table) as seen now,
        then every guest no process has seen for ``guest_keep`` seconds is dropped from
        the store, so their token no longer resumes. This process also lets go of the
        guests gone from it that long (another process may hold them now: the store
        says). Returns how many this process let go of."""
        keep = self.options.guest_keep
        wall = self.wall()
        guests = [p for p in self.players.values() if p.account is None]
        here = [p.id for p in guests if p.connection is not None or p.table is not None]
        await self.store.seen_players(here, wall)
        dropped = set(await self.store.forget_guests(wall - keep))
        gone = [
            p
            for p in guests
            if p.connection is None
            and p.table is None
            and (p.id in dropped or (p.gone_at is not None and now - p.gone_at >= keep))
        ]
        for player in gone:
            del self.players[player.id]
            if self._by_token.get(player.token_hash) == player.id:
                del self._by_token[player.token_hash]
        return len(gone)

    def guest_left(self, player: Player) -> None:
        """A player's last connection here closed: a guest is seen now (the keep counts
        from here, not from this process's last sweep)."""
        if player.account is not None:
            return

        async def seen() -> None:
            try:
                await self.store.seen_players([player.id], self.wall())
            except Exception:
                _QUIET.exception("store players", "cannot store player %s", player.id)

        self.spawn(seen())

    def spawn(self, job: Coroutine[Any, Any, None]) -> None:
        """Run ``job`` on the loop, kept until it ends."""
        task = asyncio.get_running_loop().create_task(job)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def enter(self, entry: Entry) -> Player:
        """The player of a logged-in (or resumed) account: one per account, whatever the
        connection (a table brought back after a restart already knows them)."""
        account = entry.account
        player = self.players.get(account.id)
        if player is None:
            player = Player(account.id, account.name, "")
            self.players[player.id] = player
        player.account = account
        player.name = account.name
        player.made = account.created
        player.session = session_hash(entry.token)
        return player

    # -- tables ---------------------------------------------------------------------------
    def create_table(
        self, player: Player, game_id: str, config: Any, private: bool
    ) -> Table | Reason | m.OptionProblem:
        found = self.game(game_id)
        if found is None:
            return Reason.NO_SUCH_GAME
        if len(self.tables) >= self.options.max_tables:
            return Reason.TOO_MANY_TABLES
        spec, codec = found
        checked = self.check_config(spec, config)
        if not isinstance(checked, tuple):
            return checked
        config, seats = checked
        record = TableRecord(
            id=self._new_id(),
            game=spec.id,
            code=self._new_code(),
            config=config,
            private=private,
            master=player.id,
            seats=[SeatRecord("empty") for _ in range(seats)],
            stage=m.TableStage.WAITING.value,
        )
        return self._open(record, spec, codec)

    def _open(self, record: TableRecord, spec: GameSpec, codec: GameCodec) -> Table:
        kind = Table if spec.realtime is None else RaceTable  # a race: fair over the network
        table = kind(
            record,
            spec,
            codec,
            store=self.store,
            bus=self.bus,
            options=self.options,
            on_closed=self._closed,
            on_left=self._left,
        )
        self.tables[table.id] = table
        self.codes[record.code] = table.id
        table.on_finished = self._rate
        table.recode = self._recode
        if self.on_table is not None:
            self.on_table(table)
        return table

    def find(self, table_id: str, code: str) -> Table | None:
        if table_id:
            found_here = self.tables.get(table_id)
            if found_here is None and self.remote_find is not None:
                return self.remote_find(table_id, "")  # type: ignore[no-any-return]
            return found_here
        key = code_key(code)
        if key is None:
            return None
        found = self.codes.get(key)
        if found is None and self.remote_find is not None:
            return self.remote_find("", key)  # type: ignore[no-any-return]
        return None if found is None else self.tables.get(found)

    async def find_anywhere(self, table_id: str, code: str) -> Table | None:
        """``find``, then (in a cluster) the shared directory itself."""
        found = self.find(table_id, code)
        if found is None and self.remote_lookup is not None:
            key = code_key(code) if code else ""
            if key is None:
                return None
            found = await self.remote_lookup(table_id, key)
        return found

    def public_tables(self) -> list[m.TableSummary]:
        here = [t.summary() for t in self.tables.values() if not t.record.private]
        if self.remote_tables is not None:
            here.extend(self.remote_tables())
        return here

    async def _rate(self, table: Table, record: MatchRecord, outcome: Outcome) -> None:
        """A finished match moves the ratings of the accounts that sat at it."""
        if len(record.players) != len(outcome.ranks):
            return  # a match begun before the table kept its seating
        known = await self.store.accounts_by_id([p for p in record.players if p])
        seats = [
            RatedSeat(account=p if p in known else "", level=level)
            for p, level in zip(record.players, record.levels, strict=False)
        ]
        await self.ratings.finished(
            table.spec.id,
            table.id,
            record.number,
            record.seed,
            seats,
            outcome,
            private=table.record.private,
        )

    def _closed(self, table: Table) -> None:
        self.tables.pop(table.id, None)
        self.codes.pop(table.record.code, None)
        if self.on_table_closed is not None:
            self.on_table_closed(table)
        for player in self.players.values():
            if player.table is table:
                player.table = None
                if self.on_left is not None:
                    self.on_left(player, table)

    def _left(self, table: Table, player_id: str) -> None:
        player = self.players.get(player_id)
        if player is not None and player.table is table:
            player.table = None
            if self.on_left is not None:
                self.on_left(player, table)

    def _recode(self, table: Table) -> None:
        """A new invite code for ``table``: the old one opens nothing from now on."""
        self.codes.pop(table.record.code, None)
        table.record.code = self._new_code()
        self.codes[table.record.code] = table.id

    # In a cluster an id or a code must be free in every process, not only here: a code
    # two processes both handed out would let one table's code open the other. What the
    # shared directory already knows is skipped; two processes drawing the same one of
    # two million codes within the moment it takes news to cross remains possible.
    def _new_id(self) -> str:
        while True:
            found = secrets.token_hex(4)
            if found not in self.tables and not self._elsewhere(found, ""):
                return found

    def _new_code(self) -> str:
        for _ in range(1000):
            key = spoken_words.code_key(spoken_words.invite_code())
            if key not in self.codes and not self._elsewhere("", key):
                return key
        raise RuntimeError("no free invite code")  # two million tables: not this server

    def _elsewhere(self, table_id: str, key: str) -> bool:
        """Whether another server process of the cluster runs a table by that id or code."""
        return self.remote_find is not None and self.remote_find(table_id, key) is not None

    # -- after a restart --------------------------------------------------------------------
    async def restore(self) -> int:
        """Every table the store had open, back as it was; returns how many."""
        count = 0
        for saved in await self.store.open_tables():
            found = self.game(saved.record.game)
            if found is None:
                log.error("table %s: game %s is gone", saved.record.id, saved.record.game)
                await self.store.close_table(saved.record.id)
                continue
            table: Table | None = None
            try:
                checked = self.check_config(found[0], saved.record.config)
                if not isinstance(checked, tuple):  # a stored row someone edited
                    raise ValueError(f"its options: {checked}")
                table = self._open(saved.record, *found)
                for seat in saved.record.seats:
                    if seat.kind == m.SeatKind.HUMAN.value:
                        player = self.players.get(seat.player)
                        if player is None:
                            player = Player(seat.player, seat.name, "")
                            self.players[player.id] = player
                        player.table = table
                table.restore(saved)
            except Exception as exc:
                log.exception("table %s could not be brought back", saved.record.id)
                # its rows are kept aside where the store can (never deleted), so the
                # next start neither tries again nor loses what was played
                keep = getattr(self.store, "keep_table", None)
                if keep is not None:
                    await keep(saved.record.id, f"not restored: {type(exc).__name__}")
                if table is not None:
                    table.close()
                continue
            count += 1
        return count


def _playable(spec: GameSpec) -> bool:
    """Online needs the wire types and an engine; without bots every seat is a human's
    (and a dropped player's seat waits for them)."""
    return spec.wire is not None and spec.new_engine is not None


def _small_plain(value: Any, depth: int) -> bool:
    """JSON data small enough for a configuration: no deep nesting, short texts."""
    if value is None or type(value) in (bool, float):
        return True
    if type(value) is int:
        return -MAX_CONFIG_INT <= value <= MAX_CONFIG_INT
    if type(value) is str:
        return len(value) <= MAX_CONFIG_TEXT
    if depth == 0:
        return False
    if type(value) is list:
        return len(value) <= MAX_CONFIG_ITEMS and all(_small_plain(v, depth - 1) for v in value)
    if type(value) is dict:
        return len(value) <= MAX_CONFIG_ITEMS and all(
            type(k) is str and len(k) <= MAX_CONFIG_TEXT and _small_plain(v, depth - 1)
            for k, v in value.items()
        )
    return False


def code_key(code: str) -> str | None:
    """The key a table's invite code is filed under, from the code as spoken ("dodici
    tre novantasette") or as the table info carries it ("12-3-97"); None: not a code."""
    numbers = spoken_words.parse(code)
    if numbers is None:
        parts = code.split("-")
        if not all(p.isdigit() and len(p) <= 3 for p in parts):
            return None
        numbers = tuple(int(p) for p in parts)
    return spoken_words.code_key(numbers)
