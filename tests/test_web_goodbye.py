"""The page hears the server's goodbye: the server closes while a page is in its lobby;
the page says why in its language, does not connect again by itself, and is back at
its join form, focused, which joins again once the server is back. Real Chromium."""

from __future__ import annotations

import pytest

from audiogame.devtools.net_harness import ServerThread
from audiogame.devtools.web_harness import CHROMIUM_ARGS, chromium
from audiogame.language.localizer import Localizer
from tests.test_web_browser import ANSWERS, until

PATH, WHY = chromium()
pytestmark = pytest.mark.skipif(PATH is None, reason=WHY)


def test_a_page_told_the_server_closes_goes_back_to_its_form(tmp_path):
    from playwright.sync_api import sync_playwright

    server = ServerThread(tmp_path).start()
    sockets: list[str] = []
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=PATH, args=list(CHROMIUM_ARGS))
        page = browser.new_page(locale="it-IT")
        page.on("websocket", lambda ws: sockets.append(ws.url))
        try:
            page.goto(f"http://127.0.0.1:{server.port}/")
            page.fill("#name", "Zoë")
            page.click("#join-button")
            until(page, "!document.querySelector('#lobby').hidden")
            server.stop()  # the host closes it: goodbye "shutdown"
            until(page, "window.audiogame.state.closedByServer && !window.audiogame.state.ws")
            until(page, "!document.querySelector('#join').hidden")
            focused = page.evaluate("document.activeElement && document.activeElement.id")
            said = page.evaluate(f"{ANSWERS}.map(l => l.text)")
            status = page.text_content("#status")
            lobby_hidden = page.evaluate("document.querySelector('#lobby').hidden")
        finally:
            page.close()
            browser.close()
    italian = Localizer("it")
    assert italian("net-reason-shutdown") in said
    assert status == italian("web-ui-status-closed")
    assert focused == "join-button" and lobby_hidden
    assert len(sockets) == 1  # it did not try again by itself
