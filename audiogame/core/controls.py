"""A game's controls, as data: the commands a seat may give now, their words and keys.

Every client is built from the same controls (``GameSpec.controls``): the desktop
table and the terminal press keys, a web page's listener on the server presses
them for the page, a touch page lists ``commands`` as buttons. A ``Command`` is
one thing the seat may do now — its stable id, its label (a message id, said
in the listener's language), the keys that give it and the group it belongs to
("actions", "questions", "hand" …) — and ``run`` does it: the words to say at
once (answers, which interrupt) and the action to send, if any. The controls
never apply an action: whoever drives them sends it where the engine is and
hands the game's refusal back to ``refused``.

``Controls`` (this module's base) gives a game of simple keys all of it: list
the commands over the seat's view, say what each does in ``run``; keys reach
the command they are bound to. A game whose keys need more (a cursor that walks
a hand, Domino's "left or right?") overrides ``on_key`` and keeps its own state,
which ``state``/``restore`` carry through a saved match.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from audiogame.core.keys import Key
from audiogame.core.narration import Message, Narrate, Phrase


@dataclass(frozen=True, slots=True)
class Reaction:
    """What a command (or a key) did: the answers to say now, and the action to send."""

    said: tuple[Message, ...] = ()
    action: Any = None


@dataclass(frozen=True, slots=True)
class Command:
    """One thing a seat may do now: a button on a touch page, keys on a keyboard."""

    #: stable id: what a page sends back to run it
    id: str
    #: what it is called, in the listener's language when resolved
    label: Phrase
    #: the keys that give it (our key names, with their modifiers)
    keys: tuple[Key, ...] = ()
    #: where a page lists it: "actions", "questions", "hand" …
    group: str = "actions"
    #: the one of its group the keys' cursor is on now (the tile, the die): a page
    #: marks it as the current one
    current: bool = False


@dataclass(frozen=True, slots=True)
class RoundPause:
    """The pause between rounds of a game whose table deals them (the engine waits for
    the table's action: Domino's manches): its gap and the message ids of its words
    (each "-online" too where a match on a server says it otherwise)."""

    #: seconds from a round's end (heard) to the next, unless Enter comes first
    gap: float
    #: the next round waits for the player's Enter
    paused: str = "table-round-paused"
    #: online: the table's master holds the next round
    paused_online: str = "table-round-paused-online"
    #: the next round in ``n`` seconds, or at Enter (and "<id>-online")
    next_soon: str = "table-next-round"
    #: the player's wish to wait between rounds (Shift+P), turned on / off
    pause_on: str = "table-round-pause-on"
    pause_off: str = "table-round-pause-off"


#: my turn's clock: its deadline (None: no thinking time) and its thinking time in seconds
TurnClock = tuple[float | None, int]


def answer(msg_id: str, cue: str | None = None, **args: Any) -> Message:
    """An answer to the player's key: said at once, interrupting."""
    return Message(msg_id, args, cue=cue, interrupt=True)


def presses(key: Key, bound: Key) -> bool:
    """Whether ``key`` is the bound key: the same key with the same modifiers."""
    return key.key == bound.key and key.mod == bound.mod


class Controls:
    """A game's controls over one seat's view (see the module docstring)."""

    #: the game's id: its refusals are said as ``<game>-refusal-<value>``
    game_id: str = ""
    #: the action sent last, whoever sent it (a key here, or the table): a refusal is
    #: worded from it ("which end?" for a tile that fits both)
    sent: Any = None
    #: the pause between rounds when the table deals them (None: the game deals its own)
    round_pause: RoundPause | None = None
    #: said once the match is over: what Enter and Escape do now (and "<id>-online")
    game_over_id: str = "table-game-over-keys"

    # -- what the seat may do now ------------------------------------------------------
    def commands(self, view: Any, names: Sequence[str], now: float | None) -> list[Command]:
        """Every command the seat may give now, in the order a page lists them."""
        return []

    def run(
        self, command: str, view: Any, names: Sequence[str], now: float | None
    ) -> Reaction | None:
        """Do the command ``command`` (an id of ``commands``); None: no such command now."""
        return None

    def on_key(self, key: Key, view: Any, names: Sequence[str], now: float | None) -> Any:
        """The key's command run (a ``Reaction``), or None when no command has it."""
        for command in self.commands(view, names, now):
            if any(presses(key, bound) for bound in command.keys):
                return self.run(command.id, view, names, now)
        return None

    # -- what came back -----------------------------------------------------------------
    def refused(self, refusal: str, view: Any) -> list[Message]:
        """The words for the game's refusal (its value) of the action sent last."""
        return [answer(f"{self.game_id}-refusal-{refusal}", "menu_error")]

    def heard(
        self, events: Sequence[Any], view: Any, names: Sequence[str], narrate: Narrate
    ) -> list[Message]:
        """A batch narrated for this seat, with what the controls add (a cursor)."""
        return narrate(events, view, names)

    # -- what a table says of itself -------------------------------------------------------
    def where(self, view: Any, names: Sequence[str], now: float | None) -> Phrase | None:
        """What "where am I" adds after the table's name (whose turn); None: nothing."""
        return None

    def situation(self, view: Any, names: Sequence[str], now: float | None) -> list[Message]:
        """What a player hears first at a match under way (resumed, or joined online)."""
        return []

    def over(self, view: Any) -> bool:
        """Whether the match this view is of has ended."""
        return False

    def board_focus(self, view: Any) -> Any:
        """What the game's board needs beyond the view (the cursor); None: nothing."""
        return None

    def cancel(self) -> Message | None:
        """Escape at the table first cancels a choice under way (Domino's "left or
        right?"): the words that say so; None: nothing to cancel, Escape goes on."""
        return None

    def new_round(self) -> None:
        """The table deals a new round (Domino's manche): a cursor back to its start."""

    def between(self, view: Any) -> bool:
        """Whether the match waits for the table to deal its next round (``round_pause``)."""
        return False

    def turn_clock(self, view: Any) -> TurnClock | None:
        """My turn's clock (None: not my turn): the table ticks its last seconds, and my
        questions' answers are part of my time while it runs."""
        return None

    def time_left(self, left: int) -> Message:
        """The first tick of my turn's last seconds in words (a table without sounds)."""
        return Message("table-time-left", {"n": left}, kind="turn")

    # -- what the player chose that outlives a match ------------------------------------------
    def preferences(self) -> dict[str, Any]:
        """What the player chose here that the next matches keep (Domino's sort order),
        as plain data: kept in the settings, and given to every new table's controls."""
        return {}

    def prefer(self, data: Mapping[str, Any]) -> None:
        """The preferences ``preferences`` gave, at a new table (unreadable: ignored)."""

    # -- what a saved match keeps of them ---------------------------------------------------
    def state(self) -> dict[str, Any]:
        """The controls' own state as plain data (a cursor): kept in a saved match."""
        return {}

    def restore(self, data: Mapping[str, Any]) -> None:
        """The state ``state`` gave; ``ValueError`` when it is not one."""
