"""Players' names: what a name may be, and why one is turned down.

A name is said by every other player's speech and shown in their window, so it
must read aloud: letters (any script), digits, spaces and a few joiners
(``' - . _``), 2 to 24 characters once spaces are trimmed and squeezed; no
control or formatting characters (a right-to-left override would make a name
read as another). The result is NFC-normalised, so the same name typed on two
systems is the same name.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from audiogame.net.protocol import lookalike
from audiogame.net.protocol.reasons import Reason

MIN_LENGTH = 2
MAX_LENGTH = 24
JOINERS = "'-._"
#: the Unicode general categories (their first letter) a name's other characters are
#: in: letters, numbers, marks; and the one at least a character must be in
CATEGORIES = "LNM"
NEEDS = "L"


def clean_name(raw: str) -> tuple[str, Reason | None]:
    """The name as it will be used, and why it cannot be (None: it can)."""
    name = " ".join(unicodedata.normalize("NFC", raw).split())
    if len(name) < MIN_LENGTH:
        return name, Reason.NAME_EMPTY
    if len(name) > MAX_LENGTH:
        return name, Reason.NAME_TOO_LONG
    for char in name:
        if char == " " or char in JOINERS:
            continue
        if unicodedata.category(char)[0] not in CATEGORIES:
            return name, Reason.NAME_CHARACTERS
    if not any(unicodedata.category(c)[0] == NEEDS for c in name):
        return name, Reason.NAME_CHARACTERS  # "12345" or "..." says nothing aloud
    return name, None


def name_rule() -> dict[str, Any]:
    """``clean_name``'s rule as data, for a web page to check a name before sending it
    (the server checks again, and says more: a look-alike, a name in use)."""
    return {
        "min": MIN_LENGTH,
        "max": MAX_LENGTH,
        "joiners": JOINERS,
        "categories": CATEGORIES,
        "needs": NEEDS,
        "problems": {
            "short": Reason.NAME_EMPTY.value,
            "long": Reason.NAME_TOO_LONG.value,
            "characters": Reason.NAME_CHARACTERS.value,
        },
    }


def same_name(a: str, b: str) -> bool:
    """The same name, whatever its case."""
    return a.casefold() == b.casefold()


def name_key(name: str) -> str:
    """What a name looks and sounds like (``lookalike.key``): one account per key, and
    one player per key where names meet (a table, the people online)."""
    return lookalike.key(name)


def alike(a: str, b: str) -> bool:
    """Two names a listener could not tell apart (the same, or look-alikes)."""
    return same_name(a, b) or name_key(a) == name_key(b)
