"""The whole game with the player's own speech and braille: the real app (and the real
``audiogame`` command in a pseudo-terminal) against a real speech-dispatcher and a
real BRLTTY, each of the test's own.

What a player of Orca, Fenrir, Speakup or BRLTTY meets: answers in their language
and rate on speech-dispatcher, Ctrl cancelling the game's speech, answers and events
on their braille line as the Options say, the terminal printing one plain line per
message for their screen reader, and the Options naming what speaks and why the
others do not.
"""

from __future__ import annotations

import re
import sys
import time
from collections.abc import Callable

import pytest

from audiogame.core.narration import Message
from audiogame.devtools.harness import Harness
from audiogame.io.braille.line import BrailleLine
from audiogame.io.speech.chain import SpeechChain, build_speech
from audiogame.io.speech.dispatcher import build_dispatcher, ssip_rate
from audiogame.io.speech.recording import RecordingSpeaker


def wait_until(check: Callable[[], bool], limit: float = 30.0) -> None:
    """Until ``check()`` holds; the limit only ends a wait that would never end."""
    end = time.monotonic() + limit
    while not check():
        assert time.monotonic() < end, "never happened"
        time.sleep(0.005)


def menu_size() -> int:
    """The main menu's items with no match saved: the registry's games, then the app's
    (no test counts the games)."""
    from audiogame.ui.main_menu import fixed_items, offered_games

    return len(offered_games()) + fixed_items()


def dispatcher_chain(daemon, lang: str) -> SpeechChain:
    speaker, why = build_dispatcher(lang, 300, 10.0, address=daemon.address)
    assert speaker is not None, why
    return SpeechChain([speaker])


@pytest.mark.parametrize(
    ("lang", "menu", "options"),
    [("it", "Menu principale", "Opzioni, {} di {}"), ("en", "Main menu", "Options, {} of {}")],
)
def test_answers_reach_speech_dispatcher_in_the_players_language(
    speechd_daemon, tmp_path, lang, menu, options
) -> None:
    chain = dispatcher_chain(speechd_daemon, lang)
    h = Harness(tmp_path, lang=lang, speaker=chain).start()
    said = speechd_daemon.wait_for(lambda said: any(menu in s.text for s in said))
    h.press("o")
    n = menu_size()  # Options is the third item from the end (then Help, Quit)
    said = speechd_daemon.wait_for(
        lambda said: bool(said) and said[-1].text == options.format(n - 2, n)
    )
    assert {(s.language, s.rate) for s in said} == {(lang, ssip_rate(300))}
    chain.close()
    h.close()


def test_changing_language_and_rate_in_the_options_reaches_speech_dispatcher(
    speechd_daemon, tmp_path
) -> None:
    chain = dispatcher_chain(speechd_daemon, "it")
    h = Harness(tmp_path, lang="it", speaker=chain).start()
    h.app.set_language("en")
    h.app.set_voice_rate(400)
    h.press("down")
    # nothing may have reached the daemon yet on a busy machine: an empty list is "not yet"
    said = speechd_daemon.wait_for(lambda said: bool(said) and said[-1].language == "en")
    assert said[-1].rate == ssip_rate(400)
    chain.close()
    h.close()


def test_ctrl_in_the_game_cancels_its_speech(speechd_daemon, tmp_path) -> None:
    chain = dispatcher_chain(speechd_daemon, "en")
    h = Harness(tmp_path, lang="en", speaker=chain).start()
    speechd_daemon.wait_for(lambda said: len(said) >= 1)
    wait_until(lambda: chain.unfinished() == 0)
    speechd_daemon.hold()
    h.app.announcer.post(Message("save-works-again"))  # an event, then the answer to a key
    h.app.step()
    speechd_daemon.wait_for(
        lambda said: bool(said) and said[-1].text.startswith("Saving works again")
    )
    h.press("down")
    h.press("ctrl")
    wait_until(lambda: chain.unfinished() == 0)
    speechd_daemon.release()
    h.press("down")
    said = speechd_daemon.wait_for(
        lambda said: bool(said) and said[-1].text.startswith("Play online")
    )
    # the answer was cut before its start or never sent; nothing of it was said after
    assert [s.text for s in said if s.text.startswith("Tira")] in ([], [said[-2].text])
    assert speechd_daemon.log().count("CANCEL self") >= 2
    chain.close()
    h.close()


