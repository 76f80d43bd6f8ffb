"""The domino table: what only Domino's table does (``TableScene`` holds the rest).

Its keys, its words for a batch and a refusal, where it stands, the board's
cursor, my turn's clock and the sort order the player keeps across matches are
``DominoControls``' (the one key map, a web page's listener drives the same);
the pause between manches (``ui.rounds``, Shift+P) and the ticks of my last
seconds are the app's, with Domino's words and gap; saving is
``games.domino.saving`` on the app's (``core.match_save``). What is left here:
the bots, the tile under my cursor said with each batch, and Escape's table menu
(``table_menu``).

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
from audiogame.core.narration import Message
from audiogame.core.seat import LocalSeat, SeatSession
from audiogame.games.domino.actions import Action
from audiogame.games.domino.bots import HARD_ITERATIONS, DominoBot, make_bot
from audiogame.games.domino.controls import MANCHE_GAP, DominoControls
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
from audiogame.games.domino.table_setup import HUMAN, DominoSetup
from audiogame.ui.rounds import Rounds
from audiogame.ui.table import TableScene

if TYPE_CHECKING:
    from audiogame.app.loop import App

GAME_ID = "domino"
__all__ = ["MANCHE_GAP", "DominoTable", "resume"]


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
        controls = DominoControls() if restored is None else restored.controls
        super().__init__(app, session, controls, seed=seed, home=home, resumed=bool(restored))
        #: my seat (None: watching); offline always ``HUMAN``
        self.me = session.seat
        self.rounds.paused = restored is not None and restored.own.pause
        self._snapshots = SnapshotCache()
        self.deal_later = deal_at_first_frame
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

    # -- saving -----------------------------------------------------------------------
    def match_state(self) -> dict[str, Any]:
        """The snapshot of this match, as the autosave writes it."""
        own = Own(self.iterations, self.rounds.paused)
        return match_state(
            self.setup, self.seed, self.match, self.bots, self.controls, own, self._snapshots
        )

    def summary(self) -> dict[str, Any]:
        return summary(self.match)

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
        return DominoTable(self.app, self.setup, seed, home=self.home, iterations=self.iterations)

    # -- actions ----------------------------------------------------------------------
    def apply(self, seat: int | None, action: Action) -> None:
        """An action of mine (``HUMAN``) or of the table (``None``: deal the next manche);
        checks and walks play through it."""
        if seat is None:
            self.session.next_round()
        else:
            self.act(action)


def resume(app: App, state: Any) -> Scene:
    """The main menu's way back into a saved match (raises when it cannot be rebuilt)."""
    return DominoTable.resumed(app, state, home=app.top)
