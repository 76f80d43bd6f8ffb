"""A first connection that never comes up: said once, tried a few seconds, then given up
aloud and back where the player started (a wrong address left them in an empty, silent
lobby for good). A host that starts a moment late is still reached."""

from __future__ import annotations

import socket

from audiogame.devtools.net_harness import ServerThread
from audiogame.ui.online.lobby import LobbyScene
from audiogame.ui.online.menu import OnlineMenu
from tests.test_online_play import app, type_line


def closed_port() -> int:
    """A loopback port nobody listens on (bound, then let go)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def join(h, address: str) -> None:
    for _ in range(3):
        h.press("down")
    h.press("enter")
    type_line(h, address)


def test_a_wrong_address_is_given_up_aloud_and_the_menu_comes_back(tmp_path):
    h = app(tmp_path, lang="it")
    try:
        port = closed_port()
        url = f"ws://127.0.0.1:{port}"
        join(h, f"127.0.0.1:{port}")
        assert h.settle(lambda: isinstance(h.app.top, OnlineMenu), 40), h.transcript[-5:]
        said = " | ".join(h.transcript)
        assert said.count(f"Non riesco ancora a raggiungere {url}: riprovo") == 1
        assert f"Non sono riuscito a raggiungere {url}. Controlla l'indirizzo" in said
        h.press("down")  # the menu answers keys again
        assert h.transcript[-1]
    finally:
        h.close()


def test_a_host_that_starts_a_moment_late_is_reached(tmp_path):
    port = closed_port()
    # the host in this process: it listens as soon as it is told to, while a new server
    # process on a busy machine spends longer importing than the client's few seconds
    server = ServerThread(tmp_path / "server", port=port)
    h = app(tmp_path)
    try:
        join(h, f"127.0.0.1:{port}")
        assert h.settle(lambda: "trying again for a few seconds" in " ".join(h.transcript), 60)
        server.start()
        assert h.settle(lambda: isinstance(h.app.top, LobbyScene) and h.app.top.listed, 60)
        assert not any("I could not reach" in line for line in h.transcript)
    finally:
        h.app.pop_to(h.app.scenes[0])
        if server.server is not None:
            server.stop()
        h.close()
