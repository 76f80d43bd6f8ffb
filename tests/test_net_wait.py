"""Waiting for one item from a client never loses the items that came with it: on a
busy machine a Welcome and the TableState after it arrive in one poll, and a test
that waits for the first must still find the second (CI failed on this once)."""

from __future__ import annotations

from audiogame.devtools.net_harness import wait_for
from audiogame.net.client.game_client import GameClient
from audiogame.net.protocol import messages as m


def test_what_came_with_the_awaited_item_is_left_for_the_next_wait() -> None:
    client = GameClient("ws://127.0.0.1:9/", "Anna")  # never started: nothing connects
    first, second, third = m.Refused(reason="a"), m.Refused(reason="b"), m.Refused(reason="c")
    for item in (first, second, third):
        client.inbox.put(item)
    assert wait_for(client, lambda i: i is first, timeout=5) is first
    assert wait_for(client, lambda i: i is third, timeout=5) is third
    assert client.poll() == []


def test_items_handed_back_are_read_first_and_in_order() -> None:
    client = GameClient("ws://127.0.0.1:9/", "Anna")
    late = m.Refused(reason="late")
    client.inbox.put(late)
    early = [m.Refused(reason="one"), m.Refused(reason="two")]
    client.put_back(early)
    assert client.poll() == [*early, late]
