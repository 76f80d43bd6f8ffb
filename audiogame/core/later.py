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
import sys
from collections.abc import Callable, Sequence
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


def exports_later(
    package: str, names: Sequence[str], modules: Sequence[str]
) -> Callable[[str], Any]:
    """A package's ``__getattr__`` (PEP 562) for its public ``names``: the first use of one
    imports ``modules`` (relative to ``package``, in order) and takes it from the first that
    has it. A game's package names its engine, bots and options for whoever imports it;
    imported at once, they loaded with the game's spec, which every start reads for the
    main menu (32 modules, 0.1 s of CPU before the menu under Wine). A name two modules
    have comes from the first: ``tests/test_start_imports.py`` checks each against the
    module the type checker reads it from."""
    public = frozenset(names)

    def __getattr__(name: str) -> Any:
        if name in public:
            home = sys.modules[package]
            for module in modules:
                found = importlib.import_module(module, package)
                if hasattr(found, name):
                    value = getattr(found, name)
                    setattr(home, name, value)  # asked once
                    return value
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__
