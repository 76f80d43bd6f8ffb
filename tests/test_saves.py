"""The matches in progress on disk: one per game, checked writes, refused with a reason
when bad, never crashing or hanging on what is read."""

from __future__ import annotations

import errno
import hashlib
import json
import os

import pytest

from audiogame.devtools.harness import DISK_WAIT
from audiogame.store.saveformat import SAVE_CAP, Damaged, decode
from audiogame.store.saves import SAVE_VERSION, JsonLog, SaveStore, encode


def slot_files(store: SaveStore, game: str = "domino"):
    return [p for p in store.slot_paths(game) if p.exists()]


def newest_file(store: SaveStore, game: str, marker: bytes):
    return next(p for p in store.slot_paths(game) if marker in p.read_bytes())


def reseal(data: bytes, change_head=None, change_state=None) -> bytes:
    """A save edited and given a digest that matches again: what a crafted file does."""
    head, _, rest = data.partition(b"\n")
    header = json.loads(head)
    state = rest[: header["size"]]
    if change_state is not None:
        state = change_state(state)
    header["size"] = len(state)
    if change_head is not None:
        change_head(header)
    head = json.dumps(header, separators=(",", ":")).encode()
    digest = hashlib.sha256(head + b"\n" + state).hexdigest().encode()
    return head + b"\n" + state + b"\n" + digest + b"\n"


def test_round_trip_and_discard(tmp_path):
    store = SaveStore(tmp_path)
    store.write("domino", {"actions": [1, 2, 3]}, {"msg": "game-domino", "args": {}})
    assert store.flush(DISK_WAIT)
    loaded = store.read("domino")
    assert loaded.ok and loaded.game == "domino" and loaded.state == {"actions": [1, 2, 3]}
    store.discard("domino")
    assert store.flush(DISK_WAIT)
    assert not store.exists("domino")
    assert not store.read("domino").ok and store.read("domino").refusal is None


def test_each_game_keeps_its_own_match(tmp_path):
    """Starting Domino never touches a Tira match left earlier (issue 13, item 9)."""
    store = SaveStore(tmp_path)
    store.write("tira", {"round": 3}, {"msg": "tira-saved-match", "args": {"round": 3}})
    for n in range(5):
        store.write("domino", {"n": n}, {})
    store.discard("domino")  # the Domino match ended
    assert store.read("tira").state == {"round": 3}
    assert store.games_on_disk() == ["tira"]
    again = SaveStore(tmp_path)
    assert again.read("tira").summary == {"msg": "tira-saved-match", "args": {"round": 3}}


def test_newest_snapshot_wins(tmp_path):
    store = SaveStore(tmp_path)
    for n in range(200):
        store.write("tira", {"n": n}, {})
    assert store.flush(DISK_WAIT)
    assert store.read("tira").state == {"n": 199}
    assert store.read("tira").fallback.state == {"n": 198}


def test_damaged_file_is_refused_and_kept_aside(tmp_path):
    store = SaveStore(tmp_path)
    store.write("domino", {"actions": [1]}, {})
    store.flush(DISK_WAIT)
    (path,) = slot_files(store)
    path.write_bytes(path.read_bytes().replace(b'"actions":[1]', b'"actions":[2]'))
    loaded = SaveStore(tmp_path).read("domino")
    assert loaded.refusal == "save-damaged"
    assert loaded.kept_at is not None and loaded.kept_at.exists()
    assert not store.exists("domino")


@pytest.mark.parametrize("text", ["", "{", "[]", '{"format": "something else"}', "\x00\x01"])
def test_garbage_is_refused(tmp_path, text):
    store = SaveStore(tmp_path)
    store.slot_paths("domino")[0].write_text(text)
    assert store.read("domino").refusal == "save-damaged"


def test_other_version_is_refused_with_its_own_reason(tmp_path):
    store = SaveStore(tmp_path)
    data = reseal(encode("domino", {}, {}), change_head=lambda h: h.update(version=1))
    store.slot_paths("domino")[0].write_bytes(data)
    loaded = store.read("domino")
    assert loaded.refusal == "save-other-version"
    assert loaded.kept_at is not None


def test_the_single_save_of_older_versions_is_refused_as_another_version(tmp_path):
    (tmp_path / "match.json").write_text('{"format":"audiogame-match","version":1}\n{}')
    loaded = SaveStore(tmp_path).legacy()
    assert loaded.refusal == "save-other-version"
    assert not (tmp_path / "match.json").exists() and loaded.kept_at.exists()


