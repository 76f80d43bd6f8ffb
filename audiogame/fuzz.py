"""Hostile input, measured: random keys through the real loop, in every scene.

``Fuzzer(tmp, seed).run(keys)`` drives the real ``App`` through
``audiogame.testing.Harness`` (pygame's event queue, the real mixer on SDL's
dummy driver, a virtual clock advanced between keys so timers, bots and dice
go on). Keys come from the whole keyboard with random modifiers, sometimes as
key-repeat bursts (the same key many times in one frame). The walk is steered
so that every scene gets its share: each turn picks the scene with the fewest
keys so far, goes there through the scenes' own entry points, and lets the
random keys wander from there for a while.

After every key it checks that no exception escaped (an ERROR log record
counts: the app logs the scene exceptions it swallows), that the key was
answered (words, a cue or a message), and the engines' invariants
(``games.*.invariants``). It times every frame with ``perf_counter``.

Faults are injected at random moments: the screen reader (the first backend of
a ``SpeechChain``, over a fake accessible-output object) raises or hangs, and
the mixer is shut behind the game's back. After each, speech must go on and
the message the broken backend never said must be said by the next one.
"""

from __future__ import annotations

import logging
import random
import statistics
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from audiogame.cli import wire_faults
from audiogame.keys import MODIFIER_KEYS
from audiogame.speech.chain import SpeechChain
from audiogame.speech.recording import RecordingSpeaker
from audiogame.speech.screenreader import build_screen_reader
from audiogame.testing import Harness

# -- the keyboard ------------------------------------------------------------------

_LETTERS = [(getattr(pygame, f"K_{c}"), c) for c in "abcdefghijklmnopqrstuvwxyz"]
_DIGITS = [(getattr(pygame, f"K_{d}"), d) for d in "0123456789"]
_KEYPAD = [
    (getattr(pygame, f"K_KP{d}", None) or getattr(pygame, f"K_KP_{d}"), d) for d in "0123456789"
]
_KEYPAD += [
    (pygame.K_KP_ENTER, "\r"),
    (pygame.K_KP_PERIOD, "."),
    (pygame.K_KP_PLUS, "+"),
    (pygame.K_KP_MINUS, "-"),
    (pygame.K_KP_MULTIPLY, "*"),
    (pygame.K_KP_DIVIDE, "/"),
]
_FUNCTION = [(getattr(pygame, f"K_F{i}"), "") for i in range(1, 13)]
_NAVIGATION = [
    (pygame.K_UP, ""),
    (pygame.K_DOWN, ""),
    (pygame.K_LEFT, ""),
    (pygame.K_RIGHT, ""),
    (pygame.K_HOME, ""),
    (pygame.K_END, ""),
    (pygame.K_PAGEUP, ""),
    (pygame.K_PAGEDOWN, ""),
    (pygame.K_INSERT, ""),
    (pygame.K_DELETE, ""),
]
_EDITING = [
    (pygame.K_RETURN, "\r"),
    (pygame.K_SPACE, " "),
    (pygame.K_ESCAPE, "\x1b"),
    (pygame.K_TAB, "\t"),
    (pygame.K_BACKSPACE, "\b"),
]
_PUNCTUATION = [
    (getattr(pygame, name), char)
    for name, char in (
        ("K_COMMA", ","),
        ("K_PERIOD", "."),
        ("K_SLASH", "/"),
        ("K_SEMICOLON", ";"),
        ("K_QUOTE", "'"),
        ("K_MINUS", "-"),
        ("K_EQUALS", "="),
        ("K_LEFTBRACKET", "["),
        ("K_RIGHTBRACKET", "]"),
        ("K_BACKSLASH", "\\"),
        ("K_BACKQUOTE", "`"),
    )
]
_MODIFIERS = [(k, "") for k in sorted(MODIFIER_KEYS)]

#: families of keys and how often each is drawn: the keys scenes use most come
#: more often, but every key of the keyboard comes
KEY_FAMILIES: tuple[tuple[list[tuple[int, str]], float], ...] = (
    (_NAVIGATION, 0.24),
    (_EDITING, 0.18),
    (_LETTERS, 0.22),
    (_DIGITS, 0.08),
    (_KEYPAD, 0.06),
    (_FUNCTION, 0.07),
    (_PUNCTUATION, 0.05),
    (_MODIFIERS, 0.05),
    # the keys leaving or changing scenes, a little more often than chance
    ([(pygame.K_y, "y"), (pygame.K_n, "n"), (pygame.K_ESCAPE, "\x1b")], 0.05),
)

