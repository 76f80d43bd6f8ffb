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


@pytest.mark.parametrize("path", [build.HERE / "embed.txt", build.PINS, build.PINS_TEST])
def test_every_input_is_pinned_by_version_and_hash(path):
    pins = build.read_pins(path)
    assert pins and all(pin.hashes and all(len(h) == 64 for h in pin.hashes) for pin in pins)


def test_an_input_without_its_hash_is_refused(tmp_path):
    loose = tmp_path / "requirements.txt"
    loose.write_text("pygame-ce==2.5.8\n")
    with pytest.raises(SystemExit, match="not pinned"):
        build.read_pins(loose)


def test_a_pin_may_allow_several_files_one_hash_a_line(tmp_path):
    listed = tmp_path / "windows.txt"
    listed.write_text(
        "pygame-ce==2.5.8 \\\n"
        f"    --hash=sha256:{'a' * 64} \\\n"
        f"    --hash=sha256:{'b' * 64}\n"
        "    # via audiogame\n"
    )
    (pin,) = build.read_pins(listed)
    assert (pin.name, pin.version, pin.hashes) == ("pygame-ce", "2.5.8", {"a" * 64, "b" * 64})


def test_pruning_keeps_italian_english_and_what_the_game_uses(tmp_path):
    site = tmp_path / "site-packages"
    files = [
        "babel/locale-data/root.dat",
        "babel/locale-data/it.dat",
        "babel/locale-data/it_CH.dat",
        "babel/locale-data/en_GB.dat",
        "babel/locale-data/de.dat",
        "pygame/examples/aliens.py",
        "pygame/libxmp.dll",
        "pygame/SDL2_mixer.dll",
        "pygame/__init__.pyi",
        "cffi/_cffi_include.h",
        "win32/libs/pywintypes.lib",
        "win32/pythonservice.exe",
        "comtypes/test/test_basic.py",
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
        "pygame/mixer.py",
        "pygame/SDL2_mixer.dll",
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


# -- the licences: every shipped file belongs to a component that has its licence text ----
import notices  # noqa: E402


def fake_tree(tmp_path: Path, *, licence_text: bool = True) -> tuple[Path, list]:
    """A zip's tree in small: the interpreter's licence, one wheel, the game's files."""
    top = tmp_path / "audiogame-0.1.0-windows-x64"
    site = top / "runtime" / "Lib" / "site-packages"
    info = site / "tiny-1.0.dist-info"
    (info / "licenses").mkdir(parents=True)
    (site / "tiny").mkdir()
    (site / "tiny" / "__init__.py").write_text("")
    (info / "METADATA").write_text(
        "Metadata-Version: 2.4\nName: tiny\nVersion: 1.0\nLicense-Expression: MIT\n"
        + ("License-File: LICENSE\n" if licence_text else "")
    )
    if licence_text:
        (info / "licenses" / "LICENSE").write_text("MIT licence of tiny")
    record = ["tiny/__init__.py,,", "tiny-1.0.dist-info/METADATA,,", "tiny-1.0.dist-info/RECORD,,"]
    if licence_text:
        record.append("tiny-1.0.dist-info/licenses/LICENSE,,")
    (info / "RECORD").write_text("\n".join(record) + "\n")
    (top / "runtime" / "LICENSE.txt").write_text("PSF licence")
    (top / "runtime" / "python.exe").write_bytes(b"MZ")
    (top / "README.txt").write_text("for players")
    wheels = notices.wheel_components(site)
    (info / "RECORD").unlink()  # as the build does
    # bytecode belongs with its source
    (site / "tiny" / "__pycache__").mkdir()
    (site / "tiny" / "__pycache__" / "__init__.cpython-313.pyc").write_bytes(b"pyc")
    return top, wheels


def inventory(top: Path, wheels: list) -> list:
    interpreter = {"runtime/LICENSE.txt", "runtime/python.exe"}
    components = notices.inventory(top, wheels, interpreter, {"python": "3.13.2"})
    notices.write(top, components)
    return components


def test_every_shipped_file_belongs_to_a_component_with_its_licence(tmp_path):
    top, wheels = fake_tree(tmp_path)
    components = inventory(top, wheels)
    assert notices.problems(top, components) == []
    names = {c.name for c in components}
    assert {"tiny", "audiogame"} <= names
    tiny = next(c for c in components if c.name == "tiny")
    assert "runtime/Lib/site-packages/tiny/__pycache__/__init__.cpython-313.pyc" in tiny.files
    listed = (top / "NOTICES.txt").read_bytes().decode("utf-8-sig")
    assert "tiny 1.0" in listed and "LICENSES/tiny-1.0.txt" in listed
    assert "MIT licence of tiny" in (top / "LICENSES" / "tiny-1.0.txt").read_text("utf-8-sig")


def test_a_file_nobody_claims_stops_the_build(tmp_path):
    top, wheels = fake_tree(tmp_path)
    (top / "runtime" / "mystery.dll").write_bytes(b"MZ")
    wrong = notices.problems(top, inventory(top, wheels))
    assert wrong == ["runtime/mystery.dll: belongs to no component (components.toml)"]


def test_a_component_without_its_licence_text_stops_the_build(tmp_path):
    top, wheels = fake_tree(tmp_path, licence_text=False)
    wrong = notices.problems(top, inventory(top, wheels))
    assert wrong == ["tiny 1.0: no licence text"]


def test_the_data_names_texts_that_exist_and_every_library_pygame_ships(tmp_path):
    import tomllib

    data = tomllib.loads(notices.DATA.read_text(encoding="utf-8"))
    for entry in [*data["component"], *data["wheel"]]:
        for name in entry["texts"]:
            assert notices.text_path(name).is_file(), name


def test_a_32_bit_library_is_told_from_a_64_bit_one(tmp_path):
    def pe(machine: int) -> bytes:
        head = bytearray(0x200)
        head[:2] = b"MZ"
        head[0x3C:0x40] = (0x80).to_bytes(4, "little")
        head[0x80:0x84] = b"PE\0\0"
        head[0x84:0x86] = machine.to_bytes(2, "little")
        return bytes(head)

    (tmp_path / "x64.dll").write_bytes(pe(0x8664))
    (tmp_path / "x86.dll").write_bytes(pe(0x14C))
    (tmp_path / "text.dll").write_bytes(b"not a program")
    assert build.pe_machine(tmp_path / "x64.dll") == build.PE_AMD64
    assert build.pe_machine(tmp_path / "x86.dll") == 0x14C
    assert build.pe_machine(tmp_path / "text.dll") is None
