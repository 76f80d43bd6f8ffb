"""The Tira & Passa narration: a batch of events and my view in, messages out, as the
human at seat 0 (or a spectator) hears them. Nothing is kept from one batch to the next."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from audiogame.core.clock import Scheduler, VirtualClock
from audiogame.core.narration import Later, Message, resolve
from audiogame.games.tirapassa import (
    EDITION_COASTERS,
    Control,
    Destination,
    DiePassed,
    DieToTray,
    Landed,
    Phase,
    StopCalled,
    Symbol,
    Thrown,
    TiraConfig,
    TiraEvent,
    TiraGame,
    TiraObservation,
    Variant,
)
from audiogame.games.tirapassa.bot_games import bots_session
from audiogame.games.tirapassa.narrate import SIDE, narrate, seat_pan, watched_pan
from audiogame.language.localizer import Localizer

NAMES = ("", "Marco", "Giulia", "Luca")
T = 10.0


def view(
    seat: int | None = 0,
    players: int = 4,
    control: Control = Control.ASSISTED,
    supreme: Symbol = Symbol.HAMSA,
    coaster_of_0=EDITION_COASTERS[0],
) -> TiraObservation:
    """A racing table as ``seat`` sees it (None: a spectator)."""
    obs = TiraGame(TiraConfig(players=players), 1).observation(seat)
    coasters = (coaster_of_0, *obs.coasters[1:])
    controls = (control, *obs.controls[1:])
    return replace(obs, phase=Phase.RACING, supreme=supreme, coasters=coasters, controls=controls)


def heard(events: Sequence[TiraEvent], names: Sequence[str] = NAMES, **kw) -> list[Message]:
    return narrate(events, view(players=len(names), **kw), names)


def tray(seat: int, face: Symbol, left: int = 2) -> DieToTray:
    return DieToTray(time=T, seat=seat, symbol=face, die=0, dice_left=left, tray=1, auto=True)


def passed(src: int, dst: int, side: Destination, face: Symbol) -> DiePassed:
    other = Destination.RIGHT if side is Destination.LEFT else Destination.LEFT
    return DiePassed(
        time=T,
        from_seat=src,
        to_seat=dst,
        side=side,
        arrives_from=other,
        symbol=face,
        die=1,
        sender_left=1,
        receiver_waiting=1,
        receiver_total=4,
        auto=True,
    )


def spoken(messages, lang: str = "it") -> list[str]:
    t = Localizer(lang)
    return [t(m.msg_id, **resolve(m, t).args) for m in messages if m.msg_id]


def test_neighbours_sit_on_their_sides_and_the_others_between():
    assert seat_pan(1, 0, 4) == -SIDE  # my left neighbour (seats go clockwise)
    assert seat_pan(3, 0, 4) == SIDE  # my right neighbour
    assert seat_pan(2, 0, 4) == 0.0  # opposite
    assert seat_pan(1, 0, 2) == 0.0  # two players: face to face
    six = [seat_pan(s, 0, 6) for s in range(1, 6)]
    assert six == sorted(six) and six[0] == -SIDE and six[-1] == SIDE
    assert seat_pan(0, 2, 3) == -SIDE  # the rule holds from any chair
    # a spectator has no chair: the first seat on the left, the last on the right
    assert [watched_pan(s, 3) for s in range(3)] == [-SIDE, 0.0, SIDE]
    assert watched_pan(0, 1) == 0.0


def test_my_landing_is_one_terse_interrupting_sentence_and_sounds_where_dice_go():
    land = Landed(time=T, seat=0, faces=(Symbol.PIG, Symbol.CAT, Symbol.CLOVER))
    events = [
        land,
        tray(0, Symbol.PIG),
        tray(0, Symbol.CLOVER, 1),
        passed(0, 1, Destination.LEFT, Symbol.CAT),
    ]
    out = heard(events)
    said = [m for m in out if m.msg_id]
    assert len(said) == 1 and said[0].interrupt and said[0].kind == "own"
    assert spoken(out) == ["porcellino, gatto, quadrifoglio: 2 al vassoio, 1 a sinistra."]
    assert spoken(out, "en") == ["pig, cat, clover: 2 to the tray, 1 left."]
    sounds = [(m.cue, m.pan) for m in out if not m.msg_id]
    assert sounds == [("symbol_pig", 0.0), ("symbol_clover", 0.0), ("symbol_cat", -SIDE)]
    delays = [m.delay for m in out if isinstance(m, Later)]
    assert delays == sorted(delays) and len(set(delays)) == 3  # one after the other


def test_a_die_arriving_is_spoken_from_the_senders_side():
    # my left neighbour (seat 1) sends to its right: it arrives from my left
    out = heard(
        [Landed(time=T, seat=1, faces=(Symbol.PIG,)), passed(1, 0, Destination.RIGHT, Symbol.PIG)]
    )
    assert spoken(out) == ["Dal vicino di sinistra: un porcellino."]
    assert spoken(out, "en") == ["From your left neighbour: a pig."]
    [arrival] = out
    assert (arrival.cue, arrival.pan, arrival.interrupt) == ("die_arrive", -SIDE, False)
    out = heard([passed(3, 0, Destination.LEFT, Symbol.HAMSA)])
    assert spoken(out) == ["Dal vicino di destra: una mano di Fatima."]
    assert out[0].pan == SIDE


def test_two_players_name_the_sender():
    out = heard(
        [passed(1, 0, Destination.LEFT, Symbol.CAT), passed(1, 0, Destination.LEFT, Symbol.CAT)],
        ("", "Sara"),
    )
    assert spoken(out) == ["Da Sara: un gatto, un gatto."]


def test_other_players_are_heard_not_spoken_one_cue_each():
    out = heard([Thrown(time=T, seat=3, dice=3, joined=0, lands_at=T + 1)])
    assert [(m.msg_id, m.cue, m.pan, m.kind) for m in out] == [("", "dice_roll", SIDE, "others")]
    landing = [
        Landed(time=T, seat=2, faces=(Symbol.PIG, Symbol.CAT, Symbol.PENNY)),
        tray(2, Symbol.PIG),
        passed(2, 3, Destination.LEFT, Symbol.CAT),
        passed(2, 1, Destination.RIGHT, Symbol.PENNY),
    ]
    out = heard(landing)
    assert [(m.msg_id, m.cue, m.pan) for m in out] == [("", "die_pass", 0.0)]


def test_a_neighbour_landing_that_feeds_me_is_spoken_and_the_rest_heard():
    out = heard(
        [
            Landed(time=T, seat=1, faces=(Symbol.PIG, Symbol.CAT)),
            tray(1, Symbol.PIG),
            passed(1, 0, Destination.RIGHT, Symbol.CAT),
        ]
    )
    assert spoken(out) == ["Dal vicino di sinistra: un gatto."]
    assert [m.cue for m in out] == ["die_arrive", "die_tray"]


def test_players_stopping_together_are_announced_once():
    out = heard([StopCalled(time=T, seat=s, together=(0, 2)) for s in (0, 2)])
    assert spoken(out) == ["Stop! Senza dadi: tu, Giulia."]
    assert spoken(heard([StopCalled(time=T, seat=0, together=(0,))]), "en") == [
        "Stop! You are out of dice."
    ]


def test_manual_landing_says_how_many_can_go_and_plays_every_face():
    # my coaster (from my view): clover left, cat right; the supreme symbol hamsa
    landing = [Landed(time=T, seat=0, faces=(Symbol.CLOVER, Symbol.PIG, Symbol.HAMSA))]
    out = heard(landing, control=Control.MANUAL)
    assert spoken(out) == ["quadrifoglio, porcellino, mano di Fatima. 2 da mandare."]
    assert [m.cue for m in out if not m.msg_id] == ["symbol_clover", "symbol_pig", "symbol_hamsa"]
    # what can go is read from the view: another supreme symbol, another count
    out = heard(landing, control=Control.MANUAL, supreme=Symbol.CLOVER)
    assert spoken(out, "en") == ["clover, pig, hamsa. One to send."]


Batch = tuple[list[TiraEvent], TiraObservation, list[Message]]


def narrated_game(config: TiraConfig, seed: int, names: Sequence[str], seat: int | None):
    """A whole game of bots, each batch told to ``seat`` with its view after the batch."""
    clock = VirtualClock()
    scheduler = Scheduler(clock)
    batches: list[Batch] = []

    def listen(events: Sequence[TiraEvent]) -> None:
        obs = game.observation(seat)
        batches.append((list(events), obs, narrate(events, obs, names)))

    session = bots_session(config, seed, scheduler, listen)
    game = session.engine
    session.start()
    while not game.is_over:
        clock.set(max(clock.now(), scheduler.next_time()))
        scheduler.run_due()
    return batches


@pytest.mark.parametrize("lang", ["it", "en"])
@pytest.mark.parametrize(
    ("players", "variant"),
    [(2, Variant.FIRST_TO_THREE), (3, Variant.UNTIL_PILE_EXHAUSTED), (6, Variant.FIRST_TO_THREE)],
)
def test_every_event_of_whole_games_narrates_in_both_languages(lang, players, variant):
    t = Localizer(lang)
    names = ("", "Marco", "Giulia", "Luca", "Sara", "Paolo")[:players]
    for seed in range(3):
        for seat in (0, None):  # the player at seat 0, and a spectator
            batches = narrated_game(TiraConfig(players=players, variant=variant), seed, names, seat)
            events = [e for batch, _, _ in batches for e in batch]
            out = [m for _, _, said in batches for m in said]
            own = [e for e in events if isinstance(e, Landed) and e.seat == 0]
            interrupts = [m for m in out if m.interrupt and m.msg_id]
            if seat == 0:
                assert len(interrupts) >= len(own)
            else:  # a spectator: only "go!" interrupts, no landing is theirs
                assert len(interrupts) == sum(e.kind == "race-started" for e in events)
            for m in out:
                assert m.msg_id == "" or t.has(m.msg_id), m.msg_id
                text = t(m.msg_id, **resolve(m, t).args) if m.msg_id else ""
                assert "{" not in text and "tira-" not in text, text
            # a spectator neither wins nor loses: the game ends on the round's sound
            assert out[-1].cue in (("game_won", "game_lost") if seat == 0 else ("round_end",))


def test_a_batch_says_the_same_whatever_was_narrated_before():
    config = TiraConfig(players=4, controls=(Control.MANUAL, *(Control.ASSISTED,) * 3))
    batches = narrated_game(config, 5, NAMES, 0)
    assert any(m.msg_id == "tira-landed-manual" for _, _, said in batches for m in said)
    # backwards, so no earlier batch can have left anything behind
    for events, obs, said in reversed(batches):
        assert narrate(events, obs, NAMES) == said


def test_dice_landing_after_stop_wait_their_turn_to_be_spoken():
    out = heard([Landed(time=T, seat=0, faces=(Symbol.CAT,), frozen=True)])
    assert spoken(out) == ["gatto: troppo tardi, il giro è fermo."]
    assert not out[0].interrupt  # never cuts the Stop that froze the round


def test_a_spectator_hears_every_seat_as_another_player():
    names = ("Anna", "Marco", "Giulia", "Luca")
    watcher = view(seat=None)
    landing = [
        Landed(time=T, seat=0, faces=(Symbol.PIG, Symbol.CAT)),
        tray(0, Symbol.PIG),
        passed(0, 1, Destination.LEFT, Symbol.CAT),
    ]
    out = narrate(landing, watcher, names)
    assert [(m.msg_id, m.cue, m.kind, m.interrupt) for m in out] == [
        ("", "die_pass", "others", False)
    ]
    out = narrate([StopCalled(time=T, seat=0, together=(0,))], watcher, names)
    assert spoken(out, "en") == ["Stop! Out of dice: Anna."]


WATCHED = {
    "it": (
        "Tira e Passa in 3: Anna, Marco, Giulia. Vince chi conquista per primo 3 dischetti.",
        "Ai dischetti, pronti,",
    ),
    "en": (
        "Tira e Passa, 3 players: Anna, Marco, Giulia. The first to win 3 coasters wins.",
        "Players on their coasters, ready,",
    ),
}


@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_spectator_hears_the_table_by_name_and_is_never_you(lang):
    """Whoever watches (no seat) hears every player by name, the round without a coaster
    of their own, the start without "your", and the seats spread from left to right."""
    names = ("Anna", "Marco", "Giulia")
    batches = narrated_game(TiraConfig(players=3), 2, names, None)
    out = [m for _, _, said in batches for m in said]
    said = spoken(out, lang)
    start, signal = WATCHED[lang]
    assert said[0] == start
    worded = [m for m in out if m.msg_id]
    rounds = [text for m, text in zip(worded, said, strict=True) if m.cue == "big_die"]
    assert rounds and all(text.count(".") == 2 for text in rounds), rounds  # round, die: no more
    assert signal in said
    throws = {m.pan for m in out if m.cue == "dice_roll"}
    assert throws == {-SIDE, 0.0, SIDE}


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("seat", [None, 0])
def test_a_race_joined_after_its_end_says_who_won_not_a_round(lang, seat):
    """Coming back to (or watching) a race that is over: it is over, who won as its end
    said it, and everyone's coasters; not the last round's big die nor dice in hand."""
    from audiogame.games.tirapassa.events import GameEnded
    from audiogame.games.tirapassa.simulate import play_instantly
    from audiogame.games.tirapassa.spec import SPEC
    from audiogame.net.protocol.race_return import comeback

    names = ("Anna", "Marco", "Giulia")
    game = TiraGame(TiraConfig(players=3), 5)
    (end,) = [e for e in play_instantly(game) if isinstance(e, GameEnded)]
    watched = game.observation(seat)
    assert watched.phase is Phase.GAME_OVER
    messages = comeback(SPEC, watched, names, seat, False)
    said = spoken(messages, lang)
    t = Localizer(lang)
    result = spoken(narrate([end], watched, names), lang)
    over = t("tira-online-phase-game-over")
    assert said[said.index(over) :][:2] == [over, *result]
    assert said[-1].startswith(t("tira-standings", tally="", pile=0).split(":")[0])
    ids = {m.msg_id for m in messages}
    assert not ids & {"tira-round", "tira-round-watching", "tira-round-no-coaster", "tira-my-dice"}
