"""JSON text built a piece at a time, for snapshots taken after every action.

A match's action log only grows; re-encoding all of it after every action
would cost the loop milliseconds late in a long match. ``JsonLog`` keeps the
entries already encoded; ``RawJson`` carries such text inside a snapshot,
and ``dump`` splices it in where the snapshot is written out.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any


class RawJson:
    """A piece of a snapshot that is already JSON text."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __eq__(self, other: object) -> bool:
        if isinstance(other, RawJson):
            return self.text == other.text
        return bool(json.loads(self.text) == other)

    __hash__ = None  # type: ignore[assignment]


class JsonLog:
    """An append-only list kept as JSON text, encoded one new entry at a time."""

    def __init__(self) -> None:
        self._pieces: list[str] = []

    def raw(self, items: list[Any], convert: Callable[[Any], Any] | None = None) -> RawJson:
        """The whole list as JSON; ``convert`` turns an entry into plain data first."""
        if len(items) < len(self._pieces):  # not the same log any more: start again
            self._pieces.clear()
        for item in items[len(self._pieces) :]:
            plain = item if convert is None else convert(item)
            self._pieces.append(json.dumps(plain, ensure_ascii=False, separators=(",", ":")))
        return RawJson("[" + ",".join(self._pieces) + "]")


def dump(value: Any) -> str:
    """Compact JSON of ``value``, with every ``RawJson`` inside spliced in as it is."""
    raws: list[str] = []

    def splice(item: Any) -> str:
        if isinstance(item, RawJson):
            raws.append(item.text)
            return f"\x00raw{len(raws) - 1}\x00"
        raise TypeError(f"not JSON: {type(item).__name__}")

    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=splice)
    for i, raw in enumerate(raws):
        text = text.replace(f'"\\u0000raw{i}\\u0000"', raw, 1)
    return text


def plain(value: Any) -> Any:
    """``value`` as plain data (every ``RawJson`` decoded): for comparisons."""
    return json.loads(dump(value))
