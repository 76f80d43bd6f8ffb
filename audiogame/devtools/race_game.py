"""A whole game of Tira & Passa raced by six client processes, and what they measured.

``race_game(folder, ...)`` starts a real server process on loopback and six
``race_player`` processes: four scripted humans (Anna creates the table, with
two bots; Bruno races through the real app loop, his frames timed) and two
spectators. The players named in ``slow`` connect through a ``DelayProxy`` of
this process (``delay`` per direction, mean and jitter). It returns each
process's record (``race_player``'s JSON), by name.

From the records:

- ``landing_skew``: for every landing played ahead on at least two clients, how
  far apart (seconds, this machine's monotonic clock, which all processes share)
  the first and the last client played it, or meant to (``aimed``: where each
  client's clock estimate put it; the difference is how late a busy machine ran
  a client's loop);
- ``throw_to_all``: for every throw, from the thrower's key to the moment the
  last client had the throw's frame (with the landing it foresees);
- ``frames``: how long each of Bruno's app frames took.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

from audiogame.devtools.delay_proxy import Delay, DelayProxy
from audiogame.devtools.net_harness import ServerProcess

CONFIG = {
    "players": 6,
    "speed": "fast",
    "variant": "first-to-three",
    "timing": {
        "signal_delay": 0.4,
        "race_delay": 0.4,
        "calm_auto_delay": 0.5,
        "between_rounds": 0.4,
    },
}
HUMANS = ("Anna", "Bruno", "Carla", "Dario")
WATCHERS = ("Elena", "Franco")
#: who races through the real app loop (its frames are timed)
IN_APP = "Bruno"
#: a throw's frame counts for a throw dated this close to it (seconds)
SAME_THROW = 0.030
#: the server's heartbeat and the clients' keepalive (seconds): nobody here drops on
#: purpose, and a machine loaded by other work can stall a process past the usual
#: 1.5-2 s (a player dropped and back mid-race hears where the race stands, not the
#: moves it missed: its narration would no longer be the offline one)
KEEPALIVE = 10.0


def race_game(
    folder: Path,
    *,
    slow: Collection[str] = (),
    delay: Delay = (0.100, 0.030),
    timeout: float = 600.0,  # a bound only: six processes' start and a whole game
) -> dict[str, dict[str, Any]]:
    server = ServerProcess(folder, "--rate", "200", "--heartbeat", str(KEEPALIVE)).start()
    proxy = DelayProxy(server.port, up=delay, down=delay, seed=15).start() if slow else None
    processes: list[subprocess.Popen[bytes]] = []
    try:
        for n, name in enumerate(HUMANS + WATCHERS, 1):
            url = proxy.url if proxy is not None and name in slow else server.url
            command = [sys.executable, "-m", "audiogame.devtools.race_player", "--url", url]
            command += ["--name", name, "--join-file", str(folder / "table")]
            command += ["--out", str(folder / name), "--timeout", str(timeout)]
            command += ["--keepalive", str(KEEPALIVE)]
            if name == HUMANS[0]:
                command += ["--create", "tira", "--config", json.dumps(CONFIG)]
                command += ["--bots", "4:normal,5:hard", "--watchers", str(len(WATCHERS))]
            if name in WATCHERS:
                command += ["--spectator"]
            if name == IN_APP:
                command += ["--app"]
            # each player's errors in a file of its own: a failure shows them (a crash's
            # stack, from the player's fault handler, included)
            with (folder / f"{name}.stderr").open("wb") as errors:
                processes.append(subprocess.Popen([*command, "--seed", str(n)], stderr=errors))
        for name, process in zip(HUMANS + WATCHERS, processes, strict=True):
            status = process.wait(timeout + 20)
            if status != 0:
                # the status tells a crash at exit (Windows: 0xC0000005) from a failure
                said = (folder / f"{name}.stderr").read_text(encoding="utf-8", errors="replace")
                raise RuntimeError(
                    f"the player process {name} failed, exit status {status}"
                    f" ({status & 0xFFFFFFFF:#x}): {process.args!r}; it said:\n{said[-4000:]}"
                )
    finally:
        for process in processes:
            process.kill()
        if proxy is not None:
            proxy.stop()
        server.stop()
    return {
        name: json.loads((folder / name).read_text(encoding="utf-8")) for name in HUMANS + WATCHERS
    }


def landing_skew(
    results: Mapping[str, Mapping[str, Any]],
    among: Collection[str] | None = None,
    *,
    aimed: bool = False,
) -> list[float]:
    """Seconds between the first and the last client playing each landing (``among``:
    only these clients). ``aimed``: between the moments the clients meant to play it
    (their clock estimates alone, without how late a busy machine ran their loops)."""
    played: dict[float, list[float]] = {}
    for name, result in results.items():
        if among is not None and name not in among:
            continue
        landings = set(result["landings"])
        for at, when, aim in result["on_time"]:
            if at in landings:
                played.setdefault(at, []).append(aim if aimed else when)
    return [max(whens) - min(whens) for whens in played.values() if len(whens) >= 2]


def throw_to_all(results: Mapping[str, Mapping[str, Any]]) -> list[float]:
    """Seconds from each throw's key to the last client having its frame."""
    arrived: dict[str, list[float]] = {}
    for result in results.values():
        for key, when in result["thrown"].items():
            arrived.setdefault(key, []).append(when)
    everyone = len(results)
    found = []
    for result in results.values():
        seat = result["seat"]
        for dated, pressed in result["throws"]:
            for key, whens in arrived.items():
                thrower, at = key.split(" ")
                near = abs(float(at) - dated) <= SAME_THROW
                if int(thrower) == seat and near and len(whens) == everyone:
                    found.append(max(whens) - pressed)
                    break
    return found


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]
