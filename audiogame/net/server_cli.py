"""``audiogame-server`` (and ``audiogame serve``): run a game server from the command line.

On loopback (the default, ``--host 127.0.0.1``) it speaks plain ``ws://``: only
this machine can reach it. Any other address gets TLS: the certificate given
with ``--cert``/``--key`` (a public server), or the host's own self-signed one,
made on first run in the data folder, whose fingerprint is printed here as a
hash and as six words to read aloud. ``--plain`` serves ``ws://`` beyond
loopback anyway (a trusted network, or TLS ended by a proxy in front).
A host beyond loopback also announces itself on the local network
(``--no-beacon`` to stay quiet).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import socket
import sys
from collections.abc import Sequence
from pathlib import Path

from audiogame.net import beacon as lan
from audiogame.net import tls
from audiogame.net.limits import Limits
from audiogame.net.login_limits import LoginLimits
from audiogame.net.passwords import WORKERS
from audiogame.net.server import GameServer
from audiogame.net.server_options import ServerOptions
from audiogame.net.sqlite_store import StoreUnusable

DEFAULT_PORT = 47470


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="audiogame-server", description="Host audiogame tables for players on the network."
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="0: any free port")
    parser.add_argument("--data", type=Path, help="where tables and logs are kept")
    parser.add_argument("--cert", type=Path, help="TLS certificate (PEM) for a public server")
    parser.add_argument("--key", type=Path, help="its private key (PEM)")
    parser.add_argument("--plain", action="store_true", help="ws:// even beyond loopback")
    parser.add_argument("--name", default=socket.gethostname(), help="the host's name on the LAN")
    parser.add_argument("--grace", type=float, default=30.0, help="seconds before a bot covers")
    parser.add_argument("--between-rounds", type=float, default=15.0, help="seconds between rounds")
    parser.add_argument("--heartbeat", type=float, default=1.5, help="keepalive interval")
    parser.add_argument(
        "--rate", type=float, default=Limits().rate, help="messages a second per connection"
    )
    parser.add_argument(
        "--chat-during-races",
        action="store_true",
        help="real-time games: deliver chat at once instead of at the round's end",
    )
    parser.add_argument(
        "--compensation",
        type=float,
        default=ServerOptions().compensation_cap * 1000,
        help="real-time games: the most a press may be dated before it arrives (ms; 0: off)",
    )
    parser.add_argument("--beacon", dest="beacon", action="store_true", default=None)
    parser.add_argument("--no-beacon", dest="beacon", action="store_false")
    parser.add_argument("--beacon-to", default=lan.BROADCAST, help="where the beacon goes")
    parser.add_argument("--beacon-port", type=int, default=lan.PORT)
    parser.add_argument("--port-file", type=Path, help="write the port here once listening")
    parser.add_argument(
        "--store",
        help="postgresql://... : keep tables and accounts in PostgreSQL (default: SQLite)",
    )
    parser.add_argument(
        "--bus", help="redis://... : share the lobby and tables with other server processes"
    )
    parser.add_argument(
        "--redis-prefix", default="audiogame:", help="keys of this server's cluster"
    )
    parser.add_argument(
        "--no-guests", dest="guests", action="store_false", help="players need an account"
    )
    parser.add_argument(
        "--login-rate",
        type=float,
        default=LoginLimits().per_address,
        help="login attempts a minute from one address",
    )
    parser.add_argument(
        "--hash-concurrency", type=int, help="password hashes at once (default: cores - 1)"
    )
    parser.add_argument(
        "--hash-workers",
        choices=WORKERS,
        default="process",
        help="where password hashes run: processes at the lowest priority, or threads",
    )
    parser.add_argument("--verbose", action="store_true")
    return parser.parse_args(argv)


def default_data_dir() -> Path:
    from audiogame.store.settings import data_dir

    return data_dir() / "server"


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING)
    if (args.cert is None) != (args.key is None):
        print("--cert and --key go together", file=sys.stderr)
        return 2
    try:
        asyncio.run(serve(args))
    except KeyboardInterrupt:
        pass
    except StoreUnusable as exc:  # said plainly, no trace: the fix is the operator's
        print(exc, file=sys.stderr)
        return 1
    return 0


async def serve(args: argparse.Namespace) -> None:
    data = args.data or default_data_dir()
    data.mkdir(parents=True, exist_ok=True)
    loopback = tls.is_loopback(args.host)
    certificate: tls.Certificate | None = None
    if args.cert is not None:
        certificate = tls.Certificate(args.cert, args.key)
    elif not loopback and not args.plain:
        certificate = tls.self_signed(data, args.name)
    context = None if certificate is None else tls.server_context(certificate)
    options = ServerOptions(
        grace=args.grace,
        between_rounds=args.between_rounds,
        heartbeat=args.heartbeat,
        limits=Limits(rate=args.rate, burst=max(Limits().burst, 2 * args.rate)),
        guests=args.guests,
        login_limits=LoginLimits(per_address=args.login_rate),
        hash_concurrency=args.hash_concurrency,
        hash_workers=args.hash_workers,
        hold_chat=not args.chat_during_races,
        compensation_cap=max(0.0, min(args.compensation, 1000.0)) / 1000,
    )
    store = cluster = None
    if args.store:
        from audiogame.net.postgres_store import PostgresStore

        store = await PostgresStore.connect(args.store)
    if args.bus:
        from audiogame.net.cluster import RedisCluster

        cluster = RedisCluster(args.bus, prefix=args.redis_prefix)
    server = GameServer(data, options, store=store, cluster=cluster)
    port = await server.start(args.host, args.port, context)
    # the hashing processes start now, beside the first connections, not inside the
    # first login's wait
    warming = asyncio.get_running_loop().create_task(server.lobby.accounts.hasher.warm_up())
    scheme = "ws" if context is None else "wss"
    print(f"audiogame server on {scheme}://{args.host}:{port}", flush=True)
    if server.restored:
        print(f"tables brought back: {server.restored}", flush=True)
    fingerprint = "" if certificate is None else certificate.fingerprint()
    if fingerprint and args.cert is None:
        print(f"fingerprint: {fingerprint}", flush=True)
        for lang in ("it", "en"):
            print(f"  ({lang}) {tls.fingerprint_words(fingerprint, lang)}", flush=True)
    if args.port_file is not None:
        args.port_file.write_text(str(port), encoding="ascii")
    beacon = None
    if args.beacon or (args.beacon is None and not loopback):

        def payload() -> bytes:
            waiting = sum(1 for t in server.lobby.public_tables() if t.stage == "waiting")
            return lan.beacon_payload(args.name, port, context is not None, fingerprint, waiting)

        beacon = lan.Beacon(payload, to=args.beacon_to, port=args.beacon_port)
        beacon.start()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows: Ctrl+C only
            loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        warming.cancel()
        if beacon is not None:
            beacon.stop()
        await server.close()


if __name__ == "__main__":
    sys.exit(main())
