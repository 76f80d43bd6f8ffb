"""What the online table benchmarks share: one action timed until its events are at
every listener, a run of such actions, and how the timings are told.

Used by ``online_domino.py``, ``server_scale.py`` and ``login_storm.py`` (each reads a
table of ``online_domino.Seat`` connections). Not a benchmark of its own.
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import time
from pathlib import Path
from typing import Any

from audiogame.games import registry
from audiogame.net.protocol import messages as m
from audiogame.net.protocol.game_codec import GameCodec


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def spread(samples: list[float], counted: str = "samples") -> str:
    """Median, p90 and p99 of ``samples`` (milliseconds), and how many ``counted``."""
    return (
        f"median {statistics.median(samples):.2f} ms, p90 {percentile(samples, 0.9):.2f} ms,"
        f" p99 {percentile(samples, 0.99):.2f} ms ({len(samples)} {counted})"
    )


def codec_of(game: str) -> GameCodec:
    spec = registry.get(game)
    if spec is None or spec.wire is None:
        raise SystemExit(f"{game} is not playable online")
    return GameCodec(spec.wire())


def cpu_of(stat: Path) -> float:
    """User + system CPU seconds from a /proc stat file (Linux)."""
    fields = stat.read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def timed_action(
    mover: Any, everyone: list[Any], codec: GameCodec, rng: random.Random
) -> float:
    """``mover`` sends one of its legal actions: the milliseconds until the last of
    ``everyone`` has the frame of its events."""
    before = mover.upto
    t0 = time.perf_counter()
    await mover.send(m.Act(action=codec.encode_action(rng.choice(mover.legal())), ref=1))
    await asyncio.gather(*(s.until(lambda s=s, b=before: s.upto > b) for s in everyone))
    arrived = [min(t for u, t in s.arrived.items() if u > before) for s in everyone]
    return (max(arrived) - t0) * 1000


async def action_latency(
    everyone: list[Any], codec: GameCodec, actions: int, rng: random.Random | None = None
) -> list[float]:
    """``actions`` timed actions at a started table (its 4 players first in ``everyone``);
    a finished match: the first player starts the next."""
    players = everyone[:4]
    rng = rng or random.Random(7)
    samples: list[float] = []
    deadline = time.monotonic() + 300
    while len(samples) < actions and time.monotonic() < deadline:
        await asyncio.gather(*(p.until(lambda p=p: p.view is not None) for p in players))
        if any(p.over for p in players):
            if all(p.over for p in players):  # everyone heard the end: the first starts anew
                await players[0].send(m.Start())
                await players[0].until(lambda: players[0].view is None or not players[0].over)
            else:
                await asyncio.sleep(0.001)  # the end, or the new match, still on its way
            continue
        mover = next((p for p in players if p.legal()), None)
        if mover is None or len({p.upto for p in players}) > 1:
            # the next manche being dealt, or a frame still on its way to some: a seat acting
            # on a view the others have left (a short pause between manches) timed a
            # refusal, and one acting across a new match waited for a count started again
            await asyncio.sleep(0.001)
            continue
        samples.append(await timed_action(mover, everyone, codec, rng))
    return samples
