"""The wheel and the sdist a release publishes (``packaging/release.py``): the same bytes
from the same sources, the licence inside, and the checksums beside them."""

from __future__ import annotations

import hashlib
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import audiogame

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(
    sys.platform == "win32",
    reason="the release files are built on Linux with uv, which the Windows build does not ship",
)


def release(out: Path) -> dict[str, str]:
    subprocess.run(
        [sys.executable, str(ROOT / "packaging" / "release.py"), "--out", str(out)],
        check=True,
        capture_output=True,
        timeout=600,
    )
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in out.glob("audiogame-*")}


def test_the_release_files_are_reproducible_and_summed(tmp_path):
    first = release(tmp_path / "one")
    second = release(tmp_path / "two" / "elsewhere")
    version = audiogame.__version__
    assert set(first) == {
        f"audiogame-{version}-py3-none-any.whl",
        f"audiogame-{version}.tar.gz",
        f"audiogame-{version}-requirements-server.txt",
    }
    assert first == second
    sums = (tmp_path / "one" / "SHA256SUMS").read_text(encoding="utf-8").splitlines()
    assert sorted(sums) == sorted(f"{digest}  {name}" for name, digest in first.items())


def test_the_wheel_carries_the_licence_the_data_and_no_test_hooks(tmp_path):
    release(tmp_path)
    wheel = next(tmp_path.glob("*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    licences = f"audiogame-{audiogame.__version__}.dist-info/licenses/"
    assert f"{licences}LICENSE" in names
    assert f"{licences}audiogame/net/protocol/lookalike/LICENSE-UNICODE.txt" in names
    assert any(n.startswith("audiogame/_data/locales/it/") for n in names)
    assert any(n.startswith("audiogame/_data/sounds/") for n in names)
    assert not [n for n in names if n.startswith("audiogame/devtools/")]
    pins = (tmp_path / f"audiogame-{audiogame.__version__}-requirements-server.txt").read_text()
    assert "psycopg==" in pins and "redis==" in pins and "--hash=sha256:" in pins
