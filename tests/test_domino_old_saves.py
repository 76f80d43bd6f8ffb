"""Saves written before Domino moved onto the app's generic saving still resume, the
same match, and it goes on as it did then.

``tests/fixtures/domino-saves`` holds save files made by that code (``make.py``) and
how each match went on when that code resumed it. Today's code must offer each one
in the main menu, rebuild the very same match (engine, bots, the player's sort order,
cursor and pause), and play it to the end. Where no hard bot sits at the table the
continuation must be the same word for word and event for event (the hard bot's
search may be improved; its seed then leads elsewhere, and only the resume is held).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from audiogame.core.jsonlog import plain
from audiogame.core.saving import OtherVersion
from audiogame.devtools.harness import Harness
from audiogame.devtools.resume_check import adapter_for, resume_from_menu
from audiogame.games.domino.save_versions import read_state
from audiogame.store.saveformat import decode

FIXTURES = Path(__file__).parent / "fixtures" / "domino-saves"
DOMINO = adapter_for("domino")
#: name -> whether the continuation is held word for word (no hard bot at the table)
CASES = {"four-easy": True, "teams-hard": False, "timed-sorted": True}


def kept(state: dict[str, Any]) -> dict[str, Any]:
    """What a resume must keep of a saved match, from version 4 (the table's view in
    Domino's own shape) or today's (``core.match_save``'s view)."""
    view = state["view"]
    controls, own = view.get("controls", view), view.get("table", view)
    return {
        "engine": state["engine"],
        "bots": state["bots"],
        "seed": state["seed"],
        "order": controls["order"],
        "focus": controls["focus"],
        "group": controls["group"],
        "pause": own["pause"],
        "iterations": own["iterations"],
    }


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_save_from_before_resumes_the_same_match_and_it_plays_on(tmp_path, name):
    saved = (FIXTURES / f"{name}.save").read_bytes()
    after = json.loads((FIXTURES / f"{name}.after.json").read_text())
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "match-domino.json").write_bytes(saved)
    h = Harness(tmp_path, lang=after["lang"])
    try:
        run = resume_from_menu(h, DOMINO, decode(saved).state)
        assert run.state is not None
        assert kept(run.state) == kept(decode(saved).state)  # the same match, resumed
        assert kept(run.state) == kept(after["resumed"])
        table = h.app.top
        assert table.match.is_over  # it played on to its end
        assert len(table.match.log) > len(after["resumed"]["engine"]["log"])
        if CASES[name]:
            assert h.transcript == after["said"]
            assert [repr(event) for event in run.events] == after["events"]
            assert run.saves == after["saves"]
            assert plain(table.match.to_dict()) == after["end"]
    finally:
        h.close()


def test_a_save_from_before_is_checked_whole_by_its_own_schema():
    """The migration reads version 4 by version 4's schema: what it refused is still
    refused (a hostile budget, a bad cursor), and an older version stays another."""
    state = decode((FIXTURES / "teams-hard.save").read_bytes()).state
    assert read_state(json.dumps(state).encode())["view"]["table"] == {
        "iterations": state["view"]["iterations"],
        "pause": False,
    }
    for bad in ({"iterations": 10**15}, {"focus": "x"}, {"order": 3}, {"extra": 1}):
        crafted = dict(state, view=dict(state["view"], **bad))
        with pytest.raises(ValueError) as refused:
            read_state(json.dumps(crafted).encode())
        assert not isinstance(refused.value, OtherVersion)  # refused, not "another version"
    with pytest.raises(OtherVersion):
        read_state(json.dumps(dict(state, version=3)).encode())
