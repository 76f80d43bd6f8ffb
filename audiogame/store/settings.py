"""The player's settings, kept in the platform's config folder.

Loading never fails and loses as little as it can. The file is read only up to
``SETTINGS_CAP`` bytes (a UTF-8 byte-order mark, as Notepad writes, is
accepted); then every field is decoded and checked on its own, by the
``msgspec`` types in ``FIELDS`` (a boolean is not a volume, 1e999 is not a
rate): a bad field falls back to its own default and is named in
``LoadResult.fallen``, the rest are kept. Keys this version does not know
(written by a newer one) are kept as they were and written back. A key given
twice in one object (a hand-edited or hostile file) is read as JSON readers do,
its last value winning, and named in ``LoadResult.doubled``: the player is told,
the file kept aside and written back with one value each. Only a file
that is not a JSON object at all (cut short, not text, nested past the
decoder's limit, too big) is replaced by the defaults. Either way a copy of
the original is kept aside (a bounded number of them) and the caller is
told, so it can say it. Saving is atomic; a failure to save is reported, and
the settings stay in memory.
"""

from __future__ import annotations

import json
import logging
import shutil
import time
from collections import Counter, deque
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec
import platformdirs

from audiogame.store.files import (
    StorageError,
    TooBig,
    keep_aside,
    prune_kept,
    read_capped,
    remove_stray_temps,
    write_json,
)

log = logging.getLogger(__name__)

APP_NAME = "audiogame"
SETTINGS_VERSION = 1

#: message kinds the player can tune, in the order the options menu lists them
MESSAGE_KINDS: tuple[str, ...] = (
    "own",
    "others",
    "draws",
    "scores",
    "turn",
    "tips",
    "chat",
    "private",
)
VERBOSITY_LEVELS: tuple[str, ...] = ("speak", "sound", "off")
SPEECH_CHOICES: tuple[str, ...] = ("auto", "screenreader", "voice", "text")
#: the built-in voice's rates the options step through, in words per minute (a rate
#: saved between two steps is kept; the arrows go on from the nearest)
VOICE_RATES: tuple[int, ...] = tuple(range(100, 501, 25))
#: the default: about 300 words a minute heard (eSpeak NG, measured), half as fast again
#: as the 200 it was, at which a 75-word summary took 28 seconds
DEFAULT_VOICE_RATE = 300
#: what becomes of game events an answer to a key cut: said after it, or dropped
CUT_EVENTS: tuple[str, ...] = ("repeat", "drop")
#: the window's text sizes, in percent, that Ctrl+Plus and Ctrl+Minus step through
TEXT_SIZES: tuple[int, ...] = (50, 75, 100, 125, 150, 175, 200, 250, 300, 400)
DEFAULT_TEXT_SIZE = 100

#: The longest settings file read: a real one is under 2 KiB (a few values and
#: each game's table setup); a file over 256 KiB was not written by the game.
SETTINGS_CAP = 256 << 10

# -- the schema: each field decoded and checked on its own ------------------------------
Volume = Annotated[float, msgspec.Meta(ge=0.0, le=1.0)]
Scalar = None | bool | int | float | Annotated[str, msgspec.Meta(max_length=200)]
Listed = Annotated[list[Scalar], msgspec.Meta(max_length=64)]
#: one game's table setup: flat, as the setup scenes write it; the game checks the rest
Setup = Annotated[
    dict[
        Annotated[str, msgspec.Meta(max_length=64)],
        Scalar | Listed | Annotated[dict[str, Scalar | Listed], msgspec.Meta(max_length=64)],
    ],
    msgspec.Meta(max_length=64),
]
FIELDS: dict[str, Any] = {
    "language": Literal["it", "en"] | None,
    "speech": Literal[SPEECH_CHOICES],
    "voice_rate": Annotated[int, msgspec.Meta(ge=60, le=600)],
    "cut_events": Literal[CUT_EVENTS],
    "cue_volume": Volume,
    "speech_volume": Volume,
    "text_size": Annotated[int, msgspec.Meta(ge=TEXT_SIZES[0], le=TEXT_SIZES[-1])],
    # the kinds of message not shown on the braille display
    "braille_hidden": Annotated[
        list[Literal[MESSAGE_KINDS]],  # type: ignore[valid-type]
        msgspec.Meta(max_length=len(MESSAGE_KINDS)),
    ],
    # online play: the player's name, the last server typed, the hosts' pinned certificates
    "online_name": Annotated[str, msgspec.Meta(max_length=64)],
    "online_address": Annotated[str, msgspec.Meta(max_length=200)],
    "online_pins": Annotated[
        dict[
            Annotated[str, msgspec.Meta(max_length=200)],
            Annotated[str, msgspec.Meta(pattern=r"^[0-9a-f]{64}$")],
        ],
        msgspec.Meta(max_length=64),
    ],
}
#: what one game's table remembers between matches (Domino: the hand's sort order)
TablePrefs = Annotated[
    dict[Annotated[str, msgspec.Meta(max_length=64)], Scalar], msgspec.Meta(max_length=64)
]
Level = Literal[VERBOSITY_LEVELS]  # type: ignore[valid-type]
GameKey = Annotated[str, msgspec.Meta(pattern=r"^[a-z][a-z0-9_-]{0,31}$")]
#: at most this many games' setups are kept (the rest is not from this game)
MAX_SETUPS = 32


