"""The loop and the scene stack.

One frame: read pygame's events, run what the scheduler has due, let the top
scene update, speak what the frame queued, let the speech backend pump, tell
the top scene the frame's words are out (a table's time may wait for them),
redraw the window. The loop never blocks: it sleeps in ``pygame.event.wait`` only
until the next key or the next scheduled call, whichever comes first.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

import pygame

from audiogame.announce import Announcer
from audiogame.app.saved import SavedMatches
from audiogame.app.scene import Saveable, Scene
from audiogame.core import keys
from audiogame.core.board import Board
from audiogame.core.clock import Clock, RealClock, Scheduler
from audiogame.core.keys import CTRL_KEYS, MODIFIER_KEYS, Key
from audiogame.core.room_keys import HISTORY_KEYS, VOLUME_STEP, Room, room_of
from audiogame.history import History
from audiogame.io.keymap import key_of
from audiogame.io.speech.base import Speaker
from audiogame.io.window import Window
from audiogame.key_help import KeyHelp
from audiogame.language.localizer import Localizer
from audiogame.store.saves import Loaded, SaveStore
from audiogame.store.settings import (
    DEFAULT_TEXT_SIZE,
    TEXT_SIZES,
    LoadResult,
    Settings,
    is_setting,
)
from audiogame.store.settings_writer import SettingsWriter

log = logging.getLogger(__name__)

FRAME = 1 / 60  # the longest the loop sleeps when nothing is scheduled
IDLE_SLICE = 0.0003  # the longest a slice of background work (a bot's search) may hold the loop
#: the window asks the scene for its board after anything that may change it (a key,
#: a scheduled call, a finished background task, a batch of events), and at least this
#: often (seconds) whatever happened: asking costs a view of the game
LOOK_EVERY = 0.5
#: the event another thread posts to wake the loop (``App.wake``): news from the network
WAKE = pygame.event.custom_type()


class Audio(Protocol):
    available: bool
    cue_volume: float
    speech_volume: float

    def play(self, cue: str, pan: float = 0.0, volume: float = 1.0) -> None: ...


class App:
    def __init__(
        self,
        *,
        localizer: Localizer,
        speaker: Speaker,
        audio: Audio,
        settings: Settings,
        settings_path: Path | None,
        clock: Clock | None = None,
        window: Window | None = None,
        speech_active: str | None = None,
        seed: int | None = None,
        data_dir: Path | None = None,
        saves: SaveStore | None = None,
    ) -> None:
        #: the seed every new table deals with (None: a fresh one each time); replays, tests
        self.seed = seed
        #: the folder of the player's data (saved matches)
        self.data_dir = data_dir
        #: where the match in progress is kept (None: not kept, e.g. some tests)
        self.saves = saves
        self.localizer = localizer
        self.speaker = speaker
        self.audio = audio
        self.settings = settings
        self.settings_path = settings_path
        self.clock = clock or RealClock()
        self.scheduler = Scheduler(self.clock)
        self.window = window
        self.history = History()
        self.speech_active = speech_active or speaker.name
        self.announcer = Announcer(
            speaker,
            audio,
            localizer,
            lambda kind: settings.verbosity.get(kind, "speak"),
            self.history,
            self.scheduler,
            rate=lambda: settings.voice_rate,
            repeat_cut=lambda: settings.cut_events == "repeat",
            audible=lambda: audio.available and audio.cue_volume > 0,
            in_braille=lambda kind: kind not in settings.braille_hidden,
        )
        self.scenes: list[Scene] = []
        self.running = True
        self._settings_failed = False
        #: writes the settings off the loop: a synced write can take half a second
        self.settings_writer = SettingsWriter()
        self._settings_seen = 0
        #: called with (key, handled) after every key, for fuzzing and benchmarks
        self.key_listeners: list[Callable[[Key, bool], None]] = []
        #: messages F1 says after a scene's keys (a terminal's stand-ins)
        self.help_extra: list[str] = []
        #: F1's parts of a long key list, stepped through (``key_help``)
        self.key_help = KeyHelp()
        #: background work done in short slices between frames; each call does a
        #: little and returns True when finished (a bot's search, for instance)
        self.idle_tasks: list[Callable[[], bool]] = []
        #: the saved matches the main menu offers, one per game
        self.matches = SavedMatches(self)
        #: the message id of the saving failure last told (None: saving works)
        self._save_failure_told: str | None = None
        self._board_failed = False  # a board failed once (logged once, then left out)
        self._look = True  # the window asks the scene for its board (see draw_window)
        self._looked = 0.0
        if window is not None:
            window.set_text_size(settings.text_size)
        #: called once a frame whatever scene is on top (the network's news: a table
        #: played elsewhere goes on while a menu covers it)
        self.pumps: list[Callable[[], None]] = []
        #: called at the end of every frame, once its words are out (a pseudo-terminal's
        #: test marks there that a key's answer is complete: ``io.terminal.KeyMarks``)
        self.frame_ends: list[Callable[[], None]] = []
        self._woken = threading.Event()

    # -- the stack -------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self._look = True
        self.scenes.append(scene)
        scene.on_enter()

    def pop(self, scene: Scene | None = None, *, resume: bool = True) -> None:
        """Close the top scene (only if it is ``scene``); the one underneath resumes
        and says where the player is, unless ``resume`` is False (a question whose
        answer takes the player elsewhere: the caller resumes it if they stay)."""
        if not self.scenes or (scene is not None and self.scenes[-1] is not scene):
            return
        self._exit(self.scenes.pop())
        if self.top is None:
            self.running = False
        elif resume:
            self.top.on_resume()

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self._exit(self.scenes.pop())
        self.push(scene)

    def pop_to(self, scene: Scene) -> None:
        """Pop every scene above ``scene`` (which then resumes)."""
        while self.scenes and self.scenes[-1] is not scene:
            self._exit(self.scenes.pop())
        if self.top is not None:
            self.top.on_resume()

    def _exit(self, scene: Scene) -> None:
        self._look = True
        scene.on_exit()
        self.announcer.drop_later(scene)  # its delayed sounds would speak of a place left

    def quit(self) -> None:
        self.running = False

    # -- one frame -------------------------------------------------------------------
    def step(self) -> None:
        for event in pygame.event.get():
            self.handle_event(event)
        self.tick()

    def tick(self) -> None:
        self.watch_saves()
        self.watch_settings()
        now = self.clock.now()
        if self.scheduler.run_due(now):
            self._look = True
        self._woken.clear()
        for pump in list(self.pumps):
            try:
                pump()
            except Exception:  # one broken pump must not take the loop down
                log.exception("pump %r failed", pump)
        if self.top is not None:
            self.top.update(now)
        self.announcer.flush()
        self.speaker.update()
        if self.top is not None:
            self.top.after_speech()
        if self.window is not None:
            self.draw_window()
        for end in self.frame_ends:
            end()

    def look(self) -> None:
        """Something the window shows may have changed (a batch of events came): the
        next frame asks the scene for its board."""
        self._look = True

    def draw_window(self) -> None:
        """The window, drawn only when what it shows changed; the scene's board is
        asked only after something that may change it (see ``LOOK_EVERY``)."""
        assert self.window is not None
        moment = time.perf_counter()
        if self._look or moment - self._looked >= LOOK_EVERY:
            self._look = False
            self._looked = moment
            self.window.draw(self.history, self.board(), self.localizer)
        else:
            self.window.draw(self.history, self.window.board, self.localizer)

    def board(self) -> Board | None:
        """What the window shows of the scene on top (None: the messages alone)."""
        scene = self.top
        if scene is None:
            return None
        try:
            return scene.board()
        except Exception:  # the window must never take the game down
            if not self._board_failed:
                log.exception("scene %s failed to show its board", type(scene).__name__)
            self._board_failed = True
            return None

    def run_idle(self, budget: float = IDLE_SLICE) -> None:
        """Give background tasks up to ``budget`` seconds, in turns."""
        deadline = time.perf_counter() + budget
        while self.idle_tasks and time.perf_counter() < deadline:
            task = self.idle_tasks.pop(0)
            try:
                finished = task()
            except Exception:
                log.exception("background task failed")
                finished = True
            if not finished:
                self.idle_tasks.append(task)
            else:
                self._look = True  # a bot's decision, say: the board may change

    def run(self) -> None:
        while self.running:
            if self.idle_tasks:
                # background work pending: never sleep, and look at the keys every slice
                self.step()
                if not pygame.event.peek():
                    self.run_idle()
                continue
            timeout = FRAME
            due = self.scheduler.next_time()
            if due is not None:
                timeout = min(timeout, max(0.0, due - self.clock.now()))
            first = pygame.event.wait(max(1, int(timeout * 1000)))
            if first.type != pygame.NOEVENT:
                self.handle_event(first)
            self.step()

    def wake(self) -> None:
        """From any thread: something arrived (the network), run a frame now rather
        than at the end of the loop's sleep. At most one wake waits in the queue."""
        if not self._woken.is_set():
            self._woken.set()
            pygame.event.post(pygame.event.Event(WAKE))

    def handle_event(self, event: pygame.event.Event) -> None:
        self._look = True
        watch = getattr(self.audio, "handle_event", None)
        if watch is not None:
            watch(event)  # notices a sound device being unplugged
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type == pygame.VIDEORESIZE and self.window is not None:
            self.window.resized((event.w, event.h))
        elif event.type == pygame.KEYDOWN:
            key = key_of(event)
            mark = self.announcer.answer_mark()
            top = self.top
            handled = self.handle_key(key)
            for listener in self.key_listeners:
                listener(key, handled)
            # a key that closed the app or moved to another place is answered by that
            # place's own words (a table's opening), not by "OK." before them
            if self.running and self.top is top:
                self.announcer.word_unheard_cue(mark)

    # -- keys ------------------------------------------------------------------------
    def handle_key(self, key: Key) -> bool:
        if key.key in MODIFIER_KEYS:
            if key.key in CTRL_KEYS:
                self.announcer.silence()
            return True
        if key.key not in HISTORY_KEYS:
            self.history.end_walk()  # doing something else: the next Page Up starts anew
        if key.key != keys.F1:
            self.key_help.reset()  # the next F1 starts again from the first part
        if self.global_key(key):
            return True
        scene = self.top
        if scene is None:
            return False
        if key.key == keys.ESCAPE and key.plain:
            scene.on_escape()
            return True
        try:
            handled = scene.before_key(key) or scene.on_key(key)
        except Exception:  # a bug in one scene must not take the game down
            log.exception("scene %s failed on a key", type(scene).__name__)
            self.announcer.say("internal-error", cue="menu_error")
            return True
        if not handled:
            self.announcer.cue("menu_error")
        return handled

    def global_key(self, key: Key) -> bool:
        """A room key (``core.room_keys``: the same in every client) done here."""
        room = room_of(key)
        doing = None if room is None else ROOM_KEYS.get(room)
        if doing is None:
            return False
        doing(self)
        return True

    def step_volume(self, step: float, voice: bool) -> None:
        """F7 / F8: the sounds' volume (with Shift the built-in voice's), kept."""
        if voice:
            self.set_speech_volume(self.settings.speech_volume + step, announce=True)
        else:
            self.set_cue_volume(self.settings.cue_volume + step, announce=True)
        self.save_settings()

    def read_help(self, rules: bool, back: bool = False) -> None:
        scene = self.top
        if scene is None:
            return
        if rules:
            from audiogame.app.reader import ReaderScene

            self.push(ReaderScene(self, scene.rules_doc))
        else:
            self.read_keys(scene, back)

    def read_keys(self, scene: Scene, back: bool = False) -> None:
        """F1: the scene's keys, whole when short (then a terminal's stand-ins); when
        long, one part at a time (``key_help``)."""
        extra = [self.localizer(msg_id) for msg_id in self.help_extra]
        text = scene.keys_text()
        more = self.localizer("keys-part-more")
        said = self.key_help.say(scene, text, scene.keys_parts() + extra, back, more)
        self.announcer.say_text(said, record=False)
        if said == text:
            for line in extra:
                self.announcer.say_text(line, interrupt=False, record=False)

    def read_history(self, up: bool, to_end: bool) -> None:
        if to_end:
            text = self.history.first() if up else self.history.newest()
            edge = False
        else:
            step = self.history.previous() if up else self.history.next()
            text, edge = step if step else (None, False)
        if text is None:
            self.announcer.say("history-empty", cue="menu_edge")
            return
        self.announcer.cue("menu_edge" if edge else "menu_move")
        self.announcer.say_text(self.announcer.at_edge(text) if edge else text, record=False)

    def switch_history_view(self, step: int) -> None:
        """Alt+Left/Right: the history shows everything, the game alone, or chat alone."""
        view = self.history.switch_view(step)
        self.announcer.cue("menu_move")
        words = self.localizer(f"history-view-{view}")
        said = self.localizer("history-view", view=words, n=self.history.count())
        self.announcer.say_text(said, record=False)  # about the history, not in it

    # -- the matches in progress -------------------------------------------------------
    def load_saved_match(self) -> None:
        """At start: offer each game's saved match, or say why one cannot be used."""
        self.matches.load()

    @property
    def pending_resume(self) -> Loaded | None:
        """The first saved match the main menu offers (None: none)."""
        return self.matches.first()

    def autosave(self, game: str, state: object, summary: dict[str, Any]) -> None:
        """A table's snapshot after an action: on disk before the frame ends (a kill
        loses at most the action in flight), offered again if the match is left."""
        self.matches.autosaved(game, state, summary)

    def end_of_match(self, game: str | None = None) -> None:
        """A match is over: its save removed (None: the game saved last)."""
        self.matches.ended(game)

    def save_now(self) -> None:
        """Ctrl+S: write the match at once; "saved" only once it is whole on the disk."""
        saver = next((s for s in reversed(self.scenes) if isinstance(s, Saveable)), None)
        if saver is None or self.saves is None or not saver.save_match():
            self.announcer.say("save-nothing", cue="menu_error")
            return
        failure = self.saves.confirm(1.0)
        if failure is None:
            self.announcer.say("save-done", cue="menu_select")
            return
        self.announcer.say(failure, cue="menu_error")
        if failure == self.saves.check():
            self._save_failure_told = failure  # said just now: not again by watch_saves

    def save_before_exit(self) -> None:
        """Quitting (the window closed, Control+C, SIGTERM): the match in progress
        written once more, as Ctrl+S would, then synced by the caller."""
        saver = next((s for s in reversed(self.scenes) if isinstance(s, Saveable)), None)
        if saver is None or self.saves is None:
            return
        try:
            saver.save_match()
        except Exception:  # leaving must not fail: the last autosave is on disk
            log.exception("saving the match at exit failed")

    def watch_saves(self) -> None:
        """Tell the player once when saving starts failing (full disk, read-only
        folder), and once when it works again."""
        if self.saves is None:
            return
        failure = self.saves.check()
        if failure == self._save_failure_told:
            return
        if failure is None:
            self.notify("save-works-again")
        elif self._save_failure_told is None:
            self.notify(failure)
        self._save_failure_told = failure

    # -- the settings as read at start -------------------------------------------------
    def settings_loaded(self, result: LoadResult) -> None:
        """At start: say what reading the settings file could not keep, by name; a
        file with fields set back is written again corrected (told once)."""
        if result.notice is None:
            return
        if not result.fallen and not result.doubled:
            self.notify(result.notice)
            return
        for msg_id, named in (
            ("settings-fields-reset", result.fallen),
            ("settings-doubled", result.doubled),
        ):
            if named:
                names = [self.setting_name(name) for name in named]
                self.notify(msg_id, fields=", ".join(dict.fromkeys(names)))
        self.save_settings()

    def setting_name(self, name: str) -> str:
        """A setting's name in the player's words, as the Options menu says it."""
        group, _, key = name.partition(".")
        if not is_setting(name):  # a key no setting has (given twice): as written
            return f'"{name}"'
        if group == "verbosity":
            return self.localizer("opt-verbosity", kind=self.localizer(f"kind-{key}"))
        if group in ("setups", "tables"):
            from audiogame.games import registry

            spec = registry.get(key)
            game = self.localizer(spec.name_message) if spec is not None else key
            return self.localizer(f"setting-{group[:-1]}", game=game)
        return self.localizer("opt-" + group.replace("_", "-"))

    # -- settings that take effect at once --------------------------------------------
    def save_settings(self) -> None:
        """Queue the settings for the disk and return at once (see ``watch_settings``)."""
        if self.settings_path is None:
            return
        self.settings_writer.write(self.settings_path, self.settings.to_data())

    def watch_settings(self) -> bool:
        """After a write: tell the player once when saving the settings starts failing.

        Returns True when it told something."""
        writer = self.settings_writer
        if writer.done == self._settings_seen:
            return False
        self._settings_seen = writer.done
        problem = writer.problem
        tell = bool(problem) and not self._settings_failed
        if problem and tell:
            self.announcer.post_system(problem, cue="menu_error")
        self._settings_failed = problem is not None
        return tell

    def flush_settings(self, timeout: float = 2.0) -> bool:
        """Wait until the settings are on disk (tests, exit); True when a failure was told."""
        self.settings_writer.flush(timeout)
        return self.watch_settings()

    def set_language(self, lang: str) -> None:
        self.settings.language = lang
        self.localizer.set_language(lang)
        setter = getattr(self.speaker, "set_language", None)
        if setter:
            setter(lang)
        for scene in self.scenes:
            scene.on_language_changed()

    def set_speech(self, choice: str) -> None:
        self.settings.speech = choice
        switch = getattr(self.speaker, "switch_to", None)
        if switch is not None:
            self.speech_active = switch(choice)

    def set_voice_rate(self, rate: int) -> None:
        self.settings.voice_rate = rate
        setter = getattr(self.speaker, "set_rate", None)
        if setter:
            setter(rate)

    def set_cue_volume(self, volume: float, announce: bool = False) -> None:
        self.settings.cue_volume = round(min(1.0, max(0.0, volume)), 2)
        self.audio.cue_volume = self.settings.cue_volume
        if announce:
            self.announcer.say("volume-cues", cue="toggle", n=round(self.settings.cue_volume * 100))

    def set_speech_volume(self, volume: float, announce: bool = False) -> None:
        self.settings.speech_volume = round(min(1.0, max(0.0, volume)), 2)
        self.audio.speech_volume = self.settings.speech_volume
        if announce:
            self.announcer.say("volume-speech", n=round(self.settings.speech_volume * 100))

    def step_text_size(self, step: int) -> None:
        """Ctrl+Plus/Minus: the window's text one size larger or smaller (0: back to
        normal), said with how many rows of the board it leaves out, and kept for the
        next runs."""
        now = self.settings.text_size
        if step == 0:
            size = DEFAULT_TEXT_SIZE
        else:
            larger = [s for s in TEXT_SIZES if s > now]
            smaller = [s for s in TEXT_SIZES if s < now]
            size = (larger[0] if larger else now) if step > 0 else (smaller[-1] if smaller else now)
        if size == now and step != 0:
            edge = "text-size-largest" if step > 0 else "text-size-smallest"
            self.announcer.say(edge, cue="menu_edge", n=size)
            return
        self.settings.text_size = size
        left_out = 0
        if self.window is not None:
            self.window.set_text_size(size)
            self.window.layout(self.history, self.board(), self.localizer)
            left_out = self.window.left_out  # said: the window cannot show the whole board
        if left_out:
            self.announcer.say("text-size-left-out", cue="toggle", size=size, rows=left_out)
        else:
            self.announcer.say("text-size", cue="toggle", n=size)
        self.save_settings()

    def set_verbosity(self, kind: str, level: str) -> None:
        self.settings.verbosity[kind] = level

    def set_braille(self, kind: str, shown: bool) -> None:
        """Whether messages of ``kind`` are shown on the braille display."""
        hidden = [k for k in self.settings.braille_hidden if k != kind]
        self.settings.braille_hidden = hidden if shown else [*hidden, kind]

    def notify(self, msg_id: str, **args: Any) -> None:
        """A notice from the system (no sound, settings damaged ...): queued, never lost."""
        self.announcer.post_system(msg_id, **args)


