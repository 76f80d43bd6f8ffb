"""Key-to-speech latency at the domino table while hard bots think.

Adds a ``domino`` scene to ``key_latency.SCENES`` and runs its ``measure``: a
second thread types H and C (the hand, the ends) into pygame's queue while the
real ``App.run()`` loop plays a match of three hard bots (``--level expert``:
experts; the real table's search budget, in idle slices of about ``SLICE``
moves of work through the ``TableSession``, in bursts with rests) with no
pace at all (a bot plays as soon as it has thought), so a search is under way
for most presses (the count is printed). The seat
of the human is played by the benchmark itself (its first legal move) so the
bots never wait. Game events keep their sounds but not their words, so the
only speech is the answers being timed.

    uv run python benchmarks/domino_table.py [--presses 1000]

Prints the median and p99 of key -> speaker (all presses, and those that came
while a search was under way), how many search slices ran, the wall and CPU
time of one slice, a decision's wall time at the table (first slice to last),
and the load average (on a shared machine, other processes' preemption shows
up as wall time far above CPU time).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import key_latency  # noqa: E402

from audiogame.devtools.harness import Harness  # noqa: E402
from audiogame.games.domino import Phase  # noqa: E402
from audiogame.games.domino.bots.hard import HARD_ITERATIONS, SLICE, Search  # noqa: E402
from audiogame.games.domino.table_setup import DominoSetup  # noqa: E402
from audiogame.ui.games.domino import table as table_module  # noqa: E402
from audiogame.ui.games.domino.table import DominoTable  # noqa: E402

#: deals per hard decision: the real table's budget
ITERATIONS = HARD_ITERATIONS
STATE: dict[str, Any] = {
    "table": None,
    "during": [],
    "wall": [],
    "cpu": [],
    "level": "hard",
    "began": {},
    "decisions": [],
}


def timed_steps() -> None:
    """Record each search slice's wall and CPU time (the benchmark's own probe)."""
    step = Search.step

    def probe(self: Search, work: int = SLICE) -> bool:
        wall, cpu = time.perf_counter(), time.thread_time()
        began = STATE["began"].setdefault(id(self), wall)
        done = step(self, work)
        STATE["wall"].append(time.perf_counter() - wall)
        STATE["cpu"].append(time.thread_time() - cpu)
        if done:  # a decision's wall time at the table, from its first slice to its last
            STATE["decisions"].append(time.perf_counter() - began)
            del STATE["began"][id(self)]
        return done

    Search.step = probe  # type: ignore[method-assign]


def setup_domino(h: Harness) -> list[str]:
    for kind in ("own", "others", "draws", "turn", "scores"):
        h.app.settings.verbosity[kind] = "sound"
    setup = DominoSetup(levels=[STATE["level"]] * 3, pace=0.0)
    setup.options["point-limit"] = 500
    table = DominoTable(h.app, setup, 1, iterations=ITERATIONS)
    STATE["table"] = table
    h.start(table)
    stand_in(h, table)

    def listener(key: Any, handled: bool) -> None:
        STATE["during"].append(table.session.thinking)

    h.app.key_listeners.append(listener)
    settle = time.monotonic() + 0.5
    while time.monotonic() < settle:
        h.app.step()
        h.app.run_idle()
    return ["h", "c"]


def stand_in(h: Harness, table: DominoTable) -> None:
    """Play the human's seat at once (first legal move), and start manches, on a timer."""
    match = table.match
    if match.phase is Phase.PLAYING and match.current_seat == 0:
        table.apply(0, match.legal_actions(0)[0])
    elif match.phase is Phase.BETWEEN:
        table.next_manche()
    h.app.scheduler.call_later(0.05, stand_in, h, table)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--presses", type=int, default=1000)
    parser.add_argument("--level", choices=("hard", "expert"), default="hard")
    parser.add_argument(
        "--rest", type=float, default=table_module.REST, help="seconds between bursts (0: none)"
    )
    args = parser.parse_args()
    table_module.REST = args.rest
    STATE["level"] = args.level
    key_latency.SCENES["domino"] = setup_domino
    timed_steps()
    speech, cue = key_latency.measure("domino", args.presses)
    table = STATE["table"]
    rest = f"bursts of {table_module.BURST} slices, {args.rest * 1000:g} ms rests"
    rest = rest if args.rest else "no rests"
    print(f"scene: domino (three {args.level} bots thinking, H and C typed; {rest})")
    print("load average: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    key_latency.report("key -> speaker", speech)
    during = [ms for ms, busy in zip(speech, STATE["during"], strict=False) if busy]
    key_latency.report("key -> speaker, during a search", during)
    key_latency.report("search slice, wall", [x * 1000 for x in STATE["wall"]])
    key_latency.report("search slice, CPU", [x * 1000 for x in STATE["cpu"]])
    key_latency.report(
        "a decision's wall time at the table", [x * 1000 for x in STATE["decisions"]]
    )
    print(
        f"search slices run: {len(STATE['wall'])}; presses during a search: "
        f"{sum(STATE['during'])} of {len(STATE['during'])}; moves played: {table.match.steps}"
    )


if __name__ == "__main__":
    main()
