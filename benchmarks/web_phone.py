"""The page on a phone, measured: what a first visit costs, and a tap's answer.

A real server process on 127.0.0.1 (an ephemeral port) serves the page; Debian's
Chromium, headless, driven by Playwright as a phone (390 by 844 CSS pixels, touch,
a mobile browser: ``devtools.phone``). Figures:

1. first visit on a phone, in bytes on the wire as the browser counts them
   (responses' headers and bodies as received, compressed as it asked): the page and
   its files (scripts, style, manifest, icons, the service worker and what it keeps);
   then a Domino table's cues, loaded once at the table; then the same page opened
   again, from what the service worker kept;
2. tap → announcement: the page's own clock (``performance.now()``) from a tap on a
   question's button ("The ends", its ``click``) to the answer's words in the
   announcer's live region (the tap goes to the server, the game's controls answer,
   narrated in the page's language, back to the page), ``--taps`` taps, median and p99.

``--screenshots DIR`` saves the page at a Domino table and a Tira table at phone size
(``docs/web-phone-domino.png``, ``web-phone-tira.png``, ``web-phone-320.png``).

    .venv/bin/python benchmarks/web_phone.py [--taps 200] [--screenshots docs]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from audiogame.devtools import phone as ph  # noqa: E402
from audiogame.devtools.net_harness import ServerProcess  # noqa: E402
from audiogame.devtools.web_harness import chromium  # noqa: E402
from audiogame.language.localizer import Localizer  # noqa: E402

#: installed in the page through the driver: each tap's time on a button, and each
#: node the live region gets
PROBE = """() => {
  window.tapTimes = []; window.saidTimes = [];
  document.getElementById('controls').addEventListener('click',
      (e) => window.tapTimes.push(e.timeStamp), true);
  new MutationObserver(() => window.saidTimes.push(performance.now()))
      .observe(document.getElementById('said'), {childList: true});
}"""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class Wire:
    """Bytes on the wire for one context (its pages and its service worker), as the
    browser counts them: each response's headers and body as received (compressed when
    it asked), requests answered by the service worker from what it kept not counted."""

    def __init__(self, context: Any) -> None:
        self.bytes = 0
        self.requests = 0
        context.on("requestfinished", self._finished)

    def _finished(self, request: Any) -> None:
        response = request.response()
        if response is None or response.from_service_worker:
            return
        sizes = request.sizes()
        self.bytes += sizes["responseBodySize"] + sizes["responseHeadersSize"]
        self.requests += 1

    def take(self) -> tuple[int, int]:
        found = (self.bytes, self.requests)
        self.bytes = self.requests = 0
        return found


def open_table(page: Any, t: Localizer, game: str, seats: str) -> None:
    """From the join form to a table of ``game`` with bots, started, by taps."""
    page.get_by_label(t("web-ui-name")).fill("Zoë")
    page.get_by_role("button", name=t("web-ui-join")).tap()
    ph.until(page, "!document.getElementById('lobby').hidden")
    page.get_by_role("combobox", name=t("web-ui-game")).select_option(game)
    page.get_by_role("combobox", name=t("web-ui-players")).select_option(seats)
    page.get_by_role("button", name=t("web-ui-create")).tap()
    ph.until(page, "window.audiogame.state.atTable")
    for _ in range(int(seats) - 1):
        page.get_by_role("button", name=t("web-do-add-bot")).tap()
        page.wait_for_timeout(300)
    page.get_by_role("button", name=t("web-do-start")).tap()


def first_visit(browser: Any, port: int) -> None:
    t = Localizer("en")
    page = ph.phone(browser, "en")
    wire = Wire(page.context)
    page.goto(f"http://127.0.0.1:{port}/")
    ph.until(page, "navigator.serviceWorker.controller !== null")
    page.wait_for_timeout(500)  # the service worker's own fetches, counted too
    shell, shell_requests = wire.take()
    open_table(page, t, "domino", "3")
    ph.until(page, "document.querySelectorAll('#controls button').length > 10")
    page.wait_for_timeout(1500)  # the cues the table preloads
    table, table_requests = wire.take()
    page.goto(f"http://127.0.0.1:{port}/")
    ph.until(page, "window.audiogame && window.audiogame.announcer")
    page.wait_for_timeout(500)
    again, again_requests = wire.take()
    page.context.close()
    print(
        f"first visit on a phone: {shell / 1024:.1f} KiB in {shell_requests} requests "
        f"(the page, its files, the service worker's); at a Domino table "
        f"+{table / 1024:.0f} KiB in {table_requests} requests (its cues, the socket's "
        f"handshake); opened again: {again / 1024:.1f} KiB in {again_requests} requests"
    )


def taps(browser: Any, port: int, count: int) -> None:
    t = Localizer("en")
    page = ph.phone(browser, "en")
    page.goto(f"http://127.0.0.1:{port}/")
    open_table(page, t, "domino", "3")
    ends = page.get_by_role("button", name=t("domino-ask-ends-label"), exact=True)
    ends.wait_for()
    ph.until(page, "window.audiogame.announcer.current === null", 120)
    page.evaluate(PROBE)
    for n in range(count):
        ends.tap()
        deadline = time.monotonic() + 10
        while page.evaluate("window.saidTimes.length") <= n:
            assert time.monotonic() < deadline, "no answer"
            time.sleep(0.001)
    tapped = page.evaluate("window.tapTimes")
    said = page.evaluate("window.saidTimes")
    took = [b - a for a, b in zip(tapped, said, strict=False)]
    page.context.close()
    print(
        f"tap -> announcement ({len(took)} taps, Chromium's clock): "
        f"median {statistics.median(took):.1f} ms, p99 {percentile(took, 0.99):.1f} ms"
    )


def screenshots(browser: Any, port: int, folder: Path) -> None:
    t = Localizer("en")
    for game, seats, name, width in (
        ("domino", "3", "web-phone-domino.png", 390),
        ("tira", "2", "web-phone-tira.png", 390),
        ("domino", "2", "web-phone-320.png", 320),
    ):
        page = ph.phone(browser, "en", width=width)
        page.goto(f"http://127.0.0.1:{port}/")
        open_table(page, t, game, seats)
        page.wait_for_timeout(4000)  # the match under way
        hand = page.get_by_role("heading", name=t("web-group-hand"))
        if hand.count():
            hand.scroll_into_view_if_needed()
            page.evaluate("window.scrollBy(0, -220)")  # the board's foot above the hand
        page.screenshot(path=str(folder / name))
        page.context.close()
    print(f"screenshots in {folder}")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--taps", type=int, default=200)
    parser.add_argument("--screenshots", type=Path)
    args = parser.parse_args()
    path, why = chromium()
    if path is None:
        print(f"skipped: {why}")
        return 0
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as data:
        server = ServerProcess(Path(data), "--rate", "200").start()
        try:
            with sync_playwright() as driver:
                browser = ph.launch(driver)
                first_visit(browser, server.port)
                taps(browser, server.port, args.taps)
                if args.screenshots is not None:
                    screenshots(browser, server.port, args.screenshots)
                browser.close()
        finally:
            server.stop()
    print(f"load average {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