#: modifier combinations and their weights (most keys are pressed alone)
MODS: tuple[tuple[int, float], ...] = (
    (0, 0.62),
    (pygame.KMOD_LSHIFT, 0.13),
    (pygame.KMOD_LCTRL, 0.09),
    (pygame.KMOD_LALT, 0.04),
    (pygame.KMOD_RSHIFT | pygame.KMOD_RCTRL, 0.03),
    (pygame.KMOD_LCTRL | pygame.KMOD_LALT, 0.03),
    (pygame.KMOD_LSHIFT | pygame.KMOD_LALT, 0.02),
    (pygame.KMOD_CAPS, 0.02),
    (pygame.KMOD_NUM | pygame.KMOD_LSHIFT, 0.02),
)


def random_key(rng: random.Random) -> pygame.event.Event:
    family = rng.choices([f for f, _ in KEY_FAMILIES], [w for _, w in KEY_FAMILIES])[0]
    key, char = rng.choice(family)
    mod = rng.choices([m for m, _ in MODS], [w for _, w in MODS])[0]
    if mod & pygame.KMOD_CTRL:
        char = ""  # Ctrl+letter gives a control character, or nothing
    elif mod & pygame.KMOD_SHIFT and char.isalpha():
        char = char.upper()
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=char, scancode=0)


def describe_key(event: pygame.event.Event) -> str:
    names = [
        n
        for flag, n in (
            (pygame.KMOD_CTRL, "ctrl"),
            (pygame.KMOD_SHIFT, "shift"),
            (pygame.KMOD_ALT, "alt"),
        )
        if event.mod & flag
    ]
    return "+".join([*names, pygame.key.name(event.key) or str(event.key)])


# -- probes ------------------------------------------------------------------------


class Tap:
    """Stands in front of the app's speaker and counts what it was asked to say.

    Only the ``Speaker`` calls and the settings the app forwards pass through:
    no ``switch_to``, so choosing a speech backend in the options never builds
    a real screen reader here (the app then just records the choice).
    """

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.said = 0

    @property
    def name(self) -> str:
        return self.inner.name

    def speak(self, text: str, interrupt: bool = False) -> None:
        if text.strip():
            self.said += 1
        self.inner.speak(text, interrupt)

    def silence(self) -> None:
        self.inner.silence()

    def braille(self, text: str) -> None:
        self.inner.braille(text)

    def update(self) -> None:
        self.inner.update()

    def close(self) -> None:
        self.inner.close()

    def set_language(self, lang: str) -> None:
        setter = getattr(self.inner, "set_language", None)
        if setter is not None:
            setter(lang)


