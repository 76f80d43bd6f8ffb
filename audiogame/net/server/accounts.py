"""Accounts: a name kept between visits, behind a password; sessions that resume it.

- Registering checks the name (``names.clean_name``) and the password
  (``check_password``), hashes the password off the loop (``passwords.Hasher``)
  and keeps the account; the name's key is unique and look-alikes share it
  (``lookalike``), so "Anna", "anna" and "Аnna" with a Cyrillic А are one.
- Logging in is counted by ``login_limits.LoginGate`` (per address, failures per
  account and address, and far beyond those per account) before any hashing;
  an unknown name costs as much time as a wrong password.
- Either gives a session token: 256 random bits, returned once, kept only as
  its SHA-256, with an expiry (``session_days``); it resumes the account on a
  new connection (``Hello.token``) until it expires or is revoked (logging out,
  here or everywhere; changing the password revokes every other session).
"""

from __future__ import annotations

import hashlib
import secrets
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from audiogame.net.protocol import names
from audiogame.net.protocol.credentials import (
    MAX_PASSWORD,
    SESSION_PREFIX,
    check_password,
    legacy_key,
)
from audiogame.net.protocol.names import clean_name, same_name
from audiogame.net.protocol.reasons import Reason
from audiogame.net.server.login_limits import LoginGate, Stopped
from audiogame.net.server.passwords import Busy, Hasher
from audiogame.net.server.records import AccountRecord, SessionRecord
from audiogame.net.server.store import Store


def name_key(name: str) -> str:
    """An account's key: look-alike names share one (``lookalike``), so one holds it."""
    return names.name_key(name)


def session_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


#: what the player hears when a limit stops an attempt
STOPPED = {
    Stopped.ADDRESS: Reason.TOO_MANY_LOGINS,
    Stopped.PAIR: Reason.ACCOUNT_SLOWED,
    Stopped.ACCOUNT: Reason.ACCOUNT_GUARDED,
}


@dataclass(frozen=True, slots=True)
class Entry:
    """A logged-in account and the session token its client keeps."""

    account: AccountRecord
    token: str


class Accounts:
    def __init__(
        self,
        store: Store,
        hasher: Hasher,
        gate: LoginGate,
        *,
        session_days: float = 30.0,
        wall: Callable[[], float] = time.time,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        self.hasher = hasher
        self.gate = gate
        self.session_seconds = session_days * 86400.0
        self.wall = wall
        self.clock = clock

    async def register(self, raw_name: str, password: str, address: str) -> Entry | Reason:
        name, problem = clean_name(raw_name)
        if problem is not None:
            return problem
        password = unicodedata.normalize("NFC", password)
        problem = check_password(password, name)
        if problem is not None:
            return problem
        key = name_key(name)
        stopped = await self.gate.attempt(address, "", self.clock())
        if stopped is not None:
            return STOPPED[stopped]
        held = await self.holder(name)
        if held is not None:
            return held
        try:
            hashed = await self.hasher.hash(password)
        except Busy:
            return Reason.BUSY
        account = AccountRecord("a" + secrets.token_hex(8), name, key, hashed, self.wall())
        if not await self.store.create_account(account):
            # taken meanwhile, by another login or process
            return await self.holder(name) or Reason.NAME_TAKEN
        return await self._open_session(account)

    async def holder(self, name: str) -> Reason | None:
        """Why ``name`` cannot be a new player's: an account has it (``name-taken``)
        or a look-alike of it (``name-alike``); None: free."""
        account = await self.store.account_by_key(name_key(name))
        if account is None:
            return None
        return Reason.NAME_TAKEN if same_name(account.name, name) else Reason.NAME_ALIKE

    async def login(self, raw_name: str, password: str, address: str) -> Entry | Reason:
        name, problem = clean_name(raw_name)
        if problem is not None or len(password) > MAX_PASSWORD:
            return Reason.BAD_LOGIN
        key = name_key(name)
        now = self.clock()
        stopped = await self.gate.attempt(address, key, now)
        if stopped is not None:
            return STOPPED[stopped]
        account = await self._named(name)
        password = unicodedata.normalize("NFC", password)
        try:
            ok, rehash = await self.hasher.verify(
                None if account is None else account.password_hash, password
            )
        except Busy:
            return Reason.BUSY
        if not ok or account is None:
            await self.gate.failed(key, address, self.clock())
            return Reason.BAD_LOGIN
        await self.gate.succeeded(key, address)
        if rehash:
            try:
                account.password_hash = await self.hasher.hash(password)
                await self.store.set_password(account.id, account.password_hash)
            except Busy:
                pass  # next time
        return await self._open_session(account)

    async def resume(self, token: str) -> AccountRecord | Reason:
        """The account a session token opens, or why it opens none."""
        session = await self.store.session(session_hash(token))
        if session is None or session.revoked:
            return Reason.UNKNOWN_TOKEN
        if session.expires <= self.wall():
            return Reason.SESSION_EXPIRED
        account = await self.store.account_by_id(session.account)
        return Reason.UNKNOWN_TOKEN if account is None else account

    async def logout(self, account: str, token: str, everywhere: bool) -> int:
        return await self.store.revoke_sessions(
            account, None if everywhere else session_hash(token)
        )

    async def change_password(
        self, account: AccountRecord, old: str, new: str, token_hash: str, address: str
    ) -> Reason | None:
        """Every other session of the account is revoked; this one stays."""
        new = unicodedata.normalize("NFC", new)
        problem = check_password(new, account.name)
        if problem is not None:
            return problem
        key = account.key
        stopped = await self.gate.attempt(address, key, self.clock())
        if stopped is not None:
            return STOPPED[stopped]  # the address's limit said as such, not the account's
        current = await self.store.account_by_id(account.id)
        if current is None:
            return Reason.UNKNOWN_TOKEN
        try:
            ok, _ = await self.hasher.verify(
                current.password_hash, unicodedata.normalize("NFC", old)
            )
            if not ok:
                await self.gate.failed(key, address, self.clock())
                return Reason.BAD_LOGIN
            hashed = await self.hasher.hash(new)
        except Busy:
            return Reason.BUSY
        await self.store.set_password(account.id, hashed)
        account.password_hash = hashed
        await self.store.revoke_sessions(account.id)
        now = self.wall()
        await self.store.save_session(
            SessionRecord(token_hash, account.id, now, now + self.session_seconds)
        )
        return None

    async def registered(self, name: str) -> bool:
        return await self.store.account_by_key(name_key(name)) is not None

    async def _named(self, name: str) -> AccountRecord | None:
        """The account ``name`` logs in to: by its key, or (a look-alike registered
        before keys were shared, which kept its old key) by that."""
        account = await self.store.account_by_key(name_key(name))
        if account is not None and same_name(account.name, name):
            return account
        legacy = await self.store.account_by_key(legacy_key(name))
        return legacy if legacy is not None and same_name(legacy.name, name) else account

    async def rekey(self) -> int:
        """Accounts made before look-alike names shared a key get theirs (at start)."""
        return await self.store.rekey_accounts(name_key)

    async def _open_session(self, account: AccountRecord) -> Entry:
        token = SESSION_PREFIX + secrets.token_urlsafe(32)
        now = self.wall()
        await self.store.save_session(
            SessionRecord(session_hash(token), account.id, now, now + self.session_seconds)
        )
        return Entry(account, token)
