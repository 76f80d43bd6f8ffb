"""F1's words: a place's keys, whole when short, in parts when long.

A game's table online has its own keys, the online table's and those of
everywhere: said at once they made one utterance of about 1,900 characters,
too long to hear to the end or to find one key in. Past ``WHOLE`` characters F1
says one part, F1 again the next and Shift F1 the one before; any other key
starts over. The desktop app and the web page say them alike.
"""

from __future__ import annotations

#: keys said whole up to this many characters
WHOLE = 700


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
        of ``parts`` (``back``: the one before), with ``more`` after all but the last."""
        if len(text) <= WHOLE:
            self._at = None
            return text
        parts = [p for p in parts if p] or [text]
        if self._at is None or self._at[0] is not where:
            index = 0
        else:
            index = (self._at[1] + (-1 if back else 1)) % len(parts)
        self._at = (where, index)
        part = parts[index]
        return f"{part} {more}" if index < len(parts) - 1 else part
