"""The Windows build's rules that need no Wine: pinned inputs, what is pruned, where the
data is found. The build itself is tried under Wine by packaging/windows/tests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "packaging" / "windows"))

import build  # noqa: E402

from audiogame import resources  # noqa: E402


@pytest.mark.parametrize("name", ["embed.txt", "requirements.txt", "requirements-test.txt"])
def test_every_input_is_pinned_by_version_and_hash(name):
    pins = build.read_pins(ROOT / "packaging" / "windows" / name)
    assert pins and all(len(pin.sha256) == 64 for pin in pins)


def test_an_input_without_its_hash_is_refused(tmp_path):
    loose = tmp_path / "requirements.txt"
    loose.write_text("pygame-ce==2.5.8\n")
    with pytest.raises(SystemExit, match="not pinned"):
        build.read_pins(loose)


def test_pruning_keeps_italian_english_and_what_the_game_uses(tmp_path):
    site = tmp_path / "site-packages"
    files = [
        "babel/locale-data/root.dat",
        "babel/locale-data/it.dat",
        "babel/locale-data/it_CH.dat",
        "babel/locale-data/en_GB.dat",
        "babel/locale-data/de.dat",
        "espeakng_loader/espeak-ng-data/it_dict",
        "espeakng_loader/espeak-ng-data/en_dict",
        "espeakng_loader/espeak-ng-data/ru_dict",
        "espeakng_loader/espeak-ng-data/phontab",
        "pygame/examples/aliens.py",
        "pygame/mixer.py",
        "pythonwin/win32ui.pyd",
        "win32/win32gui.pyd",
        "pytz/zoneinfo/Europe/Rome",
        "pytz/__init__.py",
        "fluent/__pycache__/x.cpython-311.pyc",
    ]
    for name in files:
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_bytes(b"x")
    build.prune(site)
    left = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    assert left == {
        "babel/locale-data/root.dat",
        "babel/locale-data/it.dat",
        "babel/locale-data/it_CH.dat",
        "babel/locale-data/en_GB.dat",
        "espeakng_loader/espeak-ng-data/it_dict",
        "espeakng_loader/espeak-ng-data/en_dict",
        "espeakng_loader/espeak-ng-data/phontab",
        "pygame/mixer.py",
        "win32/win32gui.pyd",
        "pytz/__init__.py",
    }


def test_the_build_finds_its_data_beside_the_runtime_folder(tmp_path):
    """In the zip the package is in runtime/, and locales, sounds, docs beside runtime/."""
    top = tmp_path / "audiogame-windows"
    package = top / "runtime" / "audiogame"
    package.mkdir(parents=True)
    # (not shutil.copy2: under Wine 8 Python's CopyFile2 call aborts the process)
    source = Path(resources.__file__)  # the one under test (in the build, under Wine)
    (package / "resources.py").write_bytes(source.read_bytes())
    for name in ("locales", "sounds", "docs"):
        (top / name).mkdir()
    spec = importlib.util.spec_from_file_location("built_resources", package / "resources.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.data_dir("locales") == top / "locales"
    assert module.data_dir("docs") == top / "docs"
