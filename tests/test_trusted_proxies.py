"""Behind a reverse proxy: a real server process, real proxies of our own in front of it
(devtools/http_proxy.py: the client's address appended as nginx does), clients that
connect to 127.0.0.1 from several loopback source addresses. Only a trusted proxy's
forwarded-for is believed, read from the right; the bounds per address then hold per
client, not per proxy."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Iterator
from contextlib import AsyncExitStack
from pathlib import Path

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.typing import Subprotocol

from audiogame.devtools.http_proxy import ForwardingProxy
from audiogame.devtools.net_harness import ServerProcess
from audiogame.net.protocol import messages as m
from audiogame.net.server.forwarded import client_address, network

TOO_MANY = "too-many-connections"


async def enter(
    stack: AsyncExitStack, url: str, source: str, headers: dict[str, str] | None = None
) -> str:
    """Open a connection from ``source`` (a loopback address), say hello, and tell the
    answer: "welcome", or the goodbye's reason. A welcomed connection stays open."""
    ws: ClientConnection = await stack.enter_async_context(
        connect(
            url,
            subprotocols=[Subprotocol(m.SUBPROTOCOL)],
            additional_headers=headers,
            local_addr=(source, 0),
            open_timeout=30,
        )
    )
    with contextlib.suppress(ConnectionClosed):  # a refused one may be closed already
        await ws.send(json.dumps({"type": "hello", "name": f"P{source.rsplit('.', 1)[1]}"}))
    async with asyncio.timeout(60):  # only ends a wait that never ends
        async for frame in ws:
            kind = json.loads(frame)
            if kind["type"] == "welcome":
                return "welcome"
            if kind["type"] == "goodbye":
                return str(kind["reason"])
    return "closed"


def run(scenario) -> list[str]:
    async def go() -> list[str]:
        async with AsyncExitStack() as stack:
            return await scenario(stack)

    return asyncio.run(go())


@pytest.fixture
def serve(tmp_path: Path) -> Iterator:
    made: list[ServerProcess | ForwardingProxy] = []

    def start(*trusted: str) -> ServerProcess:
        args = ["--limit-loopback", "--per-address", "1"]
        for net in trusted:
            args += ["--trusted-proxy", net]
        server = ServerProcess(tmp_path / f"s{len(made)}", *args).start()
        made.append(server)
        return server

    def proxy(target: tuple[str, int], **kwargs) -> ForwardingProxy:
        found = ForwardingProxy(target, **kwargs).start()
        made.append(found)
        return found

    yield start, proxy
    for thing in reversed(made):
        thing.stop()


def test_behind_a_trusted_proxy_each_client_is_bounded_by_its_own_address(serve):
    start, proxy = serve
    server = start("127.0.0.1/32")
    front = proxy(("127.0.0.1", server.port))

    async def scenario(stack: AsyncExitStack) -> list[str]:
        return [
            await enter(stack, front.url, "127.0.0.5"),
            await enter(stack, front.url, "127.0.0.5"),  # the same client: over its bound
            await enter(stack, front.url, "127.0.0.6"),  # another client: its own bound
            # a client naming another address itself: what the proxy appends wins
            await enter(stack, front.url, "127.0.0.5", {"X-Forwarded-For": "127.0.0.9"}),
            # straight to the server, not through the proxy: its header is not believed
            await enter(stack, server.url, "127.0.0.7", {"X-Forwarded-For": "127.0.0.8"}),
            await enter(stack, server.url, "127.0.0.7", {"X-Forwarded-For": "127.0.0.10"}),
        ]

    assert run(scenario) == ["welcome", TOO_MANY, "welcome", TOO_MANY, "welcome", TOO_MANY]


def test_an_untrusted_proxy_makes_every_client_one_address(serve):
    start, proxy = serve
    server = start()  # no --trusted-proxy: the proxy is the only address seen
    front = proxy(("127.0.0.1", server.port))

    async def scenario(stack: AsyncExitStack) -> list[str]:
        return [
            await enter(stack, front.url, "127.0.0.5"),
            await enter(stack, front.url, "127.0.0.6"),
        ]

    assert run(scenario) == ["welcome", TOO_MANY]


@pytest.mark.parametrize("header", ["X-Forwarded-For", "Forwarded"])
def test_two_proxies_the_right_most_untrusted_address_is_the_client(serve, header: str):
    """client -> proxy A -> proxy B -> server, every one listening on 127.0.0.1; A reaches
    B from 127.0.0.2. Trusting both, the client is the address A saw; trusting B only, A
    itself is the client for all."""
    start, proxy = serve
    both = start("127.0.0.1/32", "127.0.0.2")
    only_b = start("127.0.0.1/32")
    results = {}
    for name, server in (("both", both), ("only B", only_b)):
        b = proxy(("127.0.0.1", server.port), header=header)
        a = proxy(("127.0.0.1", b.port), source="127.0.0.2", header=header)

        async def scenario(stack: AsyncExitStack, a: ForwardingProxy = a) -> list[str]:
            return [
                await enter(stack, a.url, "127.0.0.11"),
                await enter(stack, a.url, "127.0.0.11"),
                await enter(stack, a.url, "127.0.0.12"),
            ]

        results[name] = run(scenario)
    assert results == {
        "both": ["welcome", TOO_MANY, "welcome"],
        "only B": ["welcome", TOO_MANY, TOO_MANY],
    }


def test_the_headers_as_proxies_write_them():
    trusted = (network("10.0.0.0/8"), network("2001:db8:1::/48"))

    def seen(peer: str, *pairs: tuple[str, str]) -> str:
        return client_address(peer, Headers(list(pairs)), trusted)

    xff = "X-Forwarded-For"
    assert seen("203.0.113.9", (xff, "198.51.100.1")) == "203.0.113.9"  # not a proxy
    assert seen("10.0.0.1", (xff, "198.51.100.1, 10.0.0.2")) == "198.51.100.1"
    assert seen("10.0.0.1", (xff, "1.2.3.4"), (xff, "198.51.100.1")) == "198.51.100.1"
    assert seen("10.0.0.1", (xff, "198.51.100.1:4711")) == "198.51.100.1"
    assert seen("10.0.0.1", (xff, "10.0.0.3, 10.0.0.2")) == "10.0.0.3"  # proxies only
    assert seen("10.0.0.1") == "10.0.0.1"  # a proxy that named nobody
    fwd = "Forwarded"
    assert seen("::ffff:10.0.0.1", (fwd, 'for="[2001:db8:cafe::17]:4711"')) == ("2001:db8:cafe::17")
    assert seen("2001:db8:1::1", (fwd, "for=198.51.100.7;proto=https, for=10.1.1.1")) == (
        "198.51.100.7"
    )
    assert seen("10.0.0.1", (fwd, "for=unknown")) == "unknown"  # kept apart, never trusted
    # both headers: Forwarded is read (the standard one)
    assert seen("10.0.0.1", (fwd, "for=198.51.100.8"), (xff, "198.51.100.9")) == ("198.51.100.8")
