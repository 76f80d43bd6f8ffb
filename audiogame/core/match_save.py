"""A table's saved match, the same for every game: ``view_of`` and ``open_match``.

What the autosave writes is the one envelope of ``core.saving``: the table's
setup (plain data, as the setup scene kept it), the seed, the engine's
``to_dict``, each bot's ``state()`` and the view. The view holds what the app
keeps for any game:

- ``clock``: the game time the match goes on from (a table says which: the
  generic one its time now; Domino the last step of its log, so that a turn in
  progress starts afresh);
- ``controls``: the controls' own ``state()`` (the player's cursor, sort order);
- ``table``: what a table adds of its own (Domino: the pause asked between
  manches, the hard bots' budget); empty for most games.

``open_match`` checks all of it and rebuilds the engine (replaying its log) and
the controls; the table then seats its bots (``Saved.bots``), since only it
knows how its setup makes them. Anything it cannot rebuild exactly is a
``ValueError`` (the menu then refuses the save).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from audiogame.core.contract import Bot, Engine, GameSpec
from audiogame.core.controls import Controls
from audiogame.core.saving import Envelope, restore, restore_bots

B = TypeVar("B", bound=Bot)


def kind(spec: GameSpec) -> str:
    return f"{spec.id}-match"


def view_of(clock: float, controls: Controls, own: Mapping[str, Any]) -> dict[str, Any]:
    """The view part of a snapshot (see the module docstring)."""
    return {"clock": clock, "controls": controls.state(), "table": dict(own)}


@dataclass(frozen=True)
class Saved:
    """A saved match rebuilt but for its bots (the table seats them from its setup)."""

    setup: Any
    seed: int | str
    engine: Engine
    clock: float
    controls: Controls
    #: the table's own part of the view
    own: Mapping[str, Any]
    saved_bots: Mapping[int, Mapping[str, Any]]

    def bots(self, made: Mapping[int, B]) -> dict[int, B]:
        """The table's bots, each back at its saved state (``ValueError``: not these)."""
        return restore_bots(made, self.saved_bots)


def open_match(spec: GameSpec, state: Any, version: int) -> Saved:
    """The match ``state`` describes, exactly; ``ValueError`` when it cannot be."""

    def build(saved: Envelope) -> Saved:
        assert spec.engine_from_dict is not None
        engine = spec.engine_from_dict(saved.engine)  # replayed entry by entry
        if engine.to_dict() != saved.engine or engine.is_over:
            raise ValueError("the match's log does not replay to itself")
        view = saved.view
        clock, controls, own = view.get("clock"), view.get("controls"), view.get("table", {})
        if not isinstance(clock, int | float) or isinstance(clock, bool) or clock < 0:
            raise ValueError("bad clock")
        if not set(view) <= {"clock", "controls", "table"}:
            raise ValueError("bad view")
        if not isinstance(controls, dict) or not isinstance(own, dict):
            raise ValueError("bad view")
        kept = spec.controls()
        kept.restore(controls)
        return Saved(saved.setup, saved.seed, engine, float(clock), kept, own, saved.bots)

    return restore(state, kind(spec), version, build)
