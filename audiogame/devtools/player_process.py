"""What a scripted player process does whatever its game: its common arguments, and
taking its place at a table (``net_player`` for turn games, ``race_player`` for races).

The master creates the table (``--create``), adds the bots (``--bots``), writes the
table's id to ``--join-file`` and starts once every seat is taken; the others wait
for that file and join (or watch: ``--spectator``). Loopback only; every wait is
the caller's, bounded in time.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path

from audiogame.net.client import game_client as client_module
from audiogame.net.client.game_client import GameClient
from audiogame.net.protocol import messages as m

#: runs the caller's loop until the condition holds (raising when its time is up)
Wait = Callable[[Callable[[], bool]], None]


def player_arguments(prog: str, timeout: float) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=prog)
    parser.add_argument("--url", required=True)
    parser.add_argument("--name", required=True)
    parser.add_argument("--create", help="a game id: create a table of it")
    parser.add_argument("--config", default="{}", help="the table's configuration (JSON)")
    parser.add_argument("--bots", default="", help="seat:level,... bots the master adds")
    parser.add_argument("--join-file", type=Path, help="the table id is (or will be) here")
    parser.add_argument("--spectator", action="store_true")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--timeout", type=float, default=timeout)
    parser.add_argument(
        "--keepalive", type=float, help="seconds a pong may take before the line is dropped"
    )
    return parser


def apply_keepalive(args: argparse.Namespace) -> None:
    """A harness whose processes a loaded machine may stall for seconds, and which is
    not about drops, gives its clients a longer keepalive (``client.KEEPALIVE``)."""
    if args.keepalive is not None:
        client_module.KEEPALIVE = args.keepalive


def take_place(
    args: argparse.Namespace,
    client: GameClient,
    wait: Wait,
    *,
    also_ready: Callable[[m.TableInfo], bool] = lambda _table: True,
    before_start: Callable[[], None] = lambda: None,
) -> None:
    """Create the table and start it (the master), or join the one named in the join
    file. ``also_ready``: what else the master waits for before starting."""
    if args.create:
        client.send(m.CreateTable(game=args.create, config=json.loads(args.config)))
        wait(lambda: client.table is not None)
        assert client.table is not None
        for item in filter(None, args.bots.split(",")):
            seat, level = item.split(":")
            client.send(m.SetBot(seat=int(seat), level=level))
        if args.join_file is not None:
            args.join_file.write_text(client.table.id, encoding="ascii")

        def ready() -> bool:
            table = client.table
            return (
                table is not None
                and all(s.kind is not m.SeatKind.EMPTY for s in table.seats)
                and also_ready(table)
            )

        wait(ready)  # every seat a bot or a human who joined
        before_start()
        client.send(m.Start())
        return
    assert args.join_file is not None
    join_file: Path = args.join_file
    wait(lambda: join_file.is_file() and bool(join_file.read_text()))
    table_id = join_file.read_text(encoding="ascii").strip()
    client.send(m.JoinTable(table=table_id, spectator=args.spectator))
    wait(lambda: client.table is not None)