def braille_harness(tmp_path, daemon, lang: str = "en") -> tuple[Harness, BrailleLine]:
    line = BrailleLine(target=daemon.target, auth="none", timeout=10.0)
    assert line.ready.wait(30.0) and line.connected
    chain = SpeechChain([RecordingSpeaker()], display=line)
    return Harness(tmp_path, lang=lang, speaker=chain), line


def test_answers_and_events_show_on_the_braille_line(brltty_daemon, tmp_path) -> None:
    display = brltty_daemon.display
    h, line = braille_harness(tmp_path, brltty_daemon)
    h.start()
    mark = display.mark()
    h.press("down")
    display.wait_for("Tira e Passa, after", mark)  # 20 cells: the first window
    mark = display.mark()
    h.app.announcer.post(Message("save-works-again"))  # a notice: always shown
    h.app.step()
    text = h.app.localizer("save-works-again")
    display.wait_for(text[:20].rsplit(" ", 1)[0], mark)
    h.close()
    line.close()


def test_a_kind_hidden_from_braille_is_spoken_and_not_shown(brltty_daemon, tmp_path) -> None:
    display = brltty_daemon.display
    h, line = braille_harness(tmp_path, brltty_daemon)
    h.start()
    h.app.set_braille("scores", False)
    mark = display.mark()
    h.app.announcer.post(Message("save-works-again", kind="scores"))
    h.app.step()
    h.press("down")  # an answer after it: the line's next text
    display.wait_for("Tira e Passa, after", mark)
    assert not any(t.startswith("Saving") for t in display.texts()[mark:])
    assert h.app.history.newest() is not None
    h.app.set_braille("scores", True)
    assert h.app.settings.braille_hidden == []
    h.close()
    line.close()


def test_an_answer_stays_first_on_the_line_when_events_follow_in_its_frame(tmp_path) -> None:
    """One frame's answer and events are one line: the answer first."""
    rec = RecordingSpeaker()
    h = Harness(tmp_path, lang="en", speaker=rec).start()
    h.app.announcer.say("menu-quit")
    h.app.announcer.post(Message("save-works-again"))
    h.app.step()
    assert rec.brailled[-1].startswith("Quit ")
    assert rec.brailled[-1].endswith(h.app.localizer("save-works-again"))
    h.close()


@pytest.mark.parametrize("lang", ["it", "en"])
def test_options_name_what_speaks_and_why_the_screen_reader_does_not(tmp_path, lang) -> None:
    if not sys.platform.startswith("linux"):
        pytest.skip("the screen reader is found through speech-dispatcher on Linux")
    chain, _ = build_speech("auto", None, lang, 300, timeout=2.0)
    h = Harness(tmp_path, lang=lang, speaker=chain)
    h.app.speech_active = chain.active_name
    from audiogame.ui.options import OptionsScene

    scene = OptionsScene(h.app)
    said = scene.describe_speech("auto")
    expected = {
        "it": "automatica, in uso: solo testo; lettore di schermo: non in esecuzione; "
        "voce interna: nessun dispositivo audio",
        "en": "automatic, using: text only; screen reader: not running; "
        "built-in voice: no sound device",
    }[lang]
    assert re.sub("[\u2068\u2069]", "", said) == expected
    chain.close()
    h.close()


