"""The table: keys become actions, every batch of events becomes speech and sound.

A ``TableScene`` (``audiogame.ui.table``) holds what every game's table shares
(its session, leaving, the next match, where am I, game time standing still
while a menu, the guide or the "leave the game?" question covers it); this
scene only maps keys and answers questions. Its ``LocalSeat`` runs the engine
and the bots on game time. Nothing is saved: the game offers no resume.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from audiogame.app.scene import Scene
from audiogame.core import keys
from audiogame.core.gametime import GameScheduler
from audiogame.core.keys import Key
from audiogame.core.seat import LocalSeat
from audiogame.ui.confirm import ConfirmScene
from audiogame.ui.table import TableScene

from .actions import Keep, Reroll
from .bot import HiddenDieBot
from .config import GAME_ID
from .engine import HiddenDie
from .events import GameEnded
from .narrate import narrate
from .observation import View
from .setup import Setup

ME = 0
BOT_NAMES = ("Anna", "Bruno", "Carla")


class HiddenDieTable(TableScene):
    game_id = GAME_ID
    stops_under_menus = True

    def __init__(self, app: Any, setup: Setup, seed: int | str, home: Scene | None) -> None:
        self.setup = setup
        time = GameScheduler(app.scheduler)
        engine = HiddenDie(setup.config(), seed, time.clock.now())
        bots = {s: HiddenDieBot(s, setup.level, seed) for s in range(1, setup.players)}
        super().__init__(app, LocalSeat(engine, time, bots, seat=ME), seed=seed, home=home)
        self.keys: dict[int, Callable[[], None]] = {
            "r": lambda: self.act(Reroll()),
            "k": lambda: self.act(Keep()),
            keys.SPACE: lambda: self.act(Keep()),
            "v": self.tell_die,
            "s": self.tell_scores,
            "t": self.tell_turn,
        }

    @property
    def names(self) -> list[str]:
        return [self.t("hiddendie-player"), *BOT_NAMES[: self.setup.players - 1]]

    def view(self) -> View:
        view: View = self.session.view()
        return view

    # -- what the base asks ---------------------------------------------------------------
    @property
    def finished(self) -> bool:
        engine = self.engine
        return engine is not None and engine.is_over

    def kept(self) -> bool:
        return False  # no resume: nothing saved

    def ask_leave(self) -> None:
        self.app.push(ConfirmScene(self.app, "hiddendie-leave-question", self.leave))

    def next_table(self, seed: int | str) -> Scene:
        return HiddenDieTable(self.app, self.setup, seed, self.home)

    def hear(self, batch: Sequence[Any]) -> None:
        for message in narrate(batch, self.view(), self.names):
            self.post(message)
        if any(isinstance(e, GameEnded) for e in batch):
            self.app.announcer.post_system("hiddendie-game-over-keys")

    # -- keys -------------------------------------------------------------------------------
    def on_key(self, key: Key) -> bool:
        if self.finished and key.key in (keys.RETURN, keys.KP_ENTER):
            self.next_match()
            return True
        command = self.keys.get(key.key) if key.plain else None
        if command is None:
            return False
        command()
        return True

    # -- questions ----------------------------------------------------------------------------
    def tell_die(self) -> None:
        value = self.view().my_value
        if value:
            self.say("hiddendie-my-die", value=value)
        else:
            self.say("hiddendie-my-die-none")

    def tell_scores(self) -> None:
        view = self.view()
        parts = [
            self.t("hiddendie-your-score", points=points)
            if seat == ME
            else self.t("hiddendie-score", who=self.names[seat], points=points)
            for seat, points in enumerate(view.scores)
        ]
        self.say("hiddendie-scores", scores=", ".join(parts))

    def tell_turn(self) -> None:
        turn = self.view().turn
        if turn is None:
            self.say("hiddendie-no-turn")
        elif turn == ME:
            self.say("hiddendie-whose-turn-you")
        else:
            self.say("hiddendie-whose-turn", who=self.names[turn])
