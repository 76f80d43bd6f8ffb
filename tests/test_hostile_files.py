"""The hostile-file corpus (``devtools/hostile_files.py``), a fast subset: every crafted
save of issue 11 and every fourth damaged one of each game, every settings case.
Nothing may crash, nothing may spin for a second, settings lose only the bad field.
The whole corpus: ``benchmarks/hostile_files.py``."""

from __future__ import annotations

import logging

import pytest

from audiogame.devtools.games import hooks
from audiogame.devtools.hostile_files import (
    real_saves,
    run_save_case,
    run_settings_case,
    save_cases,
    settings_cases,
)
from audiogame.games import registry

#: a case that spins for a second of CPU is a hang; wall time gets a wider bound, as
#: other jobs on a shared machine stretch it (the benchmark reports the wall time)
HANG = 1.0
WALL = 10.0
GENERIC = ("truncated-", "bit-flip-", "state-", "header-")
#: the games whose saved matches the hostile files are made from (those with a resume
#: check: the shipped games)
SAVING = [spec.id for spec in registry.games() if hooks(spec.id).resume_adapter is not None]


@pytest.fixture(scope="module")
def saves(tmp_path_factory):
    return real_saves(tmp_path_factory.mktemp("real"))


def subset(cases):
    generic = [c for c in cases if c.name.split("/", 1)[1].startswith(GENERIC)]
    crafted = [c for c in cases if c not in generic]
    return crafted + generic[::4]


def test_the_corpus_is_large_and_covers_every_game_that_saves(saves):
    assert set(saves) >= set(SAVING)
    total = sum(len(save_cases(game, data)) for game, data in saves.items())
    assert total + len(settings_cases()) >= 200


@pytest.mark.parametrize("game", SAVING)
def test_hostile_saves_never_crash_or_hang(saves, game, tmp_path, harness_factory, caplog):
    caplog.set_level(logging.ERROR)
    h = harness_factory("en").start()
    outcomes = [
        run_save_case(case, tmp_path / str(n), h.app)
        for n, case in enumerate(subset(save_cases(game, saves[game])))
    ]
    assert len(outcomes) > 80
    assert [o.name for o in outcomes if o.crashed] == []
    assert [o.name for o in outcomes if o.cpu_seconds > HANG or o.seconds > WALL] == []
    by_name = {o.name.split("/", 1)[1]: o.result for o in outcomes}
    for crafted in (
        "bots-a-trillion-draws",
        "log-100k-copies",
        "log-time-going-back",
        "8-million-actions",
        "deep-nesting",
        "huge-sparse-file",
        "summary-manche-minus-5-99-players",
        "empty-file",
    ):
        assert by_name[crafted] == "refused", crafted
    assert by_name["raised-seq-without-a-digest"] == "resumed"  # the whole slot wins


def test_crafted_domino_and_tira_fields_are_refused(saves, tmp_path, harness_factory):
    h = harness_factory("en").start()
    wanted = {
        "domino/iterations-10-to-the-15",
        "tira/clock-1e300",
        "tira/clock-Infinity",
        "tira/clock-NaN",
        "tira/pile-18-copies-of-one-coaster",
        "tira/faces-not-symbols",
    }
    cases = [c for game, data in saves.items() for c in save_cases(game, data) if c.name in wanted]
    assert {c.name for c in cases} == wanted
    for n, case in enumerate(cases):
        assert run_save_case(case, tmp_path / str(n), h.app).result == "refused", case.name


def test_hostile_settings_lose_only_the_bad_field(tmp_path):
    outcomes = [run_settings_case(c, tmp_path / str(n)) for n, c in enumerate(settings_cases())]
    assert len(outcomes) > 100
    assert [o.name for o in outcomes if o.crashed] == []
    assert [o.name for o in outcomes if o.cpu_seconds > HANG or o.seconds > WALL] == []
    assert [(o.name, o.lost_more) for o in outcomes if o.lost_more] == []
    results = {o.name: o.result for o in outcomes}
    assert results["settings/bom"] == results["settings/unknown-keys"] == "kept"
    assert results["settings/cue_volume-true"] == "fields-reset"
    assert results["settings/duplicate-keys"] == "doubled"  # the last value read, and told
