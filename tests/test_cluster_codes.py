"""In a cluster an invite code opens one table: a process never hands out a code (or a
table id) that another process's table already has. Two servers on one PostgreSQL and one
Redis, in this process, and raw clients of the test's own."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from audiogame.devtools.net_harness import ServerThread
from audiogame.net.protocol import spoken_words
from tests.backends import server_kwargs
from tests.raw_client import Raw, run

CONFIG = {"players": 3, "target": 2, "think": 0}


def test_a_code_taken_on_one_process_is_not_handed_out_by_the_other(
    tmp_path: Path, folder_game, monkeypatch: pytest.MonkeyPatch
) -> None:
    shared = server_kwargs("postgres+redis")
    # the random draw made to repeat itself: the second table's first draw is the first's code
    draws: Iterator[tuple[int, ...]] = iter([(1, 2, 3), (1, 2, 3), (4, 5, 6)])
    monkeypatch.setattr(spoken_words, "invite_code", lambda: next(draws))
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    with (
        ServerThread(tmp_path / "one", **shared) as one,
        ServerThread(tmp_path / "two", **shared) as two,
    ):

        async def scenario() -> tuple[dict, dict, dict]:
            piera = await Raw.open(one.url)
            await piera.hello("Piera")
            await piera.send("create-table", game=folder_game.id, config=CONFIG, private=True)
            first = (await piera.next("table"))["table"]
            # Bruno, on the other process, joins it by its code: that process now knows it
            bruno = await Raw.open(two.url)
            await bruno.hello("Bruno")
            joined = await bruno.answer("join-table", code=first["code"], ok=("table",))
            assert joined["type"] == "table" and joined["table"]["id"] == first["id"], joined
            carla = await Raw.open(two.url)
            await carla.hello("Carla")
            await carla.send("create-table", game=folder_game.id, config=CONFIG, private=True)
            second = (await carla.next("table"))["table"]
            # a stranger on the second process given the first table's code finds the first
            dora = await Raw.open(two.url)
            await dora.hello("Dora")
            found = await dora.answer("join-table", code=first["code"], ok=("table",))
            for raw in (piera, bruno, carla, dora):
                await raw.close()
            return first, second, found

        first, second, found = run(scenario())
    assert first["code"] == spoken_words.code_key((1, 2, 3))
    assert second["code"] == spoken_words.code_key((4, 5, 6)), second
    assert second["id"] != first["id"]
    assert found["type"] == "table" and found["table"]["id"] == first["id"], found
