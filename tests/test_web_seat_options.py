"""Tira's controls from a web page, without a browser: a bare client of the web
subprotocol (``devtools.web_harness.WebPage``, what the page's script does) against a real
server on 127.0.0.1. M (and its button) switches my seat between assisted and manual while
the table waits, said in the page's language; the seats say who plays by hand; during
the match M says the controls are fixed, and the manual seat's buttons send its dice."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from audiogame.devtools import phone as ph
from audiogame.devtools.net_harness import ServerThread, wait_for
from audiogame.devtools.web_harness import WebPage, press
from audiogame.games.tirapassa.actions import Send
from audiogame.language.localizer import Localizer
from audiogame.net.client.game_client import Connected, GameClient
from audiogame.net.protocol import messages as m
from audiogame.net.server.options import ServerOptions
from tests.test_net_race import config
from tests.test_web_commands import buttons, said, tap
from tests.test_web_phone import join, url
from tests.test_web_touch import PATH, WHY, browser  # noqa: F401 (a fixture)


def table_buttons(page: WebPage) -> dict[str, str]:
    return dict(buttons(page).get("table", []))


def sends_by_hand(table: Any) -> int:
    log = [e for e in table.match.log if e.action is not None and e.seat == 0]
    return sum(isinstance(table.codec.decode_logged(e.action), Send) for e in log)


def test_m_and_its_button_switch_my_controls_and_the_manual_seat_sends_by_taps(tmp_path):
    english = Localizer("en")
    manual = english("online-seat-option-mine", value=english("tira-seat-control-manual"))
    with ServerThread(tmp_path, ServerOptions(between_rounds=0.3)) as server:

        async def run() -> tuple[WebPage, list[Any], dict[str, str], list[str]]:
            anna = await WebPage(server.url, "Anna", lang="en").open()
            await anna.send({"type": "create-table", "game": "tira", "config": config(2)})
            await anna.until(lambda: "seat-option" in table_buttons(anna))
            first = dict(table_buttons(anna))
            await anna.send(press("m", "KeyM"))  # assisted -> manual
            await anna.until(lambda: "manual" in anna.last("at-table")["seats"][0])
            table = next(iter(server.server.lobby.tables.values()))
            await anna.send(tap("seat-option"))  # manual -> assisted, by the button
            await anna.until(lambda: "manual" not in anna.last("at-table")["seats"][0])
            await anna.send(tap("seat-option"))  # and manual again
            await anna.until(lambda: "manual" in anna.last("at-table")["seats"][0])
            await anna.send(press("b", "KeyB"))  # a bot: it plays by hand as I do
            await anna.until(lambda: "manual" in anna.last("at-table")["seats"][1])
            seats = list(anna.last("at-table")["seats"])
            await anna.send(press("Enter", "Enter"))
            await anna.until(lambda: "send-tray" in dict(buttons(anna).get("actions", [])))
            await anna.send(press("m", "KeyM"))  # fixed during the match: said so
            await anna.sync()
            # throw, and tap a die that can go, then Send, until one went by hand (the
            # bound only ends a wait that would never end)
            deadline = time.monotonic() + 120
            while not await server.arun(lambda: table.match is None or sends_by_hand(table)):
                assert time.monotonic() < deadline, "no die sent by a tap"
                view = await server.arun(lambda: table.match.engine.observation(0))
                sendable = view.sendable()
                if sendable:
                    await anna.send(tap(f"die-{sendable[0][0]}"))
                    await anna.send(tap("send"))
                else:
                    await anna.send(tap("throw"))
                await anna.drain(0.1)
            sent = await server.arun(lambda: table.match is not None and sends_by_hand(table))
            await anna.close()
            return anna, [sent], first, seats

        anna, (sent,), first, seats = asyncio.run(run())
    switch = english("web-do-seat-option", value=english("tira-seat-control-manual"))
    assert first["seat-option"] == switch
    texts = [line["text"] for line in anna.lines()]
    assert manual in texts
    assert seats[0].endswith(english("tira-seat-control-manual"))
    assert "online-seat-option-fixed" in said(anna)
    assert sent


@contextmanager
def anna_and_a_phone(tmp_path: Any, request: Any) -> Iterator[tuple[ServerThread, GameClient, Any]]:
    """A real server, Anna connected to it, and a phone's page in a real browser."""
    if PATH is None:
        pytest.skip(WHY)
    chromium = request.getfixturevalue("browser")
    with ServerThread(tmp_path, ServerOptions(between_rounds=0.3)) as server:
        anna = GameClient(server.url, "Anna", lang="en")
        anna.start()
        page = ph.phone(chromium, "en")
        try:
            wait_for(anna, lambda i: isinstance(i, Connected))
            yield server, anna, page
        finally:
            page.context.close()
            anna.close()


