"""The server says goodbye and the player understands: the host closes the server in the
middle of a match; the desktop app says why in the player's language, does not try
again, and the player is back in the online menu, whose keys answer."""

from __future__ import annotations

import pytest

from audiogame.devtools.net_harness import ServerThread
from audiogame.ui.online.menu import OnlineMenu
from audiogame.ui.online.room import RoomScene
from audiogame.ui.table import TableScene
from tests.test_online_play import app, join_address, said_since

WORDS = {
    "en": ("The server is shutting down.", "Connection lost, trying again", "Manche 1"),
    "it": ("Il server si sta spegnendo.", "Connessione persa, riprovo", "Manche 1"),
}


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_server_closing_mid_match_brings_the_player_back_to_a_menu(tmp_path, lang):
    goodbye, retrying, begun = WORDS[lang]
    server = ServerThread(tmp_path / "server").start()
    h = app(tmp_path, lang=lang)
    try:
        join_address(h, f"127.0.0.1:{server.port}")
        h.press("enter")  # create: 4 players
        h.press("down")
        h.press("left")
        h.press("left")  # 2 players
        h.press("enter")
        assert h.settle(lambda: isinstance(h.app.top, RoomScene))
        mark = len(h.transcript)
        h.press("b")
        assert h.settle(lambda: len(h.transcript) > mark)  # the bot sits
        h.press("enter")
        assert h.settle(lambda: isinstance(h.app.top, TableScene), 60)
        assert h.settle(lambda: begun in said_since(h, mark), 60)
        mark = len(h.transcript)
        server.stop()  # the host closes it: goodbye "shutdown" to everyone
        assert h.settle(lambda: isinstance(h.app.top, OnlineMenu), 60)
        heard = said_since(h, mark)
        assert goodbye in heard and retrying not in heard
        mark = len(h.transcript)
        h.press("down")  # the menu answers
        assert len(h.transcript) > mark
    finally:
        h.app.pop_to(h.app.scenes[0])
        h.close()
