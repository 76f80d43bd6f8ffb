"""The first online name is the player's, not the system's account: a game started as
"root" (over SSH, in a container) or "Administrator" offers the friendly default."""

from __future__ import annotations

import getpass

import pytest

from audiogame.devtools.harness import Harness
from audiogame.ui.online.menu import OnlineMenu


@pytest.mark.parametrize(
    ("user", "lang", "name"),
    [
        ("root", "en", "Player"),
        ("Administrator", "it", "Giocatore"),
        ("giulia", "it", "giulia"),
    ],
)
def test_the_default_online_name(tmp_path, monkeypatch, user, lang, name):
    monkeypatch.setattr(getpass, "getuser", lambda: user)
    h = Harness(tmp_path, lang=lang)
    try:
        h.start(OnlineMenu(h.app))
        assert h.app.settings.online_name == name
    finally:
        h.close()
