"""Chat text made safe to speak before anyone hears it.

A line of chat goes to other players' screen readers, and a line written to hurt
a speech synthesizer must reach nobody as it was: control and formatting
characters (which some synthesizers read out or choke on, and the bidirectional
overrides and isolates that reverse text) are dropped; combining marks are kept
to two on each letter (thousands of them on one letter, "zalgo" text, stall a
synthesizer or crash it), and none without a letter; runs of whitespace become
one space; and a long repeat ("!!!!!!!!", "hahahahahaha", "spam spam spam spam")
is cut to three, so nobody can make everyone's speech stammer for a minute. At
most 500 characters remain.
"""

from __future__ import annotations

import re
import unicodedata

MAX_CHARS = 500
#: a unit of one to eight characters repeated more than three times in a row
_REPEAT = re.compile(r"(.{1,8}?)\1{3,}", re.DOTALL)
#: combining marks kept on one letter (enough for every language's accents)
MARKS_KEPT = 2


def clean_chat(raw: str) -> str:
    """The text as it will be delivered ("" when nothing is left to say)."""
    text = unicodedata.normalize("NFC", raw[: MAX_CHARS * 4])
    kept = []
    marks = MARKS_KEPT  # none before the first letter
    for char in text:
        category = unicodedata.category(char)
        if char.isspace():
            kept.append(" ")
            marks = MARKS_KEPT
        elif category[0] == "C":  # control, format, unassigned, private use, surrogates
            continue
        elif category[0] == "M":  # a combining mark: a few on each letter
            if marks < MARKS_KEPT:
                kept.append(char)
                marks += 1
        else:
            kept.append(char)
            marks = 0
    text = " ".join("".join(kept).split())
    # with a space after it, the last word of "spam spam spam spam" is a repeat like the others
    text = _REPEAT.sub(lambda m: m.group(1) * 3, text + " ")
    return text[:MAX_CHARS].rstrip()
