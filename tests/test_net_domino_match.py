"""A whole Domino match over a real server process, played by real client processes:
two scripted humans, two bots and a spectator. Each process writes what it heard; each
seat's events are exactly those a local engine gives that seat for the same seed and
actions (replayed offline from the seed and log the table revealed), and the
spectator's are the public ones. The seed matches the commitment sent at the start.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from audiogame.core.contract import heard_by
from audiogame.devtools.net_harness import ServerProcess
from audiogame.games import registry
from audiogame.net.protocol.game_codec import GameCodec
from audiogame.net.protocol.match_log import entries_from_lists, replay, seed_hash

#: the server's heartbeat and the clients' keepalive (seconds): a player dropped and back
#: hears the state, not the events it missed, so a drop would fail the comparison; a
#: loaded machine may stall a process past the 1.5 s heartbeat, and drops are not what
#: this test is about (tests/test_net_faults.py is)
KEEPALIVE = 10.0

CONFIG = {
    "set_id": "double-6",
    "seats": 4,
    "teams": None,
    "thinking_time": 0,
    "point_limit": 25,
    "manche_limit": 1,
}


def player(server: ServerProcess, tmp: Path, name: str, *extra: str) -> subprocess.Popen:
    command = [sys.executable, "-m", "audiogame.devtools.net_player", "--url", server.url]
    command += [
        "--name",
        name,
        "--join-file",
        str(tmp / "table"),
        "--out",
        str(tmp / f"{name}.json"),
    ]
    command += ["--timeout", "600", "--keepalive", str(KEEPALIVE), *extra]
    return subprocess.Popen(command)


def test_two_humans_two_bots_and_a_spectator_play_a_whole_match(tmp_path):
    server = ServerProcess(
        tmp_path, "--between-rounds", "0.2", "--rate", "200", "--heartbeat", str(KEEPALIVE)
    ).start()
    master = player(
        server,
        tmp_path,
        "Anna",
        "--create",
        "domino",
        "--config",
        json.dumps(CONFIG),
        "--bots",
        "2:normal,3:hard",
        "--seed",
        "1",
    )
    others = [
        player(server, tmp_path, "Bruno", "--seed", "2"),
        player(server, tmp_path, "Carla", "--spectator"),
    ]
    try:
        for process in (master, *others):
            assert process.wait(660) == 0  # only ends a run that would never end
    finally:
        for process in (master, *others):
            process.kill()
        server.stop()
    results = {
        n: json.loads((tmp_path / f"{n}.json").read_text()) for n in ("Anna", "Bruno", "Carla")
    }
    over = results["Anna"]["over"]
    assert over is not None and seed_hash(over["seed"]) == over["seed_hash"]
    spec = registry.get("domino")
    codec = GameCodec(spec.wire())
    replayed = replay(
        spec, codec, over["config"], over["seed"], over["start"], entries_from_lists(over["log"])
    )
    assert replayed.engine.is_over
    seats = {"Anna": results["Anna"]["seat"], "Bruno": results["Bruno"]["seat"], "Carla": None}
    assert seats["Anna"] == 0 and seats["Bruno"] == 1
    for name, seat in seats.items():
        heard = [codec.decode_event(e) for e in results[name]["heard"]]
        assert heard == heard_by(replayed.events, seat), name
    bots = {entry[1] for entry in over["log"] if entry[2] is not None and entry[1] is not None}
    assert {2, 3} <= bots  # the bots played their seats
