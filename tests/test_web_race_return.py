"""A page that comes back mid-race (reloaded in the same tab: the same token) hears where
the race stands in its own language, through the game's narrator on the server: that it
is back, the round, its dice, everyone's dice, who leads, and that a bot plays its seat
until the round ends; then that the seat is its own again. The others hear that it is
back in theirs, never a message's id. Bare page clients on 127.0.0.1."""

from __future__ import annotations

import asyncio

import pytest

from audiogame.devtools.net_harness import ServerThread
from audiogame.devtools.web_harness import WebPage, press
from audiogame.games.tirapassa.observation import Phase
from audiogame.language.localizer import Localizer
from audiogame.net.server.options import ServerOptions
from audiogame.net.server.race_table import RaceTable

TIMING = {"signal_delay": 0.3, "race_delay": 0.3, "calm_auto_delay": 0.4, "between_rounds": 0.3}
CONFIG = {"players": 3, "speed": "fast", "variant": "first-to-three", "timing": TIMING}


def ids(page: WebPage) -> list[str]:
    return [line["id"] for line in page.lines()]


async def server_holds(
    server: ServerThread, question, *reading: WebPage, bound: float = 120.0
) -> None:
    """Until the server's table answers ``question``; the pages in ``reading`` are read
    meanwhile (a page nobody reads stops answering the server's keepalive pings)."""
    for _ in range(int(bound / 0.01)):
        if await server.arun(question):
            return
        if reading:
            for page in reading:
                await page.drain(0.01 / len(reading))
        else:
            await asyncio.sleep(0.01)
    raise AssertionError("the table never got there")


def test_a_page_back_mid_race_hears_where_it_stands_and_gets_its_seat_back(tmp_path):
    async def run(server: ServerThread) -> tuple[WebPage, WebPage, list[str]]:
        anna = await WebPage(server.url, "Anna").open()
        await anna.send({"type": "create-table", "game": "tira", "config": CONFIG})
        await anna.until(lambda: anna.last("at-table") is not None)
        table_id = anna.last("at-table")["id"]
        zoe = await WebPage(server.url, "Zoë", lang="it").open()
        await zoe.until(lambda: zoe.last("welcome") is not None)
        await zoe.send({"type": "join-table", "table": table_id})
        await zoe.until(lambda: (zoe.last("at-table") or {}).get("id") == table_id)
        await anna.send(press("b", "KeyB"))
        await anna.until(lambda: "web-notice-bot-added" in ids(anna))
        await anna.send(press("Enter", "Enter"))
        running = server.server
        assert running is not None
        table = await server.arun(lambda: running.lobby.tables[table_id])
        assert isinstance(table, RaceTable)

        def racing() -> bool:
            match = table.match
            return match is not None and match.engine.observation(None).phase is Phase.RACING

        covered_seen: list[str] = []
        for _attempt in range(4):  # a race the bots end before she is back: the next one
            await server_holds(server, racing, anna, zoe)
            token = zoe.last("welcome")["token"]
            await zoe.close()
            await server_holds(server, lambda: table.seats[1].covered, anna)
            zoe = await WebPage(server.url, "Zoë", lang="it", token=token).open()
            await zoe.until(lambda z=zoe: "net-race-back" in ids(z))
            await zoe.sync()
            if "net-race-back-covered" in ids(zoe):
                covered_seen = ids(zoe)
                break
        else:
            pytest.fail("the race always ended before the page was back")
        # given back when the round ends, whose length is the dice's (mostly 7-15 s, now
        # and then 30 s and more): the bound only ends a wait that would never end
        await zoe.until(lambda: "net-seat-yours-again" in ids(zoe), 240)
        await anna.until(lambda: "web-notice-returning" in ids(anna))
        await server_holds(server, lambda: not table.seats[1].covered, anna, zoe)
        await zoe.close()
        await anna.close()
        return anna, zoe, covered_seen

    # heartbeat: Anna's page waits unread while Zoë leaves and comes back; at load 48 this
    # test's process went more than the 1.5 s of a ping's wait without answering, and the
    # server dropped Anna (what a drop does is other tests' subject, not this one's)
    options = ServerOptions(probe_every=0.2, grace=30.0, heartbeat=10.0)
    with ServerThread(tmp_path, options) as server:
        anna, zoe, said = asyncio.run(run(server))
    it, en = Localizer("it"), Localizer("en")
    # one summary, in this order, in the page's language
    start = said.index("net-race-back")
    summary = said[start : said.index("net-race-back-covered") + 1]
    assert summary[-1] == "net-race-back-covered"
    for wanted in ("tira-my-dice", "tira-everyone", "tira-standings"):
        assert wanted in summary
    assert any(i.startswith("tira-online-phase-") for i in summary)
    lines = {line["id"]: line["text"] for line in zoe.lines()}
    assert lines["net-race-back"] == it("net-race-back")
    assert lines["net-race-back-covered"] == it("net-race-back-covered")
    assert lines["net-seat-yours-again"] == it("net-seat-yours-again")
    assert lines["tira-standings"].startswith("Dischetti vinti: ")  # the game's words, in Italian
    assert lines["tira-everyone"].startswith("Dadi: ")  # the dice still move: everyone's
    # she is not told in the third person that she is back
    assert not {"web-notice-returning", "web-notice-back"} & set(ids(zoe))
    # Anna hears it in English; nobody hears a message's id
    heard = {line["id"]: line["text"] for line in anna.lines()}
    assert heard["web-notice-returning"] == en("web-notice-returning", name="Zoë", seat=2)
    # the large print is the game's own board (``GameSpec.board``), in each page's language
    for page, title in ((zoe, "Giro "), (anna, "Round ")):
        board = page.last("board")
        assert board is not None and board["lines"][0][0]["text"].startswith(title), board
    for page in (anna, zoe):
        for line in page.lines():
            assert line["text"] and line["text"] != line["id"], line
