"""Kill -9 at random moments, restart, resume: is it the same match, and what was lost?

Each cycle:

1. a child process plays matches headless through the real app (the
   ``Harness``: the real loop and table, SDL's dummy drivers, the recording
   speaker, the real ``SaveStore`` saving after every action), bots in every
   other seat and a scripted player at the human seat, on a virtual clock
   paced at ``--speed`` times real time; when a match ends it starts the next
   (the next seed), as a player pressing Enter does. After every step that
   saved the match it reports the match and its progress on stdout;
2. the parent kills it at a random moment of the match (SIGKILL; on Windows,
   TerminateProcess);
3. the parent reads the save the way the next start does (``SaveStore``):
   it must be readable and complete (checksum), or absent when the child
   was between two matches;
4. the save is held against a reference: the same match replayed from its
   seed in the parent, whose state at the same point must equal the saved
   one (dice, coasters, pile, won counts, the bots' places in their random
   streams, the game time);
5. a fresh app on the child's folder restarts as a player would: the main
   menu must offer the match first; Enter resumes it; the scripted player
   plays on, and every event to the end must equal the reference's;
6. actions lost: the saves the child had queued (reported) beyond the one on
   disk, and the wall time from the first of them to the kill (how far the
   disk was behind: at ``--speed`` 10 a second of wall time is ten of play).

The child is started ahead, while the parent checks the previous cycle, and
waits for "go" on stdin, so a cycle costs little more than its random moment.

    uv run python benchmarks/kill_resume.py [--cycles 200] [--speed 20] [--seed 1]

Adding a game: an adapter named by its ``GameSpec.resume_adapter`` (see
``MatchAdapter``); ``--games tira,domino`` then shares the cycles.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from audiogame.devtools.harness import Harness  # noqa: E402
from audiogame.devtools.resume_check import (  # noqa: E402
    MatchAdapter,
    Reference,
    Stuck,
    adapter_for,
    compare,
    drive,
    record_reference,
    resume_from_menu,
)
from audiogame.games import registry  # noqa: E402
from audiogame.store.saves import SaveStore  # noqa: E402

#: wall seconds of a match at the default speed, roughly: the random moment is drawn in it
MATCH_WALL = 3.5


# -- the child ---------------------------------------------------------------------------
def child(game: str, folder: Path, setup: dict[str, Any], seed: int, speed: float) -> None:
    adapter = adapter_for(game)
    h = Harness(folder, lang="en")
    h.start()
    print("ready", flush=True)
    sys.stdin.readline()  # "go"
    table = adapter.new_match(h, None, setup, seed)
    pace = Pace(h.clock.now(), speed)
    seen = Watch(adapter)
    seen.follow(table)
    drive(h, adapter, lambda _t: False, next_match=True, on_step=lambda t: pace(seen.step(t, h)))


class Watch:
    """Reports each step that saved the match ("save <match> <progress> <time>"), a
    new match ("match <match>") and the step that ended one ("end <match> <time>");
    <time> is ``time.monotonic()`` when the save was queued."""

    def __init__(self, adapter: MatchAdapter) -> None:
        self.adapter = adapter
        self.table: Any = None
        self.batches = 0
        self.reported = 0

    def follow(self, table: Any) -> None:
        self.table = table
        self.adapter.watch(table, self.count)
        print(f"match {self.adapter.match_id(table)}", flush=True)

    def count(self, _events: Any) -> None:
        self.batches += 1

    def step(self, table: Any, h: Harness) -> float:
        if table is not self.table:
            self.follow(table)
        if self.batches != self.reported:
            self.reported = self.batches
            match = self.adapter.match_id(table)
            queued = f"{time.monotonic():.6f}"  # the same clock in every process
            if self.adapter.finished(table):
                print(f"end {match} {queued}", flush=True)  # the save is removed, not written
            else:
                print(f"save {match} {self.adapter.progress(table)} {queued}", flush=True)
        return h.clock.now()


class Pace:
    """Sleeps so that the virtual clock runs ``speed`` times faster than the wall."""

    def __init__(self, start: float, speed: float) -> None:
        self.start, self.speed, self.wall = start, speed, time.perf_counter()

    def __call__(self, now: float) -> None:
        ahead = (now - self.start) / self.speed - (time.perf_counter() - self.wall)
        if ahead > 0:
            time.sleep(ahead)


# -- the parent --------------------------------------------------------------------------
@dataclass
class Spawned:
    game: str
    folder: Path
    setup: dict[str, Any]
    seed: int
    proc: subprocess.Popen[str]


def spawn(game: str, folder: Path, setup: dict[str, Any], seed: int, speed: float) -> Spawned:
    command = [sys.executable, __file__, "--child", game, str(folder), json.dumps(setup)]
    command += [str(seed), str(speed)]
    proc = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
    )
    return Spawned(game, folder, setup, seed, proc)


@dataclass
class Outcome:
    kind: str  # "resumed", "between-matches", "refused", "missing", "failed"
    identical: bool = False
    lost: int = 0
    #: seconds between the first save lost and the kill
    window: float = 0.0
    events: int = 0
    detail: str = ""


@dataclass
class Tally:
    outcomes: list[Outcome] = field(default_factory=list)

    def add(self, outcome: Outcome) -> None:
        self.outcomes.append(outcome)

    def report(self) -> dict[str, Any]:
        kinds = Counter(o.kind for o in self.outcomes)
        valid = kinds["resumed"] + kinds["between-matches"] + kinds["failed"]
        return {
            "cycles": len(self.outcomes),
            "saves_valid": valid,
            "saves_found": kinds["resumed"] + kinds["failed"],
            "no_match_in_progress": kinds["between-matches"],
            "refused_or_missing": kinds["refused"] + kinds["missing"],
            "resumed_identical": sum(o.identical for o in self.outcomes),
            "resumed_different": kinds["failed"],
            "events_compared": sum(o.events for o in self.outcomes),
            "actions_lost_max": max((o.lost for o in self.outcomes), default=0),
            "actions_lost": dict(sorted(Counter(o.lost for o in self.outcomes).items())),
            "lost_window_ms_max": round(1000 * max((o.window for o in self.outcomes), default=0)),
        }


def kill_at_random(spawned: Spawned, moment: float) -> tuple[list[str], float]:
    """Let the child play ``moment`` seconds, kill it; what it reported, and when.

    ``Popen.kill`` is SIGKILL on POSIX and TerminateProcess on Windows: either way
    the child gets no chance to finish a write or flush anything."""
    proc = spawned.proc
    assert proc.stdin is not None and proc.stdout is not None
    if proc.stdout.readline().strip() != "ready":
        raise RuntimeError("the child did not start")
    proc.stdin.write("go\n")
    proc.stdin.flush()
    time.sleep(moment)
    killed_at = time.monotonic()
    proc.kill()
    proc.wait()
    return proc.stdout.read().splitlines(), killed_at


def losses(lines: list[str], saved: str | None, killed_at: float) -> tuple[int, float]:
    """What the kill cost: the saves (and ends) the child had queued after the one on
    disk (``saved``: "save <match> <progress>", None when there is no save), and the
    seconds from the first of them to the kill (0 when nothing was lost; nothing
    either when the child died after saving but before reporting it)."""
    changes = [line.split() for line in lines if line.startswith(("save ", "end "))]
    if saved is None:
        ends = [i for i, c in enumerate(changes) if c[0] == "end"]
        first = ends[-1] + 1 if ends else 0
    else:
        where = [i for i, c in enumerate(changes) if " ".join(c[:3]) == saved]
        first = where[-1] + 1 if where else len(changes)
    lost = changes[first:]
    return len(lost), (killed_at - float(lost[0][-1]) if lost else 0.0)


class Checker:
    def __init__(self, work: Path) -> None:
        self.work = work
        self.references: dict[str, Reference] = {}

    def reference(self, adapter: MatchAdapter, state: dict[str, Any]) -> Reference:
        key = json.dumps([adapter.game_id, adapter.match_id_of(state), state.get("setup")])
        key += json.dumps(state.get("game", {}).get("start_at"))  # an evening's later match
        key += json.dumps(state.get("match", {}).get("start"))
        if key not in self.references:
            folder = Path(tempfile.mkdtemp(dir=self.work, prefix="reference-"))
            h = Harness(folder, lang="en")
            self.references[key] = record_reference(h, adapter, state)
            h.close()
        return self.references[key]

    def check(self, spawned: Spawned, lines: list[str], killed_at: float) -> Outcome:
        # as the next start reads it: the game's own slots, checked by its save schema
        spec = registry.get(spawned.game)
        read_save = spec.read_save if spec is not None else None
        loaded = SaveStore(spawned.folder / "data").read(spawned.game, read_save)
        if loaded.refusal:
            return Outcome("refused", detail=loaded.refusal)
        if not loaded.ok:
            lost, window = losses(lines, None, killed_at)
            kind = "between-matches" if lost == 0 else "missing"
            return Outcome(kind, lost=lost, window=window)
        adapter = adapter_for(loaded.game or "")
        state = loaded.state
        progress = adapter.progress_of(state)
        lost, window = losses(lines, f"save {adapter.match_id_of(state)} {progress}", killed_at)
        original = self.reference(adapter, state).from_point(progress)
        h = Harness(spawned.folder, lang="en")
        try:
            resumed = resume_from_menu(h, adapter, state)
        except Stuck as exc:
            return Outcome("failed", lost=lost, window=window, detail=str(exc))
        finally:
            h.close()
        verdict = compare(state, original, resumed)
        kind = "resumed" if verdict.identical else "failed"
        return Outcome(
            kind, verdict.identical, lost, window, verdict.events_compared, repr(verdict)
        )


def run(
    cycles: int,
    games: list[str],
    speed: float,
    seed: int,
    *,
    matches: int = 3,
    tables: int | None = None,
    window: tuple[float, float] | None = None,
) -> dict[str, Any]:
    """``cycles`` kills over ``games``.

    Each table of an adapter's ``setups`` (the first ``tables`` of them) is played
    with ``matches`` seeds, each match killed at many moments (they share one
    reference); the moment is drawn in ``window`` wall seconds after "go".
    """
    rng = random.Random(seed)
    lo, hi = window or (0.05, MATCH_WALL * 20 / speed)
    work = Path(tempfile.mkdtemp(prefix="kill-resume-"))
    checker = Checker(work)
    tally = Tally()
    plans = []
    for i in range(cycles):
        game = games[i % len(games)]
        setups = adapter_for(game).setups()[:tables]
        plans.append((game, setups[i % len(setups)], seed * 1000 + i % (matches * len(setups))))
    children = [spawn(*_where(work, 0, plans[0]), speed)]
    try:
        for i in range(cycles):
            if i + 1 < cycles:  # the next child starts up while this one is checked
                children.append(spawn(*_where(work, i + 1, plans[i + 1]), speed))
            lines, killed_at = kill_at_random(children[i], rng.uniform(lo, hi))
            outcome = checker.check(children[i], lines, killed_at)
            tally.add(outcome)
            if outcome.kind in ("failed", "refused", "missing"):
                print(f"cycle {i}: {outcome.kind} {outcome.detail}", file=sys.stderr)
    finally:
        for child_run in children:
            if child_run.proc.poll() is None:
                child_run.proc.kill()
            child_run.proc.wait()
            for pipe in (child_run.proc.stdin, child_run.proc.stdout):
                if pipe is not None:
                    pipe.close()
        shutil.rmtree(work, ignore_errors=True)
    return tally.report()


def _where(work: Path, i: int, plan: tuple[str, dict[str, Any], int]) -> tuple[Any, ...]:
    game, setup, match_seed = plan
    return game, work / f"cycle-{i:04d}", setup, match_seed


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        game, folder, setup, seed, speed = sys.argv[2:7]
        child(game, Path(folder), json.loads(setup), int(seed), float(speed))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cycles", type=int, default=200)
    parser.add_argument("--games", default="tira")
    parser.add_argument("--speed", type=float, default=20.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.perf_counter()
    report = run(args.cycles, args.games.split(","), args.speed, args.seed)
    report["seconds"] = round(time.perf_counter() - started, 1)
    for name, value in report.items():
        print(f"{name}: {value}")


if __name__ == "__main__":
    main()
