"""The Windows build, tried under Wine as a player and as a developer would.

    python3 packaging/windows/checks.py [--keep DIR]

Builds the zip (``build.py``), extracts it into a fresh folder whose name has a
space and accents, makes a Wine prefix whose Windows user is "Zoë Rossi", then:

- **the launcher**: starts ``audiogame.exe`` (the window program a player double-
  clicks) with ``--speech text``, presses keys in its window as Windows delivers
  them (``post_keys.py``), plays a Domino opening and a Tira & Passa throw, quits,
  and checks what was said, where the settings and the save went, and the exit code;
- **the suite**: the project's whole test suite run by the build's own interpreter
  (``run_suite.py``), the tests that cannot run under Wine skipped with their reason
  (``under_wine.py``).

It prints the figures the README quotes: zip size, files, cold start to the first
word, suite time. ``packaging/windows/tests`` runs the same steps under pytest
(that is what ``.ci/run`` calls). Standard library only.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))

import build  # noqa: E402
import wine  # noqa: E402

#: where the zip is extracted: a space and accents, as in a real player's folder
FOLDER = "Giochi già provati"
#: what the suite needs beside the package under test (never the package itself)
SUITE_PARTS = (
    "tests", "benchmarks", "docs", "sounds", "packaging", "requirements",
    "pyproject.toml", "LICENSE", "CHANGELOG.md",
)  # fmt: skip


def why_not_here() -> str | None:
    """Why the Windows build cannot be tried on this machine, or None when it can."""
    found, why = wine.ensure_wine()
    if found is None:
        return why
    found, why = wine.ensure(build.COMPILER, build.COMPILER_PACKAGE)
    return None if found else why


@dataclass
class Trial:
    """An extracted build and a Wine prefix to run it in."""

    work: Path
    zip_path: Path
    top: Path
    prefix: wine.Prefix
    figures: dict[str, object] = field(default_factory=dict)

    @property
    def python(self) -> str:
        return str(self.top / "runtime" / "python.exe")

    @classmethod
    def make(cls, work: Path) -> Trial:
        started = time.monotonic()
        zip_path = build.build(work / "dist")
        built = time.monotonic() - started
        place = work / FOLDER
        place.mkdir(parents=True)
        with zipfile.ZipFile(zip_path) as archive:
            names = archive.namelist()
            archive.extractall(place)
        top = place / names[0].split("/")[0]
        wine_path = wine.find_wine()
        assert wine_path is not None
        prefix = wine.Prefix(wine_path, work / "wine prefix")
        made = prefix.create()
        trial = cls(work, zip_path, top, prefix)
        trial.figures.update(
            zip_mb=round(zip_path.stat().st_size / 1e6, 1),
            files=len(names),
            build_s=round(built, 1),
            prefix_s=round(made, 1),
        )
        return trial

    def close(self) -> None:
        self.prefix.stop()


# -- the launcher, as a player meets it -------------------------------------------------
class Game:
    """``audiogame.exe`` running under Wine: what it says, and a hand on its keyboard."""

    def __init__(self, trial: Trial, *args: str, exe: str = "audiogame.exe") -> None:
        self.lines: list[str] = []
        self._new: queue.Queue[str] = queue.Queue()
        self.started = time.monotonic()
        self.first_word_at: float | None = None
        self.proc = trial.prefix.start(
            [str(trial.top / exe), *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self._stderr: list[str] = []
        threading.Thread(target=self._read_stderr, daemon=True).start()
        self._trial = trial
        self._keys: subprocess.Popen[str] | None = None

    @property
    def keys(self) -> subprocess.Popen[str]:
        """The hand on the keyboard (``post_keys.py``), started at the first key: started
        with the game, its own interpreter's start ran alongside the game's and slowed the
        start being timed."""
        if self._keys is None:
            self._keys = self._trial.prefix.start(
                [self._trial.python, str(HERE / "post_keys.py")],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
            )
        return self._keys

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for raw in self.proc.stdout:
            line = raw.decode("utf-8", errors="replace").rstrip("\r\n")
            if self.first_word_at is None:
                self.first_word_at = time.monotonic()
            self.lines.append(line)
            self._new.put(line)

    def _read_stderr(self) -> None:
        assert self.proc.stderr is not None
        for raw in self.proc.stderr:
            line = raw.decode("utf-8", errors="replace").rstrip()
            if not line.startswith("ALSA lib"):  # Wine probing for a sound card
                self._stderr.append(line)

    def hear(self, pattern: str, timeout: float = 30.0) -> str:
        """Wait for a line that matches ``pattern`` (a regular expression)."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"never heard {pattern!r}; heard: {self.lines[-8:]}")
            try:
                line = self._new.get(timeout=left)
            except queue.Empty:
                continue
            if re.search(pattern, line):
                return line

    def press(self, key: str, then: str | None = None, timeout: float = 30.0) -> str:
        """Press ``key``; with ``then``, wait for the line it brings."""
        assert self.keys.stdin is not None and self.keys.stdout is not None
        self.keys.stdin.write(f"key {key}\n")
        self.keys.stdin.flush()
        answer = self.keys.stdout.readline().strip()
        if answer != "ok":
            raise AssertionError(f"could not press {key}: {answer or 'no answer'}")
        return self.hear(then, timeout) if then else ""

    def wait(self, timeout: float = 30.0) -> int:
        code = self.proc.wait(timeout)
        keys = self._keys
        if keys is not None:
            if keys.stdin is not None:
                keys.stdin.write("quit\n")
                keys.stdin.close()
            keys.wait(30)
        return code

    def kill(self) -> None:
        for proc in (self.proc, self._keys):
            if proc is not None and proc.poll() is None:
                proc.kill()

    @property
    def errors(self) -> list[str]:
        return self._stderr


