"""Any game's table, driven by its controls: ``GameTable``.

A game gives rules, words and controls (``GameSpec.controls``); this scene
gives the rest, for any game: its keys go to the controls (the same ones a web
page's listener drives), each batch of events is narrated through them
(``Controls.heard``), a refusal is worded by them, the window shows the game's
board with their focus, and "where am I" adds their ``where``. What
``TableScene`` holds (the session, pacing by speech, the pause between rounds,
my turn's ticks, leaving, the next match, autosave) it inherits.

Offline the match runs here (``LocalSeat``): the engine from the setup
(``TableChoices.engine_config``, ``new_engine``), a bot at every seat but mine,
made by ``make_bot`` from its level and the table's bot settings (plain data:
the pace the setup chose, the game's ``bot_settings`` read as the match starts,
such as a search's budget). The seats are named by the game's ``bot_names``
(the player's own seat has no name: narration says "you"), else "Bot 2"…
Online it runs on a server and the session is the online seat's (``online``).
Saving is the app's (``core.match_save``): the engine's ``to_dict``, each bot's
``state``, the seating, the game time, the controls' ``state`` and the table's
own (the bot settings, the pause asked between rounds); a game adds nothing to
be resumed (``resume``). A game that keeps an older save format of its own
(Domino) overrides ``match_state`` and rebuilds a ``Restored`` from it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from audiogame.app.scene import Scene
from audiogame.core.contract import Bot, Engine, GameSpec
from audiogame.core.controls import Controls
from audiogame.core.match_save import kind, open_match, view_of
from audiogame.core.narration import Message
from audiogame.core.saving import BotStates, seal
from audiogame.core.seat import LocalSeat, SeatSession
from audiogame.core.session import Concerned
from audiogame.ui.confirm import ConfirmScene
from audiogame.ui.seating import Seating, TableChoices
from audiogame.ui.table import TableScene

if TYPE_CHECKING:
    from audiogame.app.loop import App

#: the seat of the player at a table of this machine
ME = 0
#: the saved match's version (of this envelope's own parts)
VERSION = 1


@dataclass
class Restored:
    """A saved match rebuilt: its setup, engine, bots, game time, controls and the
    table's own part (the bot settings, the pause asked between rounds)."""

    setup: TableChoices
    seed: int | str
    engine: Engine
    bots: Mapping[int, Bot]
    clock: float
    controls: Controls
    paused: bool = False
    bot_settings: dict[str, Any] = field(default_factory=dict)


class GameTable(TableScene):
    #: seconds a resumed match stands still while where it stands is said (a race)
    resume_grace: float = 0.0
    #: the seats whose bots a batch of events concerns (None: ask them all)
    concerned: Concerned | None = None

    def __init__(
        self,
        app: App,
        spec: GameSpec,
        seating: TableChoices | None,
        seed: int | str,
        *,
        home: Scene | None = None,
        session: SeatSession | None = None,
        restored: Restored | None = None,
        bot_settings: Mapping[str, Any] | None = None,
    ) -> None:
        assert spec.narrate is not None
        self.spec = spec
        self.game_id = spec.id
        self.keys_id = f"keys-{spec.id}-table"
        self.rules_doc = spec.guide
        self.stops_under_menus = spec.realtime is None
        self.seating = seating
        #: what the bots are made with beside their level (kept in the saved match)
        self.bot_settings = dict(
            bot_settings
            if bot_settings is not None
            else restored.bot_settings
            if restored is not None
            else new_bot_settings(spec, seating)
        )
        self.bots: dict[int, Bot] = {}
        if session is None:
            assert seating is not None
            session = self._local(app, seating, seed, restored)
        controls = spec.controls() if restored is None else restored.controls
        super().__init__(app, session, controls, seed=seed, home=home, resumed=bool(restored))
        if self.rounds is not None and restored is not None:
            self.rounds.paused = restored.paused
        self.names: Sequence[str] = seat_names(app, spec, seating.players if seating else 0)
        self._states = BotStates()

    def _local(
        self, app: App, seating: TableChoices, seed: int | str, restored: Restored | None
    ) -> LocalSeat:
        clock = None if restored is None else restored.clock
        time = self.game_time(app, clock, self.resume_grace)
        if restored is None:
            engine = self.new_engine(seating, seed, time.clock.now())
            self.bots = self.new_bots(seating, seed)
        else:
            engine, self.bots = restored.engine, dict(restored.bots)
        return self.local_seat(app, engine, time, self.bots, ME, self.concerned)

    def new_engine(self, seating: TableChoices, seed: int | str, start: float) -> Engine:
        """A new match of the setup's configuration (a table may deal it its own way)."""
        assert self.spec.new_engine is not None
        return self.spec.new_engine(seating.engine_config(self.spec), seed, start)

    def new_bots(self, seating: TableChoices, seed: int | str) -> dict[int, Bot]:
        """A new match's bots (a table may seat others: a practice round's slow ones)."""
        return made_bots(self.spec, seating, seed, self.bot_settings)

    def rename(self, names: Sequence[str]) -> None:
        self.names = list(names)

    def seat_names(self) -> Sequence[str]:
        return self.names

    # -- what the table says ----------------------------------------------------------
    def first_words(self) -> list[Message]:
        return []

    def hear(self, batch: Sequence[Any]) -> None:
        """A batch narrated through the controls (which may add words of their own, a
        cursor's: the watchers get the narration alone)."""
        narrate = self.spec.narrate
        assert narrate is not None
        narrated: list[Message] = []

        def narrating(events: Sequence[Any], view: Any, names: Sequence[str]) -> list[Message]:
            said = narrate(events, view, names)
            narrated.extend(said)
            return said

        spoken = self.controls.heard(batch, self.session.view(), self.names, narrating)
        self.post_narration(narrated, spoken)

    def apply(self, seat: int | None, action: Any) -> None:
        """An action of mine (``ME``) or of the table (``None``: deal the next round);
        checks and walks play through it."""
        if seat is None:
            self.session.next_round()
        else:
            self.act(action)

    # -- leaving, the next match ----------------------------------------------------------
    def ask_leave(self) -> None:
        self.app.push(ConfirmScene(self.app, "table-confirm-leave", self.leave))

    def next_table(self, seed: int | str) -> Scene:
        return GameTable(self.app, self.spec, self.seating, seed, home=self.home)

    # -- saving ---------------------------------------------------------------------------
    def match_state(self) -> dict[str, Any]:
        engine = self.engine
        assert engine is not None and self.seating is not None
        view = view_of(self.now(), self.controls, self.own())
        setup = self.seating.to_dict()
        bots = self._states.of(self.bots)
        return seal(kind(self.spec), VERSION, setup, self.seed, engine.to_dict(), bots, view)

    def own(self) -> dict[str, Any]:
        """The table's own part of the save: the bot settings, the pause asked."""
        own: dict[str, Any] = {}
        if self.bot_settings:
            own["bots"] = self.bot_settings
        if self.rounds is not None and self.rounds.paused:
            own["pause"] = True
        return own

    def summary(self) -> dict[str, Any]:
        return {}


