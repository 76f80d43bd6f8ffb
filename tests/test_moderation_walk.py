"""A moderation walk through two desktop apps and two pages, on one real server.

Bruno (the desktop app, in Italian) opens a table and insults it; Anna, a guest on
the web page (Debian's Chromium, driven by Playwright), joins by the table's code and
reports him from the page's people list. Mara (the desktop app, in English), a
moderator, hears of the report, reads it with the line heard at the table, and mutes
Bruno for an hour from her menu on the report, with a reason and a note; Bruno hears
why in Italian, and his next line is refused. Olga, an operator, logs in on the page
with her password and bans Bruno for a day from her menu on him; he hears it and is
gone. Mara's log of the moderators' actions then says both.

Real loops (the harness: real scenes, a recording speaker), real sockets on 127.0.0.1.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from audiogame.devtools.harness import Harness
from audiogame.devtools.net_harness import QUIET_HEARTBEAT, ServerThread
from audiogame.devtools.web_harness import CHROMIUM_ARGS, chromium
from audiogame.net.server.options import ServerOptions
from audiogame.ui.online import moderation
from audiogame.ui.online.people import PeopleScene
from audiogame.ui.online.room import RoomScene
from audiogame.ui.text_entry import TextEntry
from tests.test_online_login import CHEAP, PASSWORD, app, type_text
from tests.test_online_people import client, log_in, said_since

PATH, WHY = chromium()
pytestmark = pytest.mark.skipif(PATH is None, reason=WHY)
#: only ends a wait that never ends
LONG = 60.0


def until(page, expression: str) -> None:
    """Wait for ``expression`` to be true in the page (polled from here: the page's own
    content security policy forbids the evaluated predicates a driver would inject)."""
    deadline = time.monotonic() + LONG
    while not page.evaluate(f"Boolean({expression})"):
        assert time.monotonic() < deadline, f"never true: {expression}"
        page.wait_for_timeout(20)


def page_said(page, text: str) -> None:
    """The page's live regions or history came to say ``text``."""
    until(page, f"document.body.innerText.includes({json.dumps(text)})")


def write(h: Harness, text: str) -> None:
    """A line on the table's chat (Alt+C), as a player types it."""
    h.press("c", alt=True)
    assert h.settle(lambda: isinstance(h.app.top, TextEntry))
    type_text(h, text)
    h.press("enter")


def menu_to(h: Harness, start: str) -> None:
    """Down the menu on top until the item under the cursor starts with ``start``."""
    top = h.app.top
    for _ in range(len(top.items)):
        if top.item_text(top.index).startswith(start):
            return
        h.press("down")
    raise AssertionError(
        f"no item {start!r} in {[top.item_text(i) for i in range(len(top.items))]}"
    )


