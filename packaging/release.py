"""The files a release publishes for installing the game and its server with pip.

    python3 packaging/release.py [--out dist]

Writes into ``dist/``:

    audiogame-<version>-py3-none-any.whl         the game and its server
    audiogame-<version>.tar.gz                   the same as a source distribution
    audiogame-<version>-requirements-server.txt  every dependency a server needs, by
                                                 version and SHA-256 (requirements/server.txt)
    SHA256SUMS                                   of every audiogame-* file in dist/ (the
                                                 Windows zip too, when it was built there)

The wheel and the sdist are built by ``uv build`` with hatchling pinned by hash
(requirements/build.txt); both are reproducible (hatchling dates every entry the same).
How a server is installed from them: docs/server.md. Needs ``python3 -m uv``.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "packaging" / "windows"))

import build  # noqa: E402  (the Windows build: the version, SHA256SUMS)


def uv() -> list[str]:
    """The uv to run: the one running us (``uv run`` says where), this interpreter's, or
    the README's ``python3 -m uv``."""
    if os.environ.get("UV"):
        return [os.environ["UV"]]
    if importlib.util.find_spec("uv") is not None:
        return [sys.executable, "-m", "uv"]
    return ["python3", "-m", "uv"]


def release(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    version = build.version()
    made = [out / f"audiogame-{version}-py3-none-any.whl", out / f"audiogame-{version}.tar.gz"]
    for old in made:
        old.unlink(missing_ok=True)
    command = [*uv(), "build", "--quiet", "--out-dir", str(out)]
    command += ["--build-constraints", str(ROOT / "requirements" / "build.txt")]
    command += ["--require-hashes", str(ROOT)]
    subprocess.run(command, check=True)
    pins = out / f"audiogame-{version}-requirements-server.txt"
    shutil.copyfile(ROOT / "requirements" / "server.txt", pins)
    made.append(pins)
    build.write_sums(out)
    return made


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="where the files go")
    args = parser.parse_args(argv)
    for path in release(args.out):
        print(f"{path}: {path.stat().st_size / 1e3:.0f} kB")
    print(args.out / "SHA256SUMS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
