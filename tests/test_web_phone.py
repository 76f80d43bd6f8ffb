"""The page on a phone, in a real browser: Debian's Chromium, headless, driven by Playwright
with a phone's screen and touch (``devtools.phone``); controls found by role and name.

- the one announcer: a burst of messages is said whole and in order, through the live
  region and through the browser's own voice (a private speech-dispatcher writes down
  what Chromium's Web Speech API asked it to say); an answer cuts a table message, which
  is said again after it; the voice, its speed and pitch are remembered;
- sound waits for the first tap, and the player is told once;
- what the keyboard page got wrong: a name the server would refuse is explained and
  nothing is sent, one the server refuses is explained once and nothing floods; a reload
  at a table opened from the lobby comes back to it; the focus lands somewhere useful
  after Join, Leave, a reload and the skip link; the create form offers each game's seats;
- at every state: axe-core finds nothing, the page fits a 320-pixel screen, every control
  is at least 44 CSS pixels high (24 wide: checkbox labels and selects are wider).

Chromium and Playwright come from the test extra and Debian (``.ci/run`` installs
Chromium when missing); without them these tests skip, saying which.
"""

from __future__ import annotations

import json

import pytest

from audiogame.devtools import phone as ph
from audiogame.devtools.net_harness import QUIET_HEARTBEAT, ServerThread, wait_for
from audiogame.devtools.web_harness import chromium
from audiogame.language.localizer import Localizer
from audiogame.net.client.game_client import Connected, GameClient
from audiogame.net.server.options import ServerOptions

PATH, WHY = chromium()
pytestmark = pytest.mark.skipif(PATH is None, reason=WHY)


@pytest.fixture(scope="module")
def driver():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as running:
        yield running


@pytest.fixture(scope="module")
def browser(driver):
    launched = ph.launch(driver)
    yield launched
    launched.close()


@pytest.fixture
def server(tmp_path):
    with ServerThread(
        tmp_path, ServerOptions(between_rounds=0.2, heartbeat=QUIET_HEARTBEAT)
    ) as running:
        yield running


def url(server: ServerThread, path: str = "/") -> str:
    return f"http://127.0.0.1:{server.port}{path}"


def well_made(page, where: str) -> None:
    """axe-core finds nothing; the page fits its screen; every control is big enough."""
    assert ph.axe(page) == [], where
    assert ph.overflow(page) == 0, where
    small = [t for t in ph.targets(page) if t[2] < 44 or t[1] < 24]
    assert small == [], (where, small)


def join(page, t: Localizer, name: str = "Zoë") -> None:
    page.get_by_label(t("web-ui-name")).fill(name)
    page.get_by_role("button", name=t("web-ui-join")).tap()


def focused(page) -> str:
    return page.evaluate("document.activeElement ? document.activeElement.id : ''")


# -- the one announcer ----------------------------------------------------------------
BURST = [f"Message {n}." for n in range(12)] + ["Again.", "Again.", "The last one."]


def region_log(page) -> None:
    """Each node the live region gets, with its time (installed through the driver)."""
    page.evaluate(
        """() => { window.regionLog = [];
            new MutationObserver((records) => { for (const r of records) for (const n of
                r.addedNodes) window.regionLog.push([n.textContent, performance.now()]); })
            .observe(document.getElementById('said'), {childList: true}); }"""
    )


def test_a_burst_is_said_whole_and_in_order_through_the_live_region(server, browser):
    page = ph.phone(browser, "en")
    try:
        page.goto(url(server))
        region_log(page)
        page.evaluate(
            "(burst) => { const a = window.audiogame.announcer;"
            " for (const text of burst) a.say(text); a.say('An answer.', true); }",
            BURST,
        )
        ph.until(page, f"window.regionLog.length && {ph.SAID}.length === 3")
        ph.until(page, "window.audiogame.announcer.current === null")
        got = page.evaluate("window.regionLog")
        log = ph.said(page)
        well_made(page, "the join form")
    finally:
        page.context.close()
    texts = [text.replace("\u00a0", "") for text, _ in got]
    # the first message at once; the answer cuts in at once; what waited, together, after
    assert texts == [BURST[0], "An answer.", " ".join(BURST[1:])]
    assert [entry["now"] for entry in log] == [False, True, False]
    # nothing lost, nothing twice, in order (a repeated message is said again)
    assert " ".join(t for t in texts if t != "An answer.") == " ".join(BURST)


