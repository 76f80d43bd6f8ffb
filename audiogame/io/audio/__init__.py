"""Sound: the cue bank over the pygame mixer, with a silent fallback (see ``mixer``)."""

from audiogame.io.audio.cues import MENU_CUES, Cue, catalog
from audiogame.io.audio.mixer import AudioSystem, default_sounds_dir, pan_gains

__all__ = [
    "MENU_CUES",
    "AudioSystem",
    "Cue",
    "catalog",
    "default_sounds_dir",
    "pan_gains",
]
