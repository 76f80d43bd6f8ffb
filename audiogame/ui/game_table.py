"""Any game's table, driven by its controls: ``GameTable``.

A game gives rules, words and controls (``GameSpec.controls``); this scene
gives the rest, for any game: its keys go to the controls (the same ones a web
page's listener drives), each batch of events is narrated through them
(``Controls.heard``), a refusal is worded by them, the window shows the game's
board with their focus, and "where am I" adds their ``where``. What
``TableScene`` holds (the session, pacing by speech, leaving, the next match,
autosave) it inherits.

Offline the match runs here (``LocalSeat``: the engine from ``new_engine``, a
bot from ``make_bot`` at every seat but mine); online it runs on a server and
the session is the online seat's. Saving is the app's (``ui.match_save``): the
engine's ``to_dict``, each bot's ``state``, the seating, the game time and the
controls' ``state``; a game adds nothing to be resumed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from audiogame.app.scene import Scene
from audiogame.core.contract import Bot, GameSpec
from audiogame.core.match_save import Saved, kind, open_match, view_of
from audiogame.core.narration import Message
from audiogame.core.saving import BotStates, seal
from audiogame.core.seat import LocalSeat, SeatSession
from audiogame.ui.confirm import ConfirmScene
from audiogame.ui.seating import Seating
from audiogame.ui.table import TableScene

if TYPE_CHECKING:
    from audiogame.app.loop import App

#: the seat of the player at a table of this machine
ME = 0
#: the saved match's version (of this envelope's own parts)
VERSION = 1


class GameTable(TableScene):
    def __init__(
        self,
        app: App,
        spec: GameSpec,
        seating: Seating | None,
        seed: int | str,
        *,
        home: Scene | None = None,
        session: SeatSession | None = None,
        restored: Restored | None = None,
    ) -> None:
        assert spec.narrate is not None
        self.spec = spec
        self.game_id = spec.id
        self.keys_id = f"keys-{spec.id}-table"
        self.rules_doc = spec.guide
        self.stops_under_menus = spec.realtime is None
        self.seating = seating
        self.bots: dict[int, Bot] = {}
        if session is None:
            assert seating is not None
            session = self._local(app, seating, seed, restored)
        controls = spec.controls() if restored is None else restored.controls
        super().__init__(app, session, controls, seed=seed, home=home, resumed=bool(restored))
        me = app.localizer("setup-seat-you")
        players = seating.players if seating is not None else 0
        self.names = [me, *(app.localizer("bot-name", n=s + 1) for s in range(1, players))]
        self._states = BotStates()

    def _local(
        self, app: App, seating: Seating, seed: int | str, restored: Restored | None
    ) -> LocalSeat:
        spec = self.spec
        time = self.game_time(app, None if restored is None else restored.clock)
        if restored is None:
            assert spec.new_engine is not None and spec.make_bot is not None
            engine = spec.new_engine(seating.config(spec), seed, time.clock.now())
            self.bots = {
                seat: spec.make_bot(seat, level, seed)
                for seat, level in enumerate(seating.levels, start=1)
            }
        else:
            engine, self.bots = restored.engine, restored.bots
        return self.local_seat(app, engine, time, self.bots, ME)

    @classmethod
    def online(
        cls, spec: GameSpec, app: App, session: SeatSession, names: Sequence[str]
    ) -> GameTable:
        """The table of a match played on a server, heard from ``session``'s seat;
        joining a match under way, it says where the match stands first."""
        table = cls(app, spec, None, "online", session=session)
        table._resumed = True
        table.rename(names)
        return table

    def rename(self, names: Sequence[str]) -> None:
        self.names = list(names)

    def seat_names(self) -> Sequence[str]:
        return self.names

    # -- what the table says ----------------------------------------------------------
    def first_words(self) -> list[Message]:
        return []

    def hear(self, batch: Sequence[Any]) -> None:
        narrate = self.spec.narrate
        assert narrate is not None
        for message in self.controls.heard(batch, self.session.view(), self.names, narrate):
            self.post(message)

    # -- leaving, the next match ----------------------------------------------------------
    def ask_leave(self) -> None:
        self.app.push(ConfirmScene(self.app, "table-confirm-leave", self.leave))

    def next_table(self, seed: int | str) -> Scene:
        return GameTable(self.app, self.spec, self.seating, seed, home=self.home)

    # -- saving ---------------------------------------------------------------------------
    def match_state(self) -> dict[str, Any]:
        engine = self.engine
        assert engine is not None and self.seating is not None
        view = view_of(self.now(), self.controls, {})
        setup = self.seating.to_dict()
        bots = self._states.of(self.bots)
        return seal(kind(self.spec), VERSION, setup, self.seed, engine.to_dict(), bots, view)

    def summary(self) -> dict[str, Any]:
        return {}


class Restored:
    """A saved match rebuilt: its seating, engine, bots, game time and controls."""

    def __init__(self, seating: Seating, saved: Saved, bots: dict[int, Bot]) -> None:
        self.seating, self.seed, self.engine, self.bots = seating, saved.seed, saved.engine, bots
        self.clock, self.controls = saved.clock, saved.controls


def restore_match(spec: GameSpec, state: Any) -> Restored:
    """The match ``state`` describes, exactly; ``ValueError`` when it cannot be."""
    saved = open_match(spec, state, VERSION)
    seating = Seating.from_dict(spec, saved.setup)
    if seating.to_dict() != saved.setup or saved.engine.seats != seating.players:
        raise ValueError("the seating is not the match's")
    assert spec.make_bot is not None
    made = {
        seat: spec.make_bot(seat, level, saved.seed)
        for seat, level in enumerate(seating.levels, start=1)
    }
    return Restored(seating, saved, saved.bots(made))


def resume(spec: GameSpec, app: App, state: Any) -> Scene:
    """The main menu's way back into a saved match (raises when it cannot be rebuilt)."""
    restored = restore_match(spec, state)
    table = GameTable(app, spec, restored.seating, restored.seed, home=app.top, restored=restored)
    return table
