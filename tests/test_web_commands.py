"""The page's buttons, without a browser: what a seat may do now, from the game's controls
and the table's own commands (``net/web/table_commands.py``), each run as its keys run.

A bare client of the web subprotocol (``devtools.web_harness.WebPage``, what the page's
script does) against a real server on 127.0.0.1: the buttons it is shown, in its
language, for the master, another player and a spectator; a tap and the key it stands
for doing the same; a button left from before answered in words; the master holding
the next manche and letting it come.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from audiogame.devtools.net_harness import ServerThread
from audiogame.devtools.web_harness import WebPage, press
from audiogame.games import registry
from audiogame.language.localizer import Localizer
from audiogame.net.server.options import ServerOptions

CONFIG = {
    "set_id": "double-6",
    "seats": 3,
    "teams": None,
    "thinking_time": 0,
    "point_limit": 25,
    "manche_limit": 2,
}


def buttons(page: WebPage) -> dict[str, list[tuple[str, str]]]:
    """The page's buttons now: group id -> (command id, label)."""
    frame = page.last("controls")
    if frame is None:
        return {}
    return {g["id"]: [(b["id"], b["label"]) for b in g["buttons"]] for g in frame["groups"]}


def titles(page: WebPage) -> dict[str, str]:
    frame = page.last("controls") or {"groups": []}
    return {g["id"]: g["title"] for g in frame["groups"]}


def tap(command: str, at: float | None = None) -> dict[str, Any]:
    found: dict[str, Any] = {"type": "command", "id": command}
    if at is not None:
        found["at"] = at
    return found


def said(page: WebPage) -> list[str]:
    return [line["id"] for line in page.lines() if line["answer"]]


@pytest.fixture
def server(tmp_path):
    with ServerThread(tmp_path, ServerOptions(between_rounds=0.3)) as running:
        yield running


def test_a_waiting_tables_buttons_are_its_keys_for_the_master_and_the_others(server):
    async def run() -> tuple[WebPage, WebPage, list[Any], list[Any]]:
        anna = await WebPage(server.url, "Anna", lang="it").open()
        await anna.send({"type": "create-table", "game": "domino", "config": CONFIG})
        await anna.until(lambda: bool(buttons(anna).get("table")))
        code = anna.last("at-table")["code"]
        zoe = await WebPage(server.url, "Zoë", lang="en").open()
        await zoe.send({"type": "join-table", "code": code})
        await zoe.until(lambda: bool(buttons(zoe).get("table")))
        first = (buttons(anna), buttons(zoe))
        await anna.send(tap("add-bot"))  # the button, then its key: two bots
        await anna.until(lambda: "bot" in str(anna.last("at-table")["seats"]))
        table = next(iter(server.server.lobby.tables.values()))
        await anna.send(press("b", "KeyB"))  # the key B: the third seat's bot
        await anna.until(lambda: sum("bot" in s for s in anna.last("at-table")["seats"]) >= 1)
        await zoe.send(tap("start"))  # not the master: told why, nothing happens
        await zoe.send(tap("tile-3"))  # a button no waiting table has
        await zoe.send(tap("seats"))  # anyone may read the seats
        await zoe.sync()
        seats = [s.kind for s in await server.arun(lambda: list(table.seats))]
        await anna.close()
        await zoe.close()
        return anna, zoe, list(first), seats

    anna, zoe, first, seats = asyncio.run(run())
    master, other = first
    italian, english = Localizer("it"), Localizer("en")
    assert [c for c, _ in master["table"]] == ["start", "add-bot", "remove-bot", "seats"]
    assert master["table"][1] == ("add-bot", italian("web-do-add-bot"))
    assert other == {"table": [("seats", english("web-do-seats"))]}  # the others: no master's
    assert titles(anna)["table"] == italian("web-group-table")
    assert "hand" not in master and "questions" not in master  # no game yet
    assert seats.count("human") == 2 and "bot" in seats
    assert said(zoe)[-3:] == ["net-reason-not-master", "web-command-gone", "web-seats"]


