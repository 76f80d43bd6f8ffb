"""Pacing by speech (issue 13, item 2b and 2c), through the real loop.

The harness's speaker is timed here: a line takes the time a voice at the
player's rate would (the listening model, as for a screen reader or text), so
a turn-based table must wait for it. ``devtools.ears.Ears`` notes, frame by
frame on the virtual clock, when each line was said and when the player will
have heard it to its end (the same model, worked out from the transcript
alone: an interrupting line cuts those before it). The checks:

- a bot moves only once everything said before it was heard, plus its pace
  (Domino, and the one-folder test game);
- the next manche starts only once its end was heard plus the pause; an Enter
  while the end is still being said is a soft click, not the next manche;
- Tira's race is not slowed: its dice fly at the times they fly without
  speech, and only the next round waits for the round's end (plus a breath);
- an answer to a key interrupts, and the game events it cut are said after it
  (unless the player's option drops them).
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import pytest

from audiogame.devtools.ears import Ears, times_of
from audiogame.devtools.harness import DISK_WAIT, FRAME
from audiogame.games.domino import End, Phase, Play
from audiogame.games.domino.table_setup import DominoSetup
from audiogame.games.tirapassa.table_setup import TableSetup
from audiogame.listening import speaking_time
from audiogame.ui.games.domino.table import MANCHE_GAP, DominoTable
from audiogame.ui.games.tira.table import BREATH, TiraTable

PACE = 1.0
SLACK = 1e-6


BOT_MOVES = ("TilePlayed", "Drew", "Passed")


def domino_table(h, seed: int = 3) -> DominoTable:
    setup = DominoSetup(levels=["normal", "normal", "normal"], pace=PACE)
    setup.options["set"] = "double-6"
    table = DominoTable(h.app, setup, seed, iterations=10)
    h.start(table)
    return table


def my_move(ears: Ears, table: DominoTable) -> None:
    """My turn, by keys: the first tile that fits, else a draw."""
    match = table.match
    plays = [a for a in match.legal_actions(0) if isinstance(a, Play)]
    if not plays:
        ears.press("space")
        return
    table.controls.focus = plays[0].uid
    ears.press({End.LEFT: "s", End.RIGHT: "d", None: "enter"}[plays[0].end])


def play_domino(ears: Ears, table: DominoTable, stop: Callable[[], bool]) -> None:
    for _ in range(5000):
        if stop():
            return
        match = table.match
        if match.phase is Phase.PLAYING and match.current_seat == 0:
            my_move(ears, table)
        else:
            ears.run(0.25, until=lambda: stop() or table.match.current_seat == 0)
    raise AssertionError("never came")


@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_bot_moves_only_after_the_last_event_was_heard_and_its_pace(harness_factory, lang):
    h = harness_factory(lang, timed_speech=True)
    table = domino_table(h)
    ears = Ears(h)
    moves = times_of(table, BOT_MOVES)
    play_domino(ears, table, lambda: table.match.phase is not Phase.PLAYING)
    assert len(moves) >= 6
    for when in moves:
        assert when + SLACK >= ears.heard_by(when) + PACE
    # and it did not wait longer than it must: a frame, or a bot's draw then play
    late = [when - ears.heard_by(when) - PACE for when in moves]
    assert min(late) < 2 * FRAME


def test_without_timed_speech_bots_keep_their_own_pace(harness_factory):
    """A transcript heard at once (the recording speaker) waits for nothing: the
    bots move at their pace after the step, as before pacing by speech."""
    h = harness_factory("it")
    table = domino_table(h)
    ears = Ears(h)
    moves = times_of(table, BOT_MOVES)
    play_domino(ears, table, lambda: len(moves) >= 6)
    overlapping = [when for when in moves if ears.heard_by(when) > when]
    assert overlapping  # the model says they would have cut each other short


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_next_manche_waits_for_its_end_to_be_heard_and_enter_too(harness_factory, lang):
    h = harness_factory(lang, timed_speech=True)
    table = domino_table(h, seed=5)
    ears = Ears(h)
    started = times_of(table, ("MancheStarted",), human=None)
    play_domino(ears, table, lambda: table.match.phase is not Phase.PLAYING)
    assert table.match.phase is Phase.BETWEEN
    ended = h.clock.now()
    summary = ears.lines[-1]
    assert summary.said == ended and summary.end > ended + 1.0
    # Enter pressed with the last move, as the manche ends: a soft click, nothing cut
    cues = len(h.audio.played)
    assert ears.press("enter") == ""
    assert [c for c, _, _ in list(h.audio.played)[cues:]] == ["soft_click"]
    assert table.match.phase is Phase.BETWEEN and ears.lines[-1] is summary
    # the pause runs only once the end was heard
    ears.run(summary.end - h.clock.now() + MANCHE_GAP - 0.5)
    assert table.match.phase is Phase.BETWEEN
    ears.run(1.0, until=lambda: table.match.phase is Phase.PLAYING)
    assert table.match.phase is Phase.PLAYING
    assert started[-1] + SLACK >= summary.end + MANCHE_GAP


def test_enter_once_the_manche_end_was_heard_starts_the_next_at_once(harness_factory):
    h = harness_factory("it", timed_speech=True)
    table = domino_table(h, seed=5)
    ears = Ears(h)
    play_domino(ears, table, lambda: table.match.phase is not Phase.PLAYING)
    ears.run(60.0, until=lambda: not h.app.announcer.speaking)
    manche = table.match.manche
    ears.press("enter")
    assert table.match.manche == manche + 1 and table.match.phase is Phase.PLAYING


@pytest.mark.parametrize("lang", ["it", "en"])
def test_an_answer_interrupts_and_the_events_it_cut_follow_it(harness_factory, lang):
    h = harness_factory(lang, timed_speech=True)
    table = domino_table(h)
    ears = Ears(h)
    moves = times_of(table, BOT_MOVES)
    play_domino(ears, table, lambda: bool(moves) and h.app.announcer.speaking)
    cut = ears.lines[-1]
    assert cut.end > h.clock.now()  # a bot's move, still being said
    said = ears.press("h")  # my hand
    spoken = h.speaker.spoken
    answer = spoken[-2]
    assert answer.interrupt and said.startswith(answer.text)
    assert spoken[-1].text.startswith(cut.text) and not spoken[-1].interrupt
    # said in full after the answer: the next bot waits for it too
    ears.run(30.0, until=lambda: len(moves) > 1)
    assert moves[-1] + SLACK >= ears.heard_by(moves[-1]) + PACE


def test_the_option_drops_the_events_an_answer_cut(harness_factory):
    h = harness_factory("en", timed_speech=True)
    h.app.settings.cut_events = "drop"
    table = domino_table(h)
    ears = Ears(h)
    moves = times_of(table, BOT_MOVES)
    play_domino(ears, table, lambda: bool(moves) and h.app.announcer.speaking)
    cut = ears.lines[-1]
    answer = ears.press("h")
    ears.run(0.5)
    assert h.speaker.transcript[-1] == answer and h.speaker.spoken[-1].interrupt
    assert cut.text not in answer


def test_the_option_is_in_the_options_menu_and_kept(harness_factory):
    h = harness_factory("it")
    h.start()
    for _ in range(10):
        said = h.press("down")
        if said.startswith("Opzioni"):
            break
    said = h.press("enter")
    for _ in range(20):
        if "interrotti" in said:
            break
        said = h.press("down")
    assert said.startswith("Messaggi di gioco interrotti da un tasto: ripetuti dopo la risposta")
    assert "tralasciati" in h.press("right")
    assert h.app.settings.cut_events == "drop"
    h.app.flush_settings(DISK_WAIT)
    assert '"cut_events": "drop"' in h.settings_path.read_text(encoding="utf-8")


def test_tira_dice_fly_regardless_and_only_the_round_gap_waits(harness_factory):
    """The same seed with and without timed speech: every event of the first round at
    the same game time (the race is never slowed); the next round starts once the
    round's end was heard, plus the gap."""

    def first_rounds(timed: bool) -> tuple[list[tuple[float, str]], Ears, tuple[float, float]]:
        h = harness_factory("it", timed_speech=timed)
        table = TiraTable(h.app, TableSetup(players=3), 7)
        h.start(table)
        ears = Ears(h)
        seen: list[tuple[float, str]] = []
        rounds: list[float] = []
        second: list[float] = []

        def watch(batch) -> None:
            for event in batch:
                if type(event).__name__ == "RoundStarted":  # the first was dealt at start
                    rounds.append(event.time)
                    if len(rounds) == 1:
                        second.extend((h.clock.now(), event.time))
                if not second:
                    seen.append((round(event.time, 6), type(event).__name__))

        table.watchers.append(watch)
        ears.run(400.0, until=lambda: bool(second))
        assert second, "no second round"
        return seen, ears, (second[0], second[1])

    plain, _, (plain_next, plain_game) = first_rounds(False)
    timed, ears, (timed_next, timed_game) = first_rounds(True)
    ended = [t for t, name in plain if name == "RoundEnded"]
    assert ended and len(plain) > 20
    assert timed == plain  # the first round, event by event, at the same times
    gap = plain_game - ended[0]  # the pause between rounds, in game time
    # game time ran while the round's end was said and stood still only a breath
    # before the next round (issue 29): the same game time, never before the end was
    # heard plus the breath
    assert gap > 1.0 and timed_game == plain_game and timed_next >= plain_next
    assert ears.heard_by(timed_next) + BREATH <= timed_next + SLACK


