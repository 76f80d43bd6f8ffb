"""Settings read field by field: a bad field falls back alone and is named, the rest
kept; a byte-order mark is fine; booleans are not volumes; unknown keys survive."""

from __future__ import annotations

import json
import os
import time
import tracemalloc

import pytest

from audiogame.devtools.harness import DISK_WAIT
from audiogame.store.settings import SETTINGS_CAP, Settings, load_settings, save_settings

GOOD = {
    "version": 1,
    "language": "en",
    "speech": "text",
    "voice_rate": 260,
    "cue_volume": 0.3,
    "speech_volume": 0.6,
    "verbosity": {"own": "speak", "others": "sound", "draws": "off"},
    "setups": {"tira": {"players": 3, "speed": "fast"}, "domino": {"levels": ["easy", "hard"]}},
    "tables": {"domino": {"order": "doubles-first"}},
}


def write(tmp_path, data, raw: bytes | None = None):
    path = tmp_path / "config" / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw if raw is not None else json.dumps(data).encode())
    return path


def kept(result, name, value):
    return getattr(result.settings, name) == value


def test_a_good_file_reads_back_whole(tmp_path):
    result = load_settings(write(tmp_path, GOOD))
    assert result.notice is None and result.fallen == []
    assert result.settings.to_data() == {
        **Settings().to_data(),
        **GOOD,
        "verbosity": {**Settings().verbosity, **GOOD["verbosity"]},
    }


@pytest.mark.parametrize(
    ("field", "bad"),
    [
        ("language", "xx"),
        ("language", 7),
        ("speech", "loud"),
        ("voice_rate", True),
        ("voice_rate", 10**6),
        ("voice_rate", 1.5),
        ("cue_volume", True),  # a boolean is not a volume
        ("cue_volume", -0.1),
        ("cue_volume", "0.5"),
        ("speech_volume", 2),
        ("speech_volume", None),
        ("verbosity", "all"),
        ("setups", [1, 2]),
        ("tables", "domino"),
    ],
)
def test_one_bad_field_falls_back_alone(tmp_path, field, bad):
    result = load_settings(write(tmp_path, {**GOOD, field: bad}))
    assert result.notice == "settings-fields-reset" and result.fallen == [field]
    assert getattr(result.settings, field) == getattr(Settings(), field)
    for other in ("language", "speech", "voice_rate", "cue_volume", "speech_volume"):
        if other != field:
            assert getattr(result.settings, other) == GOOD[other]
    assert result.kept_at is not None and result.kept_at.exists()


def test_one_bad_message_kind_or_game_setup_falls_back_alone(tmp_path):
    data = dict(GOOD, verbosity={"own": "loud", "draws": "off"})
    data["setups"] = {"tira": {"players": {"deep": {"er": 1}}}, "domino": {"levels": ["x"]}}
    result = load_settings(write(tmp_path, data))
    assert result.fallen == ["verbosity.own", "setups.tira"]
    assert result.settings.verbosity["draws"] == "off"
    assert result.settings.verbosity["own"] == "speak"
    assert result.settings.setups == {"domino": {"levels": ["x"]}}


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_non_finite_numbers_fall_back_alone(tmp_path, constant):
    raw = json.dumps(GOOD).replace('"cue_volume": 0.3', f'"cue_volume": {constant}')
    result = load_settings(write(tmp_path, None, raw.encode()))
    assert result.fallen == ["cue_volume"] and kept(result, "speech_volume", 0.6)


def test_a_byte_order_mark_is_accepted(tmp_path):
    result = load_settings(write(tmp_path, None, b"\xef\xbb\xbf" + json.dumps(GOOD).encode()))
    assert result.notice is None and kept(result, "language", "en")


def test_duplicate_keys_take_the_last_as_json_does(tmp_path):
    raw = json.dumps(GOOD)[:-1] + ', "cue_volume": 0.9}'
    result = load_settings(write(tmp_path, None, raw.encode()))
    assert kept(result, "cue_volume", 0.9)
    assert result.notice == "settings-doubled" and result.doubled == ["cue_volume"]
    assert result.fallen == [] and result.kept_at is not None


def test_unknown_keys_are_kept_and_written_back(tmp_path):
    path = write(tmp_path, {**GOOD, "future_option": {"a": [1, 2]}, "unknown": 3})
    result = load_settings(path)
    assert result.notice is None
    assert save_settings(result.settings, path) is None
    again = json.loads(path.read_text())
    assert again["future_option"] == {"a": [1, 2]} and again["unknown"] == 3
    assert again["cue_volume"] == 0.3


