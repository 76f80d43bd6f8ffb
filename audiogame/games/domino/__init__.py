"""Domino as the Salotto plays it: a pure rules engine, sort orders and bots.

Public API (import from here)::

    from audiogame.games.domino import (
        DominoConfig, OPTIONS, SetupProblem,          # setup (options.py)
        DominoMatch, Result, Phase, Observation,      # engine (engine.py, observation.py)
        Play, Draw, Pass, NextManche, Deal, Refusal,   # actions.py (no seat inside)
        Tile, End, SETS, tile_set, orient,             # tiles.py
        SORT_ORDERS, SORT_IDS, sort_hand, next_order, group_by_number,  # sorting.py
        make_bot, LEVELS,                               # bots/
    )

Events live in ``audiogame.games.domino.events``. See each module's docstring.
"""

from typing import TYPE_CHECKING

from audiogame.core.later import exports_later

if TYPE_CHECKING:  # what the names are; at run time each module loads at its first use
    from audiogame.games.domino.actions import (
        Action,
        Deal,
        Draw,
        NextManche,
        Pass,
        Play,
        Refusal,
        action_from_dict,
        action_to_dict,
    )
    from audiogame.games.domino.bots import LEVELS, make_bot
    from audiogame.games.domino.engine import DominoMatch, Result
    from audiogame.games.domino.observation import Observation, Phase, PlacedTile
    from audiogame.games.domino.options import (
        OPTIONS,
        OPTIONS_BY_ID,
        TEAM_COUNTS,
        DominoConfig,
        SetupProblem,
        alternating_teams,
        hand_size,
        random_teams,
    )
    from audiogame.games.domino.sorting import (
        SORT_IDS,
        SORT_ORDERS,
        group_by_number,
        next_order,
        sort_hand,
    )
    from audiogame.games.domino.tiles import SET_IDS, SETS, End, SetSpec, Tile, orient, tile_set

__all__ = [
    "LEVELS",
    "SORT_IDS",
    "SORT_ORDERS",
    "OPTIONS",
    "OPTIONS_BY_ID",
    "SETS",
    "SET_IDS",
    "TEAM_COUNTS",
    "Action",
    "DominoConfig",
    "Deal",
    "DominoMatch",
    "Draw",
    "End",
    "NextManche",
    "Observation",
    "Pass",
    "Phase",
    "PlacedTile",
    "Play",
    "Refusal",
    "Result",
    "SetSpec",
    "SetupProblem",
    "Tile",
    "action_from_dict",
    "action_to_dict",
    "alternating_teams",
    "group_by_number",
    "hand_size",
    "make_bot",
    "next_order",
    "orient",
    "random_teams",
    "sort_hand",
    "tile_set",
]

#: loaded when a name is first asked for: finding the game (its spec, for the main menu)
#: loads neither the engine nor the bots
__getattr__ = exports_later(
    __name__,
    __all__,
    [
        ".actions",
        ".bots",
        ".engine",
        ".observation",
        ".options",
        ".sorting",
        ".tiles",
    ],
)
