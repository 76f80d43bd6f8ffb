"""What must hold after every step (the conformance suite checks it; empty: all hold)."""

from __future__ import annotations

from .engine import FACES, ShowFold
from .observation import Phase


def check(game: ShowFold) -> list[str]:
    broken: list[str] = []
    n = game.seats
    scores, values, choices = game.scores, game.values, game.choices
    if len(scores) != n or min(scores) < 0:
        broken.append(f"scores {scores}")
    if sum(scores) > n * game.round:
        broken.append(f"{sum(scores)} points after {game.round} rounds")
    if game.phase is Phase.CHOOSING:
        if not all(1 <= v <= FACES for v in values):
            broken.append(f"a die shows {values}")
        if all(c is not None for c in choices):
            broken.append(f"everybody chose and the round is not revealed: {choices}")
    elif any(values):
        broken.append(f"{game.phase}: dice {values}")
    over = game.phase is Phase.OVER
    if over != (max(scores) >= game.config.target):
        broken.append(f"{game.phase} with scores {scores}")
    if over and game.next_deadline() is not None:
        broken.append("a deadline after the end")
    return broken
