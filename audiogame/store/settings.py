"""The player's settings, kept in the platform's config folder.

Loading never fails: a missing file gives the defaults; a damaged one gives the
defaults, is kept aside (renamed, never deleted) and the caller is told so it
can say it. Saving is atomic; a failure to save is reported, and the settings
stay in memory.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

import platformdirs

from audiogame.store.files import StorageError, keep_aside, write_json

APP_NAME = "audiogame"
SETTINGS_VERSION = 1

#: message kinds the player can tune, in the order the options menu lists them
MESSAGE_KINDS: tuple[str, ...] = ("own", "others", "draws", "scores", "turn", "tips")
VERBOSITY_LEVELS: tuple[str, ...] = ("speak", "sound", "off")
SPEECH_CHOICES: tuple[str, ...] = ("auto", "screenreader", "voice", "text")
VOICE_RATES: tuple[int, ...] = (120, 150, 180, 200, 230, 260, 300, 350, 400, 450)


def config_dir() -> Path:
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


@dataclass
class Settings:
    language: str | None = None  # None: follow the system
    speech: str = "auto"
    voice_rate: int = 200
    cue_volume: float = 0.8
    speech_volume: float = 1.0
    verbosity: dict[str, str] = field(default_factory=lambda: dict.fromkeys(MESSAGE_KINDS, "speak"))
    #: the last table setup of each game, as the setup scenes write it
    setups: dict[str, dict[str, Any]] = field(default_factory=dict)

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
        data = {"version": SETTINGS_VERSION, **asdict(self)}
        for name, (value, saved) in self._for_this_run.items():
            if data[name] == value:
                data[name] = saved
        return data

    @classmethod
    def from_data(cls, data: Any) -> Settings:
        """Build settings from parsed JSON; raises ValueError when it is not ours."""
        if not isinstance(data, dict) or data.get("version") != SETTINGS_VERSION:
            raise ValueError("not a settings file of this version")
        known = {f.name for f in fields(cls)}
        settings = cls(**{k: v for k, v in data.items() if k in known})
        settings._check()
        return settings

    def _check(self) -> None:
        if self.language not in (None, "it", "en"):
            raise ValueError("language")
        if self.speech not in SPEECH_CHOICES:
            raise ValueError("speech")
        if not isinstance(self.voice_rate, int) or not 60 <= self.voice_rate <= 600:
            raise ValueError("voice_rate")
        for volume in (self.cue_volume, self.speech_volume):
            if not isinstance(volume, int | float) or not 0.0 <= volume <= 1.0:
                raise ValueError("volume")
        if not isinstance(self.verbosity, dict) or not isinstance(self.setups, dict):
            raise ValueError("shape")
        defaults = dict.fromkeys(MESSAGE_KINDS, "speak")
        for kind, level in self.verbosity.items():
            if kind not in defaults or level not in VERBOSITY_LEVELS:
                raise ValueError("verbosity")
        self.verbosity = {**defaults, **self.verbosity}


@dataclass
class LoadResult:
    settings: Settings
    #: message id to say, when the file was damaged
    notice: str | None = None
    kept_at: Path | None = None


def load_settings(path: Path) -> LoadResult:
    if not path.exists():
        return LoadResult(Settings())
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return LoadResult(Settings.from_data(data))
    except (OSError, UnicodeDecodeError, ValueError, TypeError):
        return LoadResult(Settings(), "settings-damaged", keep_aside(path))


def save_settings(settings: Settings, path: Path) -> str | None:
    """Save atomically; returns a message id to say when it failed, else None."""
    try:
        write_json(path, settings.to_data())
    except StorageError:
        return "settings-not-saved"
    return None
