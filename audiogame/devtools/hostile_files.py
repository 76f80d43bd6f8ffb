"""Hostile files: saves of every game and settings files, damaged and crafted on purpose.

``save_cases(game, data)`` and ``settings_cases(data)`` make the corpus from a
real save file and a real settings file: truncations at every twentieth, bit
flips, every header and state field with wrong types, out-of-range and
non-finite values, deep nesting, huge sizes, invalid UTF-8, a byte-order mark,
duplicate keys, and the crafted saves of issue 11 (a trillion draws, 10**15
iterations, an infinite clock, an 8-million-action log, 18 copies of one
coaster, "manche -5, 99 players", a raised sequence number). Crafted saves are
resealed (their digest made to match again), so they reach the schemas
rather than stopping at the digest.

``run_save_case`` and ``run_settings_case`` read one case the way the game
does at start (and resume a save it offers, through the real ``SavedMatches``),
timing it and catching anything that escapes: what the tests and
``benchmarks/hostile_files.py`` count.
"""

from __future__ import annotations

import hashlib
import json
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: values of the wrong type or out of range, put in place of a field
WRONG: tuple[tuple[str, Any], ...] = (
    ("null", None),
    ("string", "x"),
    ("list", []),
    ("object", {}),
    ("true", True),
    ("negative", -5),
    ("huge-int", 10**15),
    ("huge-float", 1e300),
)
#: JSON text no JSON encoder writes for a number, spliced in as it is
NON_FINITE = ("NaN", "Infinity", "-Infinity", "1e999")
#: more than any reader allows: deep nesting, and an 8-million-entry list
DEEP = 100_000


@dataclass
class Case:
    name: str
    #: file name (in the case's folder) -> bytes; ``sparse`` sizes are made with truncate
    files: dict[str, bytes]
    sparse: dict[str, int] = field(default_factory=dict)
    #: settings: the fields this case may set back (None: any, the file is broken)
    may_lose: frozenset[str] | None = None


@dataclass
class Outcome:
    name: str
    seconds: float
    #: the CPU the case took (a hang spins; a busy machine stretches only the wall time)
    cpu_seconds: float = 0.0
    crashed: str | None = None
    #: what happened: "refused", "resumed", "fell-back", "nothing", or for settings
    #: "kept", "fields-reset", "defaults"
    result: str = ""
    lost_more: list[str] = field(default_factory=list)


# -- saves -------------------------------------------------------------------------------
def split(data: bytes) -> tuple[dict[str, Any], bytes]:
    head, _, rest = data.partition(b"\n")
    header = json.loads(head)
    return header, rest[: header["size"]]


def seal(header: dict[str, Any], state: bytes) -> bytes:
    """A save file around ``state`` whose digest matches again."""
    header = dict(header, size=len(state))
    head = json.dumps(header, separators=(",", ":"), ensure_ascii=False).encode()
    digest = hashlib.sha256(head + b"\n" + state).hexdigest().encode()
    return head + b"\n" + state + b"\n" + digest + b"\n"


def seal_raw(head: bytes, state: bytes) -> bytes:
    digest = hashlib.sha256(head + b"\n" + state).hexdigest().encode()
    return head + b"\n" + state + b"\n" + digest + b"\n"


def _paths(value: Any, prefix: tuple[Any, ...] = (), depth: int = 0) -> Iterator[tuple[Any, ...]]:
    """Every field of the state worth breaking: each key of each object down to three
    levels, and the first item of each list."""
    if depth > 3:
        return
    if isinstance(value, dict):
        for key, inner in value.items():
            yield (*prefix, key)
            yield from _paths(inner, (*prefix, key), depth + 1)
    elif isinstance(value, list) and value:
        yield (*prefix, 0)
        if not (isinstance(value[0], int) and len(value) > 100):  # a random stream's words
            yield from _paths(value[0], (*prefix, 0), depth + 1)


def _put(state: Any, path: tuple[Any, ...], value: Any) -> Any:
    copy = json.loads(json.dumps(state))
    target = copy
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return copy


