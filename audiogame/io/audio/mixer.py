"""The cue bank over the pygame-ce mixer, with a silent fallback.

Order matters: pygame applies ``pre_init`` only to a mixer that is not yet
open, and ``pygame.init()`` opens it with its own defaults. So the app builds
an ``AudioSystem``, calls ``start()`` and then starts only the display and the
fonts (``io/sdl.py``), never ``pygame.init()``: that would open the device a
second time after ``--no-sound`` or a failed open. If the mixer is already
open, ``start()`` uses it as it is.

Nothing here raises into the game. With no device or with ``--no-sound``,
``start()`` returns False and ``failure`` holds a short technical reason
("sound disabled" for ``--no-sound``); the app speaks its localized notice.
A fault later on (a pygame error while playing, or the output device removed,
seen through ``handle_event``) turns the system silent, sets ``failure`` and
calls ``on_failure`` once. Speech through the screen reader goes on
regardless; self-voicing, which plays here, sees ``available`` turn False.

Channels: channel 0 carries self-voicing speech only; the next ``UI_CHANNELS``
carry the ``ui`` cues (menus, your turn, Stop); the rest carry game cues. All
are reserved from pygame's automatic allocation and picked here, so a burst of
dice sounds can only cut other game cues, never speech or a menu sound.

Panning: pygame's ``Channel.set_volume(left, right)`` sets the channel's
stereo gains (an SDL_mixer effect that the mixer drops when a playing channel
is restarted or ends). So a busy channel is stopped first, the gains are set
on the idle channel (they then hold from the first sample, with no window
where the cue sounds centred), and set again after ``play()`` for mixers that
reset them at the start of a sound.
"""

from __future__ import annotations

import ctypes
import logging
import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from audiogame.core.cues import MENU_CUES, Cue

log = logging.getLogger(__name__)

FREQUENCY = 44100
SPEECH_CHANNEL = 0
UI_CHANNELS = 3
GAME_CHANNELS = 16
DEFAULT_CUE_VOLUME = 0.8
DEFAULT_SPEECH_VOLUME = 1.0


def default_sounds_dir() -> Path:
    """The repository's ``sounds/``, else the copy the wheel carries."""
    from audiogame.resources import data_dir

    return data_dir("sounds")


def no_output_device() -> bool:
    """True on a Windows that has no sound output at all. Windows counts its output
    devices at once, while SDL's WASAPI open waits seconds for an endpoint that never
    comes (8 s under Wine): the one open the game makes would cost the player that wait
    before the main menu. An SDL driver named in ``SDL_AUDIODRIVER`` (the tests' dummy
    or disk driver) needs no device, and is left to SDL."""
    if sys.platform != "win32" or os.environ.get("SDL_AUDIODRIVER"):
        return False
    try:
        return int(ctypes.WinDLL("winmm").waveOutGetNumDevs()) == 0
    except (AttributeError, OSError):  # no winmm: let SDL find out
        return False


def pan_gains(pan: float, volume: float = 1.0) -> tuple[float, float]:
    """Equal-power stereo gains for ``pan`` in [-1 left, +1 right].

    Centre gives 0.707 on each side, so a cue keeps the same loudness as it moves.
    """
    pan = min(1.0, max(-1.0, pan))
    volume = min(1.0, max(0.0, volume))
    angle = (pan + 1.0) * math.pi / 4.0
    return math.cos(angle) * volume, math.sin(angle) * volume


def _clamp01(value: float) -> float:
    return min(1.0, max(0.0, float(value)))


class _Pool:
    """Round-robin over a few channels: a free one if any, else the oldest started."""

    def __init__(self, channels: list[Any]) -> None:
        self.channels = channels
        self._next = 0

    def pick(self) -> Any:
        count = len(self.channels)
        start = self._next
        for step in range(count):
            index = (start + step) % count
            if not self.channels[index].get_busy():
                self._next = (index + 1) % count
                return self.channels[index]
        # every channel is busy: the one at the cursor is the least recently started
        self._next = (start + 1) % count
        return self.channels[start]


