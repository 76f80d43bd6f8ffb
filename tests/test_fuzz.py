"""Hostile input: thousands of random keys through the real loop, in every scene.

The fuzzer (``audiogame.fuzz``) presses random keys of the whole keyboard with
random modifiers and key-repeat bursts, steered through every scene of both
games, with virtual time going on between keys; it injects screen reader and
sound device faults. Nothing may escape, every key must be answered, and the
engines' invariants must hold after every step. No timing is asserted here:
these machines are shared and noisy (``benchmarks/fuzz_keys.py`` measures).
"""

from __future__ import annotations

import pygame
import pytest

from audiogame.devtools.fuzzing import (
    KEY_FAMILIES,
    MODS,
    Fuzzer,
    available_targets,
    random_key,
    scenes_of,
)

KEYS = 4000
#: the tables the walk opens seat hard and expert bots too: their search runs on a small
#: budget (the subject here is the keys, not how well the bots play)
pytestmark = pytest.mark.usefixtures("small_search")


def test_random_keys_in_every_scene_break_nothing(tmp_path):
    report = Fuzzer(tmp_path, seed=7, fault_every=700).run(KEYS)

    assert report.keys >= KEYS
    assert report.exceptions == []
    assert report.silent == []
    assert report.violations == []
    assert report.fault_problems == []
    # every scene had its share, both games, every table size
    scenes = scenes_of(available_targets())
    assert scenes <= set(report.keys_per_scene)
    fair = KEYS / len(scenes) / 3
    assert min(report.keys_per_scene[s] for s in scenes) > fair
    tira_sizes = {seats for game, seats in report.table_sizes if game == "tira"}
    assert tira_sizes == {2, 3, 4, 5, 6}
    assert report.resumed > 0  # matches left behind, taken up again from the main menu
    assert {"TiraTable/ended", "DominoTable/ended"} <= scenes  # keys after the last move
    # faults of every kind were injected and each was recovered from
    assert set(report.recovered) == {"speech-raise", "speech-hang", "sound"}
    assert report.recovered == report.faults
    assert report.bursts > 0 and report.sessions > 1


def test_both_games_are_in_the_walk():
    targets = available_targets()
    assert "DominoTable" in targets and "TableMenu" in targets
    assert "TiraTable/race-manual" in targets and "TiraTable/practice" in targets
    assert "TiraTable/ended" in targets and "DominoTable/ended" in targets


def test_keys_come_from_the_whole_keyboard_with_every_modifier():
    import random

    rng = random.Random(3)
    keys = [random_key(rng) for _ in range(20_000)]
    drawn = {e.key for e in keys}
    every = {k for family, _ in KEY_FAMILIES for k, _ in family}
    assert drawn == every
    assert {e.mod for e in keys} == {m for m, _ in MODS}
    assert pygame.K_F12 in drawn and pygame.K_KP_ENTER in drawn and pygame.K_LSHIFT in drawn


def test_the_same_seed_walks_the_same_way(tmp_path):
    # a finding is replayed from its seed: the walk depends on nothing but the seed
    walks = [Fuzzer(tmp_path / str(i), seed=11).run(600) for i in range(2)]
    assert walks[0].keys_per_scene == walks[1].keys_per_scene
    assert walks[0].sessions == walks[1].sessions