def _dump(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def save_cases(game: str, data: bytes, *, fields_limit: int | None = None) -> list[Case]:
    """The hostile corpus of one game's save, from a real save file's bytes."""
    slot = f"match-{game}.json"
    header, body = split(data)
    state = json.loads(body)
    rng = random.Random(f"{game}-hostile")
    cases: list[Case] = []

    def one(name: str, content: bytes) -> None:
        cases.append(Case(f"{game}/{name}", {slot: content}))

    for k in range(20):  # truncations at every twentieth
        one(f"truncated-{k}-of-20", data[: len(data) * k // 20])
    for n in range(20):  # single bit flips
        flipped = bytearray(data)
        at = rng.randrange(len(flipped))
        flipped[at] ^= 1 << rng.randrange(8)
        one(f"bit-flip-{n}-at-{at}", bytes(flipped))
    for key in ("format", "version", "game", "seq", "saved_at", "summary", "size"):
        for label, value in WRONG:
            if key == "size":  # the size field itself: sealed around the real state
                head = _dump(dict(header, size=value))
                one(f"header-{key}-{label}", seal_raw(head, body))
            else:
                one(f"header-{key}-{label}", seal(dict(header, **{key: value}), body))
    for label, value in WRONG:
        one(f"summary-args-{label}", seal(dict(header, summary={"msg": "x", "args": value}), body))
    one(
        "summary-manche-minus-5-99-players",
        seal(
            dict(
                header,
                summary={
                    "msg": header["summary"]["msg"],
                    "args": {**header["summary"]["args"], "manche": -5, "round": -5, "players": 99},
                },
            ),
            body,
        ),
    )
    one(
        "summary-99-players",
        seal(
            dict(
                header,
                summary={
                    "msg": header["summary"]["msg"],
                    "args": {**header["summary"]["args"], "players": 99},
                },
            ),
            body,
        ),
    )
    paths = list(_paths(state))
    if fields_limit is not None:
        paths = rng.sample(paths, min(fields_limit, len(paths)))
    for path in paths:
        name = ".".join(str(p) for p in path)
        for label, value in WRONG:
            one(f"state-{name}-{label}", seal(header, _dump(_put(state, path, value))))
        for text in NON_FINITE:
            marker = "\x00nonfinite\x00"
            spliced = _dump(_put(state, path, marker)).replace(_dump(marker), text.encode())
            one(f"state-{name}-{text}", seal(header, spliced))
    one("deep-nesting", seal(header, b"[" * DEEP + b"]" * DEEP))
    one(
        "deep-in-a-field",
        seal(header, _dump(dict(state, seed=0))[:-1] + b',"x":' + b"[" * DEEP + b"]" * DEEP + b"}"),
    )
    one("invalid-utf8", seal(header, body.replace(b'"', b'"\xff\xfe', 1)))
    one("bom-before-the-state", seal(header, b"\xef\xbb\xbf" + body))
    one("file-bom", b"\xef\xbb\xbf" + data)
    one(
        "duplicate-keys",
        seal(header, body[:-1] + b',"version":' + _dump(state["version"] + 1) + b"}"),
    )
    one("not-an-object", seal(header, b"[1,2,3]"))
    one("8-million-actions", seal(header, b'{"log":[' + b"0," * 8_000_000 + b"0]}"))
    one("empty-file", b"")
    one("only-a-newline", b"\n")
    one("header-only", data.partition(b"\n")[0] + b"\n")
    one("header-line-megabytes", b"{" + b" " * (3 << 20) + b"}\n")
    cases.append(Case(f"{game}/huge-sparse-file", {}, sparse={slot: 200 << 20}))
    older = seal(dict(header, seq=header["seq"] + 1000), body)  # raised seq, resealed
    cases.append(Case(f"{game}/raised-seq-in-the-other-slot", {slot: data, slot + ".alt": older}))
    unsealed = data.replace(
        f'"seq":{header["seq"]}'.encode(), f'"seq":{header["seq"] + 9}'.encode(), 1
    )
    cases.append(Case(f"{game}/raised-seq-without-a-digest", {slot: data, slot + ".alt": unsealed}))
    cases.extend(_game_specific(game, header, state, slot))
    return cases


def _game_specific(
    game: str, header: dict[str, Any], state: dict[str, Any], slot: str
) -> list[Case]:
    """The crafted saves issue 11 named, for the games that have those fields (every
    game's save is the envelope of ``core.saving``: the engine, the bots, the view)."""
    out: list[tuple[str, Any]] = []
    saved_view = state.get("view")
    view: dict[str, Any] = saved_view if isinstance(saved_view, dict) else {}

    def with_view(**changed: Any) -> dict[str, Any]:
        return dict(state, view=dict(view, **changed))

    own = view.get("table")  # the table's own part (Domino: the hard bots' budget)
    if isinstance(own, dict) and "iterations" in own:
        out.append(("iterations-10-to-the-15", with_view(table=dict(own, iterations=10**15))))
    if "bots" in state and state["bots"]:
        out.append(
            (
                "bots-a-trillion-draws",
                dict(state, bots={seat: {"draws": 10**12, "memo": {}} for seat in state["bots"]}),
            )
        )
    if "clock" in view:
        out.append(("clock-1e300", with_view(clock=1e300)))
        out.append(("clock-before-the-start", with_view(clock=-1.0)))
    inner = state.get("engine")
    if isinstance(inner, dict):
        if "pile" in inner:
            out.append(
                ("pile-18-copies-of-one-coaster", dict(state, engine=dict(inner, pile=[0] * 18)))
            )
        if "faces" in inner:
            out.append(("faces-not-symbols", dict(state, engine=dict(inner, faces=["seven"] * 5))))
        log = inner.get("log", [])
        if log:
            backwards = dict(inner, log=list(reversed(log)))
            out.append(("log-time-going-back", dict(state, engine=backwards)))
            copies = dict(inner, log=log[:1] * 100_000)
            out.append(("log-100k-copies", dict(state, engine=copies)))
    cases = [Case(f"{game}/{name}", {slot: seal(header, _dump(value))}) for name, value in out]
    for text in ("Infinity", "NaN", "1e999"):
        if "clock" in view:
            spliced = _dump(with_view(clock="\x00x\x00")).replace(_dump("\x00x\x00"), text.encode())
            cases.append(Case(f"{game}/clock-{text}", {slot: seal(header, spliced)}))
    return cases


def write_case(case: Case, folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name, content in case.files.items():
        (folder / name).write_bytes(content)
    for name, size in case.sparse.items():
        with open(folder / name, "wb") as handle:
            handle.truncate(size)


def run_save_case(case: Case, folder: Path, app: Any) -> Outcome:
    """Read the case's folder as the game does at start, and resume what it offers."""
    from audiogame.games import registry
    from audiogame.store.saves import SaveStore
    from audiogame.ui import games

    write_case(case, folder)
    spoken = len(app.speaker.spoken)
    started, cpu = time.perf_counter(), time.process_time()
    outcome = Outcome(case.name, 0.0)
    try:
        app.saves = SaveStore(folder)
        app.matches.by_game.clear()
        app.matches.load()
        offered = app.matches.offered()
        outcome.result = "nothing"
        for spec, _saved in offered:
            base = len(app.scenes)
            rebuild = games.resume(spec)
            scene = None if rebuild is None else app.matches.resume(spec, rebuild)
            if scene is None:
                outcome.result = "refused"
                continue
            app.push(scene)
            app.step()
            outcome.result = "resumed"
            while len(app.scenes) > base:
                app.pop()
        app.announcer.flush()
        heard = " ".join(str(s) for s in app.speaker.spoken[spoken:])
        if outcome.result == "nothing" and heard:
            outcome.result = "refused"
        if "may be missing" in heard or "potrebbe mancare" in heard:
            outcome.result = "fell-back"
        registry.games()  # nothing above may have broken discovery
    except Exception as exc:  # what the test counts: nothing may escape
        outcome.crashed = f"{type(exc).__name__}: {exc}"
    outcome.seconds = time.perf_counter() - started
    outcome.cpu_seconds = time.process_time() - cpu
    return outcome


# -- settings -------------------------------------------------------------------------------
SETTINGS_GOOD: dict[str, Any] = {
    "version": 1,
    "language": "en",
    "speech": "text",
    "voice_rate": 260,
    "cue_volume": 0.3,
    "speech_volume": 0.6,
    "verbosity": {
        "own": "speak",
        "others": "sound",
        "draws": "off",
        "scores": "speak",
        "turn": "speak",
        "tips": "off",
    },
    "setups": {
        "tira": {"players": 3, "speed": "fast"},
        "domino": {"levels": ["easy", "hard"], "options": {"point-limit": 50}},
    },
}
SETTINGS_FIELDS = (
    "language",
    "speech",
    "voice_rate",
    "cue_volume",
    "speech_volume",
    "verbosity",
    "setups",
)


def settings_cases() -> list[Case]:
    name = "settings.json"
    good = json.dumps(SETTINGS_GOOD, indent=2).encode()
    rng = random.Random("settings-hostile")
    cases: list[Case] = []

    def one(label: str, content: bytes, may_lose: frozenset[str] | None = None) -> None:
        cases.append(Case(f"settings/{label}", {name: content}, may_lose=may_lose))

    for k in range(20):
        one(f"truncated-{k}-of-20", good[: len(good) * k // 20])
    for n in range(20):
        flipped = bytearray(good)
        at = rng.randrange(len(flipped))
        flipped[at] ^= 1 << rng.randrange(8)
        one(f"bit-flip-{n}-at-{at}", bytes(flipped))
    for key in SETTINGS_FIELDS:
        for label, value in WRONG:
            one(f"{key}-{label}", _dump(dict(SETTINGS_GOOD, **{key: value})), frozenset({key}))
        for text in NON_FINITE:
            spliced = _dump(dict(SETTINGS_GOOD, **{key: "\x00x\x00"})).replace(
                _dump("\x00x\x00"), text.encode()
            )
            one(f"{key}-{text}", spliced, frozenset({key}))
    for kind in SETTINGS_GOOD["verbosity"]:
        bad = dict(SETTINGS_GOOD, verbosity=dict(SETTINGS_GOOD["verbosity"], **{kind: 1}))
        one(f"verbosity-{kind}-number", _dump(bad), frozenset({f"verbosity.{kind}"}))
    for game in SETTINGS_GOOD["setups"]:
        bad = dict(SETTINGS_GOOD, setups=dict(SETTINGS_GOOD["setups"], **{game: [[[1]]]}))
        one(f"setup-{game}-nested", _dump(bad), frozenset({f"setups.{game}"}))
    one("language-xx", _dump(dict(SETTINGS_GOOD, language="xx")), frozenset({"language"}))
    one("bom", b"\xef\xbb\xbf" + good, frozenset())
    one("duplicate-keys", good[:-2] + b',\n  "cue_volume": 0.5\n}', frozenset({"cue_volume"}))
    one("unknown-keys", _dump(dict(SETTINGS_GOOD, future={"a": [1, 2]}, other=3)), frozenset())
    one(
        "invalid-utf8-in-a-value",
        _dump(SETTINGS_GOOD).replace(b'"text"', b'"te\xffxt"'),
        frozenset({"speech"}),
    )
    one("invalid-utf8-outside-strings", b"\xff" + good)
    one("deep-nesting", b"[" * DEEP + b"]" * DEEP)
    one("deep-in-a-field", good[:-2] + b',"x":' + b"[" * DEEP + b"]" * DEEP + b"}")
    one("not-an-object", b"[1, 2, 3]")
    one("empty", b"")
    one("nul-bytes", b"\x00" * 1000)
    cases.append(Case("settings/huge-sparse-file", {}, sparse={name: 200 << 20}))
    cases.append(
        Case(
            "settings/stray-temporaries",
            {name: good, name + ".x1.tmp": b"{half"},
            may_lose=frozenset(),
        )
    )
    return cases


def run_settings_case(case: Case, folder: Path) -> Outcome:
    from audiogame.store.settings import load_settings

    write_case(case, folder)
    started, cpu = time.perf_counter(), time.process_time()
    outcome = Outcome(case.name, 0.0)
    try:
        result = load_settings(folder / "settings.json")
        outcome.result = {
            None: "kept",
            "settings-fields-reset": "fields-reset",
            "settings-doubled": "doubled",
        }.get(result.notice, "defaults")
        if case.may_lose is not None:
            data = result.settings.to_data()
            for key in SETTINGS_FIELDS:
                lost = key not in case.may_lose and not any(
                    m.startswith(key + ".") for m in case.may_lose
                )
                if lost and _differs(data[key], SETTINGS_GOOD[key]):
                    outcome.lost_more.append(key)
                elif key == "verbosity" and lost:
                    for kind, level in SETTINGS_GOOD["verbosity"].items():
                        if f"verbosity.{kind}" not in case.may_lose and data[key][kind] != level:
                            outcome.lost_more.append(f"verbosity.{kind}")
    except Exception as exc:
        outcome.crashed = f"{type(exc).__name__}: {exc}"
    outcome.seconds = time.perf_counter() - started
    outcome.cpu_seconds = time.process_time() - cpu
    return outcome


def _differs(value: Any, good: Any) -> bool:
    if isinstance(good, dict):
        return any(_differs(value.get(k), v) for k, v in good.items())
    return bool(value != good)


# -- a real save of every game -------------------------------------------------------------
def real_saves(folder: Path, progress: int = 30) -> dict[str, bytes]:
    """A save file of each registered game with a resume adapter, from a match played
    through the real loop up to ``progress``."""
    from audiogame.devtools.games import hooks
    from audiogame.devtools.harness import DISK_WAIT, Harness
    from audiogame.devtools.resume_check import adapter_for, drive
    from audiogame.games import registry

    saves: dict[str, bytes] = {}
    for spec in registry.games():
        if hooks(spec.id).resume_adapter is None:
            continue
        h = Harness(folder / spec.id, lang="en")
        h.start()
        adapter = adapter_for(spec.id)
        adapter.new_match(h, None, adapter.setups()[0], 77)
        drive(h, adapter, _reached(adapter, progress))
        assert h.app.saves is not None and h.app.saves.flush(DISK_WAIT)
        newest = h.app.saves.read(spec.id)
        path = next(
            p
            for p in h.app.saves.slot_paths(spec.id)
            if p.exists() and f'"seq":{newest.seq},'.encode() in p.read_bytes()[:300]
        )
        saves[spec.id] = path.read_bytes()
        h.close()
    return saves


def _reached(adapter: Any, progress: int) -> Callable[[Any], bool]:
    return lambda table: bool(adapter.progress(table) >= progress)


Runner = Callable[[Case, Path], Outcome]
