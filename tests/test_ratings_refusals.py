"""Ratings asked for wrongly, on a real server on loopback: each gets its reason, and the
connection goes on. (Before issue 23 these refusals were reached only in passing, by walks
the suite no longer runs; the coverage comparison in docs/testing.md found them.)"""

from __future__ import annotations

from pathlib import Path

from audiogame.devtools.net_harness import ServerThread, wait_for
from audiogame.net.client.game_client import GameClient
from audiogame.net.protocol import messages as m
from audiogame.net.protocol.reasons import Reason
from audiogame.net.server.options import ServerOptions

PASSWORD = "mare d'inverno 7"


def enter(url: str, name: str, password: str | None) -> GameClient:
    client = GameClient(url, name, password=password)
    client.register = password is not None
    client.start()
    found = wait_for(client, lambda i: isinstance(i, m.Welcome | m.Refused))
    assert isinstance(found, m.Welcome), found
    return client


def refused(client: GameClient) -> str:
    return wait_for(client, lambda i: isinstance(i, m.Refused)).reason


def test_a_rating_or_leaderboard_asked_wrongly_is_refused_with_its_reason(tmp_path: Path):
    with ServerThread(tmp_path, ServerOptions()) as server:
        anna = enter(server.url, "Anna", PASSWORD)
        guest = enter(server.url, "Gino", None)
        try:
            anna.leaderboard("no-such-game")
            assert refused(anna) == Reason.NO_SUCH_GAME.value
            anna.rating("domino", "Nobody Of That Name")
            assert refused(anna) == Reason.NO_SUCH_ACCOUNT.value
            guest.rating("domino")  # a guest's own rating: guests have none
            assert refused(guest) == Reason.ACCOUNTS_ONLY.value
            # the connection goes on: the same questions asked rightly are answered
            anna.rating("domino")
            mine = wait_for(anna, lambda i: isinstance(i, m.Rating))
            assert mine.name == "Anna" and mine.matches == 0
            anna.leaderboard("domino")
            assert wait_for(anna, lambda i: isinstance(i, m.Leaderboard)).rows == []
        finally:
            anna.close()
            guest.close()
