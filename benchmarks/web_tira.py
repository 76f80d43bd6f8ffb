"""A Tira race played from the web page: when the page says a landing, against the server.

A server on 127.0.0.1 (an ephemeral port, in this process, so its clock is readable
here) serves the page; Debian's Chromium, headless and driven by Playwright, opens
it, creates a Tira table for two from the page's form, seats a bot (B), starts
(Enter) and presses Space through the race. The server narrates each happening the
table foresees (dice landing, the start, the calm rolls) ahead, in the page's words,
stamped with its time on the server's clock; the page estimates that clock from its
pings (the desktop client's algorithm) and puts the words in its live region, and
schedules the cues on the Web Audio clock, when its clock reads that time.

Figures (``devtools.web_race``): for every happening the page said, the page's time
(``performance.now()`` at the live region's update, read on this machine's wall clock
through ``performance.timeOrigin`` and turned into the server's monotonic clock here,
never through the page's own estimate) less the server's time for it: median, p99 and
the worst of their absolute values, and how much of it is the page's clock estimate
alone; and the presses: how long before its arrival the page dated each key, and how
many the table's bound clamped.

    .venv/bin/python benchmarks/web_tira.py [--landings 150] [--seconds 240]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from audiogame.devtools.net_harness import ServerThread  # noqa: E402
from audiogame.devtools.web_harness import CHROMIUM_ARGS, chromium  # noqa: E402
from audiogame.devtools.web_race import percentile, race_from_page  # noqa: E402
from audiogame.net.server.options import ServerOptions  # noqa: E402


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--landings", type=int, default=150, help="happenings to hear")
    parser.add_argument("--seconds", type=float, default=240.0, help="at most this long")
    args = parser.parse_args()
    path, why = chromium()
    if path is None:
        print(f"cannot run: {why}")
        return 1
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=path, args=list(CHROMIUM_ARGS))
        options = ServerOptions(probe_every=0.2, between_rounds=1.0)
        with ServerThread(Path(folder), options) as server:
            run = race_from_page(browser, server, landings=args.landings, seconds=args.seconds)
        browser.close()

    said = [h for h in run.timed if h.lines]
    heard = [h for h in said if h.ahead]
    late = [abs(h.late) for h in heard]
    aim = [abs(h.aim_error) for h in heard]
    print(f"load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(
        f"happenings the page said: {len(said)}; known before their time: {len(heard)} "
        f"(the others' plan reached the page after their time: said on arrival)"
    )
    came_late = [h.late for h in said if not h.ahead]
    if came_late:
        print(
            f"said on arrival: median {ms(statistics.median(came_late))} after their time, "
            f"worst {ms(max(came_late))}"
        )
    if late:
        print(
            "known ahead: page's time - server's time (absolute): "
            f"median {ms(statistics.median(late))}, p99 {ms(percentile(late, 0.99))}, "
            f"worst {ms(max(late))}; signed median {ms(statistics.median(h.late for h in heard))}"
        )
        print(
            "of which the page's clock estimate: "
            f"median {ms(statistics.median(aim))}, p99 {ms(percentile(aim, 0.99))}"
        )
    if run.clock is not None:
        print(
            f"page's estimate: error bound {ms(run.clock['error'])}, "
            f"median round trip {ms(run.clock['rtt'])}, {run.clock['samples']} samples"
        )
    dated = [c.arrival - c.claimed for c in run.claims if c.claimed is not None]
    if dated:
        clamped = sum(1 for c in run.claims if c.clamped)
        print(
            f"presses: {len(run.claims)}, dated {len(dated)}; dated before arrival by "
            f"median {ms(statistics.median(dated))}, p99 {ms(percentile(dated, 0.99))}; "
            f"clamped by the table's bound: {clamped}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
