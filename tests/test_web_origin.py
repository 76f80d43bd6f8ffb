"""The page's WebSocket checks ``Origin``: an outsider's raw client presenting another
site's origin (or "null") is refused at the handshake, with both subprotocols; the
server's own page, a named public origin, and a client that is no browser (no Origin:
the desktop app) are let in."""

from __future__ import annotations

from pathlib import Path

import pytest
from websockets.exceptions import InvalidStatus

from audiogame.devtools.net_harness import ServerThread
from audiogame.net.server.options import ServerOptions
from audiogame.net.web import origin
from tests.raw_client import Raw, run

PUBLIC = "https://games.example.org"
SUBPROTOCOLS = ["audiogame.v1", "audiogame.web.v1"]


async def _status(url: str, subprotocol: str, **headers: str) -> int | str:
    """101 and the welcome's type, or the refused handshake's status."""
    try:
        raw = await Raw.open(url, subprotocols=[subprotocol], additional_headers=headers)
    except InvalidStatus as refused:
        return refused.response.status_code
    try:
        await raw.send("hello", name="Ospite")
        frame = await raw.next("welcome")
        return frame["type"]
    finally:
        await raw.close()


@pytest.mark.parametrize("subprotocol", SUBPROTOCOLS)
def test_another_sites_page_is_refused_and_ours_let_in(tmp_path: Path, subprotocol: str) -> None:
    with ServerThread(tmp_path, ServerOptions(origins=(PUBLIC,))) as server:
        own = f"http://127.0.0.1:{server.port}"

        async def scenario() -> None:
            for hostile in ("http://evil.example", "null", "https://127.0.0.1.evil.example"):
                assert await _status(server.url, subprotocol, Origin=hostile) == 403, hostile
            assert (
                await _status(server.url, subprotocol, Origin=f"http://localhost:{server.port}")
                == 403
            )
            assert await _status(server.url, subprotocol, Origin=own) == "welcome"
            assert await _status(server.url, subprotocol, Origin=PUBLIC) == "welcome"
            assert await _status(server.url, subprotocol) == "welcome"  # no browser

        run(scenario())


def test_origins_compared_as_browsers_send_them() -> None:
    assert origin.allowed("https://games.example.org:443", "games.example.org")
    assert origin.allowed("http://[::1]:8080", "[::1]:8080")
    assert not origin.allowed("http://games.example.org", "games.example.org:8080")
    assert not origin.allowed("file://", "127.0.0.1")
    assert not origin.allowed("http://a.example", None)
    assert origin.allowed(None, None)
