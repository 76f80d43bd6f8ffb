"""What bounds one connection's round trip from outside the client: ``Ground``.

The lag compensation's floor (``net.server.rtt``) is never above a round trip the
client's program cannot stretch. Where that comes from depends on who the
server's socket talks to:

- **A player, directly** (``kernel``): the system's own lowest TCP round trip
  for the socket (``net.server.kernel_rtt``), read at every probe; the lowest reading
  so far is the ceiling.
- **A proxy in front** (a TLS terminator, a reverse proxy: its TCP line is the
  proxy's, not the player's). A connection may come through a proxy when it
  comes from this machine (a proxy on the same host, or the hosting player's
  own app) or from one of ``ServerOptions.trusted_proxies``. The proxy may
  report the player's round trip as its own system measured it, in
  the ``X-Audiogame-Rtt`` header of the WebSocket request, in microseconds
  (nginx: ``proxy_set_header X-Audiogame-Rtt $tcpinfo_rtt;``; HAProxy:
  ``http-request set-header X-Audiogame-Rtt %[fc_rtt(us)]``): that is the
  ceiling (``proxy``). A header that a client slipped through a proxy that
  does not set it can only lower the ceiling, never raise it above the
  client's own pongs: it gains nothing.
- **Nothing** (``pongs``): a proxy that reports nothing, or a system that does
  not tell. The floor is then the lowest pong alone, which a modified client
  can stretch up to the compensation cap; the server logs it once.
"""

from __future__ import annotations

import ipaddress
import logging
import math
from collections.abc import Mapping, Sequence
from typing import Any

from audiogame.net.server import kernel_rtt
from audiogame.net.server.forwarded import Network

log = logging.getLogger(__name__)

HEADER = "X-Audiogame-Rtt"
#: a reported round trip above this is not a round trip (microseconds: 10 s)
_MOST_US = 10_000_000

_told: set[str] = set()


class Ground:
    def __init__(self, source: str, reported: float | None = None) -> None:
        #: "kernel", "proxy" or "pongs"
        self.source = source
        self._lowest = reported
        self._grain = 0.0

    @classmethod
    def of(cls, peer: str, headers: Mapping[str, str] | None, proxies: Sequence[Network]) -> Ground:
        """The ground of a connection from ``peer`` (the socket's far end) with these
        request headers, ``proxies`` the trusted ones."""
        if not through_proxy(peer, proxies):
            return cls("kernel")
        reported = reported_rtt(None if headers is None else headers.get(HEADER))
        if reported is None:
            _tell_once(
                "pongs",
                "connections through a proxy that does not report the player's round trip "
                f"({HEADER}): lag compensation rests on their pongs alone "
                "(docs/online-protocol.md, 'What bounds a claim')",
            )
            return cls("pongs")
        return cls("proxy", reported)

    def ceiling(self, sock: Any) -> float | None:
        """The lowest round trip this connection showed that its client could not
        stretch (seconds), or None."""
        if self.source == "kernel":
            found = kernel_rtt.read(sock)
            if found is None:
                _tell_once(
                    "kernel",
                    "this system does not tell a connection's round trip: "
                    "lag compensation rests on the pongs alone",
                )
                self.source = "pongs"
                return None
            if self._lowest is None or found.lowest < self._lowest:
                self._lowest = found.lowest
            self._grain = found.grain
        if self._lowest is None:
            return None
        return self._lowest + self._grain


def through_proxy(peer: str, proxies: Sequence[Network]) -> bool:
    """Whether a connection from ``peer`` may come through a proxy in front: from this
    machine, or from a trusted proxy."""
    try:
        ip = ipaddress.ip_address(peer)
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback or any(ip in network for network in proxies)


def reported_rtt(value: str | None) -> float | None:
    """A proxy's report (microseconds) in seconds; None when it is not one."""
    if value is None:
        return None
    try:
        micros = float(value.strip())
    except ValueError:
        return None
    if not math.isfinite(micros) or not 0 < micros <= _MOST_US:
        return None
    return micros / 1e6


def _tell_once(key: str, text: str) -> None:
    if key not in _told:
        _told.add(key)
        log.info(text)
