"""The web page in a real browser: Debian's Chromium, headless, driven by Playwright.

A desktop player (a ``GameClient`` playing its seat as a scripted human) opens a
Domino table with a bot; a friend opens the table's invite link in Chromium,
types a name, joins, and plays a whole match with the keyboard in the page's
game area. Checked: the history list holds, line by line, what the desktop
narration of the same seed and log says to that seat; the live regions say the
answers to keys (assertive) and the others' moves (polite); the accessibility
tree shows the application region, the live regions, the history list and the
form's names; and no frame the page ever received holds game data or a tile it
was never shown.

Chromium and Playwright come from the test extra and Debian (``.ci/run``
installs Chromium when missing); without them these tests skip, saying which.
"""

from __future__ import annotations

import json
import re
import time

import pytest

from audiogame.devtools.delay_proxy import DelayProxy
from audiogame.devtools.net_harness import QUIET_HEARTBEAT, ScriptedPlayer, ServerThread, wait_for
from audiogame.devtools.web_harness import (
    CHROMIUM_ARGS,
    chromium,
    desktop_lines,
    keys_for,
    narration_only,
)
from audiogame.games import registry
from audiogame.language.localizer import Localizer
from audiogame.net.client.game_client import Connected, GameClient
from audiogame.net.protocol import messages as m
from audiogame.net.server.options import ServerOptions

PATH, WHY = chromium()
pytestmark = pytest.mark.skipif(PATH is None, reason=WHY)

CONFIG = {
    "set_id": "double-6",
    "seats": 3,
    "teams": None,
    "thinking_time": 0,
    "point_limit": 25,
    "manche_limit": 1,
}
#: Playwright's names for the keys a page sends
PLAYWRIGHT_KEYS = {" ": "Space"}
#: lines whose numbers are no tiles: names and scores ("Bot 3 5"), the set ("double 6")
NO_TILES = {
    "domino-manche-totals",
    "domino-standings",
    "domino-scores",
    "domino-scores-ended",
    "domino-counts",
    "domino-match-start",
}


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=PATH, args=list(CHROMIUM_ARGS))
        yield launched
        launched.close()


@pytest.fixture
def server(tmp_path):
    with ServerThread(
        tmp_path, ServerOptions(between_rounds=0.2, heartbeat=QUIET_HEARTBEAT)
    ) as running:
        yield running


def host_table(server: ServerThread) -> tuple[ScriptedPlayer, m.TableInfo]:
    """A desktop player opens the table and seats a bot at its last seat."""
    client = GameClient(server.url, "Anna", lang="it")
    client.start()
    wait_for(client, lambda i: isinstance(i, Connected))
    client.send(m.CreateTable(game="domino", config=CONFIG))
    wait_for(client, lambda i: isinstance(i, m.TableState))
    client.send(m.SetBot(seat=2, level="normal"))
    wait_for(client, lambda i: isinstance(i, m.TableState) and i.table.seats[2].kind == "bot")
    assert client.table is not None
    return ScriptedPlayer(client, seed=3), client.table


