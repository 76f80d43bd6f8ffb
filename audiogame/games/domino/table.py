"""The domino table: keys become engine actions, events become speech and sound.

``DominoTable(app, setup, seed)`` plays one match through a ``TableSession``
(``games.session``) on game time (``GameScheduler``): the session keeps the
engine's deadline (the thinking time running out) and asks the bots after
every batch of events; a bot's move is played at its pace, the hard bot's
search runs in the app's idle slices. Every batch goes through ``narrate``
and is posted to the announcer (queued, never cut off by the next move);
answers to the player's keys interrupt. With thinking time the table ticks in
each of the last five seconds before the engine's deadline.

While another scene covers the table (the table menu, the rules, a question)
game time stands still: no bot moves, no thinking time runs, no manche starts;
it goes on when the table is on top again.

The hand is shown in one of eight sort orders; the cursor follows a tile (by
uid), so re-sorting never loses it. Between manches the next one starts after
``MANCHE_GAP`` seconds or on Enter; Shift+P makes it wait for the player.
Escape opens the table menu (``table_menu``); at the end of the match Enter
starts a new one with the same table and Escape leaves.

Saving: after every frame in which the match changed the table hands
``app.autosave`` its snapshot (``saving.match_state``); the end of the match
discards it; Ctrl+S saves at once (``save_match``: the table is ``Saveable``).
``resume(app, state)`` rebuilds the saved match and says where it stands; game
time goes on from the last step of the log, so a turn in progress (a bot's,
or mine with its thinking time) starts afresh, and a bot decides again from
the same place in its random stream.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from audiogame.app.gametime import GameHandle, GameScheduler
from audiogame.app.keys import Key
from audiogame.games.base import Result
from audiogame.games.domino.actions import DRAW, Action, NextManche, Play, Refusal
from audiogame.games.domino.bots import HARD_ITERATIONS, DominoBot, make_bot
from audiogame.games.domino.engine import DominoMatch
from audiogame.games.domino.events import Drew, TileDrawn, TilePlayed
from audiogame.games.domino.narrate import (
    Seating,
    ends_phrase,
    narrate,
    tally,
    tile_phrase,
    tile_words,
    tiles_phrase,
    who,
)
from audiogame.games.domino.observation import Observation, Phase
from audiogame.games.domino.rules import fit_of
from audiogame.games.domino.saving import (
    Restored,
    SnapshotCache,
    TableState,
    match_state,
    restore_match,
    summary,
)
from audiogame.games.domino.sorting import SORT_IDS, group_by_number, next_order, sort_hand
from audiogame.games.domino.table_setup import HUMAN, DominoSetup
from audiogame.games.domino.tiles import End, Tile
from audiogame.games.session import TableSession
from audiogame.narration import Join, Message, Phrase
from audiogame.ui.hand_cursor import HandCursor
from audiogame.ui.scene import Scene

if TYPE_CHECKING:
    from audiogame.app.loop import App

GAME_ID = "domino"

#: seconds between the end of a manche and the next one, unless Enter comes first
MANCHE_GAP = 8
#: the thinking-time ticks sound in the last seconds of a turn
TICKS = 5

END_LETTERS: dict[str, End] = {"s": End.LEFT, "l": End.LEFT, "d": End.RIGHT, "r": End.RIGHT}
ARROW_ENDS: dict[int, End] = {pygame.K_LEFT: End.LEFT, pygame.K_RIGHT: End.RIGHT}
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


def new_seed(app: App) -> int:
    """The app's seed when given (tests, replays), else a fresh one."""
    seed = app.seed
    return seed if seed is not None else random.SystemRandom().randrange(2**31)


#: a bot's search runs BURST slices in a row, then rests REST seconds (0: never rests)
BURST = 3
REST = 0.004


