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
import signal
import socket
import sys
import threading
from collections.abc import Sequence
from pathlib import Path

from audiogame.net.game_server import GameServer
from audiogame.net.protocol import beacon as lan
from audiogame.net.protocol import tls
from audiogame.net.protocol.messages import DEFAULT_PORT
from audiogame.net.server import forwarded, json_log
from audiogame.net.server.address_limits import AddressLimits
from audiogame.net.server.limits import Limits
from audiogame.net.server.login_limits import LoginLimits
from audiogame.net.server.migrations import SchemaTooNew
from audiogame.net.server.moderation import ChatLimits
from audiogame.net.server.options import ServerOptions
from audiogame.net.server.passwords import WORKERS
from audiogame.net.server.sqlite_store import StoreUnusable


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The options; the help and the errors in the system's language, as the game's."""
    from audiogame.cli_words import argparse_speaking, command_line_language

    given = list(sys.argv[1:] if argv is None else argv)
    with argparse_speaking(command_line_language(given)) as t:
        parser = argparse.ArgumentParser(
            prog="audiogame-server", description=t("serve-description")
        )
        add = parser.add_argument
        add("--host", default="127.0.0.1", help=t("serve-host"))
        add("--port", type=int, default=DEFAULT_PORT, help=t("serve-port"))
        add("--data", type=Path, help=t("serve-data"))
        add("--cert", type=Path, help=t("serve-cert"))
        add("--key", type=Path, help=t("serve-key"))
        add("--plain", action="store_true", help=t("serve-plain"))
        add("--name", default=socket.gethostname(), help=t("serve-name"))
        add("--grace", type=float, default=30.0, help=t("serve-grace"))
        add("--between-rounds", type=float, default=15.0, help=t("serve-between-rounds"))
        add("--heartbeat", type=float, default=ServerOptions().heartbeat, help=t("serve-heartbeat"))
        add("--rate", type=float, default=Limits().rate, help=t("serve-rate"))
        add("--chat-during-races", action="store_true", help=t("serve-chat-during-races"))
        compensation = ServerOptions().compensation_cap * 1000
        add("--compensation", type=float, default=compensation, help=t("serve-compensation"))
        add("--beacon", dest="beacon", action="store_true", default=None, help=t("serve-beacon"))
        add("--no-beacon", dest="beacon", action="store_false", help=t("serve-no-beacon"))
        add("--beacon-to", default=lan.BROADCAST, help=t("serve-beacon-to"))
        add("--beacon-port", type=int, default=lan.PORT, help=t("serve-beacon-port"))
        add("--port-file", type=Path, help=t("serve-port-file"))
        add("--with-parent", action="store_true", help=t("serve-with-parent"))
        add("--store", help=t("serve-store"))
        add("--bus", help=t("serve-bus"))
        add("--redis-prefix", default="audiogame:", help=t("serve-redis-prefix"))
        add("--no-guests", dest="guests", action="store_false", help=t("serve-no-guests"))
        add("--operator", action="append", default=[], metavar="NAME", help=t("serve-operator"))
        add("--moderator", action="append", default=[], metavar="NAME", help=t("serve-moderator"))
        login_rate = LoginLimits().per_address
        add("--login-rate", type=float, default=login_rate, help=t("serve-login-rate"))
        bounds = AddressLimits()
        add("--per-address", type=int, default=bounds.per_address, help=t("serve-per-address"))
        add("--guests-per-address", type=float, default=bounds.guests, help=t("serve-new-guests"))
        add("--limit-loopback", action="store_true", help=t("serve-limit-loopback"))
        add(
            "--trusted-proxy",
            action="append",
            type=_network,
            default=[],
            metavar="ADDR/NET",
            help=t("serve-trusted-proxy"),
        )
        add("--origin", action="append", default=[], help=t("serve-origin"))
        keep = ServerOptions().guest_keep / 60
        add("--guest-keep", type=float, default=keep, help=t("serve-guest-keep"))
        add("--hash-concurrency", type=int, help=t("serve-hash-concurrency"))
        workers = t("serve-hash-workers")
        add("--hash-workers", choices=WORKERS, default="process", help=workers)
        add("--verbose", action="store_true", help=t("serve-verbose"))
        add("--log-format", choices=("text", "json"), default="text", help=t("serve-log-format"))
        add("--log-chat", action="store_true", help=t("serve-log-chat"))
        add("--metrics-address", type=_address, help=t("serve-metrics-address"))
        add("--metrics-port-file", type=Path, help=t("serve-metrics-port-file"))
        args = parser.parse_args(given)
    args.words = t
    return args


def _network(value: str) -> forwarded.Network:
    try:
        return forwarded.network(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(value) from exc


def _address(value: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[::1]:PORT`` for IPv6)."""
    host, sep, port = value.rpartition(":")
    if not sep or not port.isdigit():
        raise argparse.ArgumentTypeError(value)
    return host.strip("[]") or "127.0.0.1", int(port)


