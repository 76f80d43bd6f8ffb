"""A silent drop: how long until the table hears that a frozen player is gone.

A real server process on 127.0.0.1 (an ephemeral port) and a real client process
(``audiogame.devtools.net_player``) seated at a Domino table of two. The client is
frozen with SIGSTOP: its socket stays open and nothing answers the server's pings,
as when a laptop lid closes or a Wi-Fi link dies without a word. The figure is the
time from the freeze to the other player's "dropped" notice; then the client is
thawed, reconnects by itself and is back in its seat, and the next round begins.
The server's promise (``ServerOptions.drop_noticed_within``): within 4 x heartbeat + 0.5 s.

    .venv/bin/python benchmarks/silent_drop.py [--rounds 5]

POSIX only (SIGSTOP); on Windows it says so and stops.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from audiogame.devtools.net_harness import ServerProcess, wait_for  # noqa: E402
from audiogame.games import registry  # noqa: E402
from audiogame.net.client.game_client import SHORT_LIVED, GameClient, Resync  # noqa: E402
from audiogame.net.protocol import messages as m  # noqa: E402
from audiogame.net.server.options import ServerOptions  # noqa: E402


def table_config() -> dict[str, Any]:
    """A long Domino match of two (any valid table, then the long settings)."""
    spec = registry.get("domino")
    assert spec is not None and spec.random_config is not None
    config = spec.random_config(random.Random(1), 2)
    config.update(set_id="double-6", teams=None, thinking_time=0, point_limit=500)
    config.update(manche_limit=0, forbid_drawing=False)
    return config


def notice(client: GameClient, what: m.NoticeKind, timeout: float) -> None:
    wait_for(client, lambda i: isinstance(i, m.Notice) and i.what is what, timeout)


def run(rounds: int) -> list[float]:
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder)
        server = ServerProcess(data, "--grace", "60").start()
        join = data / "table"
        command = [sys.executable, "-m", "audiogame.devtools.net_player", "--url", server.url]
        command += ["--name", "Bruno", "--join-file", str(join), "--out", str(data / "b.json")]
        command += ["--timeout", str(30 + 15 * rounds)]
        bruno = subprocess.Popen(command)
        anna = GameClient(server.url, "Anna")
        took = []
        try:
            anna.start()
            anna.send(m.CreateTable(game="domino", config=table_config()))
            made = wait_for(anna, lambda i: isinstance(i, m.TableState))
            assert isinstance(made, m.TableState)
            join.write_text(made.table.id)
            wait_for(
                anna,
                lambda i: isinstance(i, m.TableState) and i.table.seats[1].kind is m.SeatKind.HUMAN,
                20,
            )
            anna.send(m.Start())
            wait_for(anna, lambda i: isinstance(i, Resync), 20)
            for _ in range(rounds):
                os.kill(bruno.pid, signal.SIGSTOP)
                frozen = time.monotonic()
                notice(anna, m.NoticeKind.DROPPED, 30)
                took.append(time.monotonic() - frozen)
                os.kill(bruno.pid, signal.SIGCONT)
                notice(anna, m.NoticeKind.BACK, 30)
                # the line lasts before the next freeze: five drops in a row each within
                # seconds of its return is a line the client gives up on ("unstable")
                time.sleep(SHORT_LIVED)
        finally:
            bruno.kill()
            bruno.wait(10)
            anna.close()
            server.stop()
        return took


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    if not hasattr(signal, "SIGSTOP"):
        print("freezing a process needs SIGSTOP (POSIX): not measured here")
        return 0
    if args.rounds < 1:
        print("--rounds 0: nothing measured")
        return 0
    took = run(args.rounds)
    promise = ServerOptions().drop_noticed_within
    print(f"silent drop noticed after (s), {len(took)} freezes: ", end="")
    print(f"median {statistics.median(took):.2f}, max {max(took):.2f}")
    print(f"the server's promise: within {promise:.1f} s (heartbeat {ServerOptions().heartbeat} s)")
    print(f"load average: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
