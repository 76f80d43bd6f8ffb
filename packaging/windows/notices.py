"""The Windows zip's licences, from what it really carries.

Every file of the built tree is given to the components it belongs to: the interpreter
(the files of its archive, licensed by its LICENSE.txt), each wheel (the files its
RECORD lists, its licence from its metadata and the texts in its dist-info), and what
``components.toml`` adds (libraries bundled inside a wheel, texts a wheel lacks, the
game itself). ``write`` puts every text in ``LICENSES/`` and a summary in
``NOTICES.txt``; ``problems`` lists each shipped file that belongs to no component and
each component with no licence text, and the build refuses to finish while there are
any. Standard library only.
"""

from __future__ import annotations

import email.parser
import fnmatch
import importlib.util
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
TEXTS = HERE / "licenses"
DATA = HERE / "components.toml"
SITE = "runtime/Lib/site-packages"


@dataclass
class Component:
    name: str
    version: str = ""
    licence: str = ""
    about: str = ""
    within: str = ""  # the wheel that brings it
    source: str = ""  # for the LGPL and GPL: where the source is, how to replace it
    texts: dict[str, str] = field(default_factory=dict)  # title -> text
    files: set[str] = field(default_factory=set)  # paths relative to the top folder

    @property
    def slug(self) -> str:
        words = re.sub(
            r"[^A-Za-z0-9.]+", "-", f"{self.name.split(' (')[0].split(',')[0]} {self.version}"
        )
        return words.strip("-")


def normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _matches(path: str, pattern: str) -> bool:
    if "**" in pattern:
        return path.startswith(pattern.split("**", 1)[0])
    return fnmatch.fnmatchcase(path, pattern) and path.count("/") == pattern.count("/")


def text_path(name: str) -> Path:
    """A licence text named in ``components.toml``: a file of ``licenses/``, or one the
    game's package carries (``audiogame/...``), found beside the package that is imported:
    the checkout's, or the build's own when the suite runs from the build under Wine (its
    copy of the project has no ``audiogame/`` folder)."""
    if not name.startswith("audiogame/"):
        return TEXTS / name
    spec = importlib.util.find_spec("audiogame")
    found = HERE.parents[1] / name
    if not found.is_file() and spec is not None and spec.origin:
        found = Path(spec.origin).parents[1] / name
    return found


def _read_text(name: str) -> str:
    return text_path(name).read_text(encoding="utf-8")


# -- what the wheels say about themselves --------------------------------------------------
def wheel_components(site: Path) -> list[Component]:
    """One component per installed distribution, read before the build prunes or tidies
    the tree (RECORD is removed afterwards: it names files the zip no longer has)."""
    found = []
    for info in sorted(site.glob("*.dist-info")):
        meta = email.parser.Parser().parsestr(
            (info / "METADATA").read_text(encoding="utf-8"), headersonly=True
        )
        component = Component(meta["Name"], meta["Version"], licence=_licence(meta))
        for line in (info / "RECORD").read_text(encoding="utf-8").splitlines():
            relative = line.rsplit(",", 2)[0]
            if relative and not relative.startswith(".."):
                component.files.add(f"{SITE}/{relative}")
        for text in _licence_files(info, meta):
            title = text.relative_to(info).as_posix()
            component.texts[title] = text.read_text(encoding="utf-8", errors="replace")
        found.append(component)
    return found


def _licence(meta) -> str:
    """The licence a distribution declares: its SPDX expression, else its short licence
    field, else its licence classifiers."""
    if meta["License-Expression"]:
        return str(meta["License-Expression"])
    short = (meta["License"] or "").strip()
    if short and "\n" not in short and len(short) < 60 and short != "UNKNOWN":
        return short
    classifiers = meta.get_all("Classifier") or []
    return "; ".join(c.split(" :: ")[-1] for c in classifiers if c.startswith("License :: "))


def _licence_files(info: Path, meta) -> list[Path]:
    named = [info / "licenses" / f for f in meta.get_all("License-File") or []]
    named += [info / f for f in meta.get_all("License-File") or []]
    found = [p for p in named if p.is_file()]
    if not found:
        found = [
            p
            for p in info.rglob("*")
            if p.is_file() and re.match(r"(?i)(licen[cs]e|copying)", p.name)
        ]
    return sorted(set(found))