class Bursts:
    """An idle for the session: background work in bursts of ``burst`` slices with
    a rest of ``rest`` seconds between them, in which the task is off the app's
    idle list, so the loop sleeps in its wait for a key (a process that sleeps
    now and then is woken by a key at once; one that never sleeps waits for the
    CPU on a busy machine)."""

    def __init__(self, app: App, burst: int, rest: float) -> None:
        self.app = app
        self.burst = burst
        self.rest = rest

    def __call__(self, task: Callable[[], bool]) -> None:
        done_in_burst = 0

        def run() -> bool:
            nonlocal done_in_burst
            if task():
                return True
            done_in_burst += 1
            if done_in_burst < self.burst:
                return False
            done_in_burst = 0
            self.app.scheduler.call_later(self.rest, self.app.idle_tasks.append, run)
            return True

        self.app.idle_tasks.append(run)


class DominoTable(Scene):
    game_id = GAME_ID
    keys_id = "keys-domino-table"
    rules_doc = "domino"
    letters_are_commands = True

    def __init__(
        self,
        app: App,
        setup: DominoSetup,
        seed: int | str,
        *,
        home: Scene | None = None,
        iterations: int = HARD_ITERATIONS,
        deal_at_first_frame: bool = False,
    ) -> None:
        super().__init__(app)
        self.setup = setup
        self.seed = seed
        self.home = home
        self.iterations = iterations
        self.config = setup.config()
        self.names = setup.names()
        #: the match's own time: the app's, shifted for a resumed match, stopped under a menu
        self.clock = GameScheduler(app.scheduler)
        self.match = DominoMatch(self.config, seed, start=self.clock.clock.now())
        self.bots: dict[int, DominoBot] = {
            seat: make_bot(seat, level, seed, pace=setup.pace, iterations=iterations)
            for seat, level in enumerate(setup.levels, start=1)
        }
        self.session = self._session()
        #: who listens here and how the table is seated: the words of names and teams
        self.seating = Seating(HUMAN, self.names, setup.teams)
        self.order = SORT_IDS[0]
        #: the tile under the cursor, by uid: re-sorting never loses it
        self.hand_cursor: HandCursor[int] = HandCursor()
        self.group = 0  # index among group_by_number's groups (grouped order)
        self.choosing: int | None = None  # uid waiting for "left or right?"
        self.pause_requested = False
        self._next: GameHandle | None = None
        self._ticks: list[GameHandle] = []
        self._deadline: float | None = None  # the deadline of my turn the ticks count to
        self._restored: Restored | None = None
        self._dirty = False  # the match changed since the last autosave
        self._snapshots = SnapshotCache()
        #: called with every batch of events (benchmarks and checks watch the match)
        self.watchers: list[Callable[[Sequence[Any]], None]] = []
        #: checks push a table outside a frame: the first deal then waits for one, so
        #: that it happens (and is saved) inside a frame, as at a table opened by a key
        self._deal_later = deal_at_first_frame
        #: the first deal's events, for a watcher that comes after it
        self.opening: list[Any] = []
        self._letters: dict[str, Callable[[], None]] = {
            "h": self.ask_hand,
            "c": self.ask_ends,
            "v": self.ask_chain,
            "e": self.ask_counts,
            "t": self.ask_turn,
            "p": self.ask_scores,
        }

    def _session(self) -> TableSession:
        idle = self.app.idle_tasks.append if REST <= 0 else Bursts(self.app, BURST, REST)
        return TableSession(self.match, self.clock, dict(self.bots), self.on_batch, idle=idle)

    @classmethod
    def resumed(cls, app: App, state: Any, home: Scene | None = None) -> DominoTable:
        """The saved match ``state``, ready to go on; ``ValueError`` when it is unusable."""
        restored = restore_match(state)
        table = cls(app, restored.setup, restored.seed, home=home, iterations=restored.iterations)
        # game time goes on from the last step of the log: a turn in progress starts afresh
        saved = restored.match.now
        table.clock = GameScheduler(app.scheduler, app.scheduler.clock.now() - saved, start=saved)
        table.match = restored.match
        table.bots = restored.bots
        table.session = table._session()
        view = restored.table
        table.order, table.focus, table.group = view.order, view.focus, view.group
        table.pause_requested = view.pause
        table._restored = restored
        return table

    # -- life cycle -------------------------------------------------------------------
    def on_enter(self) -> None:
        self.app.idle_tasks.append(self.app.localizer.warm_task("domino.ftl"))
        self.app.key_listeners.append(self._after_key)
        self.session.start()
        if self._restored is None:
            if self._deal_later:
                self._next = self.clock.call_later(0.0, self.next_manche)
            else:
                self.next_manche()
            return
        self._restored = None
        for message in self.situation():
            self.post(message)
        self.after()

    def situation(self) -> list[Message]:
        """Where the resumed match stands: whose turn, the ends, my hand."""
        said = [Message("domino-resumed", {"manche": self.match.manche}, kind="turn", cue="notice")]
        phase, seat = self.match.phase, self.match.current_seat
        limit = self.match.thinking_time
        deadline = self.match.next_deadline()
        if phase is not Phase.PLAYING or seat is None:
            said.append(Message("domino-whose-turn-between", kind="turn"))
        elif seat != HUMAN:
            said.append(Message("domino-whose-turn", {"who": who(self.seating, seat)}, "turn"))
        elif deadline is not None:
            # game time goes on from the last step: the time a turn began, unless a
            # tile was drawn since (then what was left of it)
            left = math.ceil(deadline - self.clock.clock.now())
            if left >= limit:
                said.append(Message("domino-resumed-your-turn-time", {"n": limit}, kind="turn"))
            else:
                said.append(Message("domino-whose-turn-you-time", {"n": left}, kind="turn"))
        else:
            said.append(Message("domino-whose-turn-you", kind="turn"))
        said.append(Message("domino-ask-ends", {"ends": ends_phrase(self.match.ends)}, "turn"))
        n = len(self.observation().hand)
        said.append(Message("domino-resumed-hand", {"n": n}, kind="turn"))
        return said

    def on_language_changed(self) -> None:
        self.app.idle_tasks.append(self.app.localizer.warm_task("domino.ftl"))

    def _after_key(self, key: Key, handled: bool) -> None:
        """Any key that put a scene over the table (the menu, the rules) stops game time."""
        if self.app.top is not self and self in self.app.scenes:
            self.clock.pause()

    def on_resume(self) -> None:
        if self.app.top is self:
            self.clock.resume()

    def on_exit(self) -> None:
        self.halt()

    def halt(self) -> None:
        """Leaving: the session, its bots' thinking and the table's own timers stop."""
        self.session.stop()
        self._stop_ticks()
        if self._next is not None:
            self._next.cancel()
            self._next = None
        if self._after_key in self.app.key_listeners:
            self.app.key_listeners.remove(self._after_key)

    @property
    def engine(self) -> DominoMatch:
        return self.match

    @property
    def thinking(self) -> bool:
        """A bot's move is under way: decided and waiting for its pace, or being thought."""
        return self.session.thinking or any(bot.pending for bot in self.bots.values())

    def observation(self) -> Observation:
        return self.match.observation(HUMAN)

    # -- the engine -------------------------------------------------------------------
    def apply(self, seat: int | None, action: Action) -> Refusal | None:
        """My action (or the table's), at game time now; its refusal or None."""
        result: Result = self.session.apply(seat, action)
        refusal = result.refusal
        return None if refusal is None else Refusal(refusal)

    def on_batch(self, events: Sequence[Any]) -> None:
        """Every batch of events, whoever caused it: a move, a time-out, a deal."""
        self._dirty = True
        if self.match.steps == 1:
            self.opening = list(events)
        for watcher in self.watchers:
            watcher(events)
        self.on_events(events)
        self.after()

    def update(self, now: float) -> None:
        if self._dirty:
            self._dirty = False
            self.autosave()

    # -- saving -----------------------------------------------------------------------
    def match_state(self) -> dict[str, Any]:
        """The snapshot of this match, as the autosave writes it."""
        bots = {seat: bot.state() for seat, bot in self.bots.items()}
        view = TableState(bots, self.order, self.focus, self.group, self.pause_requested)
        return match_state(
            self.setup, self.seed, self.iterations, self.match, view, self._snapshots
        )

    def autosave(self) -> None:
        """Once per frame in which the match changed; the end of the match removes the save."""
        if self.match.is_over:
            self.app.end_of_match(GAME_ID)
            return
        self.app.autosave(GAME_ID, self.match_state(), summary(self.match))

    def save_match(self) -> bool:
        """Ctrl+S: the snapshot of this very moment; False once the match is over."""
        if self.match.is_over:
            return False
        self._dirty = False
        self.autosave()
        return True

    def on_events(self, events: Sequence[Any]) -> None:
        """Narrate a batch; my own moves move the cursor, which says where it landed
        right after my play is told (before what the others did next)."""
        start = 0
        for i, event in enumerate(events):
            if getattr(event, "seat", None) != HUMAN:
                continue
            if isinstance(event, TilePlayed):
                self.narrate(events[start : i + 1])
                start = i + 1
                self.after_my_play()
            elif isinstance(event, TileDrawn):
                self.focus = event.tile.uid
            elif isinstance(event, Drew):
                self.sync_group()
        self.narrate(events[start:])

    def narrate(self, events: Sequence[Any]) -> None:
        for message in narrate(events, self.observation(), self.names):
            self.post(message)

    def after(self) -> None:
        """Whose move is next: mine (its last seconds ticked), a bot's (the session
        plays it), or the manche is over."""
        phase = self.match.phase
        mine = phase is Phase.PLAYING and self.match.current_seat == HUMAN
        if not mine:
            self.choosing = None
        self._tick_to(self.match.next_deadline() if mine else None)
        if phase is Phase.BETWEEN:
            self.between_manches()
        elif phase is Phase.OVER:
            self.post(Message("domino-game-over-keys"))

    def answer(self, msg_id: str, cue: str | None = None, **args: Any) -> None:
        """An answer to the player's key: at once, interrupting."""
        self.post(Message(msg_id, args, cue=cue, interrupt=True))

    def refuse(self, refusal: Refusal) -> None:
        self.answer(f"domino-refusal-{refusal.value}", cue="menu_error")

    # -- between manches --------------------------------------------------------------
    def between_manches(self) -> None:
        if self.pause_requested:
            self.post(Message("domino-paused"))
            return
        self._next = self.clock.call_later(MANCHE_GAP, self.next_manche)
        self.post(Message("domino-next-soon", {"n": MANCHE_GAP}))

    def next_manche(self) -> None:
        if self._next is not None:
            self._next.cancel()
            self._next = None
        self.hand_cursor.reset()
        self.apply(None, NextManche())

    def toggle_pause(self) -> None:
        self.pause_requested = not self.pause_requested
        self.answer("domino-pause-on" if self.pause_requested else "domino-pause-off", "toggle")
        if self.match.phase is not Phase.BETWEEN:
            return
        if self.pause_requested and self._next is not None:
            self._next.cancel()
            self._next = None
        elif not self.pause_requested and self._next is None:
            self._next = self.clock.call_later(MANCHE_GAP, self.next_manche)

    # -- thinking time ----------------------------------------------------------------
    def _tick_to(self, deadline: float | None) -> None:
        """Tick in each of the last seconds before my turn's deadline (the engine's:
        it runs the time-out itself)."""
        if deadline == self._deadline:
            return
        self._stop_ticks()
        self._deadline = deadline
        if deadline is None:
            return
        now = self.clock.clock.now()
        for left in range(min(TICKS, self.match.thinking_time - 1), 0, -1):
            if deadline - left > now:
                self._ticks.append(self.clock.call_at(deadline - left, self.cue, "timer_tick"))

    def _stop_ticks(self) -> None:
        for handle in self._ticks:
            handle.cancel()
        self._ticks.clear()
        self._deadline = None

    # -- the hand and the cursor ------------------------------------------------------
    @property
    def focus(self) -> int | None:
        """The uid of the tile under the cursor (None: the first tile)."""
        return self.hand_cursor.focus

    @focus.setter
    def focus(self, uid: int | None) -> None:
        self.hand_cursor.focus = uid

    def hand(self, obs: Observation | None = None) -> list[Tile]:
        obs = obs or self.observation()
        return sort_hand(self.order, obs.hand, obs.ends)

    def cursor_at(self, hand: Sequence[Tile]) -> int:
        """Where the cursor stands in ``hand`` (the hand in the table's order)."""
        return self.hand_cursor.index([tile.uid for tile in hand])

    def focused(self) -> Tile | None:
        hand = self.hand()
        uid = self.hand_cursor.pin([tile.uid for tile in hand])
        return None if uid is None else hand[self.cursor_at(hand)]

    def after_my_play(self) -> None:
        """The cursor lands on the tile that took the played one's place, and says so."""
        tile = self.focused()
        if tile is not None:
            self.post(Message("domino-focus", {"tile": tile_phrase(tile)}, "own"))

    def speak_tile(self, hand: Sequence[Tile], index: int, edge: bool) -> None:
        tile = hand[index]
        ends = self.match.ends
        self.answer(
            "domino-tile-at",
            cue="menu_edge" if edge else "menu_move",
            tile=tile_phrase(tile),
            pos=index + 1,
            total=len(hand),
            fit=fit_of(tile, ends),
        )

    def move(self, delta: int | None, to: int | None = None) -> None:
        hand = self.hand()
        uids = [tile.uid for tile in hand]
        landing = (
            self.hand_cursor.go(uids, to)
            if to is not None
            else self.hand_cursor.step(uids, delta or 0)
        )
        if landing is None:
            self.answer("domino-hand-empty", cue="menu_edge")
            return
        self.speak_tile(hand, landing.index, edge=landing.edge)

    def sync_group(self) -> None:
        tile = self.focused()
        if tile is None:
            return
        groups = group_by_number(self.observation().hand)
        numbers = [n for n, _ in groups]
        self.group = numbers.index(tile.a) if tile.a in numbers else 0

    def jump_group(self, delta: int) -> None:
        groups = group_by_number(self.observation().hand)
        if not groups:
            self.answer("domino-hand-empty", cue="menu_edge")
            return
        wanted = self.group + delta
        self.group = min(max(wanted, 0), len(groups) - 1)
        number, tiles = groups[self.group]
        self.focus = tiles[0].uid
        cue = "menu_edge" if wanted != self.group else "menu_move"
        self.answer("domino-group", cue=cue, n=number, tiles=tiles_phrase(tiles))

    def set_order(self, order: str) -> None:
        self.focused()  # pin the cursor's tile before the hand moves around it
        self.order = order
        self.answer("domino-sort", cue="toggle", order=Phrase(f"domino-sort-{order}"))
        if order == "grouped":
            self.sync_group()

    # -- keys -------------------------------------------------------------------------
    def on_key(self, key: Key) -> bool:
        if self.choosing is not None and self.choose_end(key):
            return True
        k = key.key
        moves = {pygame.K_UP: -1, pygame.K_DOWN: 1}
        if k in moves and key.plain:
            self.move(moves[k])
        elif k in (pygame.K_HOME, pygame.K_END):
            self.move(None, to=0 if k == pygame.K_HOME else 10_000)
        elif k in ARROW_ENDS:
            if self.order != "grouped":
                self.answer("domino-not-grouped", cue="menu_error")
            else:
                self.jump_group(-1 if k == pygame.K_LEFT else 1)
        elif k in ENTER:
            self.enter()
        elif k == pygame.K_SPACE:
            self.draw()
        elif key.ctrl and key.digit is not None and 1 <= key.digit <= len(SORT_IDS):
            self.set_order(SORT_IDS[key.digit - 1])
        elif key.shift and key.letter == "h":
            self.set_order(next_order(self.order))
        elif key.shift and key.letter == "p":
            self.toggle_pause()
        elif key.plain and key.letter in END_LETTERS:
            self.play(END_LETTERS[key.letter])
        elif key.plain and key.letter in self._letters:
            self._letters[key.letter]()
        else:
            return False
        return True

    def choose_end(self, key: Key) -> bool:
        """The answer to "left or right?"; any other key drops the question."""
        end = ARROW_ENDS.get(key.key) or (END_LETTERS.get(key.letter) if key.plain else None)
        if end is None and key.key in ENTER:
            tile = self.focused()
            if tile is not None:
                self.answer("domino-choose-end", cue="notice", tile=tile_phrase(tile))
            return True
        uid, self.choosing = self.choosing, None
        if end is None:
            return False
        self.focus = uid
        self.play(end)
        return True

    def on_escape(self) -> None:
        if self.choosing is not None:
            self.choosing = None
            self.answer("domino-choose-cancelled", cue="menu_back")
            return
        if self.match.is_over:
            self.cue("menu_back")
            self.leave()
            return
        from audiogame.games.domino.table_menu import TableMenu

        self.cue("menu_select")
        self.app.push(TableMenu(self.app, self))

    def leave(self) -> None:
        self.halt()
        if self.home is not None and self.home in self.app.scenes:
            self.app.pop_to(self.home)
            return
        while self in self.app.scenes:  # no home: close the menus above, then the table
            self.app.pop()

    def enter(self) -> None:
        phase = self.match.phase
        if phase is Phase.BETWEEN:
            self.cue("menu_select")
            self.next_manche()
        elif phase is Phase.OVER:
            self.cue("menu_select")
            seed = self.seed + 1 if isinstance(self.seed, int) else f"{self.seed}+"
            table = DominoTable(
                self.app, self.setup, seed, home=self.home, iterations=self.iterations
            )
            table.order = self.order  # the player's sort order goes on to the next match
            self.app.replace(table)
        else:
            self.play(None)

    # -- actions ----------------------------------------------------------------------
    def play(self, end: End | None) -> None:
        hand = self.hand()
        if not hand:
            self.refuse(self.empty_hand_refusal())
            return
        tile = hand[self.cursor_at(hand)]
        refusal = self.apply(HUMAN, Play(tile.uid, end))
        if refusal is Refusal.CHOOSE_END:
            self.choosing = tile.uid
            self.answer("domino-choose-end", cue="notice", tile=tile_phrase(tile))
        elif refusal is not None:
            self.refuse(refusal)

    def empty_hand_refusal(self) -> Refusal:
        """Why a player without tiles cannot play: out of the match, of the manche, or between."""
        if self.match.is_over:
            return Refusal.MATCH_OVER
        if self.match.is_eliminated(HUMAN):
            return Refusal.ELIMINATED
        if self.match.phase is not Phase.PLAYING:
            return Refusal.MANCHE_OVER
        return Refusal.OUT_OF_MANCHE

    def draw(self) -> None:
        refusal = self.apply(HUMAN, DRAW)
        if refusal is not None:
            self.refuse(refusal)

    # -- questions, at any time -------------------------------------------------------
    def ask_hand(self) -> None:
        hand = self.hand()
        if not hand:
            self.answer("domino-hand-empty")
        else:
            self.answer("domino-hand", n=len(hand), tiles=tiles_phrase(hand))

    def ask_ends(self) -> None:
        self.answer("domino-ask-ends", ends=ends_phrase(self.match.ends))

    def ask_chain(self) -> None:
        chain = self.observation().chain
        if not chain:
            self.answer("domino-chain-empty")
            return
        tiles = Join(tuple(tile_words(p.left, p.right) for p in chain))
        self.answer("domino-chain", n=len(chain), tiles=tiles)

    def ask_counts(self) -> None:
        obs = self.observation()
        listed = tuple(
            Phrase("domino-tally", {"who": who(self.seating, s), "n": n})
            for s, n in enumerate(obs.hand_counts)
            if not obs.eliminated[s]
        )
        self.answer("domino-counts", list=Join(listed), boneyard=obs.boneyard)

    def ask_turn(self) -> None:
        phase, seat = self.match.phase, self.match.current_seat
        if phase is Phase.OVER:
            self.answer("domino-whose-turn-over")
        elif phase is not Phase.PLAYING or seat is None:
            self.answer("domino-whose-turn-between")
        elif seat != HUMAN:
            self.answer("domino-whose-turn", who=who(self.seating, seat))
        elif self._deadline is not None:
            left = max(0, math.ceil(self._deadline - self.clock.clock.now()))
            self.answer("domino-whose-turn-you-time", n=left)
        else:
            self.answer("domino-whose-turn-you")

    def ask_scores(self) -> None:
        totals = tally(self.seating, self.match.totals)
        self.answer(
            "domino-scores",
            cue=None,
            manche=self.match.manche,
            totals=totals,
            limit=self.config.point_limit,
        )


def resume(app: App, state: Any) -> Scene:
    """The main menu's way back into a saved match (raises when it cannot be rebuilt)."""
    return DominoTable.resumed(app, state, home=app.top)