def test_a_friend_joins_by_the_link_and_plays_a_whole_match_by_keys(server, browser):
    anna, table = host_table(server)
    page = browser.new_page(locale="en-GB")
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(str(f))))
    try:
        page.goto(f"http://127.0.0.1:{server.port}/t/{table.code}")
        assert page.locator("html").get_attribute("lang") == "en"
        assert page.locator("#code").input_value() == table.code
        form = accessibility_tree(page)
        page.fill("#name", "Zoë")
        page.click("#join-button")
        # joined: the game's area takes the focus, so its keys reach the game
        until(page, "document.activeElement && document.activeElement.id === 'play'")
        tree = accessibility_tree(page)
        wait_for(anna.client, lambda i: isinstance(i, m.TableState) and i.table.seats[1].name)
        anna.client.send(m.Start())

        live = server.server.lobby.tables[table.id]
        acted, asked = -1, False
        # a whole match in real time (the bot's 1.5 s a move, the page's keys): 35 s at
        # load 7; the bound only ends a match that would never end
        deadline = time.monotonic() + 600
        while page.locator("#record").is_hidden():
            assert time.monotonic() < deadline, where_it_stuck(server, live, page, acted)
            anna.pump()
            view, told = server.run(
                lambda: (
                    live.match and live.match.engine.observation(1),
                    live.match.views_upto.get(1, 0) if live.match else 0,
                )
            )
            if not view or not view.my_turn or view.step == acted:
                page.wait_for_timeout(20)
                continue
            if (page.evaluate("window.audiogame.state.upto") or 0) < told:
                # the page's keys act on what it has heard (a key sent on less is the
                # table's to refuse): on a busy machine the page is told late
                page.wait_for_timeout(20)
                continue
            if not asked:  # a question first: its answer interrupts, in the assertive region
                asked = True
                press(page, "c")
                until(page, f"{ANSWERS}.length")
                said = page.evaluate(f"{ANSWERS}.at(-1).text")
                assert said.startswith("Ends"), said
            legal = [a for a in view.legal_actions() if keys_for(a, view)]
            if legal:
                acted = view.step
                for key in keys_for(legal[0], view):
                    press(page, key["key"])
        anna.play_until(lambda: anna.over is not None, 120)
        # the others' moves wait behind my answers in the page's queue: awaited until one
        # batch of them has been told joined (an event; the bound only ends a wait that
        # never ends), not for a fixed pause
        expected, expected_cues = desktop_lines(anna.over, 1, ["Anna", "Zoë", "Bot 3"], "en")
        deadline = time.monotonic() + 120

        def joined_told() -> bool:
            polite = page.evaluate(f"{TOLD}.map(l => l.text)")
            return any(sum(said.text in text for said in expected) >= 2 for text in polite)

        while not joined_told():
            assert time.monotonic() < deadline, page.evaluate(f"{TOLD}.map(l => l.text)")
            page.wait_for_timeout(50)
        history = page.eval_on_selector_all(
            "#history li",
            "items => items.map(li => ({id: li.dataset.id, answer: li.dataset.answer,"
            " text: li.textContent}))",
        )
        polite = page.evaluate(f"{TOLD}.map(l => l.text)")
        cue_log = page.evaluate("window.audiogame.sound.log")
        board = page.eval_on_selector_all("#table-board p", "ps => ps.map(p => p.textContent)")
        page.check("#large-print")
        assert page.evaluate("document.body.classList.contains('large')")
    finally:
        page.close()
        anna.client.close()

    lines = [{**line, "answer": line["answer"] == "true"} for line in history]
    assert narration_only(lines, set()) == expected
    # the others' moves reach the live region, joined per batch as the desktop says them
    assert any(sum(said.text in text for said in expected) >= 2 for text in polite), polite
    # the cues, with the desktop's pans, went to the Web Audio graph
    game = {cue.id for cue in registry.get("domino").cues}
    assert [tuple(c) for c in cue_log if c[0] in game][-20:] == [
        c for c in expected_cues if c[0] in game
    ][-20:]

    # the accessibility tree: an application region with a name, one live region (the
    # announcer's), the history list, named form fields, headings
    assert ("application", "Game table: press the game's keys here") in tree["named"]
    assert tree["live"] == {"polite"} and tree["regions"] == 1
    assert ("list", "History") in tree["named"]
    assert ("heading", "audiogame in the browser") in tree["named"]
    assert ("textbox", "Your name") in form["named"]
    assert ("button", "Join") in form["named"]

    # nothing but words reached the page, and never a tile it was not shown
    kinds = {json.loads(frame)["type"] for frame in frames}
    # (the server's people are words too: each a name and the line said of them)
    allowed = {"welcome", "out", "at-table", "board", "controls", "match-over", "pong", "people"}
    assert kinds <= allowed, kinds
    hidden = hidden_tile_words(anna.over, seat=1)
    # the board, as the desktop window draws it: whose turn, the ends, counts, scores
    assert board and board[0].startswith("Manche 1"), board
    for frame in frames:
        data = json.loads(frame)
        for line in data.get("lines", []) if data["type"] == "board" else []:
            shown = {run["text"] for run in line}
            assert not shown & hidden_tile_texts(anna.over, seat=1), line
        for line in data.get("lines", []) if data["type"] == "out" else []:
            if line["id"] in NO_TILES:
                continue
            for words in hidden:
                assert not re.search(rf"(?<![\w]){re.escape(words)}(?![\w])", line["text"]), (
                    words,
                    line,
                )


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_key_pressed_while_the_line_is_down_is_told_not_sent_and_the_page_comes_back(
    server, browser, lang
):
    """At the table, the line goes down (a proxy of ours cuts it and takes no new one):
    a key pressed then is not sent, and the player hears so in their language, not
    silence; the line mended, the page is back by itself and its keys are answered."""
    anna, table = host_table(server)
    words = Localizer(lang)
    with DelayProxy(server.port) as proxy:
        page = browser.new_page(locale="it-IT" if lang == "it" else "en-GB")
        try:
            page.goto(f"http://127.0.0.1:{proxy.port}/t/{table.code}")
            page.fill("#name", "Zoë")
            page.click("#join-button")
            until(page, "document.activeElement && document.activeElement.id === 'play'")
            proxy.cut()
            until(page, "!window.audiogame.state.ws")  # the page heard the line go
            press(page, "t")
            said = page.evaluate(f"{ANSWERS}.map(l => l.text)")
            proxy.mend()
            until(page, "window.audiogame.state.welcomed && window.audiogame.state.atTable")
            heard = len(page.evaluate(f"{ANSWERS}"))
            press(page, "t")  # back: the same key is answered (the seats, read out)
            until(page, f"{ANSWERS}.length > {heard}")
            again = page.evaluate(f"{ANSWERS}.at(-1).text")
        finally:
            page.close()
            anna.client.close()
    assert said[-1] == words("web-ui-not-sent"), said
    assert again != words("web-ui-not-sent"), again


