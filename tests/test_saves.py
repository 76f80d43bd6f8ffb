"""The match in progress on disk: atomic, newest first, refused with a reason when bad."""

from __future__ import annotations

import errno
import json
import os

import pytest

from audiogame.store.saves import SAVE_VERSION, JsonLog, SaveStore, decode, encode


def test_round_trip_and_discard(tmp_path):
    store = SaveStore(tmp_path)
    store.write("domino", {"actions": [1, 2, 3]}, {"msg": "game-domino", "args": {}})
    assert store.flush()
    loaded = store.read()
    assert loaded.ok and loaded.game == "domino" and loaded.state == {"actions": [1, 2, 3]}
    store.discard()
    assert store.flush()
    assert not store.exists()
    assert not store.read().ok and store.read().refusal is None


def test_newest_snapshot_wins(tmp_path):
    store = SaveStore(tmp_path)
    for n in range(200):
        store.write("tira", {"n": n}, {})
    assert store.flush()
    assert store.read().state == {"n": 199}
    assert store.writes <= 200


def test_damaged_file_is_refused_and_kept_aside(tmp_path):
    store = SaveStore(tmp_path)
    store.write("domino", {"actions": [1]}, {})
    store.flush()
    text = store.path.read_text()
    store.path.write_text(text.replace('"actions":[1]', '"actions":[2]'))  # bits changed
    loaded = store.read()
    assert loaded.refusal == "save-damaged"
    assert loaded.kept_at is not None and loaded.kept_at.exists()
    assert not store.exists()


@pytest.mark.parametrize("text", ["", "{", "[]", '{"format": "something else"}', "\x00\x01"])
def test_garbage_is_refused(tmp_path, text):
    store = SaveStore(tmp_path)
    store.path.parent.mkdir(parents=True, exist_ok=True)
    store.path.write_text(text)
    assert store.read().refusal == "save-damaged"


def test_other_version_is_refused_with_its_own_reason(tmp_path):
    store = SaveStore(tmp_path)
    head, _, state = encode("domino", {}, {}).partition("\n")
    data = json.loads(head)
    data["version"] = SAVE_VERSION - 1
    store.path.parent.mkdir(parents=True, exist_ok=True)
    store.path.write_text(json.dumps(data) + "\n" + state)
    loaded = store.read()
    assert loaded.refusal == "save-other-version"
    assert loaded.kept_at is not None


def test_unwritable_save_folder_is_told_once_and_the_game_goes_on(tmp_path, harness_factory):
    h = harness_factory("en").start()
    blocker = tmp_path / "blocked"
    blocker.write_text("a file where the save folder should be")
    h.app.saves = SaveStore(blocker / "saves")
    h.app.autosave("domino", {"n": 1}, {})
    h.app.saves.flush()
    h.advance(0.05)
    h.app.autosave("domino", {"n": 2}, {})
    h.app.saves.flush()
    h.advance(0.05)
    heard = " ".join(h.transcript)
    assert heard.count("I cannot save the match") == 1
    assert h.press("down")  # still playing


def test_ctrl_s_outside_a_match_says_there_is_nothing_to_save(harness_factory):
    h = harness_factory("it").start()
    assert h.press("s", ctrl=True) == "Non c'è nessuna partita da salvare qui."


def test_a_damaged_save_at_start_is_announced(tmp_path, harness_factory):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "match.json").write_text("{ broken")
    h = harness_factory("it").start()
    h.advance(0.05)
    assert "La partita salvata era danneggiata" in " ".join(h.transcript)


def test_a_growing_log_is_encoded_once_per_entry_and_reads_back_whole():
    log = JsonLog()
    entries = [[0.5, {"type": "throw", "seat": 1}]]
    first = encode("tira", {"log": log.raw(entries)}, {})
    entries.append([0.9, {"type": "send", "seat": 2, "to": "tray"}])
    second = encode("tira", {"log": log.raw(entries), "name": "Marcò"}, {})
    assert decode(first).state == {"log": entries[:1]}
    assert decode(second).state == {"log": entries, "name": "Marcò"}
    assert len(log._pieces) == 2


def test_a_write_cut_short_leaves_the_previous_snapshot(tmp_path):
    """A kill in the middle of a write damages only the slot being written."""
    store = SaveStore(tmp_path)
    store.write("domino", {"n": 1}, {})
    store.write("domino", {"n": 2}, {})
    assert store.read().state == {"n": 2}
    store.write("domino", {"n": 3, "pad": "x" * 500}, {})
    newest = next(p for p in store.paths if b'"n":3' in p.read_bytes())
    data = newest.read_bytes()
    newest.write_bytes(data[: len(data) // 2])  # the process died half-way through
    loaded = store.read()
    assert loaded.ok and loaded.state == {"n": 2}
    store.write("domino", {"n": 4}, {})  # and writing goes on over the damaged slot
    assert store.read().state == {"n": 4}


def test_a_shorter_snapshot_over_a_longer_one_reads_back_exactly(tmp_path):
    store = SaveStore(tmp_path)
    store.write("tira", {"log": list(range(300))}, {})
    store.write("tira", {"log": list(range(300))}, {})
    store.write("tira", {"log": [1]}, {})
    store.flush()
    assert store.read().state == {"log": [1]}


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
    assert store.error is None and store.flush()
    assert store.read().state == {"n": 2, "name": "Zoë"}


def test_writes_cut_short_are_written_again_until_whole(tmp_path):
    short = ShortWrites(per_call=7)
    store = SaveStore(tmp_path, write=short)
    store.write("tira", {"log": list(range(50))}, {})
    assert store.error is None
    assert short.calls > 20  # the snapshot really went out in pieces
    assert store.read().state == {"log": list(range(50))}


@pytest.mark.parametrize("failure", ["no progress", "ENOSPC"])
def test_a_full_disk_is_an_error_and_the_last_whole_snapshot_stays(tmp_path, failure):
    good = SaveStore(tmp_path)
    good.write("domino", {"n": 1}, {})
    good.write("domino", {"n": 2}, {})

    def no_space(fd: int, data: memoryview) -> int:
        os.write(fd, data[:10])
        raise OSError(errno.ENOSPC, "No space left on device")

    write = ShortWrites(per_call=16, room=40) if failure == "no progress" else no_space
    full = SaveStore(tmp_path, write=write)
    full.write("domino", {"n": 3, "pad": "x" * 200}, {})
    assert full.error and full.writes == 0
    assert full.read().state == {"n": 2}  # the slot written half is ignored, the other is whole
    full.write("domino", {"n": 4}, {})  # still full: the same slot again, never the whole one
    assert full.read().state == {"n": 2}
    full._write = os.write  # space freed
    full.write("domino", {"n": 5}, {})
    assert full.error is None and full.read().state == {"n": 5}


def test_a_full_disk_is_told_once_through_the_loop(tmp_path, harness_factory):
    h = harness_factory("en").start()
    h.app.saves = SaveStore(tmp_path / "full", write=ShortWrites(per_call=8, room=30))
    for n in range(3):
        h.app.autosave("domino", {"n": n}, {})
        h.advance(0.05)
    assert " ".join(h.transcript).count("I cannot save the match") == 1
    assert h.press("down")  # the game goes on


def test_save_folder_with_spaces_and_accents(tmp_path):
    folder = tmp_path / "Zoë Rossi" / "AppData" / "Local" / "audiogame"
    store = SaveStore(folder)
    store.write("tira", {"n": 1}, {"msg": "game-tira", "args": {}})
    assert store.flush() and store.error is None
    assert SaveStore(folder).read().state == {"n": 1}
