"""Tira & Passa at the table, end to end: the real loop, posted keys, the virtual
clock, the recording speaker. Whole games from the main menu to the winner."""

from __future__ import annotations

import json
import re

import pytest

from audiogame.devtools.tira_keys import throw_due
from audiogame.games.tirapassa import (
    EDITION_COASTERS,
    Control,
    Destination,
    Landed,
    Phase,
    Symbol,
    TiraEvent,
)
from audiogame.games.tirapassa.events import DiePassed, GameEnded, StopCalled, Thrown
from audiogame.games.tirapassa.table_setup import BOT_NAMES, TableSetup
from audiogame.language.localizer import Localizer, capital_first
from audiogame.ui.games.tira.setup_scene import TiraSetupScene
from audiogame.ui.games.tira.table import TiraTable

WORDS = {
    "it": {
        "setup": "Tira e Passa, preparazione. Inizia la partita, 1 di 8. "
        "Invio comincia da qualsiasi riga.",
        "brief": "Prima di cominciare. Il tuo dischetto: {left} a sinistra, {right} a destra. "
        "Comincia la partita, 1 di 9",
        "start": "Tira e Passa in 4: tu, Marco, Giulia, Luca. "
        "Vince chi conquista per primo 3 dischetti. Giro 1. Dado grande: ",
        "signal": "Ai dischetti, pronti,",
        "go": "Via!",
        "round-end": "Fine del giro 1. Dischetto a: ",
        "won": "Hai vinto la partita con 3 dischetti!",
        "lost": "Vince {name} con 3 dischetti; tu ",
        "keys": "P per la classifica, Invio per una nuova partita, Esc per tornare al menu.",
        "wait": "Aspetta il via.",
        "to-send": "da mandare",
        "wrong": r"(Il|La) [A-Za-z ]+ va (a sinistra|a destra|al vassoio)\.",
        "manual": "manuali",
    },
    "en": {
        "setup": "Tira e Passa, setup. Start the game, 1 of 8. Enter starts from any row.",
        "brief": "Before we start. Your coaster: {left} left, {right} right. "
        "Start the game, 1 of 9",
        "start": "Tira e Passa, 4 players: you, Marco, Giulia, Luca. "
        "The first to win 3 coasters wins. Round 1. Big die: ",
        "signal": "On your coasters, ready,",
        "go": "Go!",
        "round-end": "Round 1 over. Coaster won by: ",
        "won": "You win the game with 3 coasters!",
        "lost": "{name} wins with 3 coasters; you have ",
        "keys": "P for the standings, Enter for a new game, Escape for the menu.",
        "wait": "Wait for go.",
        "to-send": "to send",
        "wrong": r"The [a-z]+ goes (left|right|to the tray)\.",
        "manual": "manual",
    },
}


#: the symbols' names, written here, not asked of the game
SYMBOL_WORDS = {
    "it": {
        Symbol.CLOVER: "quadrifoglio",
        Symbol.PIG: "porcellino",
        Symbol.CAT: "gatto",
        Symbol.PENNY: "penny",
        Symbol.HORSESHOE: "ferro di cavallo",
        Symbol.HAMSA: "mano di Fatima",
    },
    "en": {
        Symbol.CLOVER: "clover",
        Symbol.PIG: "pig",
        Symbol.CAT: "cat",
        Symbol.PENNY: "penny",
        Symbol.HORSESHOE: "horseshoe",
        Symbol.HAMSA: "hamsa",
    },
}


def open_table(h, lang: str, manual: bool = False) -> TiraTable:
    """Main menu -> Tira (its first letter) -> setup -> briefing -> the table."""
    h.start()
    h.press("t")
    assert h.press("enter") == WORDS[lang]["setup"]
    if manual:
        h.press("end")  # the variant
        h.press("up")  # the controls
        assert h.press("right") == WORDS[lang]["manual"]
        h.press("home")
    brief = h.press("enter")
    h.press("enter")
    table = h.app.top
    assert isinstance(table, TiraTable)
    # the coaster the briefing read is the one the deal gives me, whichever that is
    coaster = table.observation().coaster
    assert coaster is not None
    names = SYMBOL_WORDS[lang]
    assert brief == WORDS[lang]["brief"].format(
        left=names[coaster.left], right=names[coaster.right]
    )
    return table


