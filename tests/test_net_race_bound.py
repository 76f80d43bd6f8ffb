"""What bounds a dated press, piece by piece: the line's floor grounded in what the client
cannot stretch (the system's TCP round trip, or a trusted proxy's report), the jitter
allowance the line earns, and the watch that holds a client claiming its whole bound too
often. The whole, with real clients cheating through a delay proxy: test_net_race_cheats.py.
"""

from __future__ import annotations

import ctypes
import random
import socket
import struct
import sys

import pytest

from audiogame.net.client.clock_sync import ClockSync
from audiogame.net.server import kernel_rtt
from audiogame.net.server.claim_watch import ClaimWatch, tail_chance
from audiogame.net.server.forwarded import network
from audiogame.net.server.line_ground import HEADER, Ground, reported_rtt, through_proxy
from audiogame.net.server.rtt import (
    AGREE,
    CAP,
    GRAIN,
    JITTER_MIN_CAP,
    JITTER_SHARE,
    STRETCH_SAMPLES,
    LineMeter,
    clamp_claim,
)

# real time judged: ahead of the machine's other programs where allowed
pytestmark = pytest.mark.usefixtures("ahead_of_the_load")

# -- the bound ------------------------------------------------------------------------------


def test_nothing_measured_is_the_cap_and_a_steady_line_gets_half_its_floor_and_a_grain() -> None:
    meter = LineMeter()
    assert meter.bound() == CAP  # nobody is punished for joining
    for rtt in (0.0131, 0.0130, 0.0132, 0.0130, 0.0131, 0.0130):
        meter.add(rtt)
    assert meter.floor == pytest.approx(0.0130)
    assert meter.jitter() == GRAIN  # no free slack: 0.2 ms of spread earns the grain
    assert meter.bound() == pytest.approx(0.0065 + GRAIN)
    off = LineMeter(cap=0.0)
    off.add(0.1)
    assert off.bound() == 0.0


def test_pongs_held_back_do_not_raise_the_floor_above_what_the_system_measured() -> None:
    """A client on a 13 ms line holds each pong 300 ms: the system's own lowest round trip
    for the connection (13 ms) is the ceiling; the steady delay earns no jitter either."""
    meter = LineMeter()
    for _ in range(STRETCH_SAMPLES):  # the log names it once this many pongs agree
        meter.add(0.313, ceiling=0.013)
    assert meter.floor == pytest.approx(0.013 + AGREE)
    assert meter.stretched == pytest.approx(0.313 - 0.015)
    assert meter.bound() == pytest.approx((0.013 + AGREE) / 2 + GRAIN)
    # the same client before its pongs came: the ceiling alone, and the most jitter it
    # could earn (no cap, which the old bound gave to whoever had not answered yet)
    early = LineMeter()
    early.add(float("nan"), ceiling=0.013)
    assert early.bound() == pytest.approx(0.0075 + max(JITTER_SHARE * 0.015, JITTER_MIN_CAP))


def test_pongs_held_for_varying_times_earn_at_most_a_share_of_the_floor() -> None:
    rng = random.Random(5)
    meter = LineMeter()
    for _ in range(64):
        meter.add(0.013 + rng.uniform(0.0, 0.300), ceiling=0.013)
    floor = meter.floor
    assert floor is not None and floor <= 0.013 + AGREE
    assert meter.jitter() == pytest.approx(max(JITTER_SHARE * floor, JITTER_MIN_CAP))
    assert meter.bound() <= floor / 2 + max(JITTER_SHARE * floor, JITTER_MIN_CAP) + 1e-12
    slow = LineMeter()  # a real 150 ms line whose pings vary by 300 ms: 40 % of its floor
    for _ in range(64):
        slow.add(0.150 + rng.uniform(0.0, 0.300))
    assert slow.jitter() == pytest.approx(JITTER_SHARE * slow.floor)


def test_a_held_player_keeps_only_the_grain() -> None:
    meter = LineMeter()
    for _ in range(32):
        meter.add(0.200 + random.Random(1).uniform(0, 0.04))
    meter.held = True
    assert meter.jitter() == GRAIN
    assert meter.bound() == pytest.approx(meter.floor / 2 + GRAIN)


