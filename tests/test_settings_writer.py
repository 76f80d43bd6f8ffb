"""The settings are written off the loop: newest snapshot wins, failures told once.

Found by the key fuzzer: every option change, setup change and F7/F8 wrote and
synced the settings file inside the frame, up to 0.7 s on a busy disk.
"""

from __future__ import annotations

import json

from audiogame.devtools.harness import DISK_WAIT
from audiogame.store.settings_writer import NOT_SAVED, SettingsWriter


def test_the_newest_snapshot_reaches_the_disk(tmp_path):
    writer = SettingsWriter()
    path = tmp_path / "config" / "settings.json"
    for volume in range(10):
        writer.write(path, {"cue_volume": volume})
    assert writer.flush(DISK_WAIT)
    assert json.loads(path.read_text()) == {"cue_volume": 9}
    assert writer.problem is None and writer.done >= 1


def test_a_failed_write_is_reported_and_cleared_by_the_next_success(tmp_path):
    writer = SettingsWriter()
    (tmp_path / "no").write_text("a file where a folder should be")
    writer.write(tmp_path / "no" / "settings.json", {"a": 1})
    assert writer.flush(DISK_WAIT)
    assert writer.problem == NOT_SAVED
    writer.write(tmp_path / "settings.json", {"a": 2})
    assert writer.flush(DISK_WAIT)
    assert writer.problem is None


def test_the_app_queues_the_settings_and_the_loop_tells_a_failure_once(tmp_path, harness_factory):
    h = harness_factory("en").start()
    h.app.settings_path = tmp_path / "no" / "such"
    (tmp_path / "no").write_text("a file where a folder should be")
    h.app.save_settings()
    h.app.settings_writer.flush(DISK_WAIT)
    h.app.step()  # the next frame notices
    assert " ".join(h.transcript).count("I cannot save the settings") == 1
    h.app.save_settings()
    h.app.settings_writer.flush(DISK_WAIT)
    h.app.step()
    assert " ".join(h.transcript).count("I cannot save the settings") == 1
    h.app.settings_path = tmp_path / "settings.json"
    h.press("f8")
    assert json.loads(h.app.settings_path.read_text())["cue_volume"] == h.app.settings.cue_volume


def test_closing_writes_what_is_queued_and_ends_the_thread(tmp_path):
    writer = SettingsWriter()
    path = tmp_path / "settings.json"
    writer.write(path, {"cue_volume": 3})
    assert writer.close(DISK_WAIT)
    assert json.loads(path.read_text()) == {"cue_volume": 3}
    assert writer._thread.name == "settings-writer" and not writer._thread.is_alive()
