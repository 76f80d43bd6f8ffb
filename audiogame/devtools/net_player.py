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
from collections.abc import Callable, Sequence
from pathlib import Path

from audiogame.devtools.net_harness import ScriptedPlayer
from audiogame.devtools.player_process import apply_keepalive, player_arguments, take_place
from audiogame.net.client.game_client import GameClient
from audiogame.net.protocol import messages as m


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = player_arguments("net_player", timeout=120.0)
    parser.add_argument("--token-file", type=Path)
    parser.add_argument("--level", default="easy", help="the level of the bot choosing moves")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    apply_keepalive(args)
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
            take_place(args, client, lambda done: _wait(player, done, deadline))
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


def _wait(player: ScriptedPlayer, done: Callable[[], bool], deadline: float) -> None:
    while not done():
        if time.monotonic() > deadline:
            raise TimeoutError("waited too long")
        player.pump()
        time.sleep(0.005)


if __name__ == "__main__":
    sys.exit(main())
