"""A private table is reached only with its code: an outsider's raw client tries every
other road (following a player, the table's id, a resume token naming it, the list,
presence, the record of a finished match) and is refused on each, hearing nothing of
the table; with the code, or the master's invitation, it is in."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from audiogame.core.narration import resolve
from audiogame.devtools.net_harness import ScriptedPlayer, ServerThread, wait_for
from audiogame.language.localizer import Localizer
from audiogame.net.client import server_words
from audiogame.net.client.game_client import Connected, GameClient
from audiogame.net.protocol import messages as m
from audiogame.net.server.options import ServerOptions
from tests.raw_client import Raw, run

PRIVATE = "private-table"


def _config() -> dict:
    return {"players": 3, "target": 2, "think": 0}


def _mentions(frames: list[dict], table: str, code: str) -> list[dict]:
    """Frames that carry the table's id or code anywhere."""
    return [f for f in frames if table in repr(f) or code in repr(f)]


def test_a_private_table_opens_only_with_its_code(tmp_path: Path, folder_game) -> None:
    with ServerThread(tmp_path, ServerOptions(grace=30)) as server:

        async def scenario() -> None:
            piera = await Raw.open(server.url)
            await piera.hello("Piera")
            await piera.send("create-table", game=folder_game.id, config=_config(), private=True)
            info = (await piera.next("table"))["table"]
            table, code = info["id"], info["code"]
            assert info["private"]

            stranger = await Raw.open(server.url)
            welcome = await stranger.hello("Stranger")
            await stranger.send("people", watch=True)  # until Piera is seen at a private table
            await stranger.next(
                "presence", lambda f: f["person"]["name"] == "Piera" and f["person"].get("private")
            )
            # following the player there
            for spectator in (False, True):
                refused = await stranger.answer(
                    "join-player", name="Piera", spectator=spectator, ok=("table",)
                )
                assert refused.get("reason") == PRIVATE, refused
            # its id, to sit or to watch
            for spectator in (False, True):
                refused = await stranger.answer(
                    "join-table", table=table, spectator=spectator, ok=("table",)
                )
                assert refused.get("reason") == PRIVATE, refused
            # a wrong code with the right id
            refused = await stranger.answer("join-table", table=table, code="1-2-3", ok=("table",))
            assert refused.get("reason") == PRIVATE, refused
            # the list, and who is online (the table's id never shown)
            listing = await stranger.answer("list-tables", ok=("tables",))
            assert listing["tables"] == []
            people = await stranger.answer("people", watch=False, ok=("people",))
            (shown,) = [p for p in people["people"] if p["name"] == "Piera"]
            assert shown["table"] == ""
            heard = await stranger.barrier()
            assert _mentions(heard, table, code) == []
            await stranger.close()

            # a resume token naming the table (as a spectator's client does after a drop)
            again = await Raw.open(server.url)
            await again.hello("Stranger", token=welcome["token"], table=table)
            assert _mentions(await again.barrier(), table, code) == []

            # the code opens it (as the link and the spoken code do), to watch or to sit
            joined = await again.answer("join-table", code=code, spectator=True, ok=("table",))
            assert joined["type"] == "table" and joined["table"]["id"] == table
            await again.answer("leave-table", ok=("left",))
            # left on purpose: the id alone does not bring them back
            refused = await again.answer("join-table", table=table, spectator=True, ok=("table",))
            assert refused.get("reason") == PRIVATE, refused

            # the master's invitation carries the code: the invited player comes in with it
            guest = await Raw.open(server.url)
            await guest.hello("Ospite")
            await piera.send("invite", name="Ospite")
            invited = await guest.next("invited")
            assert invited["code"] == code
            joined = await guest.answer(
                "join-table", table=invited["table"], code=invited["code"], ok=("table",)
            )
            assert joined["type"] == "table" and joined["you"] == 1
            for raw in (piera, again, guest):
                await raw.close()

        run(scenario())


def test_a_spectator_let_in_comes_back_after_a_drop_without_the_code(
    tmp_path: Path, folder_game
) -> None:
    with ServerThread(tmp_path, ServerOptions(grace=30)) as server:

        async def scenario() -> None:
            piera = await Raw.open(server.url)
            await piera.hello("Piera")
            await piera.send("create-table", game=folder_game.id, config=_config(), private=True)
            info = (await piera.next("table"))["table"]
            watcher = await Raw.open(server.url)
            welcome = await watcher.hello("Vera")
            await watcher.answer("join-table", code=info["code"], spectator=True, ok=("table",))
            await watcher.close()  # dropped, not gone on purpose
            back = await Raw.open(server.url)
            await back.hello("Vera", token=welcome["token"], table=info["id"])
            state = await back.next("table")
            assert state["table"]["id"] == info["id"] and state["you"] is None
            await back.close()
            await piera.close()

        run(scenario())


