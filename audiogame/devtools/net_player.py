"""A scripted online player as a process of its own: ``python -m audiogame.devtools.net_player``.

It connects with the real ``GameClient``, creates a table (``--create``, adding
bots and starting once enough humans sit) or joins one (``--join-file``: the
master writes the table's id there), plays its seat with the game's bot
deciding from the view it receives, and at the end writes what it heard to
``--out`` as JSON: its seat, every event (as the wire carries it) and the
MatchOver. ``--token-file`` keeps the resume token, so a player killed and
started again with the same file takes its seat back. Loopback only.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from audiogame.devtools.net_harness import ScriptedPlayer
from audiogame.net import messages as m
from audiogame.net.client import GameClient


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="net_player")
    parser.add_argument("--url", required=True)
    parser.add_argument("--name", required=True)
    parser.add_argument("--token-file", type=Path)
    parser.add_argument("--create", help="a game id: create a table of it")
    parser.add_argument("--config", default="{}", help="the table's configuration (JSON)")
    parser.add_argument("--bots", default="", help="seat:level,... bots the master adds")
    parser.add_argument("--join-file", type=Path, help="the table id is (or will be) here")
    parser.add_argument("--spectator", action="store_true")
    parser.add_argument("--level", default="easy", help="the level of the bot choosing moves")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--timeout", type=float, default=120.0)
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    token = None
    if args.token_file is not None and args.token_file.is_file():
        token = args.token_file.read_text(encoding="ascii").strip() or None
    client = GameClient(args.url, args.name, token=token)
    resumed = token is not None
    client.start()
    player = ScriptedPlayer(client, level=args.level, seed=args.seed)
    deadline = time.monotonic() + args.timeout
    try:
        if not resumed:
            _wait(player, lambda: bool(client.player), deadline)
            if args.token_file is not None and client.token:
                args.token_file.write_text(client.token, encoding="ascii")
            _sit(args, client, player, deadline)
        else:
            _wait(player, lambda: bool(client.player), deadline)
        player.play_until(lambda: player.over is not None, max(1.0, deadline - time.monotonic()))
    finally:
        client.close()
    codec = client.codec
    assert codec is not None or player.over is None
    heard = [] if codec is None else [codec.encode_event(e) for e in player.heard]
    result = {
        "seat": client.seat,
        "heard": heard,
        "over": None if player.over is None else json.loads(m.encode(player.over)),
    }
    args.out.write_text(json.dumps(result), encoding="utf-8")
    return 0


def _sit(
    args: argparse.Namespace, client: GameClient, player: ScriptedPlayer, deadline: float
) -> None:
    if args.token_file is not None and client.token:
        args.token_file.write_text(client.token, encoding="ascii")
    if args.create:
        client.send(m.CreateTable(game=args.create, config=json.loads(args.config)))
        _wait(player, lambda: client.table is not None, deadline)
        assert client.table is not None
        for item in filter(None, args.bots.split(",")):
            seat, level = item.split(":")
            client.send(m.SetBot(seat=int(seat), level=level))
        if args.join_file is not None:
            args.join_file.write_text(client.table.id, encoding="ascii")

        def ready() -> bool:
            table = client.table
            return table is not None and all(s.kind is not m.SeatKind.EMPTY for s in table.seats)

        _wait(player, ready, deadline)  # every seat a bot or a human who joined
        client.send(m.Start())
        return
    assert args.join_file is not None
    _wait(player, lambda: args.join_file.is_file() and bool(args.join_file.read_text()), deadline)
    table_id = args.join_file.read_text(encoding="ascii").strip()
    client.send(m.JoinTable(table=table_id, spectator=args.spectator))
    _wait(player, lambda: client.table is not None, deadline)


def _wait(player: ScriptedPlayer, done: object, deadline: float) -> None:
    assert callable(done)
    while not done():
        if time.monotonic() > deadline:
            raise TimeoutError("waited too long")
        player.pump()
        time.sleep(0.005)


if __name__ == "__main__":
    sys.exit(main())
