"""Scripted players of a real-time table (Tira & Passa online), for tests and benchmarks.

- ``RaceLoop``: what the app's loop does for a race, without a window: pumps
  sessions, runs the scheduler's calls at their time, sleeps until the next
  one (at most a millisecond), bounded in time.
- ``ScriptedRacer``: a seat played as a person would, through a ``RaceSeat``:
  it hears its dice land *when the seat delivers the landing* (at its time on
  the server's clock), waits its own reaction, and presses; every press goes
  out dated (``RaceSeat.act``). Its pace is the game's bot with a person's
  reaction times (``pace``, ``key_pace``, seconds).
- ``python -m audiogame.devtools.race_player``: one such player as a process of
  its own (or a spectator), creating a table or joining one, writing what it
  heard (per batch, and when each foreseen part was played) to ``--out``.

Loopback only; every loop is bounded in time.
"""

from __future__ import annotations

import argparse
import faulthandler
import json
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from audiogame.core.clock import RealClock, Scheduler
from audiogame.core.contract import Decision
from audiogame.core.narration import Join, Message, Phrase
from audiogame.devtools.player_process import apply_keepalive, player_arguments, take_place
from audiogame.devtools.race_scene import Narrator
from audiogame.games import registry
from audiogame.games.tirapassa.actions import Throw
from audiogame.games.tirapassa.bots import TiraBot
from audiogame.games.tirapassa.events import Landed, Thrown
from audiogame.games.tirapassa.observation import TiraObservation
from audiogame.net.client.game_client import Ahead, Batch, GameClient, Resync
from audiogame.net.client.race_seat import RaceSeat
from audiogame.net.client.remote_session import RemoteSession
from audiogame.net.protocol import messages as m

#: how long a player waits at its end for its network thread to finish: a thread still
#: running while the process is torn down can crash it under Wine. Only a bound: the
#: thread ends as soon as its connection has closed
EXIT_WAIT = 30.0


