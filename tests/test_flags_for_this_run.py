"""Command-line flags are for this run (issue 13, item 11).

``--speech text`` became the saved choice as soon as any setting was saved.
Through the real loop: the flags applied as the command applies them, a
setting saved by a key, the file read back.
"""

from __future__ import annotations

import json

from audiogame.cli import apply_flags, parse_args
from audiogame.store.settings import Settings, load_settings, save_settings


def saved(tmp_path, **values) -> Settings:
    path = tmp_path / "config" / "settings.json"
    base = Settings()
    for name, value in values.items():
        setattr(base, name, value)
    assert save_settings(base, path) is None
    settings = load_settings(path).settings
    return settings


def on_disk(tmp_path) -> dict:
    return json.loads((tmp_path / "config" / "settings.json").read_text(encoding="utf-8"))


def test_flags_rule_this_run_and_saving_keeps_the_saved_choices(tmp_path, harness_factory):
    settings = saved(tmp_path, speech="voice", language="it")
    apply_flags(settings, parse_args(["--speech", "text", "--lang", "en"]))
    h = harness_factory("it", settings=settings).start()
    assert h.app.settings.speech == "text"
    assert h.app.localizer.lang == "en"
    assert "Main menu" in h.transcript[0]

    said = h.press("f8")  # sound volume up: saves the settings
    assert "90" in said
    data = on_disk(tmp_path)
    assert data["cue_volume"] == 0.9
    assert data["speech"] == "voice"
    assert data["language"] == "it"
    # still this run's choice after the save
    assert h.app.settings.speech == "text" and h.app.localizer.lang == "en"


def test_a_choice_the_player_makes_during_the_run_is_saved(tmp_path, harness_factory):
    settings = saved(tmp_path, speech="auto", language=None)
    apply_flags(settings, parse_args(["--speech", "text", "--lang", "en"]))
    h = harness_factory("en", settings=settings).start()
    h.press("o")  # to Options
    h.press("enter")
    h.press("down")  # the speech row
    said = h.press("left")  # text -> voice
    assert "voice" in said.lower()
    h.press("f8")
    data = on_disk(tmp_path)
    assert data["speech"] == "voice"  # the player's own choice
    assert data["language"] is None  # --lang en was for this run only


def test_no_flags_change_nothing(tmp_path, harness_factory):
    settings = saved(tmp_path, speech="screenreader", language="en")
    apply_flags(settings, parse_args([]))
    h = harness_factory("en", settings=settings).start()
    h.press("f8")
    data = on_disk(tmp_path)
    assert data["speech"] == "screenreader" and data["language"] == "en"
