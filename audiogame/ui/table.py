"""What every game's table scene shares: ``TableScene``.

A game's table keeps only what is truly its own; this base holds the rest:

- **the controls** (``controls``, ``core.controls``): the game's one key map.
  A key goes to them (``press``): their answers are said at once, their action
  is sent; a refusal is worded by them (``on_refusal``), and so are where a
  match under way stands (``situation``), whose turn it is (``turn_words``) and
  the board's cursor (``board_focus``), all read from the seat's ``view()``.
- **the session**: the table talks to its game through one ``SeatSession``
  (``core.seat``; the interface a remote session implements too): it acts
  with ``session.act(action)``, hears ``on_events(batch)`` and
  ``on_refusal(action, refusal)`` whenever they come (never as ``act``'s
  answer), reads ``session.view()``, and asks ``session.next_round()`` when the
  game waits for the table. A local match's ``LocalSeat`` is ``self.local``
  (its engine and bots are saved); a remote one has nothing here to save.
- **a match run here**: ``game_time`` (from now, or going on from a saved
  match's clock) and ``local_seat`` (its bots think in the app's idle slices,
  in bursts, so the loop still sleeps and a key wakes it at once).
- **rounds**: a game whose table deals its rounds (Domino's manches: its
  controls' ``round_pause`` and ``between``) has ``rounds`` (``ui.rounds``): the
  pause between them, with the game's words and gap, Shift+P to wait for the
  player; Enter starts the next round, or the next match at the end, once the
  end was heard (``enter_at_rest``). A new match deals its first round.
- **after every batch** (``follow``): my turn's last seconds ticked when the
  controls give its clock (``turn_clock``; ``ui.turn_ticks``, the first tick in
  words without sounds), the next round timed, the end's keys said once
  (``game_over_id``).
- **the player's preferences** (``Controls.preferences``: Domino's sort order):
  a new table's controls take them from ``settings.tables[<game>]``, and a key
  that changes them keeps them there for the next matches and runs.
- **speech**: ``post`` (a game event, queued), ``answer`` (the answer to a key:
  at once, interrupting); F1 reads ``keys-<game>-table``, Ctrl+F1 the game's
  guide.
- **where am I**: ``where()`` is "At the table" and what the game adds
  (``turn_words``: whose turn, the time left), said on coming back from a menu,
  the guide or a question.
- **game time** stops while another scene covers a turn-based table
  (``stops_under_menus``) and goes on when the table is on top again.
- **pacing by speech**: game time also waits while the player is still hearing
  what was said (``Announcer.speaking``: the built-in voice's word, or a
  words-per-minute model for a screen reader and text) whenever the table
  ``waits_for_speech`` — always at a turn-based table, so a bot moves only once
  the last event was heard and its pace has passed, and the next round starts
  only once its summary was heard and the pause has passed. A real-time race
  says when (Tira: between rounds only; its dice fly regardless). While it is
  the player's own turn (``own_time``) only the game's news holds the time: the
  answers to the player's own questions are part of their thinking time, as at
  the Salotto (a 10 s limit lasted 25 s with five questions asked). This is the
  one place pacing lives: the games and their sessions know nothing of it.
  Online, ``pause``/``resume`` do nothing: a server never waits for a client's
  ears. The player's own move, once the game has taken it (the first batch after
  ``act`` that starts with their seat's event), makes what was said before it
  stale (``Announcer.moved_on``): its words interrupt, nothing it cut is said
  again, and the next bot waits for the move's words and its pace only, however
  quickly the player moved.
- **saving**: after every frame in which the match changed the table hands
  ``app.autosave`` its snapshot (``match_state``, built by the game's
  ``saving`` module in the one envelope of ``core.saving``); the end of the
  match removes it; Ctrl+S saves at once (``save_match``: ``Saveable``);
  leaving half-way saves once more, so the main menu offers the match at once.
- **the evening**: ``watchers`` hear every batch (checks, benchmarks); Escape
  asks to leave (``ask_leave``), or leaves once the match is over; Enter at the
  end starts the next match with the next seed (``next_table``); a resumed
  match says where it stands (``situation``) before it goes on.
- **beside the game** (``beside``, None offline): a match played on a server
  has things that are not the game's — chat, the people at the table, the
  master's keys, the connection. A ``Beside`` holds them: its keys are tried
  before the game's (``before_key``), F1 says them after the game's, ``where``
  adds the connection's state, the next match and leaving are its (the
  server's table goes on), and the gap between rounds is the server's.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from audiogame.app.idle import Bursts
from audiogame.app.scene import Scene
from audiogame.core import keys
from audiogame.core.board import Board, Cell, Row
from audiogame.core.contract import Bot, Engine
from audiogame.core.controls import Controls, Reaction
from audiogame.core.gametime import GameScheduler
from audiogame.core.keys import Key
from audiogame.core.narration import Message, resolve_value
from audiogame.core.seat import ClockReport, LineReport, LocalSeat, SeatSession
from audiogame.core.session import Concerned
from audiogame.key_help import everywhere_apart
from audiogame.ui.rounds import Rounds
from audiogame.ui.turn_ticks import TurnTicks

if TYPE_CHECKING:
    from audiogame.app.loop import App


E = TypeVar("E")

#: the bots' thinking runs BURST idle slices in a row, then rests REST seconds, so
#: that the loop sleeps now and then and a key wakes it at once (``app.idle.Bursts``;
#: 0: never rests)
BURST = 3
REST = 0.004


def new_seed(app: App) -> int:
    """The app's seed when given (tests, replays), else a fresh one."""
    return app.seed if app.seed is not None else random.SystemRandom().randrange(2**31)