def record_events(table: TiraTable) -> list[TiraEvent]:
    """Keep a copy of every event the engine reports (the narrator still gets them)."""
    seen: list[TiraEvent] = []
    listener = table.session.listener

    def both(events):
        seen.extend(events)
        listener(events)

    table.session.listener = both
    return seen


def play_assisted(h, table: TiraTable, reaction: float = 1.0, limit: float = 900.0) -> None:
    end = h.clock.now() + limit
    while not table.finished and h.clock.now() < end:
        if throw_due(table, h.clock.now(), reaction):
            h.press("space")
        h.advance(0.05)


MANUAL_KEYS = {Destination.LEFT: "s", Destination.RIGHT: "d", Destination.TRAY: "v"}
WRONG_KEY = {Destination.LEFT: "v", Destination.RIGHT: "l", Destination.TRAY: "r"}


def send_one(h, table: TiraTable, style: int) -> None:
    """Send the first die that can go, by one of the ways a player may choose."""
    obs = table.observation()
    index, dest = obs.sendable()[0]
    face = obs.hand[index]
    if style == 0:
        h.press(str(list(Symbol).index(face) + 1))
        return
    for _ in range(len(obs.hand)):
        h.press("left")
    for _ in range(index):
        h.press("right")
    if style == 1:
        h.press("enter")
    elif style == 2:
        h.press(WRONG_KEY[dest])
        h.press(MANUAL_KEYS[dest])
    else:
        h.press(MANUAL_KEYS[dest])


def play_manual(h, table: TiraTable, limit: float = 900.0) -> None:
    end = h.clock.now() + limit
    sent = 0
    while not table.finished and h.clock.now() < end:
        obs = table.observation()
        if obs.phase is Phase.RACING and obs.idle_since is not None and obs.sendable():
            send_one(h, table, sent % 4)
            sent += 1
        elif throw_due(table, h.clock.now(), 0.8):
            h.press("space")
        h.advance(0.05)
    assert sent > 0


def check_game(h, lang: str, events: list[TiraEvent]) -> None:
    words = WORDS[lang]
    said = h.transcript
    text = " ".join(said)  # what a frame brings may be said as two utterances
    t = Localizer(lang)
    assert words["start"] in text
    assert words["signal"] in text and words["go"] in said
    assert words["round-end"] in text
    # every time my dice landed in the race, the result was spoken at once, interrupting
    mine = [
        e
        for e in events
        if isinstance(e, Landed) and e.seat == 0 and not e.calm_roll and not e.frozen
    ]
    assert mine
    interrupts = [s.text for s in h.speaker.spoken if s.interrupt]
    position = 0
    for landed in mine:
        faces = capital_first(", ".join(t(f"tira-sym-{f.value}") for f in landed.faces))
        found = [i for i, s in enumerate(interrupts[position:], position) if s.startswith(faces)]
        assert found, faces
        position = found[0] + 1
    # the end: the winner named, the standings, what to do next
    end = next(e for e in events if isinstance(e, GameEnded))
    assert not end.shared or len(end.winners) > 1
    if end.shared:
        assert "Vittoria condivisa" in text or "Shared victory" in text
    elif end.winners == (0,):
        assert words["won"] in text
    else:
        assert words["lost"].format(name=BOT_NAMES[end.winners[0] - 1]) in text
    assert said[-1].endswith(words["keys"])
    # other players' throws are sounds only, panned to their seats
    cues = list(h.app.announcer.cue_log)
    others = {e.seat for e in events if isinstance(e, Thrown) and e.seat}
    assert others and any(c == "dice_roll" and p != 0 for c, p in cues)


@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_whole_assisted_game_from_the_main_menu_to_the_winner(harness_factory, lang):
    h = harness_factory(lang)
    table = open_table(h, lang)
    events = record_events(table)
    assert h.press("space") == WORDS[lang]["wait"]  # before "go!" nothing happens
    play_assisted(h, table)
    assert table.finished and table.game.is_over
    check_game(h, lang, events)
    # a die arriving on my coaster is spoken, from the sender's side
    arrivals = [e for e in events if isinstance(e, DiePassed) and e.to_seat == 0]
    assert arrivals  # this seed has some
    cue_pans = [p for c, p in h.app.announcer.cue_log if c == "die_arrive"]
    assert cue_pans and all(p != 0 for p in cue_pans)
    heard = {"it": "Dal vicino di ", "en": "From your "}[lang]
    assert any(s.startswith(heard) for s in h.transcript)
    # Enter starts a new game with the same table
    h.press("enter")
    assert isinstance(h.app.top, TiraTable) and h.app.top is not table
    assert any(isinstance(e, StopCalled) for e in events)