def honest_line(
    seed: int, one_way: float, jitter: float, presses: int
) -> tuple[int, float, ClaimWatch]:
    """A client on a line ``one_way ± jitter`` each way, its clock agreed by 128 pings as the
    desktop and the page agree it, the server's pings every half second; each press dated
    by that estimate. Returns (presses clamped, the largest clamp, the watch on them)."""
    rng = random.Random(seed)
    trip = lambda: one_way + rng.uniform(-jitter, jitter)  # noqa: E731
    offset = 50.0  # server = client + offset
    sync = ClockSync()
    meter = LineMeter()
    for i in range(128):
        sent = i * 0.25
        out, back = trip(), trip()
        sync.add(sent, sent + out + offset, sent + out + back)
    for _ in range(64):
        meter.add(trip() + trip())
    bound = meter.bound()
    clamped, largest = 0, 0.0
    watch = ClaimWatch()
    for i in range(presses):
        pressed = 100.0 + i  # client time
        claimed = sync.server_time(pressed)
        arrival = pressed + offset + trip()
        believed = clamp_claim(claimed, arrival, bound)
        if believed != claimed:
            clamped += 1
            largest = max(largest, abs(believed - claimed))
        watch.judge_line(meter, arrival - claimed, bound)
    return clamped, largest, watch


def test_honest_presses_on_a_jittery_line_are_clamped_by_a_few_ms_at_most() -> None:
    """100 ms ± 30 ms each way: the bound follows the line, so an honest press is clamped
    only when its own packet queued near the worst, and then by a few milliseconds.
    How many are clamped depends on the 64 pings the line's bound comes from: 0.3% of a
    line's presses on average, but more than 5% on one line in a hundred (10 of seeds
    0-999, up to 6.5%), so five lines are counted together against the same 5%: over 200
    groups of five lines, 112 of 5,000 at most, 18 on average."""
    clamped = 0
    for seed in range(5):
        count, largest, watch = honest_line(seed, 0.100, 0.030, 1000)
        assert largest <= 0.005, (seed, largest)  # 3.5 ms at most over those 1,000 lines
        assert not watch.caught, (seed, watch.sat)
        clamped += count
    assert clamped <= 250, clamped


def test_honest_presses_on_a_steady_line_are_believed() -> None:
    clamped, largest, watch = honest_line(0, 0.075, 0.0005, 1000)
    assert clamped == 0 and not watch.caught, (clamped, largest)


# -- the watch ------------------------------------------------------------------------------


def test_the_binomial_tail() -> None:
    assert tail_chance(7, 7, 0.1) == pytest.approx(1e-7)
    assert tail_chance(12, 0, 0.3) == 1.0
    assert tail_chance(3, 4, 0.5) == 0.0
    assert tail_chance(2, 1, 0.5) == pytest.approx(0.75)


def test_a_client_at_its_bound_every_time_is_caught_at_the_seventh_press() -> None:
    watch = ClaimWatch()
    caught = [watch.judge(0.0200, 0.0100, 0.001, 0.05) for _ in range(10)]
    assert caught.index(True) == 6 and caught.count(True) == 1
    assert watch.caught and watch.judged == 7


def test_honest_claims_are_never_caught_and_undated_ones_are_not_judged() -> None:
    rng = random.Random(9)
    watch = ClaimWatch()
    for _ in range(20_000):  # a line that puts one press in ten at its bound
        watch.judge(0.010 if rng.random() < 0.1 else 0.005, 0.010, 0.001, 0.1)
    assert not watch.caught
    quiet = ClaimWatch()
    for early in (None, float("nan"), -0.5):  # not dated, or dated after its arrival
        assert not quiet.judge(early, 0.010, 0.001, 0.0)
    assert quiet.judged == 0


def test_a_jittery_line_at_its_bound_more_often_is_still_believed() -> None:
    """The honest rate comes from the line's own pings: a line whose pings reach the height
    of the bound one time in three may put presses there that often."""
    rng = random.Random(4)
    watch = ClaimWatch()
    for _ in range(5_000):
        watch.judge(0.010 if rng.random() < 1 / 3 else 0.004, 0.010, 0.001, 1 / 3)
    assert not watch.caught


def test_a_busy_machine_that_puts_every_players_presses_at_the_bound_catches_nobody() -> None:
    """A loaded server delays every press of a busy moment at once, which the pings taken
    between the presses do not show: the steadiest other player's share at the bound is
    the honest rate too. A player alone at the bound every time is still caught."""
    meter = LineMeter()
    for _ in range(32):
        meter.add(0.013)  # pings that show no variation at all
    rng = random.Random(2)
    honest = ClaimWatch()
    for _ in range(2_000):  # both players at the bound two presses in five
        early = 0.030 if rng.random() < 0.4 else 0.007
        honest.judge_line(meter, early, meter.bound(), others=0.4)
    assert not honest.caught
    cheater = ClaimWatch()
    caught = [cheater.judge_line(meter, 0.030, meter.bound(), others=0.05) for _ in range(24)]
    assert True in caught


# -- what the system measures -------------------------------------------------------------


