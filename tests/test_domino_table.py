"""Domino at the table, end to end: the real loop, posted keys, the virtual clock,
the recording speaker. Whole matches from the main menu to the winner.

The human plays by keys only (arrows to a tile, Enter or S/D, Space to draw).
Every check of what was heard is made against an independent replay of the
match: the same seed and actions through a fresh engine and narrator must give
sentences that appear in the transcript once each, in order, never as an
interrupting utterance.
"""

from __future__ import annotations

import pytest

from audiogame.core.narration import resolve
from audiogame.games.domino import DominoMatch, Draw, End, Phase, Play
from audiogame.games.domino.events import MancheEnd, MancheEnded, TimeRanOut
from audiogame.games.domino.narrate import narrate
from audiogame.games.domino.rules import fit_of
from audiogame.language.localizer import Localizer, capital_first
from audiogame.ui.games.domino.setup_scene import DominoSetupScene
from audiogame.ui.games.domino.table import MANCHE_GAP, DominoTable

WORDS = {
    "it": {
        "over": "Invio per un'altra partita.",
        # the last one in, or the lowest score
        "won": ("Hai vinto la partita!", "vinci tu, con meno punti."),
        "lost": (" vince la partita.", ", con meno punti."),
        "shared": ("a pari merito",),
        "team-won": ("La tua squadra vince la partita!", "vince la tua squadra, con meno punti."),
        "choose": "attacca da tutte e due le parti: S a sinistra, D a destra.",
        "time-left": "Tocca a te; restano 10 secondi.",
        "time-up": "Tempo scaduto!",
        "next": f"Prossima manche tra {MANCHE_GAP} secondi",
        "teams": "In squadra con Giulia, contro Marco e Luca.",
    },
    "en": {
        "over": "Enter for another match.",
        "won": ("You win the match!", "you win with the fewest points."),
        "lost": (" wins the match.", " wins with the fewest points."),
        "shared": ("share the win",),
        "team-won": ("Your team wins the match!", "your team wins with the fewest points."),
        "choose": "fits both ends: S for left, D for right.",
        "time-left": "Your turn; 10 seconds left.",
        "time-up": "Time is up!",
        "next": f"Next manche in {MANCHE_GAP} seconds",
        "teams": "With Giulia, against Marco and Luca.",
    },
}


pytestmark = pytest.mark.usefixtures("small_search")


def open_table(h, lang: str, setup: dict) -> DominoTable:
    """Main menu -> Domino -> the setup (restored from ``setup``) -> Enter."""
    h.app.settings.setups["domino"] = setup
    h.start()
    h.press("enter")
    assert isinstance(h.app.top, DominoSetupScene)
    h.press("enter")
    table = h.app.top
    assert isinstance(table, DominoTable)
    return table


def go_to(h, table: DominoTable, uid: int) -> None:
    """Arrows to a tile, as a player would: Home, then Down."""
    hand = table.controls.hand(table.view())
    index = next(i for i, t in enumerate(hand) if t.uid == uid)
    said = h.press("home")
    for _ in range(index):
        said = h.press("down")
    assert f", {index + 1} " in said  # the tile is spoken with its position
    assert table.controls.focus == uid


def my_move(h, table: DominoTable, lang: str, style: int) -> None:
    legal = table.match.legal_actions(0)
    plays = [a for a in legal if isinstance(a, Play)]
    if not plays:
        assert any(isinstance(a, Draw) for a in legal)
        h.press("space")
        return
    play = plays[style % len(plays)]
    go_to(h, table, play.uid)
    tile = next(t for t in table.controls.hand(table.view()) if t.uid == play.uid)
    both = fit_of(tile, table.match.ends) == "both"
    if both and style % 2:
        assert h.press("enter").endswith(WORDS[lang]["choose"])
        h.press("s" if play.end is End.LEFT else "d")
    elif both or style % 3 == 0:
        h.press({End.LEFT: "l", End.RIGHT: "r", None: "d"}[play.end])
    else:
        h.press("enter")
    assert table.controls.choosing is None


def play_match(h, table: DominoTable, lang: str, idle: int = 0, limit: float = 4000.0):
    """Play to the end; with ``idle`` > 0 every ``idle``-th turn of mine is left to run out."""
    end = h.clock.now() + limit
    moves = 0
    while not table.match.is_over and h.clock.now() < end:
        match = table.match
        if match.phase is Phase.PLAYING and match.current_seat == 0:
            if idle and moves % idle == 0:
                h.advance(table.config.thinking_time + 0.1)
            else:
                my_move(h, table, lang, moves)
            moves += 1
        elif match.phase is Phase.BETWEEN and moves % 2:
            h.press("enter")  # the next manche at once
            moves += 1
        else:
            h.advance(0.25)
    assert table.match.is_over
    return moves


