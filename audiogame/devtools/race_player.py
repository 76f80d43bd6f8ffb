"""Scripted players of a real-time table (Tira & Passa online), for tests and benchmarks.

- ``RaceLoop``: what the app's loop does for a race, without a window: pumps
  sessions, runs the scheduler's calls at their time, sleeps until the next
  one (at most a millisecond), bounded in time.
- ``ScriptedRacer``: a seat played as a person would, through a
  ``RacePresenter``: it hears its dice land *when the presenter plays the
  landing* (at its time on the server's clock), waits its own reaction, and
  presses; every press goes out dated (``RacePresenter.act``). Its pace is the
  game's bot with a person's reaction times (``pace``, ``key_pace``, seconds).
- ``python -m audiogame.devtools.race_player``: one such player as a process of
  its own (or a spectator), creating a table or joining one, writing what it
  heard (per batch, and when each foreseen part was played) to ``--out``.

Loopback only; every loop is bounded in time.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from audiogame.app.clock import RealClock, Scheduler
from audiogame.games import registry
from audiogame.games.base import Decision
from audiogame.games.tirapassa.bots import TiraBot
from audiogame.games.tirapassa.observation import TiraObservation
from audiogame.narration import Join, Message, Phrase
from audiogame.net import messages as m
from audiogame.net.client import GameClient
from audiogame.net.race_presenter import RacePresenter
from audiogame.net.remote_session import RemoteSession


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
        presenter: RacePresenter,
        scheduler: Scheduler,
        *,
        seed: int = 0,
        pace: tuple[float, float] = (0.25, 0.45),
        key_pace: tuple[float, float] = (0.2, 0.35),
    ) -> None:
        self.presenter = presenter
        self.scheduler = scheduler
        self.seed = seed
        self.pace = pace
        self.key_pace = key_pace
        self.pressed = 0
        self._bot: _PersonBot | None = None
        self._handle: Any = None
        self._planned: tuple[float, Any] | None = None
        self._done: set[tuple[float, Any]] = set()
        presenter.on_heard = lambda _e, _v, _f: self.plan()

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
        if decision is None or key in self._done:
            return
        clock = self.presenter.clock
        if clock is None:
            return
        local = self.presenter.client.sync.client_time(decision.at + clock.origin)
        when = self.scheduler.clock.now() + (local - time.monotonic())
        self._handle = self.scheduler.call_at(when, self._press, key)

    def _decide(self) -> Decision | None:
        view = self.presenter.view
        seat = self.presenter.client.seat
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
        self.presenter.act(key[1])


# -- a player as a process of its own ---------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="race_player")
    parser.add_argument("--url", required=True)
    parser.add_argument("--name", required=True)
    parser.add_argument("--create", help="a game id: create a table of it")
    parser.add_argument("--config", default="{}", help="the table's configuration (JSON)")
    parser.add_argument("--bots", default="", help="seat:level,... bots the master adds")
    parser.add_argument("--join-file", type=Path, help="the table id is (or will be) here")
    parser.add_argument("--spectator", action="store_true")
    parser.add_argument("--humans", type=int, default=1, help="seated humans to wait for")
    parser.add_argument("--watchers", type=int, default=0, help="spectators to wait for")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--pace", default="0.25,0.45", help="reaction after a landing (s)")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--timeout", type=float, default=180.0)
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    loop = RaceLoop()
    client = GameClient(args.url, args.name)
    session = RemoteSession(client)
    loop.sessions.append(session)
    spec = None
    presenter: RacePresenter | None = None
    racer: ScriptedRacer | None = None
    said: list[Message] = []
    over: list[m.MatchOver] = []
    session.on_over = over.append
    links: list[str] = []
    trace: list[str] = []
    polled = client.poll

    def poll() -> list[Any]:
        items = polled()
        for item in items:
            trace.append(f"{type(item).__name__}:{getattr(item, 'upto', '')}")
        return items

    client.poll = poll  # type: ignore[method-assign]
    session.on_link = lambda news: links.append(type(news).__name__)
    lo, hi = (float(x) for x in args.pace.split(","))
    deadline = time.monotonic() + args.timeout
    client.start()

    def bot_name(seat: int, level: str) -> str:
        return f"Bot {seat + 1}"

    def attach(table: m.TableInfo, _you: int | None) -> None:
        """At the first news of the table, before any of its batches is delivered."""
        nonlocal spec, presenter, racer
        if presenter is not None:
            return
        spec = registry.get(table.game)
        assert spec is not None
        presenter = RacePresenter(
            session, loop.scheduler, spec, lambda: session.names(bot_name), said.extend
        )
        if not args.spectator:
            racer = ScriptedRacer(presenter, loop.scheduler, seed=args.seed, pace=(lo, hi))
            loop.each.append(racer.plan)

    session.on_table = attach
    try:
        loop.run_until(lambda: bool(client.player), deadline - time.monotonic())
        _sit(args, client, loop, deadline)
        loop.run_until(lambda: bool(over), max(1.0, deadline - time.monotonic()))
    finally:
        client.close()
    assert presenter is not None
    result = {
        "seat": client.seat,
        "heard": [_heard(h) for h in presenter.heard],
        "mistakes": len(presenter.mistakes),
        "on_time": presenter.on_time,
        "pressed": 0 if racer is None else racer.pressed,
        "steps": loop.steps,
        "over": json.loads(m.encode(over[0])) if over else None,
        "names": session.names(bot_name),
        "links": links,
        "trace": trace[:60],
        "estimate": None if client.clock_estimate() is None else list(_estimate(client)),
    }
    args.out.write_text(json.dumps(result), encoding="utf-8")
    return 0


def _estimate(client: GameClient) -> tuple[float, float, float]:
    found = client.clock_estimate()
    assert found is not None
    return found.offset, found.error, found.median_rtt


def _heard(heard: Any) -> list[Any]:
    return [heard.upto, heard.at, heard.how, [message_data(msg) for msg in heard.messages]]


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


def _sit(args: argparse.Namespace, client: GameClient, loop: RaceLoop, deadline: float) -> None:
    left = lambda: max(1.0, deadline - time.monotonic())  # noqa: E731
    if args.create:
        client.send(m.CreateTable(game=args.create, config=json.loads(args.config)))
        loop.run_until(lambda: client.table is not None, left())
        assert client.table is not None
        for item in filter(None, args.bots.split(",")):
            seat, level = item.split(":")
            client.send(m.SetBot(seat=int(seat), level=level))
        if args.join_file is not None:
            args.join_file.write_text(client.table.id, encoding="ascii")

        def ready() -> bool:
            table = client.table
            return (
                table is not None
                and all(s.kind is not m.SeatKind.EMPTY for s in table.seats)
                and table.spectators >= args.watchers
            )

        loop.run_until(ready, left())
        time.sleep(0.5)  # a few clock pings and round trips measured
        client.send(m.Start())
        return
    assert args.join_file is not None
    join_file = args.join_file
    loop.run_until(lambda: join_file.is_file() and bool(join_file.read_text()), left())
    table_id = join_file.read_text(encoding="ascii").strip()
    client.send(m.JoinTable(table=table_id, spectator=args.spectator))
    loop.run_until(lambda: client.table is not None, left())


if __name__ == "__main__":
    sys.exit(main())
