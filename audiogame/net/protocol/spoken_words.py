"""Words that read well aloud in Italian and in English: invite codes and fingerprints.

Each entry is one everyday thing with its Italian and its English name. A code
is a few entries; an Italian player hears "gatto luna verde", an English one
"cat moon green", and either may type the code in either language (or mixed):
both words of an entry stand for the same number. The words are short, common,
spelled as they sound, and no word of one language is another entry's word in
the other (``tests/test_net_words.py`` checks it).

- ``invite_code()``: three entries (128³ = 2,097,152 codes) naming a table;
- ``fingerprint_words(digest)``: the first 42 bits of a certificate's SHA-256 as
  six words, for a player to compare with what the host reads aloud before the
  client pins the whole digest.
"""

from __future__ import annotations

import secrets
import unicodedata
from collections.abc import Sequence

#: (Italian, English), in a fixed order: the index is the number
WORDS: tuple[tuple[str, str], ...] = (
    ("gatto", "cat"), ("cane", "dog"), ("luna", "moon"), ("sole", "sun"),
    ("mare", "sea"), ("fiore", "flower"), ("albero", "tree"), ("pane", "bread"),
    ("latte", "milk"), ("mela", "apple"), ("pera", "pear"), ("uva", "grape"),
    ("limone", "lemon"), ("arancia", "orange"), ("rosso", "red"), ("verde", "green"),
    ("blu", "blue"), ("giallo", "yellow"), ("bianco", "white"), ("nero", "black"),
    ("treno", "train"), ("nave", "ship"), ("barca", "boat"), ("bici", "bike"),
    ("casa", "house"), ("porta", "door"), ("chiave", "key"), ("libro", "book"),
    ("tavolo", "table"), ("sedia", "chair"), ("letto", "bed"), ("finestra", "window"),
    ("neve", "snow"), ("pioggia", "rain"), ("vento", "wind"), ("nuvola", "cloud"),
    ("stella", "star"), ("monte", "mountain"), ("fiume", "river"), ("lago", "lake"),
    ("bosco", "forest"), ("prato", "meadow"), ("leone", "lion"), ("tigre", "tiger"),
    ("orso", "bear"), ("lupo", "wolf"), ("volpe", "fox"), ("cavallo", "horse"),
    ("pesce", "fish"), ("uccello", "bird"), ("rana", "frog"), ("farfalla", "butterfly"),
    ("topo", "mouse"), ("gallo", "rooster"), ("tazza", "cup"), ("piatto", "plate"),
    ("forno", "oven"), ("sale", "salt"), ("miele", "honey"), ("torta", "cake"),
    ("ponte", "bridge"), ("torre", "tower"), ("campana", "bell"), ("tamburo", "drum"),
    ("chitarra", "guitar"), ("anello", "ring"), ("cappello", "hat"), ("scarpa", "shoe"),
    ("guanto", "glove"), ("sciarpa", "scarf"), ("ombrello", "umbrella"), ("lampada", "lamp"),
    ("orologio", "clock"), ("matita", "pencil"), ("zucchero", "sugar"), ("formaggio", "cheese"),
    ("uovo", "egg"), ("fragola", "strawberry"), ("ciliegia", "cherry"), ("sasso", "stone"),
    ("sabbia", "sand"), ("isola", "island"), ("strada", "road"), ("giardino", "garden"),
    ("cuore", "heart"), ("mano", "hand"), ("occhio", "eye"), ("naso", "nose"),
    ("bocca", "mouth"), ("dente", "tooth"), ("piede", "foot"), ("gamba", "leg"),
    ("coniglio", "rabbit"), ("tartaruga", "turtle"), ("balena", "whale"), ("delfino", "dolphin"),
    ("aquila", "eagle"), ("gufo", "owl"), ("papera", "duck"), ("maiale", "pig"),
    ("mucca", "cow"), ("pecora", "sheep"), ("capra", "goat"), ("asino", "donkey"),
    ("ragno", "spider"), ("formica", "ant"), ("serpente", "snake"), ("cammello", "camel"),
    ("zebra", "zebra"), ("giraffa", "giraffe"), ("pinguino", "penguin"), ("scimmia", "monkey"),
    ("razzo", "rocket"), ("aereo", "plane"), ("camion", "truck"), ("pallone", "ball"),
    ("regalo", "gift"), ("candela", "candle"), ("specchio", "mirror"), ("cuscino", "pillow"),
    ("coperta", "blanket"), ("bottiglia", "bottle"), ("forchetta", "fork"), ("cucchiaio", "spoon"),
    ("coltello", "knife"), ("pentola", "pot"), ("biscotto", "cookie"), ("gelato", "ice cream"),
)  # fmt: skip

BITS = 7  # 128 entries
CODE_WORDS = 3
FINGERPRINT_WORDS = 6
_LANGS = {"it": 0, "en": 1}


def _fold(word: str) -> str:
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    return "".join(c for c in decomposed if c.isalnum())


_LOOKUP: dict[str, int] = {}
for _index, _pair in enumerate(WORDS):
    for _word in _pair:
        _LOOKUP[_fold(_word)] = _index


def say(numbers: Sequence[int], lang: str) -> str:
    """The words for these numbers in ``lang`` ("it" or "en"), separated by spaces."""
    column = _LANGS.get(lang, 1)
    return " ".join(WORDS[n][column] for n in numbers)


def parse(text: str) -> tuple[int, ...] | None:
    """The numbers of words typed in either language (None: a word is not one of ours).

    Words are separated by spaces, hyphens or punctuation; case and accents do
    not matter; "ice cream" may be typed "icecream" or "ice cream".
    """
    parts = [p for p in "".join(c if c.isalnum() else " " for c in text).split() if p]
    numbers: list[int] = []
    i = 0
    while i < len(parts):
        # the one entry of two words: try the pair first
        pair = _fold(parts[i] + parts[i + 1]) if i + 1 < len(parts) else None
        if pair is not None and pair in _LOOKUP and _fold(parts[i]) not in _LOOKUP:
            numbers.append(_LOOKUP[pair])
            i += 2
            continue
        found = _LOOKUP.get(_fold(parts[i]))
        if found is None:
            return None
        numbers.append(found)
        i += 1
    return tuple(numbers)


def invite_code() -> tuple[int, ...]:
    """A fresh code: three random entries."""
    return tuple(secrets.randbelow(len(WORDS)) for _ in range(CODE_WORDS))


def code_key(numbers: Sequence[int]) -> str:
    """The canonical form a code is stored and compared by ("12-3-97")."""
    return "-".join(str(n) for n in numbers)


def fingerprint_numbers(digest: bytes) -> tuple[int, ...]:
    """The first ``FINGERPRINT_WORDS`` × 7 bits of a digest, as word numbers."""
    value = int.from_bytes(digest[:8], "big")
    shift = 64 - BITS
    out = []
    for _ in range(FINGERPRINT_WORDS):
        out.append((value >> shift) & (len(WORDS) - 1))
        shift -= BITS
    return tuple(out)
