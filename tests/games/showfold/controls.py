"""The table's keys, as data: what a seat may do now, its words and its keys.

S shows my die, F folds it (while I have not chosen); at any time V says my
die, P the scores, W who has still to choose. The app's table, a web page and a
touch page are all built from these; nothing here applies an action. Between
rounds the table deals the next one after its pause (``round_pause``, in the
app's words; Shift+P waits for Enter), and my choosing time's last seconds tick
(``turn_clock``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from audiogame.core.controls import Command, Controls, Reaction, RoundPause, TurnClock, answer
from audiogame.core.keys import Key
from audiogame.core.narration import Join, Message, Phrase

from .actions import Fold, Show
from .config import GAME_ID
from .narrate import scores
from .observation import Phase, View

Question = Callable[[View, Sequence[str]], Message]


def my_die(view: View, names: Sequence[str]) -> Message:
    if not view.my_value:
        return answer("showfold-my-die-none")
    if view.my_choice is None:
        return answer("showfold-my-die", value=view.my_value)
    return answer(f"showfold-my-die-{view.my_choice}", value=view.my_value)


def the_scores(view: View, names: Sequence[str]) -> Message:
    return answer("showfold-scores", scores=scores(view.scores, view.seat, names))


def waiting(view: View, names: Sequence[str]) -> Message:
    phrase = still_choosing(view, names)
    return answer(phrase.msg_id, **phrase.args)


def still_choosing(view: View, names: Sequence[str]) -> Phrase:
    if view.phase is not Phase.CHOOSING:
        return Phrase("showfold-nobody-choosing")
    if view.my_turn:
        return Phrase("showfold-you-choose")
    left = tuple(names[s] for s, done in enumerate(view.chosen) if not done)
    return Phrase("showfold-still-choosing", {"who": Join(left), "n": len(left)})


#: (command id, label, keys, the question it answers), asked at any time
QUESTIONS: tuple[tuple[str, str, tuple[Key, ...], Question], ...] = (
    ("die", "showfold-ask-die", (Key("v"),), my_die),
    ("scores", "showfold-ask-scores", (Key("p"),), the_scores),
    ("waiting", "showfold-ask-waiting", (Key("w"),), waiting),
)


#: the keys of the two choices
ACTIONS: dict[str, Show | Fold] = {"s": Show(), "f": Fold()}


class ShowFoldControls(Controls):
    game_id = GAME_ID
    #: seconds from a round revealed (and heard) to the next
    round_pause = RoundPause(gap=2.0)

    def commands(self, view: View, names: Sequence[str], now: float | None) -> list[Command]:
        found = []
        if view.my_turn:
            found += [
                Command("show", Phrase("showfold-do-show"), (Key("s"),)),
                Command("fold", Phrase("showfold-do-fold"), (Key("f"),)),
            ]
        found += [Command(i, Phrase(label), bound, "questions") for i, label, bound, _ in QUESTIONS]
        return found

    def run(
        self, command: str, view: View, names: Sequence[str], now: float | None
    ) -> Reaction | None:
        if command == "show" and view.my_turn:
            return Reaction(action=Show())
        if command == "fold" and view.my_turn:
            return Reaction(action=Fold())
        question = next((q for i, _, _, q in QUESTIONS if i == command), None)
        return None if question is None else Reaction((question(view, names),))

    def on_key(
        self, key: Key, view: View, names: Sequence[str], now: float | None
    ) -> Reaction | None:
        """S and F send the choice even when it cannot be made now: the game's refusal
        then says why (already chosen, the round not begun)."""
        action = ACTIONS.get(key.key) if key.plain else None
        if action is not None:
            return Reaction(action=action)
        return super().on_key(key, view, names, now)

    def where(self, view: View, names: Sequence[str], now: float | None) -> Phrase:
        return still_choosing(view, names)

    def over(self, view: View) -> bool:
        return view.phase is Phase.OVER

    def between(self, view: View) -> bool:
        return view.phase is Phase.WAITING and view.round > 0

    def turn_clock(self, view: View) -> TurnClock | None:
        return (view.deadline, view.think) if view.my_turn else None
