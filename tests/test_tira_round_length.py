"""Round length: mean throws until the first Stop, by player count.

Three figures must agree: the engine played by instant players (everybody
throws the moment their dice land, so throws are simultaneous), an independent
Monte Carlo model of the rule written here from the spec, and the figures
documented in docs/tira-engine.md.
"""

from __future__ import annotations

import random
import re
import statistics
from pathlib import Path

import pytest

from audiogame.games.tirapassa import (
    EDITION_COASTERS,
    SYMBOLS,
    RoundEnded,
    StopCalled,
    Thrown,
    TiraConfig,
    TiraGame,
)
from audiogame.games.tirapassa.simulate import play_instantly

DOC = Path(__file__).resolve().parent.parent / "docs" / "tira-engine.md"
ENGINE_ROUNDS = 300
MODEL_ROUNDS = 6000


def model_round(players: int, rng: random.Random) -> int:
    """One race as the spec tells it, all players throwing together; returns throws."""
    coasters = rng.sample(EDITION_COASTERS, players)
    supreme = rng.choice(SYMBOLS)
    dice = [3] * players
    throws = 0
    while True:
        throws += 1
        arriving = [0] * players
        for seat in range(players):
            kept = 0
            for _ in range(dice[seat]):
                face = rng.choice(SYMBOLS)
                if face == supreme:
                    continue
                if face == coasters[seat].left:
                    arriving[(seat + 1) % players] += 1
                elif face == coasters[seat].right:
                    arriving[(seat - 1) % players] += 1
                else:
                    kept += 1
            dice[seat] = kept
        dice = [d + a for d, a in zip(dice, arriving, strict=True)]
        if 0 in dice:
            return throws


def engine_round(players: int, seed: int) -> int:
    """Throws the first Stop caller made in the first round of a fresh game."""
    events = play_instantly(TiraGame(TiraConfig(players=players), seed), max_rounds=1)
    stop = next(e for e in events if isinstance(e, StopCalled))
    assert any(isinstance(e, RoundEnded) for e in events)
    return sum(
        1
        for e in events
        if isinstance(e, Thrown) and e.seat == stop.seat and e.calm_roll == 0 and e.time < stop.time
    )


def documented() -> dict[int, tuple[float, float]]:
    """{players: (mean, standard error)} from the table in docs/tira-engine.md."""
    rows = re.findall(r"^\|\s*(\d)\s*\|\s*([\d.]+)\s*\|\s*([\d.]+)\s*\|", DOC.read_text(), re.M)
    return {int(p): (float(mean), float(se)) for p, mean, se in rows}


def mean_and_se(samples: list[int]) -> tuple[float, float]:
    return statistics.fmean(samples), statistics.stdev(samples) / len(samples) ** 0.5


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_engine_model_and_docs_agree(players: int) -> None:
    doc_mean, doc_se = documented()[players]
    rng = random.Random(f"model-{players}")
    model_mean, model_se = mean_and_se([model_round(players, rng) for _ in range(MODEL_ROUNDS)])
    engine_mean, engine_se = mean_and_se(
        [engine_round(players, 10_000 * players + i) for i in range(ENGINE_ROUNDS)]
    )
    # Four standard errors: a real disagreement (a rule wrong by one die) is far bigger.
    assert abs(model_mean - doc_mean) < 4 * (model_se + doc_se)
    assert abs(engine_mean - doc_mean) < 4 * (engine_se + doc_se)
    assert abs(engine_mean - model_mean) < 4 * (engine_se + model_se)


def test_documented_table_covers_every_player_count() -> None:
    assert sorted(documented()) == [2, 3, 4, 5, 6]