def replayed_sentences(table: DominoTable, lang: str) -> tuple[list[str], list]:
    """What seat 0 should have heard: a fresh engine and narrator over the same actions."""
    match = DominoMatch(table.config, table.seed, start=table.match.start)
    names = table.setup.names()
    t = Localizer(lang)
    sentences, events = [], []
    for entry in table.match.log:
        batch = match.replay_entry(*entry)
        events += batch
        for message in narrate(batch, match.observation(0), names):
            if not message.msg_id:
                continue  # a sound alone
            # every utterance starts with a capital, as the announcer says it
            sentences.append(capital_first(t(message.msg_id, **resolve(message, t).args)))
    return sentences, events


def check_heard_in_order(h, table: DominoTable, lang: str) -> list:
    sentences, events = replayed_sentences(table, lang)
    spoken = h.speaker.spoken
    queued = [s.text for s in spoken if not s.interrupt]
    text = " | ".join(queued)
    position = 0
    for sentence in sentences:
        found = text.find(sentence, position)
        assert found >= 0, (sentence, text[position : position + 300])
        position = found + len(sentence)
    # and once only: no sentence is heard more often than the match said it
    for sentence in set(sentences):
        assert text.count(sentence) == sentences.count(sentence), sentence
    return events


def check_sounds(h) -> None:
    cues = list(h.app.announcer.cue_log)
    pans = {p for c, p in cues if c == "tile_play"}
    assert pans <= {-0.6, 0.0, 0.6} and {-0.6, 0.6} <= pans
    assert any(c == "your_turn" for c, _ in cues)


def check_end(h, table: DominoTable, lang: str) -> None:
    words = WORDS[lang]
    outcome = table.match.outcome
    assert outcome is not None
    said = " | ".join(h.transcript[-3:])
    if outcome.shared:
        key = "shared"
    elif 0 in outcome.winners:
        key = "team-won" if table.setup.teams else "won"
    else:
        key = "lost"
    assert any(w in said for w in words[key]), (key, said)
    assert h.transcript[-1].endswith(words["over"])


@pytest.mark.parametrize("lang", ["it", "en"])
def test_an_individual_match_from_the_main_menu_to_the_winner(harness_factory, lang):
    h = harness_factory(lang)
    setup = {
        "levels": ["normal", "easy", "hard"],
        "options": {"point-limit": 50, "set": "double-9"},
        "pace": 1.0,
    }
    table = open_table(h, lang, setup)
    moves = play_match(h, table, lang)
    assert moves > 5
    check_heard_in_order(h, table, lang)
    check_sounds(h)
    check_end(h, table, lang)
    assert any(WORDS[lang]["next"] in s for s in h.transcript)
    # Enter starts a new match at the same table; Escape then leaves to the setup
    h.press("enter")
    again = h.app.top
    assert isinstance(again, DominoTable) and again is not table
    assert again.match.manche == 1
    h.press("escape")  # the table menu
    h.press("end")
    h.press("enter")  # leave: asks first
    h.press("y")
    assert isinstance(h.app.top, DominoSetupScene)
    assert not again.session.thinking and not h.app.idle_tasks


@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_team_match_with_team_finish_mode(harness_factory, lang):
    h = harness_factory(lang)
    setup = {
        "levels": ["hard", "normal", "normal"],
        "teams": [0, 1, 0, 1],
        "options": {"team-finish": True, "point-limit": 50},
        "pace": 1.5,
    }
    table = open_table(h, lang, setup)
    # the opening, said as utterances of at most about 25 words
    assert WORDS[lang]["teams"] in " ".join(h.transcript[-3:])
    play_match(h, table, lang)
    events = check_heard_in_order(h, table, lang)
    ends = [e for e in events if isinstance(e, MancheEnded)]
    assert ends and all(e.by_team for e in ends)
    assert {e.how for e in ends} <= {MancheEnd.TEAM_OUT, MancheEnd.BLOCKED}
    check_sounds(h)
    check_end(h, table, lang)


@pytest.mark.parametrize("lang", ["it", "en"])
def test_thinking_time_runs_out_and_ticks_in_the_last_seconds(harness_factory, lang):
    h = harness_factory(lang)
    setup = {"levels": ["normal"], "options": {"thinking-time": 10, "point-limit": 25}}
    table = open_table(h, lang, setup)
    while table.match.current_seat != 0:
        h.advance(0.25)
    assert h.press("t").startswith(WORDS[lang]["time-left"])  # then the tile under the cursor
    ticks_before = sum(1 for c, _ in h.app.announcer.cue_log if c == "timer_tick")
    h.advance(4.5)
    assert not any(c == "timer_tick" for c, _ in list(h.app.announcer.cue_log)[-5:])
    h.advance(5.0)  # 9.5 s: the ticks at 5, 6, 7, 8 and 9 s
    ticks = sum(1 for c, _ in h.app.announcer.cue_log if c == "timer_tick")
    assert ticks - ticks_before == 5
    h.advance(0.6)
    assert WORDS[lang]["time-up"] in " ".join(h.transcript[-3:])
    # one turn in two I let the time run out, to the end of the match
    play_match(h, table, lang, idle=2)
    events = check_heard_in_order(h, table, lang)
    expired = [e for e in events if isinstance(e, TimeRanOut)]
    assert len(expired) >= 3 and all(e.seat == 0 for e in expired)
    check_end(h, table, lang)
