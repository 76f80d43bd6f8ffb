"""A Tira race from a page's socket, without a browser (the bare web client): the keys
dated on the server's clock, the foreseen happenings narrated ahead, and what the
listener keeps of them (``net.web.race.PageRace``) on the server's clock."""

from __future__ import annotations

import asyncio
import math
import time

from audiogame.devtools.net_harness import ServerThread
from audiogame.devtools.web_harness import WebPage, press
from audiogame.net.protocol import messages as m
from audiogame.net.server.options import ServerOptions
from audiogame.net.web.race import PageRace, Planned, parts

CONFIG = {"players": 2, "speed": "fast", "variant": "first-to-three"}


def the_table(server: ServerThread):
    running = server.server
    assert running is not None
    return server.run(lambda: next(iter(running.lobby.tables.values()), None))


def test_a_key_pressed_as_the_race_starts_is_dated_and_the_table_goes_on(tmp_path):
    """Space pressed as the race starts is dated before the game's time began: it
    counts at its beginning (the engine's time never goes back, the table stays open),
    and the table believes the page's date of every later press within its bound."""

    async def run(server: ServerThread) -> WebPage:
        page = await WebPage(server.url, "Zoë").open()
        await page.send({"type": "create-table", "game": "tira", "config": CONFIG})
        await page.until(lambda: page.last("at-table") is not None)
        seated = len(page.frames)
        await page.send(press("b", "KeyB"))  # the bot: the seating comes again
        await page.until(lambda: any(f["type"] == "at-table" for f in page.frames[seated:]))
        await page.send(press("Enter", "Enter"))
        await page.until(lambda: (page.last("at-table") or {}).get("stage") == "playing")
        # the game's time begins a moment after the start (``race_table.LEAD``)
        await page.send({**press(" ", "Space"), "at": time.monotonic()})
        await page.drain(0.3)
        for _ in range(4):
            # dated as it leaves, on this machine's clock, which the server's loop reads
            await page.send({**press(" ", "Space"), "at": time.monotonic()})
            await page.drain(0.6)
        await page.close()
        return page

    with ServerThread(tmp_path, ServerOptions(probe_every=0.2)) as server:
        page = asyncio.run(run(server))
        table = the_table(server)
        assert table is not None and not table.closed
        # the last press may still be on its way in as the page closes: awaited (a bound
        # only ends a wait that never ends; more than five fails below)
        deadline = time.monotonic() + 60
        while len(server.run(lambda: list(table.claims))) < 5 and time.monotonic() < deadline:
            time.sleep(0.02)
        claims = server.run(lambda: list(table.claims))
    assert page.last("left") is None  # the table never broke
    assert len(claims) == 5
    for claim in claims:
        assert claim.claimed is not None
        assert claim.arrival - claim.bound <= claim.believed <= claim.arrival
    # each believed as dated unless its frame came slower than the line's bound allows
    # (how many a busy machine lets through is not this test's verdict)
    plans = [f for f in page.frames if f["type"] == "plan"]
    assert plans and any(item["lines"] for f in plans for item in f["items"])
    for f in plans:
        for item in f["items"]:
            assert math.isclose(
                item["at"] - item["key"], plans[0]["items"][0]["at"] - plans[0]["items"][0]["key"]
            )


def test_what_was_said_ahead_counts_as_heard_once_the_servers_clock_passes_it():
    now = [100.0]
    race = PageRace(lambda: now[0])
    assert race.due() == [] and race.heard_view() is None  # no clock yet
    race.clock = m.RaceClock(origin=90.0, hold=0.02, bound=0.02)
    race.planned = {
        11.0: Planned(("landed",), "view at 11", [("Penny.", "others")]),
        10.5: Planned(("go",), "view at 10.5", [("Go!", "turn")]),
    }
    assert race.due() == []  # game time 10: nothing yet
    now[0] = 100.6
    assert [p.view for p in race.due()] == ["view at 10.5"]
    assert race.heard_view() == "view at 10.5"
    assert race.due() == []  # each part once
    now[0] = 101.2
    assert [p.lines for p in race.due()] == [[("Penny.", "others")]]
    assert race.heard_view() == "view at 11"
    race.upto_time = 11.0  # the table's own frames caught up: its view is the newest
    assert race.heard_view() is None
    race.planned[12.0] = Planned(("later",), "view at 12")
    assert race.reset() == [12.0]  # only what was not heard yet is dropped
    assert race.planned == {} and race.upto_time == -math.inf


def test_a_batch_splits_into_its_parts_by_time():
    class At:
        def __init__(self, time: float | None, name: str) -> None:
            self.time, self.name = time, name

        def __repr__(self) -> str:
            return self.name

    a, b, c, d = At(1.0, "a"), At(1.0, "b"), At(2.0, "c"), At(None, "d")
    assert parts([a, b, c, d]) == [(1.0, (a, b)), (2.0, (c,)), (None, (d,))]
