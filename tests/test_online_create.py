"""Creating an online table through the real loop: a configuration the game refuses is
refused with the game's own reason, in the player's language, as its setup on this
computer says it (not a general "these options are not valid"); once mended, the
table goes to the server."""

from __future__ import annotations

import pytest

from audiogame.devtools.harness import Harness
from audiogame.ui.online.create import CreateTableScene, TableChoice


def to_row(h: Harness, label: str) -> None:
    """The first row, then down until the one named ``label``."""
    if h.press("home").startswith(label):
        return
    for _ in range(len(h.app.top.items)):
        if h.press("down").startswith(label):
            return
    raise AssertionError(f"no row {label!r}")


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_domino_table_with_no_limits_is_refused_with_the_setups_reason(tmp_path, lang):
    h = Harness(tmp_path, lang=lang)
    chosen: list[TableChoice] = []
    scene = CreateTableScene(h.app, chosen.append, hosting=False)
    h.start(scene)
    t = h.app.localizer
    try:
        assert scene.spec.id == "domino"
        to_row(h, t("domino-option-point-limit"))
        for _ in range(4):  # 100, 75, 50, 25, off: with the manches unlimited
            said = h.press("left")
        assert scene.values["point_limit"] == 0, said
        # said the moment the value is chosen, after it, not only at Enter
        assert said.endswith(t("domino-problem-no-limit")), said
        assert list(h.app.announcer.cue_log)[-1][0] == "menu_error"
        h.press("enter")
        assert h.transcript[-1] == t("domino-problem-no-limit")
        assert list(h.app.announcer.cue_log)[-1][0] == "menu_error"
        assert chosen == [] and h.app.top is scene
        # one manche to play: the match can end, and the table is asked for
        to_row(h, t("domino-option-manche-limit"))
        h.press("right")
        h.press("enter")
        assert len(chosen) == 1 and h.app.top is not scene
        config = chosen[0].config
        assert (config["point_limit"], config["manche_limit"]) == (0, 1)
    finally:
        h.close()


@pytest.mark.parametrize("lang", ["en", "it"])
def test_players_a_set_cannot_seat_are_told_when_chosen_and_the_next_set_mends_it(tmp_path, lang):
    h = Harness(tmp_path, lang=lang)
    chosen: list[TableChoice] = []
    scene = CreateTableScene(h.app, chosen.append, hosting=False)
    h.start(scene)
    t = h.app.localizer
    try:
        to_row(h, t("online-option-players"))
        assert scene.players == 4 and scene.values["set_id"] == "double-6"
        said = h.press("right")  # five players: a double 6 seats four at most
        assert scene.players == 5, said
        six = t("domino-option-set-double-6")
        bad = t("domino-problem-set-too-small", set=six, players=5, max=4)
        assert said.startswith("5") and said.endswith(bad), said
        assert list(h.app.announcer.cue_log)[-1][0] == "menu_error"
        assert h.press("enter").endswith(bad)  # Enter says the same, and stays
        assert chosen == [] and h.app.top is scene
        to_row(h, t("domino-option-set"))
        said = h.press("right")  # a double 9 seats six
        assert scene.values["set_id"] == "double-9"
        assert t("domino-option-set-double-9") in said and bad not in said, said
        assert list(h.app.announcer.cue_log)[-1][0] != "menu_error"
        h.press("enter")
        assert len(chosen) == 1 and chosen[0].config["seats"] == 5
    finally:
        h.close()
