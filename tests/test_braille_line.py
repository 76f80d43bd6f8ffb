"""The game's messages on a braille line through a real BRLTTY (Debian's, its own
BrlAPI port per test) driving a virtual display that records every line it shows."""

from __future__ import annotations

import logging
import socket
import sys
import threading
import time

import pytest

from audiogame.io.braille.brlapi import (
    BrlapiConnection,
    BrlapiError,
    Target,
    fit,
    key_files,
    target_from,
    tty_path,
)
from audiogame.io.braille.line import BrailleLine, windows
from audiogame.io.speech.chain import SpeechChain
from audiogame.io.speech.recording import RecordingSpeaker

pytestmark = pytest.mark.skipif(
    sys.platform == "win32",
    reason="BRLTTY's braille line is Linux's; on Windows braille goes through NVDA and JAWS",
)


def wait_until(check, limit: float = 30.0) -> None:
    """Until ``check()`` holds; the limit only ends a wait that would never end."""
    end = time.monotonic() + limit
    while not check():
        assert time.monotonic() < end, "never happened"
        time.sleep(0.005)


def line_for(daemon) -> BrailleLine:
    line = BrailleLine(target=daemon.target, auth="none", timeout=10.0)
    assert line.ready.wait(30.0)
    assert line.connected, "no connection to the test's BRLTTY"
    return line


def test_a_message_is_shown_on_the_braille_line(brltty_daemon) -> None:
    line = line_for(brltty_daemon)
    mark = brltty_daemon.display.mark()
    line.show("Tocca a te")
    brltty_daemon.display.wait_for("Tocca a te", mark)
    assert line.detail == "BRLTTY (Virtual, 20x1)"
    line.close()


def test_accents_reach_the_display_as_text(brltty_daemon) -> None:
    line = line_for(brltty_daemon)
    mark = brltty_daemon.display.mark()
    line.show("Più è già")
    brltty_daemon.display.wait_for("Più è già", mark)
    line.close()


def test_the_display_size_is_respected_and_its_keys_pan(brltty_daemon) -> None:
    """20 cells: the message in windows cut between words; the display's own
    "window forward" and "window back" keys move through them."""
    display = brltty_daemon.display
    line = line_for(brltty_daemon)
    mark = display.mark()
    line.show("Anna ha giocato il doppio sei: tocca a te, hai sette tessere")
    display.wait_for("Anna ha giocato il", mark)
    for window in ("doppio sei: tocca a", "te, hai sette", "tessere"):
        display.press("FWinRt")
        display.wait_for(window, mark)
    # one key at a time, each once its answer is out: BRLTTY's virtual driver acts on
    # one line per read, and a second key in the same read waits for the next input
    written = len(line.shown)
    display.press("FWinRt")  # the last window: it stays (written again, the same)
    wait_until(lambda: len(line.shown) > written and line.shown[-1][1] == "tessere")
    after = display.mark()
    display.press("FWinLt")
    display.wait_for("te, hai sette", after)
    assert all(len(text) <= 20 for text in display.texts())
    line.close()


def test_what_the_display_shows_is_already_in_the_lines_record(brltty_daemon) -> None:
    """BRLTTY may show a window before the line's write returns (a busy machine stops
    the worker right after sending it): held there until the display shows the window,
    the line's record must already have it. A record written after the write made the
    panning test above take the last key's answer for the next one's and press two
    keys in one read, the second never acted on (the window back at load 20-30)."""
    display = brltty_daemon.display
    line = line_for(brltty_daemon)
    conn = line._conn
    assert conn is not None
    sent = conn.write
    recorded: list[str | None] = []

    def held(text: str) -> None:
        mark = display.mark()
        sent(text)
        display.wait_for(text, mark)  # the display shows it; the worker is still here
        recorded.append(line.shown[-1][1] if line.shown else None)

    conn.write = held  # type: ignore[method-assign]
    mark = display.mark()
    line.show("Anna ha giocato il doppio sei: tocca a te, hai sette tessere")
    display.wait_for("Anna ha giocato il", mark)
    display.press("FWinRt")
    display.wait_for("doppio sei: tocca a", mark)
    wait_until(lambda: len(recorded) == 2)
    assert recorded == ["Anna ha giocato il", "doppio sei: tocca a"]
    line.close()


def test_a_newer_message_replaces_the_one_shown(brltty_daemon) -> None:
    display = brltty_daemon.display
    line = line_for(brltty_daemon)
    mark = display.mark()
    line.show("primo messaggio lungo che non sta tutto")
    display.wait_for("primo messaggio", mark)
    display.press("FWinRt")
    display.wait_for("lungo che non sta", mark)
    line.show("secondo")
    display.wait_for("secondo", mark)
    line.close()


