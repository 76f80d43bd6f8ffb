"""A server that refuses a table's options says which option and why, and the player
hears it in their own language, not "the game does not accept these settings".

The real app (harness: real loop, recording speaker) asks a real server on 127.0.0.1
for a table as a client of another version could (this app's own setup never sends
such a table: it says the game's reason at the arrows, tests/test_online_create.py).
"""

from __future__ import annotations

from typing import Any

import pytest

from audiogame.devtools.harness import Harness
from audiogame.devtools.net_harness import ServerThread
from audiogame.games.domino.spec import table_config
from audiogame.net.protocol import option_words
from audiogame.ui.online.create import TableChoice
from audiogame.ui.online.hosting import Target
from audiogame.ui.online.lobby import LobbyScene
from audiogame.ui.online.menu import OnlineMenu


def refused_words(tmp_path, lang: str, config: dict[str, Any]) -> tuple[str, Harness]:
    """What the player hears when the server refuses ``config`` for a Domino table."""
    server = ServerThread(tmp_path / "server").start()
    h = Harness(tmp_path / "app", lang=lang)
    h.app.settings.online_name = "Anna"
    menu = OnlineMenu(h.app)
    h.start(menu)
    try:
        choice = TableChoice("domino", config, False, False)
        target = Target(server.url, f"127.0.0.1:{server.port}")
        h.app.push(LobbyScene(h.app, menu, [target], create=choice))
        generic = h.app.localizer("net-reason-bad-options")
        cues = h.app.announcer.cue_log
        assert h.settle(lambda: any(c[0] == "menu_error" for c in cues), 60), h.transcript
        h.settle(lambda: False, 0.3)
        said = " | ".join(h.transcript)
        assert generic not in said, said
        return said, h
    finally:
        h.app.pop_to(h.app.scenes[0])
        server.stop()
        h.close()


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_set_too_small_for_the_players_is_told_as_the_games_reason(tmp_path, lang):
    config = table_config(5, {})  # the double 6 seats four at most
    said, h = refused_words(tmp_path, lang, config)
    t = h.app.localizer
    six = t("domino-option-set-double-6")
    assert t("domino-problem-set-too-small", set=six, players=5, max=4) in said, said


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_value_the_server_does_not_offer_names_the_option(tmp_path, lang):
    config = {**table_config(4, {}), "set_id": "double-99"}  # another version's set
    said, h = refused_words(tmp_path, lang, config)
    t = h.app.localizer
    why = t("net-option-not-offered")
    assert t("net-option-refused", option=t("domino-option-set"), why=why) in said, said


def test_a_hostile_reason_is_never_read_out():
    """Only a game's setup reasons and the server's own; a phrase only of the game's
    words; anything else left out (the generic reason is said instead)."""
    said: list[tuple[str, dict[str, Any]]] = []

    def t(msg_id: str, **args: Any) -> str:
        said.append((msg_id, args))
        return msg_id

    assert option_words.problem_words("domino", "", "quit-confirm", {}, t) is None
    assert option_words.problem_words("domino", "", "tira-problem-x", {}, t) is None
    hostile = {"set": {"phrase": "online-said", "args": {}}, "n": [1], "players": 5}
    words = option_words.problem_words("domino", "", "domino-problem-set-too-small", hostile, t)
    assert words == "domino-problem-set-too-small"
    assert said[-1] == ("domino-problem-set-too-small", {"players": 5})
