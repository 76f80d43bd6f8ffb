"""Where an online game server is: the player's own (hosted here) or someone else's.

``Target`` is one server to try: its address for the client (``ws://`` or
``wss://``), the address as the player knows it (pins are kept by it), and the
server hosted here when it is ours. ``parse_address`` reads what a player
types ("192.168.1.5", "192.168.1.5:47470", "wss://example.org:443");
``lan_address`` is this machine's address on the home network, said to the
friends who join a table hosted here.
"""

from __future__ import annotations

import socket
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from audiogame.net.client.host import HostedServer
from audiogame.net.protocol import tls
from audiogame.net.protocol.messages import DEFAULT_PORT

#: more arguments for a server hosted here (a check shortens the gap between rounds)
HOST_EXTRA: tuple[str, ...] = ()
#: tests and benchmarks: a table hosted "for the network" stays on this machine all the same
LOOPBACK_ONLY = False

#: an address a UDP socket is "connected" to, to learn which interface would be used:
#: nothing is sent
_PROBE = ("10.254.254.254", 9)


@dataclass(frozen=True, slots=True)
class Target:
    url: str
    address: str
    hosted: HostedServer | None = None


def parse_address(text: str) -> Target | None:
    """A server from what the player typed (None: not an address). Without a scheme,
    loopback is plain ``ws://`` and anything else TLS, as a host serves it."""
    text = text.strip()
    if not text:
        return None
    if "://" not in text:
        text = f"//{text}"
    try:
        parts = urlsplit(text)
        host, port = parts.hostname, parts.port or DEFAULT_PORT
    except ValueError:
        return None
    if not host or any(c.isspace() for c in host):
        return None
    scheme = parts.scheme or ("ws" if tls.is_loopback(host) else "wss")
    if scheme not in ("ws", "wss"):
        return None
    where = f"[{host}]" if ":" in host else host
    return Target(f"{scheme}://{where}:{port}", f"{host}:{port}")


def lan_address() -> str:
    """This machine's address on its network ("" when it has none)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(_PROBE)
            return str(probe.getsockname()[0])
        except OSError:
            return ""


def new_hosted(data_dir: Path, lan: bool, name: str) -> HostedServer:
    """The server a host starts: loopback on any free port, or the network on the
    usual port (so friends type only the address) with TLS and the beacon."""
    extra = ("--name", name, *HOST_EXTRA)
    if lan and not LOOPBACK_ONLY:
        return HostedServer(data_dir, host="0.0.0.0", port=DEFAULT_PORT, extra=extra)
    return HostedServer(data_dir, host="127.0.0.1", port=0, extra=extra)