def config_dir() -> Path:
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


@dataclass
class Settings:
    language: str | None = None  # None: follow the system
    speech: str = "auto"
    voice_rate: int = DEFAULT_VOICE_RATE
    cut_events: str = "repeat"
    cue_volume: float = 0.8
    speech_volume: float = 1.0
    #: the window's text size, in percent (Ctrl+Plus/Minus, Ctrl+0 back to 100)
    text_size: int = DEFAULT_TEXT_SIZE
    #: online: my name at the tables ("" until chosen), the last server address typed,
    #: and each LAN host's certificate fingerprint the player accepted (by address)
    online_name: str = ""
    online_address: str = ""
    online_pins: dict[str, str] = field(default_factory=dict)
    verbosity: dict[str, str] = field(default_factory=lambda: dict.fromkeys(MESSAGE_KINDS, "speak"))
    #: the kinds of message the braille display does not show (the Playroom's "don't
    #: show in braille", per kind): the game's answers and the player's own moves always show
    braille_hidden: list[str] = field(default_factory=list)
    #: the last table setup of each game, as the setup scenes write it
    setups: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: what each game's table keeps from one match to the next, and across restarts
    #: (the table writes it; the game checks its values when it reads them)
    tables: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: keys this version does not know (a newer version's): written back as they were
    unknown: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        #: values given for this run only (command-line flags): field -> (value, saved value)
        self._for_this_run: dict[str, tuple[Any, Any]] = {}

    def for_this_run(self, name: str, value: Any) -> None:
        """Use ``value`` for ``name`` in this run without making it the saved setting.

        ``audiogame --speech text`` must not become permanent the first time any
        setting is saved: ``to_data`` writes the saved value back in its place,
        unless the player changes that setting during the run (then the choice
        they made is theirs, and saved).
        """
        if name not in {f.name for f in fields(self)}:
            raise ValueError(f"no setting named {name!r}")
        saved = self._for_this_run.get(name, (None, getattr(self, name)))[1]
        self._for_this_run[name] = (value, saved)
        setattr(self, name, value)

    def to_data(self) -> dict[str, Any]:
        own = asdict(self)
        del own["unknown"]
        data = {**self.unknown, "version": SETTINGS_VERSION, **own}
        for name, (value, saved) in self._for_this_run.items():
            if data[name] == value:
                data[name] = saved
        return data

    @classmethod
    def from_data(cls, data: Any) -> Settings:
        """Settings from parsed JSON, strictly: ``ValueError`` on any bad field
        (``read_fields`` is the forgiving reader the game uses)."""
        if not isinstance(data, dict):
            raise ValueError("not a settings object")
        settings, fallen = read_fields({k: _Value(v) for k, v in data.items()})
        if fallen:
            raise ValueError(f"bad settings: {', '.join(fallen)}")
        return settings


class _Value:
    """A field's value as plain data (the file was read by ``json``, not ``msgspec``)."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def as_type(self, kind: Any) -> Any:
        return msgspec.convert(self.value, kind, strict=True)

    def as_plain(self) -> Any:
        return self.value

    def entries(self) -> dict[str, _Value]:
        found = msgspec.convert(self.value, dict[GameKey, Any], strict=True)
        return {key: _Value(value) for key, value in found.items()}


class _Raw:
    """A field's value as the JSON text ``msgspec`` found it, decoded on demand."""

    def __init__(self, raw: msgspec.Raw) -> None:
        self.raw = raw

    def as_type(self, kind: Any) -> Any:
        return msgspec.json.decode(self.raw, type=kind)

    def as_plain(self) -> Any:
        return msgspec.json.decode(self.raw)

    def entries(self) -> dict[str, _Raw]:
        found = msgspec.json.decode(self.raw, type=dict[GameKey, msgspec.Raw])
        return {key: _Raw(raw) for key, raw in found.items()}


_BAD = (msgspec.ValidationError, msgspec.DecodeError, RecursionError, ValueError, TypeError)


def read_fields(found: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Settings from each top-level value, field by field; also the names of those
    that fell back to their defaults ("cue_volume", "verbosity.draws", "setups.tira")."""
    settings = Settings()
    fallen: list[str] = []
    for name, kind in FIELDS.items():
        if name not in found:
            continue
        try:
            setattr(settings, name, found[name].as_type(kind))
        except _BAD:
            fallen.append(name)
    if "verbosity" in found:
        fallen += _read_map(found["verbosity"], "verbosity", settings.verbosity, Level)
    if "setups" in found:
        fallen += _read_map(found["setups"], "setups", settings.setups, Setup, MAX_SETUPS)
    if "tables" in found:
        fallen += _read_map(found["tables"], "tables", settings.tables, TablePrefs, MAX_SETUPS)
    for name, value in found.items():
        if name in FIELDS or name in ("verbosity", "setups", "tables", "version"):
            continue
        try:
            settings.unknown[name] = value.as_plain()
        except _BAD:  # not even readable: only in the copy kept aside
            log.warning("settings: unknown key %r not readable", name)
    if "version" in found:
        try:
            version = found["version"].as_type(int)
        except _BAD:
            version = None
        if version != SETTINGS_VERSION:
            log.info("settings written by version %r of the format", version)
    return settings, fallen


def _read_map(
    value: Any, name: str, into: dict[str, Any], kind: Any, limit: int = len(MESSAGE_KINDS)
) -> list[str]:
    """A mapping read entry by entry: ``verbosity`` (known kinds only) or ``setups``."""
    try:
        entries = value.entries()
    except _BAD:
        return [name]
    fallen = []
    known = MESSAGE_KINDS if name == "verbosity" else None
    for key, entry in list(entries.items())[: max(limit, 0)]:
        if known is not None and key not in known:
            continue
        try:
            into[key] = entry.as_type(kind)
        except _BAD:
            fallen.append(f"{name}.{key}")
    return fallen


@dataclass
class LoadResult:
    settings: Settings
    #: message id to say: the whole file was unusable ("settings-damaged"), or some
    #: fields fell back ("settings-fields-reset", naming ``fallen``)
    notice: str | None = None
    kept_at: Path | None = None
    #: the fields that fell back to their defaults ("cue_volume", "setups.tira" ...)
    fallen: list[str] = field(default_factory=list)
    #: the keys the file gave twice, named as ``fallen`` (a key of no setting as written)
    doubled: list[str] = field(default_factory=list)


def load_settings(path: Path) -> LoadResult:
    """The settings in ``path``: never raises; loses only what is bad (see module)."""
    try:
        return _load(path)
    except Exception:  # the boundary: the game must start and speak, whatever is on disk
        log.exception("reading the settings failed")
        return LoadResult(Settings(), "settings-damaged", keep_aside(path))


def _load(path: Path) -> LoadResult:
    remove_stray_temps(path)  # left by a write that was killed
    prune_kept(path)
    try:
        data = read_capped(path, SETTINGS_CAP)
    except FileNotFoundError:
        return LoadResult(Settings())
    except (OSError, TooBig, ValueError) as exc:
        log.warning("settings not read: %s", exc)
        return LoadResult(Settings(), "settings-damaged", keep_aside(path))
    data = data.removeprefix(b"\xef\xbb\xbf")
    found = _top_level(data)
    if found is None:
        return LoadResult(Settings(), "settings-damaged", keep_aside(path))
    settings, fallen = read_fields(found)
    doubled = doubled_keys(data)
    if not fallen and not doubled:
        return LoadResult(settings)
    if doubled:
        log.warning("settings given twice (the last value read): %s", ", ".join(doubled))
    if fallen:
        log.warning("settings back to their defaults: %s", ", ".join(fallen))
    notice = "settings-fields-reset" if fallen else "settings-doubled"
    return LoadResult(settings, notice, copy_aside(path), fallen, doubled)


class _Pairs(dict[str, Any]):
    """A JSON object as ``json`` read it (the last value of a key wins, as in
    ``msgspec``), with the keys it found more than once."""

    doubled: tuple[str, ...] = ()


def _pairs(pairs: list[tuple[str, Any]]) -> _Pairs:
    found = _Pairs(pairs)
    if len(found) < len(pairs):
        counts = Counter(key for key, _ in pairs)
        found.doubled = tuple(key for key, n in counts.items() if n > 1)
    return found


def doubled_keys(data: bytes) -> list[str]:
    """The keys given twice in one object anywhere in the file, each named by the
    setting it is in ("cue_volume", "verbosity.draws", "setups.domino"); [] when
    none, or when ``json`` cannot read the file (``_top_level`` said what it could)."""
    try:
        tree = json.loads(data.decode("utf-8"), object_pairs_hook=_pairs)
    except (ValueError, RecursionError):
        return []
    named: list[str] = []
    todo: deque[tuple[Any, tuple[str, ...]]] = deque([(tree, ())])
    while todo:  # a loop, not recursion: the nesting is the file's to choose
        node, at = todo.popleft()
        if isinstance(node, _Pairs):
            named += [setting_of((*at, key)) for key in node.doubled]
            todo += [(value, (*at, key)) for key, value in node.items()]
        elif isinstance(node, list):
            todo += [(value, at) for value in node]
    # in the file's order, the settings first, keys of no setting last
    return sorted(dict.fromkeys(named), key=lambda name: not is_setting(name))


def is_setting(name: str) -> bool:
    """Whether ``name`` (as ``LoadResult`` names one) is a setting of this version."""
    group, _, key = name.partition(".")
    if group == "verbosity":
        return key in MESSAGE_KINDS
    if group in ("setups", "tables"):
        return bool(key)
    return group in FIELDS and not key


def setting_of(at: tuple[str, ...]) -> str:
    """The setting a key at ``at`` belongs to, as ``LoadResult.fallen`` names it."""
    if at[0] in ("verbosity", "setups", "tables") and len(at) > 1:
        return f"{at[0]}.{at[1]}"
    return at[0]


def _top_level(data: bytes) -> dict[str, Any] | None:
    """The file's top-level object, each value still undecoded; None when it is none.

    ``msgspec`` first; a file it calls malformed may still be JSON as Python writes
    it (``NaN``, ``Infinity``): read again by ``json``, those values then fail their
    own field's check, not the whole file."""
    try:
        raws = msgspec.json.decode(data, type=dict[str, msgspec.Raw])
        return {key: _Raw(raw) for key, raw in raws.items()}
    except msgspec.ValidationError:
        return None  # JSON, but not an object
    except (msgspec.DecodeError, RecursionError):
        pass
    try:
        loose = json.loads(data.decode("utf-8"), parse_constant=_not_finite)
    except (ValueError, RecursionError):
        return None
    if not isinstance(loose, dict):
        return None
    return {key: _Value(value) for key, value in loose.items()}


def _not_finite(name: str) -> str:
    """``NaN`` and ``Infinity`` as a value no field accepts."""
    return f"<{name}>"


def copy_aside(path: Path) -> Path | None:
    """A copy of a settings file some of whose fields were set back: what the player
    had stays at hand (the file itself is rewritten corrected)."""
    target = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
    n = 1
    while target.exists():
        target = path.with_name(f"{target.name.split('.damaged-')[0]}.damaged-{n}")
        n += 1
    try:
        shutil.copyfile(path, target)
    except OSError as exc:
        log.warning("could not keep a copy of %s: %s", path, exc)
        return None
    prune_kept(path)
    return target


def save_settings(settings: Settings, path: Path) -> str | None:
    """Save atomically; returns a message id to say when it failed, else None."""
    try:
        write_json(path, settings.to_data())
    except StorageError:
        return "settings-not-saved"
    return None