def next_seed(seed: int | str) -> int | str:
    """The seed of the evening's next match."""
    return seed + 1 if isinstance(seed, int) else f"{seed}+"


class Beside(Protocol):
    """What a table played elsewhere holds beside the game (see the module docstring)."""

    def on_key(self, key: Key) -> bool:
        """A key of its own (chat, the master's keys); False: the game's."""
        ...

    def keys_text(self) -> str:
        """Its keys, said by F1 after the game's."""
        ...

    def where_words(self) -> str:
        """What ``where`` adds (the connection's state; "" when all is well)."""
        ...

    def round_gap(self) -> float | None:
        """Seconds between rounds on the server; None while the master holds them."""
        ...

    def hold_rounds(self) -> None:
        """The game's "pause between rounds" key: the master's, asked of the server."""
        ...

    def next_match(self) -> None:
        """The match is over and the player goes on: back to the table's seating."""
        ...

    def leave(self) -> None:
        """The player leaves the table."""
        ...


class TableScene(Scene):
    title_id = "at-table"
    letters_are_commands = True
    #: the game's registry id: its saves, its messages, its keys and guide
    game_id: str = ""
    #: its Fluent file, compiled ahead between frames (the first event speaks at once)
    messages_file: str = ""
    #: a turn-based game's time stands still while a menu or the guide covers the table
    stops_under_menus: bool = False
    #: the game's controls over my seat's view (``core.controls``): the one key map of
    #: every client; the table hands them its keys (``press``) and reads its words
    #: of where the match stands from them
    controls: Controls
    #: the pause between rounds of a game whose table deals them (``ui.rounds``)
    rounds: Rounds | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.game_id and "keys_id" not in cls.__dict__:
            cls.keys_id = f"keys-{cls.game_id}-table"
        if cls.game_id and "rules_doc" not in cls.__dict__:
            cls.rules_doc = cls.game_id

    #: checks push a table outside a frame: its first round then waits for one, so
    #: that it is dealt (and saved) inside a frame, as at a table opened by a key
    deal_later: bool = False

    def __init__(
        self,
        app: App,
        session: SeatSession,
        controls: Controls,
        *,
        seed: int | str,
        home: Scene | None = None,
        resumed: bool = False,
    ) -> None:
        super().__init__(app)
        self.session = session
        self.controls = controls
        if not resumed:  # a saved match's controls are as they were
            controls.prefer(app.settings.tables.get(self.game_id, {}))
        self._preferences = controls.preferences()
        pause = controls.round_pause
        self.rounds = None if pause is None else Rounds(self, pause, self._between)
        #: my turn's last seconds, ticked
        self.ticks = TurnTicks(session.time, self._tick)
        #: the end's keys were said
        self._ended = False
        #: the match run here (None: it runs elsewhere, nothing to save)
        self.local = session if isinstance(session, LocalSeat) else None
        self.seed = seed
        #: where leaving returns (None: just off the stack)
        self.home = home
        #: called with every batch the table hears (checks and benchmarks watch the match)
        self.watchers: list[Callable[[Sequence[Any]], None]] = []
        self._resumed = resumed
        self._dirty = False  # the match changed since the last autosave
        #: what the table holds beside the game when it is played elsewhere (None here)
        self.beside: Beside | None = None
        #: called with the messages of every batch the game narrated (transcript checks)
        self.narration_watchers: list[Callable[[Sequence[Message]], None]] = []
        #: the player acted and the game has not answered yet (see ``on_events``)
        self._moving = False

    # -- what each game gives -------------------------------------------------------------
    def hear(self, batch: Sequence[Any]) -> None:
        """One batch of events: narrate it, move what it moves."""

    def turn_words(self) -> str:
        """What ``where`` adds after the table's name (whose turn, the controls say);
        "" for nothing."""
        view = self.view()
        phrase = None if view is None else self.controls.where(view, self.seat_names(), self.now())
        return "" if phrase is None else str(resolve_value(phrase, self.t))

    def situation(self) -> list[Message]:
        """What a resumed match says first: where it stands (the controls say it: a page
        joining hears the same)."""
        return self.controls.situation(self.view(), self.seat_names(), self.now())

    def first_words(self) -> list[Message]:
        """What a new table says before its first events."""
        return []

    def started(self) -> None:
        """The session is running (a new match deals here)."""

    def rename(self, names: Sequence[str]) -> None:
        """The seats' names changed (online: a player left and a bot took the seat)."""

    @property
    def finished(self) -> bool:
        """Nothing more to play here: Enter goes on to the next match, Escape leaves."""
        return self._ended

    def ask_leave(self) -> None:
        """Escape during the match (a menu, or a question)."""
        self.leave()

    def next_table(self, seed: int | str) -> Scene:
        """The evening's next match, at the same table (Enter at the end)."""
        raise NotImplementedError

    def board_focus(self) -> Any:
        """What the game's board needs beyond the view: the controls' cursor (Domino: the
        sort order and the tile under it)."""
        view = self.view()
        return None if view is None else self.controls.board_focus(view)

    def seat_names(self) -> Sequence[str]:
        """The seats' names, as the narration says them."""
        names: Sequence[str] = getattr(self, "names", ())
        return names

    def kept(self) -> bool:
        """Whether this match is saved at all (a practice round is not)."""
        return self.local is not None

    def match_state(self) -> dict[str, Any]:
        """The snapshot the autosave writes (the game's ``saving`` builds it)."""
        raise NotImplementedError

    def summary(self) -> dict[str, Any]:
        """What the main menu says of the saved match."""
        raise NotImplementedError

    # -- the window --------------------------------------------------------------------------
    def board(self) -> Board | None:
        """The game's board (its spec's ``board``) from my view; a game without one
        shows the table's name and whose turn."""
        from audiogame.games import registry

        spec = registry.get(self.game_id)
        view = self.session.view()
        if spec is None or spec.board is None or view is None:  # None: online, not yet joined
            turn = self.turn_words() if view is not None else ""
            return Board(self.t(self.title_id), (Row(None, (Cell(turn),)),) if turn else ())
        return spec.board(view, self.seat_names(), self.board_focus())

    # -- the match run here -------------------------------------------------------------
    @staticmethod
    def game_time(app: App, clock: float | None = None, grace: float = 0.0) -> GameScheduler:
        """Game time for a match run here: from now, or going on from a saved match's
        ``clock`` once ``grace`` seconds have passed (a race stands still while where
        it stands is said)."""
        if clock is None:
            return GameScheduler(app.scheduler)
        offset = app.scheduler.clock.now() + grace - clock
        return GameScheduler(app.scheduler, offset, start=clock)

    @staticmethod
    def local_seat(
        app: App,
        engine: Engine,
        time: GameScheduler,
        bots: Mapping[int, Bot],
        seat: int,
        concerned: Concerned | None = None,
    ) -> LocalSeat:
        """The match run here, seen from ``seat``; its bots think in the app's idle slices
        (``concerned``: the seats whose bots a batch concerns, when the game says)."""
        idle = app.idle_tasks.append if REST <= 0 else Bursts(app, BURST, REST)
        return LocalSeat(engine, time, dict(bots), seat=seat, idle=idle, concerned=concerned)

    @property
    def engine(self) -> Engine | None:
        """The engine of a match run here (None: it runs elsewhere): saving, checks and
        the fuzzer's invariants read it; the table itself reads only its view."""
        return self.local.engine if self.local is not None else None

    def local_engine(self, kind: type[E]) -> E:
        """The engine of a match run here, as the game's own type."""
        engine = self.engine
        assert isinstance(engine, kind), "the match runs elsewhere"
        return engine

    # -- life cycle -------------------------------------------------------------------------
    def on_enter(self) -> None:
        if self.messages_file:
            self.app.idle_tasks.append(self.app.localizer.warm_task(self.messages_file))
        self.app.key_listeners.append(self._after_key)
        for message in self.situation() if self._resumed else self.first_words():
            self.post(message)
        self.session.start(self)
        if self._resumed:
            self.follow(self.view())
        elif self.rounds is not None and self.deal_later:
            self.rounds.deal_soon()
        elif self.rounds is not None:
            self.rounds.next_round()
        self.started()
        self._resumed = False

    def on_language_changed(self) -> None:
        if self.messages_file:
            self.app.idle_tasks.append(self.app.localizer.warm_task(self.messages_file))

    def waits_for_speech(self) -> bool:
        """Whether game time now waits for the player to have heard what was said: at a
        turn-based table always; a real-time game says when (between its rounds)."""
        return self.stops_under_menus

    def hold_time(self) -> None:
        """Game time stands still while a scene covers a turn-based table, or while the
        player is still hearing the game and the table waits for it; else it runs."""
        on_top = self.app.top is self
        if not on_top and self not in self.app.scenes:
            return
        covered = not on_top and self.stops_under_menus
        hearing = on_top and self.hearing
        if covered or hearing:
            self.session.pause()
        else:
            self.session.resume()

    @property
    def hearing(self) -> bool:
        """Game time is waiting for the player's ears (what was said is not heard yet;
        on the player's own turn, the game's news only)."""
        announcer = self.app.announcer
        unheard = announcer.hearing_news if self.own_time() else announcer.speaking
        return unheard and self.waits_for_speech()

    def own_time(self) -> bool:
        """Whether the player's own turn runs now: the answers to their questions are
        then part of their time (the game's news is not)."""
        view = self.session.view()
        return view is not None and self.controls.turn_clock(view) is not None

    def _tick(self, left: int, first: bool) -> None:
        """One of my turn's last seconds: a tick; without sounds the first of them is
        said in words, so "Time is up" never comes without a warning."""
        self.cue("timer_tick")
        if first and not self.app.announcer.audible():
            self.post(self.controls.time_left(left))

    def _after_key(self, key: Key, handled: bool) -> None:
        """Any key that put a scene over the table (a menu, the rules) stops the time of
        a turn-based game; a real-time game goes on under it."""
        if self.app.top is not self:
            self.hold_time()

    def on_resume(self) -> None:
        """Back on top: game time goes on, and the player hears where they are."""
        self.hold_time()
        super().on_resume()

    def where(self) -> str:
        parts = [super().where(), self.turn_words()]
        if self.beside is not None:
            parts.append(self.beside.where_words())
        return ". ".join(part for part in parts if part)

    def before_key(self, key: Key) -> bool:
        return self.beside is not None and self.beside.on_key(key)

    def keys_text(self) -> str:
        own = super().keys_text()
        return own if self.beside is None else f"{own} {self.beside.keys_text()}"

    def keys_parts(self) -> list[str]:
        """The game's keys, the online table's (chat, the master's), those of everywhere."""
        parts = everywhere_apart(super().keys_text(), self.t("keys-global"))
        if self.beside is not None:
            parts.insert(1, self.beside.keys_text())
        return parts

    def round_gap(self, own: float) -> float | None:
        """Seconds before the next round deals by itself: the game's own ``own``
        here, the server's online (None: the master holds the rounds)."""
        return own if self.beside is None else self.beside.round_gap()

    def on_exit(self) -> None:
        self.halt()

    def halt(self) -> None:
        """Leaving: the session stops, and the table's own timers with it."""
        self.session.stop()
        self.ticks.stop()
        if self.rounds is not None:
            self.rounds.stop()
        if self._after_key in self.app.key_listeners:
            self.app.key_listeners.remove(self._after_key)

    def after_speech(self) -> None:
        """The frame's words are out: from this very instant game time waits for them."""
        self.hold_time()

    def update(self, now: float) -> None:
        if self._dirty:
            self._dirty = False
            self.autosave()

    # -- the session's side ---------------------------------------------------------------
    def on_events(self, batch: Sequence[Any]) -> None:
        self._dirty = True
        self.app.look()  # the window's board may change
        for watcher in self.watchers:
            watcher(batch)
        if self._moving:
            self._moving = False
            if self.stops_under_menus and self._starts_with_mine(batch):
                self.app.announcer.moved_on()
        self.hear(batch)
        view = self.view()
        if view is not None:
            self.follow(view)

    def follow(self, view: Any) -> None:
        """After a batch (and on joining a match under way): my turn's last seconds
        ticked, the next round timed, or the end's keys said once."""
        clock = self.controls.turn_clock(view)
        self.ticks.to(*(clock or (None, 0)))
        if self.rounds is not None and self.controls.between(view):
            self.rounds.ended()
        elif not self._ended and self.controls.over(view):
            self._ended = True
            online = "" if self.beside is None else "-online"
            self.post(Message(f"{self.controls.game_over_id}{online}"))

    def _between(self) -> bool:
        view = self.view()
        return view is not None and self.controls.between(view)

    def _starts_with_mine(self, batch: Sequence[Any]) -> bool:
        """Whether the batch's first event of a seat is mine: the game took my move."""
        seats = (getattr(e, "seat", None) for e in batch)
        first = next((seat for seat in seats if seat is not None), None)
        return first is not None and first == self.session.seat

    def on_refusal(self, action: Any, refusal: str) -> None:
        """A refused action, worded by the controls (they name the action refused)."""
        self.controls.sent = action
        for said in self.controls.refused(refusal, self.view()):
            self.post(said)

    # -- the seat's view and the controls ----------------------------------------------------
    def view(self) -> Any:
        """My view of the match now: everything the table says is read from it."""
        return self.session.view()

    def now(self) -> float:
        """The match's game time now."""
        return self.session.time.clock.now()

    def on_key(self, key: Key) -> bool:
        """Shift+P (wait between rounds), F11 online (the clock as measured here), then
        the game's controls; an Enter they do not take goes on at rest (the next round,
        the next match) and is otherwise silent."""
        if self.rounds is not None and key.shift and key.letter == "p":
            self.rounds.toggle()
            return True
        if key.key == keys.F11 and key.plain and isinstance(self.session, ClockReport):
            self.post(self.session.diagnostics())
            return True
        if self.session.view() is None:  # online, not yet joined
            return False
        if self.press(key, self.now()):
            return True
        if key.key not in keys.ENTER:
            return False
        self.enter_at_rest()
        return True

    def press(self, key: Key, now: float | None) -> bool:
        """``key`` to the controls: their answers said at once, their action sent, a
        preference it changed kept. False: no command has it."""
        reaction = self.controls.on_key(key, self.view(), self.seat_names(), now)
        if not isinstance(reaction, Reaction):
            return False
        for said in reaction.said:
            self.post(said)
        if reaction.action is not None:
            self.act(reaction.action)
        self.keep_preferences()
        return True

    def keep_preferences(self) -> None:
        """Preferences a key changed (Domino's sort order), kept for the next matches
        and the next runs (the settings are written off the loop)."""
        preferences = self.controls.preferences()
        if preferences != self._preferences:
            self._preferences = preferences
            self.app.settings.tables.setdefault(self.game_id, {}).update(preferences)
            self.app.save_settings()

    def act(self, action: Any) -> None:
        """The player's action: its answer comes as events or a refusal (someone who
        only watches has none to make)."""
        if self.session.seat is None:
            self.refuse_watching()
            return
        if isinstance(self.session, LineReport) and not self.session.line_up:
            self.answer("online-not-connected", cue="menu_error")  # not sent: stale once back
            return
        self._moving = True
        self.session.act(action)

    def refuse_watching(self) -> None:
        self.answer("table-watching", cue="menu_error")

    def post_narration(
        self, messages: Sequence[Message], spoken: Sequence[Message] | None = None
    ) -> None:
        """What the game's narrator made of a batch: posted (as ``spoken`` when the
        table adds words of its own, e.g. its cursor), and shown to the watchers."""
        for message in messages if spoken is None else spoken:
            self.post(message)
        for watcher in self.narration_watchers:
            watcher(messages)

    # -- speech -----------------------------------------------------------------------------
    def answer(self, msg_id: str, cue: str | None = None, **args: Any) -> None:
        """An answer to the player's key: at once, interrupting, never silenced."""
        self.post(Message(msg_id, args, cue=cue, interrupt=True))

    # -- saving -----------------------------------------------------------------------------
    def autosave(self) -> None:
        """Once per frame in which the match changed; the end of the match removes the save."""
        if self.local is None or not self.kept():
            return
        if self.local.engine.is_over:
            self.app.end_of_match(self.game_id)
            return
        self.app.autosave(self.game_id, self.match_state(), self.summary())

    def save_match(self) -> bool:
        """Ctrl+S: the snapshot of this very moment; False when there is nothing to
        save (a practice round, a match run elsewhere, a match that has ended)."""
        if self.local is None or not self.kept() or self.local.engine.is_over:
            return False
        self._dirty = False
        self.autosave()
        return True

    # -- leaving, and the next match ------------------------------------------------------
    def on_escape(self) -> None:
        cancelled = self.controls.cancel()
        if cancelled is not None:
            self.post(cancelled)
            return
        if self.finished:
            self.cue("menu_back")
            self.leave()
            return
        self.ask_leave()

    def leave(self) -> None:
        """Back where the table was opened from; a match left half-way stays saved,
        and the main menu offers it at once. Online, the table's own way out."""
        if self.beside is not None:
            self.halt()
            self.beside.leave()
            return
        if self.local is not None and self.kept() and not self.local.engine.is_over:
            self.app.autosave(self.game_id, self.match_state(), self.summary())
        self.halt()
        if self.home is not None and self.home in self.app.scenes:
            self.app.pop_to(self.home)
            return
        while self in self.app.scenes:  # no home: close what is above, then the table
            self.app.pop()

    def next_match(self) -> None:
        """Enter at the end: the next match of the evening, at the same table (online:
        back to the table's seating, where the master starts the next one)."""
        if self.beside is not None:
            self.beside.next_match()
            return
        self.app.replace(self.next_table(next_seed(self.seed)))

    def enter_at_rest(self) -> bool:
        """Enter between rounds (the next one) and at the end (the next match), once the
        round's or the match's end was heard; False: the match is under way."""
        between = self.rounds is not None and self.rounds.between()
        if not (between or self.finished):
            return False
        if self.hearing:  # an Enter meant for the last move, pressed as it ended
            self.cue("soft_click")  # the summary goes on
        elif self.rounds is not None and between:
            self.cue("menu_select")
            self.rounds.next_round()
        else:
            self.cue("menu_select")
            self.next_match()
        return True
