"""Presence while the relay is slow: behind Redis a process hears its own players' news
back a moment after it sent it. The relay here holds every broadcast until the test lets
it through, forcing the interleaving a loaded machine only sometimes gives: a private
message to a player in the moment after their welcome was refused as to nobody online,
and a listing asked then left them out."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from audiogame.net.protocol import messages as m
from audiogame.net.server.lobby import Player
from audiogame.net.server.people import People


class HeldRelay:
    """Broadcasts wait here until ``release``: the relay's echo, as late as the test says."""

    def __init__(self) -> None:
        self.held: list[tuple[str, dict[str, Any]]] = []
        self._handler: Callable[[str, dict[str, Any]], None] | None = None

    async def broadcast(self, kind: str, data: dict[str, Any]) -> None:
        self.held.append((kind, data))

    def listen(self, handler: Callable[[str, dict[str, Any]], None]) -> None:
        self._handler = handler

    def release(self) -> None:
        held, self.held = self.held, []
        assert self._handler is not None
        for kind, data in held:
            self._handler(kind, data)


class Watcher:
    def __init__(self) -> None:
        self.frames: list[bytes] = []

    def send_frame(self, frame: bytes) -> None:
        self.frames.append(frame)


def test_a_player_just_welcomed_is_found_and_listed_on_their_process_before_the_echo():
    async def run() -> None:
        relay = HeldRelay()
        people = People(store=None, relay=relay)  # type: ignore[arg-type]
        watcher = Watcher()
        people.watch(watcher, True)
        dario = Player(id="p-dario", name="Dario", token_hash="")
        people.arrived(dario)
        await asyncio.sleep(0)  # the broadcast task runs: held, not echoed
        assert relay.held and relay.held[0][0] == "presence"
        assert people.find("Dario") == "p-dario"  # a message to him reaches him
        assert [p.name for p in people.listing({})] == ["Dario"]
        assert people.status_of("p-dario") == "available"
        assert watcher.frames == []  # watchers hear of him once, from the echo
        relay.release()
        assert [m.SERVER_DECODER.decode(f) for f in watcher.frames] == [
            m.Presence(person=people.listing({})[0])
        ]
        people.gone(dario)
        await asyncio.sleep(0)
        relay.release()
        assert people.find("Dario") is None and people.listing({}) == []
        people.close()

    asyncio.run(run())
