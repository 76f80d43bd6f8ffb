"""The session tokens a server gave this player's accounts, kept between runs.

A server with accounts answers a login with a session token that resumes the
account later without its password. The app keeps it (never the password) in
``<data>/online-sessions.json``, one per server address with the account's
name, so that joining the same server again under the same name enters at
once. A token the server no longer knows (expired, revoked) is forgotten. A
damaged or unreadable file is as good as an empty one: the player just logs in.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from audiogame.net.protocol.names import same_name
from audiogame.store.files import StorageError, TooBig, keep_aside, read_capped, write_atomic

log = logging.getLogger(__name__)

FILE = "online-sessions.json"
#: far more than any player's servers; a bigger file is not ours
CAP = 64 * 1024
#: servers remembered at most (the oldest entries go first)
KEEP = 50


def _path(data_dir: Path | None) -> Path | None:
    return None if data_dir is None else data_dir / FILE


def _read(path: Path) -> dict[str, dict[str, str]]:
    try:
        found = json.loads(read_capped(path, CAP).decode("utf-8"))
    except OSError:
        return {}
    except (TooBig, ValueError, UnicodeDecodeError, RecursionError):
        found = None
    if not isinstance(found, dict):
        # not ours, or damaged: kept aside (the next write would lose it), said in the log
        log.warning("%s cannot be read: kept aside as %s", path, keep_aside(path))
        return {}
    return {
        address: {"name": entry["name"], "token": entry["token"]}
        for address, entry in found.items()
        if isinstance(address, str)
        and isinstance(entry, dict)
        and isinstance(entry.get("name"), str)
        and isinstance(entry.get("token"), str)
    }


def token_for(data_dir: Path | None, address: str, name: str) -> str | None:
    """The token kept for ``name``'s account on the server at ``address``."""
    path = _path(data_dir)
    if path is None or not address or not path.exists():
        return None
    entry = _read(path).get(address)
    if entry is None or not same_name(entry["name"], name):
        return None
    return entry["token"]


def keep(data_dir: Path | None, address: str, name: str, token: str) -> None:
    path = _path(data_dir)
    if path is None or not address:
        return
    kept = _read(path) if path.exists() else {}
    kept.pop(address, None)
    kept[address] = {"name": name, "token": token}
    _write(path, dict(list(kept.items())[-KEEP:]))


def forget(data_dir: Path | None, address: str) -> None:
    path = _path(data_dir)
    if path is None or not address or not path.exists():
        return
    kept = _read(path)
    if kept.pop(address, None) is not None:
        _write(path, kept)


def _write(path: Path, kept: dict[str, dict[str, str]]) -> None:
    try:
        write_atomic(path, json.dumps(kept, ensure_ascii=False), sync=False)
    except (OSError, StorageError):  # a full disk: the player logs in next time
        log.exception("cannot keep the session in %s", path)
