"""The matches in progress, kept on disk so nothing is lost: one per game.

A table hands ``SaveStore.write`` a snapshot after every action. It is
written at once, in place, in one of that game's two slots (see
``SaveStore``), so if the process dies the other slot still holds the last
complete snapshot: at most the action in flight is lost. A match's log is
encoded one new entry at a time (``jsonlog``), so writing stays cheap however
long the match. Each game has its own pair of slots
(``match-<game>.json`` and ``match-<game>.json.alt``): starting one game never
touches another's saved match.

Writing is checked: a write cut short, a full disk, a read-only folder or a
failed sync to the disk is an error the app tells the player once
(``error`` holds its message id until a write succeeds again), and the slot
holding the newest whole snapshot is never written over while writes fail.

Reading never fails: a file longer than ``SAVE_CAP``, damaged, or from another
version is refused with a message id the app can say, and kept aside (a
bounded number of copies, see ``files.keep_aside``).
"""

from __future__ import annotations

import logging
import os
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from audiogame.core.jsonlog import JsonLog, RawJson, dump, plain  # noqa: F401  (re-exported)
from audiogame.store.files import (
    NotAFile,
    TooBig,
    WriteFn,
    failure_kind,
    keep_aside,
    overwrite,
    prune_kept,
    read_capped,
    sync_file,
)
from audiogame.store.saveformat import (  # noqa: F401  (re-exported)
    SAVE_CAP,
    SAVE_FORMAT,
    SAVE_VERSION,
    Damaged,
    OtherVersion,
    decode,
    encode,
)

log = logging.getLogger(__name__)

#: the single slot pair of the versions before saves were kept per game
LEGACY_NAMES = ("match.json", "match.json.alt")

#: message ids of a failed write, by ``files.failure_kind``
WRITE_FAILURES = {"full": "save-failed-full", "readonly": "save-failed-readonly"}
WRITE_FAILED = "save-failed"
#: Ctrl+S waited this long for the disk and it had not confirmed yet
NOT_SYNCED = "save-not-synced"


@dataclass
class Loaded:
    """What ``SaveStore.read`` found: a match, nothing, or a refusal to say."""

    game: str | None = None
    state: Any = None
    summary: dict[str, Any] = field(default_factory=dict)
    #: message id when the file was refused (damaged, other version, too big)
    refusal: str | None = None
    kept_at: Path | None = None
    seq: int = -1
    #: the other slot's whole snapshot, one action older: used when this one
    #: cannot be rebuilt by the game
    fallback: Loaded | None = None
    #: a newer snapshot was on disk but refused: the last move may be missing
    fell_back: bool = False

    @property
    def ok(self) -> bool:
        return self.game is not None

    def plain_state(self) -> Any:
        """The state as plain data (a table's live snapshot holds ``RawJson`` pieces)."""
        return plain(self.state)


@dataclass
class _Pair:
    """One game's two slots, as this run knows them."""

    paths: tuple[Path, Path]
    #: per slot: the sequence number of the whole snapshot it holds, None when it
    #: holds none (missing, damaged, written half, or its sync to disk failed)
    whole: list[int | None]
    #: the next snapshot's sequence number
    next_seq: int = 0
    #: slots found at start holding a file that is not a whole snapshot (a write
    #: killed half-way, say): kept aside before this run first writes over them
    torn: set[int] = field(default_factory=set)

    def newest(self) -> int | None:
        held = [(seq, i) for i, seq in enumerate(self.whole) if seq is not None]
        return max(held)[1] if held else None

    def target(self) -> int:
        """The slot to write: never the one holding the newest whole snapshot."""
        newest = self.newest()
        if newest is not None:
            return 1 - newest
        return 0


GAME_ID = re.compile(r"[a-z][a-z0-9_-]{0,31}")


def check_game_id(game: str) -> str:
    """A game id as a file name may hold it (the registry's ids are such)."""
    if not GAME_ID.fullmatch(game):
        raise ValueError(f"not a game id: {game!r}")
    return game


