"""Whole games by taps alone, on a phone, in a real browser (Debian's Chromium, headless,
driven by Playwright with a phone's screen and touch: ``devtools.phone``), in Italian and
English. Every control is found by its role and name, as a screen reader finds it.

- Domino: a friend joins a desktop player's table from its invite link and plays a whole
  match by tapping the tiles of the hand list and the moves (play, left, right, draw),
  and asks a question; what the page said is, line by line, what the desktop narration
  of the same seed and log says to that seat; no frame (the buttons' labels included)
  ever names a tile the seat was never shown;
- Tira e Passa, each seat sending its dice by hand: the friend, left master of the
  table, switches to manual controls with its button (the bot then plays by hand too),
  adds a bot, removes it, adds it again, starts, and plays a whole game by tapping
  "throw", a die that can go (chosen by what its button says) and "send"; the taps
  are dated on the server's clock like keys; at the end the master is offered the
  next match.

At every state of both walks axe-core (vendored, run in the page) finds no violation,
the page fits the phone's screen and every control is at least 44 CSS pixels high; the
accessibility tree shows each action as a named button, the hand as a named list and
one live region.
"""

from __future__ import annotations

import json
import re
import time

import pytest

from audiogame.core.narration import Message, resolve
from audiogame.devtools import phone as ph
from audiogame.devtools.net_harness import QUIET_HEARTBEAT, ServerThread, wait_for
from audiogame.devtools.web_harness import chromium, desktop_lines, narration_only
from audiogame.games import registry
from audiogame.games.domino.actions import Draw, Play
from audiogame.games.domino.narrate import tile_phrase
from audiogame.games.domino.tiles import End
from audiogame.language.localizer import Localizer
from audiogame.net.client.game_client import Connected, GameClient
from audiogame.net.protocol import messages as m
from audiogame.net.server.options import ServerOptions
from tests.test_web_browser import NO_TILES, hidden_tile_texts, hidden_tile_words, host_table
from tests.test_web_phone import focused, join, url, well_made

PATH, WHY = chromium()
pytestmark = pytest.mark.skipif(PATH is None, reason=WHY)


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        launched = ph.launch(driver)
        yield launched
        launched.close()


@pytest.fixture
def server(tmp_path):
    with ServerThread(
        tmp_path, ServerOptions(between_rounds=0.2, heartbeat=QUIET_HEARTBEAT)
    ) as running:
        yield running


def words(lang: str) -> Localizer:
    return Localizer(lang, games=registry.message_folders)


def tile_words(tile, t: Localizer) -> str:
    return str(resolve(Message("x", {"tile": tile_phrase(tile)}), t).args["tile"])


def button_names(page) -> list[str]:
    return page.evaluate(
        "[...document.querySelectorAll('#controls button')].map(b => b.textContent)"
    )


def tree(page) -> dict:
    """Chromium's accessibility tree (what screen readers read), through CDP: the named
    lists with their buttons, every button's name, the live regions."""
    session = page.context.new_cdp_session(page)
    nodes = session.send("Accessibility.getFullAXTree")["nodes"]
    session.detach()
    by_id = {node["nodeId"]: node for node in nodes}
    lists, buttons, live = {}, [], 0
    for node in nodes:
        if node.get("ignored"):
            continue
        role = node.get("role", {}).get("value", "")
        name = node.get("name", {}).get("value", "")
        props = {p["name"]: p["value"].get("value") for p in node.get("properties", [])}
        if props.get("live") not in (None, "off"):
            live += 1
        if role == "button":
            buttons.append(name)
        if role == "list" and name:
            inside = []
            stack = list(node.get("childIds", []))
            while stack:
                child = by_id.get(stack.pop(0))
                if child is None:
                    continue
                if child.get("role", {}).get("value") == "button":
                    inside.append(child.get("name", {}).get("value", ""))
                stack.extend(child.get("childIds", []))
            lists[name] = inside
    return {"lists": lists, "buttons": buttons, "live": live}