# -- the whole inventory -------------------------------------------------------------------
def inventory(
    top: Path, wheels: list[Component], interpreter: set[str], versions: dict[str, str]
) -> list[Component]:
    """Every component of the tree at ``top``: ``wheels`` (from ``wheel_components``),
    the interpreter's files (``interpreter``, relative to the top folder), the data file;
    ``versions`` gives the interpreter's ("python") and the game's ("audiogame")."""
    data = tomllib.loads(DATA.read_text(encoding="utf-8"))
    python = Component(
        "CPython (the embeddable interpreter for Windows, with its bundled libraries)",
        versions["python"],
        licence="PSF-2.0 and the licences in its LICENSE.txt",
        texts={"LICENSE.txt": (top / "runtime" / "LICENSE.txt").read_text(encoding="utf-8")},
        files=set(interpreter),
    )
    by_name = {normal(c.name): c for c in wheels}
    for extra in data.get("wheel", []):
        wheel = by_name.get(normal(extra["name"]))
        if wheel is None:
            continue
        wheel.licence = extra.get("licence", wheel.licence)
        wheel.source = extra.get("source", "").replace("VERSION", wheel.version)
        for name in extra.get("texts", []):
            wheel.texts.setdefault(name, _read_text(name))
    components = [python, *wheels]
    shipped = {p.relative_to(top).as_posix() for p in top.rglob("*") if p.is_file()}
    for entry in data.get("component", []):
        files = {p for p in shipped if any(_matches(p, pattern) for pattern in entry["files"])}
        if not files:
            continue  # a library its wheel brings but the build leaves out: not shipped
        within = by_name.get(normal(entry.get("within", "")))
        components.append(
            Component(
                entry["name"],
                versions.get(entry["name"], ""),
                licence=entry["licence"],
                about=entry.get("about", ""),
                within=f"{within.name} {within.version}" if within else "",
                source=entry.get("source", ""),
                texts={Path(n).name: _read_text(n) for n in entry["texts"]},
                files=files,
            )
        )
    for component in components:  # only what is really in the tree, bytecode with its source
        component.files = {f for f in component.files if f in shipped}
        component.files |= {p for p in shipped if _source_of(p) in component.files}
    return [c for c in components if c.files]


def _source_of(path: str) -> str:
    """``a/__pycache__/b.cpython-313.pyc`` -> ``a/b.py``."""
    match = re.fullmatch(r"(.*/)?__pycache__/([^/]+?)\.cpython-\d+\.pyc", path)
    return f"{match.group(1) or ''}{match.group(2)}.py" if match else ""


def problems(top: Path, components: list[Component]) -> list[str]:
    """What stops the build: shipped files of no component, components with no text."""
    owned = set().union(*(c.files for c in components))
    shipped = sorted(p.relative_to(top).as_posix() for p in top.rglob("*") if p.is_file())
    found = [
        f"{path}: belongs to no component (components.toml)"
        for path in shipped
        if path not in owned
    ]
    found += [f"{c.name} {c.version}: no licence text" for c in components if not c.texts]
    found += [f"{c.name} {c.version}: no licence named" for c in components if not c.licence]
    return found


# -- what the zip says ---------------------------------------------------------------------
HEADER = """Third-party notices for {name}

This folder is the game audiogame (MIT licence: LICENSE) together with the software it
runs on. Each part keeps its own licence; the full texts are in the folder LICENSES, one
file per part, named below. This list is made by the build from the files really in
this folder: every file belongs to one of these parts.
"""

COPYLEFT = """
The parts under the GNU LGPL or GPL, and what those licences give you
-------------------------------------------------------------------
"""


def write(top: Path, components: list[Component]) -> None:
    folder = top / "LICENSES"
    folder.mkdir(exist_ok=True)
    ordered = sorted(components, key=lambda c: (c.name != "audiogame", c.name.lower()))
    lines = [HEADER.format(name=top.name), ""]
    for component in ordered:
        parts = [f"{component.name} {component.version}".strip()]
        parts.append(f"   licence: {component.licence}")
        if component.within:
            parts.append(f"   comes inside: {component.within}")
        if component.about:
            parts.append(f"   what it is: {component.about}")
        parts.append(f"   text: LICENSES/{component.slug}.txt")
        lines += parts + [""]
        body = []
        for title, text in component.texts.items():
            body += [
                f"==== {component.name} {component.version}: {title} ====",
                "",
                text.strip(),
                "",
                "",
            ]
        (folder / f"{component.slug}.txt").write_bytes(notepad("\n".join(body)))
    copyleft = [c for c in ordered if c.source]
    if copyleft:
        lines.append(COPYLEFT)
        for component in copyleft:
            lines += [f"{component.name} {component.version} ({component.licence})", ""]
            lines += [component.source.strip(), ""]
    (top / "NOTICES.txt").write_bytes(notepad("\n".join(lines)))
    game = next((c for c in components if c.name == "audiogame"), None)
    if game is not None:  # the notices themselves are the game's
        game.files |= {"NOTICES.txt", *(f"LICENSES/{c.slug}.txt" for c in components)}


def notepad(text: str, bom: bool = True) -> bytes:
    """Notepad of every Windows version: CR LF, and a BOM so accents come out right."""
    body = text.replace("\r\n", "\n").replace("\n", "\r\n").encode("utf-8")
    return (b"\xef\xbb\xbf" if bom else b"") + body
