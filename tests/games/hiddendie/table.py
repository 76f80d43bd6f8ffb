"""The table: keys become actions, every batch of events becomes speech and sound.

One ``TableSession`` (``audiogame.games.session``) runs the engine and the bots
on game time; this scene only maps keys and answers questions. Game time
stops while the "leave the game?" question is open.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pygame

from audiogame.app.gametime import GameScheduler
from audiogame.app.keys import Key
from audiogame.games.base import heard_by
from audiogame.games.session import TableSession
from audiogame.ui.confirm import ConfirmScene
from audiogame.ui.scene import Scene

from .actions import Action, Keep, Reroll
from .bot import HiddenDieBot
from .config import GAME_ID
from .engine import HiddenDie
from .events import GameEnded
from .narrate import narrate
from .setup import Setup

ME = 0
BOT_NAMES = ("Anna", "Bruno", "Carla")


def new_seed(app: Any) -> int:
    """The app's seed when it was given one (tests, replays), else a fresh one."""
    seed = getattr(app, "seed", None)
    return seed if seed is not None else random.SystemRandom().randrange(2**31)


class HiddenDieTable(Scene):
    keys_id = "keys-hiddendie-table"
    rules_doc = GAME_ID
    letters_are_commands = True

    def __init__(self, app: Any, setup: Setup, seed: int, home: Scene | None) -> None:
        super().__init__(app)
        self.setup = setup
        self.seed = seed
        self.home = home
        self.time = GameScheduler(app.scheduler)
        self.engine = HiddenDie(setup.config(), seed, self.time.clock.now())
        bots = {s: HiddenDieBot(s, setup.level, seed) for s in range(1, setup.players)}
        self.session = TableSession(self.engine, self.time, bots, self.hear)
        self.keys = {
            pygame.K_r: lambda: self.act(Reroll()),
            pygame.K_k: lambda: self.act(Keep()),
            pygame.K_SPACE: lambda: self.act(Keep()),
            pygame.K_v: self.tell_die,
            pygame.K_s: self.tell_scores,
            pygame.K_t: self.tell_turn,
        }

    @property
    def names(self) -> list[str]:
        return [self.t("hiddendie-player"), *BOT_NAMES[: self.setup.players - 1]]

    # -- life cycle -----------------------------------------------------------------------
    def on_enter(self) -> None:
        self.session.start()

    def on_resume(self) -> None:
        self.time.resume()

    def on_exit(self) -> None:
        self.session.stop()

    # -- what happens ---------------------------------------------------------------------
    def hear(self, events: Sequence[Any]) -> None:
        view = self.engine.observation(ME)
        for message in narrate(heard_by(events, ME), view, self.names):
            self.app.announcer.post(message, owner=self)
        if any(isinstance(e, GameEnded) for e in events):
            self.app.announcer.post_system("hiddendie-game-over-keys")

    def act(self, action: Action) -> None:
        result = self.session.apply(ME, action)
        if result.refusal is not None:
            self.say(f"hiddendie-refusal-{result.refusal.value}", cue="menu_error")

    # -- keys -------------------------------------------------------------------------------
    def on_key(self, key: Key) -> bool:
        if self.engine.is_over and key.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.app.replace(HiddenDieTable(self.app, self.setup, self.seed + 1, self.home))
            return True
        command = self.keys.get(key.key) if key.plain else None
        if command is None:
            return False
        command()
        return True

    def on_escape(self) -> None:
        if self.engine.is_over:
            self.leave()
            return
        self.time.pause()
        self.app.push(ConfirmScene(self.app, "hiddendie-leave-question", self.leave))

    def leave(self) -> None:
        self.cue("menu_back")
        if self.home is not None:
            self.app.pop_to(self.home)
        else:
            self.app.pop(self)

    # -- questions ----------------------------------------------------------------------------
    def tell_die(self) -> None:
        value = self.engine.observation(ME).my_value
        if value:
            self.say("hiddendie-my-die", value=value)
        else:
            self.say("hiddendie-my-die-none")

    def tell_scores(self) -> None:
        view = self.engine.observation(ME)
        parts = [
            self.t("hiddendie-your-score", points=points)
            if seat == ME
            else self.t("hiddendie-score", who=self.names[seat], points=points)
            for seat, points in enumerate(view.scores)
        ]
        self.say("hiddendie-scores", scores=", ".join(parts))

    def tell_turn(self) -> None:
        turn = self.engine.observation(ME).turn
        if turn is None:
            self.say("hiddendie-no-turn")
        elif turn == ME:
            self.say("hiddendie-whose-turn-you")
        else:
            self.say("hiddendie-whose-turn", who=self.names[turn])
