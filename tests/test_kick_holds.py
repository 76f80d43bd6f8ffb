"""The master's kick holds: a player sent away from a table is barred from it for the rest
of its life (by its id, its new code, after a restart, from another server process), and
a private table changes its invite code when it sends someone away, telling the players
still there the new one, so an old code passed on (or a kicked guest coming back as a new
guest) opens nothing. Raw clients of the test's own over real sockets."""

from __future__ import annotations

from pathlib import Path

import pytest

from audiogame.devtools import services
from audiogame.devtools.net_harness import ServerProcess, ServerThread
from audiogame.language.localizer import Localizer
from audiogame.net.protocol import messages as m
from audiogame.net.server.options import ServerOptions
from audiogame.ui.online import words
from tests.raw_client import Raw, run

CONFIG = {"players": 3, "target": 2, "think": 0}
BARRED = "barred"


async def _private_table(piera: Raw, game: str) -> dict:
    await piera.hello("Piera")
    await piera.send("create-table", game=game, config=CONFIG, private=True)
    return (await piera.next("table"))["table"]


async def _kick_bruno(piera: Raw, carla: Raw, bruno: Raw, seat: int) -> str:
    """Piera kicks Bruno from ``seat``: the new code, as Carla (still seated) hears it."""
    await piera.send("kick", seat=seat)
    left = await bruno.next("left")
    assert left["reason"] == "kicked"
    await carla.next("notice", lambda f: f["what"] == "new-code")
    # the table's state that carries the new code came before the notice that says it
    states = [f for f in carla.frames[: carla._read] if f["type"] == "table"]
    return str(states[-1]["table"]["code"])


def test_a_kicked_player_cannot_walk_back_in_and_the_code_changes(
    tmp_path: Path, folder_game
) -> None:
    with ServerThread(tmp_path, ServerOptions(grace=30)) as server:

        async def scenario() -> tuple[str, str, str, str]:
            piera = await Raw.open(server.url)
            info = await _private_table(piera, folder_game.id)
            table, old = info["id"], info["code"]
            bruno, carla = await Raw.open(server.url), await Raw.open(server.url)
            welcome = await bruno.hello("Bruno")
            await carla.hello("Carla")
            for raw in (bruno, carla):
                await raw.answer("join-table", code=old, ok=("table",))
            new = await _kick_bruno(piera, carla, bruno, seat=1)
            assert new != old and new
            # the old code opens nothing any more, for him or for a newcomer
            refused = await bruno.answer("join-table", code=old, ok=("table",))
            assert refused.get("reason") == "no-such-table", refused
            # the new code (passed on by someone) and the id do not bring him back
            for fields in ({"code": new}, {"table": table}, {"code": new, "spectator": True}):
                refused = await bruno.answer("join-table", **fields, ok=("table",))
                assert refused.get("reason") == BARRED, (fields, refused)
            refused = await bruno.answer("join-player", name="Piera", ok=("table",))
            assert refused["type"] == "refused", refused
            # a kicked guest coming back as a new guest with the old code: nothing
            again = await Raw.open(server.url)
            await again.hello("Bruno di nuovo")
            refused = await again.answer("join-table", code=old, ok=("table",))
            assert refused.get("reason") == "no-such-table", refused
            # the new code still lets in whoever it is given to
            dora = await Raw.open(server.url)
            await dora.hello("Dora")
            joined = await dora.answer("join-table", code=new, ok=("table",))
            assert joined["type"] == "table" and joined["table"]["id"] == table
            for raw in (piera, bruno, carla, again, dora):
                await raw.close()
            return table, new, welcome["token"], welcome["player"]

        table, new, token, _player = run(scenario())

    # after a restart the table still bars him, and keeps its new code
    with ServerThread(tmp_path, ServerOptions(grace=30)) as server:

        async def after() -> None:
            bruno = await Raw.open(server.url)
            await bruno.hello("Bruno", token=token)
            for fields in ({"code": new}, {"table": table}):
                refused = await bruno.answer("join-table", **fields, ok=("table",))
                assert refused.get("reason") == BARRED, (fields, refused)
            await bruno.close()

        run(after())