def test_the_header_is_covered_by_the_digest(tmp_path):
    """A raised sequence number or an edited summary without a new digest is refused
    (issue 11, items 2 and 4): the other slot's snapshot is used."""
    store = SaveStore(tmp_path)
    store.write("domino", {"n": 1}, {"msg": "domino-saved-match", "args": {"manche": 2}})
    store.write("domino", {"n": 2}, {"msg": "domino-saved-match", "args": {"manche": 2}})
    older = newest_file(store, "domino", b'"n":1')
    raised = older.read_bytes().replace(b'"seq":0', b'"seq":9')
    older.write_bytes(raised)
    assert SaveStore(tmp_path).read("domino").state == {"n": 2}
    newer = newest_file(store, "domino", b'"n":2')
    newer.write_bytes(newer.read_bytes().replace(b'"manche":2', b'"manche":7'))
    assert SaveStore(tmp_path).read("domino").refusal == "save-damaged"


@pytest.mark.parametrize(
    "summary",
    [
        {"msg": "domino-saved-match", "args": ["manche", 2]},  # args not a mapping
        {"msg": "domino-saved-match", "args": {"manche": -5, "players": 2}},
        {"msg": "domino-saved-match", "args": {"players": 10**12}},
        {"msg": "domino-saved-match", "args": {"manche": True}},
        {"msg": "domino-saved-match", "args": {"manche": 1.5}},
        {"msg": "<script>", "args": {}},
        {"msg": "x", "args": {f"k{i}": i for i in range(50)}},
        {"msg": "x", "args": {}, "extra": 1},
        "not a summary",
    ],
)
def test_a_crafted_summary_is_refused_even_with_a_matching_digest(tmp_path, summary):
    store = SaveStore(tmp_path)
    store.write("domino", {"n": 1}, {})
    (path,) = slot_files(store)
    path.write_bytes(reseal(path.read_bytes(), change_head=lambda h: h.update(summary=summary)))
    loaded = SaveStore(tmp_path).read("domino")
    assert loaded.refusal == "save-damaged"


def test_a_summary_that_does_not_fit_is_written_empty_not_unreadable(tmp_path):
    store = SaveStore(tmp_path)
    store.write("domino", {"n": 1}, {"msg": "m", "args": {"score": -3}})
    assert store.read("domino").summary == {"msg": "", "args": {}}


@pytest.mark.parametrize("depth", [1000, 100_000])
def test_deep_nesting_is_refused_not_a_crash(tmp_path, depth):
    store = SaveStore(tmp_path)
    store.write("domino", {"n": 1}, {})
    (path,) = slot_files(store)
    deep = lambda _s: b"[" * depth + b"]" * depth  # noqa: E731
    path.write_bytes(reseal(path.read_bytes(), change_state=deep))
    assert SaveStore(tmp_path).read("domino").refusal == "save-damaged"


def test_a_file_over_the_cap_is_refused_unread_and_cut_short_when_kept(tmp_path):
    store = SaveStore(tmp_path)
    path = store.slot_paths("domino")[0]
    with open(path, "wb") as handle:
        handle.truncate(SAVE_CAP * 50)  # 200 MB of nothing, sparse
    loaded = store.read("domino")
    assert loaded.refusal == "save-too-big"
    assert loaded.kept_at.stat().st_size <= 1 << 20


def test_kept_aside_copies_are_bounded_oldest_removed(tmp_path):
    store = SaveStore(tmp_path)
    for n in range(9):
        path = store.slot_paths("domino")[0]
        path.write_text(f"damaged {n}")
        os.utime(path, (1_000_000 + n, 1_000_000 + n))
        assert store.read("domino").refusal == "save-damaged"
    kept = sorted(tmp_path.glob("match-domino.json.damaged-*"))
    assert len(kept) == 5
    assert sorted(p.read_text() for p in kept) == [f"damaged {n}" for n in range(4, 9)]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_named_pipe_in_a_slot_does_not_hang_the_start(tmp_path):
    store = SaveStore(tmp_path)
    os.mkfifo(store.slot_paths("domino")[0])
    assert store.read("domino").refusal == "save-damaged"


