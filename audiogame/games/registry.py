"""Every game, found rather than listed: no list in the app names a game.

A game is a folder holding a ``spec.py`` with ``SPEC = GameSpec(...)``. Games
are found in three places, in this order:

- the packages inside ``audiogame.games`` (the games that ship);
- installed distributions that declare an ``audiogame.games`` entry point
  (``name = "package.spec:SPEC"``);
- the folders named by the ``AUDIOGAME_GAMES`` environment variable
  (separated like ``PATH``): each sub-folder with a ``spec.py`` is imported as a
  package of its own. A player (or a test) adds a game by dropping its folder
  there.

A game that fails to load is logged and left out; the others still play.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
import os
import pkgutil
import sys
from dataclasses import replace
from importlib import metadata
from pathlib import Path

from audiogame.core.contract import GameSpec
from audiogame.core.cues import MENU_CUES, Cue

log = logging.getLogger(__name__)

ENV_VAR = "AUDIOGAME_GAMES"
ENTRY_POINTS = "audiogame.games"

_found: dict[str, GameSpec] | None = None
_found_for: str | None = None


def games() -> list[GameSpec]:
    """Every game, in main-menu order."""
    return sorted(_all().values(), key=lambda spec: (spec.order, spec.id))


def get(game_id: str) -> GameSpec | None:
    return _all().get(game_id)


def ids() -> tuple[str, ...]:
    return tuple(spec.id for spec in games())


def cues() -> tuple[Cue, ...]:
    """Every cue: the menus' and every registered game's, each knowing its folder."""
    found = list(MENU_CUES)
    for spec in games():
        found += [replace(cue, folder=spec.sounds) if spec.sounds else cue for cue in spec.cues]
    return tuple(found)


def message_folders() -> list[Path]:
    """The folders of the games that keep their messages in their own folder
    (``GameSpec.locales``): the app hands them to its ``Localizer``."""
    return [spec.locales for spec in games() if spec.locales is not None]


def reset() -> None:
    """Look again at the next call (a test that changes ``AUDIOGAME_GAMES``)."""
    global _found, _found_for
    _found = _found_for = None


def _all() -> dict[str, GameSpec]:
    global _found, _found_for
    extra = os.environ.get(ENV_VAR, "")
    if _found is None or _found_for != extra:
        _found, _found_for = _discover(extra), extra
    return _found


def _discover(extra: str) -> dict[str, GameSpec]:
    found: dict[str, GameSpec] = {}
    for spec in [*_shipped(), *_entry_points(), *_folders(extra)]:
        if spec.id in found:
            log.warning("game %r found twice: the first one is kept", spec.id)
            continue
        found[spec.id] = spec
    return found


def _shipped() -> list[GameSpec]:
    import audiogame.games as package

    specs = []
    for info in pkgutil.iter_modules(package.__path__):
        if info.ispkg:
            spec = _load(
                lambda name=info.name: importlib.import_module(f"{package.__name__}.{name}.spec")
            )
            if spec is not None:
                specs.append(spec)
    return specs


def _entry_points() -> list[GameSpec]:
    specs = []
    for point in metadata.entry_points(group=ENTRY_POINTS):
        spec = _load(point.load, attr=False)
        if spec is not None:
            specs.append(spec)
    return specs


def _folders(extra: str) -> list[GameSpec]:
    specs = []
    for root in filter(None, extra.split(os.pathsep)):
        base = Path(root)
        if not base.is_dir():
            log.warning("%s names %s, which is not a folder", ENV_VAR, base)
            continue
        for folder in sorted(base.iterdir()):
            if (folder / "spec.py").is_file():
                spec = _load(lambda folder=folder: _import_folder(folder))
                if spec is not None:
                    specs.append(spec)
    return specs


def _import_folder(folder: Path) -> object:
    """Import ``folder`` as a package named after it, then its ``spec`` module."""
    name = f"audiogame_game_{folder.name}"
    if name not in sys.modules:
        init = folder / "__init__.py"
        where = init if init.is_file() else folder / "spec.py"
        module_spec = importlib.util.spec_from_file_location(
            name, where, submodule_search_locations=[str(folder)]
        )
        if module_spec is None or module_spec.loader is None:
            raise ImportError(f"cannot import {folder}")
        package = importlib.util.module_from_spec(module_spec)
        sys.modules[name] = package
        if init.is_file():
            module_spec.loader.exec_module(package)
    return importlib.import_module(f"{name}.spec")


def _load(loader: object, attr: bool = True) -> GameSpec | None:
    try:
        found = loader()  # type: ignore[operator]
        spec = getattr(found, "SPEC", None) if attr else found
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.endswith(".spec"):
            return None  # a package without a spec: not a game (yet)
        log.exception("a game failed to load")
        return None
    except Exception:
        log.exception("a game failed to load")
        return None
    if not isinstance(spec, GameSpec):
        log.error("%r is not a GameSpec", spec)
        return None
    return spec
