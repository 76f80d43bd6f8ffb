"""Where the game's data files live: next to the package in a checkout,
inside it (``_data``) when installed from a wheel."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """The folder ``locales``, ``sounds`` or ``docs``."""
    checkout = _PACKAGE.parent / name
    if checkout.is_dir():
        return checkout
    return _PACKAGE / "_data" / name
