"""The zip as a distributor gives it out: reproducible, with its checksums, its licences,
precompiled bytecode, and nothing a player does not need (docs/windows.md)."""

from __future__ import annotations

import shutil
import zipfile

import build


def names_in(trial) -> list[str]:
    return zipfile.ZipFile(trial.zip_path).namelist()


def test_the_same_inputs_give_the_same_zip_wherever_the_cache_is(trial, tmp_path, figures):
    """A second build from a copy of the cache in another folder (and into another output
    folder, with a Wine prefix of its own for the bytecode): the same bytes."""
    other = tmp_path / "another cache"
    for part in ("embed", "wheels"):
        shutil.copytree(build.CACHE / part, other / part)
    again = build.build(tmp_path / "elsewhere" / "dist", other)
    first = build.sha256(trial.zip_path)
    assert build.sha256(again) == first
    figures["zip_sha256"] = first
    sums = (trial.zip_path.parent / "SHA256SUMS").read_text(encoding="utf-8")
    assert f"{first}  {trial.zip_path.name}\n" in sums


def test_no_file_records_where_it_was_built(trial):
    paths = [str(trial.work).encode(), str(build.CACHE).encode(), str(build.ROOT).encode()]
    with zipfile.ZipFile(trial.zip_path) as archive:
        for info in archive.infolist():
            assert not info.filename.endswith(("/direct_url.json", "/RECORD")), info.filename
            data = archive.read(info)
            assert not any(path in data for path in paths), info.filename
            assert info.date_time == build.ZIP_DATE and info.external_attr == 0o644 << 16


def test_every_module_is_precompiled_and_checked_by_hash_not_by_date(trial):
    runtime = trial.top / "runtime"
    sources = [p for p in runtime.rglob("*.py")]
    assert len(sources) > 300
    for source in sources:
        cached = source.parent / "__pycache__" / f"{source.stem}.cpython-313.pyc"
        header = cached.read_bytes()[:16]
        flags = int.from_bytes(header[4:8], "little")
        assert flags == 0b01, source  # hash-based, not checked against the source


def test_only_what_a_player_needs_is_shipped(trial):
    inside = [name.split("/", 1)[1] for name in names_in(trial)]
    site = "runtime/Lib/site-packages/"
    left_out = ("runtime/audiogame/devtools/", f"{site}espeakng_loader", f"{site}comtypes/test/")
    unwanted = [
        n for n in inside
        if n.endswith((".pyi", ".h", ".lib", "pythonservice.exe")) or n.startswith(left_out)
        or "/tests/" in n or "/test/" in n or "/demos/" in n.lower()
    ]  # fmt: skip
    assert unwanted == []
    for path in trial.top.rglob("*"):
        if path.suffix.lower() in (".dll", ".pyd", ".exe") and path.is_file():
            assert build.pe_machine(path) == build.PE_AMD64, path  # no 32-bit library


def test_the_notices_name_every_part_and_carry_every_text(trial):
    notices_text = (trial.top / "NOTICES.txt").read_bytes().decode("utf-8-sig")
    for part in ("pygame-ce", "SDL 2", "NVDA Controller Client", "CPython", "fluent.runtime"):
        assert part in notices_text, part
    assert "GNU LGPL or GPL" in notices_text and "To use another build of pygame-ce" in notices_text
    texts = {p.name for p in (trial.top / "LICENSES").iterdir()}
    assert len(texts) > 20
    assert all((trial.top / "LICENSES" / name).stat().st_size > 200 for name in texts)
    assert (trial.top / "LICENSE").read_bytes().decode("utf-8-sig").startswith("MIT License")
