"""What the test suite costs, test by test and file by file: wall time and CPU time.

    python3 benchmarks/suite_cost.py [--out cost.jsonl] [--top 40] [-- pytest arguments]
    python3 benchmarks/suite_cost.py --report cost.jsonl     # the tables of an earlier run

Runs the README's test command (its worker processes as pyproject.toml sets them; any
pytest arguments after ``--``) with this file loaded as a pytest plugin, and prints per
file the tests, their wall time and their CPU time, then the costliest tests, then the
whole run's wall time and CPU time.

The CPU time counts every process a test starts (servers, the game in a terminal,
Chromium, speech-dispatcher, BRLTTY...), not only the worker's own: on Linux as root
each worker runs in a cgroup of its own (cpuacct, which only counts: no limit, no
priority), so whatever it starts, even a daemon that leaves its parent, is counted to
it; the whole run, in a cgroup of this script's, gives the total. Elsewhere the worker's
own CPU and that of the children it has waited for (``getrusage``) are counted: a
lower bound. A test's CPU is its worker's between the start of its set-up and the end
of its tear-down (a module's shared set-up counts to its first test). Standard library
only; the records are JSON lines, one a test.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SUITE = ["python3", "-m", "uv", "run", "--extra", "test", "pytest"]
#: where the plugin in each worker appends its records (a file per worker)
OUT_VAR = "AUDIOGAME_SUITE_COST"
CPUACCT = Path("/sys/fs/cgroup/cpuacct")


def own_cpuacct() -> Path | None:
    """This process's cpuacct cgroup folder (cgroup v1), if there is one to write."""
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        _, controllers, path = line.split(":", 2)
        if "cpuacct" in controllers.split(","):
            folder = CPUACCT / path.lstrip("/")
            return folder if os.access(folder / "cgroup.procs", os.W_OK) else None
    return None


def enter_new_cgroup(name: str) -> Path | None:
    """Move this process into a new cpuacct cgroup below its own (None where not allowed)."""
    parent = own_cpuacct()
    if parent is None:
        return None
    folder = parent / name
    try:
        folder.mkdir()
        (folder / "cgroup.procs").write_text(str(os.getpid()))
    except OSError:
        return None
    return folder


def leave_cgroup(folder: Path | None) -> None:
    """Back to the parent cgroup; the folder goes once nothing is left in it."""
    if folder is None:
        return
    try:
        (folder.parent / "cgroup.procs").write_text(str(os.getpid()))
        for inner in folder.iterdir():
            if inner.is_dir():
                inner.rmdir()
        folder.rmdir()
    except OSError:
        pass  # a process a test left running still counts there; the folder stays


def rusage_cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