def play_opening(trial: Trial) -> dict[str, object]:
    """The scripted session; returns what it measured. Raises AssertionError on a fault."""
    game = Game(trial, "--speech", "text", "--lang", "en", "--seed", "1")
    try:
        game.hear(r"^Welcome to audiogame\.", timeout=60)
        assert game.first_word_at is not None
        first_word = game.first_word_at - game.started
        game.hear(r"Domino, 1 of \d+")  # the main menu; its length grows with the games
        # Domino: open the table, wait for my turn, play the first tile of my hand
        game.press("enter", then=r"table setup\. Start the match")
        game.press("enter", then=r"^Domino with ")
        game.hear(r"Your turn\.|You start\.", timeout=60)
        played = game.press("enter", then=r"^You play ")
        saves = trial.prefix.local_appdata / "audiogame"
        deadline = time.monotonic() + 10
        while not list(saves.glob("match-domino.json*")) and time.monotonic() < deadline:
            time.sleep(0.1)
        saved = bool(list(saves.glob("match-domino.json*")))
        # leave the table (the match stays saved), back to the main menu
        game.press("escape", then=r"^Table menu")
        game.press("end", then=r"^Leave the match")
        game.press("enter", then=r"Leave the match\?")
        game.press("y", then=r"Start the match")
        game.press("escape", then=r", 1 of \d+$")  # the main menu, "Resume the match" first
        # Tira & Passa (T jumps to it): the race starts, one throw of my dice
        game.press("t", then=r"^Tira e Passa")
        game.press("enter", then=r"Tira e Passa, setup")
        game.press("enter", then=r"^Before we start")
        game.press("enter", then=r"^Tira e Passa, \d players")
        game.hear(r"(?i)\bgo!", timeout=30)
        thrown = game.press("space", then=r"(?i)^[a-z]+(, [a-z]+)*: ", timeout=15)
        game.press("escape", then=r"^Leave the game\?")
        game.press("y", then=r", \d of \d+$")
        game.press("escape", then=r"really want to quit")
        game.press("y")
        code = game.wait(30)
    except BaseException:
        game.kill()
        raise
    return {
        "exit_code": code,
        "first_word_s": round(first_word, 2),
        "played": played,
        "thrown": thrown,
        "saved_in": str(saves) if saved else None,
        "errors": game.errors,
        "heard": game.lines,
    }


