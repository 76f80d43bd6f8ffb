"""The Windows zip, built here and tried under Wine as a player and as a developer would.

Run by ``.ci/run`` (not part of the quick suite): ``pytest packaging/windows/tests``.
"""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import zipfile
from pathlib import Path

import checks
import under_wine

ROOT = Path(__file__).resolve().parents[3]
GUI, CONSOLE = 2, 3  # a PE file's subsystem: a window program, a console program


def subsystem(exe: Path) -> int:
    data = exe.read_bytes()
    pe = struct.unpack_from("<I", data, 0x3C)[0]
    assert data[pe : pe + 4] == b"PE\0\0"
    return struct.unpack_from("<H", data, pe + 24 + 68)[0]  # optional header, Subsystem


def test_the_zip_holds_what_a_player_needs_and_stays_small(trial):
    names = zipfile.ZipFile(trial.zip_path).namelist()
    top = names[0].split("/")[0]
    inside = {name[len(top) + 1 :] for name in names}
    assert trial.zip_path.name == f"{top}.zip" and top.endswith("-windows-x64")
    for must in ("audiogame.exe", "audiogame-console.exe", "LEGGIMI.txt", "README.txt"):
        assert must in inside
    for lang in ("it", "en"):
        assert {f"docs/{g}.{lang}.md" for g in ("guide", "domino", "tira")} <= inside
        assert {
            f"locales/{lang}/{p.name}" for p in (ROOT / "locales" / lang).glob("*.ftl")
        } <= inside
    assert {f"sounds/{p.name}" for p in (ROOT / "sounds").glob("*.wav")} <= inside
    assert {"runtime/python313.dll", "runtime/python313._pth", "runtime/audiogame/cli.py"} <= inside
    assert not [n for n in inside if n.startswith(("tests/", "runtime/tests"))]
    assert trial.zip_path.stat().st_size < 60e6
    assert subsystem(trial.top / "audiogame.exe") == GUI  # double-click: no console window
    assert subsystem(trial.top / "audiogame-console.exe") == CONSOLE


def test_the_notes_for_players_are_in_both_languages(trial):
    leggimi = (trial.top / "LEGGIMI.txt").read_bytes()
    readme = (trial.top / "README.txt").read_bytes()
    place = "%LOCALAPPDATA%\\audiogame"
    for text, words in (
        (leggimi, ("Estrai tutto", "Esc", place)),
        (readme, ("Extract All", place)),
    ):
        assert text.startswith(b"\xef\xbb\xbf") and b"\r\n" in text  # Notepad, any version
        decoded = text.decode("utf-8-sig")
        assert all(word in decoded for word in words)
        assert "F1" in decoded and "Ctrl+F1" in decoded


def test_a_player_starts_the_game_plays_and_quits(trial, figures):
    """audiogame.exe, keys pressed in its window: a Domino opening, a Tira throw, quit."""
    session = checks.play_opening(trial)
    figures["first_word_first_start_s"] = session["first_word_s"]
    heard = session["heard"]
    assert heard[0] == "Welcome to audiogame."
    assert session["played"].startswith("You play ")
    assert session["thrown"]
    assert session["exit_code"] == 0
    # the match was saved in the Windows place, under a user name with a space and an accent
    assert session["saved_in"] == str(trial.prefix.local_appdata / "audiogame")
    assert "Zoë Rossi" in session["saved_in"]
    unexpected = [e for e in session["errors"] if "sound off" not in e]  # no sound card here
    assert unexpected == []


def test_settings_go_to_the_windows_place(trial):
    """Options, a volume change, quit: settings.json under AppData\\Local\\audiogame."""
    settings = trial.prefix.local_appdata / "audiogame" / "settings.json"
    if settings.exists():
        settings.unlink()
    game = checks.Game(trial, "--speech", "text", "--lang", "it")
    try:
        game.hear(r"^Benvenuto in audiogame\.", timeout=60)
        game.hear(r"^Menu principale\.")
        game.press("f8", then=r"\d+")
        game.press("escape", then=r"uscire")
        game.press("y")
        assert game.wait(30) == 0
    finally:
        game.kill()
    assert settings.exists()
    assert '"cue_volume"' in settings.read_text(encoding="utf-8")


def test_the_console_launcher_prints_its_help(trial):
    done = checks.console_help(trial)
    assert done.returncode == 0
    # in the system's language (Wine's here may be Italian: "uso:"), never half in English
    assert b"usage: audiogame" in done.stdout or b"uso: audiogame" in done.stdout
    assert b"--speech" in done.stdout