@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_whole_manual_game_with_every_sending_key(harness_factory, lang):
    h = harness_factory(lang)
    table = open_table(h, lang, manual=True)
    assert table.config.control_of(0) is Control.MANUAL
    events = record_events(table)
    h.advance(5.0)
    play_manual(h, table)
    assert table.finished
    check_game(h, lang, events)
    text = " | ".join(h.transcript)
    assert WORDS[lang]["to-send"] in text
    assert any(re.fullmatch(WORDS[lang]["wrong"], said) for said in h.transcript)
    mine = [e for e in events if isinstance(e, DiePassed) and e.from_seat == 0]
    assert mine and not any(e.auto for e in mine)  # nothing moved without my key
    first = mine[0]
    t = Localizer(lang)
    die, dest = t(f"tira-sym-{first.symbol.value}"), t(f"tira-dest-{first.side.value}")
    sent = capital_first({"it": f"{die} {dest}.", "en": f"{die}, {dest}."}[lang])
    assert sent in h.transcript


def race(h, lang: str = "it") -> TiraTable:
    table = open_table(h, lang)
    h.advance(4.6)
    assert table.observation().phase is Phase.RACING
    return table


def test_hammering_space_while_the_dice_fly_is_one_soft_click_and_no_words(harness_factory):
    h = harness_factory("it")
    table = race(h)
    h.press("space")
    assert table.observation().in_the_air == 3
    for _ in range(5):
        before = len(h.app.announcer.cue_log)
        assert h.press("space") == ""
        assert list(h.app.announcer.cue_log)[before:] == [("soft_click", 0.0)]
    assert table.observation().in_the_air == 3


def test_queries_answer_at_once_and_the_race_goes_on(harness_factory):
    h = harness_factory("it")
    table = race(h)
    obs = table.observation()
    supreme = Localizer("it")(f"tira-sym-{obs.supreme.value}")
    game_time = table.game.now
    assert h.press("g") == f"Simbolo supremo: {supreme}."
    assert h.app.announcer.cue_log[-1][0] == f"symbol_{obs.supreme.value}"
    assert h.press("c").startswith("Il tuo dischetto: ")
    assert h.press("h") == "3 dadi da tirare."
    assert h.press("e") == "Dadi: tu: 3, Marco: 3, Giulia: 3, Luca: 3. Vassoio 0."
    assert h.press("p").startswith("Dischetti vinti: tu: 0, Marco: 0, Giulia: 0, Luca: 0.")
    assert all(s.interrupt for s in h.speaker.spoken[-5:])
    h.press("space")
    assert h.press("h") == "3 dadi in aria."
    h.advance(3.0)  # the bots go on throwing while I ask
    assert table.game.now > game_time
    assert sum(table.observation().dice_counts) + table.observation().tray == 12
    assert table.observation().phase is not Phase.SETUP


def test_escape_asks_while_the_race_runs_and_leaving_returns_to_the_main_menu(harness_factory):
    h = harness_factory("en")
    table = race(h, "en")
    said = h.press("escape")
    assert said == "Leave the game? The race goes on meanwhile. Press Y for yes, N for no."
    before = table.game.now
    h.advance(2.0)
    assert table.game.now > before  # no pause
    h.press("n")
    assert h.app.top is table
    h.press("escape")
    h.press("y")
    assert type(h.app.top).__name__ == "MainMenu"
    assert h.app.scheduler.next_time() is None  # no engine or bot call left behind


BOT_ROW = "Frecce sinistra e destra cambiano il livello del bot."
PLAYERS_ROW = "Frecce sinistra e destra cambiano quanti giocano: tu e i bot."