class CountedCues:
    """Stands in front of the mixer for the announcer: counts the cues played."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.played = 0

    def play(self, cue: str, pan: float = 0.0, volume: float = 1.0) -> None:
        self.played += 1
        self.inner.play(cue, pan, volume)


class ErrorLog(logging.Handler):
    """Every ERROR record anywhere: the app logs the scene exceptions it swallows."""

    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        if record.exc_info:
            text += "\n" + "".join(traceback.format_exception(*record.exc_info))
        self.records.append(text)


class BrokenReader:
    """A fake accessible-output object: speaks, until told to raise or hang."""

    name = "FuzzReader"

    def __init__(self) -> None:
        self.mode = "ok"
        self.release = threading.Event()
        self.broke_on: str | None = None

    def speak(self, text: str, interrupt: bool = False) -> None:
        if self.mode == "ok":
            return
        if self.broke_on is None:
            self.broke_on = text
        if self.mode == "raise":
            raise OSError("the screen reader went away")
        self.release.wait()

    def braille(self, text: str) -> None:
        pass

    def silence(self) -> None:
        pass


# -- the report --------------------------------------------------------------------


@dataclass
class FuzzReport:
    keys: int = 0
    keys_per_scene: Counter[str] = field(default_factory=Counter)
    tira_players: Counter[int] = field(default_factory=Counter)
    exceptions: list[str] = field(default_factory=list)
    silent: list[str] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)
    key_frames: list[float] = field(default_factory=list)
    longest_frame: float = 0.0
    longest_frame_where: str = ""
    frames: int = 0
    sessions: int = 0
    quits: int = 0
    bursts: int = 0
    faults: Counter[str] = field(default_factory=Counter)
    recovered: Counter[str] = field(default_factory=Counter)
    untriggered: int = 0  # speech faults set while nothing was said: not counted
    fault_problems: list[str] = field(default_factory=list)

    @property
    def faults_total(self) -> int:
        return sum(self.faults.values())

    def frame_stats(self) -> dict[str, float]:
        times = sorted(self.key_frames) or [0.0]
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        return {
            "median_ms": statistics.median(times) * 1000,
            "p99_ms": p99 * 1000,
            "max_ms": times[-1] * 1000,
            "max_any_frame_ms": self.longest_frame * 1000,
        }

    def findings(self) -> list[str]:
        return self.exceptions + self.silent + self.violations + self.fault_problems


# -- where the walk goes -----------------------------------------------------------


def scene_label(scene: Any) -> str:
    name = type(scene).__name__
    if name == "TiraTable":
        if scene.practice:
            return "TiraTable/practice"
        return f"TiraTable/race-{scene.config.control_of(0).value}"
    return name


def tira_setup(rng: random.Random) -> dict[str, Any]:
    from audiogame.games.tirapassa.options import Control, Speed, Variant
    from audiogame.games.tirapassa.ui_setup import BOT_LEVELS, TableSetup

    return TableSetup(
        players=rng.randint(2, 6),
        speed=rng.choice(list(Speed)),
        variant=rng.choice(list(Variant)),
        control=rng.choice(list(Control)),
        levels=[rng.choice(BOT_LEVELS) for _ in range(5)],
    ).to_dict()


def domino_setup(rng: random.Random) -> dict[str, Any]:
    from audiogame.games.domino.options import OPTIONS
    from audiogame.games.domino.ui_setup import BOT_LEVELS, BOT_PACES, DominoSetup

    options = {o.id: rng.choice(list(o.values)) for o in OPTIONS}
    bots = rng.randint(1, 5)
    levels = [rng.choice(BOT_LEVELS) for _ in range(bots)]
    return DominoSetup(levels=levels, options=options, pace=rng.choice(BOT_PACES)).to_dict()


def _open_tira(app: Any, rng: random.Random, control: str | None = None) -> Any:
    from audiogame.games.tirapassa.setup_scene import open_setup

    setup = tira_setup(rng)
    if control:
        setup["control"] = control
    app.settings.setups["tira"] = setup
    scene = open_setup(app)
    app.push(scene)
    return scene


def _open_briefing(app: Any, rng: random.Random, control: str | None = None) -> Any:
    setup = _open_tira(app, rng, control)
    setup.start()
    return app.top


def _open_domino(app: Any, rng: random.Random) -> Any:
    from audiogame.games.domino.setup_scene import open_setup

    app.settings.setups["domino"] = domino_setup(rng)
    scene = open_setup(app)
    app.push(scene)
    return scene


def _open_domino_table(app: Any, rng: random.Random) -> None:
    setup = _open_domino(app, rng)
    setup.start()
    if app.top is setup:  # a set that cannot seat them: the defaults can
        app.settings.setups["domino"] = {}
        app.pop_to(app.scenes[0])
        _open_domino(app, rng).start()


def _open_domino_menu(app: Any, rng: random.Random) -> None:
    _open_domino_table(app, rng)
    app.top.on_escape()


def _reader(app: Any, rng: random.Random) -> None:
    from audiogame.ui.reader import ReaderScene

    app.push(ReaderScene(app, rng.choice(("guide", "tira", "domino"))))


def _options(app: Any, _rng: random.Random) -> None:
    from audiogame.ui.options import OptionsScene

    app.push(OptionsScene(app))


def _tira_leave(app: Any, rng: random.Random) -> None:
    _open_briefing(app, rng).start()
    app.top.on_escape()  # the race goes on behind "leave the game?"


#: each place the walk aims for, and how to get there from the main menu
TARGETS: dict[str, Callable[[Any, random.Random], Any]] = {
    "MainMenu": lambda app, rng: None,
    "OptionsScene": _options,
    "ReaderScene": _reader,
    "ConfirmScene": lambda app, rng: app.scenes[0].ask_quit(),
    "ConfirmScene/tira-leave": _tira_leave,
    "TiraSetupScene": _open_tira,
    "BriefingScene": _open_briefing,
    "TiraTable/practice": lambda app, rng: _open_briefing(app, rng).practice(),
    "TiraTable/race-assisted": lambda app, rng: _open_briefing(app, rng, "assisted").start(),
    "TiraTable/race-manual": lambda app, rng: _open_briefing(app, rng, "manual").start(),
    "DominoSetupScene": _open_domino,
    "DominoTable": _open_domino_table,
    "TableMenu": _open_domino_menu,
}


def available_targets() -> dict[str, Callable[[Any, random.Random], Any]]:
    """The targets whose games have landed (the catalog lists them)."""
    from audiogame.ui.catalog import available_games

    games = {entry.id for entry, _ in available_games()}
    wanted = {"tira": ("Tira", "Briefing", "ConfirmScene/tira"), "domino": ("Domino", "TableMenu")}
    missing = [p for game, prefixes in wanted.items() if game not in games for p in prefixes]
    return {name: go for name, go in TARGETS.items() if not name.startswith(tuple(missing))}


def _counted_label(target: str) -> str:
    """The scene label a target is counted under (the tira leave question is a confirm)."""
    return target.split("/tira-leave")[0]


# -- the fuzzer --------------------------------------------------------------------

#: keys in one steered visit, and how many keys the walk may wander away before
#: it is brought back
VISIT = 120
WANDER = 25
#: the longest a frame may take (the issue's bound; measured, never asserted)
FRAME_BOUND = 0.050


@dataclass
class Session:
    harness: Harness
    tap: Tap
    cues: CountedCues
    reader: BrokenReader | None = None
    backup: RecordingSpeaker | None = None
    fault: str = ""  # the fault injected and not yet checked
    fault_at: float = 0.0  # perf_counter when it was injected
    keys: int = 0
    #: messages the player's verbosity turned off: answers all the same
    muted: int = 0


class Fuzzer:
    def __init__(
        self,
        tmp: Path,
        seed: int = 0,
        *,
        fault_every: int = 0,
        session_keys: int = 4000,
        langs: tuple[str, ...] = ("it", "en"),
    ) -> None:
        self.tmp = tmp
        self.rng = random.Random(seed)
        self.fault_every = fault_every  # a fault every ~n keys (0: none)
        self.session_keys = session_keys
        self.langs = langs
        self.report = FuzzReport()
        self.targets = available_targets()
        self.errors = ErrorLog()
        self.session: Session | None = None
        self._fault_next = self._fault_gap()

    # -- the run ---------------------------------------------------------------------
    def run(self, keys: int) -> FuzzReport:
        logging.getLogger().addHandler(self.errors)
        try:
            while self.report.keys < keys:
                target = self.next_target()
                self.visit(target, min(VISIT, keys - self.report.keys))
        finally:
            logging.getLogger().removeHandler(self.errors)
            self.end_session()
        return self.report

    def next_target(self) -> str:
        counted = self.report.keys_per_scene
        return min(self.targets, key=lambda t: (counted[_counted_label(t)], self.rng.random()))

    def visit(self, target: str, keys: int) -> None:
        self.go_to(target)
        away = 0
        for _ in range(keys):
            session = self.live_session()
            if scene_label(session.harness.app.top) != _counted_label(target):
                away += 1
                if away > WANDER:
                    return
            self.one_key()

    # -- sessions: one Harness each --------------------------------------------------
    def live_session(self) -> Session:
        session = self.session
        if session is None or not session.harness.app.running or session.keys >= self.session_keys:
            if session is not None and not session.harness.app.running:
                self.report.quits += 1
            self.end_session()
            session = self.session = self.new_session()
        return session

    def new_session(self, speech_fault: bool = False) -> Session:
        h = Harness(self.tmp, lang=self.rng.choice(self.langs), seed=self.rng.randrange(2**31))
        reader = backup = None
        inner: Any = h.speaker
        if speech_fault:
            reader = BrokenReader()
            screen = build_screen_reader(timeout=2.0, factory=lambda: reader)
            backup = RecordingSpeaker()
            inner = SpeechChain([s for s in (screen, backup) if s is not None])
            wire_faults(h.app, h.audio, inner)
            h.app.speech_active = inner.active_name
        tap = Tap(inner)
        cues = CountedCues(h.app.announcer.cues)
        h.app.speaker = h.app.announcer.speaker = tap
        h.app.announcer.cues = cues
        self.report.sessions += 1
        session = Session(h, tap, cues, reader, backup)
        chosen = h.app.announcer.verbosity

        def verbosity(kind: str) -> str:
            level = chosen(kind)
            if level == "off":
                session.muted += 1  # an answer the player chose not to hear
            return level

        h.app.announcer.verbosity = verbosity
        self.session = session
        self.guarded(session, h.start, "start")
        return session

    def end_session(self) -> None:
        session, self.session = self.session, None
        if session is None:
            return
        if session.fault:
            self.settle_fault(session, wait=3.0)
        if session.reader is not None:
            session.reader.release.set()  # free a worker left hanging
        app = session.harness.app
        if app.scenes:
            self.guarded(session, lambda: app.pop_to(app.scenes[0]), "closing a session")
        if app.saves is not None:
            app.saves.flush(2.0)
        session.harness.close()

    def go_to(self, target: str) -> None:
        session = self.live_session()
        app = session.harness.app
        app.seed = self.rng.randrange(2**31)  # every table deals anew
        app.pop_to(app.scenes[0])
        self.guarded(session, lambda: self.targets[target](app, self.rng), f"going to {target}")
        self.finish_frame(session)

    # -- one key ---------------------------------------------------------------------
    def one_key(self) -> None:
        self.maybe_fault()
        session = self.live_session()
        h = session.harness
        event = random_key(self.rng)
        burst = 1
        if self.rng.random() < 0.04:
            burst = self.rng.randint(3, 30)  # key repeat: the same key again and again
            self.report.bursts += 1
        label = scene_label(h.app.top)
        answers: list[bool] = []
        silent_in: list[str] = []
        mark = [self.heard(session)]

        def listener(_key: Any, _handled: bool) -> None:
            now = self.heard(session)
            answers.append(now > mark[0])
            if now == mark[0]:
                silent_in.append(scene_label(h.app.top))
            mark[0] = now

        h.app.key_listeners.append(listener)
        for _ in range(burst):
            pygame.event.post(event)
        try:
            took = self.timed_step(session, f"{label} {describe_key(event)}")
        finally:
            h.app.key_listeners.remove(listener)
        if self.heard(session) > mark[0]:
            # what the frame queued answers its keys: within one frame (a key-repeat
            # burst) the player cannot tell which key it answered
            answers = [True] * len(answers)
            silent_in.clear()
        self.count_key(label, event, burst, answers, took, silent_in)
        self.after_key(session, label)
        self.advance(session)

    def count_key(
        self,
        label: str,
        event: Any,
        burst: int,
        answers: list[bool],
        took: float,
        silent_in: list[str],
    ) -> None:
        report = self.report
        report.keys += burst
        report.keys_per_scene[label] += burst
        report.key_frames.append(took)
        if event.key in MODIFIER_KEYS:
            return
        if len(answers) < burst or not all(answers):
            where = ", ".join(sorted(set(silent_in))) or "?"
            unanswered = burst - sum(answers)
            report.silent.append(
                f"{label}: {describe_key(event)} x{burst}: {unanswered} in {where}"
            )

    def heard(self, session: Session) -> int:
        """Everything the player got so far: words, cues, messages (even silenced ones)."""
        app = session.harness.app
        return session.tap.said + session.cues.played + app.history.version + session.muted

    def after_key(self, session: Session, label: str) -> None:
        session.keys += 1
        self.check_invariants(session, label)
        top = session.harness.app.top
        if label.startswith("TiraTable") and scene_label(top) == label:
            self.report.tira_players[top.config.players] += 1
        if session.fault:
            self.settle_fault(session)

    def advance(self, session: Session) -> None:
        """Let virtual time pass between two keys, frame by frame."""
        gap = self.rng.choice((0.0, 0.02, 0.05, 0.1, 0.2, 0.4, 1.0, 3.0))
        h = session.harness
        end = h.clock.now() + gap
        while h.clock.now() < end and h.app.running:
            nxt = h.app.scheduler.next_time()
            step = 0.1 if nxt is None else max(1e-6, min(0.1, nxt - h.clock.now()))
            h.clock.set(min(end, h.clock.now() + step))
            self.timed_step(session, "time passing in " + scene_label(h.app.top))
        self.check_invariants(session, "after time passed in " + scene_label(h.app.top))

    def timed_step(self, session: Session, where: str) -> float:
        h = session.harness
        start = time.perf_counter()
        self.guarded(session, h.app.step, where)
        took = time.perf_counter() - start
        report = self.report
        report.frames += 1
        if took > report.longest_frame:
            report.longest_frame, report.longest_frame_where = took, where
        self.guarded(session, h.finish_idle, where + " (background work)")
        self.check_errors(where)
        return took

    def finish_frame(self, session: Session) -> None:
        self.timed_step(session, "arriving in " + scene_label(session.harness.app.top))

    def guarded(self, session: Session, action: Callable[[], Any], where: str) -> None:
        try:
            action()
        except Exception:
            self.report.exceptions.append(f"{where}:\n{traceback.format_exc()}")
            session.harness.app.running = False  # start afresh: the state is unknown

    def check_errors(self, where: str) -> None:
        if self.errors.records:
            for record in self.errors.records:
                self.report.exceptions.append(f"{where}: logged {record}")
            self.errors.records.clear()

    def check_invariants(self, session: Session, where: str) -> None:
        from audiogame.games.domino import invariants as domino
        from audiogame.games.tirapassa import invariants as tira

        for scene in session.harness.app.scenes:
            problems: list[str] = []
            if getattr(scene, "session", None) is not None and hasattr(scene.session, "game"):
                problems = tira.check(scene.session.game)
            elif hasattr(scene, "match") and hasattr(scene.match, "omniscient_view"):
                problems = domino.check(scene.match)
            self.report.violations += [f"{where}: {p}" for p in problems]

    # -- faults ----------------------------------------------------------------------
    def _fault_gap(self) -> int:
        if not self.fault_every:
            return -1
        return self.report.keys + self.rng.randint(self.fault_every // 2, self.fault_every * 3 // 2)

    def maybe_fault(self) -> None:
        if self._fault_next < 0 or self.report.keys < self._fault_next:
            return
        self._fault_next = self._fault_gap()
        kind = self.rng.choice(("speech-raise", "speech-hang", "sound"))
        self.end_session()
        session = self.new_session(speech_fault=kind.startswith("speech"))
        for _ in range(self.rng.randint(0, 30)):  # a while of normal play first
            self.one_key_plain(session)
        self.inject(session, kind)

    def one_key_plain(self, session: Session) -> None:
        pygame.event.post(random_key(self.rng))
        self.timed_step(session, "before a fault in " + scene_label(session.harness.app.top))
        self.advance(session)

    def inject(self, session: Session, kind: str) -> None:
        if not session.harness.app.running:
            return
        self.report.faults[kind] += 1
        session.fault, session.fault_at = kind, time.perf_counter()
        if kind == "sound":
            pygame.mixer.quit()  # the device disappears behind the game's back
        elif session.reader is not None:
            session.reader.mode = kind.removeprefix("speech-")

    def settle_fault(self, session: Session, wait: float = 0.0) -> None:
        """Check a fault once the game noticed it; ``wait`` pumps frames for a hang."""
        check = self.sound_recovered if session.fault == "sound" else self.speech_recovered
        deadline = time.perf_counter() + wait
        while True:
            verdict = check(session)
            if verdict is not None or time.perf_counter() >= deadline:
                break
            self.guarded(session, session.harness.app.step, "waiting for a fault to show")
            time.sleep(0.005)
        if verdict is None and wait:
            verdict = self.unnoticed(session, wait)
        if verdict is None:
            return
        if verdict:
            self.report.fault_problems.append(verdict)
        else:
            self.report.recovered[session.fault] += 1
        session.fault = ""

    def unnoticed(self, session: Session, wait: float) -> str | None:
        """A fault the session ended before: fine if the broken part was never used."""
        reader = session.reader
        if session.fault.startswith("speech") and reader is not None and reader.broke_on is None:
            self.report.faults[session.fault] -= 1  # never triggered: not counted
            self.report.untriggered += 1
            session.fault = ""
            return None
        return f"{session.fault}: never noticed in {wait:.0f} s"

    def sound_recovered(self, session: Session) -> str | None:
        h = session.harness
        notice = h.app.localizer("sound-lost")
        if h.audio.available:
            return None
        heard = " ".join(h.app.history.last(50))
        return "" if notice in heard else "sound: lost without a word"

    def speech_recovered(self, session: Session) -> str | None:
        reader, backup = session.reader, session.backup
        assert reader is not None and backup is not None
        if session.harness.app.speech_active != "recording":
            return None
        heard = backup.transcript
        if reader.broke_on is not None and reader.broke_on.strip() not in heard:
            return f"speech: lost {reader.broke_on!r}"
        before = len(backup.spoken)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode=""))
        self.timed_step(session, "speech after a fault")
        return "" if len(backup.spoken) > before else "speech: silent after falling back"