def test_the_whole_suite_passes_from_the_build(trial, figures):
    """The project's tests, run by the build's own interpreter on the build's code."""
    result = checks.run_suite(trial)
    # the whole run's verdict: a test that fails is not tried again alone (one that fails
    # only on a busy machine is a bug of the test, or of the game, to fix); the failed
    # ones are named as pytest names them, to run them again by hand
    problems = result.problems
    figures.update(suite_s=round(result.seconds), suite=result.counts, failed=result.failed)
    assert problems == [], "\n".join(problems)
    assert result.code == 0 or result.problems, result.output[-3000:]
    assert result.counts["tests"] > 400
    # the race's real-time tests ran, in their own part ahead of the machine's load
    assert result.ahead >= len(checks.ahead_files(ROOT / "tests")) > 0, result.ahead
    # every test that did not run says why: listed in under_wine.py, or skipped by the
    # test itself where Windows lacks what it needs (pseudo-terminals, POSIX signals)
    for name, reason in result.skipped.items():
        assert len(reason) > 20, (name, reason)
        if "under Wine: " in reason:
            assert any(why in reason for why in under_wine.CANNOT_RUN.values()), (name, reason)


def test_the_failed_tests_are_named_so_they_can_run_again_alone(tmp_path):
    """junit names a test by dotted module (and class); running it again needs pytest's id."""
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_online_people.py").write_text("")
    (tmp_path / "tests" / "test_saves.py").write_text("")
    report = tmp_path / "junit.xml"
    report.write_text(
        '<testsuites><testsuite name="pytest" tests="4">'
        '<testcase classname="tests.test_online_people" name="test_people">'
        '<failure message="assert False">...</failure></testcase>'
        '<testcase classname="tests.test_online_people" name="test_fine"/>'
        '<testcase classname="tests.test_saves.TestDeep" name="test_nesting[1000]">'
        '<error message="boom">...</error></testcase>'
        '<testcase classname="tests.test_saves" name="test_skipped">'
        '<skipped message="why">...</skipped></testcase>'
        "</testsuite></testsuites>",
        encoding="utf-8",
    )
    assert checks.failed_ids(report, tmp_path) == [
        "tests/test_online_people.py::test_people",
        "tests/test_saves.py::TestDeep::test_nesting[1000]",
    ]


def test_the_race_files_run_in_a_wine_session_ahead_of_the_load(tmp_path):
    """Linux's race tests raise their own priority (devtools.priority); under Wine the same
    files run as a part of their own, started that many nice steps ahead."""
    from audiogame.devtools import priority

    assert checks.AHEAD_STEP == priority.STEP
    found = checks.ahead_files(ROOT / "tests")
    assert "tests/test_net_race_cheats.py" in found and "tests/test_saves.py" not in found
    (tmp_path / "test_a.py").write_text('pytestmark = pytest.mark.usefixtures("ahead_of_the_load")')
    (tmp_path / "test_b.py").write_text("def test_b(): pass")
    (tmp_path / "helper.py").write_text('usefixtures("ahead_of_the_load")')
    assert checks.ahead_files(tmp_path) == ["tests/test_a.py"]
    if not hasattr(os, "getpriority"):
        return
    before = os.getpriority(os.PRIO_PROCESS, 0)
    child = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpriority(os.PRIO_PROCESS, 0))"],
        capture_output=True,
        text=True,
        check=True,
        preexec_fn=checks._ahead,
    )
    if os.geteuid() != 0:
        assert int(child.stdout) == before  # not allowed: it runs as the rest
    else:
        assert int(child.stdout) == before - checks.AHEAD_STEP


def test_the_two_parts_are_one_verdict():
    part = checks.SuiteResult
    counts = {"tests": 10, "failures": 1, "errors": 0, "skipped": 2}
    first = part(0, 5.0, counts, ["a: failed"], {"s": "why"}, "one", ["tests/test_a.py::t"])
    second = part(1, 2.0, dict(counts, tests=3), ["b: failed"], {"t": "why"}, "two", ["b"])
    joined = checks._joined(first, second)
    assert joined.code == 1 and joined.seconds == 7.0 and joined.ahead == 3
    assert joined.counts == {"tests": 13, "failures": 2, "errors": 0, "skipped": 4}
    assert joined.problems == ["a: failed", "b: failed"]
    assert joined.skipped == {"s": "why", "t": "why"}
    assert joined.failed == ["tests/test_a.py::t", "b"]
