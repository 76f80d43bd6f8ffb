"""``audiogame verify``: replay a finished online match offline and check the table's word.

When a match begins the table announces ``seed_hash``; when it ends it sends
the seed and the whole log (``MatchOver``; the client keeps it as JSON). This
command checks that the seed is the one committed to, replays the log from
the seed on this machine's own engine (refusing any entry the rules refuse),
and prints the result, or what one seat heard (``--seat N``, one event per
line as the wire carries it; ``--seat spectator`` for the public events).
A server's own finished matches are read with ``--data DIR --table ID --match N``.
Its help, its verdict and its reasons are in the player's language (``--lang``, else
the system's), as the game's own command line; the events of ``--seat`` are the
wire's, as a program reading them expects.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from audiogame.cli_words import argparse_speaking, command_line_language
from audiogame.core.contract import visible_to
from audiogame.games import registry
from audiogame.language.startup import LANGUAGES
from audiogame.net.protocol.game_codec import GameCodec
from audiogame.net.protocol.match_log import ReplayError, entries_from_lists, replay, seed_hash
from audiogame.net.server.sqlite_store import StoreUnusable

Words = Callable[[str], str]


class Refused(ValueError):
    """The match does not check out, for a reason said in the reader's language."""

    def __init__(self, msg_id: str, detail: str = "") -> None:
        super().__init__(detail or msg_id)
        self.msg_id = msg_id
        self.detail = detail


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    given = list(sys.argv[1:] if argv is None else argv)
    with argparse_speaking(command_line_language(given)) as t:
        parser = argparse.ArgumentParser(
            prog="audiogame verify", description=t("verify-description")
        )
        add = parser.add_argument
        add("file", nargs="?", type=Path, help=t("verify-file"))
        add("--data", type=Path, help=t("verify-data"))
        add("--table", help=t("verify-table"))
        add("--match", type=int, default=1, help=t("verify-match"))
        add("--seat", help=t("verify-seat"))
        add("--lang", choices=LANGUAGES, help=t("verify-lang"))
        args = parser.parse_args(given)
    args.words = t
    return args


def load(args: argparse.Namespace) -> dict[str, Any]:
    if args.file is not None:
        data = json.loads(args.file.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise Refused("verify-not-a-match")
        return data
    if args.data is None or args.table is None:
        raise Refused("verify-file-or-data")
    from audiogame.net.game_server import DB_FILE
    from audiogame.net.server.sqlite_store import SqliteStore

    store = SqliteStore(args.data / DB_FILE, put_aside=False, upgrade=False)
    try:
        found = asyncio.run(store.finished_match(args.table, args.match))
    finally:
        store.close()
    if found is None:
        raise Refused("verify-no-match", f"{args.table}, {args.match}")
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
        raise Refused("verify-unknown-game", repr(data.get("game")))
    seed = str(data["seed"])
    if seed_hash(seed) != data["seed_hash"]:
        raise Refused("verify-seed-wrong")
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


def why_not(exc: BaseException) -> tuple[str, str]:
    """The reason's message id and the technical detail, for a match that does not check."""
    if isinstance(exc, Refused):
        return exc.msg_id, exc.detail
    if isinstance(exc, ReplayError):
        return "verify-replay", str(exc)
    if isinstance(exc, OSError) and not isinstance(exc, sqlite3.Error):
        return "verify-unreadable", exc.strerror or str(exc)
    return "verify-damaged", f"{type(exc).__name__}: {exc}"[:200]


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    t: Words = args.words
    try:
        data = load(args)
        codec, events, engine = check(data)
        if not engine.is_over:  # a finished match's log ends with its end: this one is cut
            raise Refused("verify-cut", str(len(data["log"])))
    except (ValueError, KeyError, TypeError, AttributeError, OSError, RecursionError) as exc:
        return _not_verified(t, exc)
    except (sqlite3.Error, StoreUnusable) as exc:  # a hostile file
        return _not_verified(t, exc)
    if args.seat is not None:
        seat = None if args.seat == "spectator" else int(args.seat)
        for event in events:
            if visible_to(event, seat):
                print(json.dumps(codec.encode_event(event), ensure_ascii=False))
        return 0
    outcome = engine.outcome
    print(t("verify-seed-ok"))
    print(t("verify-events"), len(events))
    print(t("verify-over"), t("verify-yes" if engine.is_over else "verify-no"))
    if outcome is not None:
        print(t("verify-winners"), ", ".join(str(s) for s in outcome.winners))
        print(t("verify-ranks"), ", ".join(str(r) for r in outcome.ranks))
    return 0


def _not_verified(t: Words, exc: BaseException) -> int:
    msg_id, detail = why_not(exc)
    line = f"{t('verify-not')} {t(msg_id)}"
    print(f"{line} ({detail})" if detail else line, file=sys.stderr)
    return 1
