"""F1's words: a place's keys, whole when short, in parts when long.

A game's table online has its own keys, the online table's and those of
everywhere: said at once they made one utterance of about 1,900 characters,
too long to hear to the end or to find one key in; the main menu's keys and
those of everywhere were 87 words at once. A message a player must hear in full
stays within about 25 words (spec/interface.md), so past ``PART_WORDS`` words F1
says one part — the place's own keys first, then those of everywhere, each cut
at its sentences and clauses into pieces of at most ``PART_WORDS`` words — with
"F1 again for more keys" after it; F1 again says the next, Shift F1 the one
before; any other key starts over. The desktop app and the web page say them
alike.
"""

from __future__ import annotations

import re

#: the most words in one part (the "F1 again" hint after it makes about 25)
PART_WORDS = 20

#: where a key list may be cut: after a sentence or a clause
_CLAUSE_END = re.compile(r"(?<=[.;!?])\s+")


def words(text: str) -> int:
    return len(text.split())


def pieces(text: str, most: int = PART_WORDS) -> list[str]:
    """``text`` cut into pieces of at most ``most`` words, between its sentences and
    clauses (";"), a clause too long for one piece between its commas; a single
    item longer than ``most`` stays whole."""
    units: list[str] = []
    for clause in _CLAUSE_END.split(text.strip()):
        if words(clause) <= most:
            units.append(clause)
            continue
        items = clause.split(", ")
        units += [f"{item}," for item in items[:-1]] + items[-1:]
    found: list[str] = []
    for unit in units:
        if found and words(found[-1]) + words(unit) <= most:
            found[-1] = f"{found[-1]} {unit}"
        else:
            found.append(unit)
    return [_ended(piece) for piece in found]


def _ended(piece: str) -> str:
    """A piece cut after a comma or a semicolon ends as a sentence does, and starts as
    one (a capital)."""
    piece = f"{piece[:-1]}." if piece.endswith((",", ";")) else piece
    return piece[:1].upper() + piece[1:]


def everywhere_apart(text: str, everywhere: str) -> list[str]:
    """A place's keys as two parts, its own and those of everywhere (a message that
    ends with ``{ keys-global }``); the text whole when it holds no such part."""
    if everywhere not in text:
        return [text]
    own = " ".join(text.replace(everywhere, " ").split())
    return [own, everywhere] if own else [text]


class KeyHelp:
    """Which part F1 said last, and where (a scene, a page's table)."""

    def __init__(self) -> None:
        self._at: tuple[object, int] | None = None

    def reset(self) -> None:
        """Another key: the next F1 starts from the first part."""
        self._at = None

    def say(self, where: object, text: str, parts: list[str], back: bool, more: str) -> str:
        """What one F1 at ``where`` says: ``text`` whole when it is short, else the next
        piece of ``parts`` (``back``: the one before), with ``more`` after all but the
        last."""
        if words(text) <= PART_WORDS:
            self._at = None
            return text
        parts = [piece for p in parts if p for piece in pieces(p)] or [text]
        if self._at is None or self._at[0] is not where:
            index = 0
        else:
            index = (self._at[1] + (-1 if back else 1)) % len(parts)
        self._at = (where, index)
        part = parts[index]
        return f"{part} {more}" if index < len(parts) - 1 else part
