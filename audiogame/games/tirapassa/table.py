"""The race: keys become engine actions, events become speech and sound.

``TiraTable(app, setup, seed)`` runs one game through a ``TableSession``
(``games.session``) on game time over ``app.scheduler`` (dice in flight, bots'
reactions, the round flow) and hands every batch of events to ``narrate``
with my observation after it. Nothing ever pauses the race: game time is never
paused, queries answer at once, interrupting, and the game clock goes on.

Delivery: every message goes to the app's one speech queue (the
``Announcer``, through ``Scene.post``), which waits the delay of ``Later``
sounds, plays other players' sounds softer and thinned, and speaks. My own
results interrupt and are spoken the moment the engine reports them; every
other message of the frame is queued and spoken at the frame's end. So my
result never silences a bot's Stop that happened in the same frame: the Stop
follows it.

The first landing must be as quick to speak as the hundredth, so entering the
table compiles this game's Fluent messages ahead, between frames (``Localizer.warm_task``).

Saving: after every frame in which the game changed (my action, a bot's, the
engine's timeline) the table hands ``app.autosave`` its snapshot
(``saving.match_state``); the end of the game discards it; Ctrl+S saves at
once (``save_match``: the table is ``Saveable``). ``resume(app, state)``
rebuilds the saved match: the game time goes on from the saved instant on
``GameScheduler`` (the app's clock, shifted), after ``RESUME_GRACE`` seconds
in which the situation is spoken (read from the observation: no history is
replayed into narration). Practice rounds are never saved.

Escape asks "leave the game?" while the race goes on (a real table does not
stop for one player); at the end of the game Escape leaves at once and Enter
starts a new game with the same table. A practice table (``practice=True``)
plays one round against slow bots and then waits for Enter or Escape.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from audiogame.app.gametime import GameScheduler
from audiogame.app.keys import Key
from audiogame.games.session import TableSession
from audiogame.games.tirapassa.actions import Action, Refusal, Send, Throw
from audiogame.games.tirapassa.bots import TiraBot, bots_for, seats_concerned
from audiogame.games.tirapassa.coasters import Coaster
from audiogame.games.tirapassa.engine import TiraGame
from audiogame.games.tirapassa.events import (
    DiePassed,
    DieToTray,
    GameEnded,
    Landed,
    RoundEnded,
    TiraEvent,
)
from audiogame.games.tirapassa.narrate import (
    coaster_args,
    faces,
    narrate,
    refusal_message,
    side,
    symbol,
    symbol_cue,
    tally,
    who,
)
from audiogame.games.tirapassa.observation import Phase, TiraObservation
from audiogame.games.tirapassa.rules import Destination
from audiogame.games.tirapassa.saving import Restored, match_state, restore_match, summary
from audiogame.games.tirapassa.symbols import Symbol, symbol_for_key
from audiogame.games.tirapassa.table_setup import HUMAN, TableSetup
from audiogame.narration import Join, Message, Phrase
from audiogame.ui.confirm import ConfirmScene
from audiogame.ui.hand_cursor import HandCursor
from audiogame.ui.scene import Scene

if TYPE_CHECKING:
    from audiogame.app.loop import App

#: letters that send the focused die somewhere (S/L left, D/R right, V tray)
SEND_LETTERS: dict[str, Destination] = {
    "s": Destination.LEFT,
    "l": Destination.LEFT,
    "d": Destination.RIGHT,
    "r": Destination.RIGHT,
    "v": Destination.TRAY,
}


#: seconds a resumed race stands still while its situation is spoken
RESUME_GRACE = 3.0
GAME_ID = "tira"


def new_seed(app: App) -> int:
    """The app's seed when given (tests, replays), else a fresh one."""
    return app.seed if app.seed is not None else random.SystemRandom().randrange(2**31)


