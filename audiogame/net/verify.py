"""``audiogame verify``: replay a finished online match offline and check the table's word.

When a match begins the table announces ``seed_hash``; when it ends it sends
the seed and the whole log (``MatchOver``; the client keeps it as JSON). This
command checks that the seed is the one committed to, replays the log from
the seed on this machine's own engine (refusing any entry the rules refuse),
and prints the result, or what one seat heard (``--seat N``, one event per
line as the wire carries it; ``--seat spectator`` for the public events).
A server's own finished matches are read with ``--data DIR --table ID --match N``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from audiogame.games import registry
from audiogame.games.base import visible_to
from audiogame.net.game_codec import GameCodec
from audiogame.net.match_log import ReplayError, entries_from_lists, replay, seed_hash
from audiogame.net.sqlite_store import StoreUnusable


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="audiogame verify", description=__doc__)
    parser.add_argument("file", nargs="?", type=Path, help="a MatchOver saved as JSON")
    parser.add_argument("--data", type=Path, help="a server's data folder")
    parser.add_argument("--table", help="the table's id (with --data)")
    parser.add_argument("--match", type=int, default=1, help="the match number (with --data)")
    parser.add_argument("--seat", help="print what this seat heard ('spectator': the public)")
    return parser.parse_args(argv)


def load(args: argparse.Namespace) -> dict[str, Any]:
    if args.file is not None:
        data = json.loads(args.file.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a match")
        return data
    if args.data is None or args.table is None:
        raise ValueError("give a file, or --data and --table")
    from audiogame.net.server import DB_FILE
    from audiogame.net.sqlite_store import SqliteStore

    store = SqliteStore(args.data / DB_FILE, put_aside=False)
    try:
        found = asyncio.run(store.finished_match(args.table, args.match))
    finally:
        store.close()
    if found is None:
        raise ValueError(f"no finished match {args.match} at table {args.table}")
    match = found["match"]
    return {
        "game": found["game"],
        "seed": match["seed"],
        "seed_hash": match["seed_hash"],
        "config": match["config"],
        "start": match["start"],
        "log": found["log"],
    }


def check(data: dict[str, Any]) -> tuple[GameCodec, list[Any], Any]:
    """The codec, every event and the engine of the replayed match; ``ValueError`` when the
    match does not check out."""
    spec = registry.get(str(data.get("game")))
    if spec is None or spec.wire is None:
        raise ValueError(f"unknown game {data.get('game')!r}")
    seed = str(data["seed"])
    if seed_hash(seed) != data["seed_hash"]:
        raise ValueError("the seed is not the one the table committed to")
    codec = GameCodec(spec.wire())
    replayed = replay(
        spec,
        codec,
        dict(data["config"]),
        seed,
        float(data["start"]),
        entries_from_lists(data["log"]),
    )
    return codec, replayed.events, replayed.engine


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        codec, events, engine = check(load(args))
    except (ValueError, KeyError, TypeError, AttributeError, OSError, ReplayError) as exc:
        print(f"not verified: {exc}", file=sys.stderr)
        return 1
    except (RecursionError, sqlite3.Error, StoreUnusable) as exc:  # a hostile file
        print(f"not verified: {exc}", file=sys.stderr)
        return 1
    if args.seat is not None:
        seat = None if args.seat == "spectator" else int(args.seat)
        for event in events:
            if visible_to(event, seat):
                print(json.dumps(codec.encode_event(event), ensure_ascii=False))
        return 0
    outcome = engine.outcome
    print("seed: matches the commitment")
    print(f"events: {len(events)}")
    print(f"over: {engine.is_over}")
    if outcome is not None:
        print(f"winners: {', '.join(str(s) for s in outcome.winners)}")
        print(f"ranks: {', '.join(str(r) for r in outcome.ranks)}")
    return 0
