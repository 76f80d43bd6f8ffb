"""A domino match as plain data, and back: what the autosave keeps.

The snapshot is the app's (``core.match_save``, in the envelope of
``core.saving``); what Domino puts in it:

- ``setup``: the table the player chose (bots, teams, options, pace);
- ``engine``: the engine's ``to_dict`` (config, seed, start time and the timed
  log of accepted actions and time-outs): replaying it gives the same hands,
  chain, boneyard order, scores, turn times and the engine's random stream at
  the same place;
- ``bots``: each bot's ``state()``: its random stream as it was *before* the
  decision in progress began, so a resumed bot starts that decision (or its
  search) from the very same place and decides the same;
- the view: the clock at the last step of the log (a turn in progress starts
  afresh), the controls' state (sort order, cursor, group) and the table's own
  (``Own``: the hard bots' budget of deals, which shapes their decisions, and
  whether the player asked to wait between manches).

A snapshot is taken after every action, so ``SnapshotCache`` keeps what is
already encoded: the log grows one entry at a time and a bot's state changes
only on its own turn (``RawJson`` pieces, spliced in when written).

``restore_match`` checks a state thoroughly and raises ``ValueError`` on
anything it cannot rebuild exactly (the menu then refuses the save). Saves of
version 4 are read as version 5 (``save_versions``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from audiogame.core.contract import Bot
from audiogame.core.jsonlog import JsonLog
from audiogame.core.match_save import open_match, view_of
from audiogame.core.saving import BotStates, seal
from audiogame.games.domino.bots import DominoBot, make_bot
from audiogame.games.domino.controls import DominoControls
from audiogame.games.domino.engine import DominoMatch, entry_to_dict
from audiogame.games.domino.observation import Phase
from audiogame.games.domino.save_schema import KIND, VERSION
from audiogame.games.domino.table_setup import HUMAN, DominoSetup


@dataclass
class Own:
    """What the table keeps beside the engine, the bots and the controls."""

    #: the hard bots' budget of deals per decision
    iterations: int
    #: the player asked to wait between manches (Shift+P)
    pause: bool = False

    def to_data(self) -> dict[str, Any]:
        return {"iterations": self.iterations, "pause": self.pause}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Own:
        iterations, pause = data["iterations"], data["pause"]
        if type(iterations) is not int or iterations < 1 or type(pause) is not bool:
            raise ValueError("bad table view")
        return cls(iterations, pause)


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


def last_step(match: DominoMatch) -> float:
    """The game time of the log's last step: where a resumed match goes on from."""
    return match.log[-1][0] if match.log else match.start


def match_state(
    setup: DominoSetup,
    seed: int | str,
    match: DominoMatch,
    bots: Mapping[int, Bot],
    controls: DominoControls,
    own: Own,
    cache: SnapshotCache | None = None,
) -> dict[str, Any]:
    cache = cache or SnapshotCache()
    engine, states = cache.engine(match), cache.bots.of(bots)
    view = view_of(last_step(match), controls, own.to_data())
    return seal(KIND, VERSION, setup.to_dict(), seed, engine, states, view)


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
    controls: DominoControls
    own: Own
    #: each bot, its state restored
    bots: dict[int, DominoBot]


def restore_match(state: Any) -> Restored:
    """The match ``state`` describes, exactly; ``ValueError`` when it cannot be."""
    from audiogame.games.domino.spec import SPEC

    saved = open_match(SPEC, state, VERSION)
    own = Own.from_data(saved.own)
    setup = DominoSetup.from_dict(saved.setup)
    if setup.to_dict() != saved.setup:
        raise ValueError("the table setup does not read back")
    match, controls = saved.engine, saved.controls
    assert isinstance(match, DominoMatch) and isinstance(controls, DominoControls)
    if match.config != setup.config() or match.phase is Phase.READY:
        raise ValueError("the match is not the setup's, or there is nothing to resume")
    if saved.clock != last_step(match):
        raise ValueError("a clock that is not the match's")
    table = {
        seat: make_bot(seat, level, saved.seed, pace=setup.pace, iterations=own.iterations)
        for seat, level in enumerate(setup.levels, start=1)
    }
    return Restored(setup, saved.seed, match, controls, own, saved.bots(table))
