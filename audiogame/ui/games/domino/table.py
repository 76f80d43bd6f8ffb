"""The domino table: its keys and its words (``TableScene`` holds the rest).

``DominoTable(app, setup, seed)`` plays one match through its ``SeatSession``
(``core.seat``): offline a ``LocalSeat`` on game time (``GameScheduler``) that
keeps the engine's deadline (the thinking time running out) and asks the bots
after every batch of events; a bot's move is played at its pace, the hard
bot's search runs in the app's idle slices. Every batch goes through
``narrate`` and is posted to the announcer (queued, never cut off by the next
move); answers to the player's keys interrupt. With thinking time the table
ticks in each of the last five seconds before the turn's deadline. The table
reads the match from its view (``session.view()``) alone.

While another scene covers the table (the table menu, the rules, a question)
game time stands still: no bot moves, no thinking time runs, no manche starts;
it goes on when the table is on top again, which says "At the table", whose
turn it is and the time I have left.

The hand is shown in one of eight sort orders; the cursor (``HandCursor``)
follows a tile by uid, so re-sorting never loses it. Between manches the next
one starts ``MANCHE_GAP`` seconds after the manche's end has been heard, or on
Enter once it has (an Enter while it is still being said is a soft click:
it was meant for the last move); Shift+P makes it wait for the player. Bots
move at their pace after the last event has been heard (``TableScene``'s
pacing by speech). Escape opens the table menu (``table_menu``); at the end of the
match Enter starts a new one with the same table and Escape leaves.

Saving (``saving``): the snapshot holds the setup, the seed, the engine, the
bots and the table's view (the hard bots' budget, sort order, cursor, pause).
``resume(app, state)`` rebuilds the saved match and says where it stands; game
time goes on from the last step of the log, so a turn in progress (a bot's,
or mine with its thinking time) starts afresh, and a bot decides again from
the same place in its random stream.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from audiogame.app.scene import Scene
from audiogame.core import keys
from audiogame.core.gametime import GameScheduler
from audiogame.core.hand_cursor import HandCursor
from audiogame.core.keys import Key
from audiogame.core.narration import Join, Message, Phrase, resolve_value
from audiogame.core.seat import LocalSeat, SeatSession, TimerHandle
from audiogame.games.domino.actions import DRAW, Action, Play, Refusal
from audiogame.games.domino.board import BoardFocus
from audiogame.games.domino.bots import HARD_ITERATIONS, DominoBot, make_bot
from audiogame.games.domino.controls import scores_answer, turn_answer, whose_turn
from audiogame.games.domino.engine import DominoMatch
from audiogame.games.domino.events import Drew, Ends, TileDrawn, TilePlayed
from audiogame.games.domino.narrate import (
    TURN,
    Seating,
    ends_phrase,
    narrate,
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
    TableView,
    match_state,
    restore_match,
    summary,
)
from audiogame.games.domino.sorting import SORT_IDS, group_by_number, next_order, sort_hand
from audiogame.games.domino.table_setup import HUMAN, DominoSetup
from audiogame.games.domino.tiles import End, Tile
from audiogame.ui.table import TableScene

if TYPE_CHECKING:
    from audiogame.app.loop import App

GAME_ID = "domino"

#: seconds between the end of a manche (heard) and the next one, unless Enter comes
#: first: the Salotto's pause between rounds (spec/interface.md: "the next round
#: otherwise starts after 15 s"), which the online server keeps too
MANCHE_GAP = 15
#: the thinking-time ticks sound in the last seconds of a turn
TICKS = 5
#: how many tiles a new sort order reads from the top of the hand
SORT_PREVIEW = 3

END_LETTERS: dict[str, End] = {"s": End.LEFT, "l": End.LEFT, "d": End.RIGHT, "r": End.RIGHT}
ARROW_ENDS: dict[str, End] = {keys.LEFT: End.LEFT, keys.RIGHT: End.RIGHT}
ENTER = (keys.RETURN, keys.KP_ENTER)


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


class DominoTable(TableScene):
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
        #: who listens here and how the table is seated: the words of names and teams
        #: my seat (None: watching); offline always ``HUMAN``
        self.me = session.seat
        self.seating = Seating(self.me, self.names, setup.teams)
        #: the hand's sort order: the one the player chose last, kept across matches
        self.order = saved_order(app)
        #: the tile under the cursor, by uid: re-sorting never loses it
        self.hand_cursor: HandCursor[int] = HandCursor()
        self.group = 0  # index among group_by_number's groups (grouped order)
        self.choosing: int | None = None  # uid waiting for "left or right?"
        #: the tile my play left the cursor on, named then ("Now on"): my next turn
        #: does not name it again while the cursor is still there (once per turn)
        self._named: int | None = None
        self.pause_requested = False
        if restored is not None:
            view = restored.view
            self.order, self.focus, self.group = view.order, view.focus, view.group
            self.pause_requested = view.pause
        self._next: TimerHandle | None = None
        self._ticks: list[TimerHandle] = []
        self._deadline: float | None = None  # the deadline of my turn the ticks count to
        self._limit = 0  # the thinking time the ticks count
        self._snapshots = SnapshotCache()
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

    def _local(self, app: App, seed: int | str, restored: Restored | None) -> LocalSeat:
        """The match run here: a new one, or a saved one going on from the last step of
        its log (a turn in progress starts afresh)."""
        if restored is None:
            time = GameScheduler(app.scheduler)
            match = DominoMatch(self.config, seed, start=time.clock.now())
            self.bots = {
                seat: make_bot(seat, level, seed, pace=self.setup.pace, iterations=self.iterations)
                for seat, level in enumerate(self.setup.levels, start=1)
            }
        else:
            saved = restored.match.now
            time = GameScheduler(app.scheduler, app.scheduler.clock.now() - saved, start=saved)
            match, self.bots = restored.match, restored.bots
        idle = app.idle_tasks.append if REST <= 0 else Bursts(app, BURST, REST)
        return LocalSeat(match, time, dict(self.bots), seat=HUMAN, idle=idle)

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
        self.seating = Seating(self.me, self.names, self.config.teams)

    @classmethod
    def resumed(cls, app: App, state: Any, home: Scene | None = None) -> DominoTable:
        """The saved match ``state``, ready to go on; ``ValueError`` when it is unusable."""
        restored = restore_match(state)
        iterations = restored.view.iterations
        return cls(
            app, restored.setup, restored.seed, home=home, iterations=iterations, restored=restored
        )

    # -- what the table reads ---------------------------------------------------------
    def view(self) -> Observation:
        """My observation now: everything the table says is read from it."""
        view: Observation = self.session.view()
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
            self._next = self.session.time.call_later(0.0, self.next_manche)
        else:
            self.next_manche()

    def situation(self) -> list[Message]:
        """Where the resumed match stands: whose turn, the ends, my hand."""
        view = self.view()
        said = [Message("domino-resumed", {"manche": view.manche}, kind="turn", cue="notice")]
        phase, seat = view.phase, view.current_seat
        limit = view.config.thinking_time
        deadline = view.turn_deadline
        if phase is not Phase.PLAYING or seat is None:
            said.append(Message("domino-whose-turn-between", kind="turn"))
        elif seat != self.me:
            said.append(Message("domino-whose-turn", {"who": who(self.seating, seat)}, "turn"))
        elif deadline is not None:
            # game time goes on from the last step: the time a turn began, unless a
            # tile was drawn since (then what was left of it)
            left = math.ceil(deadline - self.session.time.clock.now())
            if left >= limit:
                said.append(Message("domino-resumed-your-turn-time", {"n": limit}, kind="turn"))
            else:
                said.append(Message("domino-whose-turn-you-time", {"n": left}, kind="turn"))
        else:
            said.append(Message("domino-whose-turn-you", kind="turn"))
        said.append(Message("domino-ask-ends", {"ends": ends_phrase(view.ends)}, "turn"))
        if self.me is not None:  # someone watching has no hand
            said.append(Message("domino-resumed-hand", {"n": len(view.hand)}, kind="turn"))
        tile = self.my_turn()
        if tile is not None:  # where the cursor is: what Enter plays
            said.append(self.on_tile(tile))
        return said

    def turn_words(self) -> str:
        """Back at the table: whose turn it is, and my time left."""
        return str(resolve_value(self.turn_phrase(), self.t))

    def halt(self) -> None:
        """Leaving: the session, its bots' thinking and the table's own timers stop."""
        super().halt()
        self._stop_ticks()
        if self._next is not None:
            self._next.cancel()
            self._next = None

    # -- the match's events -----------------------------------------------------------
    def hear(self, events: Sequence[Any]) -> None:
        """Every batch of events, whoever caused it: a move, a time-out, a deal."""
        view = self.view()
        if view.step == 1:
            self.opening = list(events)
        self.tell(events)
        self.after(view)

    # -- saving -----------------------------------------------------------------------
    def match_state(self) -> dict[str, Any]:
        """The snapshot of this match, as the autosave writes it."""
        view = TableView(self.iterations, self.order, self.focus, self.group, self.pause_requested)
        return match_state(self.setup, self.seed, self.match, self.bots, view, self._snapshots)

    def summary(self) -> dict[str, Any]:
        return summary(self.match)

    def tell(self, events: Sequence[Any]) -> None:
        """Narrate a batch; my own moves move the cursor, which says where it landed
        right after my play is told (before what the others did next)."""
        start = 0
        for i, event in enumerate(events):
            if self.me is None or getattr(event, "seat", None) != self.me:
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
        said = narrate(events, self.view(), self.names)
        # the tile is the table's words (its cursor): the watchers get the narration alone
        self.post_narration(said, self.on_my_turn(said))

    def on_my_turn(self, said: list[Message]) -> list[Message]:
        """My turn's notice (the narrator's, with its cue) is followed by the tile under
        the cursor, the one Enter would play: the hand itself stays on H."""
        at = next((i for i, m in enumerate(said) if m.cue == "your_turn"), None)
        if at is None:
            return said
        tile = None if self.me is None else self.focused()
        named, self._named = self._named, None
        if tile is None or tile.uid == named:  # said after my play, and still there
            return said
        return [*said[: at + 1], self.on_tile(tile), *said[at + 1 :]]

    @staticmethod
    def on_tile(tile: Tile) -> Message:
        """The tile under the cursor, the one Enter would play ("On 1 3.")."""
        return Message("domino-on-tile", {"tile": tile_phrase(tile)}, TURN)

    def my_turn(self) -> Tile | None:
        """The tile under my cursor when it is my turn to play, else None."""
        view = self.view()
        mine = view.phase is Phase.PLAYING and self.me is not None
        return self.focused() if mine and view.current_seat == self.me else None

    def after(self, view: Observation) -> None:
        """Whose move is next: mine (its last seconds ticked), a bot's (the session
        plays it), or the manche is over."""
        phase = view.phase
        mine = phase is Phase.PLAYING and self.me is not None and view.current_seat == self.me
        if not mine:
            self.choosing = None
        self._tick_to(view.turn_deadline if mine else None, view.config.thinking_time)
        if phase is Phase.BETWEEN:
            self.between_manches()
        elif phase is Phase.OVER:
            online = "" if self.beside is None else "-online"
            self.post(Message(f"domino-game-over-keys{online}"))

    def on_refusal(self, action: Any, refusal: str) -> None:
        """A refused action: a tile that fits both ends asks which; anything else says why."""
        why = Refusal(refusal)
        if why is Refusal.CHOOSE_END and isinstance(action, Play):
            tile = next((t for t in self.view().hand if t.uid == action.uid), None)
            if tile is not None:
                self.choosing = tile.uid
                self.answer("domino-choose-end", cue="notice", tile=tile_phrase(tile))
                return
        self.refuse(why)

    # -- between manches --------------------------------------------------------------
    def between_manches(self) -> None:
        if self.pause_requested:
            self.post(Message("domino-paused"))
            return
        gap = self.round_gap(MANCHE_GAP)
        online = "" if self.beside is None else "-online"
        if gap is None:  # online: the master holds the next manche
            self.post(Message("domino-paused-online"))
            return
        self._next = self.session.time.call_later(gap, self.next_manche)
        self.post(Message(f"domino-next-soon{online}", {"n": math.ceil(gap)}))

    def next_manche(self) -> None:
        if self._next is not None:
            self._next.cancel()
            self._next = None
        self.hand_cursor.reset()
        self._named = None
        self.session.next_round()

    def toggle_pause(self) -> None:
        if self.beside is not None:  # online the master holds the rounds, on the server
            self.beside.hold_rounds()
            return
        self.pause_requested = not self.pause_requested
        self.answer("domino-pause-on" if self.pause_requested else "domino-pause-off", "toggle")
        if self.view().phase is not Phase.BETWEEN:
            return
        if self.pause_requested and self._next is not None:
            self._next.cancel()
            self._next = None
        elif not self.pause_requested and self._next is None:
            self._next = self.session.time.call_later(MANCHE_GAP, self.next_manche)

    # -- thinking time ----------------------------------------------------------------
    def _tick_to(self, deadline: float | None, limit: int) -> None:
        """Tick in each of the last seconds before my turn's deadline (the engine's:
        it runs the time-out itself); ``limit`` is the thinking time."""
        if deadline == self._deadline:
            return
        self._stop_ticks()
        self._deadline = deadline
        self._limit = limit
        if deadline is None:
            return
        time = self.session.time
        now = time.clock.now()
        for left in range(min(TICKS, limit - 1), 0, -1):
            if deadline - left > now:
                self._ticks.append(time.call_at(deadline - left, self._tick, left))

    def _tick(self, left: int) -> None:
        """One of my turn's last seconds: a tick; without sounds the first of them is
        said in words, so "Time is up" never comes without a warning."""
        self.cue("timer_tick")
        if not self.app.announcer.audible() and left == min(TICKS, self._limit - 1):
            self.post(Message("domino-whose-turn-you-time", {"n": left}, kind="turn"))

    def own_time(self) -> bool:
        """My turn: my questions' answers are part of my thinking time."""
        view = self.session.view()
        return view is not None and bool(view.my_turn)

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

    def board_focus(self) -> BoardFocus:
        """The window's board: my hand in my order, the cursor on its tile."""
        hand = self.hand()
        return BoardFocus(self.order, hand[self.cursor_at(hand)].uid if hand else None)

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
        self._named = None if tile is None else tile.uid
        if tile is not None:
            self.post(Message("domino-focus", {"tile": tile_phrase(tile)}, "own"))

    def speak_tile(self, hand: Sequence[Tile], index: int, edge: bool, ends: Ends) -> None:
        tile = hand[index]
        self.answer(
            "domino-tile-at",
            cue="menu_edge" if edge else "menu_move",
            tile=tile_phrase(tile),
            pos=index + 1,
            total=len(hand),
            fit=fit_of(tile, ends),
        )

    def move(self, delta: int | None, to: int | None = None) -> None:
        view = self.view()
        hand = self.hand(view)
        uids = [tile.uid for tile in hand]
        landing = (
            self.hand_cursor.go(uids, to)
            if to is not None
            else self.hand_cursor.step(uids, delta or 0)
        )
        if landing is None:
            self.answer("domino-hand-empty", cue="menu_edge")
            return
        self.speak_tile(hand, landing.index, landing.edge, view.ends)

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
        """A new sort order: said with the first tiles it puts at the top, and kept for
        the next matches and the next runs of the game."""
        self.focused()  # pin the cursor's tile before the hand moves around it
        self.order = order
        keep_order(self.app, order)
        first = self.hand()[:SORT_PREVIEW]
        name = Phrase(f"domino-sort-{order}")
        if first:
            self.answer("domino-sort-first", cue="toggle", order=name, tiles=tiles_phrase(first))
        else:
            self.answer("domino-sort", cue="toggle", order=name)
        if order == "grouped":
            self.sync_group()

    # -- keys -------------------------------------------------------------------------
    def on_key(self, key: Key) -> bool:
        if self.choosing is not None and self.choose_end(key):
            return True
        k = key.key
        moves = {keys.UP: -1, keys.DOWN: 1}
        if k in moves and key.plain:
            self.move(moves[k])
        elif k in (keys.HOME, keys.END):
            self.move(None, to=0 if k == keys.HOME else 10_000)
        elif k in ARROW_ENDS:
            if self.order != "grouped":
                self.answer("domino-not-grouped", cue="menu_error")
            else:
                self.jump_group(-1 if k == keys.LEFT else 1)
        elif k in ENTER:
            self.enter()
        elif k == keys.SPACE:
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
        super().on_escape()

    def ask_leave(self) -> None:
        from audiogame.ui.games.domino.table_menu import TableMenu

        self.cue("menu_select")
        self.app.push(TableMenu(self.app, self))

    def enter(self) -> None:
        phase = self.view().phase
        if phase in (Phase.BETWEEN, Phase.OVER) and self.hearing:
            # the manche's or the match's end is still being said (an Enter meant for
            # the last move, pressed as it ended): a soft click, and the summary goes on
            self.cue("soft_click")
        elif phase is Phase.BETWEEN:
            self.cue("menu_select")
            self.next_manche()
        elif phase is Phase.OVER:
            self.cue("menu_select")
            self.next_match()
        else:
            self.play(None)

    def next_table(self, seed: int | str) -> DominoTable:
        table = DominoTable(self.app, self.setup, seed, home=self.home, iterations=self.iterations)
        table.order = self.order  # the player's sort order goes on to the next match
        return table

    # -- actions ----------------------------------------------------------------------
    def apply(self, seat: int | None, action: Action) -> None:
        """An action of mine (``HUMAN``) or of the table (``None``: deal the next manche);
        checks and walks play through it."""
        if seat is None:
            self.session.next_round()
        else:
            self.act(action)

    def play(self, end: End | None) -> None:
        hand = self.hand()
        if not hand and self.me is None:
            self.refuse_watching()
            return
        if not hand:
            self.refuse(self.empty_hand_refusal())
            return
        self.act(Play(hand[self.cursor_at(hand)].uid, end))

    def empty_hand_refusal(self) -> Refusal:
        """Why a player without tiles cannot play: out of the match, of the manche, or between."""
        view = self.view()
        if view.phase is Phase.OVER:
            return Refusal.MATCH_OVER
        if self.me is not None and view.eliminated[self.me]:
            return Refusal.ELIMINATED
        if view.phase is not Phase.PLAYING:
            return Refusal.MANCHE_OVER
        return Refusal.OUT_OF_MANCHE

    def draw(self) -> None:
        self.act(DRAW)

    # -- questions, at any time -------------------------------------------------------
    def ask_hand(self) -> None:
        hand = self.hand()
        if not hand:
            self.answer("domino-hand-empty")
        else:
            self.answer("domino-hand", n=len(hand), tiles=tiles_phrase(hand))

    def ask_ends(self) -> None:
        self.answer("domino-ask-ends", ends=ends_phrase(self.view().ends))

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

    def turn_phrase(self) -> Phrase:
        """Whose turn it is; mine with the time I have left."""
        left = None
        if self._deadline is not None:
            left = max(0, math.ceil(self._deadline - self.session.time.clock.now()))
        return whose_turn(self.view(), self.seating, left)

    def ask_turn(self) -> None:
        """T: whose turn; mine with the time left and the tile under the cursor."""
        self.post(turn_answer(self.turn_phrase(), self.my_turn()))

    def ask_scores(self) -> None:
        """The totals and the limit; once a manche is over, what each took in it first
        (the manche's summary says only what I take)."""
        self.post(scores_answer(self.view(), self.seating))


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