class RaceLoop:
    """Sessions pumped and calls run at their time on one real clock."""

    def __init__(self) -> None:
        self.clock = RealClock()
        self.scheduler = Scheduler(self.clock)
        self.sessions: list[RemoteSession] = []
        self.each: list[Callable[[], None]] = []
        #: seconds each step took (pumping and the calls due), for frame figures
        self.steps: list[float] = []

    def step(self) -> None:
        began = time.perf_counter()
        for session in self.sessions:
            session.pump()
        self.scheduler.run_due()
        for call in self.each:
            call()
        self.steps.append(time.perf_counter() - began)

    def run_until(self, done: Callable[[], bool], timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while not done():
            if time.monotonic() > deadline:
                raise TimeoutError("the race did not get there in time")
            self.step()
            due = self.scheduler.next_time()
            wait = 0.001 if due is None else min(0.001, max(0.0, due - self.clock.now()))
            if wait > 0:
                time.sleep(wait)


class _PersonBot(TiraBot):
    """The game's bot at a person's pace: a reaction after each landing (assisted),
    a key after each move (by hand)."""

    def __init__(
        self, seat: int, seed: int, pace: tuple[float, float], key_pace: tuple[float, float]
    ) -> None:
        super().__init__(seat, "normal", seed)
        self.pace = pace
        self.key_pace = key_pace

    def _reaction(self, obs: TiraObservation, since: float) -> float:
        return self._delay("react", since, self.pace)

    def _key(self, since: float) -> float:
        return self._delay("key", since, self.key_pace)


class ScriptedRacer:
    def __init__(
        self,
        seat: RaceSeat,
        scheduler: Any,
        *,
        seed: int = 0,
        pace: tuple[float, float] = (0.25, 0.45),
        key_pace: tuple[float, float] = (0.2, 0.35),
    ) -> None:
        self.seat = seat
        self.scheduler = scheduler
        self.seed = seed
        self.pace = pace
        self.key_pace = key_pace
        self.pressed = 0
        #: (game time the press was dated, this machine's monotonic clock) of each Throw
        self.throws: list[tuple[float, float]] = []
        self._bot: _PersonBot | None = None
        self._handle: Any = None
        self._planned: tuple[float, Any] | None = None
        self._done: set[tuple[float, Any]] = set()
        seat.on_part = lambda _e, _v, _f: self.plan()

    def plan(self) -> None:
        """What to press next, and when (after each part heard, and on each step)."""
        decision = self._decide()
        key = None if decision is None else (decision.at, decision.action)
        if key == self._planned:
            return
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        self._planned = key
        if decision is None or key in self._done or self.seat.clock is None:
            return
        self._handle = self.scheduler.call_at(self.seat.local_time(decision.at), self._press, key)

    def _decide(self) -> Decision | None:
        view = self.seat.view()
        seat = self.seat.seat
        if not isinstance(view, TiraObservation) or seat is None or view.seat != seat:
            return None
        if self._bot is None or self._bot.seat != seat:
            self._bot = _PersonBot(seat, self.seed, self.pace, self.key_pace)
        decision = self._bot.decide(view)
        return decision if isinstance(decision, Decision) else None

    def _press(self, key: tuple[float, Any]) -> None:
        self._handle = None
        self._planned = None
        if key in self._done:
            return
        self._done.add(key)
        self.pressed += 1
        dated = self.seat.game_now()
        if isinstance(key[1], Throw) and dated is not None:
            self.throws.append((dated, time.monotonic()))
        self.seat.act(key[1])


# -- a player as a process of its own ---------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = player_arguments("race_player", timeout=180.0)
    parser.add_argument("--humans", type=int, default=1, help="seated humans to wait for")
    parser.add_argument("--watchers", type=int, default=0, help="spectators to wait for")
    parser.add_argument("--pace", default="0.25,0.45", help="reaction after a landing (s)")
    parser.add_argument("--app", action="store_true", help="through the real app loop")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    # a crash (an access violation under Wine) prints every thread's Python stack
    faulthandler.enable()
    args = parse_args(argv)
    apply_keepalive(args)
    lo, hi = (float(x) for x in args.pace.split(","))
    if args.app:
        record = _play_in_app(args, (lo, hi))
    else:
        record = _play(args, (lo, hi))
    args.out.write_text(json.dumps(record), encoding="utf-8")
    # a thread still running while the process is torn down can crash it under Wine:
    # the game leaves none (test_exit_and_copies), and neither may its scripted players
    left = [t.name for t in threading.enumerate() if t is not threading.main_thread()]
    if left:
        print(f"{args.name}: threads still running at exit: {left}", file=sys.stderr)
        return 1
    return 0


class _Record:
    """What a player process notes besides what its seat heard: when each landing
    ahead first arrived (this machine's monotonic clock), which parts were landings, and
    when the frame of each throw arrived ("seat at game time": monotonic clock)."""

    def __init__(self, session: RemoteSession) -> None:
        self.session = session
        self.foreseen: dict[float, float] = {}
        self.landings: set[float] = set()
        self.thrown: dict[str, float] = {}
        self.links: list[str] = []
        self.over: list[m.MatchOver] = []
        session.on_over = self.over.append
        session.on_link = lambda news: self.links.append(type(news).__name__)

    def watch(self, seat: RaceSeat, racer: ScriptedRacer | None) -> None:
        """Wrap the seat's hooks (it set them on the session)."""
        batch, resync = self.session.on_batch_item, self.session.on_resync_item
        assert batch is not None and resync is not None

        def on_batch(item: Batch) -> None:
            self._ahead(item.ahead)
            now = time.monotonic()
            for event in item.events:
                if isinstance(event, Thrown):
                    self.thrown.setdefault(f"{event.seat} {event.time:.6f}", now)
            batch(item)

        def on_resync(item: Resync) -> None:
            self._ahead(item.ahead)
            resync(item)

        self.session.on_batch_item = on_batch
        self.session.on_resync_item = on_resync

        def heard(events: Sequence[Any], view: Any, foreseen: bool) -> None:
            if foreseen and any(isinstance(e, Landed) for e in events):
                self.landings.add(events[0].time)
            if racer is not None:
                racer.plan()

        seat.on_part = heard

    def _ahead(self, ahead: Sequence[Ahead] | None) -> None:
        now = time.monotonic()
        for item in ahead or ():
            self.foreseen.setdefault(item.at, now)

    def result(
        self, client: GameClient, seat: RaceSeat | None, racer: ScriptedRacer | None
    ) -> dict[str, Any]:
        assert seat is not None
        clock = seat.clock
        spec = registry.get("tira") if client.table is None else registry.get(client.table.game)
        assert spec is not None and spec.narrate is not None
        names = self.session.names(bot_name)
        heard = [
            [
                part.upto,
                part.at,
                part.how,
                message_data(spec.narrate(part.events, part.view, names)),
            ]
            for part in seat.parts
        ]
        return {
            "seat": client.seat,
            "heard": heard,
            "mistakes": len(seat.mistakes),
            "on_time": seat.on_time,
            "landings": sorted(self.landings),
            "foreseen": sorted(self.foreseen.items()),
            "origin": None if clock is None else clock.origin,
            "hold": None if clock is None else clock.hold,
            "pressed": 0 if racer is None else racer.pressed,
            "throws": [] if racer is None else racer.throws,
            "thrown": self.thrown,
            "over": json.loads(m.encode(self.over[0])) if self.over else None,
            "names": self.session.names(bot_name),
            "links": self.links,
            "estimate": None if client.clock_estimate() is None else list(_estimate(client)),
        }


def bot_name(seat: int, level: str) -> str:
    return f"Bot {seat + 1}"


def _play(args: argparse.Namespace, pace: tuple[float, float]) -> dict[str, Any]:
    """The player on a ``RaceLoop`` (no window)."""
    loop = RaceLoop()
    client = GameClient(args.url, args.name)
    session = RemoteSession(client)
    loop.sessions.append(session)
    record = _Record(session)
    seat: RaceSeat | None = None
    racer: ScriptedRacer | None = None
    said: list[Message] = []
    deadline = time.monotonic() + args.timeout

    def attach(table: m.TableInfo, _you: int | None) -> None:
        """At the first news of the table, before any of its batches is delivered."""
        nonlocal seat, racer
        if seat is not None:
            return
        spec = registry.get(table.game)
        assert spec is not None
        seat = RaceSeat(session, loop.scheduler, spec, pump_every=None)
        Narrator(seat, spec, lambda: session.names(bot_name), said.extend)
        if not args.spectator:
            racer = ScriptedRacer(seat, loop.scheduler, seed=args.seed, pace=pace)
            loop.each.append(racer.plan)
        record.watch(seat, racer)

    session.on_table = attach
    client.start()
    try:
        loop.run_until(lambda: bool(client.player), deadline - time.monotonic())
        take_place(
            args,
            client,
            lambda done: loop.run_until(done, max(1.0, deadline - time.monotonic())),
            also_ready=lambda table: table.spectators >= args.watchers,
            before_start=lambda: time.sleep(0.5),  # a few clock pings and round trips measured
        )
        loop.run_until(lambda: bool(record.over), max(1.0, deadline - time.monotonic()))
    except TimeoutError:
        # what this player knew when it gave up: the test shows it beside the failure
        print(f"{args.name}: {record.links} {client.table!r}", file=sys.stderr)
        raise
    finally:
        client.close(EXIT_WAIT)
    return {**record.result(client, seat, racer), "frames": loop.steps}


def _play_in_app(args: argparse.Namespace, pace: tuple[float, float]) -> dict[str, Any]:
    """The player through the real app loop (SDL dummy, the recording speaker, the real
    clock), its race screen a ``RaceScene``: its frames are timed."""
    import tempfile

    import pygame

    from audiogame.core.clock import RealClock
    from audiogame.devtools.harness import Harness
    from audiogame.devtools.race_scene import RaceScene

    with tempfile.TemporaryDirectory() as folder:
        harness = Harness(Path(folder), lang="en")
        app = harness.app
        app.clock = RealClock()
        app.scheduler.clock = app.clock
        bots = {}
        for item in filter(None, args.bots.split(",")):
            seat, level = item.split(":")
            bots[int(seat)] = level
        join_file = args.join_file

        def join() -> str | None:
            if join_file is None or not join_file.is_file():
                return None
            return join_file.read_text(encoding="ascii").strip() or None

        config = json.loads(args.config) if args.create else None
        scene = RaceScene(
            app,
            args.url,
            args.name,
            create=config,
            bots=bots,
            humans=args.humans,
            join=None if args.create else join,
        )
        record = _Record(scene.session)

        def over(found: m.MatchOver) -> None:
            record.over.append(found)
            app.quit()

        scene.session.on_over = over
        racer = ScriptedRacer(scene.seat, app.scheduler, seed=args.seed, pace=pace)
        record.watch(scene.seat, racer)
        frames: list[float] = []
        tick = app.tick

        def timed_tick() -> None:
            began = time.perf_counter()
            tick()
            frames.append(time.perf_counter() - began)
            if args.create and join_file is not None and scene.client.table is not None:
                if not join_file.is_file():
                    join_file.write_text(scene.client.table.id, encoding="ascii")
            racer.plan()

        app.tick = timed_tick  # type: ignore[method-assign]
        app.scheduler.call_later(args.timeout, app.quit)
        try:
            harness.start(scene)
            app.run()
        finally:
            app.pop(scene)
            scene.client.close(EXIT_WAIT)
            harness.close()
            # SDL ends here, as at the game's exit (cli.py): under Wine this process once
            # died at exit (its record written, exit status not 0) with SDL still up, the
            # kind of teardown that ended the four-process match's players there
            pygame.quit()
        return {**record.result(scene.client, scene.seat, racer), "frames": frames}


def _estimate(client: GameClient) -> tuple[float, float, float]:
    found = client.clock_estimate()
    assert found is not None
    return found.offset, found.error, found.median_rtt


def message_data(value: Any) -> Any:
    """A message (its phrases, lists, arguments) as plain JSON data, to compare what two
    processes heard."""
    if isinstance(value, Message):
        data = {f: message_data(getattr(value, f)) for f in value.__dataclass_fields__}
        return {"type": type(value).__name__, **data}
    if isinstance(value, Phrase):
        return {"phrase": value.msg_id, "args": message_data(value.args)}
    if isinstance(value, Join):
        return {"join": [message_data(part) for part in value.parts]}
    if isinstance(value, Mapping):
        return {str(k): message_data(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [message_data(v) for v in value]
    return value


if __name__ == "__main__":
    sys.exit(main())
