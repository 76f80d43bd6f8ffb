"""The game through a real speech-dispatcher (Debian's daemon, its own socket and
configuration per test), whose output module writes down what it was asked to say.

A second client stands in for Orca: it names itself, speaks at priority
``message`` and stops with ``CANCEL self``, as Orca does. The module "speaks" a
message for as long as the test holds it (``hold``/``release``), so the priority
rules act on messages still being said, with no clock in the test.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable

import pytest

from audiogame.devtools.speechd import PrivateSpeechd
from audiogame.io.speech.chain import SpeechChain, build_screenreader
from audiogame.io.speech.dispatcher import (
    CLIENT_NAME,
    DispatcherSpeaker,
    build_dispatcher,
    ssip_rate,
)
from audiogame.io.speech.recording import RecordingSpeaker
from audiogame.io.speech.ssip import Address, SSIPConnection, default_address, escape_text

pytestmark = pytest.mark.skipif(
    sys.platform == "win32",
    reason="speech-dispatcher is the screen reader's voice on Linux; Windows speaks through "
    "NVDA and JAWS (tests/test_speech_screenreader.py)",
)


def wait_until(check: Callable[[], bool], limit: float = 30.0) -> None:
    """Until ``check()`` holds; the limit only ends a wait that would never end."""
    end = time.monotonic() + limit
    while not check():
        assert time.monotonic() < end, "never happened"
        time.sleep(0.005)


def game(daemon: PrivateSpeechd, lang: str = "it", rate: int = 300) -> DispatcherSpeaker:
    speaker, why = build_dispatcher(lang, rate, 10.0, address=daemon.address)
    assert speaker is not None, why
    return speaker


def orca(daemon: PrivateSpeechd) -> SSIPConnection:
    """A client that behaves as Orca towards speech-dispatcher."""
    conn = SSIPConnection(daemon.address, timeout=10.0)
    conn.set("CLIENT_NAME", "user:orca:default")
    conn.set("PRIORITY", "message")
    conn.set("LANGUAGE", "en")
    return conn


def test_the_game_names_itself_and_speaks_at_priority_text(speechd_daemon) -> None:
    speaker = game(speechd_daemon)
    speaker.speak("Tocca a te")
    speechd_daemon.wait_for(lambda said: len(said) == 1)
    log = speechd_daemon.log()
    assert f"SET self CLIENT_NAME {CLIENT_NAME}" in log
    assert "SET self PRIORITY text" in log
    # the daemon's own record of the message: priority 3 is "text"
    assert re.search(r"Queueing message \|Tocca a te\| with priority 3", log)
    assert speaker.detail == "speech-dispatcher (recorder)"
    speaker.close()


def test_language_and_rate_reach_the_synthesizer_and_follow_the_options(speechd_daemon) -> None:
    speaker = game(speechd_daemon, "it", 300)
    speaker.speak("Tocca a te")
    speechd_daemon.wait_for(lambda said: len(said) == 1)
    speaker.set_language("en")
    speaker.set_rate(170)
    speaker.speak("Your turn")
    said = speechd_daemon.wait_for(lambda said: len(said) == 2)
    assert [(s.language, s.rate, s.voice, s.text) for s in said] == [
        ("it", ssip_rate(300), "it-male", "Tocca a te"),
        ("en", 0, "en-male", "Your turn"),
    ]
    assert ssip_rate(300) == 47  # 300 words a minute on the eSpeak NG module's scale
    speaker.close()


def test_every_message_arrives_once_in_order(speechd_daemon) -> None:
    """``text`` messages cut each other in speech-dispatcher: the game sends the next
    only once the last has ended, so a burst of game events loses nothing."""
    speaker = game(speechd_daemon)
    texts = [f"mossa {n}" for n in range(60)]
    for text in texts:
        speaker.speak(text)
    said = speechd_daemon.wait_for(lambda said: len(said) >= len(texts))
    assert [s.text for s in said] == texts
    wait_until(lambda: speaker.unfinished() == 0)
    speaker.close()


def test_unfinished_counts_what_is_still_being_said(speechd_daemon) -> None:
    speaker = game(speechd_daemon)
    speechd_daemon.hold()
    speaker.speak("primo")
    speaker.speak("secondo")
    speechd_daemon.wait_for(lambda said: len(said) == 1)
    assert speaker.unfinished() == 2  # one speaking, one waiting its turn
    speechd_daemon.release()
    speechd_daemon.wait_for(lambda said: len(said) == 2)
    wait_until(lambda: speaker.unfinished() == 0)
    speaker.close()


def test_an_answer_cancels_what_the_game_was_saying(speechd_daemon) -> None:
    speaker = game(speechd_daemon)
    speechd_daemon.hold()
    speaker.speak("evento lungo")
    speaker.speak("evento in coda")
    speechd_daemon.wait_for(lambda said: [s.text for s in said] == ["evento lungo"])
    speaker.speak("risposta", interrupt=True)
    speechd_daemon.wait_for(lambda said: len(said) == 2)
    speechd_daemon.release()
    wait_until(lambda: speaker.unfinished() == 0)
    speaker.speak("dopo")
    said = speechd_daemon.wait_for(lambda said: len(said) == 3)
    assert [s.text for s in said] == ["evento lungo", "risposta", "dopo"]  # the queued one: dropped
    assert "CANCEL self" in speechd_daemon.log()
    speaker.close()


def test_ctrl_silences_the_game_and_not_the_screen_reader(speechd_daemon) -> None:
    speaker = game(speechd_daemon)
    reader = orca(speechd_daemon)
    speechd_daemon.hold()
    reader.speak("Orca reads the window title")
    speechd_daemon.wait_for(lambda said: len(said) == 1)
    speaker.speak("la risposta del gioco")  # postponed behind Orca's message
    speaker.silence()
    wait_until(lambda: speaker.unfinished() == 0)
    speechd_daemon.release()
    reader.speak("Orca again")
    said = speechd_daemon.wait_for(lambda said: len(said) == 2)
    assert [s.text for s in said] == ["Orca reads the window title", "Orca again"]
    reader.close()
    speaker.close()


def test_the_screen_readers_speech_cuts_the_game_short(speechd_daemon) -> None:
    """Orca's key echo (priority message) is heard at once: the game's message
    being said gives way, it does not make Orca wait."""
    speaker = game(speechd_daemon)
    reader = orca(speechd_daemon)
    speechd_daemon.hold()
    speaker.speak("un messaggio lungo del gioco")
    speechd_daemon.wait_for(lambda said: len(said) == 1)
    reader.speak("space")
    said = speechd_daemon.wait_for(lambda said: len(said) == 2)
    assert said[1].text == "space" and said[1].language == "en"
    wait_until(lambda: speaker.unfinished() == 0)  # speech-dispatcher reported it cancelled
    speechd_daemon.release()
    reader.close()
    speaker.close()


def test_the_games_answer_waits_for_the_screen_reader_then_is_said(speechd_daemon) -> None:
    speaker = game(speechd_daemon)
    reader = orca(speechd_daemon)
    speechd_daemon.hold()
    reader.speak("space")
    speechd_daemon.wait_for(lambda said: len(said) == 1)
    speaker.speak("Hai passato", interrupt=True)
    assert speaker.unfinished() == 1
    speechd_daemon.release()
    said = speechd_daemon.wait_for(lambda said: len(said) == 2)
    assert [s.text for s in said] == ["space", "Hai passato"]
    reader.close()
    speaker.close()


def test_the_screen_readers_own_stop_leaves_the_game_alone(speechd_daemon) -> None:
    speaker = game(speechd_daemon)
    reader = orca(speechd_daemon)
    speechd_daemon.hold()
    speaker.speak("la mano")
    speechd_daemon.wait_for(lambda said: len(said) == 1)
    reader.command("CANCEL self")  # Orca's stop: its own speech
    speechd_daemon.release()
    speaker.speak("poi")
    said = speechd_daemon.wait_for(lambda said: len(said) == 2)
    assert [s.text for s in said] == ["la mano", "poi"]
    reader.close()
    speaker.close()


def test_a_daemon_that_never_answers_is_given_up_within_the_bound(tmp_path) -> None:
    """The trap every binding falls into (the measurements in docs/speech-linux.md):
    a socket that accepts and never answers."""
    path = tmp_path / "silent.sock"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(path))
    server.listen(1)
    start = time.monotonic()
    speaker, why = build_dispatcher("it", 300, 0.5, address=Address(path=str(path)))
    elapsed = time.monotonic() - start
    assert speaker is None
    assert "did not answer" in why
    assert elapsed < 10.0  # 0.5 s per command, bounded: never the for ever of a binding
    server.close()


def test_no_daemon_is_missing_not_an_error(tmp_path) -> None:
    speaker, why = build_dispatcher("it", 300, 1.0, address=Address(path=str(tmp_path / "none")))
    assert speaker is None
    assert why.startswith("no speech-dispatcher at unix_socket:")


def test_the_chain_on_linux_speaks_through_speech_dispatcher(speechd_daemon, monkeypatch) -> None:
    if not sys.platform.startswith("linux"):
        pytest.skip("speech-dispatcher is the screen reader's voice on Linux")
    monkeypatch.setenv("SPEECHD_ADDRESS", str(speechd_daemon.address))
    speaker, skipped = build_screenreader("en", 300, 10.0)
    assert speaker is not None and skipped is None
    speaker.speak("hello")
    speechd_daemon.wait_for(lambda said: [s.text for s in said] == ["hello"])
    speaker.close()


def test_a_daemon_that_hangs_mid_game_hands_over_what_it_was_given(speechd_daemon) -> None:
    """speech-dispatcher stopped (SIGSTOP: it keeps the connection and answers
    nothing): within the watchdog the chain moves on and says there what it was
    asked meanwhile; the player hears that it changed."""
    speaker = game(speechd_daemon)
    backup = RecordingSpeaker()
    changes: list[tuple[str, str]] = []
    chain = SpeechChain([speaker, backup], on_fallback=lambda old, new: changes.append((old, new)))
    chain.speak("prima")
    speechd_daemon.wait_for(lambda said: len(said) == 1)
    wait_until(lambda: speaker.unfinished() == 0)
    os.kill(speechd_daemon.proc.pid, signal.SIGSTOP)
    try:
        chain.speak("durante")
        chain.speak("ancora")
        wait_until(lambda: speaker.failed)
        chain.update()
        assert changes == [("screenreader", "recording")]
        assert backup.transcript == ["durante", "ancora"]
        assert chain.skipped[-1].reason == "stopped"
    finally:
        os.kill(speechd_daemon.proc.pid, signal.SIGCONT)
    chain.close()


def test_the_daemon_going_away_is_a_failure_the_chain_moves_past(speechd_daemon) -> None:
    speaker = game(speechd_daemon)
    backup = RecordingSpeaker()
    chain = SpeechChain([speaker, backup])
    speechd_daemon.stop()
    wait_until(lambda: speaker.failed)
    chain.speak("dopo")
    assert backup.transcript == ["dopo"]
    chain.close()


def test_text_is_escaped_as_ssip_wants() -> None:
    assert escape_text("a\n.b\r\nc") == b"a\r\n..b\r\nc\r\n.\r\n"


def test_the_default_address_is_the_users_socket() -> None:
    env = {"XDG_RUNTIME_DIR": "/run/user/1000"}
    assert default_address(env).path == "/run/user/1000/speech-dispatcher/speechd.sock"
    assert default_address({"SPEECHD_ADDRESS": "inet_socket:127.0.0.1:7000"}).port == 7000
    assert default_address({"SPEECHD_ADDRESS": "unix_socket:/tmp/x.sock"}).path == "/tmp/x.sock"


def test_rates_map_onto_ssips_scale() -> None:
    assert ssip_rate(170) == 0
    assert ssip_rate(80) == -100
    assert ssip_rate(449) == 100
    assert ssip_rate(600) == 100 and ssip_rate(10) == -100


def test_threads_are_not_left_behind(speechd_daemon) -> None:
    before = threading.active_count()
    speaker = game(speechd_daemon)
    speaker.speak("ciao")
    speechd_daemon.wait_for(lambda said: len(said) == 1)
    speaker.close()
    wait_until(lambda: threading.active_count() <= before)
