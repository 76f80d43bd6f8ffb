"""Sound: the cue bank over the pygame mixer, with a silent fallback (see ``mixer``)."""

from audiogame.core.cues import MENU_CUES, Cue
from audiogame.io.audio.mixer import AudioSystem, default_sounds_dir, pan_gains

__all__ = [
    "MENU_CUES",
    "AudioSystem",
    "Cue",
    "default_sounds_dir",
    "pan_gains",
]
