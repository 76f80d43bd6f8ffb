"""A Tira & Passa match as plain data, and back: what the autosave keeps.

The snapshot (``match_state``) is the envelope every game saves in
(``core.saving``: kind, version, setup, seed, engine, bots, view); what
Tira & Passa puts in it:

- ``setup``: the table the player chose (names, the next game's table);
- ``engine``: the engine's ``to_dict`` (config, seed, start time, timed log):
  replaying it gives the same dice, coasters, pile, won counts and the
  engine's random stream at the same place;
- ``bots``: each bot's ``state()``: its random generator as it stands and
  its pending delays (never a count of draws to replay);
- ``view``: ``clock``, the game time of the snapshot, where a resumed race
  goes on, and ``cursor``, the die my arrows were on.

``restore_match`` checks a state thoroughly and raises ``ValueError`` on
anything it cannot rebuild exactly (the menu then refuses the save): the
rebuilt game must give back the very log it was rebuilt from, every bot of the
table must be there with a state it accepts, and nothing else. A snapshot of
another ``VERSION`` is refused as such (``OtherVersion``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from audiogame.core.contract import Bot
from audiogame.core.saving import BotStates, Envelope, restore, restore_bots, seal
from audiogame.games.tirapassa.bots import TiraBot
from audiogame.games.tirapassa.engine import TiraGame
from audiogame.games.tirapassa.save_schema import KIND, VERSION
from audiogame.games.tirapassa.table_setup import HUMAN, TableSetup


def match_state(
    setup: TableSetup,
    seed: int | str,
    game: TiraGame,
    bots: Mapping[int, Bot],
    clock: float,
    cursor: int,
    states: BotStates | None = None,
) -> dict[str, Any]:
    states = states or BotStates()
    view = {"clock": clock, "cursor": cursor}
    engine = game.to_dict(raw_log=True)
    return seal(KIND, VERSION, setup.to_dict(), seed, engine, states.of(bots), view)


def summary(game: TiraGame) -> dict[str, Any]:
    """What the main menu says of the saved match: "round 2, 4 players, you 1 coaster"."""
    obs = game.observation(HUMAN)
    args = {"round": max(obs.round, 1), "players": obs.players, "won": obs.won_counts[HUMAN]}
    return {"msg": "tira-saved-match", "args": args}


@dataclass
class Restored:
    setup: TableSetup
    seed: int | str
    game: TiraGame
    bots: dict[int, TiraBot]
    clock: float
    cursor: int


def restore_match(state: Any) -> Restored:
    """The match ``state`` describes, exactly; ``ValueError`` when it cannot be."""
    return restore(state, KIND, VERSION, _restore)


def _restore(saved: Envelope) -> Restored:
    game = TiraGame.from_dict(saved.engine)
    if game.to_dict() != saved.engine or game.is_over:
        raise ValueError("the game's log does not replay to itself")
    clock, cursor = saved.view["clock"], saved.view["cursor"]
    if type(clock) not in (int, float) or not math.isfinite(clock) or clock < game.now:
        raise ValueError("bad clock")
    if type(cursor) is not int or set(saved.view) != {"clock", "cursor"}:
        raise ValueError("bad cursor")
    setup = TableSetup.from_dict(saved.setup)
    if setup.config().to_dict() != game.config.to_dict():
        raise ValueError("the table does not match the game")
    table = {
        seat: TiraBot(seat, level, saved.seed)
        for seat in range(game.config.players)
        if (level := game.config.bot_of(seat)) is not None
    }
    bots = restore_bots(table, saved.bots)
    return Restored(setup, saved.seed, game, bots, float(clock), cursor)