class SaveStore:
    """The matches in progress on disk, one per game, each in two slots written in turn.

    ``write`` overwrites the slot not holding the game's newest whole snapshot,
    in place, before it returns: a process killed in the middle of it leaves
    that slot damaged and the other one whole, so at most the action in flight
    is lost. A write that fails leaves the pair as it was, and the next write
    goes to the same slot again. Overwriting in place avoids the rename and
    truncation that a filesystem such as ext4 turns into a flush to the disk
    (milliseconds, on the loop); a worker thread syncs the slot to the disk
    afterwards, for power cuts.

    ``off``: a store that reads and writes nothing (another copy of the game
    holds the data folder): the message id saying why.
    """

    def __init__(self, folder: Path, write: WriteFn = os.write, off: str | None = None) -> None:
        self.folder = folder
        #: the low-level write (``os.write``); tests give a short or failing one
        self._write = write
        self.off = off
        #: message id of the current failure (write or sync), None once a write succeeds
        self.error: str | None = None
        #: the failure itself, for the log and the tests
        self.error_detail: str | None = None
        self.writes = 0
        self._pairs: dict[str, _Pair] = {}
        #: the last game written: ``discard()`` without a game means that one
        self.last_game: str | None = None
        #: (game, seq) of the last ``write``, or None when it failed
        self.last_written: tuple[str, int] | None = None
        self._sync_due: dict[Path, tuple[str, int]] = {}
        self._sync_failed: list[tuple[str, int, OSError]] = []
        self._synced: dict[str, int] = {}
        self._busy = False
        self._closing = False
        self._lock = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="save-sync", daemon=True)
        self._thread.start()

    # -- where ---------------------------------------------------------------------
    def slot_paths(self, game: str) -> tuple[Path, Path]:
        name = f"match-{check_game_id(game)}.json"
        return (self.folder / name, self.folder / (name + ".alt"))

    def _pair(self, game: str) -> _Pair:
        pair = self._pairs.get(game)
        if pair is None:
            pair = _Pair(self.slot_paths(game), [None, None])
            self._survey(game, pair)
            self._pairs[game] = pair
        return pair

    def _survey(self, game: str, pair: _Pair) -> None:
        """What each slot holds, checked whole (a slot written half still has a new
        header: its sequence number alone would make it look newest)."""
        top = -1
        for i, path in enumerate(pair.paths):
            try:
                decoded = decode(read_capped(path, SAVE_CAP))
            except FileNotFoundError:
                continue
            except (OSError, ValueError):
                pair.torn.add(i)
                continue
            if decoded.header.game == game:
                pair.whole[i] = decoded.header.seq
                top = max(top, decoded.header.seq)
            else:  # another game's match in this game's slot: not ours to write over
                pair.torn.add(i)
        pair.next_seq = max(pair.next_seq, top + 1)

    # -- the loop's side ------------------------------------------------------------
    def write(self, game: str, state: Any, summary: dict[str, Any]) -> bool:
        """Put a snapshot on disk now (a kill cannot lose it); the disk sync follows.

        Returns False when it could not (``error`` then says why)."""
        self.last_game = game
        self.last_written = None
        if self.off is not None:
            return False
        self._take_sync_failures()
        pair = self._pair(game)
        target = pair.target()
        seq = pair.next_seq
        try:
            data = encode(game, state, summary, seq)
            self.folder.mkdir(parents=True, exist_ok=True)
            self._keep_torn(pair, target)
            overwrite(pair.paths[target], data, self._write)
        except OSError as exc:
            pair.whole[target] = None  # written half, perhaps: holds nothing whole now
            self._failed(exc)
            return False
        pair.whole[target] = seq
        pair.next_seq = seq + 1
        self.error = self.error_detail = None
        self.writes += 1
        self.last_written = (game, seq)
        with self._lock:
            self._sync_due[pair.paths[target]] = (game, seq)
            self._lock.notify_all()
        return True

    def _keep_torn(self, pair: _Pair, slot: int) -> None:
        """A slot found torn is kept aside before its first overwrite: what the player
        had stays at hand, as a damaged file does (a slot this run wrote is its own)."""
        if slot not in pair.torn:
            return
        pair.torn.discard(slot)
        path = pair.paths[slot]
        if path.exists() and keep_aside(path) is None:
            log.warning("could not keep aside the torn slot %s", path)

    def _failed(self, exc: OSError) -> None:
        self.error = WRITE_FAILURES.get(failure_kind(exc), WRITE_FAILED)
        self.error_detail = str(exc)
        log.warning("match not saved: %s", exc)

    def _take_sync_failures(self) -> None:
        """A slot whose sync to the disk failed may not survive a power cut: it is no
        longer trusted as whole, so the next write goes there, never over the other."""
        with self._lock:
            failed, self._sync_failed = self._sync_failed, []
        for game, seq, exc in failed:
            pair = self._pairs.get(game)
            if pair is not None:
                pair.whole = [None if s == seq else s for s in pair.whole]
            self._failed(exc)

    def check(self) -> str | None:
        """The current failure's message id (sync failures reported since included)."""
        self._take_sync_failures()
        return self.error

    def confirm(self, timeout: float = 1.0) -> str | None:
        """After a ``write``: None when its snapshot is whole on the disk (synced),
        else the message id saying why not (Ctrl+S)."""
        if self.off is not None:
            return self.off
        written = self.last_written
        if written is None:
            return self.error or WRITE_FAILED
        game, seq = written
        if not self.flush(timeout):
            return NOT_SYNCED
        failure = self.check()
        with self._lock:
            synced = self._synced.get(game, -1) >= seq
        if failure is not None or not synced:
            return failure or NOT_SYNCED
        return None

    def discard(self, game: str | None = None) -> None:
        """The match is over: remove its save (``None``: the last game written, or
        every game's when none was written yet)."""
        if self.off is not None:
            return
        self.flush()  # Windows cannot remove a file the sync worker still has open
        game = game or self.last_game
        for name in [game] if game is not None else self.games_on_disk():
            pair = self._pair(name)
            for i, path in enumerate(pair.paths):
                try:
                    path.unlink(missing_ok=True)
                    pair.whole[i] = None
                except OSError as exc:
                    self._failed(exc)

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

    def read(
        self, game: str | None = None, read_state: Callable[[bytes], Any] | None = None
    ) -> Loaded:
        """``game``'s newest whole snapshot (its older one as ``fallback``); a refusal
        only when no slot holds one, those slots then kept aside.

        ``read_state``: the game's reader of its state (``GameSpec.read_save``).
        ``None`` for ``game``: the newest match of any game with files here (tests)."""
        if game is None:
            every = [self.read(g) for g in self.games_on_disk()]
            whole = [loaded for loaded in every if loaded.ok]
            if whole:
                return max(whole, key=lambda loaded: loaded.seq)
            return next((loaded for loaded in every if loaded.refusal), Loaded())
        if self.off is not None:
            return Loaded()
        pair = self._pair(game)
        slots: list[tuple[int, Path, Loaded]] = []
        for i, path in enumerate(pair.paths):
            slot = self._read_slot(path, game, read_state)
            if slot is not None:
                slots.append((i, path, slot))
        good = sorted((s[2] for s in slots if s[2].ok), key=lambda s: s.seq, reverse=True)
        for i, _path, loaded in slots:
            pair.whole[i] = loaded.seq if loaded.ok else None
            pair.next_seq = max(pair.next_seq, loaded.seq + 1)
        if len(good) < len(slots):
            self.flush()  # a slot is about to be put aside (see ``discard``)
        if good:
            newest = good[0]
            newest.fallback = good[1] if len(good) > 1 else None
            for _i, path, refused in slots:
                if not refused.ok and refused.seq > newest.seq:  # newer, whole, not rebuildable
                    newest.fell_back = True
                    keep_aside(path)
            return newest
        if not slots:
            return Loaded()
        refusal = Loaded(refusal=slots[0][2].refusal or "save-damaged")
        for _i, path, _loaded in slots:
            kept = keep_aside(path)
            refusal.kept_at = refusal.kept_at or kept
        return refusal

    def drop(self, game: str, seq: int) -> Path | None:
        """Keep aside the slot holding ``game``'s snapshot ``seq`` (the game could not
        rebuild it); the other slot is left as it is."""
        pair = self._pair(game)
        self.flush()  # nor rename one (see ``discard``)
        for i, path in enumerate(pair.paths):
            loaded = self._read_slot(path, game)
            if loaded is not None and loaded.seq == seq:
                pair.whole[i] = None
                return keep_aside(path)
        return None

    def exists(self, game: str | None = None) -> bool:
        if game is None:
            return bool(self.games_on_disk())
        return any(path.exists() for path in self.slot_paths(game))

    def keep_aside(self, game: str | None = None) -> None:
        """Put a game's slots out of the way (a save this version cannot rebuild)."""
        games = [game] if game is not None else self.games_on_disk()
        self.flush()  # see ``discard``
        for name in games:
            pair = self._pair(name)
            for i, path in enumerate(pair.paths):
                if path.exists():
                    keep_aside(path)
                pair.whole[i] = None

    def games_on_disk(self) -> list[str]:
        """The games with a slot file here (whole or not), by name."""
        try:
            names = [p.name for p in self.folder.glob("match-*.json*")]
        except OSError:
            return []
        games = set()
        for name in names:
            stem = name[len("match-") :].split(".json", 1)
            if len(stem) == 2 and stem[1] in ("", ".alt"):
                try:
                    games.add(check_game_id(stem[0]))
                except ValueError:
                    continue
        return sorted(games)

    def legacy(self) -> Loaded:
        """A save of the versions that kept one match for all games: refused as from
        another version (its games' formats changed since), kept aside."""
        found = [self.folder / name for name in LEGACY_NAMES]
        found = [path for path in found if path.exists() or path.is_symlink()]
        if not found or self.off is not None:
            return Loaded()
        refusal = Loaded(refusal="save-other-version")
        for path in found:
            refusal.kept_at = refusal.kept_at or keep_aside(path)
        return refusal

    def tidy(self) -> None:
        """At start: the kept-aside copies bounded in number and size."""
        if self.off is not None:
            return
        for game in self.games_on_disk():
            for path in self.slot_paths(game):
                prune_kept(path)
        for name in LEGACY_NAMES:
            prune_kept(self.folder / name)

    @staticmethod
    def _read_slot(
        path: Path, game: str, read_state: Callable[[bytes], Any] | None = None
    ) -> Loaded | None:
        """One slot: None when there is no file, a refusal when it is not usable."""
        try:
            data = read_capped(path, SAVE_CAP)
        except FileNotFoundError:
            return None
        except TooBig:
            return Loaded(refusal="save-too-big")
        except (OSError, NotAFile):
            return Loaded(refusal="save-damaged")
        try:
            decoded = decode(data, read_state)
        except OtherVersion:
            return Loaded(refusal="save-other-version")
        except Damaged as exc:
            log.info("save %s refused: %s", path, exc)
            return Loaded(refusal="save-damaged", seq=-1 if exc.seq is None else exc.seq)
        if decoded.header.game != game:
            return Loaded(refusal="save-damaged")
        return Loaded(game, decoded.state, decoded.summary, seq=decoded.header.seq)

    # -- the syncing thread -----------------------------------------------------------
    def close(self, timeout: float = 2.0) -> bool:
        """Sync what was written, then end the sync thread (at exit: a thread still
        running while a process ends can crash its teardown, as under Wine); False
        when either took longer than ``timeout``. Writing after this is not syncing."""
        deadline = time.monotonic() + timeout
        flushed = self.flush(timeout)
        with self._lock:
            self._closing = True
            self._lock.notify_all()
        self._thread.join(max(0.0, deadline - time.monotonic()))
        return flushed and not self._thread.is_alive()

    def _run(self) -> None:
        while True:
            with self._lock:
                while not self._sync_due:
                    if self._closing:
                        return
                    self._lock.wait()
                path, (game, seq) = self._sync_due.popitem()
                self._busy = True
            failure: OSError | None = None
            try:
                sync_file(path)
            except OSError as exc:
                failure = exc
                log.warning("match not synced to disk: %s", exc)
            with self._lock:
                if failure is None:
                    self._synced[game] = max(self._synced.get(game, -1), seq)
                else:
                    self._sync_failed.append((game, seq, failure))
                self._busy = False
                self._lock.notify_all()
