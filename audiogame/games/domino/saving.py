"""A domino match as plain data, and back: what the autosave keeps.

The snapshot (``match_state``) is the envelope every game saves in
(``core.saving``: kind, version, setup, seed, engine, bots, view); what
Domino puts in it:

- ``setup``: the table the player chose (bots, teams, options, pace);
- ``engine``: the engine's ``to_dict`` (config, seed, start time and the timed
  log of accepted actions and time-outs): replaying it gives the same hands,
  chain, boneyard order, scores, turn times and the engine's random stream at
  the same place;
- ``bots``: each bot's ``state()``: its random stream as it was *before* the
  decision in progress began, so a resumed bot starts that decision (or its
  search) from the very same place and decides the same;
- ``view`` (``TableView``): the hard bots' budget of deals (it shapes their
  decisions), the player's sort order and cursor, and whether they asked to
  wait between manches.

A snapshot is taken after every action, so ``SnapshotCache`` keeps what is
already encoded: the log grows one entry at a time and a bot's state changes
only on its own turn (``saves.RawJson`` pieces, spliced in when written).

``restore_match`` checks a state thoroughly and raises ``ValueError`` on
anything it cannot rebuild exactly (the menu then refuses the save).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from audiogame.core.jsonlog import JsonLog
from audiogame.core.saving import BotStates, Envelope, restore, restore_bots, seal
from audiogame.games.domino.bots import DominoBot, make_bot
from audiogame.games.domino.engine import DominoMatch, entry_to_dict
from audiogame.games.domino.observation import Phase
from audiogame.games.domino.save_schema import KIND, VERSION
from audiogame.games.domino.sorting import SORT_IDS
from audiogame.games.domino.table_setup import HUMAN, DominoSetup


@dataclass
class TableView:
    """What the table keeps beside the engine and the bots."""

    #: the hard bots' budget of deals per decision
    iterations: int
    order: str = SORT_IDS[0]
    focus: int | None = None
    group: int = 0
    pause: bool = False

    def to_data(self) -> dict[str, Any]:
        return {
            "iterations": self.iterations,
            "order": self.order,
            "focus": self.focus,
            "group": self.group,
            "pause": self.pause,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> TableView:
        iterations, order, focus = data["iterations"], data["order"], data["focus"]
        group, pause = data["group"], data["pause"]
        if type(iterations) is not int or iterations < 1:
            raise ValueError("bad iterations")
        if order not in SORT_IDS or type(group) is not int or type(pause) is not bool:
            raise ValueError("bad view of the hand")
        # the cursor may rest on a tile just played (it moves on with the next key)
        if focus is not None and type(focus) is not int:
            raise ValueError("bad cursor")
        return cls(iterations, order, focus, group, pause)


@dataclass
class SnapshotCache:
    """The JSON already made for earlier snapshots of the same match."""

    log: JsonLog = field(default_factory=JsonLog)
    bots: BotStates = field(default_factory=BotStates)

    def engine(self, match: DominoMatch) -> dict[str, Any]:
        # the keys of DominoMatch.to_dict, the log encoded one new action at a time
        return {
            "config": match.config.to_dict(),
            "seed": match.seed,
            "auto_pass": match.auto_pass,
            "start": match.start,
            "log": self.log.raw(list(match.log), entry_to_dict),
        }


def match_state(
    setup: DominoSetup,
    seed: int | str,
    match: DominoMatch,
    bots: Mapping[int, DominoBot],
    view: TableView,
    cache: SnapshotCache | None = None,
) -> dict[str, Any]:
    cache = cache or SnapshotCache()
    engine, states = cache.engine(match), cache.bots.of(bots)
    return seal(KIND, VERSION, setup.to_dict(), seed, engine, states, view.to_data())


def summary(match: DominoMatch) -> dict[str, Any]:
    """What the main menu says of the saved match: "manche 2, 4 players, you 35 points"."""
    side = match.sides[HUMAN]
    args = {"manche": max(match.manche, 1), "players": match.config.seats}
    return {"msg": "domino-saved-match", "args": {**args, "score": match.totals[side]}}


@dataclass
class Restored:
    setup: DominoSetup
    seed: int | str
    match: DominoMatch
    view: TableView
    #: each bot, its state restored
    bots: dict[int, DominoBot]


def restore_match(state: Any) -> Restored:
    """The match ``state`` describes, exactly; ``ValueError`` when it cannot be."""
    return restore(state, KIND, VERSION, _restore)


def _restore(saved: Envelope) -> Restored:
    view = TableView.from_data(saved.view)
    setup = DominoSetup.from_dict(saved.setup)
    if setup.to_dict() != saved.setup:
        raise ValueError("the table setup does not read back")
    match = DominoMatch.from_dict(saved.engine)  # replayed entry by entry
    if match.config != setup.config() or match.to_dict() != saved.engine:
        raise ValueError("the match does not replay to itself")
    if match.is_over or match.phase is Phase.READY:
        raise ValueError("nothing to resume")
    table = {
        seat: make_bot(seat, level, saved.seed, pace=setup.pace, iterations=view.iterations)
        for seat, level in enumerate(setup.levels, start=1)
    }
    bots = restore_bots(table, saved.bots)  # ValueError when a state is not its bot's
    return Restored(setup, saved.seed, match, view, bots)
