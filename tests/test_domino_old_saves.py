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
from audiogame.devtools.harness import Harness
from audiogame.devtools.resume_check import adapter_for, resume_from_menu
from audiogame.store.saveformat import decode

FIXTURES = Path(__file__).parent / "fixtures" / "domino-saves"
DOMINO = adapter_for("domino")
#: name -> whether the continuation is held word for word (no hard bot at the table)
CASES = {"four-easy": True, "teams-hard": False, "timed-sorted": True}


def kept(state: dict[str, Any]) -> dict[str, Any]:
    """What a resume must keep of a saved match, from the old format or today's."""
    view = state["view"]
    controls = view.get("controls", view)
    return {
        "engine": state["engine"],
        "bots": state["bots"],
        "seed": state["seed"],
        "order": controls["order"],
        "focus": controls["focus"],
        "group": controls["group"],
        "pause": view["pause"],
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
