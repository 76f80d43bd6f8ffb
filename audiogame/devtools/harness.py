"""Drive the real app loop from tests and benchmarks.

``Harness`` builds the real ``App`` with the dummy SDL drivers, the recording
speaker, the real mixer (silent on the dummy device; ``RecordingAudio``
remembers what it was asked to play) and a virtual clock. Keys are posted to
pygame's own event queue and the loop runs frame by frame, so tests exercise
the same code paths as a player's key presses.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from audiogame.app.loop import App  # noqa: E402
from audiogame.app.scene import Scene  # noqa: E402
from audiogame.cli import wire_faults  # noqa: E402
from audiogame.core.clock import Clock, VirtualClock  # noqa: E402
from audiogame.games import registry  # noqa: E402
from audiogame.io.audio import AudioSystem  # noqa: E402
from audiogame.io.sdl import start_sdl  # noqa: E402
from audiogame.io.speech.recording import RecordingSpeaker  # noqa: E402
from audiogame.io.window import Window  # noqa: E402
from audiogame.language.localizer import Localizer  # noqa: E402
from audiogame.store.lock import DataLock, open_saves  # noqa: E402
from audiogame.store.saves import SaveStore  # noqa: E402
from audiogame.store.settings import Settings, load_settings  # noqa: E402

FRAME = 1 / 60
#: how long a test lets the saves' and settings' writers take to reach the disk: a bound
#: that only ends a wait that never ends (the writers' own 2 s, right for a player's exit,
#: ran out on a loaded machine's fsync and failed a test that had lost nothing)
DISK_WAIT = 60.0

#: key names tests may use: press("down"), press("f1", ctrl=True), press("b", shift=True)
KEY_NAMES = {
    "up": pygame.K_UP,
    "down": pygame.K_DOWN,
    "left": pygame.K_LEFT,
    "right": pygame.K_RIGHT,
    "enter": pygame.K_RETURN,
    "escape": pygame.K_ESCAPE,
    "space": pygame.K_SPACE,
    "home": pygame.K_HOME,
    "end": pygame.K_END,
    "pageup": pygame.K_PAGEUP,
    "pagedown": pygame.K_PAGEDOWN,
    "tab": pygame.K_TAB,
    "backspace": pygame.K_BACKSPACE,
    "ctrl": pygame.K_LCTRL,
    **{f"f{i}": getattr(pygame, f"K_F{i}") for i in range(1, 13)},
}


def keycode(name: str) -> int:
    if name in KEY_NAMES:
        return int(KEY_NAMES[name])
    if len(name) == 1:
        return ord(name.lower())
    raise ValueError(f"unknown key {name!r}")


def key_event(
    name: str, *, ctrl: bool = False, shift: bool = False, alt: bool = False
) -> pygame.event.Event:
    mod = (pygame.KMOD_LCTRL if ctrl else 0) | (pygame.KMOD_LSHIFT if shift else 0)
    mod |= pygame.KMOD_LALT if alt else 0
    char = name if len(name) == 1 and not ctrl else ""
    if char and shift:
        char = char.upper()
    return pygame.event.Event(pygame.KEYDOWN, key=keycode(name), mod=mod, unicode=char, scancode=0)


class Harness:
    def __init__(
        self,
        tmp: Path,
        lang: str = "it",
        settings: Settings | None = None,
        with_audio: bool = True,
        seed: int | None = 1,
        lock: bool = False,
        window: bool = False,
        timed_speech: bool = False,
        clock: Clock | None = None,
        speaker: Any = None,
    ) -> None:
        """``lock``: take the data folder's lock as the ``audiogame`` command does (a
        second harness on the same folder then plays without saving). ``window``: the
        real window, drawn on the dummy video driver's surface (tests read it).
        ``timed_speech``: each line takes the time a voice at the player's rate would
        (the listening model), so turn-based tables wait for it; otherwise a line is
        heard the moment it is said. ``speaker``: another speaker than the recording
        one (a real speech chain); the transcript is then the tests' own to find."""
        # SDL started as the game starts it (``cli.py``): the sound device, then the display
        # and the fonts, never ``pygame.init()``, whose other parts (game controllers,
        # sensors) the game never uses and whose end crashed processes under Wine
        self.audio = _audio(with_audio)
        start_sdl()
        self.speaker = speaker if speaker is not None else RecordingSpeaker(timed=timed_speech)
        #: the virtual clock tests move by hand (another clock: a real app, ``app.run()``)
        self.clock: Any = clock if clock is not None else VirtualClock(1000.0)
        self.settings_path = tmp / "config" / "settings.json"
        loaded = None
        if settings is None:
            loaded = load_settings(self.settings_path)
            settings = loaded.settings
            settings.language = settings.language or lang
        self.lock: DataLock | None = None
        if lock:
            saves, self.lock = open_saves(tmp / "data")
        else:
            saves = SaveStore(tmp / "data")
        self.app = App(
            localizer=Localizer(settings.language or lang, games=registry.message_folders),
            speaker=self.speaker,
            audio=self.audio,
            settings=settings,
            settings_path=self.settings_path,
            clock=self.clock,
            seed=seed,
            data_dir=tmp / "data",
            saves=saves,
            window=Window.open("audiogame") if window else None,
        )
        _stay_on_this_machine()
        self.app.load_saved_match()
        if loaded is not None:
            self.app.settings_loaded(loaded)
        wire_faults(self.app, self.audio, self.speaker)
        pygame.event.clear()

    def start(self, scene: Scene | None = None) -> Harness:
        from audiogame.ui.main_menu import MainMenu

        self.app.push(scene or MainMenu(self.app))
        self.app.step()
        return self

    def press(
        self, name: str, *, ctrl: bool = False, shift: bool = False, alt: bool = False
    ) -> str:
        """Post one key to pygame's queue, run a frame; returns what was spoken meanwhile."""
        mark = len(self._said())
        pygame.event.post(key_event(name, ctrl=ctrl, shift=shift, alt=alt))
        self.app.step()
        self.finish_idle()
        # written off the loop: on disk before the test looks
        if self.app.flush_settings(DISK_WAIT):
            self.app.announcer.flush()
        return " | ".join(self._said()[mark:])

    def advance(self, seconds: float, frame: float = FRAME) -> str:
        """Let time pass, frame by frame, on the virtual clock."""
        mark = len(self._said())
        end = self.clock.now() + seconds
        while self.clock.now() < end and self.app.running:
            nxt = self.app.scheduler.next_time()
            step = frame if nxt is None else max(0.0, min(frame, nxt - self.clock.now()))
            self.clock.set(min(end, self.clock.now() + max(step, 1e-6)))
            self.app.step()
            self.finish_idle()
        return " | ".join(self._said()[mark:])

    def _said(self) -> list[str]:
        """The recording speaker's transcript ([] with another speaker)."""
        return list(getattr(self.speaker, "transcript", ()))

    def run_until(
        self, predicate: Callable[[], bool], timeout: float = 600.0, frame: float = FRAME
    ) -> bool:
        end = self.clock.now() + timeout
        while self.clock.now() < end and self.app.running:
            if predicate():
                return True
            self.advance(frame, frame)
        return predicate()

    def settle(
        self, predicate: Callable[[], bool], timeout: float = 60.0, frame: float = FRAME
    ) -> bool:
        """Run frames in real time until ``predicate()`` holds (or ``timeout`` real
        seconds pass): for news from another process (a server, another player),
        which arrives on its own time. The virtual clock moves a frame each time (a
        real clock, given for a race on a server's clock, moves by itself). The
        timeout only ends a wait that would never end: a loaded machine is late, not
        wrong, so what is awaited is looked for, never a time."""
        import time

        deadline = time.monotonic() + timeout
        virtual = hasattr(self.clock, "set")
        while self.app.running:
            if predicate():
                return True
            if time.monotonic() > deadline:
                return False
            if virtual:
                self.clock.set(self.clock.now() + frame)
            self.app.step()
            self.finish_idle()
            time.sleep(0.003)
        return predicate()

    def finish_idle(self) -> None:
        """Run background tasks to the end: tests play on an infinitely fast machine."""
        while self.app.idle_tasks:
            self.app.run_idle(budget=60.0)

    @property
    def transcript(self) -> list[str]:
        return self.speaker.transcript

    @property
    def last(self) -> str:
        return self.speaker.transcript[-1] if self.speaker.spoken else ""

    def close(self) -> None:
        """As the game's own exit: the saves' and settings' threads end, the lock goes."""
        if self.app.saves is not None:
            self.app.saves.close(DISK_WAIT)
        self.app.settings_writer.close(DISK_WAIT)
        if self.lock is not None:
            self.lock.release()
        close = getattr(self.audio, "close", None)
        if close:
            close()


def _stay_on_this_machine() -> None:
    """Whatever keys a test presses, online play never leaves 127.0.0.1: hosting "for
    the network" serves loopback, and the hosts on the network are listened for on
    loopback (a test that wants a port of its own sets it before)."""
    from audiogame.ui.online import hosting
    from audiogame.ui.online.menu import LanPlace

    hosting.LOOPBACK_ONLY = True
    if not LanPlace.bind:
        LanPlace.bind, LanPlace.port = "127.0.0.1", 0


class RecordingAudio(AudioSystem):
    """The real mixer (silent on the dummy device), remembering what it was asked to play.

    ``played`` holds (cue, pan, volume), newest last: what a listener would hear.
    """

    def __init__(self, enabled: bool = True) -> None:
        super().__init__(enabled=enabled, cues=registry.cues)
        self.played: deque[tuple[str, float, float]] = deque(maxlen=1000)

    def play(self, cue: str, pan: float = 0.0, volume: float = 1.0) -> None:
        self.played.append((cue, pan, volume))
        super().play(cue, pan, volume)


def _audio(with_audio: bool) -> RecordingAudio:
    audio = RecordingAudio(enabled=with_audio)
    audio.start()
    return audio