#: what each room key does in the app (``core.room_keys``)
ROOM_KEYS: dict[Room, Callable[[App], None]] = {
    Room.HELP: lambda app: app.read_help(rules=False),
    Room.HELP_BACK: lambda app: app.read_help(rules=False, back=True),
    Room.RULES: lambda app: app.read_help(rules=True),
    Room.HISTORY_BACK: lambda app: app.read_history(up=True, to_end=False),
    Room.HISTORY_ON: lambda app: app.read_history(up=False, to_end=False),
    Room.HISTORY_FIRST: lambda app: app.read_history(up=True, to_end=True),
    Room.HISTORY_NEWEST: lambda app: app.read_history(up=False, to_end=True),
    Room.VIEW_BACK: lambda app: app.switch_history_view(-1),
    Room.VIEW_ON: lambda app: app.switch_history_view(1),
    Room.SAVE: lambda app: app.save_now(),
    Room.TEXT_LARGER: lambda app: app.step_text_size(1),
    Room.TEXT_SMALLER: lambda app: app.step_text_size(-1),
    Room.TEXT_NORMAL: lambda app: app.step_text_size(0),
    Room.CUES_SOFTER: lambda app: app.step_volume(-VOLUME_STEP, voice=False),
    Room.CUES_LOUDER: lambda app: app.step_volume(VOLUME_STEP, voice=False),
    Room.VOICE_SOFTER: lambda app: app.step_volume(-VOLUME_STEP, voice=True),
    Room.VOICE_LOUDER: lambda app: app.step_volume(VOLUME_STEP, voice=True),
}
#: the room keys the app leaves to the scene, and why
LEFT_TO_THE_SCENE: dict[Room, str] = {
    Room.CLOCK: "a race's table measures the server's clock itself (F11)",
}
