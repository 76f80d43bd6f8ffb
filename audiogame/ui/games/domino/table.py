"""The domino table: what only Domino's table does (``GameTable`` holds the rest).

Its keys, its words for a batch and a refusal, where it stands, the board's
cursor (said with each batch), my turn's clock and the sort order the player
keeps across matches are ``DominoControls``' (the one key map, a web page's
listener drives the same); the bots (of ``GameSpec.make_bot``, with the setup's
pace and the hard bots' budget), the pause between manches (``ui.rounds``,
Shift+P), the ticks of my last seconds and the online and resumed tables are the
app's, with Domino's words and gap. What is left here: Domino's save format
(``games.domino.saving``, on the app's ``core.match_save``: saves of before
resume), the table menu at Escape (``table_menu``), and the typed views checks
and tests read.

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
from audiogame.core.seat import SeatSession
from audiogame.games.domino.controls import MANCHE_GAP, DominoControls
from audiogame.games.domino.engine import DominoMatch
from audiogame.games.domino.observation import Observation, Phase
from audiogame.games.domino.saving import Own, SnapshotCache, match_state, restore_match, summary
from audiogame.games.domino.spec import SPEC
from audiogame.games.domino.table_setup import DominoSetup
from audiogame.ui.game_table import GameTable, Restored, new_bot_settings
from audiogame.ui.rounds import Rounds

if TYPE_CHECKING:
    from audiogame.app.loop import App

GAME_ID = "domino"
__all__ = ["MANCHE_GAP", "DominoTable", "resume"]


class DominoTable(GameTable):
    controls: DominoControls
    rounds: Rounds
    messages_file = "domino.ftl"

    def __init__(
        self,
        app: App,
        setup: DominoSetup,
        seed: int | str,
        *,
        home: Scene | None = None,
        iterations: int | None = None,
        deal_at_first_frame: bool = False,
        restored: Restored | None = None,
        session: SeatSession | None = None,
    ) -> None:
        self.setup = setup
        self.config = setup.config()
        bots = new_bot_settings(SPEC, setup) | (
            {} if iterations is None else {"iterations": iterations}
        )
        #: the hard bots' budget of deals (the game's ``bot_settings``, unless given)
        self.iterations: int = bots["iterations"]
        super().__init__(
            app, SPEC, setup, seed, home=home, session=session, restored=restored, bot_settings=bots
        )
        #: my seat (None: watching); offline always ``HUMAN``
        self.me = self.session.seat
        self._snapshots = SnapshotCache()
        self.deal_later = deal_at_first_frame
        #: the first deal's events, for a watcher that comes after it
        self.opening: list[Any] = []

    @classmethod
    def online(cls, app: App, session: SeatSession, names: Sequence[str]) -> DominoTable:
        """The table of a match played on a server, seen from ``session``'s seat (a
        spectator's when it has none); ``names``: every seat's name. Joining a match
        under way, it says where the match stands first."""
        view: Observation = session.view()
        table = cls(app, DominoSetup.of_config(view.config), "online", session=session)
        table.config = view.config
        table._resumed = view.phase is not Phase.READY
        table.rename(names)
        return table

    @classmethod
    def resumed(cls, app: App, state: Any, home: Scene | None = None) -> DominoTable:
        """The saved match ``state``, ready to go on; ``ValueError`` when it is unusable."""
        saved = restore_match(state)
        setup, own, match = saved.setup, saved.own, saved.match
        restored = Restored(setup, saved.seed, match, saved.bots, match.now, saved.controls)
        restored.paused = own.pause
        return cls(app, setup, saved.seed, home=home, iterations=own.iterations, restored=restored)

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
        return self.local.thinking or any(getattr(b, "pending", 0) for b in self.bots.values())

    def hear(self, events: Sequence[Any]) -> None:
        if self.view().step == 1:
            self.opening = list(events)
        super().hear(events)

    # -- saving, in Domino's own format -------------------------------------------------
    def match_state(self) -> dict[str, Any]:
        """The snapshot of this match, as the autosave writes it."""
        own = Own(self.iterations, self.rounds.paused)
        return match_state(
            self.setup, self.seed, self.match, self.bots, self.controls, own, self._snapshots
        )

    def summary(self) -> dict[str, Any]:
        return summary(self.match)

    # -- leaving, the next match ----------------------------------------------------------
    def ask_leave(self) -> None:
        from audiogame.ui.games.domino.table_menu import TableMenu

        self.cue("menu_select")
        self.app.push(TableMenu(self.app, self))

    def next_table(self, seed: int | str) -> DominoTable:
        return DominoTable(self.app, self.setup, seed, home=self.home, iterations=self.iterations)


def resume(app: App, state: Any) -> Scene:
    """The main menu's way back into a saved match (raises when it cannot be rebuilt)."""
    return DominoTable.resumed(app, state, home=app.top)
