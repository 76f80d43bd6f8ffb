"""Domino's saves as this code reads them: today's (version 5), and version 4 migrated.

Version 4 kept the table's view in Domino's own shape (the hard bots' budget,
the sort order, the cursor, the group, the pause, side by side); version 5 keeps
the app's (``core.match_save``): the game time the match goes on from, the
controls' state and the table's own. Nothing else changed, so a version 4 save
is decoded whole by its own schema, then its view is moved into the new shape.
Its clock is the last step of its log, where version 4 resumed the match too
(a turn in progress starts afresh). ``tests/test_domino_old_saves.py`` resumes
real saves of version 4. ``read_state`` is the game's ``read_save``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from audiogame.core import saving
from audiogame.games.domino import save_schema
from audiogame.games.domino.save_schema import (
    KIND,
    MAX_ITERATIONS,
    MAX_TILE,
    VERSION,
    Name,
    State,
    Tile,
)


class ViewV4(msgspec.Struct, forbid_unknown_fields=True):
    iterations: Annotated[int, msgspec.Meta(ge=1, le=MAX_ITERATIONS)]
    order: Name
    focus: Tile | None
    group: Annotated[int, msgspec.Meta(ge=0, le=MAX_TILE)]
    pause: bool


class StateV4(State):
    """Version 4: today's envelope and parts, the view in Domino's own shape."""

    version: Literal[4]  # type: ignore[assignment]  # the one field that differs, with the view
    view: ViewV4  # type: ignore[assignment]


def read_state(body: bytes) -> dict[str, Any]:
    """The state of a saved domino match, decoded and checked (a version 4 save read
    as version 5); ``OtherVersion``, or ``ValueError`` with the reason, when it is not
    a match this code can rebuild."""
    try:
        return save_schema.read_state(body)
    except saving.OtherVersion:
        return read_v4(body)


def read_v4(body: bytes) -> dict[str, Any]:
    """A version 4 save's state as version 5 has it; ``OtherVersion`` for another."""
    old = saving.read_state(body, StateV4, KIND, 4, "domino match")
    view, engine = old["view"], old["engine"]
    log = engine["log"]
    clock = log[-1]["t"] if log else engine["start"]
    cursor = {"order": view["order"], "focus": view["focus"], "group": view["group"]}
    own = {"iterations": view["iterations"], "pause": view["pause"]}
    moved = {"clock": clock, "controls": cursor, "table": own}
    return {**old, "version": VERSION, "view": moved}
