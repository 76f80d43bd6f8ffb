"""Does a resumed match go on exactly as the original would have? Checked, not hoped.

A match is played through the real app (``Harness``: the real loop, the real
table, the real ``SaveStore``) on a virtual clock, with a scripted player at
the human seat. Everything the match does then depends on the seed and on
the player's keys alone, so it can be played twice and compared:

- ``drive`` runs the loop from one scheduled instant to the next (bots,
  dice, the engine's timers) and presses the scripted player's keys at the
  exact game times it chose: the frame grid plays no part, so a run that
  started elsewhere (a resumed one) meets the same instants;
- ``record_reference`` replays the match a saved ``state`` came from, from
  its start to its end, keeping its state at every step; ``reference`` is
  that match seen from the saved point;
- ``resume_from_menu(h, adapter)`` restarts the way a player does: the main
  menu must offer the saved match first, Enter resumes it;
- ``compare`` then holds the saved state against the reference's state at
  that point, and the two continuations event by event.

Each game plugs in with an adapter (``MatchAdapter``), named by its
``GameSpec.resume_adapter``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

import pygame

from audiogame.app.scene import Scene
from audiogame.core.jsonlog import plain
from audiogame.devtools.harness import Harness, key_event
from audiogame.ui.menu import MenuScene
from audiogame.ui.table import TableScene

#: where every match of every game starts in checks: far enough from the
#: harness's 1000 s that a resumed match can be aligned on the clock exactly
MATCH_START = 10_000.0


class MatchAdapter(Protocol):
    """What the checks need of one game's table."""

    game_id: str

    def setups(self) -> list[dict[str, Any]]:
        """A few tables (plain data, as the settings keep them) for the kill harness."""
        ...

    def new_match(
        self, h: Harness, state: dict[str, Any] | None, setup: dict[str, Any] | None, seed: Any
    ) -> Scene:
        """Push a fresh table and return it: the one ``state`` was saved from (at the
        clock time it started), or ``setup`` with ``seed`` at ``MATCH_START``."""
        ...

    def match_id(self, table: Any) -> str:
        """Which match of an evening this is (its seed)."""
        ...

    def match_id_of(self, state: dict[str, Any]) -> str: ...

    def is_table(self, scene: Scene | None) -> bool: ...

    def progress(self, table: Any) -> int:
        """A count that grows with every change of the match (the replay log's length)."""
        ...

    def snapshot(self, table: Any) -> dict[str, Any]:
        """What the autosave writes for ``table`` now."""
        ...

    def progress_of(self, state: dict[str, Any]) -> int:
        """``progress`` of the table a saved ``state`` came from."""
        ...

    def align_clock(self, h: Harness, state: dict[str, Any]) -> None:
        """Move a fresh harness's clock so the resumed match keeps the saved game times exactly."""
        ...

    def watch(self, table: Any, sink: Callable[[Any], None]) -> None:
        """Send every batch of the table's events to ``sink``."""
        ...

    def finished(self, table: Any) -> bool: ...

    def next_key(self, table: Any) -> tuple[float, str] | None:
        """The scripted player's next key: (app time, key name), or None while it waits."""
        ...

    def situation(self, table: Any) -> Any:
        """What the player could know now (hands, scores): must match after resuming."""
        ...


T = TypeVar("T", bound=TableScene)


class TableAdapter(Generic[T]):
    """What every ``TableScene``'s adapter shares: a match is named by its seed, its
    snapshot is the envelope of ``core.saving`` (its progress is the engine's log),
    its events come through the table's watchers. A game adds its setups, how a
    match starts, its scripted player and its progress."""

    game_id: str = ""

    def match_id(self, table: T) -> str:
        return str(table.seed)

    def match_id_of(self, state: dict[str, Any]) -> str:
        return str(state["seed"])

    def snapshot(self, table: T) -> dict[str, Any]:
        state: dict[str, Any] = plain(table.match_state())  # as the file holds it
        return state

    def progress_of(self, state: dict[str, Any]) -> int:
        return len(state["engine"]["log"])

    def watch(self, table: T, sink: Callable[[Any], None]) -> None:
        table.watchers.append(sink)

    def finished(self, table: T) -> bool:
        return table.finished


def adapter_for(game_id: str) -> MatchAdapter:
    """The resume checker's adapter of a registered game (``KeyError``: no such game)."""
    from audiogame.devtools.games import hooks
    from audiogame.games import registry

    adapter = hooks(game_id).resume_adapter
    if registry.get(game_id) is None or adapter is None:
        raise KeyError(f"no resume adapter for {game_id!r}")
    made: MatchAdapter = adapter()
    return made


class Stuck(RuntimeError):
    """Nothing scheduled and the player waits: the match cannot go on."""


