"""A connection's round trip as the operating system measures it: what a client cannot stretch.

A client answers the server's WebSocket pings when it likes, so a modified one
can look as slow as it wants. The TCP stack of the server's own system times
the connection from below: every acknowledgement the peer's kernel sends (the
SYN-ACK's first of all) is an RTT sample the peer's program has no hand in.
``read(sock)`` returns the stack's figures for one socket, in seconds, or None
where the system does not tell them:

- **Linux**: ``TCP_INFO`` (``struct tcp_info``): ``tcpi_min_rtt`` (the lowest
  sample of the last five minutes, the SYN-ACK's included), ``tcpi_rtt`` and
  ``tcpi_rttvar`` (smoothed, in microseconds).
- **macOS**: ``TCP_CONNECTION_INFO`` (``struct tcp_connection_info``):
  ``tcpi_rttcur`` (the latest sample), ``tcpi_srtt``, ``tcpi_rttvar``, in
  milliseconds: ``lowest`` is the latest sample, one millisecond coarse (the
  caller keeps the lowest it reads).
- **Windows**: ``WSAIoctl(SIO_TCP_INFO)`` (``TCP_INFO_v0``, Windows 10 1703 and
  later): ``MinRttUs`` and ``RttUs``.

Only ``lowest`` is worth trusting as a bound. The smoothed figures carry the
peer's *delayed acknowledgements*: a frame the client does not answer is
acknowledged up to 40 ms (Linux) or 200 ms (Windows) later, so on a WebSocket
that mostly carries the server's frames ``srtt`` reads tens of milliseconds on
a line of a few; they are kept for the diagnostics only. The lowest sample is
one the peer acknowledged at once: the line itself.
"""

from __future__ import annotations

import ctypes
import socket
import struct
import sys
from dataclasses import dataclass
from typing import Any

#: Linux struct tcp_info: tcpi_rtt and tcpi_rttvar at 68, tcpi_min_rtt at 148 (4.9+)
_LINUX_RTT = struct.Struct("=II")
_LINUX_RTT_AT = 68
_LINUX_MIN_AT = 148
_LINUX_SIZE = 256
#: macOS struct tcp_connection_info: tcpi_rttcur, tcpi_srtt, tcpi_rttvar (ms) at 40
_MAC_OPTION = 0x106
_MAC_RTT = struct.Struct("=III")
_MAC_RTT_AT = 40
_MAC_SIZE = 256
#: Windows: SIO_TCP_INFO = _WSAIORW(IOC_VENDOR, 39)
_SIO_TCP_INFO = 0xD8000027
#: "no sample yet" in the kernel's unsigned fields
_NONE_US = 0xFFFFFFFF


@dataclass(frozen=True, slots=True)
class KernelRtt:
    """The stack's figures for one connection, in seconds (None: not told)."""

    #: the lowest round trip the stack has seen (Linux, Windows) or its latest (macOS)
    lowest: float
    srtt: float | None = None
    rttvar: float | None = None
    #: how coarse ``lowest`` is (macOS counts milliseconds)
    grain: float = 0.0


def read(sock: Any) -> KernelRtt | None:
    """The system's round-trip figures for ``sock`` (a socket, or asyncio's
    ``TransportSocket``); None where the system does not tell them."""
    if sock is None:
        return None
    try:
        if sys.platform.startswith("linux"):
            return _linux(sock)
        if sys.platform == "darwin":
            return _macos(sock)
        if sys.platform == "win32":
            return _windows(sock)
    except (OSError, ValueError, AttributeError, struct.error):
        return None  # not a TCP socket, closed, or an older system
    return None


def from_tcp_info(raw: bytes) -> KernelRtt | None:
    """Linux's ``struct tcp_info`` as the kernel returned it."""
    if len(raw) < _LINUX_MIN_AT + 4:
        return None  # a kernel older than 4.9: no lowest sample
    rtt, rttvar = _LINUX_RTT.unpack_from(raw, _LINUX_RTT_AT)
    (lowest,) = struct.unpack_from("=I", raw, _LINUX_MIN_AT)
    if lowest in (0, _NONE_US):
        return None
    return KernelRtt(lowest=lowest / 1e6, srtt=rtt / 1e6, rttvar=rttvar / 1e6)


def from_connection_info(raw: bytes) -> KernelRtt | None:
    """macOS's ``struct tcp_connection_info``."""
    if len(raw) < _MAC_RTT_AT + _MAC_RTT.size:
        return None
    current, smoothed, variation = _MAC_RTT.unpack_from(raw, _MAC_RTT_AT)
    if current == 0 and smoothed == 0:
        return None  # no sample yet
    latest = current or smoothed
    return KernelRtt(
        lowest=latest / 1000, srtt=smoothed / 1000, rttvar=variation / 1000, grain=0.001
    )


class TcpInfoV0(ctypes.Structure):
    """Windows' ``TCP_INFO_v0`` (mstcpip.h; its ULONG is 32 bits whatever the C here)."""

    _fields_ = [
        ("State", ctypes.c_int32),
        ("Mss", ctypes.c_uint32),
        ("ConnectionTimeMs", ctypes.c_uint64),
        ("TimestampsEnabled", ctypes.c_ubyte),
        ("RttUs", ctypes.c_uint32),
        ("MinRttUs", ctypes.c_uint32),
        ("BytesInFlight", ctypes.c_uint32),
        ("Cwnd", ctypes.c_uint32),
        ("SndWnd", ctypes.c_uint32),
        ("RcvWnd", ctypes.c_uint32),
        ("RcvBuf", ctypes.c_uint32),
        ("BytesOut", ctypes.c_uint64),
        ("BytesIn", ctypes.c_uint64),
        ("BytesReordered", ctypes.c_uint32),
        ("BytesRetrans", ctypes.c_uint32),
        ("FastRetrans", ctypes.c_uint32),
        ("DupAcksIn", ctypes.c_uint32),
        ("TimeoutEpisodes", ctypes.c_uint32),
        ("SynRetrans", ctypes.c_ubyte),
    ]


def from_tcp_info_v0(info: TcpInfoV0) -> KernelRtt | None:
    lowest = int(info.MinRttUs) & _NONE_US
    if lowest in (0, _NONE_US):
        return None
    return KernelRtt(lowest=lowest / 1e6, srtt=(int(info.RttUs) & _NONE_US) / 1e6)


def _linux(sock: Any) -> KernelRtt | None:
    option = getattr(socket, "TCP_INFO", 11)
    return from_tcp_info(sock.getsockopt(socket.IPPROTO_TCP, option, _LINUX_SIZE))


def _macos(sock: Any) -> KernelRtt | None:
    return from_connection_info(sock.getsockopt(socket.IPPROTO_TCP, _MAC_OPTION, _MAC_SIZE))


def _windows(sock: Any) -> KernelRtt | None:  # pragma: no cover - Windows only
    ws2 = ctypes.WinDLL("ws2_32")  # type: ignore[attr-defined]
    version = ctypes.c_uint32(0)
    info = TcpInfoV0()
    returned = ctypes.c_uint32(0)
    failed = ws2.WSAIoctl(
        ctypes.c_size_t(sock.fileno()),
        ctypes.c_uint32(_SIO_TCP_INFO),
        ctypes.byref(version),
        ctypes.sizeof(version),
        ctypes.byref(info),
        ctypes.sizeof(info),
        ctypes.byref(returned),
        None,
        None,
    )
    if failed or returned.value < TcpInfoV0.MinRttUs.offset + 4:
        return None
    return from_tcp_info_v0(info)