def test_the_setup_is_remembered(harness_factory):
    h = harness_factory("it")
    h.start()
    h.press("t")
    h.press("enter")
    h.press("down")
    assert h.press("left") == "Giocatori: 3"
    h.press("down")
    assert h.press("right") == "Marco, bot difficile"
    assert h.press("down") == f"Giulia, bot normale, 4 di 7. {BOT_ROW}"
    h.press("down")
    assert h.press("right") == "veloce"
    saved = json.loads(h.settings_path.read_text())["setups"]["tira"]
    assert saved["players"] == 3 and saved["speed"] == "fast" and saved["levels"][0] == "hard"
    h.press("escape")
    h.press("t")
    said = h.press("enter")
    assert isinstance(h.app.top, TiraSetupScene)
    assert said.endswith("1 di 7. Invio comincia da qualsiasi riga.")  # two bots
    assert h.press("down") == f"Giocatori: 3, 2 di 7. {PLAYERS_ROW}"
    assert h.press("down") == f"Marco, bot difficile, 3 di 7. {BOT_ROW}"
    h.press("home")
    h.press("enter")
    h.press("enter")
    table = h.app.top
    assert table.config.players == 3 and table.config.throw_seconds == 0.7


def test_briefing_plays_the_symbols_reads_my_coaster_and_practice_counts_for_nothing(
    harness_factory,
):
    h = harness_factory("it")
    h.start()
    h.press("t")
    h.press("enter")
    h.press("enter")
    assert h.press("down") == "quadrifoglio, tasto 1, 2 di 9"
    h.press("enter")
    assert h.app.announcer.cue_log[-1] == ("symbol_clover", 0.0)
    h.press("down")
    assert h.press("down") == "gatto che saluta, tasto 3, 4 di 9"
    h.press("end")
    assert h.press("up").startswith("Il tuo dischetto: ")
    h.press("enter")
    h.advance(1.0)
    left, right = list(h.app.announcer.cue_log)[-2:]
    assert left[0].startswith("symbol_") and left[1] < 0 < right[1]
    briefing = h.app.top
    coaster_said = h.transcript[-1]
    h.press("end")
    h.press("enter")  # practice
    practice = h.app.top
    assert isinstance(practice, TiraTable) and practice.practice
    assert all(practice.config.bot_of(s).value == "practice" for s in range(1, 4))
    h.advance(0.1)
    assert "Partita di prova contro avversari lenti: non conta." in " | ".join(h.transcript)
    play_assisted(h, practice, reaction=0.5, limit=120)
    assert practice.finished and practice.game.round == 1
    assert h.transcript[-1].endswith("Fine della prova. Invio o Esc per tornare al riepilogo.")
    h.advance(10.0)
    assert practice.game.round == 1  # no second round
    # Space after the practice: no "wait for the next round" (there is none)
    assert h.press("space") == "Fine della prova. Invio o Esc per tornare al riepilogo."
    h.press("enter")
    assert h.app.top is briefing
    h.press("home")
    h.press("enter")
    table = h.app.top
    assert isinstance(table, TiraTable) and not table.practice
    # a fresh game: the practice round's coasters count for nothing
    assert table.game.round == 1 and table.observation().won_counts == (0, 0, 0, 0)
    mine = table.observation().coaster
    t = Localizer("it")
    assert coaster_said.startswith(
        f"Il tuo dischetto: {t('tira-sym-' + mine.left.value)} a sinistra, "
        f"{t('tira-sym-' + mine.right.value)} a destra"
    )


def test_f1_reads_the_table_keys_and_ctrl_f1_the_guide_while_the_race_goes_on(harness_factory):
    h = harness_factory("en")
    table = race(h, "en")
    assert h.press("f1").startswith("Space rolls the dice. G the supreme symbol")
    said = h.press("f1", ctrl=True)
    assert said.startswith("Guide. Up and Down arrows to read, Escape to close. Tira & Passa")
    h.press("down")
    before = table.game.now
    h.advance(2.0)
    assert table.game.now > before
    h.press("escape")
    assert h.app.top is table


def test_others_off_silences_their_sounds_but_not_mine(harness_factory):
    h = harness_factory("it")
    h.app.settings.verbosity["others"] = "off"
    table = race(h)
    events = record_events(table)
    h.press("space")
    h.advance(6.0)
    assert any(isinstance(e, Thrown) and e.seat != 0 for e in events)
    cues = list(h.app.announcer.cue_log)
    assert ("dice_roll", 0.0) in cues  # my own throw
    assert not any(c == "dice_roll" and p != 0 for c, p in cues)


