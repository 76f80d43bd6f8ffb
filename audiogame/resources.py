"""Where the game's data files live: next to the package in a checkout, beside the
``runtime`` folder that holds the package in the Windows build, or inside the package
(``_data``) when installed from a wheel."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent

#: the folder of the Windows build that holds the interpreter and this package
#: (``packaging/windows``); the player's folder above it holds the data
WINDOWS_RUNTIME = "runtime"


def data_dir(name: str) -> Path:
    """The folder ``locales``, ``sounds`` or ``docs``."""
    checkout = _PACKAGE.parent / name
    if checkout.is_dir():
        return checkout
    if _PACKAGE.parent.name == WINDOWS_RUNTIME:
        return _PACKAGE.parent.parent / name
    return _PACKAGE / "_data" / name