def test_a_report_from_a_page_a_mute_from_the_desktop_a_ban_from_a_page(tmp_path: Path):
    options = ServerOptions(
        hash_cost=CHEAP, operators=("Olga",), moderators=("Mara",), heartbeat=QUIET_HEARTBEAT
    )
    from playwright.sync_api import sync_playwright

    with ServerThread(tmp_path / "server", options) as server, sync_playwright() as driver:
        for name in ("Bruno", "Mara", "Olga"):
            client(server.url, name).close()  # their accounts
        browser = driver.chromium.launch(executable_path=PATH, args=list(CHROMIUM_ARGS))
        bruno = app(tmp_path / "bruno", lang="it", name="Bruno")
        mara = app(tmp_path / "mara", lang="en", name="Mara")
        try:
            # Bruno opens a table and insults it
            log_in(bruno, server.port)
            bruno.press("enter")  # Create a table
            bruno.press("enter")  # Domino, as offered
            assert bruno.settle(lambda: isinstance(bruno.app.top, RoomScene))
            link = bruno.app.top.link
            assert link.table is not None
            code = link.table.code
            mara_lobby = log_in(mara, server.port)
            assert mara_lobby.link is not None and mara_lobby.link.role == "moderator"
            # Anna, a guest on the page, joins by the code
            anna = browser.new_page(locale="en-GB")
            anna.goto(f"http://127.0.0.1:{server.port}/t/{code}")
            anna.fill("#name", "Anna")
            anna.click("#join-button")
            until(anna, "document.activeElement && document.activeElement.id === 'play'")
            write(bruno, "siete tutti scarsi")
            page_said(anna, "siete tutti scarsi")
            # ... and reports him from the page's people list
            anna.locator("#people button", has_text="Bruno").click()
            anna.select_option("#report-reason", "insults")
            anna.fill("#report-text", "insults the table")
            anna.click("#report-form button[type=submit]")
            page_said(anna, "Your report went to the moderators.")
            # Mara hears of it, and reads it from her people list
            mark = 0
            assert mara.settle(
                lambda: "A new report about Bruno, for insults." in said_since(mara, mark)
            )
            mara.press("u", ctrl=True)
            assert mara.settle(lambda: isinstance(mara.app.top, PeopleScene))
            assert mara.press("down").startswith("Reports, 2 of ")
            mara.press("enter")
            reports = mara.app.top
            assert isinstance(reports, moderation.ReportsScene)
            assert mara.settle(
                lambda: reports.item_text(0).startswith("Bruno, reported by Anna for insults")
            )
            mara.press("enter")
            report = mara.app.top
            assert isinstance(report, moderation.ReportMenu)
            rows = [report.item_text(i) for i in range(len(report.items))]
            assert rows[1].startswith("The report says: insults the table")
            assert rows[2].startswith("One public line heard there")
            assert rows[3].startswith("Bruno: siete tutti scarsi")
            menu_to(mara, "Act on Bruno")
            mara.press("enter")
            assert isinstance(mara.app.top, moderation.ModerateMenu)
            menu_to(mara, "Mute for one hour")
            mara.press("enter")
            assert isinstance(mara.app.top, moderation.ReasonMenu)
            menu_to(mara, "insults")
            mara.press("enter")
            assert isinstance(mara.app.top, TextEntry)
            type_text(mara, "basta")
            mark = len(mara.transcript)
            mara.press("enter")
            assert mara.settle(lambda: "Done." in said_since(mara, mark))
            # Bruno hears why, in Italian, and can no longer write
            assert bruno.settle(
                lambda: (
                    "Un moderatore ti ha silenziato per un'ora, per insulti."
                    in said_since(bruno, 0)
                )
            )
            assert "La nota del moderatore: basta" in said_since(bruno, 0)
            mark = len(bruno.transcript)
            write(bruno, "e allora?")
            assert bruno.settle(
                lambda: (
                    "Un moderatore ti ha silenziato: per ora non puoi scrivere."
                    in said_since(bruno, mark)
                )
            )
            # Olga, an operator, logs in on the page and bans him for a day
            olga = browser.new_page(locale="en-GB")
            olga.goto(f"http://127.0.0.1:{server.port}/")
            olga.fill("#name", "Olga")
            olga.fill("#password", PASSWORD)
            olga.click("#join-button")
            until(olga, "!document.getElementById('mod-section').hidden")
            olga.locator("#people button", has_text="Bruno").click()
            olga.select_option("#moderate-action", "ban:1440")
            olga.select_option("#moderate-reason", "insults")
            olga.click("#moderate-form button[type=submit]")
            page_said(olga, "Done.")
            assert bruno.settle(
                lambda: (
                    "Un moderatore ti ha bandito da questo server per un giorno, per insulti."
                    in said_since(bruno, mark)
                )
            )
            # and the connection ends for good, saying why (the app does not try again)
            assert bruno.settle(
                lambda: "Un moderatore ti ha bandito da questo server." in said_since(bruno, mark)
            )
            assert link.state == "closed"
            # the moderators' log says both, newest first
            assert isinstance(mara.app.top, moderation.ReportsScene)
            mara.press("escape")
            assert isinstance(mara.app.top, PeopleScene)
            menu_to(mara, "The moderators' log")
            mara.press("enter")
            audit = mara.app.top
            assert isinstance(audit, moderation.AuditScene)
            assert mara.settle(lambda: len(audit.items) == 2 and "Olga" in audit.item_text(0))
            assert [audit.item_text(i) for i in range(2)] == [
                "Olga banned Bruno for one day, for insults, 1 of 2",
                "Mara muted Bruno for one hour, for insults, 2 of 2",
            ]
        finally:
            for h in (bruno, mara):
                h.app.pop_to(h.app.scenes[0])
                h.close()
            browser.close()
