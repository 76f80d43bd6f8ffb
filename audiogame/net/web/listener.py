"""One web page's ears and keys, on the server: ``WebListener``.

A desktop client narrates for itself; a page cannot (no rule and no sentence is
written twice, and certainly not in JavaScript), so the server does it for the
page, exactly as a desktop client would for the same seat:

- it keeps the table as that seat knows it from the very frames the table sent
  it (the seating, the view rebuilt from its patches, the events it may know),
  so it sees nothing a desktop client at the seat would not;
- each batch goes through the game's ``Controls.heard`` (the game's pure
  narrator, with the cursor following my moves) and a real ``Announcer``, in the
  page's language and verbosity: the same text, cues, pans, volumes, kinds,
  interrupts and history as the desktop, collected into one ``Out`` frame;
- the game's board, as the desktop window draws it, whenever it changes;
- a key press becomes the window's key (``keys.key_for``) and goes to the same
  places the desktop sends it: the history (Page Up/Down), the keys' help (F1),
  the game's controls (answers, and actions sent as the protocol's ``act``), and
  at a waiting table the master's keys (B, Shift+B, Enter as at the Salotto),
  which become the protocol's own ``set-bot`` and ``start``.

It returns the protocol messages to run and never touches the network: the
``WebConnection`` runs them through the same handlers, limits and checks as a
desktop client's messages.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from audiogame.announce import Announcer, Words
from audiogame.core import keys
from audiogame.core.contract import GameSpec, OptionSpec, heard_by
from audiogame.core.controls import Controls
from audiogame.core.cues import MENU_CUES
from audiogame.core.keys import Key
from audiogame.core.narration import SYSTEM, Join, Later, Message, Narrate, Phrase, resolve
from audiogame.core.room_keys import HISTORY_KEYS, VOLUME_STEP, Room, room_of
from audiogame.games import registry
from audiogame.history import History
from audiogame.key_help import KeyHelp, everywhere_apart
from audiogame.language.localizer import LANGUAGES, Localizer, capital_first
from audiogame.net.protocol import messages as m
from audiogame.net.protocol import option_words, spoken_words
from audiogame.net.protocol.game_codec import CodecError, GameCodec
from audiogame.net.protocol.race_return import back_from_bot, comeback, covered
from audiogame.net.web import civil, table_commands
from audiogame.net.web import messages as w
from audiogame.net.web.board import board_view
from audiogame.net.web.keys import key_for
from audiogame.net.web.race import PageRace, Planned, parts, same
from audiogame.store.settings import MESSAGE_KINDS, VERBOSITY_LEVELS

log = logging.getLogger(__name__)

#: the kinds a page can tune: the desktop's, and table chat
CHAT = "chat"
KINDS: tuple[str, ...] = tuple(dict.fromkeys((*MESSAGE_KINDS, CHAT)))
#: notices about myself the page does not say, as the desktop does not: I did it, or
#: what follows says it in my own words (seated, back in the race)
MINE_UNSAID = frozenset(
    {m.NoticeKind.JOINED, m.NoticeKind.WATCHING, m.NoticeKind.BACK, m.NoticeKind.RETURNING}
)
#: the group of a game's commands a spectator is shown, and the table's own group
QUESTIONS = "questions"
TABLE = "table"
#: the seats the create form offers first, within each game's range
FORM_SEATS = 4

#: per language and the games found (a game folder added at run time brings its words)
_LOCALIZERS: dict[tuple[str, tuple[str, ...]], Localizer] = {}
_WORDS: dict[tuple[str, tuple[str, ...]], Words] = {}


def localizer(lang: str) -> Localizer:
    """One localizer per language for the whole server (Fluent's bundles are parsed once)."""
    key = (lang, registry.ids())
    found = _LOCALIZERS.get(key)
    if found is None:
        found = _LOCALIZERS[key] = Localizer(lang, games=registry.message_folders)
    return found


def words(lang: str) -> Words:
    key = (lang, registry.ids())
    found = _WORDS.get(key)
    if found is None:
        found = _WORDS[key] = Words(localizer(lang))
    return found


def page_language(wanted: str) -> str:
    return wanted if wanted in LANGUAGES else localizer("it").lang


@dataclass(slots=True)
class _Pending:
    """What the page gets at the end of this turn of work: one ``Out`` frame."""

    lines: list[w.Line] = field(default_factory=list)
    speech: list[w.Utterance] = field(default_factory=list)
    cues: list[w.CuePlay] = field(default_factory=list)
    volume: float | None = None
    upto: int | None = None

    def frame(self) -> w.Out | None:
        if not (self.lines or self.speech or self.cues) and self.volume is self.upto is None:
            return None
        out = w.Out(self.lines, self.speech, self.cues, self.volume, self.upto)
        self.lines, self.speech, self.cues, self.volume, self.upto = [], [], [], None, None
        return out


class _PageSpeaker:
    """The announcer's speaker for a page: utterances for its live regions."""

    name = "web"

    def __init__(self, pending: _Pending) -> None:
        self.pending = pending

    def speak(self, text: str, interrupt: bool = False) -> None:
        self.pending.speech.append(w.Utterance(text, interrupt))

    def silence(self) -> None:
        pass  # the screen reader's own Control silences it

    def braille(self, text: str) -> None:
        pass  # the screen reader shows the live region on the braille display

    def update(self) -> None:
        pass

    def close(self) -> None:
        pass


class _PageCues:
    def __init__(self, pending: _Pending) -> None:
        self.pending = pending
        #: the delay of the message being delivered (a ``Later``'s): the page waits it
        self.delay = 0.0

    def play(self, cue: str, pan: float = 0.0, volume: float = 1.0) -> None:
        cue_play = w.CuePlay(cue, round(pan, 3), round(volume, 3), round(self.delay, 3))
        self.pending.cues.append(cue_play)


class _PageHistory(History):
    """The history, each line sent to the page's list with its kind."""

    def __init__(self, pending: _Pending) -> None:
        super().__init__()
        self.pending = pending
        self.current: Message | None = None
        #: a race's part narrated ahead: its lines wait here, and enter the history
        #: the player walks when the server's clock passes the part
        self.deferring: list[tuple[str, str]] | None = None

    def add(self, text: str, kind: str = "") -> None:
        if self.deferring is None:
            super().add(text, kind)
        else:
            self.deferring.append((text, kind))
        current = self.current
        kind = SYSTEM if current is None else current.kind
        answer = current is not None and current.interrupt
        msg_id = "" if current is None else current.msg_id
        self.pending.lines.append(w.Line(text, kind, answer, msg_id))


class _PageAnnouncer(Announcer):
    """The desktop's announcer, telling the history which message each line is."""

    history: _PageHistory
    cues: _PageCues

    def deliver(self, message: Message) -> None:
        self.history.current = message
        self.cues.delay = message.delay if isinstance(message, Later) else 0.0
        try:
            super().deliver(message)
        finally:
            self.history.current = None
            self.cues.delay = 0.0


@dataclass(slots=True)
class _Seen:
    """The table as this page's seat knows it, from the frames the table sent it."""

    table: m.TableInfo | None = None
    seat: int | None = None
    spec: GameSpec | None = None
    codec: GameCodec | None = None
    controls: Controls | None = None
    view: Any = None
    upto: int = 0
    match: int = 0
    synced: bool = False
    #: the game waits for the table between rounds (Domino's manches): the master may
    #: hold the next one
    rounds: bool = False


class WebListener:
    def __init__(
        self,
        lang: str,
        game_time: Callable[[str], float | None],
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.lang = page_language(lang)
        self.verbosity: dict[str, str] = dict.fromkeys(KINDS, "speak")
        self.cue_volume = 1.0
        #: the game time at a table (None: not known here), for "time left" answers
        self.game_time = game_time
        self.pending = _Pending()
        #: protocol messages passed to the page as they are (a resume token, a record)
        self.raw: list[Any] = []
        self.history = _PageHistory(self.pending)
        self.announcer = _PageAnnouncer(
            _PageSpeaker(self.pending),
            _PageCues(self.pending),
            localizer(self.lang),
            self.level,
            self.history,
        )
        self.announcer.words = words(self.lang)
        self.seen = _Seen()
        self.name = ""
        #: seats a bot was asked for, and asked away from, since the last seating came:
        #: keys and taps faster than the table answers act on the seating they asked for
        #: (a bot asked for can be taken away before the table has said it sat down)
        self._adding: set[int] = set()
        self._removing: set[int] = set()
        #: the board the page shows now, and its buttons
        self._board = w.BoardView()
        self._controls = w.ControlsView()
        #: a race's parts narrated ahead, on the server's clock ``now``
        self.race = PageRace(now)
        #: the press time the page claimed for the key being handled
        self._press_at: float | None = None
        #: the server's people as this page was told
        self.people = civil.PagePeople()
        #: F1's parts of a long key list, stepped through
        self.key_help = KeyHelp()

    # -- settings -----------------------------------------------------------------------
    def level(self, kind: str) -> str:
        return self.verbosity.get(kind, "speak")

    def listen(self, message: w.Listen) -> bool:
        """The page's language and verbosity; False when a value is not one we know."""
        if message.lang and message.lang not in LANGUAGES:
            return False
        for kind, level in message.verbosity.items():
            if kind not in KINDS or level not in VERBOSITY_LEVELS:
                return False
        if message.lang:
            self.lang = message.lang
            self.announcer.t = localizer(self.lang)
            self.announcer.words = words(self.lang)
        self.verbosity.update(message.verbosity)
        if self.seen.table is not None:
            self._at_table()  # the headings and seats, in the new language
        return True

    def t(self, msg_id: str, **args: Any) -> str:
        return self.announcer.t(msg_id, **args)

    # -- what the page gets -------------------------------------------------------------
    def take_out(self) -> list[Any]:
        """The frames for the page now: what passed through, then the words."""
        self.announcer.flush()
        frames = self.raw
        self.raw = []
        out = self.pending.frame()
        if out is not None:
            frames.append(out)
        seen = self.seen
        board = board_view(seen.spec, seen.view, self.names(), seen.controls, self.t)
        if board != self._board:  # drawn again only when it changes, as the window is
            self._board = board
            frames.append(board)
        controls = self._controls_view()
        if controls != self._controls:  # the buttons, again only when they change
            self._controls = controls
            frames.append(controls)
        return frames

    def say(self, msg_id: str, cue: str | None = None, **args: Any) -> None:
        """An answer to the page's key or command: interrupts."""
        self.announcer.deliver(Message(msg_id, args, cue=cue, interrupt=True))

    def post(self, msg_id: str, kind: str = SYSTEM, cue: str | None = None, **args: Any) -> None:
        self.announcer.deliver(Message(msg_id, args, kind=kind, cue=cue))

    # -- the server's messages ----------------------------------------------------------
    def take(self, message: Any) -> None:
        handler = _TAKERS.get(type(message))
        if handler is not None:
            handler(self, message)

    def _welcome(self, message: m.Welcome) -> None:
        self.name = message.name
        self.raw.append(message)
        self.post("web-welcome", name=message.name)

    def _refused(self, message: m.Refused) -> None:
        detail = message.options
        if detail is not None:
            said = option_words.problem_words(
                detail.game, detail.option, detail.problem, detail.args, self.announcer.t
            )
            if said is not None:
                self.say("online-said", "menu_error", text=said)
                return
        self.say(f"net-reason-{message.reason}", "menu_error")

    def _tables(self, message: m.TableList) -> None:
        lines = []
        for summary in message.tables:
            text = self.t(
                "web-table-line",
                game=self._game_name(summary.game),
                stage=summary.stage.value,
                seated=summary.seated,
                seats=summary.seats,
                master=summary.master,
                mastered="yes" if summary.master else "no",
            )
            lines.append(w.LobbyLine(summary.id, text))
        self.raw.append(w.Lobby(lines, [self._lobby_game(g) for g in _page_games()]))

    def _lobby_game(self, game: str) -> w.LobbyGame:
        spec = registry.get(game)
        assert spec is not None
        seats = min(max(FORM_SEATS, spec.min_seats), spec.max_seats)
        return w.LobbyGame(game, self._game_title(game), spec.min_seats, spec.max_seats, seats)

    def _game_title(self, game: str) -> str:
        """A game's full title, for the list of games a table can be made for."""
        spec = registry.get(game)
        return self.t(spec.title_id) if spec is not None else game

    def _game_name(self, game: str) -> str:
        """A game's short name, inside sentences and the table's heading."""
        spec = registry.get(game)
        return self.t(spec.name_message) if spec is not None else game

    def _table(self, message: m.TableState) -> None:
        seen = self.seen
        info = message.table
        first = seen.table is None or seen.table.id != info.id
        if seen.spec is None or seen.table is None or seen.table.game != info.game:
            seen.spec = registry.get(info.game)
            wire = None if seen.spec is None else seen.spec.wire
            types = None if wire is None else wire()
            seen.codec = None if types is None else GameCodec(types)
            seen.rounds = types is not None and bool(types.table_actions)
            # a game this server does not know (another process's game folder): the
            # page has no keys for it and can only listen
            seen.controls = None if seen.spec is None else seen.spec.controls()
        if first or seen.match != info.match:
            seen.upto, seen.view, seen.synced = 0, None, False
        seen.table, seen.seat, seen.match = info, message.you, info.match
        self._adding.clear()
        self._removing.clear()
        if first:
            self._arrived()
        self._at_table()

    def _arrived(self) -> None:
        info, seat = self.seen.table, self.seen.seat
        assert info is not None
        words_ = self._code_words(info.code)
        if seat is None:
            self.post("web-watching", game=self._game_name(info.game), code=words_)
        else:
            self.post(
                "web-seated",
                game=self._game_name(info.game),
                code=words_,
                seat=seat + 1,
                seats=len(info.seats),
            )
        if self.seen.controls is None:
            self.post("web-watch-only", game=self._game_name(info.game))

    def _code_words(self, code: str) -> str:
        try:
            numbers = [int(part) for part in code.split("-")]
            return spoken_words.say(numbers, self.lang)
        except (ValueError, IndexError):
            return code

    def _at_table(self) -> None:
        info, seat = self.seen.table, self.seen.seat
        if info is None:
            return
        names = self.names()
        seats = [self._seat_line(i, s, names[i], seat) for i, s in enumerate(info.seats)]
        self.raw.append(
            w.AtTable(
                id=info.id,
                game=info.game,
                title=self._game_name(info.game),
                code=info.code,
                code_words=self._code_words(info.code),
                seats=seats,
                stage=info.stage.value,
                master=seat is not None and info.master == seat,
                watching=seat is None,
                status=self._status(info),
                match=info.match,
                cues=self._cues(),
                mine=self._mine(info, seat),
            )
        )

    def _mine(self, info: m.TableInfo, seat: int | None) -> dict[str, Any]:
        """My seat's own values of the game's per-seat options (none: watching)."""
        if seat is None or not 0 <= seat < len(info.seats):
            return {}
        options = option_words.seat_options(self.seen.spec)
        return {o.id: option_words.seat_value(o, info.seats[seat]) for o in options}

    def _cues(self) -> list[str]:
        spec = self.seen.spec
        game = () if spec is None else spec.cues
        return [cue.id for cue in (*MENU_CUES, *game)]

    def _seat_line(self, index: int, seat: m.Seat, name: str, me: int | None) -> str:
        if seat.kind is m.SeatKind.EMPTY:
            state = "empty"
        elif seat.kind is m.SeatKind.BOT:
            state = "bot"
        elif index == me:
            state = "you"
        elif seat.covered:
            state = "covered"
        elif not seat.connected:
            state = "away"
        else:
            state = "human"
        level = self.t(f"bot-level-{seat.level}") if seat.level else ""
        said = self.t(f"web-seat-{state}", n=index + 1, name=name, level=level)
        return ", ".join([said, *option_words.seat_notes(self.seen.spec, seat, self.t)])

    def _status(self, info: m.TableInfo) -> str:
        if info.stage is m.TableStage.WAITING:
            empty = sum(1 for s in info.seats if s.kind is m.SeatKind.EMPTY)
            master = info.master is not None and info.master == self.seen.seat
            return self.t("web-status-waiting", empty=empty, master="yes" if master else "no")
        if info.stage is m.TableStage.OVER:
            return self.t("web-status-over")
        return self.t("web-status-playing", paused="yes" if info.paused else "no")

    def names(self) -> list[str]:
        """Each seat's name for narration: a human's own, a bot's in the page's language."""
        info = self.seen.table
        if info is None:
            return []
        return [
            s.name if s.kind is m.SeatKind.HUMAN else self.t("web-bot-name", n=i + 1)
            for i, s in enumerate(info.seats)
        ]

    def _snapshot(self, message: m.Snapshot) -> None:
        seen = self.seen
        if seen.codec is None:
            return
        try:
            view = seen.codec.decode_view(message.view)
            away = [seen.codec.decode_event(e) for e in message.away]
        except CodecError:
            log.exception("a snapshot the page's listener cannot read")
            return
        seen.view, seen.upto, seen.synced = view, message.upto, True
        self.pending.upto = message.upto
        if self._racing():
            drop = self.race.reset()
            self.race.upto_time = getattr(view, "time", -math.inf)
            if message.upto > 0:  # back mid-race: where it stands, not what was missed
                bot_playing = covered(seen.table, seen.seat)
                for said in comeback(seen.spec, view, self.names(), seen.seat, bot_playing):
                    self.announcer.post(said)
                self.announcer.flush()
            self._plan(message.ahead or [], drop)
            return
        if away:
            self.post("web-while-away", n=len(away))
            self._narrate(away)

    def _events(self, message: m.Events) -> None:
        seen = self.seen
        if seen.codec is None or not seen.synced or message.upto <= seen.upto:
            return  # before this page's snapshot, or already in it
        try:
            events = [seen.codec.decode_event(e) for e in message.events]
            seen.view = seen.codec.apply_patch(seen.view, message.view)
        except CodecError:
            log.exception("events the page's listener cannot read")
            return
        seen.upto = self.pending.upto = message.upto
        if not self._racing():
            self._narrate(events)
            return
        self._race_events(events)
        if message.ahead is not None:
            self._plan(message.ahead, [])

    # -- a race: its foreseen happenings narrated ahead, played at their time -------------
    def _racing(self) -> bool:
        spec = self.seen.spec
        return spec is not None and spec.realtime is not None

    def _race_clock(self, message: m.RaceClock) -> None:
        self.race.clock = message

    def _race_events(self, events: Sequence[Any]) -> None:
        """The table's batch, part by part: a part said ahead with the same words is
        not said again; any other is said now (the server has the last word)."""
        race, seen = self.race, self.seen
        spec = seen.spec
        assert spec is not None and spec.narrate is not None
        seats = 0 if seen.table is None else len(seen.table.seats)
        latest = race.upto_time
        told: list[Any] = []
        for at, part in parts(heard_by(events, seen.seat)):
            if at is not None:
                latest = max(latest, at)
            ahead = None if at is None else race.planned.pop(at, None)
            if ahead is not None:
                if not ahead.heard:
                    self._heard_ahead(ahead)
                if same(spec.narrate, seats, ahead, part, seen.view):
                    continue
            told.extend(part)
        for at in [a for a in race.planned if a < latest]:
            del race.planned[at]  # foreseen, never happened: the page heard it already
        race.upto_time = latest
        if told:
            self._narrate(told)

    def _plan(self, ahead: Sequence[Any], drop: list[float]) -> None:
        """What the race will bring, narrated now for the page to say at its time:
        parts already heard stay; parts not heard yet are sent again when they changed,
        dropped when they no longer hold."""
        race, seen = self.race, self.seen
        clock, codec, spec = race.clock, seen.codec, seen.spec
        if clock is None or codec is None or spec is None or spec.narrate is None:
            return
        coming: list[tuple[float, tuple[Any, ...], Any]] = []
        before = seen.view
        try:
            for item in ahead:
                at = float(item["at"])
                events = tuple(codec.decode_event(e) for e in item["events"])
                before = codec.apply_patch(before, item["view"])
                coming.append((at, events, before))
        except (CodecError, KeyError, TypeError, ValueError):
            log.exception("a race's plan the page's listener cannot read")
            return
        now = race.game_now()
        kept = {k: p for k, p in race.planned.items() if p.heard or (now is not None and k <= now)}
        old = {k: p for k, p in race.planned.items() if k not in kept}
        items: list[w.Timed] = []
        for at, events, view in coming:
            if at in kept or at <= race.upto_time:
                continue
            was = old.pop(at, None)
            if was is not None and was.events == events and was.view == view:
                kept[at] = was  # the page has it scheduled as it is
                continue
            if was is not None:
                drop.append(at)
            timed, lines = self._narrate_ahead(events, view, at + clock.origin, at)
            kept[at] = Planned(events, view, lines)
            if timed.lines or timed.speech or timed.cues:
                items.append(timed)  # a part that says nothing here is only compared
        drop.extend(old)
        race.planned = kept
        if items or drop:
            self.raw.append(w.Plan(items, sorted(set(drop))))

    def _narrate_ahead(
        self, events: tuple[Any, ...], view: Any, at: float, key: float
    ) -> tuple[w.Timed, list[tuple[str, str]]]:
        """One foreseen part in the page's words, apart from everything else it gets."""
        spec = self.seen.spec
        assert spec is not None and spec.narrate is not None
        self.announcer.flush()
        now = self.pending.frame()
        if now is not None:
            self.raw.append(now)  # what was said before stays before, and untimed
        lines: list[tuple[str, str]] = []
        self.history.deferring = lines
        try:
            for message in spec.narrate(events, view, self.names()):
                self.announcer.post(message)
            self.announcer.flush()
        finally:
            self.history.deferring = None
        out = self.pending.frame()
        if out is None:
            return w.Timed(key, at), lines
        return w.Timed(key, at, out.lines, out.speech, out.cues), lines

    def _heard_ahead(self, part: Planned) -> None:
        """A part the page has heard by now: its lines join the history the player
        walks, and the keys' cursor follows it."""
        for text, kind in part.lines:
            History.add(self.history, text, kind)
        controls = self.seen.controls
        if controls is not None:
            controls.heard(part.events, part.view, self.names(), _silent)

    def _catch_up(self) -> None:
        for part in self.race.due():
            self._heard_ahead(part)

    def _key_view(self) -> Any:
        """The view the keys answer from: the latest part heard, the table's own else."""
        if self._racing():
            self._catch_up()
            heard = self.race.heard_view()
            if heard is not None:
                return heard
        return self.seen.view

    def _diagnostics(self) -> None:
        """The page's estimate of the server's clock, and the table's compensation (the
        desktop's F11; the page's stand-in key, since a browser keeps F11)."""
        found, clock = self.race.page_clock, self.race.clock
        if found is None:
            self.say("net-clock-unknown")
            return
        self.say(
            "net-clock",
            offset=_ms(found.offset),
            error=_ms(found.error),
            rtt=_ms(found.rtt),
            hold=_ms(0.0 if clock is None else clock.hold),
            bound=_ms(0.0 if clock is None else clock.bound),
        )

    def page_clock(self, message: w.PageClock) -> None:
        self.race.page_clock = message

    def _narrate(self, events: Sequence[Any]) -> None:
        seen = self.seen
        spec = seen.spec
        if spec is None or spec.narrate is None or seen.view is None:
            return
        heard = heard_by(events, seen.seat)  # the table sent only these; said once more
        narrate: Narrate = spec.narrate
        names = self.names()
        if seen.controls is not None:
            said = seen.controls.heard(heard, seen.view, names, narrate)
        else:
            said = narrate(heard, seen.view, names)
        for message in said:
            self.announcer.post(message)
        self.announcer.flush()  # one batch, one utterance, as the desktop says it

    def _game_refused(self, message: m.GameRefused) -> None:
        controls, view = self.seen.controls, self._key_view()
        if controls is not None and view is not None:
            for said in controls.refused(message.refusal, view):
                self.announcer.deliver(said)
            return
        spec = self.seen.spec
        game = "" if spec is None else spec.id
        self.say(f"{game}-refusal-{message.refusal}", "menu_error")

    def _notice(self, message: m.Notice) -> None:
        seen = self.seen
        mine = (
            message.seat is not None
            and message.seat == seen.seat
            or (bool(message.name) and message.name == self.name)
        )
        if mine and message.what is m.NoticeKind.BACK and covered(seen.table, seen.seat):
            self.announcer.deliver(back_from_bot())
            return
        if mine and message.what in MINE_UNSAID:
            return
        names = self.names()
        name = message.name
        if not name and message.seat is not None and message.seat < len(names):
            name = names[message.seat]
        seat = 0 if message.seat is None else message.seat + 1
        code = "" if seen.table is None else self._code_words(seen.table.code)
        value = self._seat_option_words(message.seat)
        if mine and message.what is m.NoticeKind.SEAT_OPTION:
            self.say("online-seat-option-mine", "toggle", value=value)
            return
        self.post(
            f"web-notice-{message.what.value}",
            cue="notice",
            name=name,
            seat=seat,
            code=code,
            value=value,
        )

    def _seat_option_words(self, seat: int | None) -> str:
        info = self.seen.table
        return "" if info is None else option_words.seat_said(info.game, info.seats, seat, self.t)

    def _chat(self, message: m.Chat) -> None:
        msg_id = "web-chat-private" if message.private else "web-chat"
        self.post(msg_id, kind=CHAT, cue="notice", name=message.name, text=message.text)

    def _begins(self, message: m.MatchBegins) -> None:
        self.seen.upto, self.seen.view, self.seen.synced = 0, None, False
        drop = self.race.reset()
        if drop:
            self.raw.append(w.Plan(drop=drop))

    def _over(self, message: m.MatchOver) -> None:
        self.raw.append(message)
        self.post("web-match-record")

    def _left(self, message: m.Left) -> None:
        self.seen = _Seen()
        self.raw.append(message)
        if message.reason:
            self.say(f"net-reason-{message.reason}", "menu_back")
        else:
            self.say("web-left", "menu_back")

    def _goodbye(self, message: m.Goodbye) -> None:
        self.raw.append(message)
        self.say(f"net-reason-{message.reason}", "menu_back")

    def _pong(self, message: m.Pong) -> None:
        self.raw.append(message)

    # -- the page's keys ----------------------------------------------------------------
    def key(self, press: w.KeyPress) -> list[m.ClientMessage]:
        """What a key press says and does: the protocol messages to run for it."""
        key = key_for(press)
        if key is None:
            return []
        self._press_at = press.at
        if key.key != keys.F1:
            self.key_help.reset()  # the next F1 starts again from the first part
        if key.key not in HISTORY_KEYS:
            self.history.end_walk()  # doing something else: the next Page Up starts anew
        if self._global_key(key):
            return []
        info = self.seen.table
        if info is None:
            self.say("web-not-at-table", "menu_error")
            return []
        return self._game_key(key, info)

    def _global_key(self, key: Key) -> bool:
        """A room key (``core.room_keys``: the desktop's, from the same definition)."""
        room = room_of(key)
        doing = None if room is None else ROOM_KEYS.get(room)
        if doing is None or (room is Room.CLOCK and not self._racing()):
            return False
        doing(self)
        return True

    def _step_cues(self, step: float) -> None:
        self.cue_volume = round(min(1.0, max(0.0, self.cue_volume + step)), 2)
        self.pending.volume = self.cue_volume
        self.say("volume-cues", n=round(self.cue_volume * 100))

    def _keys_help(self, back: bool = False) -> None:
        """F1: the keys here, a long list in parts (``key_help``), as the desktop says them."""
        info, spec = self.seen.table, self.seen.spec
        parts: list[str] = []
        if info is None:
            text = self.t("web-keys-lobby")
        elif info.stage is m.TableStage.WAITING:
            text = self.t("web-keys-waiting")
        elif spec is not None:
            browser = self.t("web-keys-race" if spec.realtime is not None else "web-keys-table")
            table_keys = self.t(f"keys-{spec.id}-table")
            own, *everywhere = everywhere_apart(table_keys, self.t("keys-global"))
            text = f"{table_keys} {browser}"
            parts = [own, browser, *everywhere]
        else:
            text = self.t("web-keys-table")
        more = self.t("keys-part-more")
        said = self.key_help.say(self.seen, text, parts or [text], back, more)
        self.announcer.say_text(said, record=False)

    def _rules(self) -> None:
        spec = self.seen.spec
        if spec is None:
            self.say("web-rules-none")
        else:
            self.say("web-rules", game=self._game_name(spec.id))

    def _read_history(self, up: bool, to_end: bool) -> None:
        history = self.history
        if to_end:
            text = history.first() if up else history.newest()
            edge = False
        else:
            step = history.previous() if up else history.next()
            text, edge = step if step else (None, False)
        if text is None:
            self.say("history-empty", "menu_edge")
            return
        self.announcer.cue("menu_edge" if edge else "menu_move")
        self.announcer.say_text(text, record=False)

    def _read_seats(self, info: m.TableInfo) -> None:
        names = self.names()
        lines = tuple(
            self._seat_line(i, s, names[i], self.seen.seat) for i, s in enumerate(info.seats)
        )
        self.say("web-seats", seats=Join(lines), status=self._status(info))

    def _game_key(self, key: Key, info: m.TableInfo) -> list[m.ClientMessage]:
        """At a table: the game's keys first (its controls), then the table's own."""
        seen = self.seen
        controls, view = seen.controls, self._key_view()
        if info.stage is not m.TableStage.WAITING and controls is not None and view is not None:
            reaction = controls.on_key(key, view, self.names(), self.game_time(info.id))
            if reaction is not None:
                return self._react(reaction)
        command = table_commands.bound(key, info, seen.rounds)
        if command is not None:
            return self._table_command(command, info)
        if info.stage is m.TableStage.PLAYING and key.key in keys.ENTER:
            self.say("web-next-round", n=round(info.between_rounds))
            return []
        if key.plain and key.letter in ("t", "e") and view is None:
            self._read_seats(info)
            return []
        if controls is None and info.stage is not m.TableStage.WAITING:
            self.say("web-watch-only", "menu_error", game=self._game_name(info.game))
            return []
        self.announcer.cue("menu_error")
        return []

    def _react(self, reaction: Any) -> list[m.ClientMessage]:
        """What a game's command (a key, a button) did: its answers said, its action sent."""
        seen = self.seen
        for said in reaction.said:
            self.announcer.deliver(said)
        if reaction.action is None or seen.codec is None:
            return []
        if seen.seat is None:
            self.say("net-reason-not-seated", "menu_error")
            return []
        at = self._press_at if self._racing() else None
        return [m.Act(action=seen.codec.encode_action(reaction.action), ref=seen.upto, at=at)]

    # -- the page's buttons: the same commands as its keys ---------------------------------
    def command(self, message: w.RunCommand) -> list[m.ClientMessage]:
        """A button tapped: the command it shows, run as its keys would run it."""
        self._press_at = message.at
        self.history.end_walk()
        info = self.seen.table
        if info is None:
            self.say("web-not-at-table", "menu_error")
            return []
        table = table_commands.BY_ID.get(message.id)
        if table is not None:
            return self._table_command(table, info)
        seen = self.seen
        controls, view = seen.controls, self._key_view()
        reaction = None
        if controls is not None and view is not None:
            reaction = controls.run(message.id, view, self.names(), self.game_time(info.id))
        if reaction is None:  # a button left from before: not what this seat can do now
            self.say("web-command-gone", "menu_error")
            return []
        return self._react(reaction)

    def _table_command(
        self, command: table_commands.TableCommand, info: m.TableInfo
    ) -> list[m.ClientMessage]:
        """The table's own command (``table_commands``), for its master or anyone."""
        if not command.when(info, self.seen.rounds):
            self.say("web-command-gone", "menu_error")
            return []
        if command.master and (self.seen.seat is None or info.master != self.seen.seat):
            self.say(command.not_master, "menu_error")
            return []
        if command.id in ("start", "next-match"):
            return [m.Start()]
        if command.id in ("hold", "release"):
            return [m.Pause(paused=command.id == "hold")]
        if command.id == "seats":
            self._read_seats(info)
            return []
        if command.id == "seat-option":
            return self._seat_option(info)
        bots = self._bots_asked(info)
        if command.id == "remove-bot":
            if not bots:
                self.say("web-no-bot", "menu_error")
                return []
            self._adding.discard(bots[-1])
            self._removing.add(bots[-1])
            return [m.SetBot(seat=bots[-1], level=None)]
        empty = [
            i
            for i, s in enumerate(info.seats)
            if i not in bots and (s.kind is m.SeatKind.EMPTY or i in self._removing)
        ]
        if not empty or not info.bot_levels:
            self.say("net-reason-table-full", "menu_error")
            return []
        self._removing.discard(empty[0])
        self._adding.add(empty[0])
        return [m.SetBot(seat=empty[0], level=info.bot_levels[(len(info.bot_levels) - 1) // 2])]

    def _seat_option(self, info: m.TableInfo) -> list[m.ClientMessage]:
        """M: my seat's next value of the game's own per-seat option (Tira's controls),
        as the desktop's room changes it; fixed during a match (said so)."""
        found = self._next_seat_option(info)
        if found is None:
            self.say("net-reason-not-seated", "menu_error")
            return []
        option, now, after = found
        if info.stage is m.TableStage.PLAYING:
            value = option_words.seat_option_words(info.game, option, now, self.t)
            self.say("online-seat-option-fixed", "menu_error", value=value)
            return []
        return [m.SetSeatOption(option=option.id, value=after)]

    def _next_seat_option(self, info: m.TableInfo) -> tuple[OptionSpec, Any, Any] | None:
        """The per-seat option M changes, my seat's value of it, and the next one (None:
        I have no seat, or the game has no such option)."""
        me = self.seen.seat
        options = option_words.seat_options(self.seen.spec)
        if me is None or not options or not 0 <= me < len(info.seats):
            return None
        now = option_words.seat_value(options[0], info.seats[me])
        return options[0], now, options[0].after(now)

    def _table_label(self, command: table_commands.TableCommand, info: m.TableInfo) -> str:
        """A table command's button; M's says what it switches to."""
        found = self._next_seat_option(info) if command.id == "seat-option" else None
        if found is None:
            return self.t(command.label)
        option, _now, after = found
        value = option_words.seat_option_words(info.game, option, after, self.t)
        return self.t(command.label, value=value)

    def _bots_asked(self, info: m.TableInfo) -> list[int]:
        """The seats holding a bot once the table has done what this page asked (the
        table answers each ask in the order it was sent)."""
        return [
            i
            for i, s in enumerate(info.seats)
            if (s.kind is m.SeatKind.BOT or i in self._adding) and i not in self._removing
        ]

    def _controls_view(self) -> w.ControlsView:
        """What this seat may do now, as the page's buttons: the game's commands (a
        spectator: its questions), then the table's own, in the page's language."""
        info, seen = self.seen.table, self.seen
        if info is None:
            return w.ControlsView()
        groups: dict[str, list[w.Button]] = {}
        controls = seen.controls
        view = self._key_view() if seen.synced else None
        if info.stage is not m.TableStage.WAITING and controls is not None and view is not None:
            now = self.game_time(info.id)
            for command in controls.commands(view, self.names(), now):
                if seen.seat is None and command.group != QUESTIONS:
                    continue  # watching: nothing of the game to do but ask
                button = w.Button(command.id, self._label(command.label), command.current)
                groups.setdefault(command.group, []).append(button)
        master = seen.seat is not None and info.master == seen.seat
        seated = seen.seat is not None
        for table in table_commands.offered(info, seen.rounds, master, seated):
            groups.setdefault(TABLE, []).append(w.Button(table.id, self._table_label(table, info)))
        return w.ControlsView([w.Group(g, self._group_title(g), b) for g, b in groups.items()])

    def _label(self, label: Phrase) -> str:
        message = Message(label.msg_id, label.args)
        return capital_first(self.t(label.msg_id, **resolve(message, self.announcer.words).args))

    def _group_title(self, group: str) -> str:
        msg_id = f"web-group-{group}"
        return self.t(msg_id if self.announcer.t.has(msg_id) else "web-group-actions")


def _silent(events: Sequence[Any], view: Any, names: Sequence[str]) -> list[Message]:
    """A narrator that says nothing: the controls follow a part already said."""
    return []


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f}"


def _page_games() -> list[str]:
    """The games a page can open: the online ones (each gives its keys as data,
    ``GameSpec.controls``, so a server can answer a page's keys)."""
    return [s.id for s in registry.games() if s.wire is not None and s.new_engine is not None]


_TAKERS: dict[type, Callable[[WebListener, Any], None]] = {
    m.Welcome: WebListener._welcome,
    m.Refused: WebListener._refused,
    m.TableList: WebListener._tables,
    m.TableState: WebListener._table,
    m.Snapshot: WebListener._snapshot,
    m.Events: WebListener._events,
    m.GameRefused: WebListener._game_refused,
    m.Notice: WebListener._notice,
    m.Chat: WebListener._chat,
    m.MatchBegins: WebListener._begins,
    m.MatchOver: WebListener._over,
    m.Left: WebListener._left,
    m.Goodbye: WebListener._goodbye,
    m.Pong: WebListener._pong,
    m.RaceClock: WebListener._race_clock,
    m.People: civil.people,
    m.Presence: civil.presence,
    m.Sanctioned: civil.sanctioned,
    m.ReportFiled: civil.report_filed,
    m.Done: civil.done,
    m.Reports: civil.reports,
    m.Audit: civil.audit,
}

__all__ = ["KINDS", "WebListener"]


#: what each room key does on a page (``core.room_keys``; the desktop's ``app.loop``)
ROOM_KEYS: dict[Room, Callable[[WebListener], None]] = {
    Room.HELP: lambda page: page._keys_help(),
    Room.HELP_BACK: lambda page: page._keys_help(back=True),
    Room.RULES: lambda page: page._rules(),
    Room.HISTORY_BACK: lambda page: page._read_history(up=True, to_end=False),
    Room.HISTORY_ON: lambda page: page._read_history(up=False, to_end=False),
    Room.HISTORY_FIRST: lambda page: page._read_history(up=True, to_end=True),
    Room.HISTORY_NEWEST: lambda page: page._read_history(up=False, to_end=True),
    Room.CUES_SOFTER: lambda page: page._step_cues(-VOLUME_STEP),
    Room.CUES_LOUDER: lambda page: page._step_cues(VOLUME_STEP),
    Room.CLOCK: lambda page: page._diagnostics(),
}
#: the room keys a page leaves to the browser, the screen reader or the game, and why
LEFT_TO_THE_CLIENT: dict[Room, str] = {
    Room.VIEW_BACK: "the page's history list is one view; Alt with the arrows is the game's",
    Room.VIEW_ON: "the page's history list is one view; Alt with the arrows is the game's",
    Room.SAVE: "a match online is kept by the server",
    Room.TEXT_LARGER: "the browser's own zoom (Control plus Plus) sizes the page",
    Room.TEXT_SMALLER: "the browser's own zoom sizes the page",
    Room.TEXT_NORMAL: "the browser's own zoom sizes the page",
    Room.VOICE_SOFTER: "the page speaks through the player's screen reader",
    Room.VOICE_LOUDER: "the page speaks through the player's screen reader",
}
