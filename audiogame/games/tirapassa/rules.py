"""The rules as pure functions: where a die may go, who sits where, who wins.

Seats go round the table clockwise, so a player's left neighbour is the next
seat (``seat + 1``) and the right neighbour the previous one; with two players
both sides are the other player.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from audiogame.games.tirapassa.coasters import Coaster
from audiogame.games.tirapassa.options import Variant
from audiogame.games.tirapassa.symbols import Symbol

DICE_PER_PLAYER = 3
COASTERS_TO_WIN = 3
CALM_ROLLS = 3


class Destination(StrEnum):
    """Where a die can be sent. LEFT and RIGHT are also the sides of a pass."""

    TRAY = "tray"
    LEFT = "left"
    RIGHT = "right"


OPPOSITE: dict[Destination, Destination] = {
    Destination.LEFT: Destination.RIGHT,
    Destination.RIGHT: Destination.LEFT,
    Destination.TRAY: Destination.TRAY,
}


class EndReason(StrEnum):
    THREE_COASTERS = "three-coasters"
    PILE_EXHAUSTED = "pile-exhausted"


def neighbour(seat: int, side: Destination, players: int) -> int:
    """The seat on ``side`` (LEFT or RIGHT) of ``seat``."""
    step = 1 if side is Destination.LEFT else -1
    return (seat + step) % players


def destination_for(face: Symbol, coaster: Coaster | None, supreme: Symbol) -> Destination | None:
    """Where a die showing ``face`` goes, or None when it stays in hand.

    The supreme symbol wins over the coaster: it always goes to the tray. A
    coaster's two symbols differ, so a die never has two destinations.
    """
    if face is supreme:
        return Destination.TRAY
    if coaster is None:
        return None
    if face is coaster.left:
        return Destination.LEFT
    if face is coaster.right:
        return Destination.RIGHT
    return None


def calm_destination(face: Symbol, supreme: Symbol) -> Destination | None:
    """In the three calm rolls only the supreme symbol counts."""
    return Destination.TRAY if face is supreme else None


def game_winners(
    won: Sequence[int], variant: Variant, short_of_coasters: bool
) -> tuple[tuple[int, ...], EndReason] | None:
    """Who wins after a round, and why; None while the game goes on.

    ``short_of_coasters``: a round winner could not draw a new coaster. In the
    standard game the first to three wins (all who reach it together share);
    in the variant, and whenever the pile runs dry, the most coasters win
    ([ruling] the variant ends after the round in which a winner cannot draw).
    """
    if variant is Variant.FIRST_TO_THREE:
        three = tuple(seat for seat, count in enumerate(won) if count >= COASTERS_TO_WIN)
        if three:
            return three, EndReason.THREE_COASTERS
    if not short_of_coasters:
        return None
    best = max(won)
    return tuple(seat for seat, count in enumerate(won) if count == best), EndReason.PILE_EXHAUSTED