def cold_starts(trial: Trial, runs: int = 3, *args: str) -> list[float]:
    """Seconds from starting audiogame.exe to its first word; Escape, Y to quit."""
    times = []
    for _ in range(runs):
        game = Game(trial, "--speech", "text", "--lang", "en", *args)
        try:
            game.hear(r"^Welcome to audiogame\.", timeout=60)
            assert game.first_word_at is not None
            times.append(round(game.first_word_at - game.started, 2))
            game.hear(r"^Main menu\.")
            game.press("escape", then=r"really want to quit")
            game.press("y")
            game.wait(30)
        except BaseException:
            game.kill()
            raise
    return times


def console_help(trial: Trial) -> subprocess.CompletedProcess:
    return trial.prefix.run([str(trial.top / "audiogame-console.exe"), "--help"], timeout=120)


# -- the suite, from the build ------------------------------------------------------------
@dataclass
class SuiteResult:
    code: int
    seconds: float
    counts: dict[str, int]
    problems: list[str]
    skipped: dict[str, str]
    output: str
    failed: list[str] = field(default_factory=list)  # pytest node ids of the problems
    ahead: int = 0  # of the tests, those run ahead of the machine's other programs


#: ends only a suite that would never end: it took 1,133 s under Wine on an idle machine and
#: 1,802 s was not enough beside other jobs at load 25 (the whole .ci/run has 90 minutes)
SUITE_LIMIT = 3600.0
#: how a test file asks to run ahead of the machine's other programs (the race's real-time
#: tests: ``devtools.priority``)
AHEAD_MARK = 'usefixtures("ahead_of_the_load")'
#: nice steps ahead, as ``devtools.priority.STEP`` (a test checks they agree)
AHEAD_STEP = 10


def ahead_files(tests: Path) -> list[str]:
    """The suite's files whose tests run ahead of the load, as pytest paths."""
    return sorted(
        f"tests/{path.name}"
        for path in tests.glob("test_*.py")
        if AHEAD_MARK in path.read_text(encoding="utf-8")
    )


def run_suite(
    trial: Trial, extra: list[str] | None = None, timeout: float = SUITE_LIMIT
) -> SuiteResult:
    """The whole suite in two parts. On Linux the race's real-time tests raise their own
    priority; a Windows program has no nice levels (and Wine 8 maps none of Windows'
    priorities to them), so here those files run as a second part whose whole Wine
    session, its wineserver too, starts ahead of the machine's other programs: a busy
    machine is then not taken for a slow line, as on Linux."""
    suite = _suite_folder(trial)
    python = suite_build(trial) / "runtime" / "python.exe"
    ahead = ahead_files(suite / "tests")
    started = time.monotonic()
    rest = [f"--ignore={path}" for path in ahead]
    first = _run_part(trial, python, suite, "junit.xml", [*rest, *(extra or [])], timeout)
    trial.prefix.stop()  # the next part's Wine session starts afresh, ahead
    left = timeout - (time.monotonic() - started)
    selection = [*ahead, *(extra or [])]
    second = _run_part(trial, python, suite, "junit-ahead.xml", selection, left, _ahead)
    trial.prefix.stop()  # what runs after the suite, at the ordinary priority
    return _joined(first, second)