class Meter:
    """CPU seconds so far of a cgroup, or of this process and its waited-for children."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder

    def cpu(self) -> float:
        if self.folder is not None:
            try:
                return int((self.folder / "cpuacct.usage").read_text()) / 1e9
            except OSError:
                pass
        return rusage_cpu()


# --- the pytest plugin (loaded by ``-p suite_cost`` in every worker) --------------------

_state: dict[str, Any] = {}


def pytest_configure(config: Any) -> None:
    out = os.environ.get(OUT_VAR)
    if not out:
        return
    worker = getattr(config, "workerinput", {}).get("workerid", "main")
    if worker == "main" and hasattr(config.option, "numprocesses"):
        if config.option.numprocesses not in (None, 0, "0"):
            return  # the controller runs no test: the workers measure
    folder = enter_new_cgroup(f"worker-{worker}-{os.getpid()}")
    _state.update(
        worker=worker,
        meter=Meter(folder),
        folder=folder,
        file=open(f"{out}.{worker}", "a", encoding="utf-8"),  # noqa: SIM115
    )


def pytest_unconfigure(config: Any) -> None:
    if "file" in _state:
        _state["file"].close()
        leave_cgroup(_state["folder"])
        _state.clear()


def _pytest_runtest_protocol(item: Any, nextitem: Any) -> Iterator[None]:
    if "file" not in _state:
        yield
        return
    meter: Meter = _state["meter"]
    wall, cpu = time.monotonic(), meter.cpu()
    yield
    record = {
        "test": item.nodeid,
        "worker": _state["worker"],
        "end": time.time(),
        "wall": round(time.monotonic() - wall, 3),
        "cpu": round(meter.cpu() - cpu, 3),
    }
    _state["file"].write(json.dumps(record) + "\n")
    _state["file"].flush()


try:  # the hook's marker only where pytest is there (the script itself needs none)
    import pytest

    pytest_runtest_protocol = pytest.hookimpl(hookwrapper=True)(_pytest_runtest_protocol)
except ImportError:  # pragma: no cover
    pass


# --- the script -------------------------------------------------------------------------


def read(paths: list[Path]) -> list[dict[str, Any]]:
    records = []
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                records.append(json.loads(line))
    return records


def report(records: list[dict[str, Any]], top: int) -> None:
    files: dict[str, list[float]] = defaultdict(lambda: [0, 0.0, 0.0])
    for r in records:
        row = files[r["test"].split("::")[0]]
        row[0] += 1
        row[1] += r["wall"]
        row[2] += r["cpu"]
    print(f"{'file':<52} {'tests':>5} {'wall s':>8} {'CPU s':>8}")
    for name, (count, wall, cpu) in sorted(files.items(), key=lambda kv: -kv[1][2]):
        print(f"{name:<52} {count:>5} {wall:>8.1f} {cpu:>8.1f}")
    walls = sum(r["wall"] for r in records)
    cpus = sum(r["cpu"] for r in records)
    print(f"{'all tests':<52} {len(records):>5} {walls:>8.1f} {cpus:>8.1f}")
    print(f"\nthe {top} costliest tests (CPU s, wall s):")
    for r in sorted(records, key=lambda r: -r["cpu"])[:top]:
        print(f"{r['cpu']:8.1f} {r['wall']:8.1f}  {r['test']}")
    workers: dict[str, list[float]] = defaultdict(list)
    for r in records:
        workers[r["worker"]].append(r["end"])
    if len(workers) > 1:
        first = min(min(ends) for ends in workers.values())
        print("\neach worker's last test ended (s after the first test ended):")
        for name, ends in sorted(workers.items()):
            print(f"  {name}: {max(ends) - first:.0f}")


def main(argv: list[str] | None = None) -> int:
    given = sys.argv[1:] if argv is None else argv
    extra: list[str] = []
    if "--" in given:
        cut = given.index("--")
        given, extra = given[:cut], given[cut + 1 :]
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("suite-cost.jsonl"))
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--report", type=Path, help="only print the tables of earlier records")
    args = parser.parse_args(given)
    if args.report is not None:
        report(read(sorted(args.report.parent.glob(args.report.name + ".*"))), args.top)
        return 0
    out = args.out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    for old in out.parent.glob(out.name + ".*"):
        old.unlink()
    env = dict(os.environ, **{OUT_VAR: str(out)})
    here = str(Path(__file__).resolve().parent)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (here, env.get("PYTHONPATH")) if p)
    folder = enter_new_cgroup(f"audiogame-suite-{os.getpid()}")
    meter = Meter(folder)
    cpu, wall = meter.cpu(), time.monotonic()
    code = subprocess.call([*SUITE, "-p", "suite_cost", *extra], cwd=ROOT, env=env)
    wall, cpu = time.monotonic() - wall, meter.cpu() - cpu
    leave_cgroup(folder)
    report(read(sorted(out.parent.glob(out.name + ".*"))), args.top)
    how = "cgroup: every process" if folder else "getrusage: the processes waited for"
    print(f"\nwhole run: wall {wall:.0f} s, CPU {cpu:.0f} s ({how}), exit code {code}")
    return code


if __name__ == "__main__":
    sys.exit(main())