def table_of_two(server: ServerThread, anna: GameClient) -> tuple[str, Any]:
    """Anna opens a Tira table of two: its invite code, and the server's table."""
    anna.send(m.CreateTable(game="tira", config=config(2)))
    info = wait_for(anna, lambda i: isinstance(i, m.TableState)).table
    return info.code, server.run(lambda: server.server.lobby.tables[info.id])


def page_seat_becomes_manual(server: ServerThread, table: Any, page: Any, why: str) -> None:
    deadline = time.monotonic() + 60  # a bound only
    while server.run(lambda: dict(table.seats[1].options)) != {"control": "manual"}:
        assert time.monotonic() < deadline, why
        page.wait_for_timeout(20)


def tap_manual(page: Any, t: Localizer) -> None:
    switch = t("web-do-seat-option", value=t("tira-seat-control-manual"))
    page.get_by_role("button", name=switch, exact=True).tap()


def test_the_pages_last_choice_follows_me_to_my_next_table(tmp_path, request):
    """In a real browser (a phone's screen, by taps): the friend switches to manual
    controls at one table, leaves it, and sits at another: the page brings manual to
    the new seat by itself (this browser's last choice, as the desktop's setup does)."""
    t = Localizer("en")
    with anna_and_a_phone(tmp_path, request) as (server, anna, page):
        code, first = table_of_two(server, anna)
        page.goto(url(server, f"/t/{code}"))
        join(page, t)
        ph.until(page, "window.audiogame.state.atTable")
        tap_manual(page, t)
        ph.until(page, "localStorage.getItem('audiogame.seat-options')")
        assert server.run(lambda: dict(first.seats[1].options)) == {"control": "manual"}
        page.get_by_role("button", name=t("web-ui-leave")).tap()
        ph.until(page, "!window.audiogame.state.atTable")
        anna.send(m.LeaveTable())  # the first table closes
        wait_for(anna, lambda i: isinstance(i, m.Left))
        code, second = table_of_two(server, anna)
        page.goto(url(server, f"/t/{code}"))  # the tab's session: it sits by itself
        ph.until(page, "window.audiogame.state.atTable")
        page_seat_becomes_manual(server, second, page, "the page never brought its choice")


def test_damaged_values_in_the_browsers_storage_break_nothing(tmp_path, request):
    """What the page keeps in the browser (the verbosity, my seat's options) may be
    damaged or another version's: the page still opens, sits me and switches my
    controls, as if nothing had been kept."""
    t = Localizer("en")
    with anna_and_a_phone(tmp_path, request) as (server, anna, page):
        page.add_init_script(
            "localStorage.setItem('audiogame.verbosity', '{not json');"
            "localStorage.setItem('audiogame.seat-options', '[1, 2');"
        )
        code, table = table_of_two(server, anna)
        page.goto(url(server, f"/t/{code}"))
        join(page, t)
        ph.until(page, "window.audiogame.state.atTable")
        tap_manual(page, t)
        page_seat_becomes_manual(server, table, page, "the switch never reached the table")
