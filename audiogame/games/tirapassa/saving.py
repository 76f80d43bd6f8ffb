"""A Tira & Passa match as plain data, and back: what the autosave keeps.

The snapshot (``match_state``) holds everything the match depends on and
nothing that can be recomputed:

- ``setup``: the table the player chose (names, the next game's table);
- ``seed``: the game's seed; the next game of the evening takes the next one;
- ``game``: the engine's ``to_dict`` (config, seed, start time, timed log):
  replaying it gives the same dice, coasters, pile, won counts and the
  engine's random stream at the same place;
- ``bots``: each bot's ``state()``: its random generator as it stands and
  its pending delays (never a count of draws to replay);
- ``clock``: the game time of the snapshot, where a resumed race goes on;
- ``cursor``: the die my arrows were on.

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

from audiogame.games.tirapassa.bots import TiraBot
from audiogame.games.tirapassa.engine import TiraGame
from audiogame.games.tirapassa.save_schema import KIND, VERSION
from audiogame.games.tirapassa.table_setup import HUMAN, TableSetup
from audiogame.store.jsonlog import RawJson
from audiogame.store.saves import OtherVersion


def match_state(
    setup: TableSetup,
    seed: int | str,
    game: TiraGame,
    bots: Mapping[int, TiraBot],
    clock: float,
    cursor: int,
) -> dict[str, Any]:
    return {
        "kind": KIND,
        "version": VERSION,
        "setup": setup.to_dict(),
        "seed": seed,
        "game": game.to_dict(raw_log=True),
        # each bot's state as JSON text, encoded again only after the bot has drawn
        "bots": {str(seat): RawJson(bot.state_json()) for seat, bot in sorted(bots.items())},
        "clock": clock,
        "cursor": cursor,
    }


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
    try:
        return _restore(state)
    except (KeyError, TypeError, AttributeError, IndexError) as exc:
        raise ValueError(f"not a Tira & Passa match: {exc!r}") from exc


def _restore(state: Any) -> Restored:
    if not isinstance(state, dict) or state.get("kind") != KIND:
        raise ValueError("not a Tira & Passa match")
    if state.get("version") != VERSION:
        raise OtherVersion("a Tira & Passa match from another version")
    seed = state["seed"]
    if type(seed) not in (int, str) or state["game"]["seed"] != seed:
        raise ValueError("bad seed")
    game = TiraGame.from_dict(state["game"])
    if game.to_dict() != state["game"] or game.is_over:
        raise ValueError("the game's log does not replay to itself")
    clock, cursor = state["clock"], state["cursor"]
    if type(clock) not in (int, float) or not math.isfinite(clock) or clock < game.now:
        raise ValueError("bad clock")
    if type(cursor) is not int:
        raise ValueError("bad cursor")
    setup = TableSetup.from_dict(state["setup"])
    if setup.config().to_dict() != game.config.to_dict():
        raise ValueError("the table does not match the game")
    bots = _bots(game, seed, state["bots"])
    return Restored(setup, seed, game, bots, float(clock), cursor)


def _bots(game: TiraGame, seed: int | str, saved: Any) -> dict[int, TiraBot]:
    if not isinstance(saved, Mapping):
        raise ValueError("the bots are not a table of seats")
    bots: dict[int, TiraBot] = {}
    for seat in range(game.config.players):
        level = game.config.bot_of(seat)
        if level is None:
            continue
        bot = TiraBot(seat, level, seed)
        bot.restore(saved[str(seat)])
        bots[seat] = bot
    if len(saved) != len(bots):
        raise ValueError("the bots do not match the table")
    return bots
