"""What must hold of a Tira & Passa game at every instant, whatever the players did.

``check(game) -> list[str]``: the invariants the game breaks now (empty when
all hold). It reads only the engine's public queries (``dice_places``,
``observation`` of every seat and of a spectator), so the fuzzer can call it
after every key and the property tests after every engine step. Every seat
must see the same table as a spectator, its own timing aside: nothing on the
table is anyone's secret.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from audiogame.games.tirapassa.coasters import EDITION_COASTERS
from audiogame.games.tirapassa.engine import TiraGame
from audiogame.games.tirapassa.observation import Phase, TiraObservation
from audiogame.games.tirapassa.options import Variant
from audiogame.games.tirapassa.rules import DICE_PER_PLAYER

#: the most coasters anyone can hold when the game stops at three
THREE = 3
#: phases in which the big die has been rolled
WITH_SUPREME = frozenset({Phase.RACING, Phase.FREEZING, Phase.CALM})


def check(game: TiraGame) -> list[str]:
    """Every invariant ``game`` violates now, each as a short sentence."""
    problems = _dice(game)
    table = game.observation(None)
    for seat in range(game.config.players):
        obs = game.observation(seat)
        problems += _seat(obs, seat)
        if _public(obs) != table:
            problems.append(f"seat {seat} sees another table than a spectator does")
    problems += _table(game, table)
    return problems


def _public(obs: TiraObservation) -> TiraObservation:
    """A seat's view without its own timing: the table as a spectator sees it."""
    return replace(
        obs,
        seat=None,
        in_the_air=0,
        lands_at=None,
        idle_since=None,
        last_move_at=None,
        calm_rolls_left=0,
    )


def _dice(game: TiraGame) -> list[str]:
    places = game.dice_places()
    expected = DICE_PER_PLAYER * game.config.players
    problems = [f"negative dice in {where}" for where, n in places.items() if n < 0]
    if sum(places.values()) != expected:
        problems.append(f"{sum(places.values())} dice somewhere, expected {expected}")
    return problems


def _seat(obs: TiraObservation, seat: int) -> list[str]:
    problems = []
    if obs.seat != seat:
        problems.append(f"seat {seat} is shown the view of seat {obs.seat}")
    if min(obs.dice_counts) < 0 or min(obs.waiting_counts) < 0:
        problems.append(f"seat {seat} sees a negative count")
    if obs.my_dice != len(obs.hand) + obs.in_the_air + obs.waiting:
        problems.append(f"seat {seat}: hand, air and coaster do not add up")
    if (obs.in_the_air > 0) != (obs.lands_at is not None):
        problems.append(f"seat {seat}: dice in the air and their landing time disagree")
    for other, stopped in enumerate(obs.stopped):
        if stopped and (obs.dice_counts[other] or obs.waiting_counts[other]):
            problems.append(f"seat {other} called Stop with dice left or on its coaster")
    return problems


TableRule = Callable[[TiraGame, TiraObservation], str | None]


def _tray_adds_up(game: TiraGame, obs: TiraObservation) -> str | None:
    total = sum(obs.dice_counts) + obs.tray
    expected = DICE_PER_PLAYER * game.config.players
    return None if total == expected else f"players' dice and tray make {total}, not {expected}"


def _coasters_once(_game: TiraGame, obs: TiraObservation) -> str | None:
    in_front = [c for c in obs.coasters if c is not None]
    won = [c for pile in obs.won for c in pile]
    if len(set(in_front + won)) != len(in_front) + len(won):
        return "a coaster is in two places"
    if len(in_front) + len(won) + obs.pile_size != len(EDITION_COASTERS):
        return "coasters in front, won and in the pile do not make the edition"
    return None


def _three_at_most(game: TiraGame, obs: TiraObservation) -> str | None:
    if game.config.variant is Variant.FIRST_TO_THREE and max(obs.won_counts) > THREE:
        return "someone holds more than three coasters in first-to-three"
    return None


def _over_has_winners(game: TiraGame, obs: TiraObservation) -> str | None:
    if game.is_over != (obs.winners is not None):
        return "game over and winners disagree"
    return None


def _supreme_rolled(_game: TiraGame, obs: TiraObservation) -> str | None:
    if obs.phase in WITH_SUPREME and obs.supreme is None:
        return f"no big die in phase {obs.phase.value}"
    return None


TABLE_RULES: tuple[TableRule, ...] = (
    _tray_adds_up,
    _coasters_once,
    _three_at_most,
    _over_has_winners,
    _supreme_rolled,
)


def _table(game: TiraGame, obs: TiraObservation) -> list[str]:
    return [problem for rule in TABLE_RULES if (problem := rule(game, obs)) is not None]
