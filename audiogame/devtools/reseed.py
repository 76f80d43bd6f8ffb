"""Run a command with every seeded random generator given other seeds: tests that pass
only for the seed they were written with show up.

    python -m audiogame.devtools.reseed --salt 3 -- pytest -n0 tests/test_net_race.py

With a salt, every ``random.Random(x)`` and ``random.seed(x)`` (the module's own
generator included) seeds from ``x`` and the salt together, in the command's Python
process and in every Python process it starts: salt N is a whole other set of seeds,
and the same salt replays the same games. ``random.Random()`` without a seed, and
``secrets``, are left alone. It works through a ``sitecustomize`` module put first on
``PYTHONPATH`` (one already installed is shadowed for the run), so a command that
clears its environment runs unsalted. ``docs/testing.md`` says what it found.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

#: the environment variable that carries the salt to every process
ENV = "AUDIOGAME_RESEED"
#: what each process runs at start (``sitecustomize``)
HOOK = "from audiogame.devtools.reseed import install_from_env\ninstall_from_env()\n"
#: the module-level functions of ``random`` bound to its hidden generator
_BOUND = (
    "seed",
    "random",
    "uniform",
    "triangular",
    "randint",
    "choice",
    "randrange",
    "sample",
    "shuffle",
    "choices",
    "normalvariate",
    "lognormvariate",
    "expovariate",
    "vonmisesvariate",
    "gammavariate",
    "gauss",
    "betavariate",
    "paretovariate",
    "weibullvariate",
    "getstate",
    "setstate",
    "getrandbits",
    "randbytes",
)


def install(salt: str) -> None:
    """From now on in this process, every seed is mixed with ``salt``."""
    base = random.Random

    class Salted(base):  # type: ignore[valid-type,misc]
        def seed(self, a: Any = None, version: int = 2) -> None:
            if a is not None:
                a = f"{a!r}/reseed-{salt}"
            super().seed(a, version)

    random.Random = Salted  # type: ignore[misc]
    hidden = Salted()
    random._inst = hidden
    for name in _BOUND:
        if hasattr(hidden, name):
            setattr(random, name, getattr(hidden, name))


def install_from_env() -> None:
    salt = os.environ.get(ENV)
    if salt:
        install(salt)


def run(salt: str, command: list[str]) -> int:
    """``command`` with ``salt`` in every Python process it starts; its exit status."""
    root = str(Path(__file__).resolve().parents[2])
    with tempfile.TemporaryDirectory(prefix="reseed-") as hooks:
        Path(hooks, "sitecustomize.py").write_text(HOOK, encoding="utf-8")
        paths = [hooks, root, *filter(None, [os.environ.get("PYTHONPATH")])]
        env = {**os.environ, ENV: salt, "PYTHONPATH": os.pathsep.join(paths)}
        return subprocess.call(command, env=env)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--salt", required=True, help="any text: the same salt, the same seeds")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="the command, after --")
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command to run")
    return run(args.salt, command)


if __name__ == "__main__":
    sys.exit(main())
