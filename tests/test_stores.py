"""Every ``Store`` keeps the same things the same way: SQLite (embedded) and PostgreSQL."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from audiogame.devtools import services
from audiogame.net.protocol.match_log import LogEntry
from audiogame.net.server.records import AccountRecord, RatingRecord, ResultRecord, SessionRecord
from audiogame.net.server.sqlite_store import SqliteStore
from audiogame.net.server.store import (
    Fenced,
    MatchRecord,
    PlayerRecord,
    SeatRecord,
    TableRecord,
)


@pytest.fixture(params=["sqlite", "postgres"])
def with_store(request, tmp_path: Path) -> Callable[[Callable[[Any], Awaitable[None]]], None]:
    def run(body: Callable[[Any], Awaitable[None]]) -> None:
        async def go() -> None:
            if request.param == "sqlite":
                store: Any = SqliteStore(tmp_path / "s.sqlite3")
            else:
                url = services.postgres_url()
                if url is None:
                    pytest.skip(services.postgres_skip_reason())
                from audiogame.net.server.postgres_store import PostgresStore

                store = await PostgresStore.connect(services.fresh_postgres(url))
            try:
                await body(store)
            finally:
                closer = getattr(store, "aclose", None)
                await closer() if closer else store.close()

        asyncio.run(go())

    return run


def table(table_id: str = "t1", number: int = 1) -> TableRecord:
    return TableRecord(
        id=table_id,
        game="domino",
        code="1-2-3",
        config={"players": 2},
        private=False,
        master="p1",
        seats=[SeatRecord("human", "p1", "Anna"), SeatRecord("bot", level="hard")],
        stage="playing",
        match=MatchRecord(number, "42", "h", {"players": 2}, 0.0, ["p1", ""], ["", "hard"]),
        matches_played=number,
    )


def test_tables_logs_and_bots_come_back_as_written(with_store):
    async def body(store: Any) -> None:
        await store.save_table(table("t1"))
        await store.save_table(table("t2"))
        await store.append("t1", 1, [LogEntry(0, 0.5, 0, {"$": "Play", "tile": 3})], {1: {"r": 1}})
        await store.append("t1", 1, [LogEntry(1, 1.0, None, None)], {1: {"r": 2}})
        saved = await store.open_tables()
        assert [s.record.id for s in saved] == ["t1", "t2"]
        first = saved[0]
        assert first.record == table("t1")
        assert first.log == [
            LogEntry(0, 0.5, 0, {"$": "Play", "tile": 3}),
            LogEntry(1, 1.0, None, None),
        ]
        assert first.bots == {1: {"r": 2}}
        assert (await store.open_table("t1")).log == first.log
        assert await store.open_table("nope") is None
        await store.finish_match(table("t1"), first.log, {"ranks": [1, 2]})
        kept = await store.finished_match("t1", 1)
        assert kept["match"]["seed"] == "42" and kept["log"][0] == [
            0.5,
            0,
            {"$": "Play", "tile": 3},
        ]
        await store.close_table("t1")
        assert [s.record.id for s in await store.open_tables()] == ["t2"]
        assert await store.finished_match("t1", 1) is not None  # finished matches stay

    with_store(body)


def test_an_owner_whose_table_was_claimed_since_writes_nothing(with_store):
    async def body(store: Any) -> None:
        await store.save_table(table("t1"))
        first = await store.claim_table("t1")
        await store.append("t1", 1, [LogEntry(0, 0.5, 0, None)], {1: {"r": 1}}, epoch=first)
        # another process takes the table over: its claim comes before it reads the log
        second = await store.claim_table("t1")
        assert second > first and await store.claim_table("t2") == 1
        read = (await store.open_table("t1")).log
        with pytest.raises(Fenced):  # the old owner wakes and writes: refused, whole
            await store.append("t1", 1, [LogEntry(1, 1.0, 2, None)], {1: {"r": 9}}, epoch=first)
        await store.append("t1", 1, [LogEntry(1, 1.5, 1, None)], {1: {"r": 2}}, epoch=second)
        kept = await store.open_table("t1")
        assert kept.log == [*read, LogEntry(1, 1.5, 1, None)]
        assert kept.bots == {1: {"r": 2}}
        await store.close_table("t1")  # a closed table's epoch goes with it
        assert await store.claim_table("t1") == 1

    with_store(body)


def test_players_accounts_and_sessions(with_store):
    async def body(store: Any) -> None:
        await store.save_player(PlayerRecord("g1", "Ospite", "hash1"))
        assert await store.player_by_token("hash1") == PlayerRecord("g1", "Ospite", "hash1")
        await store.save_player(PlayerRecord("g2", "Passante", "hash2"))
        await store.forget_player("g2")  # a guest gone for good
        assert await store.player_by_token("hash2") is None
        assert await store.player_by_token("hash1") is not None
        anna = AccountRecord("a1", "Anna", "anna", "$argon2id$x", 10.0)
        assert await store.create_account(anna)
        assert not await store.create_account(AccountRecord("a2", "ANNA", "anna", "y", 11.0))
        assert await store.account_by_key("anna") == anna
        assert await store.account_by_id("a1") == anna
        assert list(await store.accounts_by_id(["a1", "zz", "a1"])) == ["a1"]
        await store.set_password("a1", "$argon2id$new")
        await store.set_privacy(
            "a1", {"invite": "friends", "message": "nobody", "join": "everyone"}
        )
        again = await store.account_by_id("a1")
        assert again.password_hash == "$argon2id$new" and again.privacy["message"] == "nobody"
        for token in ("s1", "s2", "s3"):
            await store.save_session(SessionRecord(token, "a1", 1.0, 100.0))
        assert await store.session("s1") == SessionRecord("s1", "a1", 1.0, 100.0)
        assert await store.revoke_sessions("a1", "s1") == 1
        assert (await store.session("s1")).revoked
        assert await store.revoke_sessions("a1") == 2
        assert (await store.session("s3")).revoked

    with_store(body)


def test_relations_ratings_results_and_the_leaderboard(with_store):
    async def body(store: Any) -> None:
        for n, name in enumerate(("Anna", "Bruno", "Carla")):
            await store.create_account(AccountRecord(f"a{n}", name, name.lower(), "x", 0.0))
        await store.set_relation("a0", "a1", "friend")
        await store.set_relation("a0", "a2", "blocked")
        await store.set_relation("a2", "a1", "favourite")
        assert await store.relations("a0") == {"a1": "friend", "a2": "blocked"}
        assert sorted(await store.listed_by("a1", ["friend", "favourite"])) == ["a0", "a2"]
        await store.set_relation("a0", "a2", None)
        assert await store.relations("a0") == {"a1": "friend"}
        ratings = [
            RatingRecord("a0", "domino", 30.0, 2.0, 5),
            RatingRecord("a1", "domino", 35.0, 6.0, 5),  # higher, but far less sure
            RatingRecord("a2", "domino", 40.0, 1.0, 2),  # too few matches for the board
        ]
        result = ResultRecord("a0", "domino", "t1", 1, 5.0, 0, 1, 3, "42", 25, 8, 30, 2)
        later = ResultRecord("a0", "domino", "t1", 2, 6.0, 0, 2, 3, "43", 30, 2, 29, 2)
        await store.record_results([result, later], ratings)
        assert (await store.ratings("domino", ["a0", "zz"])) == {"a0": ratings[0]}
        board = await store.leaderboard("domino", 10, 3)
        assert [name for name, _ in board] == ["Anna", "Bruno"]
        assert await store.results_of("a0", 10) == [later, result]
        assert await store.results_of("a0", 1) == [later]

    with_store(body)


def test_a_table_whose_row_cannot_be_read_never_keeps_the_others_back(with_store):
    async def body(store: Any) -> None:
        await store.save_table(table("t1"))
        await store.save_table(table("t2"))
        await store.append("t2", 1, [LogEntry(0, 0.5, 0, {"$": "Play", "tile": 3})], {})
        bad = "UPDATE tables SET data = '[1, 2, 3]' WHERE id = 't1'"
        if isinstance(store, SqliteStore):
            store.db.execute(bad)
        else:
            await store._run(bad)
        saved = await store.open_tables()
        assert [s.record.id for s in saved] == ["t2"]
        assert saved[0].log == [LogEntry(0, 0.5, 0, {"$": "Play", "tile": 3})]

    with_store(body)


def test_a_match_is_rated_once_the_first_result_standing(with_store):
    """The stores once disagreed here (SQLite replaced a kept result, PostgreSQL kept it
    and moved the rating all the same). Decided: a match is rated once; written again
    (a table taken over and finished again), the first result stands and that account's
    rating stays, while an account with no result for it yet is rated."""

    async def body(store: Any) -> None:
        first = ResultRecord("a0", "domino", "t1", 1, 5.0, 0, 1, 2, "42", 25, 8, 30, 2)
        again = ResultRecord("a0", "domino", "t1", 1, 9.0, 0, 2, 2, "42", 30, 2, 20, 2)
        late = ResultRecord("a1", "domino", "t1", 1, 9.0, 1, 1, 2, "42", 25, 8, 31, 3)
        rated = RatingRecord("a0", "domino", 30.0, 2.0, 1)
        assert await store.record_results([first], [rated]) == ["a0"]
        moved_again = RatingRecord("a0", "domino", 20.0, 2.0, 2)
        newcomer = RatingRecord("a1", "domino", 31.0, 3.0, 1)
        assert await store.record_results([again, late], [moved_again, newcomer]) == ["a1"]
        assert await store.results_of("a0", 10) == [first]
        assert await store.ratings("domino", ["a0", "a1"]) == {"a0": rated, "a1": newcomer}

    with_store(body)


def test_guests_are_forgotten_by_when_any_process_last_saw_them(with_store):
    async def body(store: Any) -> None:
        for n, seen in enumerate((100.0, 200.0, 300.0)):
            await store.save_player(PlayerRecord(f"g{n}", "Ospite", f"h{n}", seen, seen))
        await store.seen_players(["g0"], 400.0)  # another process holds g0 now
        await store.save_player(PlayerRecord("g1", "Ospite 2", "h1", 500.0, 250.0))  # renamed
        assert await store.player_by_token("h1") == PlayerRecord("g1", "Ospite 2", "h1", 200, 250)
        assert sorted(await store.forget_guests(301.0)) == ["g1", "g2"]
        assert await store.player_by_token("h0") == PlayerRecord("g0", "Ospite", "h0", 100, 400)
        assert await store.player_by_token("h2") is None

    with_store(body)