def test_the_one_folder_game_waits_for_speech_too(harness_factory, folder_game):
    """The game in tests/games, opened from the main menu: its table is the shared
    one, so its bots wait for the player's ears as Domino's do."""
    h = harness_factory("en", timed_speech=True).start()
    ears = Ears(h)
    title = h.app.localizer(folder_game.title_id)
    for _ in range(len(h.app.top.items)):
        if ears.press("down").startswith(title):
            break
    ears.press("enter")
    ears.press("enter")  # the setup's Start
    table = h.app.top
    bot = next(iter(table.local.bots.values()))
    fastest = sys.modules[type(bot).__module__].PACE[0]  # its bots' quickest pace
    moves = times_of(table, ("Kept", "Rerolled"))
    # A whole game: the first to 3 points plays three rounds at least, the bot deciding
    # once in each. Four moves were awaited before, which a game won 3-0 never makes.
    for _ in range(1200):
        if table.finished:
            break
        if table.view().turn == 0 and not h.app.announcer.speaking:
            ears.press("k")
        ears.run(0.25)
    assert table.finished and len(moves) >= 3, moves
    for when in moves:
        assert when + SLACK >= ears.heard_by(when) + fastest


@pytest.mark.parametrize(
    ("lang", "options", "row", "faster"),
    [
        ("it", "Opzioni", "Velocità della voce: 300 parole al minuto", "325 parole"),
        ("en", "Options", "Voice rate: 300 words per minute", "325 words"),
    ],
)
def test_the_voice_is_faster_by_default_and_its_rate_steps_in_the_options(
    harness_factory, lang, options, row, faster
):
    h = harness_factory(lang)
    h.start()
    for _ in range(10):
        if h.press("down").startswith(options):
            break
    said = h.press("enter")
    for _ in range(20):
        if said.startswith(row.split(":")[0]):
            break
        said = h.press("down")
    assert said.startswith(row)
    assert faster in h.press("right")
    assert h.app.settings.voice_rate == 325
    h.app.flush_settings(DISK_WAIT)
    assert '"voice_rate": 325' in h.settings_path.read_text(encoding="utf-8")
    # the listening model goes with the rate: the same line is heard sooner
    assert speaking_time("una due tre quattro cinque sei", 325) < speaking_time(
        "una due tre quattro cinque sei", 300
    )