def test_options_name_speech_dispatcher_when_it_speaks(speechd_daemon, tmp_path, monkeypatch):
    if not sys.platform.startswith("linux"):
        pytest.skip("the screen reader is found through speech-dispatcher on Linux")
    monkeypatch.setenv("SPEECHD_ADDRESS", str(speechd_daemon.address))
    chain, active = build_speech("auto", None, "en", 300, timeout=10.0)
    assert active == "screenreader"
    h = Harness(tmp_path, lang="en", speaker=chain)
    h.app.speech_active = active
    from audiogame.ui.options import OptionsScene

    said = OptionsScene(h.app).describe_speech("auto")
    assert re.sub("[\u2068\u2069]", "", said) == "automatic, using: speech-dispatcher (recorder)"
    chain.close()
    h.close()


# -- the real command in a terminal -----------------------------------------------------
#: the test's own invisible marks (an APC string per key answered, devtools/pty_session)
TEST_MARKS = re.compile(r"\x1b_[^\x1b]*\x1b\\")


def printed(g) -> str:
    """What the game printed, without the marks only a test run asks for."""
    return TEST_MARKS.sub("", g.text())


pty_only = pytest.mark.skipif(
    sys.platform == "win32", reason="pseudo-terminals exist on POSIX systems only"
)


@pty_only
def test_auto_in_a_terminal_prints_one_plain_line_per_message(tmp_path) -> None:
    """For Speakup, Fenrir, Orca in a terminal and BRLTTY on the console: each message
    one line, printed once, nothing else on the screen; no voice of the game's. One walk,
    in Italian: the words of both languages are test_locales's, and the command's language
    reaching the player's speech is the walk below (in English)."""
    from audiogame.devtools.pty_session import PtyGame

    first = "Benvenuto in audiogame."
    down = f"Tira e Passa, dal gioco di dadi di Andreas Schmidt, 2 di {menu_size()}"
    g = PtyGame(tmp_path, args=["--speech", "auto", "--no-window", "--verbose"], lang="it")
    try:
        g.wait_for("Domino, 1 ")
        assert g.answer("\x1b[B") == [down]
        g.send("\x03")
        assert g.wait_exit() == 0
        text = printed(g)
        assert "speech: text speaks" in text  # the log says what speaks and why
        assert "\x1b" not in text  # no colour, no cursor movement, no redraw
        lines = [line for line in text.splitlines() if line and not line.startswith("INFO")]
        assert lines[0].strip() == first
        assert len(lines) == len(set(lines))  # nothing said twice
    finally:
        g.close()


@pty_only
def test_a_screen_reader_chosen_and_missing_is_said_once(tmp_path) -> None:
    from audiogame.devtools.pty_session import PtyGame

    g = PtyGame(tmp_path, args=["--speech", "screenreader", "--no-window", "--no-sound"])
    try:
        line = g.wait_for("Screen reader")
        assert line == "Screen reader: not running. Speaking with text only."
        g.wait_for(f"Domino, 1 of {menu_size()}")
        g.send("\x03")
        g.wait_exit()
        assert printed(g).count("not running") == 1
    finally:
        g.close()


@pty_only
def test_the_command_speaks_through_speech_dispatcher_and_prints_nothing(
    speechd_daemon, tmp_path
) -> None:
    """No library noise on the terminal: the player's screen reader would read it. One
    walk, in English (not the default Italian, so a language lost on the way shows):
    both languages through the real app are test_answers_reach_speech_dispatcher_..."""
    from audiogame.devtools.pty_session import PtyGame

    lang, greeting = "en", "Welcome"
    env = {"SPEECHD_ADDRESS": str(speechd_daemon.address)}
    g = PtyGame(tmp_path, args=["--speech", "screenreader", "--no-window"], lang=lang, env=env)
    try:
        speechd_daemon.wait_for(lambda said: any("Domino, 1" in s.text for s in said))
        g.send("\x1b[B")
        said = speechd_daemon.wait_for(lambda said: bool(said) and said[-1].text.startswith("Tira"))
        assert said[0].text.startswith(greeting) and said[0].language == lang
        g.send("\x03")
        assert g.wait_exit() == 0
        assert printed(g).strip() == ""
        assert "CLIENT_NAME user:audiogame:main" in speechd_daemon.log()
    finally:
        g.close()
