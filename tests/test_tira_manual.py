"""Manual controls through the real loop: where the die cursor lands, refusals that name
the die, and the supreme symbol's die that must go to the tray before the next throw."""

from __future__ import annotations

import pytest

from audiogame.games.tirapassa import (
    EDITION_COASTERS,
    KEY_DELAY,
    DiePassed,
    DieToTray,
    Landed,
    Phase,
    RaceStarted,
    StopCalled,
    Symbol,
)
from audiogame.games.tirapassa.options import Control, Difficulty
from audiogame.games.tirapassa.table_setup import TableSetup
from audiogame.ui.games.tira.table import TiraTable
from tests.test_tira_table import open_table, record_events

CLOVER, PIG, CAT, PENNY, HAMSA = (
    Symbol.CLOVER,
    Symbol.PIG,
    Symbol.CAT,
    Symbol.PENNY,
    Symbol.HAMSA,
)

#: my coaster is the edition's first (clover left, cat right); the big die shows penny
SCRIPT = (PENNY, PIG, HAMSA, PENNY, PIG, CLOVER, PENNY, CAT)

#: what is spoken (every utterance starts with a capital)
SAID = {
    "it": {
        "landed-1": "Porcellino, mano di Fatima, penny. Uno da mandare.",
        "penny-sent": "Penny al vassoio.",
        "pig-stays": "Il porcellino resta in mano.",
        "hamsa-stays": "La mano di Fatima resta in mano.",
        "no-clover": "Nessun dado mostra il quadrifoglio.",
        "landed-2": "Porcellino, quadrifoglio. Uno da mandare.",
        "clover-goes": "Il quadrifoglio va a sinistra.",
        "clover-sent": "Quadrifoglio a sinistra.",
        "penny-goes": "Il penny va al vassoio.",
        "supreme-first": "Prima manda al vassoio il penny.",
    },
    "en": {
        "landed-1": "Pig, hamsa, penny. One to send.",
        "penny-sent": "Penny, to the tray.",
        "pig-stays": "The pig stays in hand.",
        "hamsa-stays": "The hamsa stays in hand.",
        "no-clover": "No die shows the clover.",
        "landed-2": "Pig, clover. One to send.",
        "clover-goes": "The clover goes left.",
        "clover-sent": "Clover, left.",
        "penny-goes": "The penny goes to the tray.",
        "supreme-first": "First send the penny to the tray.",
    },
}


def alone_at_a_manual_table(h, faces=SCRIPT) -> TiraTable:
    """Two seats, I play by hand; the bot leaves its seat, so only my throws use the
    scripted faces."""
    setup = TableSetup(players=2, control=Control.MANUAL)
    table = TiraTable(h.app, setup, 5, pile=EDITION_COASTERS, faces=faces)
    h.start(table)
    table.session.set_bot(1, None)
    h.advance(4.6)
    assert table.observation().phase is Phase.RACING
    return table


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_cursor_lands_on_a_die_that_can_go_and_refusals_name_the_die(harness_factory, lang):
    said = SAID[lang]
    h = harness_factory(lang)
    table = alone_at_a_manual_table(h)
    h.press("space")
    h.advance(1.15)
    assert h.transcript[-1] == said["landed-1"]
    # Enter sends the die under the cursor: the third, the only one that can go
    assert table.cursor == 2
    assert h.press("enter") == said["penny-sent"]
    assert table.observation().hand == (PIG, HAMSA)
    assert h.press("enter") == said["pig-stays"]
    assert h.press("v") == said["pig-stays"]
    assert h.press("6") == said["hamsa-stays"]
    assert h.press("1") == said["no-clover"]
    h.press("left")  # the cursor on the first die before throwing again
    assert table.cursor == 0
    h.press("space")
    h.advance(1.15)
    assert h.transcript[-1] == said["landed-2"]
    assert table.cursor == 1  # the clover, not where the cursor was
    assert h.press("d") == said["clover-goes"]
    assert h.press("enter") == said["clover-sent"]
    assert h.app.announcer.cue_log[-1] == ("die_pass", -0.9)


@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_die_showing_the_supreme_symbol_must_go_to_the_tray_before_throwing(
    harness_factory, lang
):
    said = SAID[lang]
    h = harness_factory(lang)
    table = alone_at_a_manual_table(h, faces=(PENNY, PENNY, CAT, PIG))
    h.press("space")
    h.advance(1.15)
    assert table.observation().hand == (PENNY, CAT, PIG)
    assert h.press("space") == said["supreme-first"]
    assert table.observation().hand == (PENNY, CAT, PIG)  # nothing thrown again
    assert table.observation().in_the_air == 0
    assert table.cursor == 0
    assert h.press("r") == said["penny-goes"]
    assert h.press("4") == said["penny-sent"]
    h.press("space")  # the cat may fly again: only the supreme symbol must go
    assert table.observation().in_the_air == 2


def test_when_i_play_by_hand_the_bots_do_too_at_their_levels_pace(harness_factory):
    """Chosen from the setup menu: manual controls. The medium bots then send their
    dice one key at a time, each after a medium pause, rather than placing them all
    the instant they land."""
    h = harness_factory("en")
    table = open_table(h, "en", manual=True)
    assert all(table.config.control_of(s) is Control.MANUAL for s in range(4))
    events = record_events(table)
    h.run_until(lambda: any(isinstance(e, StopCalled) for e in events), timeout=120)
    moves = [e for e in events if isinstance(e, DiePassed | DieToTray)]
    bots = [e for e in moves if (e.from_seat if isinstance(e, DiePassed) else e.seat) != 0]
    assert bots and not any(e.auto for e in bots)
    low = KEY_DELAY[Difficulty.NORMAL][0]
    last: dict[int, float] = {}
    for e in events:
        if isinstance(e, RaceStarted):
            last = dict.fromkeys(range(4), e.time)
        elif isinstance(e, Landed):
            last[e.seat] = e.time
        elif isinstance(e, DiePassed | DieToTray):
            seat = e.from_seat if isinstance(e, DiePassed) else e.seat
            assert e.time - last[seat] >= low - 1e-9
            last[seat] = e.time
    stop = next(e for e in events if isinstance(e, StopCalled))
    race = next(e for e in events if isinstance(e, RaceStarted))
    # a throw and three dice sent, a key each: issue 13 heard Stops 2.4 s after "go!"
    assert stop.time - race.time > 3 * low + table.config.throw_seconds