def test_the_same_words_twice_are_heard_twice(server, browser):
    page = ph.phone(browser, "en")
    try:
        page.goto(url(server))
        region_log(page)
        page.evaluate("() => window.audiogame.announcer.say('Your turn.', true)")
        ph.until(page, "window.regionLog.length === 1")
        page.evaluate("() => window.audiogame.announcer.say('Your turn.', true)")
        ph.until(page, "window.regionLog.length === 2")
        got = page.evaluate("window.regionLog.map(r => r[0])")
    finally:
        page.context.close()
    # a new node each time, its words told apart by a no-break space a screen reader skips
    assert got[0] != got[1] and got[0].strip() == got[1].strip() == "Your turn."


def test_the_browsers_voice_says_everything_in_order_and_remembers_the_voice(
    server, driver, speechd_daemon
):
    voice = speechd_daemon
    browser = ph.launch(driver, speechd=voice)
    page = ph.phone(browser, "it")
    t = Localizer("it")
    try:
        page.goto(url(server))
        ph.until(page, "document.querySelectorAll('#voice option').length >= 2")
        page.get_by_role("checkbox", name=t("web-ui-browser-voice")).tap()
        choose = page.get_by_role("combobox", name=t("web-ui-voice"))
        male = next(o for o in choose.locator("option").all_text_contents() if "it-male" in o)
        choose.select_option(label=male)
        page.get_by_role("slider", name=t("web-ui-rate")).fill("2")
        voice.wait_for(lambda said: t("web-ui-browser-voice-on") in [s.text for s in said])
        # and the page has heard it end: a burst said while it is still the announcer's
        # current message waits and is said as one batch, with no first message to hold
        ph.until(page, "window.audiogame.announcer.current === null")
        start = len(voice.said())
        voice.hold()  # the first message "speaks" until released
        page.evaluate(
            "(burst) => { for (const text of burst) window.audiogame.announcer.say(text); }",
            BURST,
        )
        voice.wait_for(lambda said: len(said) > start)
        # an answer while a table message is being said: said at once, the cut message
        # after it
        page.evaluate("() => window.audiogame.announcer.say('Ecco la risposta.', true)")
        voice.wait_for(lambda said: "Ecco la risposta." in [s.text for s in said])
        voice.release()
        heard = voice.wait_for(lambda said: said[-1].text.endswith(BURST[-1]))[start:]
        page.reload()
        ph.until(page, "document.querySelectorAll('#voice option').length >= 2")
        kept = page.evaluate(
            "[document.getElementById('browser-voice').checked,"
            " document.getElementById('voice').value, document.getElementById('rate').value]"
        )
    finally:
        page.context.close()
        browser.close()
    texts = [s.text for s in heard]
    # the first message held; the answer cut it; the cut message again, with what waited
    assert texts == [BURST[0], "Ecco la risposta.", " ".join(BURST)], texts
    assert {s.voice for s in heard} == {"it-male"} and {s.language for s in heard} == {"it"}
    assert all(s.rate > 0 for s in heard)  # faster than the voice's own
    assert kept[0] is True and "it-male" in kept[1] and kept[2] == "2"