def test_six_players_racing_do_not_flood_the_sound(harness_factory):
    h = harness_factory("it")
    h.start()
    h.press("t")
    h.press("enter")
    h.press("down")
    h.press("right")
    h.press("right")  # six players
    h.press("home")
    h.press("enter")
    h.press("enter")
    table = h.app.top
    assert table.config.players == 6
    events = record_events(table)
    h.advance(12.0)
    throws = [e for e in events if isinstance(e, Thrown) and e.seat != 0]
    heard = [p for c, p in h.app.announcer.cue_log if c == "dice_roll" and p != 0]
    assert 0 < len(heard) < len(throws)  # throws a moment apart make one sound
    assert len({round(p, 2) for p in heard}) >= 3  # from several seats around the table


def test_leaving_a_practice_round_returns_to_the_briefing(harness_factory):
    h = harness_factory("en")
    h.start()
    h.press("t")
    h.press("enter")
    h.press("enter")
    briefing = h.app.top
    h.press("end")
    h.press("enter")
    assert h.app.top.practice
    h.advance(5.0)
    h.press("escape")
    h.press("y")
    assert h.app.top is briefing
    assert h.app.scheduler.next_time() is None


def test_my_result_is_spoken_at_once_and_a_stop_in_the_same_frame_follows_it(harness_factory):
    """My dice land, and a moment later (in the same frame) a bot's last die goes and it
    calls Stop: my result interrupts at once, the Stop is queued after it, not cut."""
    h = harness_factory("en")
    big, mine, theirs = Symbol.HAMSA, (Symbol.PIG,) * 3, (Symbol.HAMSA,) * 3
    table = TiraTable(
        h.app,
        TableSetup(players=3),
        1,
        practice=True,  # slow bots: I throw first
        pile=EDITION_COASTERS,
        faces=(big, *mine, *theirs),
    )
    h.start(table)
    h.advance(4.6)
    assert table.observation().phase is Phase.RACING
    clock = table.session.time.clock
    # the first bot to throw, and when
    first = min(
        (bot.decide(table.game.observation(seat)).at, seat)
        for seat, bot in table.session.bots.items()
    )
    at, bot = first
    throw = table.observation().throw_seconds
    h.advance(clock.app_time(at - 0.005) - h.clock.now())
    h.press("space")  # my throw, 5 ms before the bot's
    h.advance(clock.app_time(at - 0.005 + throw - 0.001) - h.clock.now())
    assert table.observation().in_the_air == 3
    mark = len(h.speaker.spoken)
    h.clock.set(clock.app_time(at + throw + 0.001))  # one frame: both landings
    h.app.step()
    said = [(s.text, s.interrupt) for s in h.speaker.spoken[mark:]]
    assert said == [
        ("Pig, pig, pig: all stay.", True),
        (f"Stop! Out of dice: {BOT_NAMES[bot - 1]}.", False),
    ]


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_race_joined_after_its_end_says_who_won_then_its_keys_once(harness_factory, lang):
    """Watching a race that is over (as the online link opens it: the table, where the
    race stands, then ``follow``): over, who won, the coasters, then the end's keys,
    once; Enter then goes on from the finished table."""
    from audiogame.core.gametime import GameScheduler
    from audiogame.core.seat import LocalSeat
    from audiogame.games.tirapassa import TiraConfig, TiraGame
    from audiogame.games.tirapassa.simulate import play_instantly
    from audiogame.games.tirapassa.spec import SPEC
    from audiogame.net.protocol.race_return import comeback

    h = harness_factory(lang).start()
    t = h.app.localizer
    game = TiraGame(TiraConfig(players=3), 5)
    play_instantly(game)
    names = ("Anna", "Marco", "Giulia")
    table = TiraTable.online(
        h.app, LocalSeat(game, GameScheduler(h.app.scheduler), seat=None), names
    )
    mark = len(h.transcript)
    h.app.push(table)
    view = table.observation()
    for message in comeback(SPEC, view, names, None, False):
        table.post(message)
    table.follow(view)
    table.follow(view)  # again (another batch, a view): the keys are said once
    said = " | ".join([*h.transcript[mark:], h.advance(0.5)])
    assert said.startswith(t("tira-online-phase-game-over"))
    assert said.count(t("tira-game-over-keys")) == 1 and said.rstrip(" |").endswith(
        t("tira-game-over-keys")
    )
    assert table.finished
    h.press("enter")
    assert h.app.top is not table  # the next game's table
