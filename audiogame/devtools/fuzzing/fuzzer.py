"""Hostile input, measured: random keys through the real loop, in every scene.

``Fuzzer(tmp, seed).run(keys)`` drives the real ``App`` through
``audiogame.devtools.harness.Harness`` (pygame's event queue, the real mixer on SDL's
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
import time
import traceback
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from audiogame.app.loop import App
from audiogame.core.keys import MODIFIER_KEYS
from audiogame.devtools.fuzzing import faults
from audiogame.devtools.fuzzing.keyboard import describe_key, random_key
from audiogame.devtools.fuzzing.probes import ErrorLog, KeyWatch
from audiogame.devtools.fuzzing.report import FuzzReport
from audiogame.devtools.fuzzing.session import Session, open_session
from audiogame.devtools.fuzzing.walk import (
    WalkRandom,
    available_targets,
    counted_label,
    scene_label,
)
from audiogame.io.keymap import name_of

#: keys in one steered visit, and how many keys the walk may wander away before
#: it is brought back
VISIT = 120
WANDER = 25
#: the longest a frame may take (the issue's bound; measured, never asserted)
FRAME_BOUND = 0.050
#: virtual seconds between two keys: often none, sometimes long enough for a round
GAPS = (0.0, 0.02, 0.05, 0.1, 0.2, 0.4, 1.0, 3.0)
#: one frame of virtual time at most, while time passes between keys
TIME_STEP = 0.1
#: how often a key comes as a key-repeat burst, and how long a burst is
BURST_CHANCE = 0.04
BURST = (3, 30)
#: the longest the game may take to notice a fault (a hang needs its watchdog)
FAULT_WAIT = 3.0
#: keys pressed at most, right after a fault, for the game to notice it
NOTICE_KEYS = 20
#: keys pressed at most after a lost sound device (it shows at the next cue)
SOUND_NOTICE_KEYS = 300


def engine_problems(app: App) -> list[str]:
    """The invariants broken by any game on the app's stack (each table names its
    game and exposes its engine; the game's spec knows its invariants)."""
    from audiogame.games import registry

    problems: list[str] = []
    for scene in app.scenes:
        engine, game_id = getattr(scene, "engine", None), getattr(scene, "game_id", None)
        spec = registry.get(game_id) if game_id else None
        if engine is not None and spec is not None and spec.invariants is not None:
            problems += spec.invariants(engine)
    return problems


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
        self.rng = WalkRandom(seed)
        self.fault_every = fault_every  # a fault every ~n keys (0: none)
        self.session_keys = session_keys
        self.langs = langs
        self.report = FuzzReport()
        self.targets = available_targets()
        self.errors = ErrorLog()
        self.session: Session | None = None
        self.spent: Counter[str] = Counter()  # keys each target's visits pressed
        self._fault_next = self._fault_gap()
        self._faults_started = 0

    # -- the run ---------------------------------------------------------------------
    def run(self, keys: int) -> FuzzReport:
        logging.getLogger().addHandler(self.errors)
        try:
            while self.report.keys < keys:
                target = self.next_target()
                self.visit(target, min(VISIT, keys - self.report.keys))
        finally:
            self.end_session()
            logging.getLogger().removeHandler(self.errors)
        return self.report

    def next_target(self) -> str:
        """The place that had the fewest keys, counting both where keys were pressed
        and what each visit spent (a visit may wander off, or never get there)."""
        counted, spent = self.report.keys_per_scene, self.spent
        return min(
            self.targets,
            key=lambda t: (max(counted[counted_label(t)], spent[t] // 3), self.rng.random()),
        )

    def visit(self, target: str, keys: int) -> None:
        self.go_to(target)
        away = 0
        for _ in range(keys):
            if scene_label(self.live_session().app.top) != counted_label(target):
                away += 1
                if away > WANDER:
                    return
            self.spent[target] += 1
            self.one_key()
        self.spent[target] += away

    def go_to(self, target: str) -> None:
        session = self.live_session()
        app = session.app
        app.seed = self.rng.randrange(2**31)  # every table deals anew

        def there() -> None:
            app.pop_to(app.scenes[0])
            self.targets[target](app, self.rng)

        resuming = app.pending_resume is not None and target == "Resumed"
        self.guarded(session, there, f"going to {target}")
        self.report.resumed += resuming and app.pending_resume is None
        self.timed_step(session, "arriving in " + scene_label(app.top))

    # -- sessions: one Harness each --------------------------------------------------
    def live_session(self) -> Session:
        session = self.session
        if session is None or not session.app.running or session.keys >= self.session_keys:
            if session is not None and not session.app.running:
                self.report.quits += 1
            self.end_session()
            session = self.new_session()
        return session

    def new_session(self, speech_fault: bool = False) -> Session:
        lang, seed = self.rng.choice(self.langs), self.rng.randrange(2**31)
        session = self.session = open_session(self.tmp, lang, seed, speech_fault)
        self.report.sessions += 1
        self.guarded(session, session.harness.start, "starting")
        return session

    def end_session(self) -> None:
        session, self.session = self.session, None
        if session is None:
            return
        if session.fault:
            self.settle_fault(session, wait=FAULT_WAIT)
        if session.reader is not None:
            session.reader.release.set()  # free a worker left hanging
        app = session.app
        if app.scenes:
            self.guarded(session, lambda: app.pop_to(app.scenes[0]), "closing a session")
        if app.saves is not None:
            app.saves.flush(2.0)
        app.settings_writer.flush(2.0)
        session.harness.close()

    # -- one key ---------------------------------------------------------------------
    def one_key(self) -> None:
        self.maybe_fault()
        session = self.live_session()
        event = random_key(self.rng)
        burst = 1
        if self.rng.random() < BURST_CHANCE:
            burst = self.rng.randint(*BURST)  # key repeat: the same key again and again
            self.report.bursts += 1
        label = scene_label(session.app.top)
        watch = KeyWatch(session.heard, lambda: scene_label(session.app.top))
        session.app.key_listeners.append(watch)
        for _ in range(burst):
            pygame.event.post(event)
        try:
            took = self.timed_step(session, f"{label} {describe_key(event)}")
        finally:
            session.app.key_listeners.remove(watch)
        watch.frame_ended()
        self.count_key(label, event, burst, watch, took)
        self.after_key(session, label)
        self.advance(session)

    def count_key(self, label: str, event: Any, burst: int, watch: KeyWatch, took: float) -> None:
        report = self.report
        report.keys += burst
        report.keys_per_scene[label] += burst
        report.key_frames.append(took)
        if name_of(event.key) in MODIFIER_KEYS:
            return  # a modifier alone answers nothing (Ctrl only silences speech)
        unanswered = burst - watch.answered
        if unanswered:
            where = ", ".join(sorted(set(watch.silent_in))) or "?"
            report.silent.append(
                f"{label}: {describe_key(event)} x{burst}: {unanswered} in {where}"
            )

    def after_key(self, session: Session, label: str) -> None:
        session.keys += 1
        self.check_invariants(session, label)
        top = session.app.top
        engine, game_id = getattr(top, "engine", None), getattr(top, "game_id", None)
        if engine is not None and game_id and scene_label(top) == label:
            self.report.table_sizes[(game_id, engine.seats)] += 1
        if session.fault:
            self.settle_fault(session)

    def advance(self, session: Session) -> None:
        """Let virtual time pass between two keys, frame by frame."""
        h = session.harness
        end = h.clock.now() + self.rng.choice(GAPS)
        while h.clock.now() < end and h.app.running:
            nxt = h.app.scheduler.next_time()
            step = TIME_STEP if nxt is None else max(1e-6, min(TIME_STEP, nxt - h.clock.now()))
            h.clock.set(min(end, h.clock.now() + step))
            self.timed_step(session, "time passing in " + scene_label(h.app.top))
        self.check_invariants(session, "after time passed in " + scene_label(h.app.top))

    def timed_step(self, session: Session, where: str) -> float:
        """One frame of the real loop, timed; then the background work, to the end."""
        h = session.harness
        start = time.perf_counter()
        self.guarded(session, h.app.step, where)
        took = time.perf_counter() - start
        self.report.frame(took, where)
        self.guarded(session, h.finish_idle, where + " (background work)")
        self.check_errors(where)
        return took

    def guarded(self, session: Session, action: Callable[[], Any], where: str) -> None:
        try:
            action()
        except Exception:
            self.report.exceptions.append(f"{where}:\n{traceback.format_exc()}")
            session.app.running = False  # start afresh: the state is unknown

    def check_errors(self, where: str) -> None:
        for record in self.errors.take():
            self.report.exceptions.append(f"{where}: logged {record}")

    def check_invariants(self, session: Session, where: str) -> None:
        self.report.violations += [f"{where}: {p}" for p in engine_problems(session.app)]

    # -- faults ----------------------------------------------------------------------
    def _fault_gap(self) -> int:
        if not self.fault_every:
            return -1
        return self.report.keys + self.rng.randint(self.fault_every // 2, self.fault_every * 3 // 2)

    def maybe_fault(self) -> None:
        if self._fault_next < 0 or self.report.keys < self._fault_next:
            return
        self._fault_next = self._fault_gap()
        # each kind in turn, counted when injected: a session that quit before its fault
        # (a random key closed the app) leaves that kind for the next one
        kind = faults.KINDS[self._faults_started % len(faults.KINDS)]
        self.end_session()
        session = self.new_session(speech_fault=kind.startswith("speech"))
        for _ in range(self.rng.randint(0, 30)):  # a while of normal play first
            self.press(session, random_key(self.rng))
            self.advance(session)
        if session.app.running:
            self._faults_started += 1
            faults.inject(session, kind)
            self.until_noticed(session, kind)

    def until_noticed(self, session: Session, kind: str) -> None:
        """Keys until the game notices the fault, and judge it, before the walk goes on:
        how long a hang takes to notice (real time) must not change where the walk goes."""
        wait = FAULT_WAIT if kind.startswith("speech") else 0.0
        self.press(session, faults.F1)  # a screen reader is asked to speak at once
        # a lost sound device shows at the next cue, which a walk may take a while to
        # reach (a busy machine changes where the bots are when the keys come)
        for _ in range(NOTICE_KEYS if kind.startswith("speech") else SOUND_NOTICE_KEYS):
            self.settle_fault(session, wait)
            if not session.fault or not session.app.running:
                return
            self.press(session, random_key(self.rng))  # a sound fault shows at the next cue

    def press(self, session: Session, event: pygame.event.Event) -> None:
        pygame.event.post(event)
        self.timed_step(session, "around a fault in " + scene_label(session.app.top))

    def settle_fault(self, session: Session, wait: float = 0.0) -> None:
        """Judge a fault once the game noticed it; ``wait`` pumps real frames (a hang)."""
        deadline = time.perf_counter() + wait

        def press(event: pygame.event.Event) -> None:
            self.press(session, event)

        while (verdict := faults.verdict(session, press)) is None:
            if time.perf_counter() >= deadline:
                break
            self.guarded(session, session.app.step, "waiting for a fault to show")
            time.sleep(0.005)
        if verdict is None and not wait:
            return  # not noticed yet: judged after a later key
        kind, session.fault = session.fault, ""
        if verdict is None and not faults.triggered_by(session, kind):
            self.report.untriggered += 1  # nothing was said while it was broken
            return
        self.report.faults[kind] += 1
        if verdict:
            self.report.fault_problems.append(verdict)
        elif verdict is None:
            self.report.fault_problems.append(f"{kind}: never noticed in {wait:.0f} s")
        else:
            self.report.recovered[kind] += 1