def test_taps_faster_than_the_table_answers_leave_the_seating_they_asked_for(server):
    """Add, take away, add twice, take away: sent back to back, each acts on the seating
    the taps before it asked for (a bot tapped in can be tapped out before the table has
    said it sat down), nothing refused on the way."""

    async def run() -> tuple[WebPage, list[Any]]:
        anna = await WebPage(server.url, "Anna", lang="en").open()
        await anna.send({"type": "create-table", "game": "domino", "config": CONFIG})
        await anna.until(lambda: bool(buttons(anna).get("table")))
        for command in ("add-bot", "remove-bot", "add-bot", "add-bot", "remove-bot"):
            await anna.send(tap(command))
        await anna.sync()
        table = next(iter(server.server.lobby.tables.values()))
        await anna.until(lambda: sum("bot" in s for s in anna.last("at-table")["seats"]) == 1)
        await anna.sync()
        seats = [s.kind for s in await server.arun(lambda: list(table.seats))]
        await anna.close()
        return anna, seats

    anna, seats = asyncio.run(run())
    assert seats == ["human", "bot", "empty"]
    assert not [i for i in said(anna) if i in ("web-no-bot", "net-reason-table-full")], said(anna)


def test_at_play_the_games_commands_come_with_the_masters_hold_and_a_watcher_only_asks(server):
    async def run() -> dict[str, Any]:
        anna = await WebPage(server.url, "Anna", lang="en").open()
        await anna.send({"type": "create-table", "game": "domino", "config": CONFIG})
        await anna.until(lambda: anna.last("at-table") is not None)
        code = anna.last("at-table")["code"]
        for _ in range(2):
            await anna.send(tap("add-bot"))
            await anna.sync()
        await anna.send(tap("start"))
        await anna.until(lambda: bool(buttons(anna).get("hand")))
        playing = buttons(anna)
        olga = await WebPage(server.url, "Olga", lang="it").open()
        await olga.send({"type": "join-table", "code": code, "spectator": True})
        await olga.until(lambda: bool(buttons(olga).get("questions")))
        watching = buttons(olga)
        table = next(iter(server.server.lobby.tables.values()))
        await anna.send(tap("hold"))
        await anna.until(lambda: "release" in dict(buttons(anna).get("table", [])))
        paused = await server.arun(lambda: table.record.paused)
        await anna.send(press("P", "KeyP", shift=True))  # its key: the next manche comes again
        await anna.until(lambda: "hold" in dict(buttons(anna).get("table", [])))
        again = await server.arun(lambda: table.record.paused)
        await anna.send(tap("ask-c"))  # a question by its button: said at once, as C is
        await anna.send(press("c", "KeyC"))
        await anna.sync()
        await anna.close()
        await olga.close()
        return {"playing": playing, "watching": watching, "paused": paused, "again": again,
                "anna": anna}  # fmt: skip

    got = asyncio.run(run())
    playing, watching = got["playing"], got["watching"]
    english = Localizer("en", games=registry.message_folders)
    # my hand, each tile a button; the questions; the master's hold
    assert len(playing["hand"]) == 7 and all(i.startswith("tile-") for i, _ in playing["hand"])
    assert dict(playing["questions"])["ask-c"] == english("domino-ask-ends-label")
    assert [c for c, _ in playing["table"]] == ["hold"]
    # watching: the game's questions only, and nothing of the table's
    assert set(watching) == {"questions"}
    assert got["paused"] is True and got["again"] is False
    lines = [line for line in got["anna"].lines() if line["id"] == "domino-ask-ends"]
    assert len(lines) == 2 and lines[0]["text"] == lines[1]["text"] and lines[0]["answer"]


def test_a_race_has_no_hold_and_its_taps_are_dated(server):
    async def run() -> tuple[dict[str, Any], list[Any]]:
        page = await WebPage(server.url, "Zoë", lang="en").open()
        config = {"players": 2, "speed": "fast", "variant": "first-to-three"}
        await page.send({"type": "create-table", "game": "tira", "config": config})
        await page.until(lambda: page.last("at-table") is not None)
        await page.send(tap("add-bot"))
        await page.sync()
        await page.send(tap("start"))
        await page.until(lambda: bool(buttons(page).get("actions")))
        shown = buttons(page)
        table = next(iter(server.server.lobby.tables.values()))
        await page.send(tap("throw", at=1.0))  # dated long ago: the table keeps its bound
        await page.sync()
        claims = await server.arun(lambda: list(getattr(table, "claims", ())))
        await page.close()
        return shown, claims

    shown, claims = asyncio.run(run())
    assert "table" not in shown  # Tira never waits for the table between rounds
    assert [c for c, _ in shown["actions"]][0] == "throw"
    assert not any(c.startswith("send") for group in shown.values() for c, _ in group)
    assert claims and claims[-1].claimed == 1.0  # the tap's time reached the table
