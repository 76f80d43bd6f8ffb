"""Words for the answers made of a sound alone, when sounds cannot be heard.

Many keys are answered by a cue and nothing else (an unknown key's error sound,
a list's edge). Without a sound device, or with the cues' volume at zero, such
an answer is silence, and silence reads as "the game did not get my key". The
announcer then speaks a short word in its place: the table below says which.
"""

from __future__ import annotations

#: the answer cues and the message said in their place; a cue not listed is
#: answered by ``UNLISTED`` (a symbol's own sound, say: "no sound")
CUE_WORDS: dict[str, str] = {
    "menu_error": "cue-word-error",
    "menu_edge": "cue-word-edge",
    "menu_select": "cue-word-select",
    "menu_back": "cue-word-back",
    "menu_move": "cue-word-move",
    "toggle": "cue-word-toggle",
    "notice": "cue-word-notice",
}
UNLISTED = "cue-word-sound"


def cue_word(cue: str) -> str:
    """The message id said in place of ``cue`` when sounds cannot be heard: this
    table's, else the word a game gives its own cue (Tira's throw: "Thrown.", a key
    pressed too soon, as Space while the dice fly: "Not yet."; "No sound." told the
    player nothing), else ``UNLISTED``."""
    word = CUE_WORDS.get(cue)
    if word is not None:
        return word
    from audiogame.games import registry

    return next((c.word for c in registry.cues() if c.id == cue and c.word), UNLISTED)