@pytest.mark.parametrize(
    "raw",
    [b"{ not json", b"[1, 2]", b'"text"', b"", b"\xff\xfe{}", b'{"language": "en"'],
)
def test_a_file_that_is_no_settings_object_is_replaced_by_defaults_and_kept_aside(tmp_path, raw):
    path = write(tmp_path, None, raw)
    result = load_settings(path)
    assert result.notice == "settings-damaged" and result.fallen == []
    assert result.kept_at is not None and result.kept_at.read_bytes() == raw


def test_deep_nesting_and_a_huge_file_do_not_crash(tmp_path):
    deep = b'{"language": "en", "x": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    assert load_settings(write(tmp_path, None, deep)).notice == "settings-damaged"
    path = write(tmp_path, None, b"")
    with open(path, "wb") as handle:
        handle.truncate(SETTINGS_CAP * 1000)
    # refused by its size, never read: what the load holds in memory at its peak is
    # counted (a time bound measured the machine's load as much as the reading)
    tracemalloc.start()
    try:
        result = load_settings(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert result.notice == "settings-damaged" and peak < 4 * SETTINGS_CAP
    assert result.kept_at.stat().st_size <= 1 << 20  # kept, but not 256 MB of it


def test_stray_temporary_files_of_a_killed_write_are_removed(tmp_path):
    path = write(tmp_path, GOOD)
    old = path.with_name("settings.json.abc123.tmp")
    old.write_text("{half")
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    fresh = path.with_name("settings.json.def456.tmp")  # perhaps another copy writing now
    fresh.write_text("{")
    load_settings(path)
    assert not old.exists() and fresh.exists()


def test_the_player_hears_which_settings_fell_back_in_their_language(tmp_path, harness_factory):
    data = {**GOOD, "language": "it", "cue_volume": True, "verbosity": {"draws": 3}}
    data["setups"] = {"tira": "nonsense"}
    data["tables"] = {"domino": {"order": {"deep": 1}}}
    write(tmp_path, data)
    h = harness_factory("it").start()
    h.advance(0.05)
    heard = " ".join(h.transcript)
    assert "tornate ai valori predefiniti: Volume dei suoni, Messaggi: pescate" in heard
    assert "la preparazione del tavolo di Tira e Passa" in heard
    assert "le preferenze del tavolo di Domino" in heard
    assert h.app.settings.speech_volume == 0.6  # the rest kept
    h.app.flush_settings(DISK_WAIT)
    again = harness_factory("it").start()  # written back corrected: not told again
    again.advance(0.05)
    assert "predefiniti" not in " ".join(again.transcript)


DOUBLED = {
    "it": "Il file delle impostazioni indicava due volte alcune impostazioni: Volume dei "
    'suoni, Messaggi: pescate, la preparazione del tavolo di Domino, "future". Per ciascuna '
    "ho usato l'ultimo valore; il file com'era è messo da parte.",
    "en": "The settings file gave some settings twice: Sound volume, Messages: draws, the "
    'table setup of Domino, "future". I used the last value given for each; the file as it '
    "was is kept aside.",
}


@pytest.mark.parametrize("lang", ["it", "en"])
def test_keys_given_twice_are_read_the_same_way_told_once_and_kept_aside(
    tmp_path, harness_factory, lang
):
    """A hand-edited file giving a setting twice (at the top, in a group, deep in a
    game's setup, and a key of no setting): the last value is read, the player told
    once in their language which ones, the file kept aside as it was, then written
    back with one value each."""
    text = json.dumps({**GOOD, "language": lang})[:-1]
    text += ', "cue_volume": 0.5, "future": 1, "future": 2'
    text = text.replace('"draws": "off"', '"draws": "speak", "draws": "off"')
    text = text.replace('"levels": ["easy", "hard"]', '"levels": ["hard"], "levels": ["easy"]')
    raw = (text + "}").encode()
    path = write(tmp_path, None, raw)
    h = harness_factory(lang).start()
    h.advance(0.05)
    assert DOUBLED[lang] in " ".join(h.transcript)
    settings = h.app.settings
    assert settings.cue_volume == 0.5 and settings.verbosity["draws"] == "off"
    assert settings.setups["domino"]["levels"] == ["easy"] and settings.unknown["future"] == 2
    assert settings.speech_volume == 0.6  # the rest as it was
    (copy,) = list(path.parent.glob("settings.json.damaged-*"))
    assert copy.read_bytes() == raw
    h.app.flush_settings(DISK_WAIT)
    rewritten = path.read_text()
    assert rewritten.count('"cue_volume"') == 1 and rewritten.count('"future"') == 1
    again = harness_factory(lang).start()  # written back with one value each: not told again
    again.advance(0.05)
    assert DOUBLED[lang][:40] not in " ".join(again.transcript)
    assert again.app.settings.cue_volume == 0.5
