"""The race: what only Tira's table does (``GameTable`` holds the rest).

``TiraTable(app, setup, seed)`` is the app's table (its keys to ``TiraControls``,
its bots by level with the spec's names, the online and resumed tables, F11
online) with the race's own: the practice round (a given pile and slow bots,
one round, never saved), its save format and its situation on resuming, the
moment between rounds and the end's words. It runs one game through its
``SeatSession`` (``core.seat``): offline a ``LocalSeat`` on game time over
``app.scheduler`` (dice in flight, bots' reactions, the round flow); every
batch of events goes to ``narrate`` with my observation after it. Nothing ever pauses the
race: game time is never paused while dice may fly, queries answer at once,
interrupting, and the game clock goes on. Only between rounds does the next
round wait until the round's end has been heard (``waits_for_speech``).

Delivery: every message goes to the app's one speech queue (the
``Announcer``, through ``Scene.post``), which waits the delay of ``Later``
sounds, plays other players' sounds softer and thinned, and speaks. My own
results interrupt and are spoken the moment the engine reports them; every
other message of the frame is queued and spoken at the frame's end. So my
result never silences a bot's Stop that happened in the same frame: the Stop
follows it.

The first landing must be as quick to speak as the hundredth, so entering the
table compiles this game's Fluent messages ahead, between frames (``Localizer.warm_task``).

Saving (``saving``): the snapshot holds the setup, the seed, the engine, the
bots and the table's view (the game time of the snapshot, my cursor).
``resume(app, state)`` rebuilds the saved match: the game time goes on from
the saved instant on ``GameScheduler`` (the app's clock, shifted), after
``RESUME_GRACE`` seconds in which the situation is spoken (read from the
observation: no history is replayed into narration). Practice rounds are
never saved.

Escape asks "leave the game?" while the race goes on (a real table does not
stop for one player); at the end of the game Escape leaves at once and Enter
starts a new game with the same table, once the end has been said (an Enter
while it is still being said was meant for a die: a soft click). A practice
table (``practice=True``) plays one round against slow bots and then waits
for Enter or Escape, which go back to the briefing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from audiogame.app.scene import Scene
from audiogame.core import keys
from audiogame.core.contract import Bot
from audiogame.core.keys import Key
from audiogame.core.narration import Join, Message
from audiogame.core.seat import SeatSession
from audiogame.games.tirapassa.bots import bots_for, seats_concerned
from audiogame.games.tirapassa.coasters import Coaster
from audiogame.games.tirapassa.controls import TiraControls
from audiogame.games.tirapassa.engine import TiraGame
from audiogame.games.tirapassa.events import (
    GameEnded,
    RoundEnded,
    TiraEvent,
)
from audiogame.games.tirapassa.narrate import (
    coaster_args,
    my_dice_parts,
    symbol,
    tally,
)
from audiogame.games.tirapassa.observation import Phase, TiraObservation
from audiogame.games.tirapassa.options import Control
from audiogame.games.tirapassa.saving import match_state, restore_match, summary
from audiogame.games.tirapassa.spec import SPEC
from audiogame.games.tirapassa.symbols import Symbol
from audiogame.games.tirapassa.table_setup import TableSetup
from audiogame.ui.confirm import ConfirmScene
from audiogame.ui.game_table import GameTable, Restored
from audiogame.ui.seating import TableChoices

if TYPE_CHECKING:
    from audiogame.app.loop import App


#: seconds a resumed race stands still while its situation is spoken
RESUME_GRACE = 3.0
#: seconds at least between the round's end being heard and the next round's big die
BREATH = 1.0
GAME_ID = "tira"


class TiraTable(GameTable):
    controls: TiraControls
    messages_file = "tira.ftl"
    resume_grace = RESUME_GRACE
    concerned = staticmethod(seats_concerned)

    def __init__(
        self,
        app: App,
        setup: TableSetup,
        seed: int | str,
        *,
        practice: bool = False,
        home: Scene | None = None,
        pile: Sequence[Coaster] | None = None,
        faces: Sequence[Symbol] = (),
        restored: Restored | None = None,
        session: SeatSession | None = None,
    ) -> None:
        self.setup = setup
        self.practice = practice
        self.config = setup.config(practice)
        self._deal = (pile, tuple(faces))  # a practice round's pile and a test's dice
        # a practice round goes back where it was opened (the briefing): no home
        home = None if practice else home
        super().__init__(app, SPEC, setup, seed, home=home, session=session, restored=restored)
        self._finished = False  # game over, or the practice round played

    def new_engine(self, seating: TableChoices, seed: int | str, start: float) -> TiraGame:
        pile, faces = self._deal
        return TiraGame(self.config, seed, start_at=start, pile=pile, faces=faces)

    def new_bots(self, seating: TableChoices, seed: int | str) -> dict[int, Bot]:
        return dict(bots_for(self.config, seed))  # a practice round's bots are slow

    @classmethod
    def resumed(cls, app: App, state: Any, home: Scene | None = None) -> TiraTable:
        """The saved match ``state``, ready to go on after a moment to hear where it is
        (``RESUME_GRACE``); ``ValueError`` when it is unusable."""
        saved = restore_match(state)
        controls = TiraControls()
        controls.cursor = saved.cursor
        restored = Restored(saved.setup, saved.seed, saved.game, saved.bots, saved.clock, controls)
        return cls(app, saved.setup, saved.seed, home=home, restored=restored)

    @classmethod
    def online(cls, app: App, session: SeatSession, names: Sequence[str]) -> TiraTable:
        """The table of a race run on a server (``session``: a ``net.client.race_seat.RaceSeat``),
        heard from the session's seat (a spectator's when it has none); ``names``: every
        seat's. Joining a race under way, the link says where the race stands (the
        server's race, as every client says it: ``race_return.comeback``), not this
        table: a resume's words would promise a grace no online race waits."""
        view: TiraObservation = session.view()
        control = Control.ASSISTED if view.seat is None else view.controls[view.seat]
        setup = TableSetup(players=len(view.controls), control=control)
        table = cls(app, setup, "online", session=session)
        table.rename(names)
        return table

    @property
    def me(self) -> int | None:
        """My seat: 0 at a table of this machine, the server's online (None: watching)."""
        return self.session.seat

    # -- what the table reads ---------------------------------------------------------
    def observation(self) -> TiraObservation:
        """My view now: everything the table says is read from it."""
        view: TiraObservation = self.session.view()
        return view

    @property
    def game(self) -> TiraGame:
        """The engine of a race run here (checks and tests read it)."""
        return self.local_engine(TiraGame)

    @property
    def finished(self) -> bool:
        return self._finished

    # -- life cycle -------------------------------------------------------------------
    def first_words(self) -> list[Message]:
        return [Message("tira-practice-start", kind="turn")] if self.practice else []

    def situation(self) -> list[Message]:
        """Where the resumed match stands: round, big die, my coaster, my dice, the scores."""
        obs = self.observation()
        if obs.phase is Phase.BETWEEN_ROUNDS:
            return self._resumed_between(obs)
        said = [
            Message("tira-resumed", {"seconds": round(RESUME_GRACE)}, kind="turn", cue="notice")
        ]
        if obs.phase is Phase.CALM and obs.supreme is not None:  # not a race: say so
            calm = {"rolls": obs.calm_rolls_left, "supreme": symbol(obs.supreme)}
            said.append(Message("tira-resumed-calm", calm, kind="turn"))
        if obs.supreme is not None:
            args: dict[str, Any] = {"round": obs.round, "supreme": symbol(obs.supreme)}
            if obs.coaster is None:
                said.append(Message("tira-round-no-coaster", args, kind="turn"))
            else:
                said.append(
                    Message("tira-round", {**args, **coaster_args(obs.coaster)}, kind="turn")
                )
        said.append(Message("tira-my-dice", {"parts": self.my_dice_parts(obs)}, kind="turn"))
        standings = {"tally": tally(obs.won_counts, self.me, self.names), "pile": obs.pile_size}
        said.append(Message("tira-standings", standings, kind="turn"))
        return said

    def _resumed_between(self, obs: TiraObservation) -> list[Message]:
        """Saved between rounds: no race goes on, the last round's big die is gone and
        the dice are dealt anew; the next round starts when it was due, after the
        moment to hear this."""
        due = self._next_round_due()
        wait = RESUME_GRACE + (0.0 if due is None else max(0.0, due - obs.time))
        args = {"round": obs.round, "seconds": max(1, round(wait))}
        standings = {"tally": tally(obs.won_counts, self.me, self.names), "pile": obs.pile_size}
        return [
            Message("tira-resumed-between", args, kind="turn", cue="notice"),
            Message("tira-standings", standings, kind="turn"),
        ]

    def _next_round_due(self) -> float | None:
        """The game time the next round deals at, between rounds of a race run here."""
        if self.local is None or self.observation().phase is not Phase.BETWEEN_ROUNDS:
            return None
        return self.game.next_round_at()

    # -- events -> narrator -> announcer ----------------------------------------------
    def hear(self, events: Sequence[TiraEvent]) -> None:
        super().hear(events)
        ended = any(isinstance(e, GameEnded) for e in events)
        if ended or (self.practice and any(isinstance(e, RoundEnded) for e in events)):
            self._finished = True
            follow = "tira-practice-over" if self.practice else "tira-game-over-keys"
            self.post(Message(follow))

    def follow(self, view: Any) -> None:
        """Also a race joined, or come back to, after its end: finished here too, its
        keys said once after where it stands (the end said them to those who stayed)."""
        super().follow(view)
        if not self._finished and view.phase is Phase.GAME_OVER:
            self._finished = True
            self.post(Message("tira-game-over-keys"))

    def waits_for_speech(self) -> bool:
        """The race never waits for speech. Between rounds the next round comes the
        game's gap after the round's end, but never before the end has been heard:
        game time runs while it is said, and stands still only ``BREATH`` before the
        next round's big die while the player is still hearing."""
        if self.observation().phase is not Phase.BETWEEN_ROUNDS:
            return False
        due = self._next_round_due()
        return due is None or self.session.time.clock.now() >= due - BREATH

    def update(self, now: float) -> None:
        if self._finished and self.practice:
            self.session.stop()  # one round only: no next round, no bots
        super().update(now)

    # -- saving ---------------------------------------------------------------------
    def kept(self) -> bool:
        return self.local is not None and not self.practice  # a practice round is not saved

    def match_state(self) -> dict[str, Any]:
        """The snapshot of this match, as the autosave writes it."""
        clock = self.session.time.clock.now()
        return match_state(
            self.setup, self.seed, self.game, self.bots, clock, self.cursor, self._states
        )

    def summary(self) -> dict[str, Any]:
        return summary(self.game)

    # -- leaving, and the next game -----------------------------------------------------
    def ask_leave(self) -> None:
        """Leave the game? The race goes on meanwhile (a real table does not stop)."""
        self.app.push(ConfirmScene(self.app, "tira-confirm-leave", self.leave))

    def next_table(self, seed: int | str) -> TiraTable:
        return TiraTable(self.app, self.setup, seed, home=self.home)

    def after_the_end(self) -> None:
        """Enter at the end: a practice round goes back to the briefing, a game to the next."""
        if self.practice:
            self.leave()
        else:
            self.next_match()

    # -- keys -------------------------------------------------------------------------
    def on_key(self, key: Key) -> bool:
        """The race's keys are ``TiraControls``' (a web page's listener reads the same);
        Enter after the game is this table's."""
        k = key.key
        if self._finished and k in (keys.RETURN, keys.KP_ENTER):
            if self.app.announcer.speaking:
                # the end is still being said: an Enter meant for a die, pressed as the
                # game ended, is a soft click; the next game waits for an Enter after it
                self.cue("soft_click")
            else:
                self.after_the_end()
            return True
        return super().on_key(key)  # F11 online, then the race's controls

    # -- actions ----------------------------------------------------------------------
    def act(self, action: Any) -> None:
        """After the practice round no action reaches the engine: applied, it would
        start a second round (its start is due); the player hears what to do instead."""
        if self._finished and self.practice:
            self.answer("tira-practice-over", cue="menu_error")
            return
        super().act(action)

    @property
    def cursor(self) -> int:
        """The place in my hand of the die Enter and the letters act on."""
        return self.controls.cursor

    @cursor.setter
    def cursor(self, index: int) -> None:
        self.controls.cursor = index

    def my_dice_parts(self, obs: TiraObservation) -> Join:
        return my_dice_parts(obs)


def resume(app: App, state: Any) -> Scene:
    """The main menu's way back into a saved match (raises when it cannot be rebuilt)."""
    return TiraTable.resumed(app, state, home=app.top)
