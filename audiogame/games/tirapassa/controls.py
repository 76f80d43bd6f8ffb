"""The race's keys over one seat's view: answers and actions, as data.

``TiraControls`` answers a key from the seat's observation alone: the words to
say (answers, which interrupt) and the action to send, if any. It never applies
an action: whoever drives it sends the action where the engine is (the desktop
table to its seat session, a web page's listener on the server to the table)
and hands the game's refusal back to ``refused``. It holds the only thing the
listener's side knows, the die under the cursor, which follows my dice as they
land and go (``follow``).

The keys are tables, read by both drivers: ``ACTION_KEYS`` (Space throws,
Enter sends the die under the cursor), ``ARROWS``, ``QUESTIONS`` (letters that
ask, at any time), ``SEND_LETTERS`` (letters that send the die somewhere) and
the digits 1 to 6 (send a die showing that symbol). Keys that depend on where
the table is (Enter after the game, F11 the clock, Escape) are the driver's:
``on_key`` answers None for them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from audiogame.core import keys
from audiogame.core.controls import Command, Controls, Reaction, answer
from audiogame.core.hand_cursor import HandCursor
from audiogame.core.keys import Key
from audiogame.core.narration import Message, Narrate, Phrase
from audiogame.games.tirapassa.actions import Refusal, Send, Throw
from audiogame.games.tirapassa.events import DiePassed, DieToTray, Landed
from audiogame.games.tirapassa.narrate import (
    coaster_args,
    dice_counts,
    my_dice_parts,
    refusal_message,
    side,
    symbol,
    symbol_cue,
    tally,
)
from audiogame.games.tirapassa.observation import Phase, TiraObservation
from audiogame.games.tirapassa.options import Control
from audiogame.games.tirapassa.rules import Destination
from audiogame.games.tirapassa.symbols import symbol_for_key

Action = Throw | Send


#: letters that send the focused die somewhere (S/L left, D/R right, V tray)
SEND_LETTERS: dict[str, Destination] = {
    "s": Destination.LEFT,
    "l": Destination.LEFT,
    "d": Destination.RIGHT,
    "r": Destination.RIGHT,
    "v": Destination.TRAY,
}
#: keys that act: Space throws my dice, Enter sends the die under the cursor
ACTION_KEYS: dict[str, str] = {
    keys.SPACE: "throw",
    keys.RETURN: "send",
    keys.KP_ENTER: "send",
}
#: arrows walk through my dice
ARROWS: dict[str, int] = {keys.LEFT: -1, keys.RIGHT: 1}


# -- questions, at any time: (view, names) -> the answer ------------------------------------


def ask_supreme(view: TiraObservation, names: Sequence[str]) -> Message:
    if view.supreme is None:
        return answer("tira-no-supreme")
    return answer("tira-supreme", cue=symbol_cue(view.supreme), supreme=symbol(view.supreme))


def ask_coaster(view: TiraObservation, names: Sequence[str]) -> Message:
    if view.coaster is None:
        return answer("tira-no-coaster")
    return answer("tira-coaster", **coaster_args(view.coaster))


def ask_my_dice(view: TiraObservation, names: Sequence[str]) -> Message:
    return answer("tira-my-dice", parts=my_dice_parts(view))


def ask_everyone(view: TiraObservation, names: Sequence[str]) -> Message:
    return answer("tira-everyone", list=dice_counts(view, names), tray=view.tray)


def ask_standings(view: TiraObservation, names: Sequence[str]) -> Message:
    standings = tally(view.won_counts, view.seat, names)
    return answer("tira-standings", tally=standings, pile=view.pile_size)


QUESTIONS: dict[str, Callable[[TiraObservation, Sequence[str]], Message]] = {
    "g": ask_supreme,
    "c": ask_coaster,
    "h": ask_my_dice,
    "e": ask_everyone,
    "p": ask_standings,
}


class TiraControls(Controls):
    def __init__(self) -> None:
        #: the die my arrows are on, by its place in my hand (dice have no identity)
        self.die_cursor: HandCursor[int] = HandCursor(0)
        #: the action sent last: its refusal names it
        self.sent: Action | None = None

    @property
    def cursor(self) -> int:
        """The place in my hand of the die Enter and the letters act on."""
        return self.die_cursor.focus or 0

    @cursor.setter
    def cursor(self, index: int) -> None:
        self.die_cursor.put(index, index)

    def board_focus(self, view: TiraObservation) -> int:
        """The window's board: the die under my cursor."""
        return self.cursor

    # -- keys -------------------------------------------------------------------------
    def on_key(
        self, key: Key, view: TiraObservation, names: Sequence[str], now: float | None
    ) -> Reaction | None:
        """The key's answers and action, or None when the key is not the race's."""
        k = key.key
        act = ACTION_KEYS.get(k)
        if act == "throw":
            return self._send(Throw())
        if act == "send":
            if view.phase is Phase.GAME_OVER:
                return None  # the next game: the table's business
            return self._send(Send(self.cursor, None))
        if k in ARROWS:
            return Reaction((self._move(view, ARROWS[k]),))
        if key.digit is not None and key.plain:
            face = symbol_for_key(key.digit)
            return None if face is None else self._send(Send(face, None))
        question = QUESTIONS.get(key.letter) if key.plain else None
        if question is not None:
            return Reaction((question(view, names),))
        if key.plain and key.letter in SEND_LETTERS:
            return self._send(Send(self.cursor, SEND_LETTERS[key.letter]))
        return None

    def _send(self, action: Action) -> Reaction:
        self.sent = action
        return Reaction(action=action)

    def _move(self, view: TiraObservation, delta: int) -> Message:
        landing = self.die_cursor.step(range(len(view.hand)), delta)
        if landing is None:
            return answer("tira-hand-empty", cue="menu_edge")
        target = landing.index
        dest = view.destination(target)
        return answer(
            "tira-die-at",
            cue="menu_edge" if landing.edge else "menu_move",
            die=symbol(view.hand[target]),
            pos=target + 1,
            total=len(view.hand),
            where=Phrase("tira-stays") if dest is None else side(dest),
        )

    # -- the commands a seat may give now (a touch page's buttons) ---------------------------
    def commands(
        self, view: TiraObservation, names: Sequence[str], now: float | None
    ) -> list[Command]:
        """Throw, my dice (each where it would go), the sends of the die under the
        cursor, the questions: every label a message id, every key the race's."""
        found = [Command("throw", Phrase("tira-do-throw"), (Key(keys.SPACE),))]
        for index, face in enumerate(view.hand):
            dest = view.destination(index)
            where = Phrase("tira-stays") if dest is None else side(dest)
            label = Phrase(
                "tira-die-at",
                {"die": symbol(face), "pos": index + 1, "total": len(view.hand), "where": where},
            )
            found.append(Command(f"die-{index}", label, (), "hand", index == self.cursor))
        if view.hand and view.control is Control.MANUAL:  # assisted: my dice go by themselves
            found.append(Command("send", Phrase("tira-do-send"), (Key(keys.RETURN),)))
            for letter, dest in SEND_LETTERS.items():
                if letter in ("s", "d", "v"):  # one key each: L and R say the same
                    found.append(
                        Command(
                            f"send-{dest.value}",
                            Phrase(f"tira-do-send-{dest.value}"),
                            (Key(letter),),
                        )
                    )
        for letter in QUESTIONS:
            found.append(
                Command(
                    f"ask-{letter}", Phrase(f"tira-ask-{letter}-label"), (Key(letter),), "questions"
                )
            )
        return found

    def run(
        self, command: str, view: TiraObservation, names: Sequence[str], now: float | None
    ) -> Reaction | None:
        if command == "throw":
            return self._send(Throw())
        if command.startswith("die-") and command[4:].isdigit():
            index = int(command[4:])
            if index >= len(view.hand):
                return None
            self.cursor = index
            return Reaction((self._move(view, 0),))
        if command == "send":
            return self._send(Send(self.cursor, None))
        dest = next((d for d in SEND_LETTERS.values() if command == f"send-{d.value}"), None)
        if dest is not None:
            return self._send(Send(self.cursor, dest))
        question = (
            QUESTIONS.get(command.removeprefix("ask-")) if command.startswith("ask-") else None
        )
        return None if question is None else Reaction((question(view, names),))

    # -- what comes back ------------------------------------------------------------------
    def refused(self, refusal: str, view: TiraObservation) -> list[Message]:
        """Hammering Space while the dice fly is a soft click, and says nothing; any
        other refusal says why, naming the die."""
        why = Refusal(refusal)
        if why is Refusal.DICE_IN_THE_AIR and isinstance(self.sent, Throw):
            return [Message("", cue="soft_click", interrupt=True)]
        return [refusal_message(why, self.sent, view)]

    def follow(self, events: Sequence[Any], view: TiraObservation) -> None:
        """After my throw lands (or a die of mine goes), Enter acts on a die that can go."""
        if any(_changes_my_hand(e, view.seat) for e in events):
            sendable = view.sendable()
            self.cursor = sendable[0][0] if sendable else 0

    def heard(
        self, events: Sequence[Any], view: TiraObservation, names: Sequence[str], narrate: Narrate
    ) -> list[Message]:
        """A batch as the table narrates it, the cursor following my dice."""
        self.follow(events, view)
        return narrate(events, view, names)


def _changes_my_hand(event: Any, me: int | None) -> bool:
    if isinstance(event, Landed | DieToTray):
        return bool(event.seat == me)
    return isinstance(event, DiePassed) and event.from_seat == me
