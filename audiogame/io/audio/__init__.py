"""Sound: the cue bank over the pygame mixer, with a silent fallback (see ``mixer``)."""

from audiogame.io.audio.cues import CUE_BY_ID, CUE_IDS, CUES, SYMBOL_CUES, Cue
from audiogame.io.audio.mixer import AudioSystem, default_sounds_dir, pan_gains

__all__ = [
    "CUES",
    "CUE_BY_ID",
    "CUE_IDS",
    "SYMBOL_CUES",
    "AudioSystem",
    "Cue",
    "default_sounds_dir",
    "pan_gains",
]