def _finish_private_match(server: ServerThread, game: str) -> tuple[str, str]:
    """Anna (an account) and a bot play a private table to its end: (table id, code)."""
    anna = GameClient(server.url, "Anna", password="a long passphrase", register=True)
    anna.start()
    wait_for(anna, lambda i: isinstance(i, Connected))
    anna.send(
        m.CreateTable(game=game, config={"players": 2, "target": 2, "think": 0}, private=True)
    )
    info = wait_for(anna, lambda i: isinstance(i, m.TableState)).table
    anna.send(m.SetBot(seat=1, level="easy"))
    wait_for(anna, lambda i: isinstance(i, m.Notice))
    anna.send(m.Start())
    player = ScriptedPlayer(anna, seed=3)
    deadline = time.monotonic() + 600  # only ends a wait that never ends
    while player.over is None:
        assert time.monotonic() < deadline, "the match did not end"
        player.pump()
        time.sleep(0.001)
    anna.close()
    return info.id, info.code


def test_the_record_of_a_private_tables_match_carries_no_way_in(
    tmp_path: Path, folder_game
) -> None:
    with ServerThread(tmp_path, ServerOptions(grace=30, between_rounds=0.05)) as server:
        table, code = _finish_private_match(server, folder_game.id)

        async def scenario() -> None:
            stranger = await Raw.open(server.url)
            await stranger.hello("Stranger")
            deadline = time.monotonic() + 600  # the match is rated a moment after its end
            while True:
                record = await stranger.answer("record", name="Anna", ok=("record",))
                if record["results"] or time.monotonic() > deadline:
                    break
                await asyncio.sleep(0.2)  # asked again, well inside the rate limit
            (item,) = record["results"]
            assert item["table"] == "" and item["match"] == 1
            assert _mentions([record], table, code) == []
            # the id, learnt some other way, still opens nothing
            refused = await stranger.answer(
                "join-table", table=table, spectator=True, ok=("table",)
            )
            assert refused.get("reason") == PRIVATE, refused
            refused = await stranger.answer("get-match", table=table, match=1)
            assert refused["reason"] == "no-such-match"
            await stranger.close()

        run(scenario())


def test_presence_says_only_that_a_player_is_at_a_private_table(
    tmp_path: Path, folder_game
) -> None:
    """Who is online (the list and each change) tells a private table's players apart from
    the idle ones, and nothing more: not the game, not the table's id or code, not whether
    its match is under way."""
    with ServerThread(tmp_path, ServerOptions(grace=30)) as server:

        async def scenario() -> None:
            stranger = await Raw.open(server.url)
            await stranger.hello("Stranger")
            await stranger.answer("people", watch=True, ok=("people",))
            piera = await Raw.open(server.url)
            await piera.hello("Piera")
            await piera.send("create-table", game=folder_game.id, config=_config(), private=True)
            info = (await piera.next("table"))["table"]
            for seat in (1, 2):
                await piera.answer("set-bot", seat=seat, level="easy", ok=("notice",))
            await piera.answer("start", ok=("match-begins",))
            await piera.next("snapshot")
            # her news as the watcher hears it, once it says she is at a table at all
            seen = await stranger.next(
                "presence",
                lambda f: (
                    f["person"]["name"] == "Piera"
                    and (f["person"].get("private") or f["person"]["game"] != "")
                ),
            )
            assert seen["person"].get("private") is True, seen
            people = await stranger.answer("people", watch=False, ok=("people",))
            (shown,) = [p for p in people["people"] if p["name"] == "Piera"]
            assert shown.get("private") is True, shown
            assert (shown["game"], shown["table"], shown["playing"]) == ("", "", False)
            await stranger.barrier()
            about = [f for f in stranger.frames if "Piera" in repr(f)]
            assert about and _mentions(about, info["id"], info["code"]) == []
            assert not [f for f in about if folder_game.id in repr(f)], about
            for raw in (stranger, piera):
                await raw.close()

        run(scenario())


@pytest.mark.parametrize(("lang", "said"), [("it", "a un tavolo privato"), ("en", "private table")])
def test_a_player_at_a_private_table_is_said_so_in_both_languages(lang: str, said: str) -> None:
    person = m.Person(name="Piera", status="available", account=False, private=True)
    t = Localizer(lang)
    message = resolve(server_words.person(person), t)
    assert said in t(message.msg_id, **message.args)