def _suite_folder(trial: Trial) -> Path:
    """A fresh copy of the suite's parts, with the test dependencies beside it."""
    deps = trial.work / "test-deps"
    if not deps.exists():
        wheels = build.fetch(build.PINS_TEST, build.CACHE / "test-wheels")
        build.pip_install(list(wheels.values()), deps)
    suite = trial.work / "suite"
    if suite.exists():
        shutil.rmtree(suite)
    suite.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis")
    for part in SUITE_PARTS:
        source = ROOT / part
        if source.is_dir():
            shutil.copytree(source, suite / part, ignore=ignore)
        else:
            shutil.copy2(source, suite / part)
    return suite


def _run_part(
    trial: Trial,
    python: Path,
    suite: Path,
    report_name: str,
    selection: list[str],
    timeout: float,
    before: Callable[[], None] | None = None,
) -> SuiteResult:
    deps = trial.work / "test-deps"
    report = suite / report_name
    args = [str(python), str(HERE / "run_suite.py"), str(deps), str(suite)]
    args += ["-q", "-rs", f"--junitxml={report}", *selection]
    started = time.monotonic()
    code, output = run_to_its_end(trial.prefix, args, timeout, before)
    seconds = time.monotonic() - started
    failed: list[str] = []
    if report.exists():
        counts, problems, skipped = read_junit(report)
        failed = failed_ids(report, suite)
    elif seconds >= timeout:  # stopped by the limit: say so, not a bare exit code
        counts, problems, skipped = {}, [f"the suite did not end within {timeout:.0f} s"], {}
    else:  # the interpreter died before pytest could write its report
        counts, problems, skipped = {}, [f"no report; exit code {code}"], {}
    return SuiteResult(code, seconds, counts, problems, skipped, output, failed)


def _ahead() -> None:
    """In the started program, before it runs: ahead of the machine's other programs."""
    try:
        os.setpriority(os.PRIO_PROCESS, 0, os.getpriority(os.PRIO_PROCESS, 0) - AHEAD_STEP)
    except OSError:  # only a privileged user may raise a priority: it runs as the rest
        pass


def _joined(first: SuiteResult, second: SuiteResult) -> SuiteResult:
    counts = {k: first.counts.get(k, 0) + second.counts.get(k, 0) for k in JUNIT_COUNTS}
    return SuiteResult(
        code=first.code or second.code,
        seconds=first.seconds + second.seconds,
        counts=counts,
        problems=first.problems + second.problems,
        skipped={**first.skipped, **second.skipped},
        output=first.output + second.output,
        failed=first.failed + second.failed,
        ahead=second.counts.get("tests", 0),
    )


def suite_build(trial: Trial) -> Path:
    """A copy of the extracted build, beside it, with the game's test hooks in its package
    (the zip leaves them out). The suite's processes and those its tests start (a player
    process, a second copy of the app) import them as any module of the game: added to the
    runner's package path alone, they were missing in every process a test started. And
    what the tests write (comtypes' generated modules, a test's files) leaves the build
    the other checks read as a player has it."""
    copy = trial.top.parent / f"{trial.top.name} (suite)"
    if copy.exists():
        shutil.rmtree(copy)
    shutil.copytree(trial.top, copy, symlinks=True)
    hooks = build.NOT_FOR_PLAYERS[0]
    shutil.copytree(
        ROOT / "audiogame" / hooks,
        copy / "runtime" / "audiogame" / hooks,
        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
    )
    return copy


