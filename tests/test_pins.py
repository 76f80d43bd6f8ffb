"""Every dependency pinned by version and hash, in lists that agree, and the environment
these tests run in is the one they name (``packaging/pins.py`` writes them all)."""

from __future__ import annotations

import re
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PINS = ROOT / "requirements"
sys.path.insert(0, str(ROOT / "packaging"))

import pins  # noqa: E402

LISTS = ("dev.txt", "server.txt", "windows.txt", "windows-test.txt", "build.txt")
#: installed beside the pins by the tools themselves, never by our lists
TOOLS = {"pip", "setuptools", "wheel", "audiogame"}
UPDATE = "run `python3 packaging/pins.py` after changing pyproject.toml's dependencies"


def hashes(path: Path) -> dict[tuple[str, str], set[str]]:
    """(name, version) -> the SHA-256 digests the list allows for it."""
    found: dict[tuple[str, str], set[str]] = {}
    current: tuple[str, str] | None = None
    for line in path.read_text(encoding="utf-8").splitlines():
        entry = re.match(r"^([A-Za-z0-9][\w.\-]*)==([^\s;\\]+)", line)
        if entry:
            current = (pins.normal(entry.group(1)), entry.group(2))
            found[current] = set()
        digest = re.search(r"--hash=sha256:([0-9a-f]{64})", line)
        if digest and current is not None:
            found[current].add(digest.group(1))
    return found


def dev_versions() -> dict[str, str]:
    return {name: version for name, version, _m in pins.read_entries(PINS / "dev.txt")}


@pytest.mark.parametrize("name", LISTS)
def test_each_list_pins_every_package_by_version_and_hash_and_names_no_index(name):
    path = PINS / name
    text = path.read_text(encoding="utf-8")
    entries = hashes(path)
    assert entries, f"{name} pins nothing"
    assert all(entries.values()), [key for key, found in entries.items() if not found]
    requirement_lines = [
        line for line in text.splitlines() if line and not line.startswith((" ", "#"))
    ]
    assert all("==" in line for line in requirement_lines), requirement_lines
    # no registry's address: no index or find-links option, no URL at all
    assert not re.search(r"--(extra-)?index-url|--find-links|-f |://", text)


def test_every_list_takes_the_versions_of_the_one_resolution():
    versions = dev_versions()
    for name in ("server.txt", "windows.txt", "windows-test.txt"):
        for package, version, _m in pins.read_entries(PINS / name):
            assert versions.get(package) == version, (name, package, version, UPDATE)


def test_the_same_package_has_the_same_files_in_every_list():
    dev = hashes(PINS / "dev.txt")
    for name in ("server.txt", "windows.txt", "windows-test.txt"):
        for key, digests in hashes(PINS / name).items():
            assert digests <= dev[key], (name, key)


def test_pyproject_makes_uv_install_exactly_the_pinned_versions():
    with open(ROOT / "pyproject.toml", "rb") as handle:
        uv = tomllib.load(handle)["tool"]["uv"]

    def spelled(entries):
        return [f"{n}=={v}" + (f"; {m}" if m else "") for n, v, m in entries]

    assert uv["constraint-dependencies"] == spelled(pins.read_entries(PINS / "dev.txt")), UPDATE
    assert uv["build-constraint-dependencies"] == spelled(pins.read_entries(PINS / "build.txt"))


def test_the_lists_cover_every_dependency_pyproject_names():
    with open(ROOT / "pyproject.toml", "rb") as handle:
        project = tomllib.load(handle)["project"]
    wanted = list(project["dependencies"])
    for group in project["optional-dependencies"].values():
        wanted += [r for r in group if not r.startswith("audiogame[")]
    versions = dev_versions()
    for requirement in wanted:
        name = pins.normal(re.split(r"[\s\[<>=!~;]", requirement, maxsplit=1)[0])
        assert name in versions, (requirement, UPDATE)


def test_the_environment_running_these_tests_is_the_pinned_one():
    """What the README's commands install (CI runs the second): each distribution at
    the version the lists name, nothing unpinned beside them."""
    versions = dev_versions()
    wrong, unpinned = [], []
    for dist in metadata.distributions():
        name = pins.normal(dist.metadata["Name"])
        if name in TOOLS:
            continue
        if name not in versions:
            unpinned.append(name)
        elif dist.version != versions[name]:
            wrong.append((name, dist.version, versions[name]))
    assert wrong == [], UPDATE
    assert unpinned == [], UPDATE


def test_uv_fetched_the_very_files_the_lists_pin():
    """uv checks each download against the hashes it recorded in its lock (kept locally,
    never committed): those must be the lists' hashes, so what was installed is what
    was pinned, byte for byte."""
    lock_path = ROOT / "uv.lock"
    if not lock_path.exists():
        pytest.skip("no uv.lock beside pyproject.toml: this environment was not made by uv")
    with open(lock_path, "rb") as handle:
        lock = tomllib.load(handle)
    pinned = hashes(PINS / "dev.txt") | hashes(PINS / "build.txt")
    versions = dev_versions()
    checked = 0
    for package in lock.get("package", []):
        key = (pins.normal(package["name"]), package.get("version", ""))
        if key not in pinned:
            # a package only macOS needs, left out of the lists; or ours
            assert key[0] not in versions or key[0] == "audiogame", (key, UPDATE)
            continue
        files = [package.get("sdist", {}), *package.get("wheels", [])]
        locked = {f["hash"].removeprefix("sha256:") for f in files if "hash" in f}
        assert locked <= pinned[key], key
        checked += 1
    assert checked >= len(versions) // 2
