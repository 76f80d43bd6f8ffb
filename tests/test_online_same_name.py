"""Two copies of the game on one computer start with the same online name (the
system's user name, or the settings they share). The second is given a distinct name
by the server ("Anna 2") and told so, in its language, and sits at the first one's
table; before, its join was refused with "someone at this table already has that
name", which its player could not understand. Its own chosen name is kept as it was.

Two real apps (harness: real loop, recording speaker) and a real server on 127.0.0.1.
"""

from __future__ import annotations

import pytest

from audiogame.devtools.harness import Harness
from audiogame.devtools.net_harness import ServerThread
from audiogame.ui.online.menu import OnlineMenu
from audiogame.ui.online.room import RoomScene
from tests.test_online_play import join_address


def app(folder, lang: str) -> Harness:
    h = Harness(folder, lang=lang)
    h.app.settings.online_name = "Anna"
    return h.start(OnlineMenu(h.app))


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_second_copy_with_the_same_name_is_told_its_name_here_and_sits(tmp_path, lang):
    with ServerThread(tmp_path / "server") as server:
        address = f"127.0.0.1:{server.port}"
        first = app(tmp_path / "first", "en")
        second = app(tmp_path / "second", lang)
        try:
            join_address(first, address)
            first.press("enter")  # no table yet: Create a table
            first.press("enter")  # Domino, 4 players
            assert first.settle(lambda: isinstance(first.app.top, RoomScene))
            lobby = join_address(second, address)
            t = second.app.localizer
            told = t("online-renamed", asked="Anna", name="Anna 2")
            assert second.settle(lambda: any(told in s for s in second.transcript), 60)
            # the list follows the news, it does not cut it off
            said = " | ".join(second.transcript)
            assert said.index(told) < said.index(t("online-lobby-title"))
            assert second.app.settings.online_name == "Anna"  # my name, kept as I chose it
            second.press("home")
            second.press("enter")  # the first copy's table
            assert second.settle(lambda: isinstance(second.app.top, RoomScene))
            assert lobby.link is not None and lobby.link.seat == 1
            assert not any(t("net-reason-name-at-table") in s for s in second.transcript)
            assert first.settle(lambda: any("Anna 2" in s for s in first.transcript[-5:]))
        finally:
            for h in (first, second):
                h.app.pop_to(h.app.scenes[0])
                h.close()
