"""Chat text made safe to speak before anyone hears it.

A line of chat goes to other players' screen readers: control and formatting
characters (which some synthesizers read out or choke on, and which can
reverse text) are dropped, runs of whitespace become one space, and a long
repeat ("!!!!!!!!", "hahahahahaha") is cut to three, so nobody can make
everyone's speech stammer for a minute. At most 500 characters remain.
"""

from __future__ import annotations

import re
import unicodedata

MAX_CHARS = 500
#: a unit of one to four characters repeated more than three times in a row
_REPEAT = re.compile(r"(.{1,4}?)\1{3,}", re.DOTALL)


def clean_chat(raw: str) -> str:
    """The text as it will be delivered ("" when nothing is left to say)."""
    text = unicodedata.normalize("NFC", raw[: MAX_CHARS * 4])
    kept = []
    for char in text:
        category = unicodedata.category(char)
        if char.isspace():
            kept.append(" ")
        elif category[0] == "C":  # control, format, unassigned, private use, surrogates
            continue
        else:
            kept.append(char)
    text = " ".join("".join(kept).split())
    text = _REPEAT.sub(lambda m: m.group(1) * 3, text)
    return text[:MAX_CHARS].rstrip()
