"""Leaving by Control+C or SIGTERM, a second copy of the game, and ``--seed``'s bounds."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from audiogame.app.shutdown import StopOnSignal
from audiogame.cli import SEED_MAX, parse_args
from audiogame.devtools.harness import DISK_WAIT
from audiogame.devtools.resume_check import adapter_for, drive
from audiogame.store.saves import SaveStore

ROOT = Path(__file__).resolve().parents[1]


#: the game's command, then the names of the threads still running once it returned
#: (a thread left running while a process ends can crash its teardown: seen under Wine)
MAIN_AND_THREADS = (
    "import sys, threading; from audiogame.cli import main; code = main(); "
    "print('threads left:', sorted(t.name for t in threading.enumerate() "
    "if t is not threading.main_thread()), file=sys.stderr); sys.exit(code)"
)


def start_command(tmp_path: Path, *extra: str) -> subprocess.Popen[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    env["PYTHONFAULTHANDLER"] = "1"  # a game that hangs shows where (see ``ended``)
    cmd = [sys.executable, "-c", MAIN_AND_THREADS]
    args = ["--no-window", "--speech", "text", "--no-sound", "--lang", "en"]
    args += ["--config-dir", str(tmp_path / "config"), "--data-dir", str(tmp_path / "data")]
    return subprocess.Popen(
        cmd + args + list(extra),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def wait_for_menu(
    proc: subprocess.Popen[str], words: str = "Main menu", timeout: float = 300.0
) -> str:
    """Lines printed by the text speech until ``words`` have been said (read on a thread
    of its own, which stops there: a game that says nothing more cannot hang the test).
    A game that ends first fails at once; the bound only ends a wait that never ends
    (at load 40 on 2 cores the main menu came more than 30 s after the greeting)."""
    stdout = proc.stdout
    assert stdout is not None
    seen: list[str] = []
    found = threading.Event()
    ended = threading.Event()

    def read() -> None:
        try:
            for line in iter(stdout.readline, ""):
                seen.append(line)
                if words in line:
                    found.set()
                    return
        finally:
            ended.set()

    threading.Thread(target=read, daemon=True).start()
    ended.wait(timeout)
    if not found.is_set():
        raise AssertionError(f"never said {words!r}: {seen!r}")
    return "".join(seen)


def ended(proc: subprocess.Popen[str], bound: float = 120.0) -> tuple[str, str]:
    """What the game printed once it ended. The bound only ends a wait that never ends;
    then the game is made to abort, and its faulthandler's trace of every thread is the
    failure (a hang seen once at load 40 left no trace of where it was)."""
    try:
        return proc.communicate(timeout=bound)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGABRT)
        _out, err = proc.communicate(timeout=60)
        raise AssertionError(f"the game did not end; where it was:\n{err[-8000:]}") from None


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals sent by this test")
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_the_command_stops_on_a_signal_with_exit_0_and_no_traceback(tmp_path, signum):
    proc = start_command(tmp_path)
    try:
        wait_for_menu(proc)
        proc.send_signal(signum)
        _out, err = ended(proc)  # 20 s passed at load 20
    finally:
        proc.kill()
    assert proc.returncode == 0, err
    assert "Traceback" not in err
    # the saves' and the settings' writers synced and ended, nothing else left behind
    assert "threads left: []" in err, err


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals sent by this test")
def test_with_no_window_and_no_terminal_the_game_says_no_key_can_reach_it(tmp_path):
    proc = start_command(tmp_path)  # standard input a null device, no window
    try:
        said = wait_for_menu(proc, "No keyboard")
        proc.send_signal(signal.SIGTERM)  # what ends it now: a signal, as a service's stop
        _out, err = ended(proc)
    finally:
        proc.kill()
    assert said.index("Main menu") < said.index("No keyboard: there is no window")
    assert "Start audiogame from a terminal" in err  # printed too, for whoever started it
    assert proc.returncode == 0


def test_a_signal_at_the_table_saves_the_match_as_it_is(tmp_path, harness_factory):
    h = harness_factory("en").start()
    adapter = adapter_for("tira")
    adapter.new_match(h, None, adapter.setups()[0], 5)
    table = drive(h, adapter, lambda t: adapter.progress(t) >= 25)
    with StopOnSignal(h.app) as stop:
        # raise_signal, not os.kill: on Windows os.kill(SIGTERM) is TerminateProcess,
        # which would end the test runner itself rather than run the handler
        signal.raise_signal(signal.SIGTERM)
        h.app.step()
    assert stop.received == signal.SIGTERM and not h.app.running
    h.app.save_before_exit()  # what the command does on its way out
    assert h.app.saves.flush(DISK_WAIT)
    assert SaveStore(tmp_path / "data").read("tira").state == adapter.snapshot(table)


def test_a_second_copy_on_the_same_data_folder_plays_without_saving_and_says_why(
    tmp_path, harness_factory
):
    first = harness_factory("en", lock=True).start()
    adapter = adapter_for("tira")
    adapter.new_match(first, None, adapter.setups()[0], 8)
    drive(first, adapter, lambda t: adapter.progress(t) >= 20)
    mine = SaveStore(tmp_path / "data").read("tira").state

    second = harness_factory("it", lock=True).start()
    second.advance(0.1)
    heard = " ".join(second.transcript)
    assert "Il gioco è già aperto" in heard and "non si salva niente" in heard
    assert "Riprendi" not in second.app.top.item_text(0)  # the first copy's match is its own
    adapter.new_match(second, None, adapter.setups()[0], 9)
    drive(second, adapter, lambda t: adapter.progress(t) >= 30)
    assert "questa copia non salva" in second.press("s", ctrl=True)
    assert SaveStore(tmp_path / "data").read("tira").state == mine  # nothing overwritten

    first.app.saves.flush(DISK_WAIT)
    first.close()  # the first copy quits: its lock goes with it
    third = harness_factory("en", lock=True).start()
    assert third.app.saves.off is None
    assert "Resume the match: Tira e Passa" in third.app.top.item_text(0)


def test_the_data_folder_lock_is_held_once_and_given_back(tmp_path):
    """The operating system's lock (flock; msvcrt.locking on Windows): a second holder
    is refused while the first holds it, and takes it once it is released."""
    from audiogame.store.lock import DataLock, Held

    first, second = DataLock(tmp_path / "data"), DataLock(tmp_path / "data")
    assert first.acquire() is Held.MINE
    assert second.acquire() is Held.OTHER_COPY
    first.release()
    assert second.acquire() is Held.MINE
    second.release()
    second.release()  # twice is harmless


def test_the_command_prints_why_a_second_copy_does_not_save(tmp_path):
    from audiogame.store.lock import DataLock, Held

    holder = DataLock(tmp_path / "data")
    assert holder.acquire() is Held.MINE
    proc = start_command(tmp_path)
    try:
        said = wait_for_menu(proc, "The game is already open")  # spoken
        proc.send_signal(signal.SIGTERM if sys.platform != "win32" else signal.CTRL_C_EVENT)
        _out, err = proc.communicate(timeout=120)  # a bound only
    finally:
        proc.kill()
        holder.release()
    assert "The game is already open" in err  # and printed
    assert "nothing will be saved" in said


@pytest.mark.parametrize("text", ["-1", str(SEED_MAX + 1), "9" * 4300, "abc", "1.5", ""])
def test_a_seed_out_of_bounds_is_a_clear_error(text, capsys):
    with pytest.raises(SystemExit) as stop:
        parse_args(["--lang", "en", "--seed", text])
    assert stop.value.code == 2
    assert f"the seed must be a whole number from 0 to {SEED_MAX}" in capsys.readouterr().err


@pytest.mark.parametrize("text", ["0", "42", str(SEED_MAX)])
def test_seeds_within_bounds_are_taken(text):
    assert parse_args(["--seed", text]).seed == int(text)
