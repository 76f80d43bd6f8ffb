"""The match in progress, kept on disk so nothing is lost.

A table hands ``SaveStore.write`` a plain-data snapshot after every action.
The text is made on the loop (so the snapshot is consistent) and written by a
worker thread, atomically (a new file renamed over the old), newest first: if
the process dies, the file on disk is the last complete snapshot — at most the
action in flight is lost.

Reading never fails: a damaged file, or one from another version of the game,
is refused with a message id the app can say, and kept aside (renamed, never
deleted).
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from audiogame.storage import StorageError, keep_aside, write_atomic

log = logging.getLogger(__name__)

SAVE_FORMAT = "audiogame-match"
SAVE_VERSION = 1
FILE_NAME = "match.json"


def _digest(game: str, state: Any) -> str:
    canonical = json.dumps([game, state], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def encode(game: str, state: Any, summary: dict[str, Any]) -> str:
    return json.dumps(
        {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": game,
            "saved_at": time.time(),
            "summary": summary,
            "state": state,
            "digest": _digest(game, state),
        },
        ensure_ascii=False,
        separators=(",", ":"),
    )


@dataclass
class Loaded:
    """What ``SaveStore.read`` found: a match, nothing, or a refusal to say."""

    game: str | None = None
    state: Any = None
    summary: dict[str, Any] = field(default_factory=dict)
    #: message id when the file was refused (damaged, other version)
    refusal: str | None = None
    kept_at: Path | None = None

    @property
    def ok(self) -> bool:
        return self.game is not None


def decode(text: str) -> Loaded:
    """Parse a save; ``Loaded.refusal`` says why it cannot be used."""
    try:
        data = json.loads(text)
    except ValueError:
        return Loaded(refusal="save-damaged")
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        return Loaded(refusal="save-damaged")
    if data.get("version") != SAVE_VERSION:
        return Loaded(refusal="save-other-version")
    game, state = data.get("game"), data.get("state")
    if not isinstance(game, str) or data.get("digest") != _digest(game, state):
        return Loaded(refusal="save-damaged")
    summary = data.get("summary")
    return Loaded(game, state, summary if isinstance(summary, dict) else {})


class SaveStore:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / FILE_NAME
        #: set when a write failed (read-only or full disk), cleared by the next success
        self.error: str | None = None
        self.writes = 0
        self._pending: str | None = None
        self._discard = False
        self._busy = False
        self._lock = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="save-writer", daemon=True)
        self._thread.start()

    # -- the loop's side ------------------------------------------------------------
    def write(self, game: str, state: Any, summary: dict[str, Any]) -> None:
        """Queue a snapshot (newest wins); returns at once."""
        text = encode(game, state, summary)
        with self._lock:
            self._pending = text
            self._discard = False
            self._lock.notify()

    def discard(self) -> None:
        """The match is over: remove its save (after any queued write)."""
        with self._lock:
            self._pending = None
            self._discard = True
            self._lock.notify()

    def flush(self, timeout: float = 2.0) -> bool:
        """Wait until everything queued is on disk; False on time-out."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while self._pending is not None or self._discard or self._busy:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._lock.wait(left)
        return True

    def read(self) -> Loaded:
        if not self.path.exists():
            return Loaded()
        try:
            text = self.path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return Loaded(refusal="save-damaged", kept_at=keep_aside(self.path))
        loaded = decode(text)
        if loaded.refusal:
            loaded.kept_at = keep_aside(self.path)
        return loaded

    def exists(self) -> bool:
        return self.path.exists()

    # -- the writer's side ----------------------------------------------------------
    def _run(self) -> None:
        while True:
            with self._lock:
                while self._pending is None and not self._discard:
                    self._lock.wait()
                text, discard = self._pending, self._discard
                self._pending, self._discard = None, False
                self._busy = True
            try:
                if text is not None:
                    write_atomic(self.path, text)
                    self.writes += 1
                elif discard:
                    self.path.unlink(missing_ok=True)
                self.error = None
            except (StorageError, OSError) as exc:
                self.error = str(exc)
                log.warning("match not saved: %s", exc)
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()