def test_leaving_gives_the_line_back_to_brltty(brltty_daemon) -> None:
    display = brltty_daemon.display
    line = line_for(brltty_daemon)
    mark = display.mark()
    line.show("in gioco")
    display.wait_for("in gioco", mark)
    line.close()
    log = brltty_daemon.log()
    assert "releasing tty" in log  # BRLTTY's own record that the game let go
    assert "did not give up control" not in log


def test_the_chain_sends_braille_to_the_line_whatever_voice_speaks(brltty_daemon) -> None:
    display = brltty_daemon.display
    voice = RecordingSpeaker()
    chain = SpeechChain([voice], display=line_for(brltty_daemon))
    mark = display.mark()
    chain.speak("Hai vinto")
    chain.braille("Hai vinto")
    display.wait_for("Hai vinto", mark)
    assert voice.brailled == []  # the line took it, not the backend
    chain.close()


def test_no_brltty_is_said_once_in_the_log_and_never_fails(tmp_path, caplog) -> None:
    caplog.set_level(logging.INFO, logger="audiogame.io.braille.line")
    line = BrailleLine(target=Target(path=str(tmp_path / "none")), auth="none", timeout=1.0)
    assert line.ready.wait(30.0)
    assert not line.connected
    line.show("niente")
    line.show("ancora niente")
    line.close()
    said = [r.getMessage() for r in caplog.records if "braille" in r.getMessage()]
    assert len(said) == 1 and said[0].startswith("braille: no braille: no BRLTTY at ")


def test_a_server_that_never_answers_is_given_up(tmp_path) -> None:
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(tmp_path / "silent"))
    server.listen(1)
    with pytest.raises(BrlapiError):
        BrlapiConnection(Target(path=str(tmp_path / "silent")), "none", timeout=0.3)
    server.close()


def test_a_hostile_server_cannot_make_it_read_for_ever(tmp_path) -> None:
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(tmp_path / "hostile"))
    server.listen(1)

    def serve() -> None:
        conn, _ = server.accept()
        conn.sendall(b"\xff\xff\xff\xff\x00\x00\x00v")  # a 4 GiB "version" packet
        conn.recv(100)
        conn.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    with pytest.raises(BrlapiError):
        BrlapiConnection(Target(path=str(tmp_path / "hostile")), "none", timeout=5.0)
    server.close()


def test_windows_cut_between_words() -> None:
    assert windows("uno due tre", 7) == ["uno due", "tre"]
    assert windows("abcdefghij", 4) == ["abcd", "efgh", "ij"]
    assert windows("", 10) == [""]
    assert fit("abc", 5) == "abc  " and fit("abcdef", 3) == "abc"


def test_brlapis_settings_are_read_as_its_library_reads_them() -> None:
    assert target_from(":0").path == "/var/lib/BrlAPI/0"
    assert target_from(":1").port == 4102
    assert target_from("127.0.0.1:3") == Target(host="127.0.0.1", port=4104)
    assert key_files("keyfile:/etc/brlapi.key+polkit") == ["/etc/brlapi.key"]
    assert key_files("none") == []
    assert tty_path({"WINDOWPATH": "7"}, window=0x2A00003) == [7, 0x2A00003]
    assert tty_path({"XDG_VTNR": "2"}) == [2]
    assert tty_path({}) == []


def test_brltty_asking_for_its_key_file_is_answered(tmp_path) -> None:
    """Debian's BRLTTY asks clients for the contents of /etc/brlapi.key."""
    from audiogame.devtools import brltty

    if brltty.available() is not None:
        pytest.skip(brltty.available())
    key = tmp_path / "brlapi.key"
    key.write_bytes(b"0123456789abcdef-test-key")
    daemon = brltty.PrivateBrltty(tmp_path / "brltty", cells=20, auth=f"keyfile:{key}")
    try:
        line = BrailleLine(target=daemon.target, auth=f"keyfile:{key}", timeout=10.0)
        assert line.ready.wait(30.0) and line.connected
        mark = daemon.display.mark()
        line.show("con la chiave")
        daemon.display.wait_for("con la chiave", mark)
        line.close()
        wrong = tmp_path / "wrong.key"
        wrong.write_bytes(b"not the key")
        refused = BrailleLine(target=daemon.target, auth=f"keyfile:{wrong}", timeout=10.0)
        assert refused.ready.wait(30.0) and not refused.connected
        refused.close()
    finally:
        daemon.stop()
