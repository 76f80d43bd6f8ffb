"""The reseed tool: a salt changes every seeded generator, in the command and in the
processes it starts; the same salt gives the same numbers; no salt, Python's own."""

from __future__ import annotations

import subprocess
import sys

#: seeded draws three ways (a generator of its own, the module's, a child process's)
SCRIPT = """
import random, subprocess, sys
own = random.Random(7).random()
random.seed("deal 1")
module = random.random()
child = subprocess.run(
    [sys.executable, "-c", "import random; print(random.Random(7).random())"],
    capture_output=True, text=True, check=True,
).stdout.strip()
print(own, module, child, random.Random().random() != random.Random().random())
"""


def draws(salt: str | None) -> list[str]:
    command = [sys.executable, "-c", SCRIPT]
    if salt is not None:
        command = [
            sys.executable,
            "-m",
            "audiogame.devtools.reseed",
            "--salt",
            salt,
            "--",
            *command,
        ]
    done = subprocess.run(command, capture_output=True, text=True, check=True, timeout=120)
    return done.stdout.split()


def test_a_salt_changes_every_seeded_draw_and_replays_the_same() -> None:
    plain = draws(None)
    one, again, two = draws("1"), draws("1"), draws("2")
    assert one == again  # the same salt, the same games
    for salted in (one, two):
        assert salted[:3] != plain[:3] and len(set(salted[:3]) & set(plain[:3])) == 0
        assert salted[3] == "True"  # unseeded generators stay unseeded
    assert one[:3] != two[:3]
    assert one[0] == one[2]  # a child process is salted alike
    assert plain[0] == str(__import__("random").Random(7).random())