def test_control_stops_the_backlog_and_the_skip_button_does_it_by_touch(server, browser):
    """A fast player is not kept behind a minute of others' moves: Control (as the game's)
    drops what waits and stops what is said; by touch, the table's "skip" button does it
    and says so. The history keeps every word; what comes next is said at once."""
    t = Localizer("it")
    page = ph.phone(browser, "it")
    try:
        page.goto(url(server))
        join(page, t)
        ph.until(page, "!document.getElementById('lobby').hidden")
        page.get_by_role("button", name=t("web-ui-create")).tap()
        ph.until(page, "document.activeElement.id === 'play'")
        ph.until(page, "window.audiogame.announcer.current === null")
        region_log(page)
        say_burst = "(burst) => { for (const t of burst) window.audiogame.announcer.say(t); }"
        page.evaluate(say_burst, BURST)
        ph.until(page, "window.regionLog.length === 1")
        page.keyboard.press("Control")
        after_control = page.evaluate(
            "[window.audiogame.announcer.queue.length, window.audiogame.announcer.current]"
        )
        page.evaluate("() => window.audiogame.announcer.say('Dopo.')")
        ph.until(page, "window.regionLog.length === 2")
        ph.until(page, "window.audiogame.announcer.current === null")
        page.evaluate(say_burst, BURST)
        ph.until(page, "window.regionLog.length === 3")
        page.get_by_role("button", name=t("web-ui-skip-waiting")).tap()
        ph.until(page, "window.regionLog.length === 4")
        ph.until(page, "window.audiogame.announcer.current === null")
        page.get_by_role("button", name=t("web-ui-skip-waiting")).tap()
        ph.until(page, "window.regionLog.length === 5")
        got = [text.replace("\u00a0", "") for text, _ in page.evaluate("window.regionLog")]
        silenced = page.evaluate(
            "window.audiogame.announcer.log.filter(l => l.kind === 'silenced').map(l => l.text)"
        )
        well_made(page, "a waiting table")
    finally:
        page.context.close()
    assert after_control == [0, None]
    # the first message of each burst had started; the rest never reached the region
    assert got == [BURST[0], "Dopo.", BURST[0], t("web-ui-skipped"), t("web-ui-nothing-waiting")]
    assert silenced == [BURST[0], BURST[0]]


# -- sound waits for a tap ----------------------------------------------------------------
def test_sound_waits_for_the_first_tap_and_the_player_is_told_once(server, browser):
    t = Localizer("en")
    page = ph.phone(browser, "en")
    try:
        page.goto(url(server))
        join(page, t)  # a tap: the sounds start with it
        ph.until(page, "!document.getElementById('lobby').hidden")
        assert page.evaluate("window.audiogame.sound.context.state") == "running"
        assert page.get_by_role("button", name=t("web-ui-sound-on")).is_hidden()
        page.reload()  # back by itself, with no tap: the browser holds the sounds
        ph.until(page, "window.audiogame.state.welcomed")
        ph.until(page, f"{ph.SAID}.some(l => l.text === {json.dumps(t('web-ui-sound-waiting'))})")
        assert page.evaluate("window.audiogame.sound.context.state") == "suspended"
        well_made(page, "sound waiting")
        button = page.get_by_role("button", name=t("web-ui-sound-on"))
        button.tap()
        ph.until(page, "window.audiogame.sound.context.state === 'running'")
        ph.until(page, "document.getElementById('sound-waiting').hidden")
        told = [e["text"] for e in ph.said(page)].count(t("web-ui-sound-waiting"))
    finally:
        page.context.close()
    assert told == 1


# -- what the keyboard page got wrong ----------------------------------------------------
def test_a_name_is_checked_on_the_page_and_a_refusal_never_floods(server, browser):
    t = Localizer("en")
    anna = GameClient(server.url, "Anna", lang="en")
    anna.start()
    wait_for(anna, lambda i: isinstance(i, Connected))
    page = ph.phone(browser, "en")
    sockets: list[str] = []
    frames: list[dict] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    page.on("websocket", lambda ws: ws.on("framesent", lambda f: frames.append(json.loads(f))))
    try:
        page.goto(url(server))
        join(page, t, "Z")  # too short: the page says why, and opens nothing
        ph.until(page, "document.getElementById('name').getAttribute('aria-invalid')")
        short = page.get_by_label(t("web-ui-name")).get_attribute("aria-describedby")
        problem = page.evaluate(f"document.getElementById({json.dumps(short)}).textContent")
        opened = list(sockets)
        well_made(page, "a name refused on the page")
        join(page, t, "\u0410nna")  # a Cyrillic A: the server refuses a look-alike of Anna
        ph.until(page, "document.getElementById('name-problem').textContent")
        refused = page.text_content("#name-problem")
        name_focused = focused(page)
        join(page, t, "Zoë")  # mended: introduced again on the same connection
        ph.until(page, "window.audiogame.state.welcomed")
        ph.until(page, "!document.getElementById('lobby').hidden")
        # everything the server answered before its welcome has come (one socket, in order)
        history = page.eval_on_selector_all(
            "#history li", "items => items.map(li => li.dataset.id)"
        )
    finally:
        page.context.close()
        anna.close()
    assert problem == t("net-reason-name-empty") and opened == []
    assert refused == t("net-reason-name-alike") and name_focused == "name"
    assert len(sockets) == 1  # the refusal closed nothing
    assert history.count("net-reason-name-alike") == 1
    assert "net-reason-hello-first" not in history
    # nothing but the introduction until a welcome: the refused one, then the mended one
    second = [i for i, f in enumerate(frames) if f["type"] == "hello"][1]
    assert [f["type"] for f in frames[:second]] == ["hello"]


