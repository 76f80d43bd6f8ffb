"""What each seat of a server table is sent: the table's state, snapshots, events.

Each batch of events becomes one frame per seated, connected player (the
events that seat may know, and what changed in its view) and one for the
spectators (public events only); a player arriving or coming back gets a
snapshot (the view, and what they missed, bounded by ``max_away``).
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Sequence
from typing import Any

from audiogame.core.contract import visible_to
from audiogame.core.narration import Message
from audiogame.net.protocol import messages as m
from audiogame.net.server.bus import Post
from audiogame.net.server.table_storage import (
    EMPTY,
    HUMAN,
    TableStorage,
    _Match,
)


class TableFrames(TableStorage):
    def info(self) -> m.TableInfo:
        master = self.master_seat
        match = self.record.match
        return m.TableInfo(
            id=self.id,
            code=self.record.code,
            game=self.spec.id,
            config=self.record.config,
            private=self.record.private,
            stage=self.stage,
            master=master,
            master_name=self.name_of(self.record.master),
            seats=[s.wire(o) for s, o in zip(self.seats, self.seat_options(), strict=True)],
            spectators=len(self.spectators),
            paused=self.record.paused,
            seed_hash="" if match is None else match.seed_hash,
            bot_levels=list(self.spec.bot_levels),
            match=self.record.matches_played,
            between_rounds=self.options.between_rounds,
        )

    def peek(self) -> m.TablePeek:
        """The table seen from outside: what a spectator would see, without joining."""
        match = self.match
        view = None
        if match is not None and self.stage is m.TableStage.PLAYING:
            view = self.codec.encode_view(match.engine.observation(None))
        return m.TablePeek(table=self.info(), view=view)

    def summary(self) -> m.TableSummary:
        return m.TableSummary(
            id=self.id,
            game=self.spec.id,
            seats=len(self.seats),
            seated=sum(1 for s in self.seats if s.kind is not EMPTY),
            spectators=len(self.spectators),
            stage=self.stage,
            master=self.name_of(self.record.master),
        )

    def narrate_for(self, seat: int | None, events: Sequence[Any]) -> list[Message]:
        """What the listener at ``seat`` hears of ``events`` (a batch), narrated here:
        for clients that do not narrate themselves (the web page of issue 18)."""
        if self.spec.narrate is None or self.match is None:
            return []
        heard = [e for e in events if visible_to(e, seat)]
        view = self.match.engine.observation(seat)
        return self.spec.narrate(heard, view, self.names())

    def _changed(self) -> None:
        """Seating or options changed: keep the record, tell everyone."""
        record = self.record
        record.seats = [s.record() for s in self.seats]
        record.stage = self.stage.value
        snapshot = dataclasses.replace(
            record,
            seats=list(record.seats),
            admitted=list(record.admitted),
            barred=list(record.barred),
        )

        async def save() -> None:
            if not self.closed:
                try:
                    await self.store.save_table(snapshot)
                except asyncio.CancelledError:
                    raise
                except Exception:
                    self._stored(False)
                    raise
                self._stored(True)

        self._queue(save)
        self._send_state()

    def _send_state(self) -> None:
        """Everyone's view of the table (their own seat in it) after a change."""
        info = self.info()
        for index, seat in enumerate(self.seats):
            if seat.kind is HUMAN:
                self._post(m.TableState(table=info, you=index), players=frozenset({seat.player}))
        if self.spectators:
            self._post(m.TableState(table=info, you=None), players=frozenset(self.spectators))

    def send_state_to(self, player: str) -> None:
        self._post(
            m.TableState(table=self.info(), you=self.seat_of(player)),
            players=frozenset({player}),
        )

    def _send_snapshot(
        self, player: str, seat: int | None, upto: int | None, match: int | None
    ) -> None:
        current = self.match
        self.send_state_to(player)
        if current is None:
            return
        history = current.history
        others = [p for p in self.spectators if p != player]
        if seat is None and others and None in current.views:
            # the spectators share one view: a newcomer starts from the one they have
            view, now = current.views[None], current.views_upto[None]
        else:
            view, now = current.engine.observation(seat), len(history)
            current.views[seat] = view
            current.views_upto[seat] = now
        since = upto if match == current.record.number and upto is not None else 0
        since = max(0, min(since, now), now - self.options.max_away)
        away = [self.codec.encode_event(e) for e in history[since:now] if visible_to(e, seat)]
        ahead = self._ahead(current, seat, view)
        snapshot = m.Snapshot(
            view=self.codec.encode_view(view),
            upto=now,
            away=away,
            ahead=ahead,
            now=current.scheduler.clock.now(),
        )
        self._post(snapshot, players=frozenset({player}))
        if current.over is not None:  # back (or new) after the end: the end, as the others had it
            self._post(current.over, players=frozenset({player}))

    def _frames(self, match: _Match, events: Sequence[Any], upto: int) -> list[Post]:
        encoded: dict[int, Any] = {}

        def enc(event: Any) -> Any:
            key = id(event)
            found = encoded.get(key)
            if found is None:
                found = encoded[key] = self.codec.encode_event(event)
            return found

        posts = []
        for index, seat in enumerate(self.seats):
            if seat.kind is not HUMAN or not seat.connected:
                continue
            heard = [enc(e) for e in events if visible_to(e, index)]
            if heard:
                frame = self._events_frame(match, index, heard, upto)
                posts.append(Post(self.id, frame, frozenset({index}), spectators=False))
        if self.spectators:
            heard = [enc(e) for e in events if visible_to(e, None)]
            if heard:
                frame = self._events_frame(match, None, heard, upto)
                posts.append(Post(self.id, frame, frozenset(), spectators=True))
        return posts

    def _events_frame(self, match: _Match, seat: int | None, heard: list[Any], upto: int) -> bytes:
        view = match.engine.observation(seat)
        old = match.views.get(seat)
        patch = self.codec.full_patch(view) if old is None else self.codec.view_patch(old, view)
        match.views[seat] = view
        match.views_upto[seat] = upto
        ahead = self._ahead(match, seat, view)
        return m.encode(
            m.Events(
                events=heard, view=patch, upto=upto, ahead=ahead, now=match.scheduler.clock.now()
            )
        )

    def _ahead(self, match: _Match, seat: int | None, view: Any) -> list[Any] | None:
        """A real-time game's happenings ahead for ``seat`` (``race_table``); none here."""
        return None
