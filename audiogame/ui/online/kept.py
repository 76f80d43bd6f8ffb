"""Finished online matches kept on the player's computer, to check them offline.

When a match begins the table commits to its secret seed (``MatchBegins.seed_hash``);
when it ends it reveals the seed and sends the whole log (``MatchOver``). The
player's app checks the seed against the commitment it heard at the start, and
keeps the match as JSON in ``<data>/online-matches/`` (named by the game, the
moment it ended and the commitment), where ``audiogame verify <file>`` replays it
on this computer's own engine. The newest ``KEEP`` matches are kept.
"""

from __future__ import annotations

import json
import logging
import re
import time
from pathlib import Path

from audiogame.net.protocol import messages as m
from audiogame.net.protocol.match_log import seed_hash
from audiogame.store.files import StorageError, write_atomic

log = logging.getLogger(__name__)

FOLDER = "online-matches"
_SAFE = re.compile(r"[^a-z0-9-]")
#: matches kept; the oldest go first
KEEP = 50


def seed_kept(committed: str, over: m.MatchOver) -> bool:
    """The revealed seed is the one the table committed to (``committed``: the hash
    heard at the start; "" when this player came in later: the one the end carries)."""
    wanted = committed or over.seed_hash
    return seed_hash(over.seed) == wanted == over.seed_hash


def keep_match(data_dir: Path | None, over: m.MatchOver, now: float | None = None) -> Path | None:
    """The match written for ``audiogame verify``; None when it cannot be (no data
    folder, a full disk: the game goes on all the same)."""
    if data_dir is None:
        return None
    folder = data_dir / FOLDER
    moment = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    # the game and the hash come from the server: only letters, digits and dashes of
    # them name a file (a "../" from a hostile host never leaves the folder)
    game = _SAFE.sub("", over.game)[:32] or "match"
    path = folder / f"{game}-{moment}-{_SAFE.sub('', over.seed_hash)[:8]}.json"
    try:
        write_atomic(path, json.dumps(json.loads(m.encode(over)), ensure_ascii=False), sync=False)
        for old in sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime)[:-KEEP]:
            old.unlink(missing_ok=True)
    except (OSError, StorageError):
        log.exception("cannot keep the finished match in %s", folder)
        return None
    return path
