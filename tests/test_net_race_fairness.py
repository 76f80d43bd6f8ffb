"""Fairness over unequal lines, as the benchmark plays it: two scripted players of the same
pace race each other at tables on a real server process, one on a 10 ms round trip and one
on 150 ms (delay proxies on loopback), the masters starting a new game whenever one ends,
every round's winners read from the games' own logs replayed offline.

Who wins how often is a share a busy machine moves (its scheduling adds to every round
trip), so it is a figure of ``benchmarks/online_tira.py --fairness`` (300 races, 20
tables; in the README), never this test's verdict. That the compensation puts a slow
line's presses back in the order they were made is shown exactly by
``test_net_race.py::test_presses_count_in_the_order_they_were_made_not_the_order_they_arrived``.
Here: the harness itself — the lines are what they should be, every race ends with its
winners counted on one line or the other, and nothing is taken back in the end.
"""

from __future__ import annotations

from audiogame.devtools.net_harness import ServerProcess
from audiogame.devtools.race_fairness import fair_share


def test_equal_players_on_a_10_ms_and_a_150_ms_line_race_and_every_round_is_counted(tmp_path):
    server = ServerProcess(tmp_path, "--rate", "200").start()
    try:
        shares = fair_share(server.port, tables=2, races=6, timeout=600)
    finally:
        server.stop()
    assert shares.rounds >= 6 and shares.games >= 2
    # every round has a winner, on one line or the other (a shared round counts for both)
    assert shares.rounds <= shares.fast + shares.slow <= 2 * shares.rounds
    # the slow line is slow: its round trip never under the 150 ms the proxies add (a
    # loaded machine only adds to it); both players measured their line
    assert len(shares.rtt["fast"]) == len(shares.rtt["slow"]) == 2
    assert min(shares.rtt["slow"]) > 0.14
    assert 0.0 <= shares.slow_share <= 1.0
