"""Who a connection really comes from when it reaches the server through proxies.

Behind a reverse proxy (nginx, Caddy, HAProxy) every player arrives from the proxy's
address. The proxy says whom it forwards in ``Forwarded`` (RFC 7239: ``for=``) or
``X-Forwarded-For``, each proxy on the way appending the address it saw. Only a
connection from a trusted proxy (``--trusted-proxy``) is believed, and then the
chain is read from the right: the right-most address that is not itself a trusted
proxy is the client (whatever a client writes in the header itself stands to the
left of what the proxies appended, so it is never taken). ``Forwarded`` is read
when present, ``X-Forwarded-For`` otherwise.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence

from websockets.datastructures import Headers

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def network(value: str) -> Network:
    """``ADDR`` or ``ADDR/PREFIX`` (a host's address is a network of one)."""
    return ipaddress.ip_network(value.strip(), strict=False)


def client_address(peer: str, headers: Headers, trusted: Sequence[Network]) -> str:
    """The address a connection from ``peer`` stands for."""
    if not trusted or not _trusted(peer, trusted):
        return peer
    chain = _chain(headers)
    for hop in reversed(chain):
        if not _trusted(hop, trusted):
            return hop
    return chain[0] if chain else peer  # proxies all the way: the first one named


def _trusted(address: str, trusted: Sequence[Network]) -> bool:
    try:
        found = ipaddress.ip_address(address)
    except ValueError:
        return False
    if isinstance(found, ipaddress.IPv6Address) and found.ipv4_mapped is not None:
        found = found.ipv4_mapped
    return any(found in net for net in trusted)


def _chain(headers: Headers) -> list[str]:
    forwarded = headers.get_all("Forwarded")
    if forwarded:
        return [_host(value) for line in forwarded for value in _for_values(line)]
    return [
        _host(part)
        for line in headers.get_all("X-Forwarded-For")
        for part in line.split(",")
        if part.strip()
    ]


def _for_values(line: str) -> list[str]:
    """The ``for=`` of each element of a ``Forwarded`` header, left to right."""
    found = []
    for element in line.split(","):
        for pair in element.split(";"):
            name, _, value = pair.strip().partition("=")
            if name.strip().lower() == "for" and value:
                found.append(value.strip().strip('"'))
    return found


def _host(value: str) -> str:
    """An address as a header writes it, without brackets or port ("unknown" and
    obfuscated names stay as they are: not an address, never trusted)."""
    value = value.strip().strip('"')
    if value.startswith("["):  # "[2001:db8::1]:4711"
        return value[1 : value.find("]")] if "]" in value else value
    if value.count(":") == 1:  # "192.0.2.43:4711"
        return value.partition(":")[0]
    return value