def test_a_page_whose_socket_floods_is_told_why_and_does_not_come_back(server, browser):
    """Bad frames sent through the page's own socket (as a tampered script would) are
    weighed like any client's: refused in words, then closed for abuse; the page says
    so in its status and its live region, and does not reconnect on its own."""
    page = browser.new_page(locale="it-IT")
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    try:
        page.goto(f"http://127.0.0.1:{server.port}/")
        page.fill("#name", "Zoë")
        page.click("#join-button")
        until(page, "window.audiogame.state.ws && window.audiogame.state.ws.readyState === 1")
        until(page, "document.querySelector('#lobby') && !document.querySelector('#lobby').hidden")
        page.evaluate(
            """() => {
                const ws = window.audiogame.state.ws;
                const junk = ['{', '[1]', '{"type": "nope"}', '{"type": "key", "key": 7}',
                    '{"type": "listen", "lang": "xx"}', '{"type": "act", "action": 1}'];
                for (let i = 0; i < 60; i++) ws.send(junk[i % junk.length]);
            }"""
        )
        until(page, "window.audiogame.state.closedByServer && !window.audiogame.state.ws")
        page.wait_for_timeout(1500)  # a page that reconnected would have done so by now
        status = page.text_content("#status")
        said = page.evaluate(f"{ANSWERS}.map(l => l.text)")
        history = page.eval_on_selector_all(
            "#history li", "items => items.map(li => li.dataset.id)"
        )
    finally:
        page.close()
    italian = Localizer("it")
    assert status == italian("web-ui-status-closed")
    assert said[-1] == italian("net-reason-abuse"), said
    assert {"net-reason-malformed", "net-reason-unknown-type", "net-reason-bad-fields"} <= set(
        history
    )
    assert len(sockets) == 1  # no new connection after the server's goodbye


def test_a_page_reloaded_mid_race_comes_back_by_itself_and_hears_where_it_stands(server, browser):
    """A friend at a Tira race reloads the page (or the browser restores the tab): the
    page reconnects at once with its token, the game area has the focus again, and the
    announcer says one summary of the race in the page's language; the invite link
    asking for the same table again is no error."""
    timing = {"signal_delay": 0.3, "race_delay": 0.3, "calm_auto_delay": 0.4}
    config = {"players": 3, "speed": "fast", "variant": "first-to-three", "timing": timing}
    anna = GameClient(server.url, "Anna", lang="en")
    anna.start()
    wait_for(anna, lambda i: isinstance(i, Connected))
    anna.send(m.CreateTable(game="tira", config=config))
    info = wait_for(anna, lambda i: isinstance(i, m.TableState)).table
    anna.send(m.SetBot(seat=2, level="normal"))
    page = browser.new_page(locale="it-IT")
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    try:
        page.goto(f"http://127.0.0.1:{server.port}/t/{info.code}")
        page.fill("#name", "Zoë")
        page.click("#join-button")
        until(page, "document.activeElement && document.activeElement.id === 'play'")
        wait_for(anna, lambda i: isinstance(i, m.TableState) and i.table.seats[1].name)
        anna.send(m.Start())
        until(page, heard("tira-go"), 120)
        page.reload()
        until(page, "document.activeElement && document.activeElement.id === 'play'")
        back = json.dumps(Localizer("it")("net-race-back"))
        until(page, f"{TOLD}.some(l => l.text.includes({back}))")
        polite = page.evaluate(f"{TOLD}.map(l => l.text)")
        ids = page.eval_on_selector_all("#history li", "items => items.map(li => li.dataset.id)")
        join_hidden = page.evaluate("document.querySelector('#join').hidden")
    finally:
        page.close()
        anna.close()
    italian = Localizer("it")
    assert len(sockets) == 2 and join_hidden  # back by itself, no form to fill again
    # one summary (said after the seat, in one breath with what waited beside it)
    back = italian("net-race-back")
    summary = next(text[text.index(back) :] for text in polite if back in text)
    assert "Dischetti vinti: " in summary  # who leads, in the game's Italian words
    assert "net-reason-already-at-table" not in ids