def run_to_its_end(
    prefix: wine.Prefix,
    args: list[str],
    timeout: float,
    before: Callable[[], None] | None = None,
) -> tuple[int, str]:
    """A Windows program's exit code and what it printed, once it has ended. Its output
    is read from a pipe (Wine gives a program writing to a file no standard streams),
    by a thread, and not to the pipe's end: a program a test started and left running
    (a daemon) keeps the pipe open, and waiting for it held the check to its timeout.
    ``before``: run in the new process before Wine starts (its priority)."""
    process = prefix.start(
        args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, preexec_fn=before
    )
    assert process.stdout is not None
    stdout = process.stdout
    chunks: list[bytes] = []

    def read() -> None:
        for line in iter(stdout.readline, b""):
            chunks.append(line)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        code = process.wait(timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        code = process.wait(30)
    reader.join(10.0)  # what is still in the pipe; a daemon holding it is not waited for
    return code, b"".join(chunks).decode("utf-8", errors="replace")


def failed_ids(path: Path, suite: Path) -> list[str]:
    """The pytest node ids (``tests/test_x.py::test_y[case]``) of the failed tests."""
    root = ET.parse(path).getroot()
    ids = []
    for case in root.iter("testcase"):
        if any(child.tag in ("failure", "error") for child in case):
            ids.append(_node_id(case.get("classname") or "", case.get("name") or "", suite))
    return ids


def _node_id(classname: str, name: str, suite: Path) -> str:
    """junit's ``tests.test_x.TestY`` + ``test_z`` back to ``tests/test_x.py::TestY::test_z``:
    the longest dotted prefix that is a file of the suite is the module."""
    parts = classname.split(".")
    for cut in range(len(parts), 0, -1):
        module = "/".join(parts[:cut]) + ".py"
        if (suite / module).is_file():
            return "::".join([module, *parts[cut:], name])
    return f"{classname}::{name}"


JUNIT_COUNTS = ("tests", "failures", "errors", "skipped")
#: a process of the game's that died of an access violation (its status, hex and decimal):
#: its own words (a fault handler's stacks) are in the failure's text, past the message
CRASH = ("0xc0000005", "3221225477")


def read_junit(path: Path) -> tuple[dict[str, int], list[str], dict[str, str]]:
    root = ET.parse(path).getroot()
    suite = root if root.tag == "testsuite" else root[0]
    counts = {k: int(suite.get(k, 0)) for k in JUNIT_COUNTS}
    problems, skipped = [], {}
    for case in suite.iter("testcase"):
        name = f"{case.get('classname')}::{case.get('name')}"
        for child in case:
            if child.tag in ("failure", "error"):
                detail = (child.get("message") or "")[:300]
                if len(detail) < 40:  # "collection failure": the cause is in the text
                    detail += " " + (child.text or "")[-600:]
                elif any(mark in detail for mark in CRASH):  # what it said is in the text
                    detail += " ... " + (child.text or "")[-1500:]
                problems.append(f"{name}: {detail}")
            elif child.tag == "skipped":  # a module skipped whole keeps its reason in the text
                skipped[name] = f"{child.get('message') or ''} {child.text or ''}".strip()
    return counts, problems, skipped


# -- the command --------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", type=Path, help="work here and keep it (default: a temp dir)")
    parser.add_argument("--no-suite", action="store_true", help="only the launcher")
    args = parser.parse_args(argv)
    why = why_not_here()
    if why:
        print(f"The Windows build cannot be tried here: {why}")
        return 1
    work = args.keep or Path(tempfile.mkdtemp(prefix="audiogame-windows-"))
    trial = Trial.make(work)
    failed = False
    try:
        session = play_opening(trial)
        print("launcher:", json.dumps({k: v for k, v in session.items() if k != "heard"}))
        failed |= session["exit_code"] != 0 or not session["saved_in"]
        trial.figures["first_word_first_start_s"] = session["first_word_s"]
        # Wine's WASAPI with no sound device keeps SDL waiting 8 s before it gives up:
        # the starts are timed with --no-sound too, to show the game's own part
        starts = cold_starts(trial, 3, "--no-sound")
        trial.figures["first_word_no_sound_s"] = starts
        if not args.no_suite:
            result = run_suite(trial)
            trial.figures["suite_s"] = round(result.seconds)
            trial.figures["suite"] = result.counts
            for problem in result.problems:
                print("FAILED", problem)
            failed |= bool(result.problems) or result.code != 0
        trial.figures["first_word_no_sound_median_s"] = statistics.median(starts)
        print("figures:", json.dumps(trial.figures))
    finally:
        trial.close()
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
