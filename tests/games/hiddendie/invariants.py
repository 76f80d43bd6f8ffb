"""What must hold after every step (the conformance suite checks it; empty: all hold)."""

from __future__ import annotations

from .engine import FACES, HiddenDie
from .observation import Phase


def check(game: HiddenDie) -> list[str]:
    broken: list[str] = []
    n = game.seats
    scores, values, decided = game.scores, game.values, game.decided
    if len(scores) != n or min(scores) < 0:
        broken.append(f"scores {scores}")
    if sum(scores) < game.round - 1 or sum(scores) > n * game.round:
        broken.append(f"{sum(scores)} points after {game.round} rounds")
    if game.phase is Phase.DECIDING:
        if not all(1 <= v <= FACES for v in values):
            broken.append(f"a die shows {values}")
        if game.turn is None or decided[game.turn]:
            broken.append(f"turn {game.turn} with decided {decided}")
    elif game.turn is not None or any(values):
        broken.append(f"{game.phase}: turn {game.turn}, dice {values}")
    over = game.phase is Phase.OVER
    if over != (max(scores) >= game.config.target):
        broken.append(f"{game.phase} with scores {scores}")
    if over and game.next_deadline() is not None:
        broken.append("a deadline after the end")
    return broken
