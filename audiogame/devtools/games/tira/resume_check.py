"""Tira & Passa for the resume checks (``audiogame.devtools.resume_check``) and the kill harness.

The scripted player at the human seat acts from what it observes alone, so
a resumed match and the original make the same moves at the same game times:
it rolls a fixed reaction after its dice land, sends its dice one by one in
manual mode (keys 1 to 6, every die that can go before the next throw), and
makes its calm rolls.
"""

from __future__ import annotations

from typing import Any

from audiogame.app.scene import Scene
from audiogame.core.gametime import GameScheduler
from audiogame.devtools.harness import Harness
from audiogame.devtools.resume_check import MATCH_START, TableAdapter
from audiogame.games.tirapassa.observation import Phase, TiraObservation
from audiogame.games.tirapassa.options import Control, Speed, Variant
from audiogame.games.tirapassa.saving import restore_match
from audiogame.games.tirapassa.symbols import SYMBOLS
from audiogame.games.tirapassa.table_setup import TableSetup
from audiogame.ui.games.tira.table import GAME_ID, RESUME_GRACE, TiraTable

#: the scripted player's game seconds: landing to roll, between two dice sent, calm rolls
REACTION = 1.3
SEND_PAUSE = 0.6
CALM_REACTION = 0.8

#: (players, controls, speed, variant) of the tables the kill harness plays
SAMPLE_TABLES = (
    (2, Control.ASSISTED, Speed.NORMAL, Variant.FIRST_TO_THREE),
    (3, Control.MANUAL, Speed.FAST, Variant.FIRST_TO_THREE),
    (4, Control.ASSISTED, Speed.SLOW, Variant.UNTIL_PILE_EXHAUSTED),
    (5, Control.MANUAL, Speed.NORMAL, Variant.FIRST_TO_THREE),
    (6, Control.ASSISTED, Speed.FAST, Variant.FIRST_TO_THREE),
    (4, Control.MANUAL, Speed.NORMAL, Variant.UNTIL_PILE_EXHAUSTED),
)


def scripted_move(obs: TiraObservation) -> tuple[float, str] | None:
    """(game time, key) of the scripted player's next move, or None while it waits."""
    if obs.idle_since is None or obs.in_the_air or obs.my_dice == 0:
        return None
    if obs.phase is Phase.CALM:
        return (obs.idle_since + CALM_REACTION, "space") if obs.calm_rolls_left else None
    if obs.phase is not Phase.RACING:
        return None
    roll = (obs.idle_since + REACTION, "space")
    if obs.control is not Control.MANUAL:
        return roll
    last = obs.idle_since if obs.last_move_at is None else obs.last_move_at
    sendable = obs.sendable()
    if not sendable:  # a pause after the last die sent, as a person's
        return (max(roll[0], last + SEND_PAUSE), "space")
    face = obs.hand[sendable[0][0]]
    assert face is not None
    # every die that can go goes before the next throw (a supreme one must)
    return (last + SEND_PAUSE, str(SYMBOLS.index(face) + 1))


class TiraAdapter(TableAdapter[TiraTable]):
    game_id = GAME_ID

    def __init__(self) -> None:
        self._pressed: tuple[int, float, str] | None = None

    def setups(self) -> list[dict[str, Any]]:
        return [
            TableSetup(players=p, control=c, speed=s, variant=v).to_dict()
            for p, c, s, v in SAMPLE_TABLES
        ]

    def new_match(
        self,
        h: Harness,
        state: dict[str, Any] | None,
        setup: dict[str, Any] | None,
        seed: Any,
    ) -> Scene:
        table_setup, start = TableSetup.from_dict(setup), MATCH_START
        if state is not None:
            restored = restore_match(state)
            table_setup, seed, start = restored.setup, restored.seed, restored.game.start_at
        h.clock.set(max(h.clock.now(), start))
        table = TiraTable(h.app, table_setup, seed, home=h.app.top)
        h.app.push(table)
        return table

    def is_table(self, scene: Scene | None) -> bool:
        return isinstance(scene, TiraTable) and not scene.practice

    def progress(self, table: TiraTable) -> int:
        return table.game.log_length

    def align_clock(self, h: Harness, state: dict[str, Any]) -> None:
        # the table resumes RESUME_GRACE after the app's now: start that much before
        # the saved instant and the shift between game and app time is exactly zero
        h.clock.set(max(h.clock.now(), state["view"]["clock"] - RESUME_GRACE))

    def next_key(self, table: TiraTable) -> tuple[float, str] | None:
        if table.finished:
            return None
        move = scripted_move(table.observation())
        if move is None:
            return None
        time = table.session.time
        assert isinstance(time, GameScheduler)
        clock = time.clock
        at = max(clock.app_time(move[0]), clock.base.now())
        pressed = (table.game.log_length, move[0], move[1])
        if pressed == self._pressed:
            return None  # the same move again with nothing changed: it was refused
        if at <= clock.base.now():
            self._pressed = pressed
        return at, move[1]

    def situation(self, table: TiraTable) -> Any:
        return table.observation()
