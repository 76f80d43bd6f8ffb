"""Pin every dependency by version and hash, from pyproject.toml's ranges, in one command.

    python3 packaging/pins.py

One resolution, the newest versions pyproject.toml allows, becomes every list the
project installs from (``requirements/``, each line ``name==version`` with its
``--hash`` lines; no index address is written anywhere):

    dev.txt           Linux and Windows, every extra: the versions everything else takes
    server.txt        the game and its ``server`` extra, for a server's own machine
                      (``pip install --require-hashes -r``; docs/server.md)
    windows.txt       the game's dependencies as the Windows zip ships them (CPython
                      3.13, x86-64): ``packaging/windows/build.py`` fetches these
    windows-test.txt  what the suite needs beside them under Wine; never shipped
    build.txt         hatchling, which builds the wheel and the sdist

and pyproject.toml's ``[tool.uv]`` constraints, written from dev.txt, so that ``uv run``
(the README's two commands, CI) installs those very versions. macOS-only packages
(pyttsx3's pyobjc) are left out of the lists: this project is built and tested on
Linux and Windows. ``tests/test_pins.py`` checks that all of these agree and that the
running environment is what they name. Needs ``python3 -m uv`` (the README's).
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PINS = ROOT / "requirements"
PYPROJECT = ROOT / "pyproject.toml"

#: the header every list carries instead of uv's own (which names temporary files)
COMMAND = "python3 packaging/pins.py"
#: the test extra's tools that the suite under Wine does not use (why: under_wine.py)
NOT_UNDER_WINE = {
    "ruff": "the code-quality test runs on Linux only",
    "mypy": "the code-quality test runs on Linux only",
    "playwright": "the web page's browser tests need Debian's Chromium",
    "psycopg": "the zip ships no PostgreSQL driver (run_suite.py)",
    "redis": "the zip ships no Redis driver (run_suite.py)",
    "pytest-xdist": "the suite under Wine runs in one process (run_suite.py)",
    "pytest-cov": "coverage is measured on Linux",
}
#: run under Wine though the zip leaves them out: the built-in voice's own tests (the
#: zip ships no eSpeak NG, docs/windows.md says why; the game's code for it is tested)
ALSO_UNDER_WINE = ["espeakng-loader"]
WINDOWS = ["--python-platform", "x86_64-pc-windows-msvc", "--python-version", "3.13"]
UNIVERSAL = ["--universal", "--python-version", "3.11"]
#: the temporary inputs, as the lists' notes name them
SAID_AS = {
    "under-wine.in": "pyproject.toml's test extra, as run under Wine",
    "build.in": "pyproject.toml's build-system",
}
BEGIN, END = "# pins: begin", "# pins: end"

Entry = tuple[str, str, str]  # name, version, environment marker ("" for none)


def uv() -> list[str]:
    """The uv to run: the one running us (``uv run`` says where), this interpreter's, or
    the README's ``python3 -m uv``."""
    if os.environ.get("UV"):
        return [os.environ["UV"]]
    if importlib.util.find_spec("uv") is not None:
        return [sys.executable, "-m", "uv"]
    return ["python3", "-m", "uv"]


def uv_compile(out: Path, inputs: list[str], *options: str) -> None:
    command = [*uv(), "pip", "compile", "--quiet", *inputs]
    command += ["--generate-hashes", "--no-emit-index-url", "--no-emit-find-links"]
    command += ["--custom-compile-command", COMMAND, "-o", str(out), *options]
    subprocess.run(command, check=True, cwd=ROOT)
    # uv names its input files in the "# via" notes: here temporary paths, which would
    # change every list at every run; the constraints go, the inputs say what they hold
    text = "".join(
        line for line in out.read_text(encoding="utf-8").splitlines(True) if "-c " not in line
    )
    for temporary, meaning in SAID_AS.items():
        text = re.sub(r"-r \S*/" + re.escape(temporary), meaning, text)
    out.write_text(text, encoding="utf-8")


def read_entries(path: Path) -> list[Entry]:
    """The ``name==version ; marker`` lines of a pins file (hashes and comments aside)."""
    entries = []
    for line in path.read_text(encoding="utf-8").splitlines():
        match = re.match(r"^([A-Za-z0-9][\w.\-]*)==([^\s;\\]+)\s*(?:;\s*([^\\]+?))?\s*\\?$", line)
        if match:
            name, version, marker = match.groups()
            entries.append((normal(name), version, (marker or "").strip()))
    return entries


def normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def only_macos(marker: str) -> bool:
    """A marker that holds on macOS alone (``sys_platform == 'darwin'`` in every branch)."""
    return bool(marker) and all(
        "sys_platform == 'darwin'" in branch for branch in marker.split(" or ")
    )


def extras() -> dict[str, list[str]]:
    with open(PYPROJECT, "rb") as handle:
        return dict(tomllib.load(handle)["project"]["optional-dependencies"])


def under_wine_inputs() -> list[str]:
    """The test extra, its own extras spelled out, less what the Wine run does not use."""
    found, groups = [], extras()
    for requirement in groups["test"]:
        own = re.fullmatch(r"audiogame\[(\w+)\]", requirement)
        wanted = groups[own.group(1)] if own else [requirement]
        for item in wanted:
            name = normal(re.split(r"[\s\[<>=!~;]", item, maxsplit=1)[0])
            if name not in NOT_UNDER_WINE:
                found.append(item)
    return found + ALSO_UNDER_WINE


def write_constraints(dev: list[Entry], build: list[Entry]) -> None:
    """pyproject.toml's ``[tool.uv]`` pins, between the markers, from the lists."""

    def quoted(entries: list[Entry]) -> str:
        lines = []
        for name, version, marker in entries:
            lines.append(f'    "{name}=={version}' + (f"; {marker}" if marker else "") + '",')
        return "\n".join(lines)

    block = "\n".join(
        [
            BEGIN,
            "# Written by `python3 packaging/pins.py` from requirements/dev.txt and build.txt",
            "# (where their hashes are): `uv run` installs exactly these versions.",
            f"constraint-dependencies = [\n{quoted(dev)}\n]",
            f"build-constraint-dependencies = [\n{quoted(build)}\n]",
            END,
        ]
    )
    text = PYPROJECT.read_text(encoding="utf-8")
    if BEGIN in text:
        start, rest = text.split(BEGIN, 1)
        text = start + block + rest.split(END, 1)[1]
    else:
        text = text.rstrip("\n") + "\n\n[tool.uv]\n" + block + "\n"
    PYPROJECT.write_text(text, encoding="utf-8")


def main() -> int:
    PINS.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        # the one resolution, free of the constraints written last time (--no-config:
        # pyproject's [tool.uv] is not read, so newer versions within the ranges are taken)
        everything = ["pyproject.toml", "--all-extras", "--no-config"]
        first = work / "all.txt"
        uv_compile(first, everything, *UNIVERSAL)
        macos = sorted({name for name, _v, marker in read_entries(first) if only_macos(marker)})
        leave_out = [option for name in macos for option in ("--no-emit-package", name)]
        uv_compile(PINS / "dev.txt", everything, *UNIVERSAL, *leave_out)
        # every other list takes the versions of that one
        versions = work / "versions.txt"
        versions.write_text(
            "".join(f"{name}=={version}\n" for name, version, _m in read_entries(first)),
            encoding="utf-8",
        )
        same = ["--no-config", "-c", str(versions)]
        server = ["pyproject.toml", "--extra", "server", *same]
        uv_compile(PINS / "server.txt", server, *UNIVERSAL, *leave_out)
        uv_compile(PINS / "windows.txt", ["pyproject.toml", *same], *WINDOWS)
        wine_in = work / "under-wine.in"
        wine_in.write_text("\n".join(under_wine_inputs()) + "\n", encoding="utf-8")
        uv_compile(PINS / "windows-test.txt", [str(wine_in), *same], *WINDOWS)
        build_in = work / "build.in"
        with open(PYPROJECT, "rb") as handle:
            build_system = tomllib.load(handle)["build-system"]["requires"]
        build_in.write_text("\n".join(build_system) + "\n", encoding="utf-8")
        uv_compile(PINS / "build.txt", [str(build_in), "--no-config"], *UNIVERSAL)
    write_constraints(read_entries(PINS / "dev.txt"), read_entries(PINS / "build.txt"))
    for path in sorted(PINS.glob("*.txt")):
        print(f"{path.relative_to(ROOT)}: {len(read_entries(path))} pinned")
    return 0


if __name__ == "__main__":
    sys.exit(main())
