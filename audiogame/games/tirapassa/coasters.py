"""This edition's 18 coasters, as data.

The real list is not published; the spec fixes a balanced set (every symbol
three times on each side, all 15 pairs present, no coaster twice). Replace
``EDITION_COASTERS`` to play with another set: nothing else depends on it.
"""

from __future__ import annotations

from dataclasses import dataclass

from audiogame.games.tirapassa.symbols import Symbol


@dataclass(frozen=True, slots=True)
class Coaster:
    """A coaster: ``number`` is its stable id (1-based), then its two symbols."""

    number: int
    left: Symbol
    right: Symbol


def _coaster(number: int, left: str, right: str) -> Coaster:
    return Coaster(number, Symbol(left), Symbol(right))


EDITION_COASTERS: tuple[Coaster, ...] = tuple(
    _coaster(number, left, right)
    for number, (left, right) in enumerate(
        (
            ("clover", "cat"),
            ("clover", "penny"),
            ("pig", "cat"),
            ("pig", "penny"),
            ("cat", "horseshoe"),
            ("cat", "hamsa"),
            ("penny", "horseshoe"),
            ("penny", "hamsa"),
            ("horseshoe", "clover"),
            ("horseshoe", "pig"),
            ("hamsa", "clover"),
            ("hamsa", "pig"),
            ("clover", "pig"),
            ("pig", "clover"),
            ("cat", "penny"),
            ("penny", "cat"),
            ("horseshoe", "hamsa"),
            ("hamsa", "horseshoe"),
        ),
        start=1,
    )
)

COASTERS_BY_NUMBER: dict[int, Coaster] = {c.number: c for c in EDITION_COASTERS}
