"""A server keeps nothing of guests who have left and been forgotten: their
connections are freed (a closed connection kept in the people's watchers held every
guest's socket, buffers and request for good: memory grew with every wave of guests),
and no map of the lobby keeps them. benchmarks/guest_memory.py measures the memory."""

from __future__ import annotations

import gc
import time
import weakref
from pathlib import Path

from audiogame.devtools.net_harness import ServerThread, wait_for
from audiogame.net.client.game_client import GameClient
from audiogame.net.protocol import messages as m
from audiogame.net.server.options import ServerOptions


def test_guests_gone_and_forgotten_leave_nothing_behind(tmp_path: Path):
    with ServerThread(tmp_path, ServerOptions(guest_keep=0.3)) as server:
        lobby = server.server.lobby  # type: ignore[union-attr]
        guests = []
        for n in range(12):
            guest = GameClient(server.url, f"Ospite{n}", reconnect=False)
            guest.start()
            wait_for(guest, lambda i: isinstance(i, m.Welcome))
            guest.watch_people()
            wait_for(guest, lambda i: isinstance(i, m.People))
            guests.append(guest)
        held = server.run(lambda: [weakref.ref(c) for c in server.server.connections])
        assert len(held) == 12
        for guest in guests:
            guest.close()
        deadline = time.monotonic() + 60  # only ends a wait that never ends
        while server.run(lambda: bool(lobby.players or server.server.connections)):
            assert time.monotonic() < deadline, "the guests were never forgotten"
            time.sleep(0.05)
        server.run(gc.collect)
        assert [ref for ref in held if ref() is not None] == []  # every connection freed
        assert server.run(
            lambda: (
                lobby.people.watchers,
                lobby.people.here,
                lobby.people.online,
                lobby._by_token,
                dict(lobby.addresses.open),
            )
        ) == (set(), {}, {}, {}, {})
