"""The table's keys, as data: what a seat may do now, its words and its keys.

The app's table (and a web page, and a touch page) is built from these: R rolls
again, K or Space keeps, and at any time V says my die, S the scores, T whose
turn it is. Nothing here applies an action: the table sends it to the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from audiogame.core import keys
from audiogame.core.controls import Command, Controls, Reaction, answer
from audiogame.core.keys import Key
from audiogame.core.narration import Join, Message, Phrase

from .actions import Keep, Reroll
from .config import GAME_ID
from .observation import Phase, View

Question = Callable[[View, Sequence[str]], Message]


def my_die(view: View, names: Sequence[str]) -> Message:
    if view.my_value:
        return answer("hiddendie-my-die", value=view.my_value)
    return answer("hiddendie-my-die-none")


def scores(view: View, names: Sequence[str]) -> Message:
    parts = tuple(
        Phrase("hiddendie-your-score", {"points": points})
        if seat == view.seat
        else Phrase("hiddendie-score", {"who": names[seat], "points": points})
        for seat, points in enumerate(view.scores)
    )
    return answer("hiddendie-scores", scores=Join(parts))


def turn(view: View, names: Sequence[str]) -> Message:
    phrase = whose_turn(view, names)
    return answer(phrase.msg_id, **phrase.args)


def whose_turn(view: View, names: Sequence[str]) -> Phrase:
    if view.turn is None:
        return Phrase("hiddendie-no-turn")
    if view.turn == view.seat:
        return Phrase("hiddendie-whose-turn-you")
    return Phrase("hiddendie-whose-turn", {"who": names[view.turn]})


#: (command id, label, keys, the action it sends or the question it answers)
ACTIONS: tuple[tuple[str, str, tuple[Key, ...], Any], ...] = (
    ("reroll", "hiddendie-do-reroll", (Key("r"),), Reroll()),
    ("keep", "hiddendie-do-keep", (Key("k"), Key(keys.SPACE)), Keep()),
)
QUESTIONS: tuple[tuple[str, str, tuple[Key, ...], Question], ...] = (
    ("die", "hiddendie-ask-die", (Key("v"),), my_die),
    ("scores", "hiddendie-ask-scores", (Key("s"),), scores),
    ("turn", "hiddendie-ask-turn", (Key("t"),), turn),
)


class HiddenDieControls(Controls):
    game_id = GAME_ID

    def commands(self, view: View, names: Sequence[str], now: float | None) -> list[Command]:
        found = [Command(i, Phrase(label), bound) for i, label, bound, _ in ACTIONS]
        found += [Command(i, Phrase(label), bound, "questions") for i, label, bound, _ in QUESTIONS]
        return found

    def run(
        self, command: str, view: View, names: Sequence[str], now: float | None
    ) -> Reaction | None:
        action = next((a for i, _, _, a in ACTIONS if i == command), None)
        if action is not None:
            return Reaction(action=action)
        question = next((q for i, _, _, q in QUESTIONS if i == command), None)
        return None if question is None else Reaction((question(view, names),))

    def where(self, view: View, names: Sequence[str], now: float | None) -> Phrase:
        return whose_turn(view, names)

    def over(self, view: View) -> bool:
        return view.phase is Phase.OVER