# -- Domino ---------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_whole_domino_match_by_taps(server, browser, lang):
    t = words(lang)
    anna, table = host_table(server)
    page = ph.phone(browser, lang)
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(str(f))))
    hand_list = t("web-group-hand")
    moves = {None: t("domino-do-play"), End.LEFT: t("domino-do-play-left"),
             End.RIGHT: t("domino-do-play-right")}  # fmt: skip
    states = 0
    try:
        page.goto(url(server, f"/t/{table.code}"))
        join(page, t)
        ph.until(page, "document.activeElement && document.activeElement.id === 'play'")
        wait_for(anna.client, lambda i: isinstance(i, m.TableState) and i.table.seats[1].name)
        well_made(page, "seated, waiting for the master")
        anna.client.send(m.Start())
        live = server.server.lobby.tables[table.id]
        acted, asked, shape = -1, False, None
        deadline = time.monotonic() + 600  # a bound only (a whole match: 30-35 s at load 7)
        while page.get_by_role("link", name=t("web-ui-record")).is_hidden():
            assert time.monotonic() < deadline, "the match did not end"
            anna.pump()
            view = server.run(lambda: live.match and live.match.engine.observation(1))
            if not view or not view.my_turn or view.step == acted:
                page.wait_for_timeout(20)
                continue
            hand = page.get_by_role("list", name=hand_list)
            if not asked:  # a question first: its answer is said at once
                asked = True
                page.get_by_role("button", name=t("domino-ask-ends-label")).tap()
                ph.until(page, f"{ph.SAID}.some(l => l.now)")
                answer = [e["text"] for e in ph.said(page) if e["now"]][-1]
                middle = tree(page)
            legal = [a for a in view.legal_actions() if isinstance(a, Play | Draw)]
            action = next((a for a in legal if isinstance(a, Play)), legal[0] if legal else None)
            if action is None:
                page.wait_for_timeout(20)
                continue
            acted = view.step
            if isinstance(action, Play):
                tile = next(tile for tile in view.hand if tile.uid == action.uid)
                name = re.compile(f"^{re.escape(tile_words(tile, t))}, ", re.IGNORECASE)
                hand.get_by_role("button", name=name).tap()
                page.get_by_role("button", name=moves[action.end], exact=True).tap()
            else:
                page.get_by_role("button", name=t("domino-do-draw"), exact=True).tap()
            now = tuple(button_names(page))
            if now != shape:  # a new state of the page: checked whole
                shape, states = now, states + 1
                well_made(page, f"turn at step {view.step}")
        anna.play_until(lambda: anna.over is not None, 120)
        well_made(page, "the match over")
        history = page.eval_on_selector_all(
            "#history li",
            "items => items.map(li => ({id: li.dataset.id, answer: li.dataset.answer,"
            " text: li.textContent}))",
        )
        after = focused(page)
    finally:
        page.context.close()
        anna.client.close()

    assert states >= 2 and after  # the focus never fell to the page's body
    names = ["Anna", "Zoë", t("web-bot-name", n=3)]
    expected, _cues = desktop_lines(anna.over, 1, names, lang)
    lines = [{**line, "answer": line["answer"] == "true"} for line in history]
    assert narration_only(lines, set()) == expected
    # the question's answer, said at once (as an answer to a key is)
    asked_lines = [line["text"] for line in history if line["id"] == "domino-ask-ends"]
    assert asked_lines and answer == asked_lines[0]
    # the accessibility tree: the hand a named list of buttons, the moves and questions
    # lists of named buttons, every button named, one live region
    assert middle["live"] == 1
    assert all(middle["buttons"]), middle["buttons"]
    assert middle["lists"][hand_list], middle["lists"]
    assert t("domino-ask-ends-label") in middle["lists"][t("web-group-questions")]
    assert t("domino-do-play-left") in middle["lists"][t("web-group-actions")]
    # nothing but words reached the page (its buttons' labels too), never a hidden tile
    hidden_words = hidden_tile_words(anna.over, seat=1) if lang == "en" else set()
    hidden_texts = hidden_tile_texts(anna.over, seat=1)
    kinds = set()
    for frame in frames:
        data = json.loads(frame)
        kinds.add(data["type"])
        if data["type"] == "controls":
            labels = [b["label"] for g in data["groups"] for b in g["buttons"]]
            for words_ in hidden_words:
                assert not any(re.search(rf"(?<!\w){re.escape(words_)}(?!\w)", x) for x in labels)
        if data["type"] == "board":
            for line in data["lines"]:
                assert not {run["text"] for run in line} & hidden_texts, line
        if data["type"] == "out":
            for line in data["lines"]:
                if line["id"] in NO_TILES:
                    continue
                for words_ in hidden_words:
                    assert not re.search(rf"(?<!\w){re.escape(words_)}(?!\w)", line["text"])
    assert kinds <= {"welcome", "out", "at-table", "board", "controls", "match-over", "pong",
                     "people"}, kinds  # fmt: skip