def test_a_kicked_spectator_is_barred_from_a_public_table_too(tmp_path: Path, folder_game) -> None:
    with ServerThread(tmp_path) as server:

        async def scenario() -> None:
            piera = await Raw.open(server.url)
            await piera.hello("Piera")
            await piera.send("create-table", game=folder_game.id, config=CONFIG, private=False)
            info = (await piera.next("table"))["table"]
            bruno = await Raw.open(server.url)
            await bruno.hello("Bruno")
            await bruno.answer("join-table", table=info["id"], ok=("table",))
            await piera.send("kick", seat=1)
            assert (await bruno.next("left"))["reason"] == "kicked"
            for spectator in (False, True):
                refused = await bruno.answer(
                    "join-table", table=info["id"], spectator=spectator, ok=("table",)
                )
                assert refused.get("reason") == BARRED, refused
            # a public table keeps its code: nobody needs one to find it
            state = await piera.answer("ping", id=7, ok=("pong",))
            assert state["type"] == "pong"
            assert not [f for f in piera.frames if f.get("what") == "new-code"]
            for raw in (piera, bruno):
                await raw.close()

        run(scenario())


def test_the_bar_and_the_new_code_hold_on_another_server_process(
    tmp_path: Path, folder_game
) -> None:
    pg, rd = services.postgres_url(), services.redis_url()
    if pg is None:
        pytest.skip(services.postgres_skip_reason())
    if rd is None:
        pytest.skip(services.redis_skip_reason())
    shared = ["--store", services.fresh_postgres(pg), "--bus", rd]
    shared += ["--redis-prefix", services.fresh_prefix(), "--grace", "30"]
    processes = []
    try:
        for n in (1, 2):
            (tmp_path / f"p{n}").mkdir()
            processes.append(ServerProcess(tmp_path / f"p{n}", *shared).start())
        one, two = (p.url for p in processes)

        async def scenario() -> None:
            piera = await Raw.open(one)
            info = await _private_table(piera, folder_game.id)
            table, old = info["id"], info["code"]
            carla, bruno = await Raw.open(one), await Raw.open(two)
            await carla.hello("Carla")
            await bruno.hello("Bruno")
            await carla.answer("join-table", code=old, ok=("table",))
            # Bruno sits from the other process (the table runs on the first)
            await bruno.answer("join-table", code=old, ok=("table",))
            new = await _kick_bruno(piera, carla, bruno, seat=2)
            assert new != old
            # the second process heard the new code: the old one finds nothing there
            dora = await Raw.open(two)
            await dora.hello("Dora")
            joined = await dora.answer("join-table", code=new, ok=("table",))
            assert joined["type"] == "table" and joined["table"]["id"] == table
            refused = await bruno.answer("join-table", code=old, ok=("table",))
            assert refused.get("reason") == "no-such-table", refused
            for fields in ({"code": new}, {"table": table}, {"code": new, "spectator": True}):
                refused = await bruno.answer("join-table", **fields, ok=("table",))
                assert refused.get("reason") == BARRED, (fields, refused)
            heard = await bruno.barrier()
            assert not [f for f in heard if f["type"] in ("table", "snapshot")]
            for raw in (piera, carla, bruno, dora):
                await raw.close()

        run(scenario())
    finally:
        for n, process in enumerate(processes, 1):
            process.stop()
            print(f"-- server process {n} said:\n{process.log()}")


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_bar_and_the_new_code_are_said_in_both_languages(lang: str) -> None:
    t = Localizer(lang)
    assert t.has(f"net-reason-{BARRED}")
    assert words.reason_words(BARRED, t) != words.reason_words("private-table", t)
    info = m.TableInfo(
        id="t1", code="0-2-15", game="domino", config={}, private=True,
        stage=m.TableStage.WAITING, master=0, master_name="Piera", seats=[],
        spectators=0, paused=False, seed_hash="", bot_levels=[], match=0,
        between_rounds=0.0,
    )  # fmt: skip
    said = words.notice_words(m.Notice(what=m.NoticeKind.NEW_CODE), info, t, lang)
    assert ("gatto luna verde" if lang == "it" else "cat moon green") in said
    assert "online-notice" not in said
