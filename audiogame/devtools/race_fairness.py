"""Who wins the races when two equal players sit on unequal lines (issue 15's fairness).

``fair_share(port, ...)``: several two-seat tables on one server, each raced by
two ``ScriptedRacer`` clients of the same pace: one through a fast line
(``fast``, per direction), one through a slow one (``slow``), each line a
``DelayProxy`` on loopback; which seat is slow alternates from table to table.
The masters start a new game whenever one ends, until at least ``races`` rounds
were played; every round's winners are then read from the games' own logs
(revealed at their end, replayed offline), so the count is the server's word.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from audiogame.devtools.delay_proxy import Delay, DelayProxy
from audiogame.devtools.race_player import RaceLoop, ScriptedRacer
from audiogame.games import registry
from audiogame.games.tirapassa.events import RoundEnded
from audiogame.net.client.game_client import GameClient
from audiogame.net.client.race_seat import RaceSeat
from audiogame.net.client.remote_session import RemoteSession
from audiogame.net.protocol import messages as m
from audiogame.net.protocol.game_codec import GameCodec
from audiogame.net.protocol.match_log import entries_from_lists, replay

CONFIG = {
    "players": 2,
    "speed": "fast",
    "variant": "first-to-three",
    "timing": {
        "signal_delay": 0.3,
        "race_delay": 0.3,
        "calm_auto_delay": 0.1,
        "between_rounds": 0.3,
    },
}


@dataclass
class Shares:
    rounds: int = 0
    fast: int = 0  # rounds the player on the fast line won (a shared round counts for both)
    slow: int = 0
    games: int = 0
    mistakes: int = 0
    rtt: dict[str, list[float]] = field(default_factory=lambda: {"fast": [], "slow": []})

    @property
    def slow_share(self) -> float:
        won = self.fast + self.slow
        return self.slow / won if won else 0.0

    def margin(self, z: float = 1.96) -> float:
        """The confidence interval's half width around a fair 0.5 (``z`` 1.96: 95 %;
        3.29: 99.9 %)."""
        won = self.fast + self.slow
        return z * math.sqrt(0.25 / won) if won else 1.0


@dataclass
class _Seat:
    client: GameClient
    session: RemoteSession
    seat: RaceSeat | None = None
    racer: ScriptedRacer | None = None
    line: str = "fast"


def fair_share(
    port: int,
    *,
    tables: int = 12,
    races: int = 300,
    fast: Delay = (0.005, 0.0),
    slow: Delay = (0.075, 0.0),
    pace: tuple[float, float] = (0.25, 0.45),
    timeout: float = 900.0,
) -> Shares:
    spec = registry.get("tira")
    assert spec is not None and spec.wire is not None
    codec = GameCodec(spec.wire())
    lines = {
        "fast": DelayProxy(port, up=fast, down=fast, seed=1).start(),
        "slow": DelayProxy(port, up=slow, down=slow, seed=2).start(),
    }
    loop = RaceLoop()
    seats: list[list[_Seat]] = []
    overs: list[tuple[int, m.MatchOver]] = []
    shares = Shares()
    try:
        for table in range(tables):
            pair = []
            for index in range(2):
                line = "slow" if index == table % 2 else "fast"
                client = GameClient(lines[line].url, f"P{table}x{index}")
                session = RemoteSession(client)
                loop.sessions.append(session)
                seat = _Seat(client, session, line=line)
                _attach(seat, loop, spec, seed=1000 * table + index, pace=pace)
                if index == 0:
                    session.on_over = partial(_game_over, overs, table)
                client.start()
                pair.append(seat)
            seats.append(pair)
        deadline = time.monotonic() + timeout
        for pair in seats:
            loop.run_until(partial(_welcomed, pair), 30)
            master, other = pair
            master.session.send(m.CreateTable(game="tira", config=CONFIG))
            loop.run_until(partial(_seated, master), 30)
            assert master.client.table is not None
            other.session.send(m.JoinTable(table=master.client.table.id))
        time.sleep(1.0)  # round trips measured: each player's bound is its line's
        for pair in seats:
            pair[0].session.send(m.Start())
        counted = 0
        while shares.rounds < races:
            loop.run_until(partial(_more, overs, counted), max(1.0, deadline - time.monotonic()))
            table, over = overs[counted]
            counted += 1
            _count(shares, seats[table], over, spec, codec)
            seats[table][0].session.send(m.Start())  # the next game at this table
        for pair in seats:
            for seat in pair:
                assert seat.seat is not None
                shares.mistakes += len(seat.seat.mistakes)
                estimate = seat.client.clock_estimate()
                if estimate is not None:
                    shares.rtt[seat.line].append(estimate.median_rtt)
    finally:
        for pair in seats:
            for seat in pair:
                seat.client.close(0.5)
        for proxy in lines.values():
            proxy.stop()
    return shares


def _game_over(overs: list[tuple[int, m.MatchOver]], table: int, over: m.MatchOver) -> None:
    overs.append((table, over))


def _welcomed(pair: list[_Seat]) -> bool:
    return all(seat.client.player for seat in pair)


def _seated(seat: _Seat) -> bool:
    return seat.client.table is not None


def _more(overs: list[Any], seen: int) -> bool:
    return len(overs) > seen


def _attach(seat: _Seat, loop: RaceLoop, spec: Any, seed: int, pace: tuple[float, float]) -> None:
    def attach(table: m.TableInfo, _you: int | None) -> None:
        if seat.seat is None:
            seat.seat = RaceSeat(seat.session, loop.scheduler, spec, pump_every=None)
            seat.seat.start()
            seat.racer = ScriptedRacer(seat.seat, loop.scheduler, seed=seed, pace=pace)
            loop.each.append(seat.racer.plan)

    seat.session.on_table = attach


def _count(shares: Shares, pair: list[_Seat], over: m.MatchOver, spec: Any, codec: Any) -> None:
    log = entries_from_lists(over.log)
    replayed = replay(spec, codec, over.config, over.seed, over.start, log)
    shares.games += 1
    line = {index: seat.line for index, seat in enumerate(pair)}
    for event in replayed.events:
        if isinstance(event, RoundEnded):
            shares.rounds += 1
            for winner in event.winners:
                if line[winner] == "fast":
                    shares.fast += 1
                else:
                    shares.slow += 1
