"""A table talks to its game through ``SeatSession`` alone (``core.seat``): played
through a session that answers a frame later, as a network would, the tables
ask, refuse and narrate as they do with the local one. The session here wraps
a real ``LocalSeat`` (the engine, the bots, game time) and holds every answer
back until the next frame: events, refusals and the view they leave."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from audiogame.core.gametime import GameScheduler
from audiogame.core.seat import LocalSeat, SeatListener, SeatSession
from audiogame.games.domino.actions import Play, Refusal
from audiogame.games.domino.bots import make_bot
from audiogame.games.domino.engine import DominoMatch
from audiogame.games.domino.observation import Phase
from audiogame.games.domino.table_setup import DominoSetup
from audiogame.games.tirapassa.engine import TiraGame
from audiogame.games.tirapassa.observation import Phase as TiraPhase
from audiogame.games.tirapassa.table_setup import TableSetup
from audiogame.ui.games.domino.table import DominoTable
from audiogame.ui.games.tira.table import TiraTable

#: how late every answer comes: more than a frame
LAG = 0.03


class LaterSeat:
    """A ``SeatSession`` whose answers come a frame after the action, with the view
    as it stood when they were sent (what a table sees online)."""

    def __init__(self, local: LocalSeat, scheduler: Any) -> None:
        self.local = local
        self.scheduler = scheduler
        self.table: SeatListener | None = None
        self._view = local.view()
        self.acts: list[Any] = []

    @property
    def seat(self) -> int | None:
        return self.local.seat

    @property
    def time(self) -> Any:
        return self.local.time

    def start(self, listener: SeatListener) -> None:
        self.table = listener
        self.local.start(self)

    def act(self, action: Any) -> None:
        self.acts.append(action)
        self.scheduler.call_later(LAG, self.local.act, action)

    def next_round(self) -> None:
        self.scheduler.call_later(LAG, self.local.next_round)

    def view(self) -> Any:
        return self._view

    def pause(self) -> None:
        self.local.pause()

    def resume(self) -> None:
        self.local.resume()

    def stop(self) -> None:
        self.local.stop()

    # the local seat's answers, held back a frame
    def on_events(self, batch: Sequence[Any]) -> None:
        view = self.local.view()
        self.scheduler.call_later(LAG, self._deliver_events, list(batch), view)

    def on_refusal(self, action: Any, refusal: str) -> None:
        self.scheduler.call_later(LAG, self._deliver_refusal, action, str(refusal))

    def _deliver_events(self, batch: list[Any], view: Any) -> None:
        self._view = view
        assert self.table is not None
        self.table.on_events(batch)

    def _deliver_refusal(self, action: Any, refusal: str) -> None:
        assert self.table is not None
        self.table.on_refusal(action, refusal)


def domino_later(h: Any, setup: DominoSetup, seed: int) -> tuple[DominoTable, LaterSeat]:
    time = GameScheduler(h.app.scheduler)
    match = DominoMatch(setup.config(), seed, start=time.clock.now())
    bots = {s: make_bot(s, level, seed) for s, level in enumerate(setup.levels, start=1)}
    seat = LaterSeat(LocalSeat(match, time, bots, seat=0), h.app.scheduler)
    session: SeatSession = seat
    return DominoTable(h.app, setup, seed, home=h.app.top, session=session), seat


@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_domino_table_asks_which_end_when_the_refusal_comes_later(harness_factory, lang):
    h = harness_factory(lang).start()
    table, seat = domino_later(h, DominoSetup(levels=["normal"]), 3)
    h.app.push(table)
    match = seat.local.engine
    both: list[Any] = []
    while not both:  # I play the first legal move until a tile fits both (different) ends
        assert h.run_until(lambda: seat.view().my_turn, timeout=30)
        now = h.app.clock.now()
        both = [
            t
            for t in seat.view().hand
            if match.why_not(0, Play(t.uid, None), now) is Refusal.CHOOSE_END
        ]
        if not both:
            table.act(match.legal_actions(0, now)[0])
            h.advance(0.1)
    seat.acts.clear()
    assert table.local is None and not table.save_match()  # nothing here to save
    table.controls.focus = both[0].uid
    said = h.press("enter")
    assert seat.acts == [Play(both[0].uid, None)]
    assert table.controls.choosing is None and said == ""  # the answer has not come yet
    said = h.advance(0.1)
    assert table.controls.choosing == both[0].uid
    assert {"it": "attacca da tutte e due le parti", "en": "fits both ends"}[lang] in said
    h.press("s")
    h.advance(0.1)
    assert seat.view().chain[0].tile.uid == both[0].uid  # played on the left, as asked


def test_a_domino_table_refuses_a_draw_out_of_turn_a_frame_later(harness_factory):
    h = harness_factory("en").start()
    table, seat = domino_later(h, DominoSetup(levels=["normal", "normal", "normal"]), 5)
    h.app.push(table)
    h.advance(0.2)
    assert seat.view().phase is Phase.PLAYING
    match = seat.local.engine
    # another's turn: where the deal has me open, I play my first legal move (nobody
    # else moves for me) and a bot's turn follows
    for _ in range(3):
        assert h.run_until(lambda: seat.view().current_seat is not None, timeout=30)
        if seat.view().current_seat != 0:
            break
        table.act(match.legal_actions(0, h.app.clock.now())[0])
        h.advance(0.1)
    assert seat.view().current_seat not in (None, 0)
    assert h.press("space") == ""
    assert h.advance(0.1) == "It is not your turn."
    assert h.app.announcer.cue_log[-1][0] == "menu_error"


def test_a_tira_table_clicks_for_a_throw_while_the_dice_fly_a_frame_later(harness_factory):
    h = harness_factory("en").start()
    setup = TableSetup(players=3)
    time = GameScheduler(h.app.scheduler)
    game = TiraGame(setup.config(), 7, start_at=time.clock.now())
    seat = LaterSeat(LocalSeat(game, time, {}, seat=0), h.app.scheduler)
    table = TiraTable(h.app, setup, 7, home=h.app.top, session=seat)
    h.app.push(table)
    assert h.run_until(lambda: seat.view().phase is TiraPhase.RACING, timeout=30)
    h.press("space")
    h.advance(0.1)
    assert seat.view().in_the_air
    clicks = sum(1 for cue, _ in h.app.announcer.cue_log if cue == "soft_click")
    h.press("space")
    h.advance(0.1)
    assert sum(1 for cue, _ in h.app.announcer.cue_log if cue == "soft_click") == clicks + 1