def default_data_dir() -> Path:
    from audiogame.store.settings import data_dir

    return data_dir() / "server"


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    json_log.configure(args.log_format == "json", args.verbose, args.log_chat)
    if (args.cert is None) != (args.key is None):
        print(args.words("serve-cert-and-key"), file=sys.stderr)
        return 2
    try:
        asyncio.run(serve(args))
    except KeyboardInterrupt:
        pass
    except StoreUnusable as exc:  # said plainly, no trace: the fix is the operator's
        print(exc, file=sys.stderr)
        return 1
    except SchemaTooNew as exc:
        said = args.words("serve-schema-too-new")
        print(f"{exc.where}: {said} {exc.found} > {exc.known}", file=sys.stderr)
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
        address_limits=AddressLimits(
            per_address=max(1, args.per_address),
            guests=max(1.0, args.guests_per_address),
            limit_loopback=args.limit_loopback,
        ),
        guest_keep=max(0.0, args.guest_keep) * 60,
        trusted_proxies=tuple(args.trusted_proxy),
        chat_limits=ChatLimits(),
        operators=tuple(args.operator),
        moderators=tuple(args.moderator),
        hash_concurrency=args.hash_concurrency,
        hash_workers=args.hash_workers,
        hold_chat=not args.chat_during_races,
        compensation_cap=max(0.0, min(args.compensation, 1000.0)) / 1000,
        origins=tuple(args.origin),
    )
    store = cluster = None
    if args.store:
        from audiogame.net.server.postgres_store import PostgresStore

        store = await PostgresStore.connect(args.store)
    if args.bus:
        from audiogame.net.server.cluster import RedisCluster

        cluster = RedisCluster(args.bus, prefix=args.redis_prefix)
    server = GameServer(data, options, store=store, cluster=cluster)
    if args.metrics_address is not None:
        metrics_port = await server.serve_metrics(*args.metrics_address)
        if args.metrics_port_file is not None:
            args.metrics_port_file.write_text(str(metrics_port), encoding="ascii")
    port = await server.start(args.host, args.port, context)
    # the hashing processes start now, beside the first connections, not inside the
    # first login's wait
    warming = asyncio.get_running_loop().create_task(server.lobby.accounts.hasher.warm_up())
    scheme = "ws" if context is None else "wss"
    said = args.words
    print(f"{said('serve-listening')} {scheme}://{args.host}:{port}", flush=True)
    if server.restored:
        print(f"{said('serve-restored')} {server.restored}", flush=True)
    fingerprint = "" if certificate is None else certificate.fingerprint()
    if fingerprint and args.cert is None:
        print(f"{said('serve-fingerprint')} {fingerprint}", flush=True)
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
    if args.with_parent:
        _stop_when_stdin_closes(loop, stop)
    try:
        await stop.wait()
    finally:
        warming.cancel()
        if beacon is not None:
            beacon.stop()
        await server.close()


def _stop_when_stdin_closes(loop: asyncio.AbstractEventLoop, stop: asyncio.Event) -> None:
    """A server hosted from a player's app ends with that app, however it ended (a crash,
    kill -9, Task Manager): the app holds our standard input's other end, and the system
    closes it when the app goes. Its tables are in the log; hosting again brings them back."""

    def watch() -> None:
        with contextlib.suppress(OSError, ValueError):
            while sys.stdin.buffer.read(4096):
                pass
        loop.call_soon_threadsafe(stop.set)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


if __name__ == "__main__":
    sys.exit(main())
