"""The pause between rounds, for any table that deals the next round: ``Rounds``.

A game whose match is played in rounds the table starts (the engine waits for
``session.next_round()``: Domino's manches) gives its pause as data on its
controls (``core.controls.RoundPause``: the gap and its words; the app's own
words unless the game has its own) and says when the match waits between
rounds (``Controls.between``); the table then, once a round has ended:

- starts the next one ``gap`` seconds later (game time waits for the player to
  have heard the round's end first, so the gap is counted from then), or at
  Enter once the end was heard (``TableScene.enter_at_rest``);
- waits for the player instead when they asked (Shift+P at any such table); a
  saved match keeps the wish;
- online asks the server, where the table's master holds the rounds.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Protocol

from audiogame.core.controls import Controls, RoundPause
from audiogame.core.narration import Message
from audiogame.core.seat import SeatSession, TimerHandle


class RoundTable(Protocol):
    """What the pause needs of its table (``ui.table.TableScene`` is one)."""

    @property
    def session(self) -> SeatSession: ...

    @property
    def controls(self) -> Controls: ...

    @property
    def beside(self) -> Any:
        """What the table holds beside the game when played on a server (None here)."""

    def post(self, message: Message) -> None: ...

    def answer(self, msg_id: str, cue: str | None = None, **args: Any) -> None: ...

    def round_gap(self, own: float) -> float | None: ...


class Rounds:
    """One table's pause between rounds (see the module docstring)."""

    def __init__(
        self,
        table: RoundTable,
        words: RoundPause,
        between: Callable[[], bool],
        *,
        paused: bool = False,
    ) -> None:
        self.table, self.words, self.gap = table, words, words.gap
        #: whether the match now waits between two rounds (read from the seat's view)
        self.between = between
        #: the player asked to wait between rounds
        self.paused = paused
        self._next: TimerHandle | None = None

    def ended(self) -> None:
        """A round has just ended: the next one is timed, or waits for the player."""
        table, words = self.table, self.words
        if self.paused:
            table.post(Message(words.paused))
            return
        gap = table.round_gap(self.gap)
        if gap is None:  # online: the master holds the next round
            table.post(Message(words.paused_online))
            return
        self._next = table.session.time.call_later(gap, self.next_round)
        online = "" if table.beside is None else "-online"
        table.post(Message(f"{words.next_soon}{online}", {"n": math.ceil(gap)}))

    def next_round(self) -> None:
        """Deal the next round now (the timer's, Enter's, a new match's first)."""
        self.stop()
        self.table.controls.new_round()
        self.table.session.next_round()

    def deal_soon(self) -> None:
        """The first round of a table opened outside a frame: dealt in the next one."""
        self._next = self.table.session.time.call_later(0.0, self.next_round)

    def toggle(self) -> None:
        """The game's pause key: wait between rounds, or no longer (online: the master's
        wish, asked of the server)."""
        table = self.table
        if table.beside is not None:
            table.beside.hold_rounds()
            return
        self.paused = not self.paused
        table.answer(self.words.pause_on if self.paused else self.words.pause_off, "toggle")
        if not self.between():
            return
        if self.paused:
            self.stop()
        elif self._next is None:
            self._next = table.session.time.call_later(self.gap, self.next_round)

    def stop(self) -> None:
        if self._next is not None:
            self._next.cancel()
            self._next = None
