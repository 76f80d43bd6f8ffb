"""One table on the server: its seats, its master, its match, its log, its frames.

The table is built by job, one module each: its state and storage
(``table_storage``), what each seat is sent (``table_frames``), the match
(``table_match``), and here the seating: joining, leaving, dropping and coming
back, the master's commands, chat, and coming back after a restart.

A ``Table`` owns its engine through the contract (wrapped in ``LoggedEngine``)
and runs it with a ``TableSession`` on game time over the loop's real clock;
it keeps the seat-to-player map, and it turns each batch of events into one
frame per seat (the events that seat may know, and what changed in its view)
and one for the spectators (public events only). Nothing leaves the table
another way: every frame, every reply, every notice is queued in order on
the table's outbox, whose task first appends the batch's log entries to the
store and only then publishes the frames on the bus. The seat of an action is
the player's seat here, never anything a message says.

A table comes back after a restart from its record and its log (``restore``):
the engine replays the log from the seed, the bots take their saved states,
game time goes on from the last entry, and every human seat waits
``grace`` seconds for its player before a bot covers it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from audiogame.net.protocol import messages as m
from audiogame.net.protocol import option_words
from audiogame.net.protocol.chat_text import clean_chat
from audiogame.net.protocol.match_log import (
    ReplayError,
    replay,
)
from audiogame.net.protocol.names import alike
from audiogame.net.protocol.reasons import Reason
from audiogame.net.server.admission import admit, bar, dismiss, may_enter
from audiogame.net.server.store import (
    SavedTable,
)
from audiogame.net.server.table_match import TableMatch
from audiogame.net.server.table_storage import (
    BOT,
    EMPTY,
    HUMAN,
    SeatState,
    _cancel,
    _cancel_game,
)


class Table(TableMatch):
    def join(
        self,
        player: str,
        name: str,
        seat: int | None,
        spectator: bool,
        upto: int | None = None,
        match: int | None = None,
        code: str = "",
    ) -> Reason | None:
        """Sit (or watch); ``upto``/``match``: a returning spectator's last event count;
        ``code``: the invite code's key the player gave (a private table's key)."""
        if self.has(player):
            return Reason.ALREADY_AT_TABLE
        refused = may_enter(self, player, code)
        if refused is not None:
            return refused
        others = [s.name for s in self.seats if s.kind is HUMAN] + list(self.spectators.values())
        if any(alike(name, other) for other in others):
            return Reason.NAME_AT_TABLE
        if spectator or self.stage is not m.TableStage.WAITING:
            # joining a running table watches it (as at the Salotto)
            if not spectator and seat is not None:
                return Reason.STARTED
            self.spectators[player] = name
            admit(self.record, player)
            self._notice(m.NoticeKind.WATCHING, None, name)
            self._changed()  # kept with the table: a restart still knows them
            self._send_snapshot(player, None, upto=upto, match=match)
            self._tell_unstored(player)
            return None
        if seat is None:
            seat = next((i for i, s in enumerate(self.seats) if s.kind is EMPTY), None)
            if seat is None:
                return Reason.TABLE_FULL
        elif not 0 <= seat < len(self.seats):
            return Reason.NO_SUCH_SEAT
        elif self.seats[seat].kind is not EMPTY:
            return Reason.SEAT_TAKEN
        self.seats[seat] = SeatState(HUMAN, player=player, name=name, connected=True)
        admit(self.record, player)
        if not self.record.master:
            self.record.master = player
        self._notice(m.NoticeKind.JOINED, seat, name)
        self._changed()
        self._tell_unstored(player)
        return None

    def leave(self, player: str, kicked: bool = False, on_purpose: bool = True) -> None:
        """The player goes for good: a bot takes a playing seat, a waiting seat empties.
        ``on_purpose`` False: their connection went (a private table lets them back in);
        ``kicked``: sent away, they are barred from the table (``admission``)."""
        if kicked:
            bar(self.record, player)
        elif on_purpose:
            dismiss(self.record, player)
        if player in self.spectators:
            name = self.spectators.pop(player)
            self._notice(m.NoticeKind.LEFT, None, name)
            self._changed()
            self._after_kick(kicked)
            return
        seat = self.seat_of(player)
        if seat is None:
            if kicked:
                self._changed()  # the bar is kept with the table
            return
        state = self.seats[seat]
        _cancel(state.drop_timer)
        kind = m.NoticeKind.KICKED if kicked else m.NoticeKind.LEFT
        if self.stage is m.TableStage.PLAYING and self.match is not None:
            level = state.level or self._cover_level()
            self.seats[seat] = SeatState(BOT, name="", level=level)
            self._seat_bot(seat)
            self._notice(kind, seat, state.name)
            self._notice(m.NoticeKind.COVERED, seat, state.name)
        else:
            self.seats[seat] = SeatState()
            self._notice(kind, seat, state.name)
        if self.record.master == player:
            self._pass_master()
        self._changed()
        self._after_kick(kicked)

    def _after_kick(self, kicked: bool) -> None:
        """A private table that sent someone away changes its code (a guest may come back
        as a new guest, and the old code may have been passed on): the players still
        there get the new one in the table's state, and hear that it changed."""
        if not kicked or not self.record.private or self.closed or self.recode is None:
            return
        self.recode(self)
        self._changed()
        self._notice(m.NoticeKind.NEW_CODE)

    def dropped(self, player: str) -> None:
        """The player's connection went quiet: announced now, covered after the grace."""
        seat = self.seat_of(player)
        if seat is None:
            if player in self.spectators:
                self.leave(player, on_purpose=False)
            return
        state = self.seats[seat]
        if not state.connected:
            return
        state.connected = False
        _cancel(state.drop_timer)
        state.drop_timer = self.loop.call_later(self.options.grace, self._grace_over, player)
        self._notice(m.NoticeKind.DROPPED, seat, state.name)
        self._send_state()

    def returned(self, player: str, upto: int | None, match: int | None) -> bool:
        """The player is back on a new connection: their seat, their view, what they missed."""
        seat = self.seat_of(player)
        if seat is None:
            return False
        state = self.seats[seat]
        _cancel(state.drop_timer)
        state.drop_timer = None
        state.connected = True
        self._notice(self._reseat(seat), seat, state.name)
        if player in self.restored_for:
            self.restored_for.discard(player)
            self._post(m.Notice(what=m.NoticeKind.RESTORED), players=frozenset({player}))
        self._changed()
        self._send_snapshot(player, seat, upto=upto, match=match)
        return True

    def _reseat(self, seat: int) -> m.NoticeKind:
        """A returning player takes their seat back from the bot; what the table hears."""
        self._uncover(seat)
        return m.NoticeKind.BACK

    def _uncover(self, seat: int) -> None:
        state = self.seats[seat]
        if not state.covered:
            return
        state.covered = False
        state.bot = None
        if self.match is not None:
            self.match.session.set_bot(seat, None)
            self.match.bot_saved.pop(seat, None)

    def _grace_over(self, player: str) -> None:
        seat = self.seat_of(player)
        if seat is None or self.closed:
            return
        state = self.seats[seat]
        state.drop_timer = None
        if state.connected:
            return
        if self.stage is m.TableStage.PLAYING and self.match is not None:
            if self.spec.make_bot is None:
                return  # no bot to cover with: the seat waits for its player
            state.covered = True
            state.level = state.level or self._cover_level()
            self._seat_bot(seat)
            self._notice(m.NoticeKind.COVERED, seat, state.name)
            self._changed()
        else:
            self.leave(player, on_purpose=False)

    def _pass_master(self) -> None:
        humans = [s for s in self.seats if s.kind is HUMAN]
        humans.sort(key=lambda s: not s.connected)
        self.record.master = humans[0].player if humans else ""
        if humans:
            self._notice(m.NoticeKind.MASTER, self.seat_of(humans[0].player), humans[0].name)
        elif not self.spectators or self.stage is not m.TableStage.PLAYING:
            self.close()

    def set_bot(self, player: str, seat: int, level: str | None) -> Reason | None:
        problem = self._master_waiting(player)
        if problem is not None:
            return problem
        if not 0 <= seat < len(self.seats):
            return Reason.NO_SUCH_SEAT
        state = self.seats[seat]
        if level is None:
            if state.kind is not BOT:
                return Reason.NO_SUCH_SEAT
            self.seats[seat] = SeatState()
            self._notice(m.NoticeKind.BOT_REMOVED, seat)
        else:
            if level not in self.spec.bot_levels or self.spec.make_bot is None:
                return Reason.NO_SUCH_LEVEL
            if state.kind is HUMAN:
                return Reason.SEAT_TAKEN
            self.seats[seat] = SeatState(BOT, level=level)
            self._notice(m.NoticeKind.BOT_ADDED, seat)
        self._changed()
        return None

    def set_options(self, player: str, config: dict[str, Any], seats: int) -> Reason | None:
        problem = self._master_waiting(player)
        if problem is not None:
            return problem
        if any(s.kind is HUMAN for s in self.seats[seats:]):
            return Reason.SEAT_TAKEN
        self.record.config = config
        self.seats = self.seats[:seats] + [SeatState() for _ in range(seats - len(self.seats))]
        self._notice(m.NoticeKind.OPTIONS)
        self._changed()
        return None

    def set_seat_option(
        self, player: str, option_id: str, value: Any
    ) -> Reason | m.OptionProblem | None:
        """The player's own value of a per-seat option of the game (``OptionSpec``: the
        table knows no game), while no match is under way; kept with the seat."""
        seat = self.seat_of(player)
        if seat is None:
            return Reason.NOT_SEATED
        option = next((o for o in self.spec.options if o.id == option_id and o.per_seat), None)
        if option is None:
            return Reason.BAD_OPTIONS
        if not option.offers(value):
            return m.OptionProblem(self.spec.id, option_words.NOT_OFFERED, option=option.id)
        if self.stage is m.TableStage.PLAYING:
            return Reason.STARTED
        self.seats[seat].options[option.id] = value
        self._changed()  # the state first: the notice is said from it
        self._notice(m.NoticeKind.SEAT_OPTION, seat, self.seats[seat].name)
        return None

    def set_private(self, player: str, private: bool) -> Reason | None:
        if self.record.master != player:
            return Reason.NOT_MASTER
        self.record.private = private
        self._notice(m.NoticeKind.PRIVATE if private else m.NoticeKind.PUBLIC)
        self._changed()
        return None

    def hand_over(self, player: str, seat: int) -> Reason | None:
        if self.record.master != player:
            return Reason.NOT_MASTER
        if not 0 <= seat < len(self.seats) or self.seats[seat].kind is not HUMAN:
            return Reason.NO_SUCH_SEAT
        self.record.master = self.seats[seat].player
        self._notice(m.NoticeKind.MASTER, seat, self.seats[seat].name)
        self._changed()
        return None

    def kick(self, player: str, seat: int) -> tuple[Reason | None, str]:
        """The kicked player's id (the lobby closes their place at the table)."""
        if self.record.master != player:
            return Reason.NOT_MASTER, ""
        if not 0 <= seat < len(self.seats) or self.seats[seat].kind is not HUMAN:
            return Reason.NO_SUCH_SEAT, ""
        target = self.seats[seat].player
        if target == player:
            return Reason.NO_SUCH_SEAT, ""
        self.leave(target, kicked=True)
        self._post(m.Left(reason=Reason.KICKED.value), players=frozenset({target}))

        async def gone() -> None:
            self.on_left(self, target)

        self._queue(gone)
        return None, target

    def pause(self, player: str, paused: bool) -> Reason | None:
        if self.record.master != player:
            return Reason.NOT_MASTER
        self.record.paused = paused
        self._notice(m.NoticeKind.PAUSED if paused else m.NoticeKind.UNPAUSED)
        self._changed()
        if self.match is not None:
            if paused:
                _cancel_game(self.match.table_call)
                self.match.table_call = None
            else:
                self._plan_table_action(first=False)
        return None

    def say(
        self, player: str, text: str, to: int | None, skip: Sequence[str] = ()
    ) -> Reason | None:
        """A line to the table, or (``to``) to one seat; a line to the table never
        reaches the players in ``skip`` (those who blocked the writer)."""
        clean = clean_chat(text)
        if not clean:
            return Reason.CHAT_EMPTY
        name = self.name_of(player)
        seat = self.seat_of(player)
        if to is None:
            self._post(m.Chat(name=name, text=clean, seat=seat), players=self._all_but(skip))
            return None
        if not 0 <= to < len(self.seats) or self.seats[to].kind is not HUMAN:
            return Reason.NO_SUCH_PLAYER
        target = self.seats[to].player
        self._post(
            m.Chat(name=name, text=clean, seat=seat, private=True, to=to),
            players=frozenset({player, target}),
        )
        return None

    def _all_but(self, skip: Sequence[str]) -> frozenset[str] | None:
        """Everyone at the table (seated or watching) but ``skip`` (None: nobody skipped,
        so a post for the whole table)."""
        if not skip:
            return None
        here = {s.player for s in self.seats if s.kind is HUMAN and s.player}
        return frozenset((here | set(self.spectators)) - set(skip))

    def _master_waiting(self, player: str) -> Reason | None:
        if self.record.master != player:
            return Reason.NOT_MASTER
        if self.stage is m.TableStage.PLAYING:
            return Reason.STARTED
        return None

    def restore(self, saved: SavedTable) -> None:
        """Bring the match back from its log; every player is away until they return."""
        record = self.record.match
        if self.stage is m.TableStage.PLAYING and record is not None:
            replayed = replay(
                self.spec, self.codec, record.config, record.seed, record.start, saved.log
            )
            self._run(record, replayed.engine, replayed.events, saved.bots, replayed.clock)
            assert self.match is not None
            self.match.log = list(saved.log)
            self.match.engine.next_n = len(saved.log)
        for seat in self.seats:
            if seat.kind is HUMAN:
                seat.connected = True  # so that dropped() starts the grace
                self.dropped(seat.player)
                self.restored_for.add(seat.player)
        if self.match is not None:
            self.match.session.start()
            self._plan_table_action(first=not self.match.history)


__all__ = ["ReplayError", "SeatState", "Table"]