def test_a_reload_at_a_table_opened_from_the_lobby_comes_back_to_it(server, browser):
    t = Localizer("it")
    page = ph.phone(browser, "it")
    try:
        page.goto(url(server))
        page.get_by_role("link", name=t("web-ui-skip")).focus()
        page.keyboard.press("Enter")  # the skip link: to the form's first field
        skip_join = focused(page)
        join(page, t)  # no code: the tables on the server
        ph.until(page, "!document.getElementById('lobby').hidden")
        ph.until(page, "document.activeElement.id === 'lobby-heading'")
        well_made(page, "the lobby")
        game = page.get_by_role("combobox", name=t("web-ui-game"))
        players = page.get_by_role("combobox", name=t("web-ui-players"))
        seats = {}
        for option in game.locator("option").all():
            game.select_option(option.get_attribute("value"))
            seats[option.get_attribute("value")] = players.locator("option").all_text_contents()
        game.select_option("domino")
        players.select_option("3")
        page.get_by_role("button", name=t("web-ui-create")).tap()
        ph.until(page, "document.activeElement.id === 'play'")
        address = page.url
        well_made(page, "a waiting table")
        page.reload()
        ph.until(page, "window.audiogame.state.atTable")
        ph.until(page, "document.activeElement.id === 'play'")
        shown = page.evaluate(
            "['join', 'lobby', 'table'].filter(id => !document.getElementById(id).hidden)"
        )
        page.keyboard.press("t")  # keys reach the table: T reads the seats
        ph.until(page, f"{ph.SAID}.some(l => l.now)")
        answer = [e["text"] for e in ph.said(page) if e["now"]][-1]
        page.get_by_role("link", name=t("web-ui-skip")).focus()
        page.keyboard.press("Enter")
        skip_table = focused(page)
        page.get_by_role("button", name=t("web-ui-leave")).tap()
        ph.until(page, "!document.getElementById('lobby').hidden")
        ph.until(page, "document.activeElement.id === 'lobby-heading'")
        after_leave = page.url
    finally:
        page.context.close()
    assert skip_join == "name" and skip_table == "play"
    assert "/t/" in address and shown == ["table"]
    assert answer.casefold().startswith(t("web-seat-you", n=1, name="Zoë").casefold())
    assert after_leave.endswith("/")
    from audiogame.games import registry

    for game_id, offered in seats.items():
        spec = registry.get(game_id)
        assert offered == [str(n) for n in range(spec.min_seats, spec.max_seats + 1)]


def test_the_page_fits_a_320_pixel_screen(server, browser):
    t = Localizer("en")
    page = ph.phone(browser, "en", width=320)
    try:
        page.goto(url(server))
        well_made(page, "the join form at 320")
        join(page, t)
        ph.until(page, "!document.getElementById('lobby').hidden")
        page.get_by_role("combobox", name=t("web-ui-players")).select_option("2")
        page.get_by_role("button", name=t("web-ui-create")).tap()
        ph.until(page, "window.audiogame.state.atTable")
        page.get_by_label(t("web-ui-large-print")).check()
        well_made(page, "a table at 320, large print")
        # a match under way: the hand's buttons, the moves, the questions fit too
        page.get_by_role("button", name=t("web-do-add-bot"), exact=True).tap()
        page.get_by_role("button", name=t("web-do-start"), exact=True).tap()
        hand = page.get_by_role("list", name=t("web-group-hand"))
        hand.get_by_role("button").first.wait_for()
        well_made(page, "a match at 320, large print")
    finally:
        page.context.close()
