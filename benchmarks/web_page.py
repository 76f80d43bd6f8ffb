"""The web page's figures: its weight, and the time from a key to the live region's text.

A real server process on 127.0.0.1 (an ephemeral port) serves the page; Debian's
Chromium, headless and driven by Playwright, opens a table's invite link, joins,
and the table starts with two bots. Two figures:

1. page weight: the bytes a first visit loads (the page, its script and style,
   gzip-free as served) and the Domino cues the table preloads;
2. key -> live region: the page's own clock (``performance.now()``) from the
   keydown in the game's area to the answer's text in the page's live region
   (the key goes to the server, is answered by the game's controls, narrated in
   the page's language and comes back), ``--keys`` presses of C (the ends) and H
   (the hand), median and p99.

``--screenshots DIR`` also saves the page at the table, normal and large print
(``docs/web-page.png``, ``docs/web-page-large.png``).

    .venv/bin/python benchmarks/web_page.py [--keys 200] [--screenshots docs]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from audiogame.devtools.net_harness import (
    ServerProcess,  # noqa: E402
    wait_for,  # noqa: E402
)
from audiogame.devtools.web_harness import CHROMIUM_ARGS, chromium  # noqa: E402
from audiogame.net.client.game_client import Connected, GameClient  # noqa: E402
from audiogame.net.protocol import messages as m  # noqa: E402

CONFIG = {"set_id": "double-6", "seats": 3, "teams": None, "thinking_time": 0}

#: installed in the page (through the driver, not the page's code): the time of each
#: keydown in the game's area and of each answer reaching the live region
PROBE = """
window.keyTimes = [];
window.saidTimes = [];
document.getElementById('play').addEventListener('keydown',
    () => window.keyTimes.push(performance.now()), true);
new MutationObserver(() => window.saidTimes.push(performance.now()))
    .observe(document.getElementById('said'), {childList: true});
"""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def weight(port: int) -> tuple[int, int, int]:
    base = f"http://127.0.0.1:{port}"
    pages = ("/", "/app.js", "/style.css")
    first = sum(len(urllib.request.urlopen(base + p).read()) for p in pages)
    from audiogame.core.cues import MENU_CUES
    from audiogame.games import registry

    cues = [c.id for c in (*MENU_CUES, *registry.get("domino").cues)]
    sounds = sum(len(urllib.request.urlopen(f"{base}/sounds/{c}.wav").read()) for c in cues)
    return first, sounds, len(cues)


def shots(page: Any, folder: Path) -> None:
    """The page at the table after a few moves: normal, then large print."""
    page.focus("#play")
    for key in ("h", "Enter", "c"):
        page.keyboard.press(key)
        page.wait_for_timeout(300)
    page.wait_for_timeout(3500)  # the bots move
    page.screenshot(path=str(folder / "web-page.png"), full_page=True)
    page.check("#large-print")
    page.focus("#play")
    page.evaluate("document.getElementById('play').scrollIntoView()")  # the board on top
    page.screenshot(path=str(folder / "web-page-large.png"))
    page.uncheck("#large-print")
    print(f"screenshots in {folder}")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--keys", type=int, default=200)
    parser.add_argument("--screenshots", type=Path)
    args = parser.parse_args()
    path, why = chromium()
    if path is None:
        print(f"skipped: {why}")
        return 0
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as data:
        server = ServerProcess(Path(data), "--rate", "200").start()
        host = GameClient(server.url, "Anna", lang="it")
        try:
            first, sounds, count = weight(server.port)
            print(
                f"page weight: {first / 1024:.1f} KiB (page, script, style); "
                f"Domino's {count} cues {sounds / 1024:.0f} KiB, loaded once at the table"
            )
            host.start()
            wait_for(host, lambda i: isinstance(i, Connected))
            host.send(m.CreateTable(game="domino", config=CONFIG))
            wait_for(host, lambda i: isinstance(i, m.TableState))
            host.send(m.SetBot(seat=2, level="easy"))
            assert host.table is not None
            code = host.table.code
            with sync_playwright() as driver:
                browser = driver.chromium.launch(executable_path=path, args=list(CHROMIUM_ARGS))
                page = browser.new_page(locale="en-GB", viewport={"width": 1024, "height": 900})
                page.goto(f"http://127.0.0.1:{server.port}/t/{code}")
                page.fill("#name", "Zoë")
                page.click("#join-button")
                wait_for(host, lambda i: isinstance(i, m.TableState) and i.table.seats[1].name)
                host.send(m.Start())
                page.wait_for_timeout(1500)
                if args.screenshots is not None:
                    shots(page, args.screenshots)
                page.evaluate(PROBE)
                page.focus("#play")
                for n in range(args.keys):
                    page.keyboard.press("c" if n % 2 else "h")
                    deadline = time.monotonic() + 5
                    while page.evaluate("window.saidTimes.length") <= n:
                        assert time.monotonic() < deadline, "no answer"
                        time.sleep(0.001)
                pressed = page.evaluate("window.keyTimes")
                said = page.evaluate("window.saidTimes")
                took = [b - a for a, b in zip(pressed, said, strict=False)]
                print(
                    f"key -> live region ({len(took)} keys, Chromium's clock): "
                    f"median {statistics.median(took):.1f} ms, p99 {percentile(took, 0.99):.1f} ms"
                )
                browser.close()
        finally:
            host.close()
            server.stop()
    print(f"load average {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