def tapped(control) -> bool:
    """Tap ``control`` if it is there: a race goes on meanwhile, and a round's end can
    take a die (or its "send") away before the tap; False then (the bound only ends a
    wait for a control that went)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        control.tap(timeout=3000)
    except PlaywrightTimeout:
        return False
    return True


# -- Tira e Passa ---------------------------------------------------------------------------
FAST = {"signal_delay": 0.4, "race_delay": 0.4, "calm_auto_delay": 0.6, "between_rounds": 1.0}


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_whole_tira_game_by_taps_with_the_masters_buttons(server, browser, lang):
    t = words(lang)
    anna = GameClient(server.url, "Anna", lang="en")
    anna.start()
    wait_for(anna, lambda i: isinstance(i, Connected))
    config = {"players": 2, "speed": "fast", "variant": "first-to-three", "timing": FAST}
    anna.send(m.CreateTable(game="tira", config=config))
    info = wait_for(anna, lambda i: isinstance(i, m.TableState)).table
    page = ph.phone(browser, lang)
    frames: list[str] = []
    received = [0]  # frames the page was sent: each tap waits for the next one

    def watch(ws) -> None:
        ws.on("framesent", lambda f: frames.append(str(f)))
        ws.on("framereceived", lambda f: received.__setitem__(0, received[0] + 1))

    page.on("websocket", watch)
    tap = lambda name: page.get_by_role("button", name=t(name), exact=True).tap()  # noqa: E731
    stays = t("tira-stays")
    try:
        page.goto(url(server, f"/t/{info.code}"))
        join(page, t)
        ph.until(page, "window.audiogame.state.atTable")
        anna.send(m.LeaveTable())  # the friend is the table's master now
        live = server.server.lobby.tables[info.id]

        def bots(count: int) -> None:  # the table's own seating, as the page's taps left it
            deadline = time.monotonic() + 30
            while sum(s.kind == "bot" for s in server.run(lambda: live.seats)) != count:
                assert time.monotonic() < deadline, f"never {count} bots"
                page.wait_for_timeout(20)

        # my own controls: manual (the bot then plays by hand too)
        manual = t("web-do-seat-option", value=t("tira-seat-control-manual"))
        page.get_by_role("button", name=manual, exact=True).tap()
        deadline = time.monotonic() + 30
        while server.run(lambda: live.seats[1].options) != {"control": "manual"}:
            assert time.monotonic() < deadline, "my controls never became manual"
            page.wait_for_timeout(20)
        tap("web-do-add-bot")
        bots(1)
        well_made(page, "the master's buttons")
        tap("web-do-remove-bot")
        bots(0)
        tap("web-do-add-bot")
        bots(1)
        tap("web-do-start")
        ph.until(page, "window.audiogame.clock.estimate")
        page.get_by_role("button", name=t("tira-do-throw"), exact=True).wait_for()
        well_made(page, "the race")
        hand = page.get_by_role("list", name=t("web-group-hand"))
        sent = thrown = 0
        over = page.get_by_role("button", name=t("web-do-next-match"), exact=True)
        # a bound only: a whole game of three coasters, by taps against the bot, took
        # 65-70 s at load 7, and its length is the dice's
        deadline = time.monotonic() + 900
        while not over.is_visible():
            assert time.monotonic() < deadline, "the game did not end"
            seen = received[0]
            # a die that can go (its button does not say it stays), then "send"; else throw
            going = hand.get_by_role("button").filter(has_not_text=stays)
            if going.count() and tapped(going.first):
                sent += tapped(page.get_by_role("button", name=t("tira-do-send"), exact=True))
            else:
                thrown += tapped(page.get_by_role("button", name=t("tira-do-throw"), exact=True))
            while received[0] == seen:  # the server's next frame (the bot plays on too)
                assert time.monotonic() < deadline, "the page heard nothing more"
                page.wait_for_timeout(10)
        well_made(page, "the game over, the master's next match")
        middle = tree(page)
    finally:
        page.context.close()
        anna.close()

    assert thrown and sent, (thrown, sent)
    commands = [json.loads(f) for f in frames if '"command"' in f]
    # the taps were dated on the server's clock, as a race's keys are
    throws = [c for c in commands if c.get("type") == "command" and c["id"] == "throw"]
    assert throws and all(isinstance(c.get("at"), float) for c in throws)
    assert [c["id"] for c in commands[:5]] == [
        "seat-option",
        "add-bot",
        "remove-bot",
        "add-bot",
        "start",
    ]
    assert middle["live"] == 1 and all(middle["buttons"])
    assert t("web-do-next-match") in middle["lists"][t("web-group-table")]
