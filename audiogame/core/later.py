"""A game's function imported when first called, so a spec names it without loading it.

A ``GameSpec`` is read by the main menu, which needs the game's name only: its
engine, scenes and narration are heavy, so ``spec.py`` names them as
``later(".narrate:narrate")`` (a module relative to the game's package, then the
name in it, dotted for a class's method) instead of writing a small function that
imports and forwards. ``Later.resolve()`` imports at once: the contract tests call
it on every spec, so a name that is wrong fails there, not at a player's table.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any


class Later:
    """``package`` + ``target`` (``".module:name"`` or ``".module:Class.method"``)."""

    __slots__ = ("_found", "package", "target")

    def __init__(self, package: str, target: str) -> None:
        self.package = package
        self.target = target
        self._found: Callable[..., Any] | None = None

    def resolve(self) -> Callable[..., Any]:
        if self._found is None:
            module, _, names = self.target.partition(":")
            found: Any = importlib.import_module(module, self.package)
            for name in names.split("."):
                found = getattr(found, name)
            if not callable(found):
                raise TypeError(f"{self!r} is not callable")
            self._found = found
        return self._found

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.resolve()(*args, **kwargs)

    def __repr__(self) -> str:
        return f"Later({self.package!r}, {self.target!r})"


def later_in(package: str | None) -> Callable[[str], Later]:
    """The ``later`` of one game's package (its ``spec.py`` passes ``__package__``)."""
    if not package:
        raise ImportError("a game's spec is imported as part of its package")
    home = package
    return lambda target: Later(home, target)
