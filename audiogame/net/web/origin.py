"""Which pages may open a WebSocket to this server: its own, and the ones it names.

A browser sends ``Origin`` with every WebSocket handshake, and lets any page
connect anywhere: without this check a page on another site could open the
game's connection in a visitor's browser (and whatever that browser holds for
this server would go with it). The server's own origin is the one its page was
loaded from: the scheme and the request's own ``Host``. A public server behind
another name (a proxy that rewrites ``Host``) names its public origins with
``--origin``. A client that is no browser (the desktop app, the terminal) sends
no ``Origin``: nothing to check.
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

DEFAULT_PORTS = {"http": 80, "https": 443}


def normal(origin: str) -> str | None:
    """``scheme://host[:port]`` as compared (lower case, default port left out), or
    None for what is no web origin ("null", a file, garbage)."""
    try:
        parts = urlsplit(origin.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").lower()
    if scheme not in DEFAULT_PORTS or not host or parts.path not in ("", "/"):
        return None
    if ":" in host:  # an IPv6 address
        host = f"[{host}]"
    if port is None or port == DEFAULT_PORTS[scheme]:
        return f"{scheme}://{host}"
    return f"{scheme}://{host}:{port}"


def allowed(origin: str | None, host: str | None, also: Iterable[str] = ()) -> bool:
    """May a handshake that says ``Origin: origin``, sent to ``Host: host``, go on?"""
    if origin is None:
        return True  # not a browser
    seen = normal(origin)
    if seen is None:
        return False
    named = {normal(o) for o in also}
    if seen in named:
        return True
    if not host:
        return False
    scheme = seen.split(":", 1)[0]
    return seen == normal(f"{scheme}://{host}")