def connected_pair() -> tuple[socket.socket, socket.socket, socket.socket]:
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    client = socket.create_connection(listener.getsockname())
    server, _ = listener.accept()
    for _ in range(5):
        client.sendall(b"ping")
        server.recv(16)
        server.sendall(b"pong")
        client.recv(16)
    return listener, client, server


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's TCP_INFO")
def test_linux_tells_a_loopback_connections_lowest_round_trip() -> None:
    sockets = connected_pair()
    try:
        found = kernel_rtt.read(sockets[2])
    finally:
        for sock in sockets:
            sock.close()
    assert found is not None
    assert 0 < found.lowest < 0.010  # loopback: microseconds, however loaded the machine
    assert found.srtt is not None and found.srtt >= found.lowest


def test_a_socket_that_is_not_tcp_tells_nothing() -> None:
    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        assert kernel_rtt.read(udp) is None
    finally:
        udp.close()
    assert kernel_rtt.read(None) is None


def test_the_systems_structures_are_read_where_their_headers_put_the_fields() -> None:
    linux = bytearray(232)
    struct.pack_into("=II", linux, 68, 21000, 9000)  # tcpi_rtt, tcpi_rttvar (µs)
    struct.pack_into("=I", linux, 148, 13000)  # tcpi_min_rtt
    assert kernel_rtt.from_tcp_info(bytes(linux)) == kernel_rtt.KernelRtt(0.013, 0.021, 0.009)
    struct.pack_into("=I", linux, 148, 0xFFFFFFFF)  # no sample yet
    assert kernel_rtt.from_tcp_info(bytes(linux)) is None
    assert kernel_rtt.from_tcp_info(bytes(104)) is None  # a kernel before 4.9
    mac = bytearray(96)  # tcp_connection_info: rttcur, srtt, rttvar (ms) from byte 40
    struct.pack_into("=III", mac, 40, 14, 20, 6)
    found = kernel_rtt.from_connection_info(bytes(mac))
    assert found == kernel_rtt.KernelRtt(0.014, 0.020, 0.006, grain=0.001)
    windows = kernel_rtt.TcpInfoV0
    # mstcpip.h: 88 bytes, RttUs at 20 and MinRttUs at 24 (Wine's ws2_32 does not answer
    # SIO_TCP_INFO: read() is then None, and the pongs alone bound the line)
    assert ctypes.sizeof(windows) == 88
    assert (windows.RttUs.offset, windows.MinRttUs.offset) == (20, 24)
    info = windows(RttUs=30000, MinRttUs=12000)
    assert kernel_rtt.from_tcp_info_v0(info) == kernel_rtt.KernelRtt(0.012, 0.030)


# -- where the ceiling comes from -----------------------------------------------------------


def test_a_proxy_is_this_machine_or_a_trusted_one() -> None:
    trusted = (network("10.0.0.0/24"),)
    assert through_proxy("127.0.0.1", ()) and through_proxy("::1", ())
    assert through_proxy("::ffff:10.0.0.5", trusted)
    assert through_proxy("10.0.0.5", trusted) and not through_proxy("10.0.1.5", trusted)
    assert not through_proxy("203.0.113.7", trusted)
    assert not through_proxy("not an address", trusted)


def test_a_proxys_report_is_the_ceiling_and_a_client_cannot_raise_it() -> None:
    assert reported_rtt("13000") == pytest.approx(0.013)
    for bad in (None, "", "soon", "-5", "0", "nan", "1e12"):
        assert reported_rtt(bad) is None
    proxied = Ground.of("127.0.0.1", {HEADER: "13000"}, ())
    assert proxied.source == "proxy" and proxied.ceiling(None) == pytest.approx(0.013)
    silent = Ground.of("127.0.0.1", {}, ())
    assert silent.source == "pongs" and silent.ceiling(None) is None
    # a header a player sent through a proxy that does not set it: at most their pongs
    forged = LineMeter()
    for _ in range(8):
        forged.add(0.313, Ground.of("127.0.0.1", {HEADER: "900000"}, ()).ceiling(None))
    assert forged.floor == pytest.approx(0.313)
    # a header from a player who is not a proxy is not read: their system's figure is
    direct = Ground.of("203.0.113.7", {HEADER: "900000"}, ())
    assert direct.source == "kernel"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's TCP_INFO")
def test_a_direct_connections_ceiling_is_the_lowest_the_system_saw() -> None:
    sockets = connected_pair()
    try:
        ground = Ground("kernel")  # as for a player's own address (tests speak loopback only)
        readings = [ground.ceiling(sockets[2]) for _ in range(3)]
    finally:
        for sock in sockets:
            sock.close()
    assert all(r is not None and 0 < r < 0.010 for r in readings), readings
    assert readings == sorted(readings, reverse=True)  # the lowest so far: never rises
