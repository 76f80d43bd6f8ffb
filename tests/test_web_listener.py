"""The web page's server side, without a browser: its HTTP answers, its subprotocol,
and a whole Domino match played by key presses, heard as the desktop hears it.

A bare client of the web subprotocol (``devtools.web_harness.WebPage``, what the
page's script does) opens a table, seats two bots with B, starts with Enter and
plays its seat with the keys a player would press (the test looks at the seat's
view only to choose). What the page was told — every line of narration, in
order, its words and its cues with their pans — equals the desktop narration of
the same seed and log for that seat; no frame carries game data.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import urllib.error
import urllib.request
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from audiogame.core.narration import Phrase, resolve_value
from audiogame.devtools.net_harness import ServerThread
from audiogame.devtools.web_harness import (
    WebPage,
    desktop_lines,
    keys_for,
    narration_only,
    press,
)
from audiogame.games import registry
from audiogame.games.domino.board import BoardFocus, tile_text
from audiogame.games.domino.narrate import tile_phrase
from audiogame.games.domino.sorting import SORT_IDS, sort_hand
from audiogame.io.bigprint import board_lines
from audiogame.language.localizer import Localizer
from audiogame.net.protocol import messages as m
from audiogame.net.server.options import ServerOptions

CONFIG = {
    "set_id": "double-6",
    "seats": 3,
    "teams": None,
    "thinking_time": 0,
    "point_limit": 25,
    "manche_limit": 1,
}


@pytest.fixture
def server(tmp_path):
    options = ServerOptions(between_rounds=0.2)
    with ServerThread(tmp_path, options) as running:
        yield running


def get(server: ServerThread, path: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(f"http://127.0.0.1:{server.port}{path}", headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


# -- the HTTP side ------------------------------------------------------------------------
def test_the_page_is_served_in_the_readers_language_on_the_game_port(server):
    status, headers, body = get(server, "/", **{"Accept-Language": "en-GB,en;q=0.9"})
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    page = body.decode()
    assert '<html lang="en">' in page and "Join a table" in page
    assert "default-src 'self'" in headers["Content-Security-Policy"]
    # an invite link opens the same page; ?lang= wins over the browser's languages
    status, _, body = get(server, "/t/12-3-97?lang=it", **{"Accept-Language": "en"})
    assert status == 200 and '<html lang="it">' in body.decode()
    assert "Entra in un tavolo" in body.decode()
    # nothing the browser says makes a language we do not speak: Italian, as the game
    assert '<html lang="it">' in get(server, "/", **{"Accept-Language": "fr"})[2].decode()
    # the page's words travel as JSON a script element cannot be closed from
    data = page.split('id="page-data">')[1].split("</script>")[0]
    assert json.loads(data)["strings"]["web-ui-join"] == "Join"


def test_the_script_the_sounds_the_words_and_the_rules_are_there_and_nothing_else(server):
    assert get(server, "/app.js")[1]["Content-Type"].startswith("text/javascript")
    assert get(server, "/style.css")[1]["Content-Type"].startswith("text/css")
    status, headers, body = get(server, "/sounds/tile_play.wav")
    assert status == 200 and headers["Content-Type"] == "audio/wav" and body[:4] == b"RIFF"
    status, _, body = get(server, "/strings/it.json")
    assert status == 200 and json.loads(body)["strings"]["web-ui-join"] == "Entra"
    status, _, body = get(server, "/guide/domino.en.txt")
    assert status == 200 and b"Domino" in body
    for path in (
        "/sounds/no_such_cue.wav",
        "/sounds/../pyproject.toml",
        "/static/../../pyproject.toml",
        "/guide/domino.fr.txt",
        "/strings/xx.json",
        "/t/not-a-code",
        "/index.html",
    ):
        assert get(server, path)[0] == 404, path


def test_a_socket_without_our_subprotocol_is_still_refused_with_the_version(server):
    async def attempt() -> int:
        try:
            async with connect(server.url):
                return 101
        except InvalidStatus as refused:
            return refused.response.status_code

    assert asyncio.run(attempt()) == 426


# -- the page's own messages go through the same checks ----------------------------------
def test_a_page_is_checked_like_any_client(server):
    async def run() -> list[dict]:
        page = await WebPage(server.url, "Zoë").open()
        await page.send({"type": "listen", "lang": "xx"})
        await page.send({"type": "key", "key": "x" * 40})
        await page.send({"type": "key", "key": "h", "extra": 1})
        await page.send({"type": "nonsense"})
        await page.send({"type": "key", "key": "h"})  # not at a table: said so
        await page.until(lambda: len(page.lines()) >= 6)
        await page.sync()  # and nothing more
        await page.close()
        return page.frames

    frames = asyncio.run(run())
    lines = [line["id"] for f in frames if f["type"] == "out" for line in f["lines"]]
    assert lines[0] == "web-welcome"
    assert lines[1:] == [
        "net-reason-bad-fields",
        "net-reason-bad-fields",
        "net-reason-bad-fields",
        "net-reason-unknown-type",
        "web-not-at-table",
    ]


def stage(page: WebPage) -> str | None:
    table = page.last("at-table")
    return table["stage"] if table is not None else None


def watch_only(page: WebPage) -> int:
    return sum(1 for line in page.lines() if line["id"] == "web-watch-only")


def heard_upto(page: WebPage) -> int:
    return max((f["upto"] or 0 for f in page.frames if f["type"] == "out"), default=0)


def missed(page: WebPage) -> bool:
    """The page was told it was away, then something of the game it missed."""
    ids = [line["id"] for line in page.lines()]
    away = ids.index("web-while-away") if "web-while-away" in ids else len(ids)
    return any(i.startswith("domino-") for i in ids[away + 1 :])


def all_boards(page: WebPage) -> list[dict]:
    return [f for f in page.frames if f["type"] == "board"]


def sent_upto_now(table: Any) -> int:
    """How far the table has told seat 0 (the page's seat) of the match (in its loop)."""
    return table.match.views_upto.get(0, 0) if table.match else 0


class _Unknowing:
    """The registry as a server process without one game's folder knows it (a cluster
    whose processes load other game folders): ``hidden`` is not there."""

    def __init__(self, hidden: str) -> None:
        self.hidden = hidden

    def get(self, game: str) -> Any:
        return None if game == self.hidden else registry.get(game)

    def games(self) -> list[Any]:
        return [spec for spec in registry.games() if spec.id != self.hidden]

    def __getattr__(self, name: str) -> Any:
        return getattr(registry, name)


def test_a_page_opens_every_online_game_and_only_listens_at_one_its_server_does_not_know(
    tmp_path, folder_game, monkeypatch
):
    """Every game gives its keys as data (``GameSpec.controls``): a page opens every
    online game, the test folder's too. A page whose server process does not know a
    table's game (another process's folder) is told why its keys do nothing there."""
    from audiogame.net.web import listener

    online = [s.id for s in registry.games() if s.wire is not None and s.new_engine is not None]
    assert listener._page_games() == online and folder_game.id in online
    monkeypatch.setattr(listener, "registry", _Unknowing(folder_game.id))

    async def run(server: ServerThread) -> tuple[WebPage, WebPage]:
        page = await WebPage(server.url, "Zoë").open()
        await page.send({"type": "list-tables"})
        await page.until(lambda: page.last("lobby") is not None)
        # the protocol still takes any game the server has from a page
        config = {"players": 2, "target": 5, "think": 0}
        await page.send({"type": "create-table", "game": folder_game.id, "config": config})
        await page.until(lambda: page.last("at-table") is not None)
        code = page.last("at-table")["code"]
        friend = await WebPage(server.url, "Ugo", lang="it").open()
        await friend.send({"type": "join-table", "code": code})
        await friend.until(lambda: friend.last("at-table") is not None)
        await page.send(press("Enter", "Enter"))
        await friend.until(lambda: stage(friend) == "playing")
        await friend.send(press("h", "KeyH"))
        await friend.until(lambda: watch_only(friend) >= 2)
        await page.close()
        await friend.close()
        return page, friend

    with ServerThread(tmp_path, ServerOptions()) as server:
        page, friend = asyncio.run(run(server))
    lobby = page.last("lobby")
    assert lobby is not None
    offered = [game["id"] for game in lobby["games"]]
    assert offered == [game for game in online if game != folder_game.id]
    said = [line["text"] for line in friend.lines() if line["id"] == "web-watch-only"]
    italian = Localizer("it", games=registry.message_folders)
    assert said[:2] == [italian("web-watch-only", game=folder_game.id)] * 2  # arriving, at H
    assert friend.last("at-table")["stage"] == "playing"


def test_a_table_of_tira_is_said_by_its_short_name_and_offered_by_its_title(tmp_path):
    """Inside sentences and the table's heading a game is named by its short name
    (``GameSpec.name_message``: "Tira e Passa"), in the list of games by its title."""
    tira = registry.get("tira")
    assert tira is not None and tira.name_id

    async def run(server: ServerThread) -> WebPage:
        page = await WebPage(server.url, "Zoë", lang="en").open()
        config = {"players": 2, "speed": "normal", "variant": "first-to-three"}
        await page.send({"type": "create-table", "game": "tira", "config": config})
        await page.until(lambda: page.last("at-table") is not None)
        await page.until(lambda: any(line["id"] == "web-seated" for line in page.lines()))
        await page.close()
        return page

    with ServerThread(tmp_path, ServerOptions()) as server:
        page = asyncio.run(run(server))
    english = Localizer("en")
    name, title = english(tira.name_id), english(tira.title_id)
    assert name == "Tira e Passa" and title.startswith(name + ",")
    seated = [line["text"] for line in page.lines() if line["id"] == "web-seated"]
    assert seated and seated[0].startswith(f"You sit at a table of {name}, code ")
    assert page.last("at-table")["title"] == name


# -- the board: the desktop window's large print ------------------------------------------
def board_text(frame: dict) -> list[str]:
    return [" ".join(run["text"] for run in line) for line in frame["lines"]]


def hands(frame: dict) -> list[list[dict]]:
    """A board's lines but the chain's (the tiles on the table, which everyone sees)."""
    return [line for line in frame["lines"] if not line[0]["text"].startswith(("Chain", "Catena"))]


def marked(frame: dict) -> list[str]:
    return [
        run["text"] for line in frame["lines"] for run in line if run["style"].startswith("mark")
    ]


def test_the_board_is_the_windows_for_my_seat_with_my_cursor_in_my_language(server):
    async def run() -> tuple[WebPage, WebPage, list[dict], Any, list[dict]]:
        page = await WebPage(server.url, "Zoë").open()
        await page.send({"type": "create-table", "game": "domino", "config": CONFIG})
        await page.until(lambda: page.last("at-table") is not None)
        await page.send(press("b", "KeyB"))
        await page.send(press("b", "KeyB"))
        await page.send(press("Enter", "Enter"))
        await page.until(lambda: stage(page) == "playing")
        code = page.last("at-table")["code"]
        watcher = await WebPage(server.url, "Ugo").open()
        await watcher.send({"type": "join-table", "code": code, "spectator": True})
        await watcher.until(lambda: bool((watcher.last("board") or {}).get("lines")))
        table = next(iter(server.server.lobby.tables.values()))
        for _ in range(1200):  # until my turn: then the table waits for me, and holds still
            view = await server.arun(lambda: table.match and table.match.engine.observation(0))
            if view and view.my_turn:
                break
            await page.drain(0.05)
        # the page has heard all the table told my seat (it holds still on my turn), and
        # its board shows it
        told = await server.arun(lambda: sent_upto_now(table))
        await page.until(lambda: heard_upto(page) >= told)
        await page.until(lambda: page.last("board") is not None)
        await page.sync()
        boards = [page.last("board")]
        told_t: list[dict] = []
        for message in (
            press("End", "End"),
            press("Home", "Home"),
            {"type": "listen", "lang": "it"},
        ):
            count = len(all_boards(page))
            await page.send(message)
            await page.until(lambda count=count: len(all_boards(page)) > count)
            boards.append(page.last("board"))
            if message.get("key") == "End":  # T on my turn names the tile under the cursor
                before = len(page.lines())
                await page.send(press("t", "KeyT"))
                await page.until(lambda before=before: len(page.lines()) > before)
                told_t.append(page.lines()[before])
        await page.close()
        await watcher.close()
        return page, watcher, boards, view, told_t

    page, watcher, (first, end, home, italian), view, told_t = asyncio.run(run())
    english = Localizer("en")
    # my hand, in my order, the cursor on its first tile, then on the last (End)
    hand = [tile_text(t) for t in sort_hand(SORT_IDS[0], view.hand, view.ends)]
    row = next(line for line in first["lines"] if line[0]["text"].startswith("Your hand"))
    assert [run["text"] for run in row[1:]] == hand
    assert marked(first) == [hand[0]] and marked(end) == [hand[-1]] and marked(home) == [hand[0]]
    # what the desktop window draws for this seat's view with the cursor on the last tile
    names = ["Zoë", "Bot 2", "Bot 3"]
    spec = registry.get("domino")
    last = sort_hand(SORT_IDS[0], view.hand, view.ends)[-1]
    window = board_lines(spec.board(view, names, BoardFocus(SORT_IDS[0], last.uid)), english)
    assert end["lines"] == [
        [{"text": r.text, "style": r.style.value} for r in line] for line in window
    ]
    # T on my turn: the desktop's sentence, the tile under the cursor named
    turn = Phrase("domino-whose-turn-you")
    on = Phrase("domino-on-tile", {"tile": tile_phrase(last)})
    told = Phrase("domino-turn-and-tile", {"turn": turn, "on": on})
    assert [(t["id"], t["text"], t["answer"]) for t in told_t] == [
        ("domino-turn-and-tile", resolve_value(told, english), True)
    ]
    # in the page's language when it changes
    assert any(
        text.startswith(Localizer("it")("domino-board-hand", n=len(hand)))
        for text in board_text(italian)
    )
    # no tile but mine on any board this page got (the chain is on the table for all);
    # a spectator's board shows no hand
    mine = set(hand)
    for frame in page.frames:
        if frame["type"] == "board":
            shown = {run["text"] for line in hands(frame) for run in line}
            assert {t for t in shown if re.fullmatch(r"\d+\|\d+", t)} <= mine
    watched = watcher.last("board")
    assert watched is not None and watched["lines"]
    assert not any(
        re.fullmatch(r"\d+\|\d+", run["text"]) for line in hands(watched) for run in line
    )
    assert not any(text.startswith("Your hand") for text in board_text(watched))


# -- a whole match by keys ----------------------------------------------------------------
def test_a_whole_match_played_by_keys_is_told_as_the_desktop_tells_it(server):
    rng = random.Random(18)

    async def run() -> WebPage:
        page = await WebPage(server.url, "Zoë", lang="it").open()
        await page.send({"type": "create-table", "game": "domino", "config": CONFIG})
        await page.until(lambda: page.last("at-table") is not None)
        await page.send(press("b", "KeyB"))
        await page.send(press("b", "KeyB"))
        await page.send(press("Enter", "Enter"))
        table = next(iter(server.server.lobby.tables.values()))
        acted = -1
        # bounded (each turn waits 0.02 s at least: 300 s): the manche is played in real
        # time, the bots' 1.5 s a move, some 20-35 s; the bound only ends one that never ends
        for _ in range(15000):
            await page.drain(0.02)
            if page.last("match-over") is not None:
                break
            view, told = await server.arun(
                lambda: (table.match and table.match.engine.observation(0), sent_upto_now(table))
            )
            if not view or not view.my_turn or view.step == acted:
                continue
            if heard_upto(page) < told:
                continue  # the page's keys act on what it has heard: let it catch up first
            legal = [a for a in view.legal_actions() if keys_for(a, view)]
            if not legal:
                continue
            acted = view.step
            for key in keys_for(rng.choice(legal), view):
                await page.send(key)
        told = await server.arun(lambda: sent_upto_now(table))  # over: it says no more
        await page.until(lambda: heard_upto(page) >= told)
        await page.sync()
        await page.close()
        return page

    page = asyncio.run(run())
    over = page.last("match-over")
    assert over is not None, "the match did not end"
    record = m.MatchOver(**{k: v for k, v in over.items() if k != "type"})
    names = ["Zoë", "Bot 2", "Bot 3"]
    expected, expected_cues = desktop_lines(record, 0, names, "it")
    heard = narration_only(page.lines(), set())
    assert expected and heard == expected
    # the cues of the narration, with their pans, as the desktop plays them
    game_cues = {cue.id for cue in registry.get("domino").cues}
    assert [c for c in page.cues() if c[0] in game_cues] == [
        c for c in expected_cues if c[0] in game_cues
    ]
    assert ("tile_play", -0.6) in page.cues() or ("tile_play", 0.6) in page.cues()
    # every answer to a key interrupts; the narration queues, joined per batch
    utterances = [u for f in page.frames if f["type"] == "out" for u in f["speech"]]
    assert any(u["interrupt"] for u in utterances)
    assert any(not u["interrupt"] and ". " in u["text"] for u in utterances)
    # the page never gets the game's data: no events, no views, no snapshots
    kinds = {f["type"] for f in page.frames}
    assert kinds <= {
        "welcome",
        "out",
        "at-table",
        "board",
        "controls",
        "match-over",
        "pong",
        "left",
        "lobby",
    }
    assert page.last("at-table")["stage"] == "over"


def test_a_page_that_drops_gets_its_seat_back_and_hears_what_it_missed(tmp_path):
    options = ServerOptions(between_rounds=0.2, grace=0.3)  # a bot covers the seat at once
    with ServerThread(tmp_path, options) as server:

        async def run() -> tuple[WebPage, WebPage]:
            page = await WebPage(server.url, "Zoë").open()
            await page.send({"type": "create-table", "game": "domino", "config": CONFIG})
            await page.until(lambda: page.last("at-table") is not None)
            await page.send(press("b", "KeyB"))
            await page.send(press("b", "KeyB"))
            await page.send(press("Enter", "Enter"))
            await page.until(lambda: stage(page) == "playing" and heard_upto(page) > 0)
            token = page.last("welcome")["token"]
            table = page.last("at-table")
            upto = max(f["upto"] for f in page.frames if f["type"] == "out" and f["upto"])
            await page.close()
            # the bots, one covering my seat, play on: a few events I will have missed
            going = next(iter(server.server.lobby.tables.values()))
            for _ in range(1200):  # bounded: 60 s
                played = await server.arun(
                    lambda: going.seats[0].covered and len(going.match.history)
                )
                if played and played > upto + 3:
                    break
                await asyncio.sleep(0.05)
            back = WebPage(server.url, "Zoë")
            back.ws = await connect(back.url, subprotocols=["audiogame.web.v1"])
            await back.send(
                {
                    "type": "hello",
                    "name": "Zoë",
                    "lang": "en",
                    "token": token,
                    "table": table["id"],
                    "upto": upto,
                    "match": table["match"],
                }
            )
            await back.until(lambda: missed(back) and back.last("at-table") is not None)
            await back.sync()
            await back.close()
            return page, back

        _first, back = asyncio.run(run())
    ids = [line["id"] for line in back.lines()]
    assert "web-while-away" in ids
    after = ids[ids.index("web-while-away") + 1 :]
    assert any(i.startswith("domino-") for i in after), ids
    assert "web-match-start" not in ids and "domino-match-start" not in after  # only what I missed
    assert back.last("at-table")["seats"][0].startswith("seat 1: you")
