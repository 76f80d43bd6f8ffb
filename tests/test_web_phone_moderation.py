"""A moderator's menu on a person, from the page on a phone: Debian's Chromium as a phone
(``devtools.phone``: touch, a mobile browser's layout) on a 320-pixel screen, in both
languages. Olga, an operator, logs in on the page; Anna (a guest's app) has reported
Bruno; Olga opens the reports, taps "act on" the report, mutes Bruno for ten minutes with
a reason, and Bruno hears it. At every step axe-core finds nothing, the page fits the
screen and every control is big enough to tap (the phone page's own rules, ``well_made``).
"""

from __future__ import annotations

import pytest

from audiogame.devtools import phone as ph
from audiogame.devtools.net_harness import QUIET_HEARTBEAT, ServerThread, wait_for
from audiogame.devtools.web_harness import chromium
from audiogame.language.localizer import Localizer
from audiogame.net.protocol import messages as m
from audiogame.net.server.options import ServerOptions
from tests.test_online_login import CHEAP, PASSWORD
from tests.test_online_people import client
from tests.test_web_phone import well_made

PATH, WHY = chromium()
pytestmark = pytest.mark.skipif(PATH is None, reason=WHY)


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        launched = ph.launch(driver)
        yield launched
        launched.close()


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_moderator_acts_on_a_report_from_a_phone(tmp_path, browser, lang):
    t = Localizer(lang)
    options = ServerOptions(hash_cost=CHEAP, operators=("Olga",), heartbeat=QUIET_HEARTBEAT)
    with ServerThread(tmp_path, options) as server:
        client(server.url, "Olga").close()  # her account
        bruno = client(server.url, "Bruno")
        anna = client(server.url, "Anna", account=False)
        page = ph.phone(browser, lang, width=320)
        try:
            anna.send(m.Report(name="Bruno", reason="insults", text="insults everybody"))
            wait_for(anna, lambda i: isinstance(i, m.Done))
            page.goto(f"http://127.0.0.1:{server.port}/")
            page.get_by_label(t("web-ui-name")).fill("Olga")
            page.get_by_label(t("web-ui-password")).fill(PASSWORD)
            page.get_by_role("button", name=t("web-ui-join")).tap()
            ph.until(page, "!document.getElementById('mod-section').hidden")
            ph.until(
                page,
                "[...document.querySelectorAll('#people button')]"
                ".some((b) => b.textContent.includes('Bruno'))",
            )
            well_made(page, "the people and the moderators' section at 320")
            page.get_by_role("button", name=t("web-ui-reports-open")).tap()
            ph.until(page, "document.querySelectorAll('#reports li').length === 1")
            well_made(page, "a report at 320")
            page.get_by_role("button", name=t("web-ui-act-on")).tap()
            ph.until(page, "!document.getElementById('moderate-form').hidden")
            well_made(page, "the menu on a person at 320")
            page.get_by_label(t("web-ui-action")).select_option("mute:10")
            page.get_by_label(t("web-ui-reason")).last.select_option("insults")
            page.get_by_role("button", name=t("web-ui-moderate-send")).tap()
            heard = wait_for(bruno, lambda i: isinstance(i, m.Sanctioned))
            assert (heard.kind, heard.reason) == ("mute", "insults")
            well_made(page, "after the action at 320")
        finally:
            page.context.close()
            anna.close()
            bruno.close()
