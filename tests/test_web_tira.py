"""Tira & Passa from the web page, in a real browser (Debian's Chromium, headless, driven
by Playwright), against a server on 127.0.0.1.

A friend joins from the page, creates a Tira table for two with its own form, seats a
bot with B and starts with Enter; then presses Space through the race. Checked: the
presses reach the server dated on its clock by the page's own estimate (from its pings),
and the table believes them within its bound; the happenings the table foresees (dice
landing, "Go!") are narrated ahead by the server and said by the page when its clock
reaches their time (how near, measured on the machine's own clocks, is the benchmark's
figure: ``benchmarks/web_tira.py``); none is said twice; the keys' help says which keys
differ in a browser, and F9 (the browser keeps F11) says the page's clock.
"""

from __future__ import annotations

import pytest

from audiogame.announce import capital_first
from audiogame.devtools.net_harness import QUIET_HEARTBEAT, ServerThread
from audiogame.devtools.web_harness import CHROMIUM_ARGS, chromium
from audiogame.devtools.web_race import keys_words, race_from_page
from audiogame.language.localizer import Localizer
from audiogame.net.server.options import ServerOptions

PATH, WHY = chromium()
pytestmark = pytest.mark.skipif(PATH is None, reason=WHY)


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=PATH, args=list(CHROMIUM_ARGS))
        yield launched
        launched.close()


def test_a_race_from_the_page_is_heard_on_the_servers_time(tmp_path, browser):
    options = ServerOptions(probe_every=0.2, between_rounds=1.0, heartbeat=QUIET_HEARTBEAT)
    with ServerThread(tmp_path, options) as server:
        run = race_from_page(browser, server, landings=10, seconds=300)  # a bound only
    english = Localizer("en")

    # the keys reached the server, dated by the page on the server's clock
    assert len(run.claims) >= 3, run.claims
    for claim in run.claims:
        assert claim.claimed is not None, claim
        assert claim.arrival - claim.bound <= claim.believed <= claim.arrival

    # the foreseen happenings were said by the page, each at its time on the server's
    # clock as the page estimates it, or at once when its frame came after that time:
    # how near their time, and how many came late, a busy machine decides
    # (benchmarks/web_tira.py's figures, in the README)
    said = [h for h in run.timed if h.lines]
    assert said, run.timed
    go = capital_first(english("tira-go"))
    assert any(go in h.lines for h in said)

    # each said once: "Go!" is always foreseen, never sent again when its batch comes
    told = [line["text"] for f in run.frames if f["type"] == "out" for line in f["lines"]]
    assert go not in told
    history = [line["text"] for line in run.history]
    assert history.count(go) == sum(h.lines.count(go) for h in said)

    # F1: the browser's keys for a race (a part at a time); F9: the page's clock
    assert any(keys_words("en") in said for said in run.said_now), run.said_now
    assert any(said.startswith("Server clock:") for said in run.said_now), run.said_now
    assert run.clock is not None and run.clock["samples"] >= 5
