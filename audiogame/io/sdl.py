"""Start the parts of SDL the game uses, and never the sound device a second time.

``pygame.init()`` starts every pygame module, the mixer among them: it opens the sound
device again when ``AudioSystem.start`` left it closed, with ``--no-sound`` or after the
device failed to open. On Windows without a sound card each attempt waits seconds for
WASAPI (about 8 s under Wine), and a second attempt would undo ``--no-sound``. The game
needs the display (which also starts SDL's event queue, where the terminal's keys are
posted) and the font module (the window's text); the mixer is ``AudioSystem``'s alone.
"""

from __future__ import annotations

import pygame


def start_sdl() -> None:
    """The display and the fonts; the mixer stays as ``AudioSystem`` left it."""
    pygame.display.init()
    pygame.font.init()
