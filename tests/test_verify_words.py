"""`audiogame verify` speaks the player's language: its help, its verdict and its reasons
(they were English only, while the rest of the command line follows the player)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from audiogame.net import verify
from audiogame.net.protocol.match_log import seed_hash


def unplayed(tmp_path: Path, seed: str, committed: str) -> Path:
    """A Domino match that ended before its first move: the smallest log that replays."""
    data = {"game": "domino", "seed": seed, "seed_hash": seed_hash(committed)}
    data |= {"config": {}, "start": 0.0, "log": []}
    file = tmp_path / "match.json"
    file.write_text(json.dumps(data), encoding="utf-8")
    return file


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("it", "non verificata: il registro si ferma prima della fine della partita"),
        ("en", "not verified: the log stops before the match ends"),
    ],
)
def test_a_log_that_stops_before_the_end_is_refused(tmp_path, capsys, lang, said) -> None:
    assert verify.main([str(unplayed(tmp_path, "abc", "abc")), "--lang", lang]) == 1
    assert capsys.readouterr().err.startswith(said)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("it", "non verificata: il seme non è quello promesso dal tavolo all'inizio"),
        ("en", "not verified: the seed is not the one the table committed to at the start"),
    ],
)
def test_a_wrong_seed_is_refused_with_its_reason(tmp_path, capsys, lang, said) -> None:
    assert verify.main([str(unplayed(tmp_path, "abd", "abc")), "--lang", lang]) == 1
    assert capsys.readouterr().err.strip() == said


def test_without_lang_the_systems_language_is_followed(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("LC_ALL", "it_IT.UTF-8")
    assert verify.main([str(tmp_path / "missing.json")]) == 1
    assert capsys.readouterr().err.startswith("non verificata: il file non si può leggere (")
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")
    (tmp_path / "torn.json").write_text("{[", encoding="utf-8")
    assert verify.main([str(tmp_path / "torn.json")]) == 1
    assert capsys.readouterr().err.startswith("not verified: the file is damaged")


def test_the_help_is_in_the_players_language(capsys) -> None:
    with pytest.raises(SystemExit):
        verify.main(["--help", "--lang", "it"])
    out = capsys.readouterr().out
    assert out.startswith("uso: audiogame verify")
    assert "Rigioca su questo computer" in out and "la cartella dei dati di un server" in out
