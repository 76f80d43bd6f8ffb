"""Finished online matches: the revealed seed checked against the one sealed at the
start, and the match kept on the player's computer for ``audiogame verify``
(a whole match kept and verified: tests/test_online_real_app.py)."""

from __future__ import annotations

import json

from audiogame.net.protocol import messages as m
from audiogame.net.protocol.match_log import seed_hash
from audiogame.ui.online import kept


def over(seed: str, sealed: str | None = None) -> m.MatchOver:
    committed = seed_hash(seed) if sealed is None else sealed
    return m.MatchOver(seed=seed, seed_hash=committed, game="domino", config={}, start=0.0, log=[])


def test_the_seed_must_be_the_one_sealed_at_the_start():
    honest = over("s1")
    assert kept.seed_kept(seed_hash("s1"), honest)
    assert kept.seed_kept("", honest)  # came in later: the end's own commitment
    assert not kept.seed_kept(seed_hash("another"), honest)  # not what I heard sealed
    assert not kept.seed_kept("", over("s1", sealed=seed_hash("s2")))  # not what it said


def test_a_kept_match_is_the_match_and_only_the_newest_stay(tmp_path):
    path = kept.keep_match(tmp_path, over("s1"), now=0.0)
    assert path is not None and path.parent == tmp_path / kept.FOLDER
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["seed"] == "s1" and data["seed_hash"] == seed_hash("s1")
    for n in range(kept.KEEP + 5):
        kept.keep_match(tmp_path, over(f"s{n + 2}"), now=float(n + 1))
    assert len(list((tmp_path / kept.FOLDER).glob("*.json"))) == kept.KEEP


def test_nowhere_to_keep_it_is_no_trouble(tmp_path):
    assert kept.keep_match(None, over("s1")) is None
    blocked = tmp_path / "file"
    blocked.write_text("")  # the data folder is a file: nothing can be written in it
    assert kept.keep_match(blocked, over("s1")) is None
