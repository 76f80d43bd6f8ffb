"""A server table's match: starting it, playing actions, bots, the next round, the end.

The engine runs through the contract, wrapped in ``LoggedEngine``, with a
``TableSession`` on game time over the loop's real clock. The seat of an
action is the player's seat here, never anything a message says. A match that
ends is kept in the store with its outcome (then rated).
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Mapping, Sequence
from typing import Any

from audiogame.core.gametime import GameScheduler
from audiogame.core.session import TableSession
from audiogame.net.protocol import messages as m
from audiogame.net.protocol.game_codec import CodecError
from audiogame.net.protocol.match_log import (
    LogEntry,
    LoggedEngine,
    engine_seed,
    new_seed,
    seed_hash,
)
from audiogame.net.protocol.reasons import Reason
from audiogame.net.server.loop_clock import LoopScheduler
from audiogame.net.server.store import (
    MatchRecord,
)
from audiogame.net.server.table_frames import TableFrames
from audiogame.net.server.table_storage import (
    BOT,
    EMPTY,
    HUMAN,
    _cancel_game,
    _Match,
    _Write,
    log,
)


class TableMatch(TableFrames):
    def start(self, player: str) -> Reason | None:
        if self.record.master != player:
            return Reason.NOT_MASTER
        if self.stage is m.TableStage.PLAYING:
            return Reason.STARTED
        if any(s.kind is EMPTY for s in self.seats):
            return Reason.SEATS_EMPTY
        assert self.spec.new_engine is not None
        seed = new_seed()
        number = self.record.matches_played + 1
        record = MatchRecord(number, seed, seed_hash(seed), self._match_config(), 0.0)
        record.players = [s.player if s.kind is HUMAN else "" for s in self.seats]
        record.levels = [s.level if s.kind is BOT else "" for s in self.seats]
        try:
            engine = self.spec.new_engine(record.config, engine_seed(seed), record.start)
        except (ValueError, TypeError, KeyError):
            return Reason.BAD_OPTIONS
        self.record.match = record
        self.record.matches_played = number
        self.stage = m.TableStage.PLAYING
        self._post(m.MatchBegins(seed_hash=record.seed_hash, config=record.config))
        self._notice(m.NoticeKind.STARTED)
        self._run(record, engine, [], {}, record.start)
        self._changed()
        for index, seat in enumerate(self.seats):
            if seat.kind is HUMAN and seat.connected:
                self._send_snapshot(seat.player, index, upto=0, match=number)
        if self.spectators:
            for spectator in self.spectators:
                self._send_snapshot(spectator, None, upto=0, match=number)
        assert self.match is not None
        self.match.session.start()
        self._plan_table_action(first=True)
        return None

    def _match_config(self) -> dict[str, Any]:
        """The table's options, and each per-seat option's values as the seats have them
        now (by the option's field, one per seat): fixed for the whole match."""
        config = dict(self.record.config)
        seats = self.seat_options()
        for option in self.spec.options:
            if option.per_seat:
                config[option.field] = [values[option.id] for values in seats]
        return config

    def act(
        self,
        player: str,
        data: Any,
        ref: int,
        at: float | None = None,
        arrived: float | None = None,
    ) -> Reason | None:
        """A seated player's action, applied now (``at``, the press time a real-time
        game's client sends, and ``arrived``, when its frame was read, mean nothing to a
        turn-based table)."""
        taken = self._action_of(player, data)
        if isinstance(taken, Reason):
            return taken
        seat, match, action = taken
        self._play(match, seat, player, action, ref)
        return None

    def _action_of(self, player: str, data: Any) -> tuple[int, _Match, Any] | Reason:
        """The seat, the match and the decoded action of a player's ``Act``, or why not."""
        seat = self.seat_of(player)
        if seat is None:
            return Reason.NOT_SEATED
        match = self.match
        if match is None or self.stage is not m.TableStage.PLAYING:
            return Reason.NOT_STARTED
        try:
            return seat, match, self.codec.decode_action(data)
        except CodecError:
            return Reason.BAD_ACTION

    def _play(
        self, match: _Match, seat: int, player: str, action: Any, ref: int, at: float | None = None
    ) -> None:
        """Apply ``action`` for ``seat`` (at game time ``at``, or now); a refusal goes
        back to its player only."""
        result = match.session.apply(seat, action, at=at)
        self._flush_pending()
        if result.refusal is not None:
            self._post(
                m.GameRefused(ref=ref, refusal=str(result.refusal.value)),
                players=frozenset({player}),
            )

    def _run(
        self,
        record: MatchRecord,
        engine: Any,
        history: list[Any],
        bot_states: Mapping[int, Mapping[str, Any]],
        clock: float,
        log: list[LogEntry] | None = None,
    ) -> None:
        base = LoopScheduler(self.loop, on_error=self._failed)
        scheduler = self._scheduler(base, clock)
        logged = LoggedEngine(engine, self.codec, next_n=len(log or ()))
        session = self._session(logged, scheduler, base)
        self.match = _Match(record, logged, session, scheduler, history=history, log=log or [])
        for index, seat in enumerate(self.seats):
            if seat.kind is BOT or seat.covered:
                seat.level = seat.level or self._cover_level()
                self._seat_bot(index, bot_states.get(index))

    def _scheduler(self, base: LoopScheduler, clock: float) -> GameScheduler:
        """Game time for a match that stands at game time ``clock`` now."""
        return GameScheduler(base, offset=base.clock.now() - clock, start=clock)

    def _session(
        self, engine: LoggedEngine, scheduler: GameScheduler, base: LoopScheduler
    ) -> TableSession:
        return TableSession(engine, scheduler, listener=self._on_batch, idle=base.idle)

    def _seat_bot(self, seat: int, state: Mapping[str, Any] | None = None) -> None:
        match = self.match
        if match is None or self.spec.make_bot is None:
            return
        match.bot_count += 1
        level = self.seats[seat].level or self._cover_level()
        key = f"{match.record.seed}/bot/{seat}/{match.bot_count}"
        bot = self.spec.make_bot(
            seat, level, int(hashlib.sha256(key.encode()).hexdigest()[:15], 16)
        )
        if state is not None:
            bot.restore(state)
            match.bot_saved[seat] = dict(state)
        self.seats[seat].bot = bot
        match.session.set_bot(seat, bot)

    def _cover_level(self) -> str:
        levels = self.spec.bot_levels
        return levels[(len(levels) - 1) // 2] if levels else ""  # the middle (lower) level

    def _on_batch(self, events: Sequence[Any]) -> None:
        match = self.match
        if match is None:
            return
        match.history.extend(events)
        upto = len(match.history)
        entries = match.engine.take()
        match.log.extend(entries)
        bots = self._changed_bots(match)
        if entries or bots:
            self._queue(_Write(entries, bots))
        for post in self._frames(match, events, upto):
            self._queue(post)
        if match.engine.is_over:
            self._finish(match)
        else:
            self._plan_table_action(first=False)

    def _flush_pending(self) -> None:
        match = self.match
        if match is not None and match.engine.pending:
            entries = match.engine.take()
            match.log.extend(entries)
            self._queue(_Write(entries, self._changed_bots(match)))

    def _changed_bots(self, match: _Match) -> dict[int, dict[str, Any]]:
        changed = {}
        for index, seat in enumerate(self.seats):
            if seat.bot is not None and (seat.kind is BOT or seat.covered):
                state = seat.bot.state()
                if state != match.bot_saved.get(index):
                    match.bot_saved[index] = state
                    changed[index] = state
        return changed

    def _plan_table_action(self, first: bool) -> None:
        """Deal the next round when the game waits for the table: at once for the
        first, after ``between_rounds`` for the others, never while paused."""
        match = self.match
        if match is None or match.engine.is_over or self.record.paused:
            return
        now = match.scheduler.clock.now()
        if not match.engine.legal_actions(None, now):
            return
        if match.table_call is not None and not match.table_call.cancelled:
            return
        delay = 0.0 if first else self.options.between_rounds
        match.table_call = match.scheduler.call_later(delay, self._table_act)

    def _table_act(self) -> None:
        match = self.match
        if match is None or self.closed:
            return
        match.table_call = None
        actions = match.engine.legal_actions(None, match.scheduler.clock.now())
        if actions:
            match.session.apply(None, actions[0])
            self._flush_pending()

    def _finish(self, match: _Match) -> None:
        match.session.stop()
        _cancel_game(match.table_call)
        record = match.record
        outcome = match.engine.outcome
        over = m.MatchOver(
            seed=record.seed,
            seed_hash=record.seed_hash,
            game=self.spec.id,
            config=record.config,
            start=record.start,
            log=[[e.at, e.seat, e.action] for e in match.log],
        )
        match.over = over
        self._post(over)
        # a copy: the table's own record forgets the match below, before ``keep`` runs
        table_record = dataclasses.replace(self.record, match=record)
        outcome_data = {
            "winners": [] if outcome is None else list(outcome.winners),
            "ranks": [] if outcome is None else list(outcome.ranks),
            "sides": [] if outcome is None else list(outcome.sides),
            "names": self.names(),
        }
        finished = list(match.log)
        on_finished = self.on_finished

        async def keep() -> None:
            await self.store.finish_match(table_record, finished, outcome_data)
            if on_finished is not None and outcome is not None:
                try:
                    await on_finished(self, record, outcome)
                except Exception:  # ratings failing never stops the table
                    log.exception("table %s: rating the match failed", self.id)

        self._queue(keep)
        self.stage = m.TableStage.OVER
        for seat in self.seats:
            if seat.covered:  # a player who never came back: the seat is the bot's now
                seat.kind, seat.player, seat.name, seat.covered = BOT, "", "", False
        self.record.match = None
        self._changed()

    def _failed(self, exc: BaseException) -> None:
        log.error("table %s failed", self.id, exc_info=exc)
        self._post(m.Left(reason=Reason.TABLE_BROKEN.value))
        self.close()
