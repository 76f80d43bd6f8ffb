"""The match in progress, kept on disk so nothing is lost.

A table hands ``SaveStore.write`` a snapshot after every action. It is
written at once, in place, in the older of two slots (see ``SaveStore``), so
if the process dies the other slot still holds the last complete snapshot: at
most the action in flight is lost. A match's log is encoded one new entry at a time
(``jsonlog``), so writing stays cheap however long the match.

Reading never fails: a damaged file, or one from another version of the game,
is refused with a message id the app can say, and kept aside (renamed, never
deleted).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from audiogame.store.files import WriteFn, keep_aside, overwrite, sync_file
from audiogame.store.jsonlog import JsonLog, RawJson, dump  # noqa: F401  (re-exported)

log = logging.getLogger(__name__)

SAVE_FORMAT = "audiogame-match"
SAVE_VERSION = 1
FILE_NAME = "match.json"


def _digest(game: str, state_text: str) -> str:
    return hashlib.sha256(f"{game}\n{state_text}".encode()).hexdigest()


def encode(game: str, state: Any, summary: dict[str, Any], seq: int = 0) -> str:
    """The save file: a header line (the state's size and digest), then the state."""
    state_text = dump(state)
    header = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "game": game,
        "seq": seq,
        "saved_at": time.time(),
        "summary": summary,
        "size": len(state_text),
        "digest": _digest(game, state_text),
    }
    return json.dumps(header, ensure_ascii=False, separators=(",", ":")) + "\n" + state_text


class OtherVersion(ValueError):
    """A game's snapshot written by another version of that game's save format."""


@dataclass
class Loaded:
    """What ``SaveStore.read`` found: a match, nothing, or a refusal to say."""

    game: str | None = None
    state: Any = None
    summary: dict[str, Any] = field(default_factory=dict)
    #: message id when the file was refused (damaged, other version)
    refusal: str | None = None
    kept_at: Path | None = None
    seq: int = -1

    @property
    def ok(self) -> bool:
        return self.game is not None


def decode(text: str) -> Loaded:
    """Parse a save; ``Loaded.refusal`` says why it cannot be used.

    Bytes after the state's ``size`` are left-overs of a longer earlier save in
    the same slot, and are ignored.
    """
    head_text, _, rest = text.partition("\n")
    try:
        header = json.loads(head_text)
    except ValueError:
        return Loaded(refusal="save-damaged")
    if not isinstance(header, dict) or header.get("format") != SAVE_FORMAT:
        return Loaded(refusal="save-damaged")
    if header.get("version") != SAVE_VERSION:
        return Loaded(refusal="save-other-version")
    game, size, seq = header.get("game"), header.get("size"), header.get("seq", 0)
    if not isinstance(size, int) or not isinstance(seq, int):
        return Loaded(refusal="save-damaged")
    state_text = rest[:size]
    if not isinstance(game, str) or header.get("digest") != _digest(game, state_text):
        return Loaded(refusal="save-damaged")
    try:
        state = json.loads(state_text)
    except ValueError:
        return Loaded(refusal="save-damaged")
    summary = header.get("summary")
    return Loaded(game, state, summary if isinstance(summary, dict) else {}, seq=seq)


class SaveStore:
    """The match in progress on disk, in two slots written in turn.

    ``write`` overwrites the older slot in place before it returns: a process
    killed in the middle of it leaves that slot damaged and the other one
    whole, so at most the action in flight is lost. Overwriting in place avoids
    the rename and truncation that a filesystem such as ext4 turns into a
    flush to the disk (milliseconds, on the loop); a worker thread syncs the
    slot to the disk afterwards, for power cuts.
    """

    def __init__(self, folder: Path, write: WriteFn = os.write) -> None:
        self.folder = folder
        #: the low-level write (``os.write``); tests give a short or failing one
        self._write = write
        self.path = folder / FILE_NAME
        self.paths = (self.path, folder / (FILE_NAME + ".alt"))
        #: set when a write failed (read-only or full disk), cleared by the next success
        self.error: str | None = None
        self.writes = 0
        self._seq: int | None = None
        self._sync_due: Path | None = None
        self._busy = False
        self._lock = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="save-sync", daemon=True)
        self._thread.start()

    # -- the loop's side ------------------------------------------------------------
    def write(self, game: str, state: Any, summary: dict[str, Any]) -> None:
        """Put a snapshot on disk now (a kill cannot lose it); the disk sync follows."""
        if self._seq is None:
            self._seq = max((self._peek_seq(p) for p in self.paths), default=-1)
        seq = self._seq + 1
        data = encode(game, state, summary, seq).encode("utf-8")
        target = self.paths[seq % 2]
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            overwrite(target, data, self._write)
        except OSError as exc:
            self.error = str(exc)
            log.warning("match not saved: %s", exc)
            return
        self._seq = seq
        self.error = None
        self.writes += 1
        with self._lock:
            self._sync_due = target
            self._lock.notify()

    def discard(self) -> None:
        """The match is over: remove its save."""
        for path in self.paths:
            try:
                path.unlink(missing_ok=True)
            except OSError as exc:
                self.error = str(exc)
        self._seq = None

    def flush(self, timeout: float = 2.0) -> bool:
        """Wait until what was written is synced to the disk; False on time-out."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while self._sync_due is not None or self._busy:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._lock.wait(left)
        return True

    def read(self) -> Loaded:
        """The newest whole snapshot; a refusal only when no slot holds one."""
        found = [(path, self._read_slot(path)) for path in self.paths if path.exists()]
        good = [loaded for _, loaded in found if loaded.ok]
        if good:
            return max(good, key=lambda loaded: loaded.seq)
        if not found:
            return Loaded()
        refusal = Loaded(refusal=found[0][1].refusal or "save-damaged")
        for path, _ in found:
            kept = keep_aside(path)
            refusal.kept_at = refusal.kept_at or kept
        self._seq = None
        return refusal

    def exists(self) -> bool:
        return any(path.exists() for path in self.paths)

    def keep_aside(self) -> None:
        """Put every slot out of the way (a save this version cannot rebuild)."""
        for path in self.paths:
            if path.exists():
                keep_aside(path)
        self._seq = None

    @staticmethod
    def _read_slot(path: Path) -> Loaded:
        try:
            return decode(path.read_bytes().decode("utf-8", errors="replace"))
        except OSError:
            return Loaded(refusal="save-damaged")

    @staticmethod
    def _peek_seq(path: Path) -> int:
        try:
            with open(path, "rb") as handle:
                header = json.loads(handle.readline())
            seq = header.get("seq", 0)
            return seq if isinstance(seq, int) else -1
        except (OSError, ValueError, AttributeError):
            return -1

    # -- the syncing thread -----------------------------------------------------------
    def _run(self) -> None:
        while True:
            with self._lock:
                while self._sync_due is None:
                    self._lock.wait()
                target, self._sync_due = self._sync_due, None
                self._busy = True
            try:
                sync_file(target)
            except OSError as exc:
                log.warning("match not synced to disk: %s", exc)
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()
