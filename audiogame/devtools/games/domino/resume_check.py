"""Domino for the resume checks (``audiogame.devtools.resume_check``) and the kill harness.

The scripted player at the human seat acts from what the table shows alone
(its hand in the table's sort order, the ends), at once, so a resumed match
and the original make the same moves: it plays the first tile of its hand that
fits (walking the cursor there with Home and Down, Enter to play, S when asked
which end), draws with Space when nothing fits, and presses Enter between
manches. Nothing in a domino match depends on the clock's reading (bots and
thinking time only set when things happen, not what), so a resumed match
need not be aligned on the clock.
"""

from __future__ import annotations

from typing import Any

from audiogame.app.scene import Scene
from audiogame.devtools.harness import Harness
from audiogame.devtools.resume_check import MATCH_START, TableAdapter
from audiogame.games.domino.actions import Draw, Play
from audiogame.games.domino.observation import Phase
from audiogame.games.domino.saving import restore_match
from audiogame.games.domino.table_setup import DominoSetup
from audiogame.ui.games.domino.table import GAME_ID, DominoTable

#: (bot levels, teams, options, pace) of the tables the kill harness plays
SAMPLE_TABLES: tuple[tuple[list[str], tuple[int, ...] | None, dict[str, Any], float], ...] = (
    (["easy", "normal", "easy"], None, {"point-limit": 50}, 0.5),
    (["normal"], None, {"point-limit": 75, "thinking-time": 10}, 0.5),
    (["hard", "normal", "easy"], (0, 1, 0, 1), {"point-limit": 50}, 0.5),
    (["easy", "easy", "normal", "normal", "easy"], None, {"set": "double-9"}, 0.5),
    (["normal", "easy"], None, {"draw-until-fits": True, "point-limit": 50}, 1.0),
)

#: the hard bots' budget of deals in checks: a tenth of the table's, same code path
CHECK_ITERATIONS = 30


def sample_setup(
    levels: list[str], teams: Any, options: dict[str, Any], pace: float
) -> dict[str, Any]:
    setup = DominoSetup(levels=list(levels), teams=teams, pace=pace)
    setup.options.update(options)
    return setup.to_dict()


def scripted_key(table: DominoTable) -> str | None:
    """The scripted player's next key, or None while it waits: the first tile that fits,
    in the hand's order, else a draw. It reads the table's view alone, so it plays a
    match run here or on a server alike (online the server deals the next manche)."""
    view = table.view()
    me = table.me
    if view.phase is Phase.BETWEEN:
        return "enter" if table.beside is None else None
    if view.phase is not Phase.PLAYING or me is None or view.current_seat != me:
        return None
    if table.controls.choosing is not None:
        return "s"
    legal = view.legal_actions()
    fitting = {a.uid for a in legal if isinstance(a, Play)}
    hand = table.controls.hand(table.view())
    targets = [i for i, tile in enumerate(hand) if tile.uid in fitting]
    if not targets:
        return "space" if any(isinstance(a, Draw) for a in legal) else None
    at = table.controls.cursor_at(hand)
    if at == targets[0] and table.controls.focus == hand[at].uid:
        return "enter"
    return "down" if at < targets[0] and table.controls.focus is not None else "home"


class DominoAdapter(TableAdapter[DominoTable]):
    game_id = GAME_ID

    def __init__(self) -> None:
        self._pressed: tuple[Any, ...] | None = None

    def setups(self) -> list[dict[str, Any]]:
        return [sample_setup(*table) for table in SAMPLE_TABLES]

    def new_match(
        self,
        h: Harness,
        state: dict[str, Any] | None,
        setup: dict[str, Any] | None,
        seed: Any,
    ) -> Scene:
        table_setup, iterations, start = DominoSetup.from_dict(setup), CHECK_ITERATIONS, MATCH_START
        if state is not None:  # the match as it started: a later match of an evening too
            restored = restore_match(state)
            table_setup, seed, iterations = restored.setup, restored.seed, restored.own.iterations
            start = float(state["engine"]["start"])
        h.clock.set(max(h.clock.now(), start))
        table = DominoTable(
            h.app,
            table_setup,
            seed,
            home=h.app.top,
            iterations=iterations,
            deal_at_first_frame=True,
        )
        h.app.push(table)
        return table

    def is_table(self, scene: Scene | None) -> bool:
        return isinstance(scene, DominoTable)

    def progress(self, table: DominoTable) -> int:
        return table.match.steps

    def align_clock(self, h: Harness, state: dict[str, Any]) -> None:
        h.clock.set(max(h.clock.now(), MATCH_START))

    def watch(self, table: DominoTable, sink: Any) -> None:
        if not table.watchers and table.match.steps == 1 and table.opening:
            sink(list(table.opening))  # a next match dealt in the frame of the Enter that made it
        super().watch(table, sink)

    def next_key(self, table: DominoTable) -> tuple[float, str] | None:
        key = scripted_key(table)
        if key is None:
            return None
        pressed = (id(table), table.view().step, table.controls.focus, table.controls.choosing, key)
        if pressed == self._pressed:
            return None  # the same key again with nothing changed: it was refused
        self._pressed = pressed
        return table.app.clock.now(), key

    def situation(self, table: DominoTable) -> Any:
        return table.observation(), table.match.totals, table.controls.order