class AudioSystem:
    """Cues and self-voicing speech on the pygame mixer; silent when there is no sound."""

    def __init__(
        self,
        sounds_dir: Path | None = None,
        enabled: bool = True,
        buffer: int = 512,
        cues: Callable[[], Sequence[Cue]] = lambda: MENU_CUES,
    ) -> None:
        #: every cue to load, asked when they are loaded (the app's: the menus' and
        #: every game's, ``games.registry.cues``)
        self.cues = cues
        self.sounds_dir = sounds_dir if sounds_dir is not None else default_sounds_dir()
        self.enabled = enabled
        self.buffer = buffer
        self.available = False
        self.failure: str | None = None
        self.on_failure: Callable[[str], None] | None = None
        self.last_play_ns = 0
        self.missing: tuple[str, ...] = ()
        self._cue_volume = DEFAULT_CUE_VOLUME
        self._speech_volume = DEFAULT_SPEECH_VOLUME
        self._routes: dict[str, tuple[Any, _Pool]] = {}  # cue id -> (Sound, its channels)
        self._ui: _Pool | None = None
        self._game: _Pool | None = None
        self._speech: Any = None
        self._speech_sound: Any = None
        self._warned: set[str] = set()
        self._known: dict[str, Cue] = {}
        self._opened_mixer = False
        self._pygame: Any = None

    # -- life cycle -------------------------------------------------------

    def start(self, load_cues: bool = True) -> bool:
        """Open the mixer and load every cue; False (silent) on any problem. Never raises.

        ``load_cues=False`` only opens the mixer (enough for self-voicing), so the
        game can speak its first words before the cues are loaded (``load_cues()``).
        """
        if self.available:
            return True
        if not self.enabled:
            self.failure = "sound disabled"
            return False
        try:
            self._open()
            if load_cues:
                self._load_cues()
        except Exception as exc:  # no sound must never stop the game
            self.close()
            self._go_silent(f"{type(exc).__name__}: {exc}", notify=False)
            return False
        self.available = True
        self.failure = None
        return True

    def _open(self) -> None:
        import pygame

        self._pygame = pygame
        if pygame.mixer.get_init() is None and no_output_device():
            raise RuntimeError("no sound output device")
        if pygame.mixer.get_init() is None:
            pygame.mixer.pre_init(FREQUENCY, -16, 2, self.buffer)
            pygame.mixer.init()
            self._opened_mixer = True
        else:
            log.info("mixer already open as %s: buffer size not applied", pygame.mixer.get_init())
        total = 1 + UI_CHANNELS + GAME_CHANNELS
        pygame.mixer.set_num_channels(total)
        pygame.mixer.set_reserved(total)
        channels = [pygame.mixer.Channel(i) for i in range(total)]
        self._speech = channels[SPEECH_CHANNEL]
        self._ui = _Pool(channels[1 : 1 + UI_CHANNELS])
        self._game = _Pool(channels[1 + UI_CHANNELS :])

    def load_cues(self) -> None:
        """Load the cues after a ``start(load_cues=False)``: start-up speaks first."""
        if not self.available or self._routes:
            return
        try:
            self._load_cues()
        except Exception as exc:  # no sound must never stop the game
            self._go_silent(f"{type(exc).__name__}: {exc}")

    def _load_cues(self) -> None:
        assert self._ui is not None and self._game is not None, "the mixer is opened first"
        sound = self._pygame.mixer.Sound
        missing = []
        self._known = {cue.id: cue for cue in self.cues()}
        for cue in self._known.values():
            path = (cue.folder or self.sounds_dir) / f"{cue.id}.wav"
            pool = self._ui if cue.ui else self._game
            try:
                self._routes[cue.id] = (sound(str(path)), pool)
            except (OSError, self._pygame.error):  # absent or unreadable: that cue is silent
                missing.append(cue.id)
        self.missing = tuple(missing)
        if missing:
            log.warning("%d cue files missing in %s: %s", len(missing), self.sounds_dir, missing)

    def stop_all(self) -> None:
        """Silence every cue and the speech channel."""
        if not self.available:
            return
        try:
            self._pygame.mixer.stop()
        except Exception as exc:
            self._go_silent(f"stop: {exc}")

    def close(self) -> None:
        """Stop everything and release the mixer if this system opened it."""
        was_open = self.available or self._opened_mixer
        self.available = False
        self._routes.clear()
        self._speech_sound = None
        if was_open and self._pygame is not None:
            try:
                self._pygame.mixer.stop()
                if self._opened_mixer:
                    self._pygame.mixer.quit()
            except Exception:  # closing a broken mixer is best effort
                pass
        self._opened_mixer = False

    def handle_event(self, event: Any) -> None:
        """Give every pygame event here: losing the output device turns sound off.

        SDL reports removal only for devices that are open, and the mixer's is
        the only output device the game opens. After removal SDL keeps the
        mixer running into the void, so without this the loss would go unseen.
        """
        if (
            self.available
            and event.type == self._pygame.AUDIODEVICEREMOVED
            and not getattr(event, "iscapture", 0)
        ):
            self._go_silent("sound device removed")

    def _go_silent(self, reason: str, notify: bool = True) -> None:
        """Switch to silent once; tell the app through ``on_failure``."""
        was_on = self.available
        self.available = False
        self.failure = reason
        log.warning("sound off: %s", reason)
        if notify and was_on and self.on_failure is not None:
            self.on_failure(reason)

    # -- cues -------------------------------------------------------------

    def play(self, cue: str, pan: float = 0.0, volume: float = 1.0) -> None:
        """Play ``cue`` panned in [-1 left, +1 right]; harmless when silent or unknown."""
        if not self.available:
            return
        route = self._routes.get(cue)
        if route is None:
            self._warn_unknown(cue)
            return
        sound, pool = route
        left, right = pan_gains(pan, volume * self._cue_volume)
        try:
            channel = pool.pick()
            if channel.get_busy():
                channel.stop()
            channel.set_volume(left, right)
            channel.play(sound)
            channel.set_volume(left, right)
        except Exception as exc:  # a mixer fault turns sound off, never the game
            self._go_silent(f"play {cue}: {exc}")
            return
        self.last_play_ns = time.perf_counter_ns()

    def _warn_unknown(self, cue: str) -> None:
        if cue not in self._warned:
            self._warned.add(cue)
            known = "missing file" if cue in self._known else "unknown cue"
            log.warning("%s: %r", known, cue)

    @property
    def cue_volume(self) -> float:
        return self._cue_volume

    @cue_volume.setter
    def cue_volume(self, value: float) -> None:
        self._cue_volume = _clamp01(value)

    # -- self-voicing (SpeechSink) ------------------------------------------

    @property
    def speech_volume(self) -> float:
        return self._speech_volume

    @speech_volume.setter
    def speech_volume(self, value: float) -> None:
        self._speech_volume = _clamp01(value)
        if self.available:
            try:
                self._speech.set_volume(self._speech_volume)
            except Exception as exc:
                self._go_silent(f"speech volume: {exc}")

    def play_speech(self, path: str) -> None:
        """Play a rendered speech file on the speech channel, replacing what plays there."""
        if not self.available:
            return
        try:
            sound = self._pygame.mixer.Sound(path)
        except Exception as exc:  # a bad file is one lost utterance
            log.warning("speech file %s not playable: %s", path, exc)
            return
        try:
            self._speech.stop()
            self._speech.play(sound)
            self._speech.set_volume(self._speech_volume)
        except Exception as exc:
            self._go_silent(f"speech: {exc}")
            return
        self._speech_sound = sound  # keep it alive while it plays

    def stop_speech(self) -> None:
        if not self.available:
            return
        try:
            self._speech.stop()
        except Exception as exc:
            self._go_silent(f"stop speech: {exc}")

    def speech_busy(self) -> bool:
        if not self.available:
            return False
        try:
            return bool(self._speech.get_busy())
        except Exception as exc:
            self._go_silent(f"speech busy: {exc}")
            return False
