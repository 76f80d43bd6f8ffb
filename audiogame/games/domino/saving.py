"""A domino match as plain data, and back: what the autosave keeps.

The snapshot (``match_state``) holds everything the match depends on and
nothing that can be recomputed:

- ``setup``: the table the player chose (bots, teams, options, pace);
- ``seed``: the match's seed; the next match of the evening takes the next one;
- ``iterations``: the hard bots' budget of deals (it shapes their decisions);
- ``match``: the engine's ``to_dict`` (config, seed, start time and the timed
  log of accepted actions and time-outs): replaying it gives the same hands,
  chain, boneyard order, scores, turn times and the engine's random stream at
  the same place;
- ``bots``: each bot's ``state()``: its random stream
  (``random.Random.getstate()`` as lists) as it was *before* the decision in
  progress began, so a resumed bot starts that decision (or its search) from
  the very same place and decides the same;
- ``order``, ``focus``, ``group``: the player's sort order and cursor;
- ``pause``: whether the player asked to wait between manches.

A snapshot is taken after every action, so ``SnapshotCache`` keeps what is
already encoded: the log grows one entry at a time and a bot's state changes
only on its own turn (``saves.RawJson`` pieces, spliced in when written).

``restore_match`` checks a state thoroughly and raises ``ValueError`` on
anything it cannot rebuild exactly (the menu then refuses the save).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from audiogame.games.domino.bots import DominoBot, make_bot
from audiogame.games.domino.engine import DominoMatch, entry_to_dict
from audiogame.games.domino.observation import Phase
from audiogame.games.domino.save_schema import KIND, VERSION
from audiogame.games.domino.sorting import SORT_IDS
from audiogame.games.domino.table_setup import HUMAN, DominoSetup
from audiogame.store.jsonlog import JsonLog, RawJson, dump
from audiogame.store.saveformat import OtherVersion


@dataclass
class TableState:
    """What the table keeps beside the engine: the player's view and the bots' states."""

    bots: dict[int, dict[str, Any]]
    order: str = SORT_IDS[0]
    focus: int | None = None
    group: int = 0
    pause: bool = False


@dataclass
class SnapshotCache:
    """The JSON already made for earlier snapshots of the same match."""

    log: JsonLog = field(default_factory=JsonLog)
    bots: dict[int, tuple[dict[str, Any], RawJson]] = field(default_factory=dict)

    def match(self, match: DominoMatch) -> dict[str, Any]:
        # the keys of DominoMatch.to_dict, the log encoded one new action at a time
        return {
            "config": match.config.to_dict(),
            "seed": match.seed,
            "auto_pass": match.auto_pass,
            "start": match.start,
            "log": self.log.raw(list(match.log), entry_to_dict),
        }

    def bot(self, seat: int, state: dict[str, Any]) -> RawJson:
        cached = self.bots.get(seat)
        if cached is None or cached[0] != state:
            text = json.dumps(state, separators=(",", ":"))
            cached = self.bots[seat] = (state, RawJson(text))
        return cached[1]


def match_state(
    setup: DominoSetup,
    seed: int | str,
    iterations: int,
    match: DominoMatch,
    table: TableState,
    cache: SnapshotCache | None = None,
) -> dict[str, Any]:
    cache = cache or SnapshotCache()
    return {
        "kind": KIND,
        "version": VERSION,
        "setup": setup.to_dict(),
        "seed": seed,
        "iterations": iterations,
        "match": cache.match(match),
        "bots": {str(seat): cache.bot(seat, s) for seat, s in sorted(table.bots.items())},
        "order": table.order,
        "focus": table.focus,
        "group": table.group,
        "pause": table.pause,
    }


def summary(match: DominoMatch) -> dict[str, Any]:
    """What the main menu says of the saved match: "manche 2, 4 players, you 35 points"."""
    side = match.sides[HUMAN]
    args = {"manche": max(match.manche, 1), "players": match.config.seats}
    return {"msg": "domino-saved-match", "args": {**args, "score": match.totals[side]}}


@dataclass
class Restored:
    setup: DominoSetup
    seed: int | str
    iterations: int
    match: DominoMatch
    table: TableState
    #: each bot, its state restored
    bots: dict[int, DominoBot]


def restore_match(state: Any) -> Restored:
    """The match ``state`` describes, exactly; ``ValueError`` when it cannot be."""
    try:
        # a snapshot straight from a table holds RawJson pieces: plain data first
        return _restore(json.loads(dump(state)))
    except (KeyError, TypeError, AttributeError, IndexError) as exc:
        raise ValueError(f"not a domino match: {exc!r}") from exc


def _restore(state: Any) -> Restored:
    if not isinstance(state, dict) or state.get("kind") != KIND:
        raise ValueError("not a domino match")
    if state.get("version") != VERSION:
        raise OtherVersion("a domino match from another version")
    seed, iterations = state["seed"], state["iterations"]
    if type(seed) not in (int, str) or state["match"]["seed"] != seed:
        raise ValueError("bad seed")
    if type(iterations) is not int or iterations < 1:
        raise ValueError("bad iterations")
    setup = DominoSetup.from_dict(state["setup"])
    if setup.to_dict() != state["setup"]:
        raise ValueError("the table setup does not read back")
    match = DominoMatch.from_dict(state["match"])  # replayed entry by entry
    if match.config != setup.config() or match.to_dict() != state["match"]:
        raise ValueError("the match does not replay to itself")
    if match.is_over or match.phase is Phase.READY:
        raise ValueError("nothing to resume")
    table = _table(state, setup)
    bots = {
        seat: make_bot(seat, level, seed, pace=setup.pace, iterations=iterations)
        for seat, level in enumerate(setup.levels, start=1)
    }
    for seat, data in table.bots.items():
        bots[seat].restore(data)  # ValueError when it is not a bot's state
    return Restored(setup, seed, iterations, match, table, bots)


def _table(state: dict[str, Any], setup: DominoSetup) -> TableState:
    saved = state["bots"]
    seats = {str(seat) for seat in range(1, setup.players)}
    if not isinstance(saved, dict) or set(saved) != seats:
        raise ValueError("the bots do not match the table")
    bots = {int(seat): dict(data) for seat, data in saved.items() if isinstance(data, Mapping)}
    if len(bots) != len(saved):
        raise ValueError("a bot's state is not a mapping")
    order, focus, group, pause = state["order"], state["focus"], state["group"], state["pause"]
    if order not in SORT_IDS or type(group) is not int or type(pause) is not bool:
        raise ValueError("bad view of the hand")
    # the cursor may rest on a tile just played (it moves on with the next key)
    if focus is not None and type(focus) is not int:
        raise ValueError("bad cursor")
    return TableState(bots, order, focus, group, pause)
