"""A table hosted for "this computer only" is joined by its spoken code alone from another
copy of the game on the same computer: no beacon, and no address typed before."""

from __future__ import annotations

from audiogame.devtools.net_harness import wait_for
from audiogame.net.client.host import LocalHosts
from audiogame.net.protocol import messages as m
from audiogame.net.protocol import spoken_words
from audiogame.ui.online.hosting import new_hosted
from audiogame.ui.online.room import RoomScene
from tests.test_online_play import DOMINO, app, other, type_line


def test_a_hosts_spoken_code_works_without_its_address(tmp_path):
    h = app(tmp_path)  # the second copy; the first hosts from the same data folder
    data = h.app.data_dir
    assert data is not None
    hosted = new_hosted(data / "server", lan=False, name="Casa")  # as the host's app does
    port = hosted.start(timeout=180)
    bruno = other(f"ws://127.0.0.1:{port}", "Bruno")
    try:
        bruno.send(m.CreateTable(game="domino", config=DOMINO, private=True))
        state = wait_for(bruno, lambda i: isinstance(i, m.TableState))
        assert not h.app.settings.online_address  # never joined by address
        h.press("down")
        h.press("down")
        h.press("enter")  # Join with a code
        type_line(h, spoken_words.say([int(n) for n in state.table.code.split("-")], "en"))
        assert h.settle(lambda: isinstance(h.app.top, RoomScene), 60)
        assert h.app.top.info.id == state.table.id
    finally:
        bruno.close()
        h.app.pop_to(h.app.scenes[0])
        h.close()
        hosted.stop(timeout=60)
    assert LocalHosts(data / "hosts").ports() == []  # gone with its server