#: what the page's announcer said: answers to the player's own keys, and the rest
ANSWERS = "window.audiogame.announcer.log.filter(l => l.kind === 'said' && l.now)"
TOLD = "window.audiogame.announcer.log.filter(l => l.kind === 'said' && !l.now)"


def heard(msg_id: str) -> str:
    """An expression: the page's history has a line of ``msg_id``."""
    return f"[...document.querySelectorAll('#history li')].some(li => li.dataset.id === '{msg_id}')"


def where_it_stuck(server, live, page, acted: int) -> str:
    """What a match that did not end was waiting for, said when the wait gives up."""
    match = live.match
    engine = server.run(
        lambda: (
            None
            if match is None
            else (
                match.engine.observation(1).step,
                match.engine.observation(1).current_seat,
                match.over is not None,
                len(match.history),
                dict(match.views_upto),
                live.stage,
            )
        )
    )
    told = page.evaluate("window.audiogame.state.upto")
    lines = page.eval_on_selector_all("#history li", "items => items.map(li => li.textContent)")
    return f"the match did not end: {engine}, acted {acted}, page upto {told}, {lines[-6:]}"


def until(page, expression: str, timeout: float = 60.0) -> None:
    """Wait for ``expression`` to be true in the page (polled from here: the page's own
    content security policy forbids the evaluated predicates a driver would inject). The
    bound only ends a wait that never ends: a busy machine (load 40) took over 10 s."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(f"Boolean({expression})"):
        assert time.monotonic() < deadline, f"never true: {expression}"
        page.wait_for_timeout(20)


def press(page, key: str) -> None:
    page.keyboard.press(PLAYWRIGHT_KEYS.get(key, key))


def accessibility_tree(page) -> dict:
    """Chromium's own accessibility tree (the one screen readers read), through CDP."""
    session = page.context.new_cdp_session(page)
    nodes = session.send("Accessibility.getFullAXTree")["nodes"]
    named, live, regions = set(), set(), 0
    for node in nodes:
        role = node.get("role", {}).get("value", "")
        name = node.get("name", {}).get("value", "")
        if name:
            named.add((role, name))
        for prop in node.get("properties", []):
            if prop["name"] == "live":
                live.add(prop["value"]["value"])
            if prop["name"] == "live" and prop["value"]["value"] != "off":
                regions += 1  # Chromium marks a live region's root
    session.detach()
    return {"named": named, "live": live, "regions": regions}


def hidden_tile_words(over: m.MatchOver, seat: int) -> set[str]:
    """The words of every tile ``seat`` never held and nobody played."""
    from audiogame.core.narration import Message, resolve
    from audiogame.games.domino.narrate import tile_phrase

    t = Localizer("en")
    hidden = set()
    for tile in hidden_tiles(over, seat):
        said = resolve(Message("x", {"tile": tile_phrase(tile)}), t).args["tile"]
        hidden.add(str(said))
    assert hidden  # a manche of three leaves tiles in hands and the boneyard
    return hidden


def hidden_tile_texts(over: m.MatchOver, seat: int) -> set[str]:
    """The same tiles as the board writes them ("6|3")."""
    from audiogame.games.domino.board import tile_text

    return {tile_text(tile) for tile in hidden_tiles(over, seat)}


def hidden_tiles(over: m.MatchOver, seat: int) -> list:
    """Every tile ``seat`` never held and nobody played."""
    from audiogame.games.domino.events import HandDealt, TileDrawn, TilePlayed
    from audiogame.games.domino.tiles import tile_set
    from audiogame.net.protocol.game_codec import GameCodec
    from audiogame.net.protocol.match_log import engine_seed, entries_from_lists

    spec = registry.get("domino")
    codec = GameCodec(spec.wire())
    engine = spec.new_engine(over.config, engine_seed(over.seed), over.start)
    seen: set[int] = set()
    for entry in entries_from_lists(over.log):
        if entry.action is None:
            events = engine.advance(entry.at)
        else:
            events = engine.apply(entry.seat, codec.decode_logged(entry.action), entry.at).events
        for event in events:
            if isinstance(event, TilePlayed):
                seen.add(event.tile.uid)
            elif isinstance(event, TileDrawn) and event.seat == seat:
                seen.add(event.tile.uid)
            elif isinstance(event, HandDealt) and event.seat == seat:
                seen.update(t.uid for t in event.tiles)
    return [tile for tile in tile_set(over.config["set_id"]) if tile.uid not in seen]