def test_printed_text_is_never_cut_so_nothing_is_printed_twice():
    """The text backend: an answer cuts nothing on a terminal (the lines stay there to
    be read), so the events before it are not printed again; the model reads the
    answer after them, and the table waits for both."""
    from audiogame.announce import Announcer
    from audiogame.core.clock import Scheduler, VirtualClock
    from audiogame.io.speech.text import TextSpeaker
    from audiogame.language.localizer import Localizer

    class NoCues:
        def play(self, cue: str, pan: float = 0.0, volume: float = 1.0) -> None:
            pass

    clock = VirtualClock(0.0)
    text = TextSpeaker(echo=None)
    announcer = Announcer(
        text, NoCues(), Localizer("en"), lambda kind: "speak", None, Scheduler(clock)
    )
    announcer.speak("Marco plays six three on the right.", interrupt=False, event=True)
    event_time = speaking_time("Marco plays six three on the right.", 300)
    announcer.speak("Your tiles: double six.", interrupt=True, event=False)
    announcer.flush()
    assert text.lines == ["Marco plays six three on the right.", "Your tiles: double six."]
    clock.set(event_time + 0.01)
    assert announcer.speaking  # the answer is read after the move, not instead of it
    clock.set(event_time + speaking_time("Your tiles: double six.", 300) + 0.01)
    assert not announcer.speaking


def test_on_a_terminal_a_key_ends_the_earlier_answers_and_a_repeat_holds_nothing():
    """Text cuts nothing, but the player's next key shows they moved on from the answers
    before it: the table waits for the events and the newest answer only, and the same
    answer again ("It is not your turn.", a key pressed over and over) holds no time."""
    from audiogame.core.clock import VirtualClock
    from audiogame.io.speech.text import TextSpeaker
    from audiogame.listening import Listening

    clock = VirtualClock(0.0)
    ears = Listening(TextSpeaker(echo=None), clock, lambda: 300)

    def key(answer: str) -> None:  # as the loop does: the key, then its answer
        ears.key_pressed()
        ears.said(answer, event=False, interrupt=True)

    move = "Marco plays six three on the right."
    ears.said(move, event=True, interrupt=False)
    key("Your tiles: double six, six five, four three, two one, blank blank.")
    key("Ends: 6 on the left, 3 on the right.")
    heard = speaking_time(move, 300) + speaking_time("Ends: 6 on the left, 3 on the right.", 300)
    clock.set(heard - 0.01)
    assert ears.speaking
    clock.set(heard + 0.01)  # the hand's reading no longer counts
    assert not ears.speaking
    key("It is not your turn.")
    assert ears.speaking
    for _ in range(20):  # pressed again and again
        clock.set(clock.now() + 0.2)
        key("It is not your turn.")
    assert not ears.speaking
    # a key answered by game events alone ends the answers' hold too
    key("Your tiles: double six, six five, four three, two one, blank blank.")
    assert ears.speaking
    ears.key_pressed()
    assert not ears.speaking