def test_a_growing_log_is_encoded_once_per_entry_and_reads_back_whole():
    log = JsonLog()
    entries = [[0.5, {"type": "throw", "seat": 1}]]
    first = encode("tira", {"log": log.raw(entries)}, {})
    entries.append([0.9, {"type": "send", "seat": 2, "to": "tray"}])
    second = encode("tira", {"log": log.raw(entries), "name": "Marcò"}, {})
    assert decode(first).state == {"log": entries[:1]}
    assert decode(second).state == {"log": entries, "name": "Marcò"}
    assert len(log._pieces) == 2


def test_every_truncation_is_refused_as_damaged():
    data = encode("tira", {"log": list(range(40)), "name": "Zoë"}, {"msg": "m", "args": {}})
    for cut in range(len(data) - 1):
        with pytest.raises(Damaged):
            decode(data[:cut])
    assert decode(data).header.version == SAVE_VERSION


def test_a_write_cut_short_leaves_the_previous_snapshot(tmp_path):
    """A kill in the middle of a write damages only the slot being written."""
    store = SaveStore(tmp_path)
    store.write("domino", {"n": 1}, {})
    store.write("domino", {"n": 2}, {})
    assert store.read("domino").state == {"n": 2}
    store.write("domino", {"n": 3, "pad": "x" * 500}, {})
    newest = newest_file(store, "domino", b'"n":3')
    data = newest.read_bytes()
    newest.write_bytes(data[: len(data) // 2])  # the process died half-way through
    again = SaveStore(tmp_path)  # the next start
    loaded = again.read("domino")
    assert loaded.ok and loaded.state == {"n": 2}
    again.write("domino", {"n": 4}, {})  # and writing goes on over the damaged slot
    assert again.read("domino").state == {"n": 4}
    assert again.read("domino").fallback.state == {"n": 2}


def test_a_slot_written_half_never_counts_as_the_newest(tmp_path):
    """Its header (written first) has the higher sequence number: the next start
    must still write over it, never over the only whole slot."""
    store = SaveStore(tmp_path)
    store.write("domino", {"n": 1}, {})
    store.write("domino", {"n": 2, "pad": "x" * 300}, {})
    half = newest_file(store, "domino", b'"n":2')
    half.write_bytes(half.read_bytes()[:150])
    again = SaveStore(tmp_path)
    again.write("domino", {"n": 3}, {})  # goes over the half slot
    assert SaveStore(tmp_path).read("domino").fallback.state == {"n": 1}


def test_a_shorter_snapshot_over_a_longer_one_reads_back_exactly(tmp_path):
    store = SaveStore(tmp_path)
    store.write("tira", {"log": list(range(300))}, {})
    store.write("tira", {"log": list(range(300))}, {})
    store.write("tira", {"log": [1]}, {})
    store.flush(DISK_WAIT)
    assert store.read("tira").state == {"log": [1]}


class ShortWrites:
    """``os.write`` as a nearly full disk does it: a few bytes per call, then none."""

    def __init__(self, per_call: int, room: int | None = None) -> None:
        self.per_call = per_call
        self.room = room
        self.calls = 0

    def __call__(self, fd: int, data: memoryview) -> int:
        self.calls += 1
        n = min(self.per_call, len(data))
        if self.room is not None:
            n = min(n, self.room)
            self.room -= n
        return os.write(fd, data[:n]) if n else 0


def test_saving_needs_no_pwrite(tmp_path, monkeypatch):
    """Windows has no ``os.pwrite``: the store writes the same way everywhere."""
    monkeypatch.delattr(os, "pwrite", raising=False)
    store = SaveStore(tmp_path)
    for n in range(3):
        store.write("domino", {"n": n, "name": "Zoë"}, {"msg": "game-domino", "args": {}})
    assert store.error is None and store.flush(DISK_WAIT)
    assert store.read("domino").state == {"n": 2, "name": "Zoë"}


def test_writes_cut_short_are_written_again_until_whole(tmp_path):
    short = ShortWrites(per_call=7)
    store = SaveStore(tmp_path, write=short)
    store.write("tira", {"log": list(range(50))}, {})
    assert store.error is None
    assert short.calls > 20  # the snapshot really went out in pieces
    assert store.read("tira").state == {"log": list(range(50))}


@pytest.mark.parametrize("failure", ["no progress", "ENOSPC", "EIO"])
def test_a_failing_disk_is_an_error_and_the_last_whole_snapshot_stays(tmp_path, failure):
    good = SaveStore(tmp_path)
    good.write("domino", {"n": 1}, {})
    good.write("domino", {"n": 2}, {})

    def refuse(fd: int, data: memoryview) -> int:
        os.write(fd, data[:10])
        code = errno.ENOSPC if failure == "ENOSPC" else errno.EIO
        raise OSError(code, os.strerror(code))

    write = ShortWrites(per_call=16, room=40) if failure == "no progress" else refuse
    full = SaveStore(tmp_path, write=write)
    assert not full.write("domino", {"n": 3, "pad": "x" * 200}, {})
    expected = "save-failed" if failure == "EIO" else "save-failed-full"
    assert full.error == expected and full.writes == 0
    assert full.read("domino").state == {"n": 2}  # the slot written half is ignored
    for n in range(4, 9):  # still failing: the same slot again, never the whole one
        assert not full.write("domino", {"n": n}, {})
        assert SaveStore(tmp_path).read("domino").state == {"n": 2}
    full._write = os.write  # space freed
    assert full.write("domino", {"n": 9}, {})
    assert full.error is None and full.read("domino").state == {"n": 9}
    assert full.read("domino").fallback.state == {"n": 2}
    assert full.confirm() is None


def test_a_failed_sync_is_an_error_and_its_slot_is_written_again(tmp_path, monkeypatch):
    import audiogame.store.saves as saves

    store = SaveStore(tmp_path)
    store.write("domino", {"n": 1}, {})
    assert store.confirm() is None

    def broken_sync(_path) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(saves, "sync_file", broken_sync)
    store.write("domino", {"n": 2}, {})
    assert store.confirm() == "save-failed"  # Ctrl+S would not say "saved"
    unsure = newest_file(store, "domino", b'"n":2')
    store.write("domino", {"n": 3}, {})  # over the unsure slot, not over n=1
    assert b'"n":3' in unsure.read_bytes()
    monkeypatch.undo()


def test_save_folder_with_spaces_and_accents(tmp_path):
    folder = tmp_path / "Zoë Rossi" / "AppData" / "Local" / "audiogame"
    store = SaveStore(folder)
    store.write("tira", {"n": 1}, {"msg": "game-tira", "args": {}})
    assert store.flush(DISK_WAIT) and store.error is None
    assert SaveStore(folder).read("tira").state == {"n": 1}


def test_a_store_that_is_off_writes_and_reads_nothing(tmp_path):
    SaveStore(tmp_path).write("tira", {"n": 1}, {})
    off = SaveStore(tmp_path, off="save-off-other-copy")
    assert not off.write("tira", {"n": 2}, {})
    assert not off.read("tira").ok
    assert off.confirm() == "save-off-other-copy"
    assert SaveStore(tmp_path).read("tira").state == {"n": 1}


def test_ids_that_are_not_file_names_are_refused(tmp_path):
    for bad in ("../x", "Domino", "", "a.b", "x" * 40):
        with pytest.raises(ValueError):
            SaveStore(tmp_path).slot_paths(bad)


@pytest.mark.parametrize("cut", [10, 150])  # the header torn; the snapshot cut short
def test_a_torn_slot_is_kept_aside_before_it_is_written_over(tmp_path, cut):
    """A write killed half-way leaves a torn slot; the next run writes there (the
    other slot holds the newest whole snapshot), but keeps the torn file aside
    first, byte for byte, as a damaged file is kept."""
    store = SaveStore(tmp_path)
    store.write("domino", {"n": 1}, {})
    store.write("domino", {"n": 2, "pad": "x" * 300}, {})
    torn = newest_file(store, "domino", b'"n":2')
    torn.write_bytes(torn.read_bytes()[:cut])
    had = torn.read_bytes()
    again = SaveStore(tmp_path)  # the next start: never read, it writes at once
    assert again.write("domino", {"n": 3}, {})
    kept = list(tmp_path.glob(f"{torn.name}.damaged-*"))
    assert [k.read_bytes() for k in kept] == [had]
    assert again.read("domino").state == {"n": 3}
    assert again.read("domino").fallback.state == {"n": 1}
    assert again.write("domino", {"n": 4}, {})  # its own slots: nothing more kept aside
    assert again.write("domino", {"n": 5}, {})
    assert len(list(tmp_path.glob("*.damaged-*"))) == 1


def test_closing_syncs_what_was_written_and_ends_the_sync_thread(tmp_path):
    store = SaveStore(tmp_path)
    assert store.write("tira", {"n": 1}, {})
    assert store.close(DISK_WAIT)
    assert not store._thread.is_alive()
    assert SaveStore(tmp_path).read("tira").state == {"n": 1}
