"""The match in progress, kept on disk so nothing is lost.

A table hands ``SaveStore.write`` a snapshot after every action. It is
written at once, atomically (a new file renamed over the old), so if the
process dies the file on disk is the last complete snapshot: at most the
action in flight is lost. A match's log is encoded one new entry at a time
(``jsonlog``), so writing stays cheap however long the match.

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

from audiogame.jsonlog import JsonLog, RawJson, dump  # noqa: F401  (re-exported)
from audiogame.storage import StorageError, keep_aside, sync_file, write_atomic

log = logging.getLogger(__name__)

SAVE_FORMAT = "audiogame-match"
SAVE_VERSION = 1
FILE_NAME = "match.json"


def _digest(game: str, state_text: str) -> str:
    return hashlib.sha256(f"{game}\n{state_text}".encode()).hexdigest()


def encode(game: str, state: Any, summary: dict[str, Any]) -> str:
    """The save file: a header line (with the state's digest), then the state."""
    state_text = dump(state)
    header = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "game": game,
        "saved_at": time.time(),
        "summary": summary,
        "digest": _digest(game, state_text),
    }
    return json.dumps(header, ensure_ascii=False, separators=(",", ":")) + "\n" + state_text


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
    head_text, _, state_text = text.partition("\n")
    try:
        header = json.loads(head_text)
    except ValueError:
        return Loaded(refusal="save-damaged")
    if not isinstance(header, dict) or header.get("format") != SAVE_FORMAT:
        return Loaded(refusal="save-damaged")
    if header.get("version") != SAVE_VERSION:
        return Loaded(refusal="save-other-version")
    game = header.get("game")
    if not isinstance(game, str) or header.get("digest") != _digest(game, state_text):
        return Loaded(refusal="save-damaged")
    try:
        state = json.loads(state_text)
    except ValueError:
        return Loaded(refusal="save-damaged")
    summary = header.get("summary")
    return Loaded(game, state, summary if isinstance(summary, dict) else {})


class SaveStore:
    """The match in progress on disk.

    ``write`` puts the snapshot in place before it returns (a new file renamed
    over the old; the encoding is incremental, see ``jsonlog``), so a process
    killed at any moment loses at most the action in flight. Making it
    survive a power cut too (``fsync``) is slower, so a worker thread does it.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / FILE_NAME
        #: set when a write failed (read-only or full disk), cleared by the next success
        self.error: str | None = None
        self.writes = 0
        self._sync_due = False
        self._busy = False
        self._lock = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="save-sync", daemon=True)
        self._thread.start()

    # -- the loop's side ------------------------------------------------------------
    def write(self, game: str, state: Any, summary: dict[str, Any]) -> None:
        """Put a snapshot on disk now (a kill cannot lose it); the disk sync follows."""
        text = encode(game, state, summary)
        try:
            write_atomic(self.path, text, sync=False)
        except StorageError as exc:
            self.error = str(exc)
            log.warning("match not saved: %s", exc)
            return
        self.error = None
        self.writes += 1
        with self._lock:
            self._sync_due = True
            self._lock.notify()

    def discard(self) -> None:
        """The match is over: remove its save."""
        try:
            self.path.unlink(missing_ok=True)
        except OSError as exc:
            self.error = str(exc)

    def flush(self, timeout: float = 2.0) -> bool:
        """Wait until what was written is synced to the disk; False on time-out."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while self._sync_due or self._busy:
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

    # -- the syncing thread -----------------------------------------------------------
    def _run(self) -> None:
        while True:
            with self._lock:
                while not self._sync_due:
                    self._lock.wait()
                self._sync_due = False
                self._busy = True
            try:
                sync_file(self.path)
            except OSError as exc:
                log.warning("match not synced to disk: %s", exc)
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()