def drive(
    h: Harness,
    adapter: MatchAdapter,
    stop: Callable[[Any], bool],
    *,
    next_match: bool = False,
    pace: float = 0.0,
    on_step: Callable[[Any], None] | None = None,
) -> Any:
    """Run the loop until ``stop(table)``; returns the table on top at the end.

    ``next_match``: at the end of a match press Enter for the next one (an
    evening of matches). ``pace``: wall seconds slept per step.
    """
    app, clock = h.app, h.clock
    while app.running:
        table = app.top
        if not adapter.is_table(table):
            raise Stuck(f"not at the table: {type(table).__name__}")
        if stop(table):
            return table
        key = adapter.next_key(table)
        if adapter.finished(table):
            if not next_match:
                raise Stuck("the match is over")
            key = (clock.now(), "enter")
        due = app.scheduler.next_time()
        times = [t for t in (due, None if key is None else key[0]) if t is not None]
        if not times:
            raise Stuck("nothing scheduled, nobody to act")
        clock.set(max(clock.now(), min(times)))
        if key is not None and key[0] <= clock.now():
            pygame.event.post(key_event(key[1]))
        app.step()
        h.finish_idle()
        if on_step is not None:
            on_step(app.top)
        if pace:
            time.sleep(pace)
    return app.top


@dataclass
class Run:
    """One match played (or resumed) in a harness, from a point to its end."""

    situation: Any = None
    state: dict[str, Any] | None = None
    events: list[Any] = field(default_factory=list)
    #: ``progress`` after every step that saved the match (its events changed it)
    saves: list[int] = field(default_factory=list)


@dataclass
class Reference:
    """A whole match replayed from its start: its state and events at every step."""

    events: list[Any] = field(default_factory=list)
    #: progress -> (state, situation, how many events had come) after the step
    points: dict[int, tuple[dict[str, Any], Any, int]] = field(default_factory=dict)
    #: progress after every step that saved the match, in order
    saves: list[int] = field(default_factory=list)

    def from_point(self, progress: int) -> Run:
        """The original as seen from ``progress``: its state there, and what followed."""
        if progress not in self.points:
            return Run(events=[])
        state, situation, seen = self.points[progress]
        later = [p for p in self.saves if p > progress]
        return Run(situation, state, self.events[seen:], later)


def _to_the_end(h: Harness, adapter: MatchAdapter, table: Any, run: Run) -> Run:
    adapter.watch(table, run.events.extend)
    seen = [len(run.events)]

    def note(scene: Any) -> None:
        if len(run.events) != seen[0]:
            seen[0] = len(run.events)
            run.saves.append(adapter.progress(scene))

    drive(h, adapter, adapter.finished, on_step=note)
    return run


def record_reference(h: Harness, adapter: MatchAdapter, state: dict[str, Any]) -> Reference:
    """Replay the match ``state`` was saved from, from its start to its end."""
    h.start()
    table = adapter.new_match(h, state, None, None)
    ref = Reference()
    adapter.watch(table, ref.events.extend)
    last = [adapter.progress(table), 0]

    def note(scene: Any) -> None:
        progress = adapter.progress(scene)
        if (progress, len(ref.events)) == tuple(last):
            return
        if len(ref.events) != last[1]:
            ref.saves.append(progress)
        last[:] = [progress, len(ref.events)]
        ref.points[progress] = (adapter.snapshot(scene), adapter.situation(scene), len(ref.events))

    drive(h, adapter, adapter.finished, on_step=note)
    return ref


def reference(h: Harness, adapter: MatchAdapter, state: dict[str, Any]) -> Run:
    """The original match at the point ``state`` was saved, and what followed."""
    return record_reference(h, adapter, state).from_point(adapter.progress_of(state))


def resume_from_menu(h: Harness, adapter: MatchAdapter, state: dict[str, Any]) -> Run:
    """Restart as a player does: the main menu offers the match first; Enter resumes it."""
    h.start()
    menu = h.app.top
    first = menu.item_text(0) if isinstance(menu, MenuScene) else ""
    if h.app.pending_resume is None or h.app.localizer("menu-resume", what="") not in first:
        raise Stuck(f"the main menu does not offer the match: {first!r}")
    adapter.align_clock(h, state)
    h.press("enter")
    table = h.app.top
    if not adapter.is_table(table):
        raise Stuck("Enter did not resume the match")
    run = Run(situation=adapter.situation(table), state=adapter.snapshot(table))
    return _to_the_end(h, adapter, table, run)


@dataclass
class Verdict:
    same_state: bool
    same_situation: bool
    same_events: bool
    events_compared: int

    @property
    def identical(self) -> bool:
        return self.same_state and self.same_situation and self.same_events


def compare(saved: dict[str, Any], original: Run, resumed: Run) -> Verdict:
    """The saved state is the original's at that point, and the resumed match goes on
    event for event as the original did."""
    return Verdict(
        same_state=original.state == saved and resumed.state == saved,
        same_situation=original.situation == resumed.situation,
        same_events=original.events == resumed.events,
        events_compared=len(original.events),
    )
