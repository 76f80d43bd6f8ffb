"""The domino table: what only Domino's table does (``TableScene`` holds the rest).

Its keys, its words for a batch and a refusal, where it stands and the board's
cursor are ``DominoControls``' (the one key map, a web page's listener drives
the same); the pause between manches is the app's (``ui.rounds``), with
Domino's words and gap; saving is ``games.domino.saving`` on the app's
(``core.match_save``). What is left here: the bots and the sort order the
player chose (kept for the next matches and runs), the last seconds of my
thinking time ticked, the tile under my cursor said with each batch, Escape's
table menu (``table_menu``), and Shift+P.

While another scene covers the table (the table menu, the rules, a question)
game time stands still: no bot moves, no thinking time runs, no manche starts.
A resumed match goes on from the last step of its log, so a turn in progress
(a bot's, or mine with its thinking time) starts afresh, and a bot decides
again from the same place in its random stream.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from audiogame.app.scene import Scene
from audiogame.core import keys
from audiogame.core.keys import Key
from audiogame.core.narration import Message
from audiogame.core.seat import LocalSeat, SeatSession
from audiogame.games.domino.actions import Action
from audiogame.games.domino.bots import HARD_ITERATIONS, DominoBot, make_bot
from audiogame.games.domino.controls import DominoControls
from audiogame.games.domino.engine import DominoMatch
from audiogame.games.domino.narrate import narrate
from audiogame.games.domino.observation import Observation, Phase
from audiogame.games.domino.saving import (
    Own,
    Restored,
    SnapshotCache,
    match_state,
    restore_match,
    summary,
)
from audiogame.games.domino.sorting import SORT_IDS
from audiogame.games.domino.table_setup import HUMAN, DominoSetup
from audiogame.ui.rounds import Rounds, RoundWords
from audiogame.ui.table import TableScene
from audiogame.ui.turn_ticks import TurnTicks

if TYPE_CHECKING:
    from audiogame.app.loop import App

GAME_ID = "domino"

#: seconds between the end of a manche (heard) and the next one, unless Enter comes
#: first: the Salotto's pause between rounds (spec/interface.md: "the next round
#: otherwise starts after 15 s"), which the online server keeps too
MANCHE_GAP = 15
#: the words of the pause between manches
ROUND_WORDS = RoundWords(
    paused="domino-paused",
    paused_online="domino-paused-online",
    next_soon="domino-next-soon",
    pause_on="domino-pause-on",
    pause_off="domino-pause-off",
)


class DominoTable(TableScene):
    controls: DominoControls
    rounds: Rounds
    game_id = GAME_ID
    messages_file = "domino.ftl"
    stops_under_menus = True

    def __init__(
        self,
        app: App,
        setup: DominoSetup,
        seed: int | str,
        *,
        home: Scene | None = None,
        iterations: int = HARD_ITERATIONS,
        deal_at_first_frame: bool = False,
        restored: Restored | None = None,
        session: SeatSession | None = None,
    ) -> None:
        self.setup = setup
        self.iterations = iterations
        self.config = setup.config()
        self.names = setup.names()
        #: the bots of a match run here (their moves under way make ``thinking``)
        self.bots: dict[int, DominoBot] = {}
        if session is None:
            session = self._local(app, seed, restored)
        super().__init__(app, session, seed=seed, home=home, resumed=restored is not None)
        #: my seat (None: watching); offline always ``HUMAN``
        self.me = session.seat
        #: Domino's keys (the one key map: a web page's listener drives the same), with
        #: the hand's sort order the player chose last, kept across matches
        self.controls = DominoControls(saved_order(app)) if restored is None else restored.controls
        paused = restored is not None and restored.own.pause
        self.rounds = Rounds(self, ROUND_WORDS, MANCHE_GAP, self._between, paused=paused)
        #: my turn's last seconds, ticked
        self.ticks = TurnTicks(session.time, self._tick)
        self._snapshots = SnapshotCache()
        #: checks push a table outside a frame: the first deal then waits for one, so
        #: that it happens (and is saved) inside a frame, as at a table opened by a key
        self._deal_later = deal_at_first_frame
        #: the first deal's events, for a watcher that comes after it
        self.opening: list[Any] = []

    def _local(self, app: App, seed: int | str, restored: Restored | None) -> LocalSeat:
        """The match run here: a new one, or a saved one going on from the last step of
        its log (a turn in progress starts afresh)."""
        time = self.game_time(app, None if restored is None else restored.match.now)
        if restored is None:
            match = DominoMatch(self.config, seed, start=time.clock.now())
            self.bots = {
                seat: make_bot(seat, level, seed, pace=self.setup.pace, iterations=self.iterations)
                for seat, level in enumerate(self.setup.levels, start=1)
            }
        else:
            match, self.bots = restored.match, restored.bots
        return self.local_seat(app, match, time, self.bots, HUMAN)

    @classmethod
    def online(cls, app: App, session: SeatSession, names: Sequence[str]) -> DominoTable:
        """The table of a match played on a server, seen from ``session``'s seat (a
        spectator's when it has none); ``names``: every seat's name. Joining a match
        under way, it says where the match stands first."""
        view: Observation = session.view()
        under_way = view.phase is not Phase.READY
        setup = DominoSetup.of_config(view.config)
        table = cls(app, setup, "online", session=session, restored=None)
        table.config = view.config
        table._resumed = under_way
        table.rename(names)
        return table

    def rename(self, names: Sequence[str]) -> None:
        self.names = tuple(names)

    @classmethod
    def resumed(cls, app: App, state: Any, home: Scene | None = None) -> DominoTable:
        """The saved match ``state``, ready to go on; ``ValueError`` when it is unusable."""
        restored = restore_match(state)
        iterations = restored.own.iterations
        return cls(
            app, restored.setup, restored.seed, home=home, iterations=iterations, restored=restored
        )

    # -- what the table reads ---------------------------------------------------------
    def view(self) -> Observation:
        view: Observation = super().view()
        return view

    observation = view

    @property
    def match(self) -> DominoMatch:
        """The engine of a match run here (checks and tests read it)."""
        return self.local_engine(DominoMatch)

    @property
    def thinking(self) -> bool:
        """A bot's move is under way: decided and waiting for its pace, or being thought."""
        if self.local is None:
            return False
        return self.local.thinking or any(bot.pending for bot in self.bots.values())

    @property
    def finished(self) -> bool:
        return self.view().phase is Phase.OVER

    # -- life cycle -------------------------------------------------------------------
    def started(self) -> None:
        if self._resumed:
            self.after(self.view())
        elif self._deal_later:
            self.rounds.deal_soon()
        else:
            self.rounds.next_round()

    def halt(self) -> None:
        """Leaving: the session, its bots' thinking and the table's own timers stop."""
        super().halt()
        self.ticks.stop()
        self.rounds.stop()

    # -- the match's events -----------------------------------------------------------
    def hear(self, events: Sequence[Any]) -> None:
        """Every batch of events, whoever caused it: a move, a time-out, a deal."""
        view = self.view()
        if view.step == 1:
            self.opening = list(events)
        narrated: list[Message] = []

        def narrating(batch: Sequence[Any], view: Any, names: Sequence[str]) -> list[Message]:
            said = narrate(batch, view, names)
            narrated.extend(said)
            return said

        # the tile under the cursor is the table's words: the watchers get the narration alone
        spoken = self.controls.heard(events, view, self.names, narrating)
        self.post_narration(narrated, spoken)
        self.after(view)

    # -- saving -----------------------------------------------------------------------
    def match_state(self) -> dict[str, Any]:
        """The snapshot of this match, as the autosave writes it."""
        own = Own(self.iterations, self.rounds.paused)
        return match_state(
            self.setup, self.seed, self.match, self.bots, self.controls, own, self._snapshots
        )

    def summary(self) -> dict[str, Any]:
        return summary(self.match)

    def after(self, view: Observation) -> None:
        """Whose move is next: mine (its last seconds ticked), a bot's (the session
        plays it), or the manche is over."""
        phase = view.phase
        self.ticks.to(view.turn_deadline if view.my_turn else None, view.config.thinking_time)
        if phase is Phase.BETWEEN:
            self.rounds.ended()
        elif phase is Phase.OVER:
            online = "" if self.beside is None else "-online"
            self.post(Message(f"domino-game-over-keys{online}"))

    def _between(self) -> bool:
        return bool(self.view().phase is Phase.BETWEEN)

    # -- thinking time ----------------------------------------------------------------
    def _tick(self, left: int, first: bool) -> None:
        """One of my turn's last seconds: a tick; without sounds the first of them is
        said in words, so "Time is up" never comes without a warning."""
        self.cue("timer_tick")
        if first and not self.app.announcer.audible():
            self.post(Message("domino-whose-turn-you-time", {"n": left}, kind="turn"))

    def own_time(self) -> bool:
        """My turn: my questions' answers are part of my thinking time."""
        view = self.session.view()
        return view is not None and bool(view.my_turn)

    # -- keys -------------------------------------------------------------------------
    def on_key(self, key: Key) -> bool:
        """Domino's keys are ``DominoControls``' (a web page's listener reads the same);
        Enter between manches and at the end, and Shift+P, are this table's."""
        if key.shift and key.letter == "p":
            self.rounds.toggle()
            return True
        order = self.controls.order
        if not self.press(key, self.now()):
            if key.key not in keys.ENTER:
                return False
            self.enter_at_rest()  # while a manche is under way, Enter off a tile is silent
            return True
        if self.controls.order != order:
            keep_order(self.app, self.controls.order)
        return True

    def on_escape(self) -> None:
        cancelled = self.controls.cancel_choice()
        if cancelled is not None:
            self.post(cancelled)
            return
        super().on_escape()

    def ask_leave(self) -> None:
        from audiogame.ui.games.domino.table_menu import TableMenu

        self.cue("menu_select")
        self.app.push(TableMenu(self.app, self))

    def next_table(self, seed: int | str) -> DominoTable:
        table = DominoTable(self.app, self.setup, seed, home=self.home, iterations=self.iterations)
        table.controls.order = self.controls.order  # the player's order goes on
        return table

    # -- actions ----------------------------------------------------------------------
    def apply(self, seat: int | None, action: Action) -> None:
        """An action of mine (``HUMAN``) or of the table (``None``: deal the next manche);
        checks and walks play through it."""
        if seat is None:
            self.session.next_round()
        else:
            self.act(action)


def saved_order(app: App) -> str:
    """The sort order the player chose last (settings ``tables["domino"]``), else the first."""
    order = app.settings.tables.get(GAME_ID, {}).get("order")
    return order if order in SORT_IDS else SORT_IDS[0]


def keep_order(app: App, order: str) -> None:
    """Remember ``order`` for the next matches and the next runs (written off the loop)."""
    app.settings.tables.setdefault(GAME_ID, {})["order"] = order
    app.save_settings()


def resume(app: App, state: Any) -> Scene:
    """The main menu's way back into a saved match (raises when it cannot be rebuilt)."""
    return DominoTable.resumed(app, state, home=app.top)