class TiraTable(Scene):
    game_id = GAME_ID
    title_id = "at-table"  # said on coming back from the leave question or the guide
    keys_id = "keys-tira-table"
    rules_doc = "tira"
    letters_are_commands = True

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
    ) -> None:
        super().__init__(app)
        self.setup = setup
        self.seed = seed
        self.practice = practice
        self.home = home
        self.config = setup.config(practice)
        self.names = setup.names()
        self.session: TableSession | None = None
        self._game: TiraGame | None = None
        self._bots: dict[int, TiraBot] = {}
        self.scheduler: GameScheduler | None = None  # game time: the race's clock
        #: the die my arrows are on, by its place in my hand (dice have no identity)
        self.die_cursor: HandCursor[int] = HandCursor(0)
        self.finished = False  # game over, or the practice round played
        self._script = (pile, tuple(faces))
        self._restored: Restored | None = None
        self._dirty = False  # the game changed since the last autosave
        #: called with every batch of events (benchmarks and checks watch the match)
        self.watchers: list[Callable[[Sequence[TiraEvent]], None]] = []
        self._letters: dict[str, Callable[[], None]] = {
            "g": self.ask_supreme,
            "c": self.ask_coaster,
            "h": self.ask_my_dice,
            "e": self.ask_everyone,
            "p": self.ask_standings,
        }

    @classmethod
    def resumed(cls, app: App, state: Any, home: Scene | None = None) -> TiraTable:
        """The saved match ``state``, ready to go on; ``ValueError`` when it is unusable."""
        restored = restore_match(state)
        table = cls(app, restored.setup, restored.seed, home=home)
        table._restored = restored
        table.cursor = restored.cursor
        return table

    # -- life cycle -------------------------------------------------------------------
    def on_enter(self) -> None:
        self.app.idle_tasks.append(self.app.localizer.warm_task("tira.ftl"))
        if self._restored is not None:
            self._resume_session(self._restored)
            self._restored = None
        else:
            self._new_session()
        if self.practice:
            self.post(Message("tira-practice-start", kind="turn"))
        assert self.session is not None
        self.session.start()

    def _new_session(self) -> None:
        scheduler = GameScheduler(self.app.scheduler)
        pile, script_faces = self._script
        game = TiraGame(
            self.config, self.seed, start_at=scheduler.clock.now(), pile=pile, faces=script_faces
        )
        self._play(game, scheduler, bots_for(self.config, self.seed))

    def _resume_session(self, saved: Restored) -> None:
        """The saved game goes on from its saved instant, after a moment to hear where it is."""
        offset = self.app.clock.now() + RESUME_GRACE - saved.clock
        scheduler = GameScheduler(self.app.scheduler, offset, start=saved.clock)
        for message in self.situation(saved.game):
            self.post(message)
        self._play(saved.game, scheduler, saved.bots)

    def _play(self, game: TiraGame, scheduler: GameScheduler, bots: dict[int, TiraBot]) -> None:
        self._game, self.scheduler, self._bots = game, scheduler, bots
        self.session = TableSession(
            game, scheduler, dict(bots), self.on_events, concerned=seats_concerned
        )

    def situation(self, game: TiraGame) -> list[Message]:
        """Where the resumed match stands: round, big die, my coaster, my dice, the scores."""
        obs = game.observation(HUMAN)
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
        standings = {"tally": tally(obs.won_counts, HUMAN, self.names), "pile": obs.pile_size}
        said.append(Message("tira-standings", standings, kind="turn"))
        return said

    def on_exit(self) -> None:
        self._halt()

    def on_language_changed(self) -> None:
        self.app.idle_tasks.append(self.app.localizer.warm_task("tira.ftl"))

    def _halt(self) -> None:
        if self.session is not None:
            self.session.stop()  # its delayed sounds end with the scene (the announcer)

    @property
    def engine(self) -> TiraGame | None:
        return self._game

    @property
    def game(self) -> TiraGame:
        assert self._game is not None
        return self._game

    def observation(self) -> TiraObservation:
        return self.game.observation(HUMAN)

    # -- events -> narrator -> announcer ----------------------------------------------
    def on_events(self, events: Sequence[TiraEvent]) -> None:
        self._dirty = True
        for watcher in self.watchers:
            watcher(events)
        view = self.game.observation(HUMAN)
        if any(_changes_my_hand(e) for e in events):
            # after my throw lands (or a die of mine goes) Enter acts on a die that can go
            sendable = view.sendable()
            self.cursor = sendable[0][0] if sendable else 0
        for message in narrate(events, view, self.names):
            self.post(message)
        ended = any(isinstance(e, GameEnded) for e in events)
        if ended or (self.practice and any(isinstance(e, RoundEnded) for e in events)):
            self.finished = True
            follow = "tira-practice-over" if self.practice else "tira-game-over-keys"
            self.post(Message(follow))

    def update(self, now: float) -> None:
        if self.finished and self.practice and self.session is not None:
            self.session.stop()  # one round only: no next round, no bots
        if self._dirty:
            self._dirty = False
            self.autosave()

    # -- saving ---------------------------------------------------------------------
    def match_state(self) -> dict[str, Any]:
        """The snapshot of this match, as the autosave writes it."""
        assert self.scheduler is not None
        clock = self.scheduler.clock.now()
        return match_state(self.setup, self.seed, self.game, self._bots, clock, self.cursor)

    def autosave(self) -> None:
        """Once per frame in which the game changed; the end of the game removes the save."""
        if self.practice or self.session is None:
            return
        if self.game.is_over:
            self.app.end_of_match(GAME_ID)
            return
        self.app.autosave(GAME_ID, self.match_state(), summary(self.game))

    def save_match(self) -> bool:
        """Ctrl+S: the snapshot of this very moment; False when there is nothing to
        save (a practice round, a game that has ended)."""
        if self.practice or self.session is None or self.game.is_over:
            return False
        self._dirty = False
        self.autosave()
        return True

    def answer(self, msg_id: str, cue: str | None = None, **args: Any) -> None:
        """An answer to the player's key: at once, interrupting, never silenced."""
        self.post(Message(msg_id, args, cue=cue, interrupt=True))

    # -- keys -------------------------------------------------------------------------
    def on_key(self, key: Key) -> bool:
        k = key.key
        if self.finished and k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.after_the_end()
            return True
        if k == pygame.K_SPACE:
            self.throw()
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.send(self.cursor, None)
        elif k in (pygame.K_LEFT, pygame.K_RIGHT):
            self.move_cursor(-1 if k == pygame.K_LEFT else 1)
        elif key.digit is not None and key.plain:
            return self.send_symbol(key.digit)
        elif key.plain and key.letter in self._letters:
            self._letters[key.letter]()
        elif key.plain and key.letter in SEND_LETTERS:
            self.send(self.cursor, SEND_LETTERS[key.letter])
        else:
            return False
        return True

    def on_escape(self) -> None:
        if self.finished:
            self.cue("menu_back")
            self.after_the_end(leave=True)
            return
        self.app.push(ConfirmScene(self.app, "tira-confirm-leave", self.leave))

    def leave(self) -> None:
        """Back to the main menu; from a practice round, back to the briefing.

        A match left half-way stays saved, and the main menu offers it at once.
        """
        if not self.practice and self.session is not None and not self.game.is_over:
            self.app.autosave(GAME_ID, self.match_state(), summary(self.game))
        self._halt()
        if not self.practice and self.home is not None and self.home in self.app.scenes:
            self.app.pop_to(self.home)
        else:
            self.app.pop(self)

    def after_the_end(self, leave: bool = False) -> None:
        if self.practice:
            self.app.pop(self)
        elif leave:
            self.leave()
        else:
            seed = self.seed + 1 if isinstance(self.seed, int) else f"{self.seed}+"
            self.app.replace(TiraTable(self.app, self.setup, seed, home=self.home))

    # -- actions ----------------------------------------------------------------------
    def throw(self) -> None:
        action = Throw()
        result = self.session_apply(action)
        if result is Refusal.DICE_IN_THE_AIR:
            self.cue("soft_click")  # hammering the key wins nothing, and says nothing
        elif result is not None:
            self.refuse(result, action)

    def send(self, index: int | Symbol, to: Destination | None) -> None:
        action = Send(index, to)
        refusal = self.session_apply(action)
        if refusal is not None:
            self.refuse(refusal, action)

    def send_symbol(self, digit: int) -> bool:
        face = symbol_for_key(digit)
        if face is None:
            return False
        self.send(face, None)
        return True

    def session_apply(self, action: Action) -> Refusal | None:
        if self.session is None:
            return Refusal.GAME_OVER
        refusal = self.session.apply(HUMAN, action).refusal
        return None if refusal is None else Refusal(refusal)

    def refuse(self, refusal: Refusal, action: Action) -> None:
        if self._game is None:
            self.answer(f"tira-refusal-{refusal.value}", cue="menu_error")
            return
        self.post(refusal_message(refusal, action, self.observation()))

    @property
    def cursor(self) -> int:
        """The place in my hand of the die Enter and the letters act on."""
        return self.die_cursor.focus or 0

    @cursor.setter
    def cursor(self, index: int) -> None:
        self.die_cursor.put(index, index)

    def move_cursor(self, delta: int) -> None:
        obs = self.observation()
        landing = self.die_cursor.step(range(len(obs.hand)), delta)
        if landing is None:
            self.answer("tira-hand-empty", cue="menu_edge")
            return
        target, edge = landing.index, landing.edge
        dest = obs.destination(target)
        where = Phrase("tira-stays") if dest is None else side(dest)
        self.answer(
            "tira-die-at",
            cue="menu_edge" if edge else "menu_move",
            die=symbol(obs.hand[target]),
            pos=target + 1,
            total=len(obs.hand),
            where=where,
        )

    # -- questions, at any time -------------------------------------------------------
    def ask_supreme(self) -> None:
        supreme = self.observation().supreme
        if supreme is None:
            self.answer("tira-no-supreme")
        else:
            self.answer("tira-supreme", cue=symbol_cue(supreme), supreme=symbol(supreme))

    def ask_coaster(self) -> None:
        coaster = self.observation().coaster
        if coaster is None:
            self.answer("tira-no-coaster")
        else:
            self.answer("tira-coaster", **coaster_args(coaster))

    def ask_my_dice(self) -> None:
        self.answer("tira-my-dice", parts=self.my_dice_parts(self.observation()))

    def my_dice_parts(self, obs: TiraObservation) -> Join:
        parts: list[Phrase] = []
        rolled = tuple(f for f in obs.hand if f is not None)
        if rolled:
            parts.append(Phrase("tira-hand", {"faces": faces(rolled)}))
        if len(rolled) < len(obs.hand):
            parts.append(Phrase("tira-unrolled", {"n": len(obs.hand) - len(rolled)}))
        if obs.in_the_air:
            parts.append(Phrase("tira-in-air", {"n": obs.in_the_air}))
        if obs.waiting:
            parts.append(Phrase("tira-waiting", {"n": obs.waiting}))
        if not parts:
            parts.append(Phrase("tira-no-dice-now"))
        return Join(tuple(parts))

    def ask_everyone(self) -> None:
        obs = self.observation()
        listed = tuple(
            Phrase("tira-tally", {"who": who(s, HUMAN, self.names), "n": n})
            for s, n in enumerate(obs.dice_counts)
        )
        self.answer("tira-everyone", list=Join(listed), tray=obs.tray)

    def ask_standings(self) -> None:
        obs = self.observation()
        standings = tally(obs.won_counts, HUMAN, self.names)
        self.answer("tira-standings", tally=standings, pile=obs.pile_size)


def _changes_my_hand(event: TiraEvent) -> bool:
    if isinstance(event, Landed | DieToTray):
        return event.seat == HUMAN
    return isinstance(event, DiePassed) and event.from_seat == HUMAN


def resume(app: App, state: Any) -> Scene:
    """The main menu's way back into a saved match (raises when it cannot be rebuilt)."""
    return TiraTable.resumed(app, state, home=app.top)
