"""Names a listener could not tell apart: Unicode's confusable skeletons (UTS #39).

"Аlice" with a Cyrillic А, "Alicе" with a Cyrillic е, a fullwidth "Ａｌｉｃｅ",
"Bοb" with a Greek ο, "Alıce" with a dotless ı: a screen reader says each as
"Alice", a braille line shows it as Alice. ``key(name)`` is the same for all of
them: the name in NFKC (fullwidth, ligatures, mathematical letters folded) and
case folded (names are compared without case, so UTS #39 folds before the
skeleton; a capital that stands for a Latin capital is folded as that one),
then UTS #39's skeleton (NFD, each character replaced by its prototype from
Unicode's confusables data, NFD again), folded and skeletoned again until
nothing changes (a prototype may be a capital: "0" stands for "O").

The data (``confusables.tsv``) is Unicode's ``confusables.txt`` reduced to the
characters a name may hold, made by ``devtools/lookalike_data.py``; its licence
is ``LICENSE-UNICODE.txt`` beside it.
"""

from __future__ import annotations

import functools
import unicodedata
from pathlib import Path

DATA = Path(__file__).resolve().parent / "confusables.tsv"
#: rounds of skeleton and case folding at most (two settle every name seen)
ROUNDS = 4


@functools.cache
def prototypes() -> dict[str, str]:
    """Each character with a look-alike, and the prototype it stands for."""
    table = {}
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        source, target = line.split("\t")
        table[chr(int(source, 16))] = "".join(chr(int(c, 16)) for c in target.split())
    return table


def skeleton(text: str) -> str:
    """UTS #39's skeleton of ``text``."""
    table = prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(table.get(c, c) for c in decomposed))


def key(name: str) -> str:
    """What ``name`` looks and sounds like: equal keys, names taken for each other."""
    text = "".join(_folded(c) for c in unicodedata.normalize("NFKC", name))
    for _ in range(ROUNDS):
        folded = skeleton(text).casefold()
        if folded == text:
            break
        text = folded
    return text


def _folded(char: str) -> str:
    """A character without its case. A capital that stands for a Latin capital (a
    Cyrillic В for B, a Greek Η for H) becomes that capital's small letter first: its
    own small letter (в, η) looks like another (ʙ, n), and "Вruno" must still be
    "Bruno". A capital whose prototype is a small letter (I for l) is folded as itself,
    so "ALICE" stays "Alice"."""
    prototype = prototypes().get(char, "")
    if char.isupper() and prototype.isupper():
        return prototype.casefold()
    return char.casefold()