def new_bot_settings(spec: GameSpec, seating: TableChoices | None) -> dict[str, Any]:
    """A new match's bot settings: the game's (read now) and the setup's (the pace)."""
    settings = {} if spec.bot_settings is None else dict(spec.bot_settings())
    return settings | ({} if seating is None else seating.bot_settings())


def made_bots(
    spec: GameSpec, seating: TableChoices, seed: int | str, settings: Mapping[str, Any]
) -> dict[int, Bot]:
    """A bot at every seat but mine, of the level the setup chose."""
    assert spec.make_bot is not None
    return {
        seat: spec.make_bot(seat, seating.level(seat - 1), seed, **settings)
        for seat in range(1, seating.players)
    }


def seat_names(app: App, spec: GameSpec, players: int) -> Sequence[str]:
    """The seats' names: the game's bots' (mine unnamed), else "You", "Bot 2"…"""
    if spec.bot_names:
        return ("", *spec.bot_names[: players - 1])
    me = app.localizer("setup-seat-you")
    return [me, *(app.localizer("bot-name", n=seat + 1) for seat in range(1, players))]


def online(spec: GameSpec, app: App, session: SeatSession, names: Sequence[str]) -> GameTable:
    """The table of a match played on a server, heard from ``session``'s seat;
    joining a match under way, it says where the match stands first."""
    table = GameTable(app, spec, None, "online", session=session)
    table._resumed = True
    table.rename(names)
    return table


def restore_match(spec: GameSpec, state: Any) -> Restored:
    """The match ``state`` describes, exactly; ``ValueError`` when it cannot be."""
    saved = open_match(spec, state, VERSION)
    seating = Seating.from_dict(spec, saved.setup)
    if seating.to_dict() != saved.setup or saved.engine.seats != seating.players:
        raise ValueError("the seating is not the match's")
    own = saved.own
    settings, paused = own.get("bots", {}), own.get("pause", False)
    if not set(own) <= {"bots", "pause"} or not isinstance(settings, dict):
        raise ValueError("bad table view")
    if type(paused) is not bool:
        raise ValueError("bad table view")
    bots = saved.bots(made_bots(spec, seating, saved.seed, settings))
    return Restored(
        seating, saved.seed, saved.engine, bots, saved.clock, saved.controls, paused, settings
    )


def resume(spec: GameSpec, app: App, state: Any) -> Scene:
    """The main menu's way back into a saved match (raises when it cannot be rebuilt)."""
    restored = restore_match(spec, state)
    return GameTable(app, spec, restored.setup, restored.seed, home=app.top, restored=restored)
